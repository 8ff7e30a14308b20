"""The rule catalog from the terminal: ``adjudicator rules coverage GAME``."""
from __future__ import annotations

import json
from pathlib import Path

import click

from api.terminal.common import refuse


@click.group()
def rules() -> None:
    """The rule catalog: which rule ids the tests exercise."""


@rules.command("coverage")
@click.argument("game", type=click.Choice(["buffy", "spoils", "wowmini"]))
@click.option("--tests", "tests_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="the test sources to scan (default: tests/ of the source checkout)")
@click.option("--summary", is_flag=True, help="print only the summary line")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
def rules_coverage(game: str, tests_dir: Path | None, summary: bool, as_json: bool) -> None:
    """For each rule id of GAME's catalog, the tests that quote it in what they check, or why it
    is not tested (definition only, not enforceable by a service, left to the judge); and the share
    of behavioural rule ids tested (rulings/rule_coverage.py, reasons in rulings/data/rule_coverage.yaml)."""
    from rulings.rule_coverage import TESTS_DIR, CoverageDataError, coverage, report_lines

    where = tests_dir or TESTS_DIR
    if not where.is_dir():
        refuse(f"no test sources at {where}: run from a source checkout or give --tests DIR")
    try:
        report = coverage(game, where)
    except (CoverageDataError, SyntaxError, OSError) as exc:
        refuse(str(exc))
    if as_json:
        click.echo(json.dumps(report.to_dict(), indent=2))
        return
    click.echo("\n".join(report_lines(report, verbose=not summary)))
