"""The rule-coverage report (rulings/rule_coverage.py): what counts as a test exercising a rule,
the reasons file, and the figures `adjudicator rules coverage GAME` prints."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings.rule_coverage import CoverageDataError, Reason, coverage, load_reasons, report_lines, scan_tests

SAMPLE = '''
"""A module docstring naming buffy.fight.tie does not count."""
RULE = "buffy.challenge.failed"


def _refused(answer, rule="buffy.uniqueness"):
    assert rule in answer


def test_asserts_an_id():
    """Only mentions buffy.victory.park in its docstring."""
    assert "buffy.fight.winner-destiny" in ["buffy.fight.winner-destiny"]


def test_through_a_helper_and_a_constant():
    _refused(["buffy.uniqueness"])
    assert RULE


def test_a_catalog_link_is_not_evidence(client):
    assert client.get("/rules/buffy.day-night")


def test_an_unknown_id_is_ignored():
    assert "buffy.no-such-rule"
'''


def _tests_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "tests" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "test_sample.py").write_text(textwrap.dedent(SAMPLE))
    return tmp_path / "tests"


def test_ids_quoted_in_a_tests_code_count_and_docstrings_do_not(tmp_path):
    found = scan_tests(_tests_dir(tmp_path))
    assert found["buffy.fight.winner-destiny"] == ["tests/scenarios/test_sample.py::test_asserts_an_id"]
    assert found["buffy.uniqueness"] == ["tests/scenarios/test_sample.py::test_through_a_helper_and_a_constant"]
    assert found["buffy.challenge.failed"] == ["tests/scenarios/test_sample.py::test_through_a_helper_and_a_constant"]
    for absent in ("buffy.fight.tie", "buffy.victory.park", "buffy.day-night", "buffy.no-such-rule"):
        assert absent not in found


def test_the_report_splits_tested_reasons_and_gaps(tmp_path):
    reasons = {"buffy.fight.tie": Reason("definition", "a test reason"),
               "buffy.victory.park": Reason("judge", "another"),
               "buffy.uniqueness": Reason("judge", "overridden by its test")}
    report = coverage("buffy", _tests_dir(tmp_path), reasons)
    status = {r.id: r.status for r in report.rules}
    assert status["buffy.uniqueness"] == "tested" and status["buffy.fight.tie"] == "definition"
    assert status["buffy.victory.park"] == "judge" and status["buffy.day-night"] == "gap"
    assert report.behavioural == len(report.rules) - 1
    assert report.share == pytest.approx(3 / report.behavioural)
    assert report.share_enforceable == pytest.approx(3 / (report.behavioural - 1))
    assert report_lines(report)[0].startswith(f"buffy: {len(report.rules)} rule ids")


def test_the_packaged_reasons_name_catalogued_ids_with_words():
    reasons = load_reasons()
    assert reasons and all(r.kind in ("definition", "not-enforceable", "judge") and r.why for r in reasons.values())


def test_a_reason_for_an_unknown_id_is_refused(tmp_path):
    bad = tmp_path / "reasons.yaml"
    bad.write_text("reasons:\n  judge:\n    buffy.no-such-rule: because\n")
    with pytest.raises(CoverageDataError, match="not in the rule catalog"):
        load_reasons(bad)


def test_the_command_prints_the_summary_and_every_id(tmp_path):
    from api.cli import main

    tests = _tests_dir(tmp_path)
    out = CliRunner().invoke(main, ["rules", "coverage", "buffy", "--tests", str(tests)])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("buffy: ") and "% of behavioural ids" in lines[0]
    assert any(line.startswith("buffy.uniqueness [tested]") for line in lines)
    missing = CliRunner().invoke(main, ["rules", "coverage", "buffy", "--tests", str(tmp_path / "nowhere")])
    assert missing.exit_code == 1 and "no test sources" in missing.output
