"""Noun phrases of the printed text: "a character you control", "up to 2 items in your discard
pile", "this card", "the attacking party"... read as a card reference (a word of ``REFS``) or a
``Cards`` selector document (quantity, count, adjectives, types and what qualifies them)."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch

QUANTITIES = [r"\d+ of the", "at least", "any number of", "all other", "one of the", "up to the top", "the top", "the bottom", "up to", "another", "each", "all",
              "any", "the", "that", "those", "an", "a"]
ADJECTIVES = ["attacking or blocking", "picked", "named", "revealed", "those", "remaining", "discarded", "random", "gearsmith", "rogue", "arcanist", "warlord", "banker",
              "non-rogue", "non-gearsmith", "non-arcanist", "non-warlord", "non-banker", "depleted", "restored", "attacking", "blocking", "face-down", "face-up", "unique", "other",
              "non-token", "undepleted", "damaged", "attached", "new", "removed"]
TYPES = ["member", "opponent", "micromajig token", "staple resource", "character card", "non-tactic card", "non-resource card", "non-token character", "character", "item", "location", "tactic",
         "resource card", "resource", "card", "faction", "token", "ability"]
REFS = {"the character the \"gear\" card is attached to": "gear_carrier", "they": "they", "the character's controller's faction": "controllers_faction",
        "the last tactic played this turn": "last_tactic", "each member of the blocking party": "each_member_of_blocking_party",
        "all members of the attacking party": "all_members_of_attacking_party",
        "all members of the blocking party": "all_members_of_blocking_party",
        "each of the characters": "each_of_the_characters", "characters in the opposing party": "characters_in_opposing_party",
        "all characters in the opposing party": "all_characters_in_opposing_party", "this location": "this_location",
        "all other members of its party": "other_members_of_its_party", "the attacking party": "attacking_party", "the blocking party": "blocking_party", "this card": "self", "it": "it", "them": "them", "itself": "itself", "your faction": "your_faction",
        "your opponent's faction": "opponent_faction", "each faction": "each_faction",
        "the card you searched for": "searched_card", "the first picked card": "first_picked",
        "the second picked card": "second_picked"}
_TYPE = "|".join(re.escape(t) for t in TYPES)
_NOUN = re.compile(
    rf"^(?P<q>{'|'.join(q if q.startswith(chr(92)) else re.escape(q) for q in QUANTITIES)}|\d+)?\s*(?P<n>\d+|X\+X|X-\d+|X|Y(?=\s))?\s*(?P<fewer>or fewer\s+)?"
    rf"(?P<whose>your opponent's|your|its owner's|their)?\s*"
    rf"(?P<adj>(?:(?:{'|'.join(ADJECTIVES)})\s+)*)(?:\"(?P<sub>[^\"]+)\"\s+)?"
    rf"(?P<types>(?:{_TYPE})s?(?:(?:,\s+|,?\s+(?:or|and|and/or)\s+)(?:{_TYPE})s?)*)"
    rf"(?P<rest>.*)$", re.I)
WITH_FORMS = [r"the chosen name", r"Covert", r"a token on it", r"no tokens on it", r"(?:\d+|X) or (?:more|less) \w+",
              r"numeric cost (?:\d+|X|X\+\d+) or (?:less|more)", r"a different name than this card", r"numeric cost X",
              r"X strength", r"the UNIQUE keyword in its rules text", r"an ability in its rules text",
              r"at least \d+ tokens? on it", r"(?:\d+|X) (?:strength|life|speed) or (?:less|more)",
              r"the (?:lowest|highest) (?:numeric cost|strength)", r"different names"]
_REST = [
    (re.compile(r"^\s+named (?P<v>\"[^\"]+\"|[A-Z][\w' -]+?)(?=\s+(?:you|your|in|with|that)\b|$)"), "named"),
    (re.compile(r"^\s+with (?P<v>" + "|".join(sorted(WITH_FORMS, key=len, reverse=True)) + ")"), "with"),
    (re.compile(r"^\s+(?P<v>you control|your opponent controls|they control)"), "controller"),
    (re.compile(r"^\s+(?P<v>you own|your opponent owns|they own|and own)"), "owner"),
    (re.compile(r"^\s+(?P<how>in|of|from) (?P<v>your|your opponent's|its owner's|a|either|their|an opponent's|that opponent's) (?P<z>hand|discard pile|deck)"), "zone"),
    (re.compile(r"^\s+(?P<v>in the battle)"), "battle"),
    (re.compile(r"^\s+(?P<v>in play)"), "in_play"),
    (re.compile(r"^\s+(?P<v>in a party with this card)"), "party"),
    (re.compile(r"^\s+(?P<v>attached to your faction)"), "attached_faction"),
    (re.compile(r"^\s+(?P<v>discarded this way)"), "discarded_this_way"),
    (re.compile(r"^\s+(?P<v>revealed this way)"), "revealed_this_way"),
    (re.compile(r"^\s+(?P<v>that inflicted damage to your faction this turn)"), "damaged_faction"),
    (re.compile(r"^\s+of the same type as (?P<v>the card|the discarded card|the removed card)"), "same_type"),
    (re.compile(r"^\s+(?P<at>in|of) (?:the (?P<v>attacking|blocking|opposing)|(?P<y>your|that)) party"), "in_party"),
    (re.compile(r"^\s+(?P<v>being played)"), "being_played"),
    (re.compile(r"^\s+(?P<v>that is not in a battle|not in a battle)"), "not_in_battle"),
]
ZONES = {"hand": "hand", "discard pile": "discard", "deck": "deck"}
ZONE_OWNER = {"that opponent's": "that_opponent", "an opponent's": "an_opponent", "your": "you", "your opponent's": "opponent", "its owner's": "its_owner", "a": "any", "either": "either",
              "their": "their"}


def cards(phrase: str, refs: bool = True) -> Any:
    """A noun phrase as a card reference or a ``Cards`` selector document; None when it is not one.  Without
    ``refs``, a phrase that names a reference ("characters in the opposing party") is read as a selector."""
    phrase = phrase.strip()
    if refs and phrase.lower() in REFS:
        return REFS[phrase.lower()] if phrase[:1].islower() or phrase.lower() != "it" else "it"
    m = _NOUN.match(phrase)
    if not m:
        return None
    doc = _noun_doc(m)
    rest = m.group("rest")
    seen: list[str] = []
    while rest.strip():
        for pattern, key in _REST:
            found = pattern.match(rest)
            if found:
                _qualify(doc, key, found)
                seen.append(key)
                rest = rest[found.end():]
                break
        else:
            return None
    places = [i for i, k in enumerate(seen) if k in ("zone", "controller", "owner")]
    if places and any(k in ("named", "with") for k in seen[places[0]:]):
        doc["zone_first"] = True
    return doc


def _noun_doc(m: re.Match[str]) -> Doc:
    q = (m.group("q") or "").lower()
    kinds = [t.strip().lower() for t in re.split(r",?\s+(?:or|and|and/or)\s+|,\s+", m.group("types"))]
    plural = any(k.endswith("s") and k[:-1] in TYPES for k in kinds)
    kinds = [k[:-1] if k.endswith("s") and k[:-1] in TYPES else k for k in kinds]
    doc: Doc = {"cards": kinds[0] if len(kinds) == 1 else kinds}
    conj = re.search(r"\s(and/or|and)\s", m.group("types"))
    if conj:
        doc["conj"] = conj.group(1)
    named = {"at least": "at_least", "up to": "up_to", "up to the top": "up_to_the_top", "any number of": "any_number", "all other": "all_other", "the top": "the_top",
             "the bottom": "the_bottom", "one of the": "one"}
    doc["quantity"] = int(q) if q.isdigit() else named.get(q, q or "bare")
    if q.endswith(" of the") and q.split()[0].isdigit():
        doc["quantity"], doc["count"] = "of_the", int(q.split()[0])
    if m.group("n"):
        doc["count"] = int(m.group("n")) if m.group("n").isdigit() else m.group("n")
    if m.group("fewer"):
        doc["quantity"], doc["count"] = "or_fewer", doc.get("count", doc["quantity"])
    if m.group("whose"):
        doc["whose"] = m.group("whose").lower()
    adjectives = re.findall("|".join(ADJECTIVES), m.group("adj").lower())
    if adjectives:
        doc["adjectives"] = adjectives
    if m.group("sub"):
        doc["subtype"] = m.group("sub")
    if plural:
        doc["plural"] = True
    return doc


def _qualify(doc: Doc, key: str, found: re.Match[str]) -> None:
    v = found.group("v") if "v" in found.groupdict() else None
    if key == "named":
        doc["named"] = v
    elif key == "with":
        doc["with"] = v
    elif key == "controller":
        doc["controller"] = {"you control": "you", "they control": "they"}.get(v, "opponent")
    elif key == "owner":
        doc["owner"] = {"you own": "you", "they own": "they", "and own": "they"}.get(v, "opponent")
    elif key == "zone":
        doc["zone"] = ZONES[found.group("z")]
        doc["zone_owner"] = ZONE_OWNER[v]
        if found.group("how") == "from":
            doc["from_zone"] = True
    elif key == "battle":
        doc["zone"] = "battle"
    elif key == "in_play":
        doc["zone"] = "play"
    elif key == "party":
        doc["in_party_with_self"] = True
    elif key == "attached_faction":
        doc["attached_to_faction"] = True
    elif key == "discarded_this_way":
        doc["discarded_this_way"] = True
    elif key == "revealed_this_way":
        doc["revealed_this_way"] = True
    elif key == "damaged_faction":
        doc["damaged_your_faction_this_turn"] = True
    elif key == "same_type":
        doc["same_type_as"] = v
    elif key == "in_party":
        doc["in_party"] = v or found.group("y")
        if found.group("at") == "of":
            doc["party_of"] = True
    elif key == "being_played":
        doc["being_played"] = True
    else:
        doc["not_in_battle"] = True if v.startswith("that") else "short"


def target(phrase: str) -> Any:
    """What an operation acts on: a card reference, a selector, or references joined by "and".
    Raises NoMatch."""
    found = cards(phrase)
    if found is None and " and " in phrase:
        parts = [cards(p) for p in phrase.split(" and ")]
        if all(isinstance(p, str) for p in parts):
            return parts
    if found is None:
        raise NoMatch(phrase)
    return found


def selector(phrase: str) -> Doc:
    """A noun phrase that must be a selector document (not a reference).  Raises NoMatch."""
    found = cards(phrase)
    if not isinstance(found, dict):
        raise NoMatch(phrase)
    return found
