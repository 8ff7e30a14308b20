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


def phrase_patterns(words: dict[str, str], it: bool = False) -> list[tuple[re.Pattern[str], str]]:
    """Fixed phrases with an optional number {n}, as patterns (the key of the phrase matched); with ``it``,
    a phrase about "this card" may say "it" instead (the card the sentence speaks of)."""
    out = []
    for key, text in words.items():
        pattern = re.escape(text.format(self="{self}", n="{n}")).replace(r"\{n\}", r"(?P<n>\d+|X)")
        pattern = pattern.replace(r"\{self\}", r"(?P<self>this\ card|it)" if it else r"this\ card", 1)
        pattern = pattern.replace(r"\{self\}", r"this\ card")
        out.append((re.compile(rf"^{pattern}$", re.I), key))
    return out


ONLY = phrase_patterns(ONLY_WORDS)
STATES = phrase_patterns(STATE_WORDS, it=True)


def fixed_phrase(patterns: list[tuple[re.Pattern[str], str]], text: str) -> tuple[str, int | None] | None:
    """The key of the fixed phrase ``text`` says, and its number if it has one; None if none."""
    found = _phrase_match(patterns, text)
    return None if found is None else found[:2]


def _phrase_match(patterns: list[tuple[re.Pattern[str], str]], text: str) -> tuple[str, int | str | None, str] | None:
    """The key of the fixed phrase ``text`` says, its number if it has one, and its subject ("self", or "it")."""
    for pattern, key in patterns:
        m = pattern.match(text)
        if m:
            n, said = m.groupdict().get("n"), (m.groupdict().get("self") or "").lower()
            return key, (int(n) if n.isdigit() else n) if n else None, "it" if said == "it" else "self"
    return None


def _there_are(m: re.Match[str]) -> Doc:
    """"there is at least one character in the opposing party", "there are at least 2 <cards>": cards counted."""
    n = number(m.group("n"))
    found = selector(("a " if n == 1 else "") + m.group("t"))
    return {"there_are": found, **({"at_least": n} if n != 1 else {})}


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
    (re.compile(r"^there (?:is|are) at least (?P<n>one|\d+) (?P<t>.+)$", re.I), _there_are),
]


def condition(text: str) -> Doc:
    """A condition as a document: a fixed state phrase, one of ``CONDITIONS``, or conditions joined by "and"
    (each read again, the whole text tried first).  Raises NoMatch."""
    try:
        return _one_condition(text)
    except NoMatch:
        pass
    for m in re.finditer(r" and ", text):
        try:
            first, rest = _one_condition(text[:m.start()]), condition(text[m.end():])
        except NoMatch:
            continue
        return {"all_of": [first, *rest.get("all_of", [rest])]}
    raise NoMatch(text)


def _one_condition(text: str) -> Doc:
    found = _phrase_match(STATES, text)
    if found is not None:
        key, n, subject = found
        return {"during": key, **({"n": n} if n is not None else {}), **({"subject": "it"} if subject == "it" else {})}
    for pattern, build in CONDITIONS:
        m = pattern.match(text)
        if m:
            return build(m)
    raise NoMatch(text)
