"""Modules by concept, never by round of work, and small enough to read (house style, issue 27):
no module under adjudicator/, rulings/ or tests/ named ``*_N``, ``*extra*``, ``*more*``,
``new_texts``, ``round*`` or ``final_*``; modules under 400 lines and functions under 60 lines there."""
from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
TREES = ("adjudicator", "rulings", "tests")
MAX_MODULE, MAX_FUNCTION = 400, 60

BAD_NAME = re.compile(r"(_\d+[a-z]?$|extra|(^|_)more($|_)|new_texts|(^|_)round|(^|_)final($|_))")


def _modules() -> list[pathlib.Path]:
    return sorted(p for tree in TREES for p in (ROOT / tree).rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_is_named_after_a_round_of_work():
    bad = [str(p.relative_to(ROOT)) for p in _modules() if BAD_NAME.search(p.stem)]
    bad += [str(d.relative_to(ROOT)) for tree in TREES for d in (ROOT / tree).rglob("*")
            if d.is_dir() and d.name != "__pycache__" and BAD_NAME.search(d.name)]
    assert bad == [], f"name these by what they hold: {bad}"


def test_the_name_rule_catches_what_it_should():
    for stem in ("scripted_hands_2", "extras", "scripted_more", "test_spoils_cards_round3b", "final_c",
                 "scripted_new_texts", "convert_spoils_extra"):
        assert BAD_NAME.search(stem), stem
    for stem in ("scripted_hand_counts", "moreover", "test_damage", "surrounding", "finality"):
        assert not BAD_NAME.search(stem), stem


def _sizes() -> dict[str, int]:
    over: dict[str, int] = {}
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(ROOT))
        lines = len(source.splitlines())
        if lines > MAX_MODULE:
            over[rel] = lines
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION:
                    over[f"{rel}:{node.name}"] = length
    return over


def test_modules_and_functions_stay_small():
    over = _sizes()
    assert over == {}, f"over {MAX_MODULE} lines (module) or {MAX_FUNCTION} lines (function): {over}"
