"""No import circle in the project's packages: every import counts, the ones inside functions and
under ``if TYPE_CHECKING:`` included (grimp reads them all), so that a module is read from the
bottom up and importing modules in another order cannot change what they do.

A circle is a strongly connected component of the import graph with more than one module; the
failure names each one, with one cycle through it spelt out import by import.
"""
from __future__ import annotations

from typing import Iterable

import grimp
import pytest

PACKAGES = ("api", "events", "adjudicator", "rulings")
SPOILS = "adjudicator.spoils"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, successors = work[-1]
            nxt = next(successors, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.find_modules_directly_imported_by(nxt)))))
                elif nxt in on_stack:
                    low[module] = min(low[module], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def one_cycle(graph: grimp.ImportGraph, component: list[str]) -> list[str]:
    """A shortest cycle through the component's first module, one line per import
    (``a imports b (line 12: from b import x)``)."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for imported in sorted(graph.find_modules_directly_imported_by(module) & members):
                if imported == start:
                    return _said(graph, paths[module] + [start])
                if imported not in paths:
                    paths[imported] = paths[module] + [imported]
                    following.append(imported)
        frontier = following
    return []


def _said(graph: grimp.ImportGraph, chain: list[str]) -> list[str]:
    lines = []
    for importer, imported in zip(chain, chain[1:]):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = "; ".join(f"line {d['line_number']}: {d['line_contents']}" for d in details) or "?"
        lines.append(f"    {importer} imports {imported} ({where})")
    return lines


def report(graph: grimp.ImportGraph, found: Iterable[list[str]]) -> str:
    parts = []
    for component in found:
        shown = ", ".join(component) if len(component) <= 12 else ", ".join(component[:12]) + ", ..."
        parts.append(f"a circle of {len(component)} modules: {shown}\n  for example:\n"
                     + "\n".join(one_cycle(graph, component)))
    return "\n".join(parts)


def _in_spoils(module: str) -> bool:
    return module == SPOILS or module.startswith(SPOILS + ".")


def test_no_import_circle_outside_the_spoils_engine(graph: grimp.ImportGraph) -> None:
    found = [c for c in circles(graph) if not all(_in_spoils(m) for m in c)]
    assert not found, "import circles (imports inside functions count):\n" + report(graph, found)


def test_no_import_circle_inside_the_spoils_engine(graph: grimp.ImportGraph) -> None:
    found = [c for c in circles(graph) if all(_in_spoils(m) for m in c)]
    assert not found, "import circles in adjudicator.spoils (imports inside functions count):\n" + report(graph, found)


def test_the_circle_finder_finds_a_circle_and_spells_it_out() -> None:
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"):
        graph.add_module(module)
    for importer, imported, line in (("pkg.a", "pkg.b", 3), ("pkg.b", "pkg.c", 4), ("pkg.c", "pkg.a", 5),
                                     ("pkg.c", "pkg.d", 6)):
        graph.add_import(importer=importer, imported=imported, line_number=line,
                         line_contents=f"from {imported} import x")
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert one_cycle(graph, ["pkg.a", "pkg.b", "pkg.c"]) == [
        "    pkg.a imports pkg.b (line 3: from pkg.b import x)",
        "    pkg.b imports pkg.c (line 4: from pkg.c import x)",
        "    pkg.c imports pkg.a (line 5: from pkg.a import x)",
    ]
