"""Conditions the printed text puts on an effect ("while this card is in a battle", "if you control
a Gearsmith character", "if it has 2 strength or less") and the fixed phrases of the effect
language they come from (``ONLY_WORDS``: "only during your turn"..., ``STATE_WORDS``)."""
from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.effects.abilities import ONLY_WORDS
from adjudicator.effects.phrases import STATE_WORDS
from rulings.convert_spoils.grammar import Doc, NoMatch, icons_of, number
from rulings.convert_spoils.nouns import REFS, cards, selector, target


def phrase_patterns(words: dict[str, str]) -> list[tuple[re.Pattern[str], str]]:
    """Fixed phrases with an optional number {n}, as patterns (the key of the phrase matched)."""
    out = []
    for key, text in words.items():
        pattern = re.escape(text.format(self="this card", n="{n}")).replace(r"\{n\}", r"(?P<n>\d+|X)")
        out.append((re.compile(rf"^{pattern}$", re.I), key))
    return out


ONLY = phrase_patterns(ONLY_WORDS)
STATES = phrase_patterns(STATE_WORDS)


def fixed_phrase(patterns: list[tuple[re.Pattern[str], str]], text: str) -> tuple[str, int | None] | None:
    """The key of the fixed phrase ``text`` says, and its number if it has one; None if none."""
    for pattern, key in patterns:
        m = pattern.match(text)
        if m:
            n = m.groupdict().get("n")
            return key, (int(n) if n.isdigit() else n) if n else None
    return None


CONDITIONS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = [
    (re.compile(r"^there (?:is a token|are no tokens) on (?P<t>this card|it|the attached character)$", re.I),
     lambda m: {"token_on": cards(m.group("t")), **({"none": True} if "no tokens" in m.group(0) else {})}),
    (re.compile(r"^you control (?P<least>at least )?(?P<icons>(?:\[[OGEDRV]\])+)$"),
     lambda m: {"control_icons": icons_of(m.group("icons")), **({"at_least": True} if m.group("least") else {})}),
    (re.compile(r"^there are at least (?P<n>\d+) tokens on (?P<t>this card|it)$", re.I),
     lambda m: {"token_on": cards(m.group("t")), "at_least": int(m.group("n"))}),
    (re.compile(r"^(?P<t>it|the character) has (?P<n>\d+|X) (?P<stat>strength|life|speed)$", re.I),
     lambda m: {"has": {"stat": m.group("stat").lower()}, "subject": target(m.group("t")), "exactly": number(m.group("n"))}),
    (re.compile(r"^(?P<who>you|your opponent) controls? (?P<no>no )?(?P<t>.+)$", re.I),
     lambda m: {"control": selector(("a " if m.group("no") else "") + m.group("t")),
                "who": "you" if m.group("who").lower() == "you" else "opponent",
                **({"negated": True} if m.group("no") else {})}),
    (re.compile(r"^(?P<t>.+?) has (?P<n>\d+|X\+X|X) (?P<stat>strength|life|speed|structure) or (?P<dir>less|more)$", re.I),
     lambda m: {"has": {"stat": m.group("stat").lower()}, "subject": target(m.group("t")),
                ("at_most" if m.group("dir").lower() == "less" else "at_least"): number(m.group("n"))}),
    (re.compile(r"^(?P<t>.+?) has numeric cost (?P<n>\d+|X) or (?P<dir>less|more)$", re.I),
     lambda m: {"has": {"stat": "numeric_cost"}, "subject": target(m.group("t")),
                ("at_most" if m.group("dir").lower() == "less" else "at_least"): number(m.group("n"))}),
    (re.compile(r"^(?P<t>your opponent's faction|your faction) has (?P<n>\d+) influence or (?P<dir>less|more)$",
                re.I),
     lambda m: {"has": {"stat": "influence"}, "subject": REFS[m.group("t").lower()],
                ("at_most" if m.group("dir").lower() == "less" else "at_least"): int(m.group("n"))}),
]


def condition(text: str) -> Doc:
    """A condition as a document: a fixed state phrase, or one of ``CONDITIONS``.  Raises NoMatch."""
    found = fixed_phrase(STATES, text)
    if found is not None:
        return {"during": found[0], **({"n": found[1]} if found[1] is not None else {})}
    for pattern, build in CONDITIONS:
        m = pattern.match(text)
        if m:
            return build(m)
    raise NoMatch(text)
