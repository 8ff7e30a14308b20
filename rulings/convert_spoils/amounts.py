"""Amounts the printed text names: changes to a card's stats ("gains 2 strength and loses 1 life"),
what "for each ..." counts, and the values X stands for ("its strength", "the number of tokens on
it", "twice ...", "half ..., rounded up")."""
from __future__ import annotations

import re

from adjudicator.effects.phrases import FIXED_STATS
from rulings.convert_spoils.grammar import Doc, NoMatch
from rulings.convert_spoils.nouns import cards


def changes_of(text: str) -> Doc:
    """"gains 2 strength and 1 life", "loses 1 speed", "gains 2 strength and loses 1 life"."""
    out: Doc = {}
    for verb, part in re.findall(r"(gains?|loses?) ((?:(?:\d+|X|Y) (?:strength|life|speed|structure)(?:,? and |, )?)+)",
                                 text):
        sign = 1 if verb.startswith("gain") else -1
        for n, name in re.findall(r"(\d+|X|Y) (strength|life|speed|structure)", part):
            out[name] = sign * int(n) if n.isdigit() else (n if sign > 0 else "-" + n)
    if not out:
        raise NoMatch(text)
    return out


def either_changes(text: str) -> list[Doc]:
    """The two changes of "either gains or loses 1 speed", "gains 1 strength or 1 life"..."""
    m = re.fullmatch(r"either (gains|loses) or (gains|loses) (\d+) (strength|life|speed)", text)
    if m:
        n = int(m.group(3))
        return [{m.group(4): n if m.group(1) == "gains" else -n}, {m.group(4): n if m.group(2) == "gains" else -n}]
    m = re.fullmatch(r"(gains|loses) (\d+ \w+) or (\d+ \w+)", text)
    if m:
        return [changes_of(f"{m.group(1)} {m.group(2)}"), changes_of(f"{m.group(1)} {m.group(3)}")]
    m = re.fullmatch(r"((?:gains|loses) \d+ \w+) or ((?:gains|loses) \d+ \w+)", text)
    if m:
        return [changes_of(m.group(1)), changes_of(m.group(2))]
    raise NoMatch(text)


def for_each(text: str) -> Doc:
    """What " for each ..." counts: members, icons you control, tokens on a card, or cards."""
    what = re.sub(r"^ for each ", "", text)
    if what.startswith("member "):
        found = cards("a " + what)
        if isinstance(found, dict):
            return {"for_each": found}
    icon = re.fullmatch(r"\[([OGEDRV])\] you control", what)
    if icon:
        return {"for_each": {"icons_you_control": icon.group(1)}}
    on = re.fullmatch(r"token on (it|this card|the character|them)", what)
    if on:
        return {"for_each": {"tokens_on": {"it": "it", "this card": "self"}.get(on.group(1), on.group(1))}}
    found = cards("a " + what)
    if not isinstance(found, dict):
        raise NoMatch(what)
    return {"for_each": found}


STAT_PHRASES = {"its strength": "strength", "its life": "life", "its speed": "speed", "its numeric cost": "numeric_cost",
                "its structure": "structure", "the number of tokens on it": "tokens"}


def stat_of(phrase: str) -> Doc:
    """The value a phrase names ("its strength", "twice ...", "the number of ..."). Raises NoMatch."""
    named = STAT_PHRASES.get(phrase.lower())
    if named is not None:
        return {"stat": named}
    m = re.fullmatch(r"the number of tokens on (this card|it|the character)", phrase, re.I)
    if m:
        return {"stat": "tokens", "of": {"this card": "self", "it": "it"}.get(m.group(1).lower()) or cards(m.group(1))}
    fixed = {v.lower(): k for k, v in FIXED_STATS.items()}  # "[R]" is printed in capitals
    if phrase.lower() in fixed:
        return {"stat": fixed[phrase.lower()]}
    return _derived(phrase)


def _derived(phrase: str) -> Doc:
    parts = re.fullmatch(r"(.+) minus (the number of .+|the (?:highest|lowest) .+|\d+)", phrase)
    if parts:
        minus = int(parts.group(2)) if parts.group(2).isdigit() else stat_of(parts.group(2))
        return {**stat_of(parts.group(1)), "minus": minus}
    twice = re.fullmatch(r"twice (.+)", phrase)
    if twice:
        return {**stat_of(twice.group(1)), "twice": True}
    half = re.fullmatch(r"half (.+), rounded up", phrase)
    if half:
        return {**stat_of(half.group(1)), "half": True}
    return _counted(phrase)


PUT_PLACES = {"on the bottom of": "deck_bottom", "on top of": "deck_top"}


def _counted(phrase: str) -> Doc:
    m = re.fullmatch(r"the number of cards (?P<who>that player|you|your opponent) put (?P<place>on the bottom of|on top of) "
                     r"(?:their|your) deck", phrase, re.I)
    if m:  # what the sentence before did, for the player it names
        who = {"that player": "that_player", "you": "you", "your opponent": "opponent"}[m.group("who").lower()]
        return {"stat": "cards_put", "of": who, "to": PUT_PLACES[m.group("place").lower()]}
    m = re.fullmatch(r"the number of (.+?)", phrase)
    if m and not m.group(1).startswith(("[", "tokens")):
        counted = cards("all " + m.group(1))
        if isinstance(counted, dict):
            return {"stat": "count", "of": counted}
    m = re.fullmatch(r"the (highest|lowest) (strength|life|speed|numeric cost) among (.+)", phrase, re.I)
    if m and isinstance(cards(m.group(3), refs=False), dict):  # among the cards a selector names
        return {"stat": m.group(2).lower().replace(" ", "_"), "of": cards(m.group(3), refs=False),
                "among": m.group(1).lower()}
    m = re.fullmatch(r"the number of \[([OGEDRV])\] you control", phrase)
    if m:
        return {"stat": "icons", "icon": m.group(1)}
    m = re.fullmatch(r"(this card|the character|that character|its)'s (strength|life|speed|numeric cost)", phrase, re.I)
    if m:
        return {"stat": m.group(2).lower().replace(" ", "_"), "phrase": "possessive", "of": cards(m.group(1))}
    m = re.fullmatch(r"the (strength|life|speed|numeric cost) of (.+)", phrase, re.I)
    if m and isinstance(cards(m.group(2)), (dict, str)):
        return {"stat": m.group(1).lower().replace(" ", "_"), "phrase": "of", "of": cards(m.group(2))}
    raise NoMatch(phrase)
