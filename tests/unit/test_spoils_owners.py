"""One owner for each node type of The Spoils' engine, and registries that do not depend on the
order the engine's modules are imported in (a reformatter sorting imports cannot change a card)."""
from __future__ import annotations

import functools
import json
import pathlib
import subprocess
import sys

import pytest

from adjudicator.effects import Node
from adjudicator.spoils import owners
from adjudicator.spoils.ops import interpreter as SC

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPOILS = ROOT / "adjudicator" / "spoils"

DUMP = r'''
import importlib, json, pkgutil, random, sys, types
import adjudicator.spoils as P
names = sorted(m.name[len("adjudicator.spoils."):] for m in pkgutil.walk_packages(P.__path__, "adjudicator.spoils.")
               if not m.ispkg)
how = sys.argv[1]
order = {"engine": ["engine"] + names, "sorted": names, "reversed": names[::-1]}.get(how)
if order is None:
    order = names[:]
    random.Random(int(how)).shuffle(order)
for name in order:
    importlib.import_module("adjudicator.spoils." + name)
def rep(v):
    if isinstance(v, types.FunctionType):
        return f"{v.__module__}.{v.__qualname__}"
    if isinstance(v, type):
        return f"{v.__module__}.{v.__qualname__}"
    if isinstance(v, (list, tuple)):
        return [rep(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(str(rep(x)) for x in v)
    if isinstance(v, dict):
        return {str(rep(k)): rep(x) for k, x in v.items()}
    return repr(v)[:80]
out = {}
for name in names:
    module = sys.modules["adjudicator.spoils." + name]
    for key, value in vars(module).items():
        if isinstance(value, (dict, list, set)) and not key.startswith("__"):
            out[f"{name}.{key}"] = rep(value)
print(json.dumps(out, sort_keys=True))
'''


@functools.lru_cache(maxsize=None)
def _registries(order: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", DUMP, order], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"importing the engine's modules in the order '{order}' fails:\n{run.stderr[-3000:]}"
    return json.loads(run.stdout)


def test_every_node_type_of_the_language_has_exactly_one_owner():
    nodes = owners.language_nodes()
    assert len(nodes) > 100
    unowned = []
    for cls in nodes:
        try:
            owners.owner_of(cls)
        except KeyError:
            unowned.append(cls.__name__)
    assert unowned == [], f"node types nobody answers for: {unowned}"
    run_names = {cls.__name__ for cls in SC.RUN}
    assert run_names.isdisjoint(owners.READ_BY), run_names & set(owners.READ_BY)
    assert run_names.isdisjoint(owners.LEFT_TO_JUDGE)
    assert set(owners.READ_BY).isdisjoint(owners.LEFT_TO_JUDGE)


def test_a_node_read_elsewhere_is_read_by_the_module_named():
    by_name = {cls.__name__: cls for cls in owners.language_nodes()}
    for name, module in owners.READ_BY.items():
        source = SPOILS.joinpath(*module.split(".")).with_suffix(".py").read_text()
        head = getattr(by_name[name], "HEAD", None)
        assert name in source or (head and head in source), f"{name} is said to be read by {module}, which never names it"


def test_a_second_handler_for_a_node_is_refused():
    cls = next(iter(SC.RUN))
    before = SC.RUN[cls]

    def another(ctx: object, op: Node, env: object) -> None:
        raise AssertionError("never registered")

    with pytest.raises(RuntimeError, match="one owner"):
        SC.handles(cls)(another)
    assert SC.RUN[cls] is before


def test_the_owner_of_a_run_node_is_its_one_handler():
    for cls, handler in SC.RUN.items():
        assert owners.owner_of(cls) == f"{handler.__module__}.{handler.__qualname__}"


@pytest.mark.parametrize("order", ["reversed", "7"])
def test_the_registries_are_identical_whatever_the_import_order(order):
    expected = _registries("engine")
    assert "ops.interpreter.RUN" in expected and "ops.paying.COST_PICKS" in expected
    got = _registries(order)
    differing = sorted(k for k in set(expected) | set(got) if expected.get(k) != got.get(k))
    assert differing == [], f"imported in the order '{order}', these registries differ: {differing}"


def test_a_card_names_the_one_function_that_enforces_each_node_of_its_script():
    """``enforced_by`` (served with ``GET /cards/spoils/{name}``) goes from a card to its code in one hop:
    every name it gives is a function or module that exists."""
    import importlib

    from rulings.engine_coverage import enforced_by
    from rulings.scripts import script_of

    script = script_of("spoils", "Sleeping Guard")
    assert script is not None
    rows = enforced_by("spoils", script)
    assert rows and {"node", "words", "enforced_by"} <= set(rows[0])
    for row in rows:
        path = row["enforced_by"]
        if path.startswith("adjudicator."):
            module, _, name = path.rpartition(".")
            try:
                target = getattr(importlib.import_module(module), name.split(".")[0])
            except ModuleNotFoundError:
                target = importlib.import_module(path)
            assert target is not None, path
    assert enforced_by("buffy", script) == []
