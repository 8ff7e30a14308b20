"""Which rule ids of a game's catalog the tests exercise, and why the others are not tested.

A test exercises a rule when its code quotes the rule's id outside its docstring: in an assertion,
in the arguments of a helper that asserts a refusal (``t.refuse(..., "buffy.uniqueness")``), in its
``parametrize`` decorator, or in a constant or helper function of the same module that the test
uses (followed through the module's own names).  A docstring that only mentions an id is not
evidence, nor is a link to the catalog (``"/rules/<id>"``): the scan looks for rules an answer is
checked against.  The scan reads the sources with :mod:`ast`; it runs nothing.

The ids no test quotes carry a reason in ``rulings/data/rule_coverage.yaml``, one of:

- ``definition``: the id defines a term, names a section or holds a heading; it describes no
  behaviour to check (not counted among behavioural ids);
- ``not-enforceable``: the behaviour happens away from what the service is told (shuffling,
  sleeving, building a deck from a binder, the physical table) and no action can show it;
- ``judge``: the behaviour is real but the engine leaves it to the judge (recorded play, ``record``
  mode, rulings), so no test can check an answer.

A behavioural id without a test and without a reason is a gap, listed as such.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

import yaml

from rulings.catalog import GAMES, RuleCatalog, catalog

REASONS_FILE = Path(__file__).resolve().parent / "data" / "rule_coverage.yaml"
TESTS_DIR = Path(__file__).resolve().parents[1] / "tests"
KINDS = ("definition", "not-enforceable", "judge")
_ID = re.compile(r"\b(?:buffy|spoils|wowmini)\.[A-Za-z0-9][A-Za-z0-9.\-]*")


class CoverageDataError(ValueError):
    """The reasons file is malformed or names an id the catalog does not hold."""


@dataclass(frozen=True)
class Reason:
    kind: str
    why: str


@dataclass
class RuleStatus:
    id: str
    title: str
    tests: list[str] = field(default_factory=list)
    reason: Reason | None = None

    @property
    def status(self) -> str:
        if self.tests:
            return "tested"
        return self.reason.kind if self.reason else "gap"

    @property
    def behavioural(self) -> bool:
        return self.status != "definition"


@dataclass
class CoverageReport:
    game: str
    rules: list[RuleStatus]

    def count(self, status: str) -> int:
        return sum(1 for r in self.rules if r.status == status)

    @property
    def behavioural(self) -> int:
        return sum(1 for r in self.rules if r.behavioural)

    @property
    def share(self) -> float:
        """Tested behavioural ids over all behavioural ids (those left to the judge or beyond a
        service's reach included)."""
        return self.count("tested") / self.behavioural if self.behavioural else 1.0

    @property
    def share_enforceable(self) -> float:
        """Tested ids over the behavioural ids a service could check (judge and not-enforceable out)."""
        checkable = self.count("tested") + self.count("gap")
        return self.count("tested") / checkable if checkable else 1.0

    def to_dict(self) -> dict:
        return {
            "game": self.game, "total": len(self.rules), "behavioural": self.behavioural,
            "counts": {s: self.count(s) for s in ("tested", *KINDS, "gap")},
            "share_behavioural_tested": round(self.share, 4),
            "share_enforceable_tested": round(self.share_enforceable, 4),
            "rules": [{"id": r.id, "status": r.status, "tests": r.tests,
                       "reason": r.reason.why if r.reason and not r.tests else None} for r in self.rules],
        }


# ------------------------------------------------------------------------------ the scan

def _ids_in(text: str, known: RuleCatalog) -> set[str]:
    if text.startswith("/rules/"):
        return set()  # a link to the catalog, not an answer checked against the rule
    return {m.rstrip(".-") for m in _ID.findall(text) if m.rstrip(".-") in known}


def _strings(nodes: Iterable[ast.AST]) -> Iterator[str]:
    for node in nodes:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                yield sub.value


def _body(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The function's statements without its docstring, and its decorators."""
    stmts = list(fn.body)
    if stmts and isinstance(stmts[0], ast.Expr) and isinstance(getattr(stmts[0], "value", None), ast.Constant) \
            and isinstance(stmts[0].value.value, str):
        stmts = stmts[1:]
    return [*stmts, *fn.decorator_list]


def _names(nodes: Iterable[ast.AST]) -> set[str]:
    return {n.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Name)}


def _module_parts(tree: ast.Module) -> tuple[dict[str, list[ast.AST]], list[tuple[str, list[ast.AST]]]]:
    """The module's own names (helpers and constants, with their code) and its tests."""
    names: dict[str, list[ast.AST]] = {}
    tests: list[tuple[str, list[ast.AST]]] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            tests.append((node.name, _body(node)))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = _body(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"):
                    tests.append((f"{node.name}::{item.name}", _body(item) + list(node.decorator_list)))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and node.value is not None:
                    names[target.id] = [node.value]
    return names, tests


def _reached(start: list[ast.AST], names: dict[str, list[ast.AST]]) -> list[ast.AST]:
    """``start`` and the code of every module name it uses, followed transitively."""
    seen: set[str] = set()
    todo = [n for n in _names(start) if n in names]
    nodes = list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        nodes.extend(names[name])
        todo.extend(n for n in _names(names[name]) if n in names and n not in seen)
    return nodes


def scan_tests(tests_dir: Path = TESTS_DIR, known: RuleCatalog | None = None) -> dict[str, list[str]]:
    """Rule id -> the tests (``path::name``, path relative to the tests' parent) that quote it.

    Raises OSError when ``tests_dir`` cannot be read, SyntaxError naming a test file that does not parse.
    """
    known = known or catalog()
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names, tests = _module_parts(tree)
        where = path.relative_to(tests_dir.parent).as_posix()
        for test, body in tests:
            ids: set[str] = set()
            for text in _strings(_reached(body, names)):
                ids |= _ids_in(text, known)
            for rule_id in ids:
                found.setdefault(rule_id, []).append(f"{where}::{test}")
    return found


# ------------------------------------------------------------------------------ the reasons

@lru_cache(maxsize=4)
def load_reasons(path: Path = REASONS_FILE) -> dict[str, Reason]:
    """The reasons for the ids no test exercises.  Raises CoverageDataError naming the entry."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    known = catalog()
    reasons: dict[str, Reason] = {}
    for kind, entries in (raw.get("reasons") or {}).items():
        if kind not in KINDS:
            raise CoverageDataError(f"{path.name}: unknown kind {kind!r} (expected {', '.join(KINDS)})")
        for rule_id, why in (entries or {}).items():
            if rule_id not in known:
                raise CoverageDataError(f"{path.name}: {rule_id!r} is not in the rule catalog")
            if not isinstance(why, str) or not why.strip():
                raise CoverageDataError(f"{path.name}: {rule_id}: the reason needs words")
            if rule_id in reasons:
                raise CoverageDataError(f"{path.name}: {rule_id} has two reasons")
            reasons[rule_id] = Reason(kind, " ".join(why.split()))
    return reasons


def coverage(game: str, tests_dir: Path = TESTS_DIR, reasons: dict[str, Reason] | None = None) -> CoverageReport:
    """The report for ``game`` (one of ``GAMES``).  Raises ValueError for another game."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    known = catalog()
    tested = scan_tests(tests_dir, known)
    reasons = load_reasons() if reasons is None else reasons
    rules = [RuleStatus(r.id, r.title, sorted(tested.get(r.id, [])), reasons.get(r.id))
             for r in known.all() if r.game == game]
    return CoverageReport(game, rules)


def report_lines(report: CoverageReport, verbose: bool = True) -> list[str]:
    """The report as text: a summary line, then each id with its tests or its reason."""
    c = report.to_dict()["counts"]
    lines = [f"{report.game}: {len(report.rules)} rule ids, {report.behavioural} behavioural; "
             f"{c['tested']} tested ({report.share:.1%} of behavioural ids; {report.share_enforceable:.1%} of "
             f"those a service can check); not tested: {c['judge']} left to the judge, {c['not-enforceable']} "
             f"not enforceable by a service, {c['gap']} gaps; {c['definition']} definitions only"]
    if not verbose:
        return lines
    for r in report.rules:
        if r.tests:
            lines.append(f"{r.id} [tested] {len(r.tests)} test(s): " + ", ".join(r.tests[:3])
                         + (" ..." if len(r.tests) > 3 else ""))
        elif r.reason:
            lines.append(f"{r.id} [{r.reason.kind}] {r.reason.why}")
        else:
            lines.append(f"{r.id} [gap] no test quotes it and no reason is given")
    return lines
