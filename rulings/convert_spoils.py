"""The Spoils' printed texts converted into card scripts (``rulings/data/scripts/spoils.yaml``).

The printed texts are templated: keyword lines (COVERT, UNIQUE Crest, ATTACH to Character,
FLIP UP: 2 [O], RECUR, RETIRE, PROVIDES), named abilities (a name line, COST:, EFFECT:), a
tactic's COST:/EFFECT:, triggers ("When this card enters play, ...", "At the start of your turn,
...", "If this card is destroyed, ..."), continuous effects ("This card gains 1 strength for each
token on it."), threshold abilities ("[D][D]: ...") and choices ("Choose one of the following
...").  The converter reads each paragraph into the effect language and keeps it only when the
script's words (``words()``) say that paragraph again (``adjudicator.effects.normalise``); a
paragraph it cannot say is listed in ``not_covered`` and stays text for the judge.

    python -m rulings.convert_spoils ../shared/data/spoils-octgn/sets [--out rulings/data/scripts/spoils.yaml]
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Callable

import yaml
from pydantic import TypeAdapter, ValidationError

from adjudicator.effects import EffectError, normalise, text_sha
from adjudicator.effects.abilities import INSTEAD, ONLY_WORDS, TRIGGER_WORDS
from adjudicator.effects.base import Say
from adjudicator.effects.language import Ability, parse_effects
from adjudicator.effects.phrases import FIXED_STATS, STATE_WORDS
from adjudicator.effects.switches import REDUCED, TAXED
from adjudicator.effects.texts import CAN_WORDS
from rulings.scripts import SCRIPTS_DIR

Doc = dict[str, Any]
SAY = Say(game="spoils")
_ABILITY = TypeAdapter(list[Ability])  # type: ignore[valid-type]

# ------------------------------------------------------------------------------ noun phrases

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
        "your opponent's faction": "opponent_faction", "each faction": "each_faction"}
_TYPE = "|".join(re.escape(t) for t in TYPES)
_NOUN = re.compile(
    rf"^(?P<q>{'|'.join(q if q.startswith(chr(92)) else re.escape(q) for q in QUANTITIES)}|\d+)?\s*(?P<n>\d+|X\+X|X-\d+|X)?\s*(?P<fewer>or fewer\s+)?"
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


def cards(phrase: str) -> Any:
    """A noun phrase as a card reference or a ``Cards`` selector document; None when it is not one."""
    phrase = phrase.strip()
    if phrase.lower() in REFS:
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


# ------------------------------------------------------------------------------ sentences

N = r"(?P<n>\d+|X|a|an)"
STAT_NAMES = ("strength", "life", "speed", "structure")


def _n(value: str) -> Any:
    v = value.strip().lower()
    if v == "the same amount of":
        return "same"
    return 1 if v in ("a", "an", "one") else int(v) if v.isdigit() else value.strip()


def _target(phrase: str) -> Any:
    found = cards(phrase)
    if found is None and " and " in phrase:
        parts = [cards(p) for p in phrase.split(" and ")]
        if all(isinstance(p, str) for p in parts):
            return parts
    if found is None:
        raise NoMatch(phrase)
    return found


class NoMatch(ValueError):
    """A phrase the converter cannot read."""


def _changes(text: str) -> Doc:
    """"gains 2 strength and 1 life", "loses 1 speed", "gains 2 strength and loses 1 life"."""
    out: Doc = {}
    for verb, part in re.findall(r"(gains?|loses?) ((?:(?:\d+|X|Y) (?:strength|life|speed|structure)(?:,? and |, )?)+)",
                                 text):
        sign = 1 if verb.startswith("gain") else -1
        for n, stat in re.findall(r"(\d+|X|Y) (strength|life|speed|structure)", part):
            out[stat] = sign * int(n) if n.isdigit() else (n if sign > 0 else "-" + n)
    if not out:
        raise NoMatch(text)
    return out


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[Doc]]]
RULES: list[Rule] = []
PARAGRAPHS: list[Rule] = []
"""Paragraphs read whole, before their sentences are (registered by ``convert_spoils_extra_2``)."""


def rule(pattern: str) -> Callable[[Callable[[re.Match[str]], Any]], Callable[[re.Match[str]], Any]]:
    def register(fn: Callable[[re.Match[str]], Any]) -> Callable[[re.Match[str]], Any]:
        RULES.append((re.compile(rf"^{pattern}$", re.I), fn))
        return fn
    return register


@rule(r"draw (?:a card|(?P<up>up to )?(?P<n>\d+|X|X\+\d+) cards)\.")
def _draw(m: re.Match[str]) -> Any:
    return {"draw": _n(m.group("n") or "1"), **({"up_to": True} if m.group("up") else {})}


@rule(r"play up to (?P<n>\d+) resources\.")
def _play_resources(m: re.Match[str]) -> Any:
    return {"play_resource": int(m.group("n")), "up_to": True}


@rule(r"both players (?P<may>may )?(?P<rest>.+)")
def _both(m: re.Match[str]) -> Any:
    return {"both_players": sentences(_cap(m.group("rest"))), **({"optional": True} if m.group("may") else {})}


@rule(r"if (?P<cond>.+?) X is (?P<a>\d+), otherwise X is (?P<b>\d+)\.")
def _x_if(m: re.Match[str]) -> Any:
    return {"x_if": condition(m.group("cond")), "then": int(m.group("a")), "else": int(m.group("b"))}


@rule(r"discard (?P<t>(?!a card\b).+?)\.")
def _discard_kind(m: re.Match[str]) -> Any:
    return {"discard": 1, "what": _selector(m.group("t"))}


@rule(r"(?P<who>your opponent|each player) draws? (?:a card|(?P<n>\d+|X) cards)\.")
def _they_draw(m: re.Match[str]) -> Any:
    return {"draw": _n(m.group("n") or "1"), "player": "opponent" if m.group("who").lower() == "your opponent" else "each"}


@rule(r"(?:(?P<who>your opponent|each player|that player) )?discards? (?:a card|(?P<another>another card)|(?P<n>\d+|X) cards|that (?P<that>card|character|item|location|tactic)|(?P<those>those cards)|(?P<hand>your|their) hand)(?P<random> at random)?\.")
def _discard(m: re.Match[str]) -> Any:
    doc: Doc = {"discard": "hand" if m.group("hand") else _n(m.group("n") or "1")}
    who = (m.group("who") or "").lower()
    if who:
        doc["player"] = {"your opponent": "opponent", "that player": "that_player"}.get(who, "each")
    if m.group("another"):
        doc["another"] = True
    if m.group("that") or m.group("those"):
        doc["that"] = (m.group("that") or m.group("those")).lower()
    if m.group("random"):
        doc["at_random"] = True
    return doc


@rule(r"(?P<by>inflict|this card inflicts) (?P<up>up to )?(?P<n>\d+|X|Y|X\+\d+|the same amount of) damage(?P<div> divided however you want)? to (?P<t>.+?)(?P<each> for each .+?)?(?:, where X is (?P<where>.+?))?\.")
def _damage(m: re.Match[str]) -> Any:
    doc: Doc = {"damage": _n(m.group("n")), "to": _target(m.group("t"))}
    if m.group("by").lower() != "inflict":
        doc["by_self"] = True
    if m.group("up"):
        doc["up_to"] = True
    if m.group("div"):
        doc["divided"] = True
    if m.group("each"):
        doc["for_each"] = _for_each(m.group("each"))
    if m.group("where"):
        doc["where"] = _stat(m.group("where"))
    return doc


def _for_each(text: str) -> Doc:
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


SIMPLE_MOVES = {"destroy": "destroy", "deplete": "deplete", "restore": "restore"}


@rule(r"(?P<verb>destroy|deplete|restore) (?P<t>.+?)(?P<can> if you can)?\.")
def _simple(m: re.Match[str]) -> Any:
    doc: Doc = {SIMPLE_MOVES[m.group("verb").lower()]: _target(m.group("t"))}
    if m.group("can"):
        doc["if_you_can"] = True
    return doc


@rule(r"remove (?P<t>.+?) from the (?P<where>game|battle)(?P<fd> face-down)?\.")
def _remove(m: re.Match[str]) -> Any:
    doc: Doc = {f"remove_from_{m.group('where').lower()}": _target(m.group("t"))}
    if m.group("fd"):
        if m.group("where").lower() != "game":
            raise NoMatch(m.group(0))
        doc["face_down"] = True
    return doc


@rule(r"put (?P<t>.+?) into its owner's hand(?P<can> if you can)?\.")
def _to_hand(m: re.Match[str]) -> Any:
    doc: Doc = {"return_to_hand": _target(m.group("t"))}
    if m.group("can"):
        doc["if_you_can"] = True
    return doc


@rule(r"(?P<by>put|your opponent puts) (?P<t>.+?) (?P<place>into|on top of|on the top of|on the bottom of) (?P<whose>your|its owner's|your opponent's|its controller's|their) (?P<zone>hand|deck|discard pile)(?P<order> in any order)?(?P<can> if you can| if they can)?\.")
def _put(m: re.Match[str]) -> Any:
    place = {("into", "hand"): "hand", ("into", "discard pile"): "discard", ("into", "deck"): "deck",
             ("on top of", "deck"): "deck_top", ("on the bottom of", "deck"): "deck_bottom",
             ("on the top of", "deck"): "the_top_of_deck"}.get(
        (m.group("place").lower(), m.group("zone").lower()))
    if place is None:
        raise NoMatch(m.group(0))
    whose = {"your": "you", "its owner's": "owner", "your opponent's": "opponent", "its controller's": "controller",
             "their": "their"}
    if m.group("whose").lower() not in whose:
        raise NoMatch(m.group(0))
    doc: Doc = {"put": _target(m.group("t")), "to": place, "whose": whose[m.group("whose").lower()]}
    if m.group("by").lower() != "put":
        doc["by"] = "opponent"
    if m.group("can"):
        doc["if_can"] = True
    if m.group("order"):
        doc["any_order"] = True
    return doc


@rule(r"(?P<who>your|your opponent's|each player's|that card's controller's|it) (?:faction )?(?P<verb>gains|loses) (?P<n>\d+|X|X\+X) influence(?:, where X is (?P<where>.+?))?\.")
def _influence(m: re.Match[str]) -> Any:
    who = {"your": "you", "your opponent's": "opponent", "each player's": "each", "it": "it",
           "that card's controller's": "that_cards_controller"}[m.group("who").lower()]
    if (who == "it") != (" faction " not in m.group(0)):
        raise NoMatch(m.group(0))
    key = "gain_influence" if m.group("verb").lower() == "gains" else "lose_influence"
    doc = {key: _n(m.group("n")), "player": who}
    if m.group("where"):
        doc["where"] = _stat(m.group("where"))
    return doc


@rule(r"(?P<this>this turn, )?take control of (?P<t>.+?)\.")
def _control(m: re.Match[str]) -> Any:
    doc: Doc = {"gain_control": _target(m.group("t"))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


@rule(r"your opponent takes control of (?P<t>.+?)\.")
def _their_control(m: re.Match[str]) -> Any:
    return {"gain_control": _target(m.group("t")), "player": "opponent"}


@rule(r"put up to (?P<n>\d+) tokens(?P<div> divided however you want)? on (?P<t>.+?)\.")
def _tokens_up_to(m: re.Match[str]) -> Any:
    doc: Doc = {"tokens": int(m.group("n")), "card": _target(m.group("t")), "up_to": True}
    if m.group("div"):
        doc["divided"] = True
    return doc


@rule(r"(?P<verb>put|remove) (?P<n>a|\d+|X) tokens? (?:on|from) (?P<t>.+?)\.")
def _tokens(m: re.Match[str]) -> Any:
    n = _n(m.group("n"))
    if m.group("verb").lower() == "remove":
        n = -n if isinstance(n, int) else "-X"
    return {"tokens": n, "card": _target(m.group("t"))}


@rule(r"put (?P<n>a|\d+|X) micromajig tokens?(?: with (?P<with>Covert))? into play(?P<under> under your control)?\.")
def _micromajig(m: re.Match[str]) -> Any:
    doc: Doc = {"create_token": "micromajig"}
    if _n(m.group("n")) != 1:
        doc["count"] = _n(m.group("n"))
    if m.group("with"):
        doc["with"] = m.group("with")
    if m.group("under"):
        doc["under"] = "you"
    return doc


@rule(r"put (?P<t>.+?) into play as a face-down resource under (?P<u2>your) control\.")
def _into_play_resource(m: re.Match[str]) -> Any:
    return {"put_into_play": _target(m.group("t")), "under": "you", "as_resource": True, "resource_first": True}


@rule(r"put (?P<t>.+?) into play(?: under (?P<under>your|its owner's|your opponent's) control)?(?P<fd> as a face-down resource| face-down| as a member of the attacking party| as a member of the blocking party)?(?P<att> attached to this card)?\.")
def _into_play(m: re.Match[str]) -> Any:
    doc: Doc = {"put_into_play": _target(m.group("t"))}
    if m.group("under"):
        doc["under"] = {"your": "you", "its owner's": "owner", "your opponent's": "opponent"}[m.group("under").lower()]
    fd = (m.group("fd") or "").strip()
    if fd:
        doc["as_resource" if "resource" in fd else "as_attacker" if "attacking party" in fd else
            "as_blocker" if "party" in fd else "face_down"] = True
    if m.group("att"):
        doc["attached_to_self"] = True
    return doc


@rule(r"(?P<this>this turn,? )?(?P<who>.+?) (?P<ch>(?:gains?|loses?) (?:an additional )?(?:(?:\d+|X|Y) (?:strength|life|speed|structure)(?:,? and |, )?(?:(?:gains?|loses?) )?)+)(?P<last> this turn)?(?P<each> for each .+?)?(?: and cannot (?P<cannot>attack|block|be blocked))?\.")
def _modify(m: re.Match[str]) -> Any:
    said = m.group("ch")
    changes = _changes(said.replace(" an additional ", " "))
    if " an additional " in said:
        changes["additional"] = True
    if ", and " in said or re.search(r"\d \w+, \d", said):
        changes["commas"] = True
    if re.match(r"loses?", said) and re.search(r"gains?", said):
        changes["loses_first"] = True
    doc: Doc = {"modify": changes, "card": _target(m.group("who"))}
    if re.match(r"(gains|loses) ", said) and isinstance(doc["card"], dict) and doc["card"].get("plural"):
        doc["verb_as_printed"] = said.split()[0]
    if m.group("cannot"):
        doc["and_cannot"] = [m.group("cannot").replace(" ", "_")]
    if m.group("each"):
        doc["for_each"] = _for_each(m.group("each"))
    return _timed(doc, m)


def _timed(doc: Doc, m: re.Match[str]) -> Doc:
    if m.group("this"):
        doc["until"] = "turn"
        if "," not in m.group("this"):
            doc["until_comma"] = False
    elif m.group("last"):
        last = m.group("last").strip().lower()
        doc["until"] = "next_turn" if last.startswith("until") else "turn"
        doc["until_last"] = True
    return doc


def _either_changes(text: str) -> list[Doc]:
    m = re.fullmatch(r"either (gains|loses) or (gains|loses) (\d+) (strength|life|speed)", text)
    if m:
        n = int(m.group(3))
        return [{m.group(4): n if m.group(1) == "gains" else -n}, {m.group(4): n if m.group(2) == "gains" else -n}]
    m = re.fullmatch(r"(gains|loses) (\d+ \w+) or (\d+ \w+)", text)
    if m:
        return [_changes(f"{m.group(1)} {m.group(2)}"), _changes(f"{m.group(1)} {m.group(3)}")]
    m = re.fullmatch(r"((?:gains|loses) \d+ \w+) or ((?:gains|loses) \d+ \w+)", text)
    if m:
        return [_changes(m.group(1)), _changes(m.group(2))]
    raise NoMatch(text)


@rule(r"(?P<this>this turn, )?(?P<who>.+?) (?P<ch>either gains or loses \d+ \w+|(?:gains|loses) \d+ \w+ or (?:(?:gains|loses) )?\d+ \w+)(?: and (?P<also>(?:gains|loses) \d+ \w+))?(?P<last> this turn)?\.")
def _modify_either(m: re.Match[str]) -> Any:
    doc: Doc = {"modify_either": _either_changes(m.group("ch")), "card": _target(m.group("who"))}
    if m.group("also"):
        doc["also"] = _changes(m.group("also"))
    return _timed(doc, m)


@rule(r"(?P<this>this turn, )?(?P<who>.+?) (?P<kwv>gains|loses) (?P<kw>covert) and (?P<ch>(?:gains|loses) [^,]+?)(?P<last> this turn)?\.")
def _keyword_then_stats(m: re.Match[str]) -> Any:
    doc: Doc = {"modify": _changes(m.group("ch")), "card": _target(m.group("who")),
                "keyword": {m.group("kwv")[:-1]: "covert"}, "keyword_first": True}
    return _timed(doc, m)


@rule(r"(?P<this>this turn, )?(?P<who>.+?) (?P<ch>(?:gains|loses) \d[^C]*?),? and (?:(?P<kwv>gains|loses) )?(?P<kw>Covert)(?P<last> this turn)?\.")
def _stats_then_keyword(m: re.Match[str]) -> Any:
    said = m.group("ch")
    changes = _changes(said)
    if ", " in said or m.group("kwv"):
        changes["commas"] = True
    verb = m.group("kwv") or said.split()[0]
    doc: Doc = {"modify": changes, "card": _target(m.group("who")), "keyword": {verb[:-1]: "covert"}}
    return _timed(doc, m)


@rule(r"(?P<this>this turn, )?(?P<who>.+?) (?P<verb>gains?|loses?|gain|lose) (?P<kw>covert|tactical)(?P<last> this turn| until the start of your next turn)?\.")
def _keyword(m: re.Match[str]) -> Any:
    key = "gain" if m.group("verb").lower().startswith("gain") else "lose"
    return _timed({key: m.group("kw").lower(), "card": _target(m.group("who"))}, m)


@rule(r"(?P<may>you may )?pick (?P<t>.+?)(?P<can> if you can)?(?:, where X is (?P<where>.+?))?\.")
def _pick(m: re.Match[str]) -> Any:
    found = _target(m.group("t"))
    if not isinstance(found, dict):
        raise NoMatch(m.group(0))
    doc = {"pick": found, **({"optional": True} if m.group("may") else {})}
    if m.group("can"):
        doc["if_you_can"] = True
    if m.group("where"):
        doc["where"] = _stat(m.group("where"))
    return doc


STAT_PHRASES = {"its strength": "strength", "its life": "life", "its speed": "speed", "its numeric cost": "numeric_cost",
                "its structure": "structure", "the number of tokens on it": "tokens"}


def _stat(phrase: str) -> Doc:
    stat = STAT_PHRASES.get(phrase.lower())
    if stat is not None:
        return {"stat": stat}
    m = re.fullmatch(r"the number of tokens on (this card|it|the character)", phrase, re.I)
    if m:
        return {"stat": "tokens", "of": {"this card": "self", "it": "it"}.get(m.group(1).lower()) or cards(m.group(1))}
    fixed = {v: k for k, v in FIXED_STATS.items()}
    if phrase.lower() in fixed:
        return {"stat": fixed[phrase.lower()]}
    parts = re.fullmatch(r"(.+) minus (the number of .+|\d+)", phrase)
    if parts:
        minus = int(parts.group(2)) if parts.group(2).isdigit() else _stat(parts.group(2))
        return {**_stat(parts.group(1)), "minus": minus}
    twice = re.fullmatch(r"twice (.+)", phrase)
    if twice:
        return {**_stat(twice.group(1)), "twice": True}
    half = re.fullmatch(r"half (.+), rounded up", phrase)
    if half:
        return {**_stat(half.group(1)), "half": True}
    m = re.fullmatch(r"the number of (.+?)", phrase)
    if m and not m.group(1).startswith(("[", "tokens")):
        counted = cards("all " + m.group(1))
        if isinstance(counted, dict):
            return {"stat": "count", "of": counted}
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


@rule(r"pay (?P<n>\d+|X|X\+X|X\+X\+X|\d+\+X)(?:, where X is (?P<where>.+?))?\.")
def _pay(m: re.Match[str]) -> Any:
    doc: Doc = {"pay": _n(m.group("n"))}
    if m.group("where"):
        doc["where"] = _stat(m.group("where"))
    return doc


@rule(r"choose a number for X(?: that is (?:less than or equal to (?P<le>.+?)|greater than (?P<gt>\d+)|(?P<n>\d+) or less))?\.")
def _choose_x(m: re.Match[str]) -> Any:
    doc: Doc = {"choose_x": True}
    if m.group("le"):
        doc["at_most"] = _stat(m.group("le"))
    elif m.group("gt"):
        doc["greater_than"] = int(m.group("gt"))
    elif m.group("n"):
        doc["at_most"] = int(m.group("n"))
    return doc


@rule(r"search (?P<whose>your|your opponent's|their) deck for (?P<t>.+?)(?P<rev> and reveal it)?(?P<then>, reveal it, and put it into your hand| and put them into play)?\.")
def _search(m: re.Match[str]) -> Any:
    doc: Doc = {"search": _target(m.group("t"))}
    if not isinstance(doc["search"], dict):
        raise NoMatch(m.group(0))
    if m.group("whose").lower() != "your":
        doc["deck"] = "opponent" if m.group("whose").lower() != "their" else "their"
    if m.group("then"):
        doc["then"] = "into_play" if "play" in m.group("then") else "reveal_and_hand"
    if m.group("rev"):
        doc["and_reveal"] = True
    return doc


@rule(r"reveal (?P<t>.+?)\.")
def _reveal(m: re.Match[str]) -> Any:
    return {"reveal": _target(m.group("t"))}


@rule(r"look at (?P<t>.+?)\.")
def _look(m: re.Match[str]) -> Any:
    hands = {"your opponent's hand": "opponent_hand", "your hand": "your_hand",
             "your opponent's hand, the top card of their deck, and their face-down resources":
                 "opponent_hand_deck_top_resources"}
    t = m.group("t").lower()
    return {"look_at": hands[t] if t in hands else _target(m.group("t"))}


@rule(r"flip (?P<t>.+?) face-(?P<face>down|up) under (?P<under>its owner's|your) control\.")
def _flip(m: re.Match[str]) -> Any:
    doc: Doc = {"flip": _target(m.group("t"))}
    if m.group("face").lower() != "down":
        doc["face"] = "up"
    if m.group("under").lower() == "your":
        doc["under"] = "you"
    return doc


@rule(r"attach (?P<t>.+?) to (?P<to>.+?)\.")
def _attach(m: re.Match[str]) -> Any:
    return {"attach": _target(m.group("t")), "to": _target(m.group("to"))}


ACTS = {"take control of this card": "take_control_of_self", "be played": "be_played", "be used again": "be_used_again","be restored by its controller's faction's restore rule": "be_restored_by_controller_rule",
        "be restored by your faction's restore rule": "be_restored_by_your_rule",
        "attack": "attack", "block": "block", "be blocked": "be_blocked", "be picked": "be_picked",
        "attack your faction": "attack_your_faction", "pick this card": "pick_self", "draw cards": "draw",
        "be restored": "be_restored",
        "be attacked": "be_attacked", "leave play": "leave_play", "be destroyed": "be_destroyed"}


@rule(r"(?P<this>this turn, )?(?P<who>.+?) cannot (?P<acts>.+?)(?P<last> until the start of your next turn| this turn)?\.")
def _cannot(m: re.Match[str]) -> Any:
    who, acts = m.group("who"), m.group("acts")
    if re.fullmatch(r"respond to this card", acts, re.I):
        return {"cannot": ["respond"], "who": "opponent" if who.lower() == "your opponent" else _target(who)}
    names = [ACTS.get(a.strip().lower()) for a in re.split(r",? or |, ", acts)]
    if None in names:
        raise NoMatch(acts)
    doc: Doc = {"cannot": names, "who": "opponent" if who.lower() == "your opponent" else
                "you" if who.lower() == "you" else _target(who)}
    if m.group("this"):
        doc["until"] = "turn"
    if m.group("last"):
        doc["until"] = "next_turn" if "next" in m.group("last") else "turn"
        doc["until_last"] = True
    return doc


@rule(r"this card can attack even if it has not been in play under your control since the start of the turn\.")
def _haste(m: re.Match[str]) -> Any:
    return {"can": "attack_at_once"}


CAN = {v.format(self="this card").lower() + ".": k for k, v in CAN_WORDS.items()}


@rule(r"(?P<all>.+\.)")
def _can(m: re.Match[str]) -> Any:
    key = CAN.get(m.group("all").lower())
    if key is None:
        raise NoMatch(m.group(0))
    return {"can": key}


@rule(r"if they do, (?P<rest>.+)")
def _if_they_do(m: re.Match[str]) -> Any:
    return {"if_they_do": sentences(_cap(m.group("rest")))}


@rule(r"if they don't, (?P<rest>.+)")
def _if_they_dont(m: re.Match[str]) -> Any:
    return {"if_they_dont": sentences(_cap(m.group("rest")))}


@rule(r"if there is a tie, you decide which character (?P<what>is destroyed|gets the token|is affected)\.")
def _tie(m: re.Match[str]) -> Any:
    return {"tie_break": m.group("what").lower()}


@rule(r"double the number of tokens on (?P<t>.+?)\.")
def _double(m: re.Match[str]) -> Any:
    return {"double_tokens": _target(m.group("t"))}


@rule(r"detach it from your faction\.")
def _detach_it(m: re.Match[str]) -> Any:
    return {"detach": "it"}


@rule(r"if you do and (?P<cond>[^,]+), (?P<rest>.+)")
def _if_you_do_and(m: re.Match[str]) -> Any:
    return {"if_you_do_and": condition(m.group("cond")), "then": sentences(_cap(m.group("rest")))}


@rule(r"when this card enters play (?P<rest>.+)")
def _when_it_enters(m: re.Match[str]) -> Any:
    return {"when_it_enters_play": sentence_ops(_cap(m.group("rest")))}


@rule(r"pick a number for X, where X is less than or equal to (?P<stat>.+?)\.")
def _pick_x(m: re.Match[str]) -> Any:
    return {"pick_x": _stat(m.group("stat"))}


@rule(r"if you don't, (?P<rest>.+)")
def _if_you_dont(m: re.Match[str]) -> Any:
    return {"if_you_dont": sentences(_cap(m.group("rest")))}


@rule(r"this card can attack only once each turn\.")
def _once(m: re.Match[str]) -> Any:
    return {"can": "attack_once_each_turn"}


@rule(r"you may play this card whenever you could play a tactic\.")
def _as_tactic(m: re.Match[str]) -> Any:
    return {"can": "play_as_tactic"}


@rule(r"reduce the next item's or item's ability's numeric cost you pay this turn by (?P<n>\d+|X)\.")
def _reduce_item(m: re.Match[str]) -> Any:
    return {"reduce_next_cost": _n(m.group("n")), "of": "item_or_ability"}


@rule(r"change the target of your opponent's attack to (?P<t>.+?)\.")
def _retarget(m: re.Match[str]) -> Any:
    return {"change_attack_target": _target(m.group("t"))}


@rule(r"reduce the next numeric cost you pay this turn by (?P<n>\d+|X)\.")
def _reduce(m: re.Match[str]) -> Any:
    return {"reduce_next_cost": _n(m.group("n"))}


@rule(r"reduce the numeric cost of the next card you play this turn by (?P<n>\d+|X)\.")
def _reduce_card(m: re.Match[str]) -> Any:
    return {"reduce_next_cost": _n(m.group("n")), "of": "card"}


@rule(r"(?P<who>this card|it) (?P<verb>enters|comes into) play with (?:a token|(?P<n>\d+|X) tokens?) on it\.")
def _enters_with(m: re.Match[str]) -> Any:
    doc: Doc = {"enters_with_tokens": _n(m.group("n") or "1")}
    if m.group("verb").lower() == "comes into":
        doc["comes"] = True
    if m.group("n") == "1":
        doc["numeral"] = True
    if m.group("who").lower() == "it":
        doc["subject"] = "it"
    return doc


@rule(r"play a resource\.")
def _resource(m: re.Match[str]) -> Any:
    return {"play_resource": 1}


@rule(r"terminate the ability\.")
def _terminate(m: re.Match[str]) -> Any:
    return {"terminate": "previous"}


def _phrase_patterns(words: dict[str, str]) -> list[tuple[re.Pattern[str], str]]:
    """Fixed phrases with an optional number {n}, as patterns (the key of the phrase matched)."""
    out = []
    for key, text in words.items():
        pattern = re.escape(text.format(self="this card", n="{n}")).replace(r"\{n\}", r"(?P<n>\d+|X)")
        out.append((re.compile(rf"^{pattern}$", re.I), key))
    return out


ONLY = _phrase_patterns(ONLY_WORDS)
STATES = _phrase_patterns(STATE_WORDS)


def _phrase(patterns: list[tuple[re.Pattern[str], str]], text: str) -> tuple[str, int | None] | None:
    for pattern, key in patterns:
        m = pattern.match(text)
        if m:
            n = m.groupdict().get("n")
            return key, (int(n) if n.isdigit() else n) if n else None
    return None


@rule(r"(?P<verb>use|play) this (?P<rest>only .+?)\.")
def _only(m: re.Match[str]) -> Any:
    found = _phrase(ONLY, m.group("rest"))
    if found is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"only": found[0], "verb": m.group("verb").lower()}
    if found[1] is not None:
        doc["n"] = found[1]
    return doc


CONDITIONS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = [
    (re.compile(r"^there (?:is a token|are no tokens) on (?P<t>this card|it|the attached character)$", re.I),
     lambda m: {"token_on": cards(m.group("t")), **({"none": True} if "no tokens" in m.group(0) else {})}),
    (re.compile(r"^you control (?P<least>at least )?(?P<icons>(?:\[[OGEDRV]\])+)$"),
     lambda m: {"control_icons": _icons(m.group("icons")), **({"at_least": True} if m.group("least") else {})}),
    (re.compile(r"^there are at least (?P<n>\d+) tokens on (?P<t>this card|it)$", re.I),
     lambda m: {"token_on": cards(m.group("t")), "at_least": int(m.group("n"))}),
    (re.compile(r"^(?P<t>it|the character) has (?P<n>\d+|X) (?P<stat>strength|life|speed)$", re.I),
     lambda m: {"has": {"stat": m.group("stat").lower()}, "subject": _target(m.group("t")), "exactly": _n(m.group("n"))}),
    (re.compile(r"^(?P<who>you|your opponent) controls? (?P<no>no )?(?P<t>.+)$", re.I),
     lambda m: {"control": _selector(("a " if m.group("no") else "") + m.group("t")),
                "who": "you" if m.group("who").lower() == "you" else "opponent",
                **({"negated": True} if m.group("no") else {})}),
    (re.compile(r"^(?P<t>.+?) has (?P<n>\d+|X\+X|X) (?P<stat>strength|life|speed|structure) or (?P<dir>less|more)$", re.I),
     lambda m: {"has": {"stat": m.group("stat").lower()}, "subject": _target(m.group("t")),
                ("at_most" if m.group("dir").lower() == "less" else "at_least"): _n(m.group("n"))}),
    (re.compile(r"^(?P<t>.+?) has numeric cost (?P<n>\d+|X) or (?P<dir>less|more)$", re.I),
     lambda m: {"has": {"stat": "numeric_cost"}, "subject": _target(m.group("t")),
                ("at_most" if m.group("dir").lower() == "less" else "at_least"): _n(m.group("n"))}),
]


def _selector(phrase: str) -> Doc:
    found = cards(phrase)
    if not isinstance(found, dict):
        raise NoMatch(phrase)
    return found


def condition(text: str) -> Doc:
    found = _phrase(STATES, text)
    if found is not None:
        return {"during": found[0], **({"n": found[1]} if found[1] is not None else {})}
    for pattern, build in CONDITIONS:
        m = pattern.match(text)
        if m:
            return build(m)
    raise NoMatch(text)


@rule(r"(?P<this>this turn, )?while (?P<cond>[^,]+), (?P<rest>.+)")
def _while(m: re.Match[str]) -> Any:
    doc: Doc = {"while": condition(m.group("cond")), "then": sentences(_cap(m.group("rest")))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


@rule(r"if (?P<cond>(?!you do\b|you win\b|they do\b|there is a tie\b)[^,]+), (?P<rest>.+)")
def _if(m: re.Match[str]) -> Any:
    return {"if": condition(m.group("cond")), "then": sentences(_cap(m.group("rest")))}


@rule(r"flip a coin\.")
def _coin(m: re.Match[str]) -> Any:
    return {"flip_coin": True}


@rule(r"if you lose, (?P<rest>.+)")
def _lose(m: re.Match[str]) -> Any:
    return {"if_you_lose": sentences(_cap(m.group("rest")))}


@rule(r"remove (?P<n>\d+|X) damage from (?P<t>.+?)\.")
def _heal(m: re.Match[str]) -> Any:
    return {"heal": _n(m.group("n")), "card": _target(m.group("t"))}


@rule(r"(?:(?P<until>until the start of your next turn), )?treat (?P<t>.+?) as though it has no rules text\.")
def _blank(m: re.Match[str]) -> Any:
    doc: Doc = {"blank": _target(m.group("t"))}
    if m.group("until"):
        doc["until"] = "next_turn"
    return doc


@rule(r"if you win, (?P<rest>.+)")
def _win(m: re.Match[str]) -> Any:
    return {"if_you_win": sentences(_cap(m.group("rest")))}


@rule(r"otherwise, (?P<rest>.+)")
def _otherwise(m: re.Match[str]) -> Any:
    return {"otherwise": sentences(_cap(m.group("rest")))}


@rule(r"(?P<name>X|Y) is (?P<twice>twice )?(?P<v>\d+|.+?)\.")
def _x_is(m: re.Match[str]) -> Any:
    v = m.group("v")
    doc: Doc = {"x_is": int(v) if v.isdigit() else _stat(v)}
    if m.group("name") == "Y":
        doc["name"] = "Y"
    if m.group("twice"):
        doc["twice"] = True
    return doc


@rule(r"detach (?P<up>up to )?(?P<n>a|\d+|X|all) resources? from your faction\.")
def _detach(m: re.Match[str]) -> Any:
    n = m.group("n").lower()
    doc: Doc = {"detach": "all" if n == "all" else _n(m.group("n"))}
    if m.group("up"):
        doc["up_to"] = True
    return doc


@rule(r"put them back in any order\.")
def _put_back(m: re.Match[str]) -> Any:
    return {"put_back": "any_order"}


@rule(r"shuffle (?P<whose>your|your opponent's) deck\.")
def _shuffle(m: re.Match[str]) -> Any:
    return {"shuffle": "you" if m.group("whose").lower() == "your" else "opponent"}


@rule(r"shuffle (?P<t>.+?) into (?P<whose>its owner's|your) deck\.")
def _shuffle_in(m: re.Match[str]) -> Any:
    doc: Doc = {"shuffle_into_deck": _target(m.group("t"))}
    if m.group("whose").lower() == "your":
        doc["into_yours"] = True
    return doc


@rule(r"put (?P<what>this card|that tactic) into play under its owner's control as a face-down resource instead of into (?P<whose>their|its owner's) discard pile\.")
def _as_resource(m: re.Match[str]) -> Any:
    doc: Doc = {"resolve_as_resource": True}
    if m.group("what").lower() == "that tactic":
        doc["what"] = "that tactic"
    if m.group("whose").lower() != "their":
        doc["whose"] = "its owner's"
    return doc


@rule(r"it must have (?:(?P<kind>only|at least) (?P<n>\d+) members?|an even number of members)\.")
def _party(m: re.Match[str]) -> Any:
    if m.group("kind") is None:
        return {"party_size": "even"}
    return {"party_size": m.group("kind").replace(" ", "_"), "n": int(m.group("n"))}


@rule(r"(?P<t>.+?) enters play under your control\.")
def _enters_under_you(m: re.Match[str]) -> Any:
    return {"enters_under_you": _target(m.group("t"))}


COST_OF = {"characters you play": "characters", "items you play": "items", "tactics you play": "tactics",
           "your faction's abilities": "faction_abilities"}


@rule(r"(?:(?P<active>reduce) )?the numeric cost of (?P<of>.+?) (?:is reduced )?by (?P<n>\d+)(?:, to a minimum of (?P<min>\d+))?\.")
def _reduce_cost(m: re.Match[str]) -> Any:
    of = COST_OF.get(m.group("of").lower())
    if of is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"reduce_cost": int(m.group("n")), "of": of}
    if m.group("min"):
        doc["minimum"] = int(m.group("min"))
    if not m.group("active"):
        doc["passive"] = True
    return doc


@rule(r"your opponent picks (?P<t>.+?)(?P<can> if they can)?\.")
def _they_pick(m: re.Match[str]) -> Any:
    doc: Doc = {"they_pick": _selector(m.group("t"))}
    if m.group("can"):
        doc["if_they_can"] = True
    return doc


@rule(r"your opponent reveals their hand\.")
def _reveal_hand(m: re.Match[str]) -> Any:
    return {"reveal_hand": "opponent"}


@rule(r"attack your opponent\.")
def _attack(m: re.Match[str]) -> Any:
    return {"attack_player": "opponent"}


@rule(r"choose a card type\.")
def _card_type(m: re.Match[str]) -> Any:
    return {"choose_card_type": True}


@rule(r"play (?P<t>.+?)(?P<free> for free)?\.")
def _play_card(m: re.Match[str]) -> Any:
    doc: Doc = {"play_card": _target(m.group("t"))}
    if m.group("free"):
        doc["free"] = True
    return doc


@rule(r"name a (?P<kind>card|non-resource card|card subtype)\.")
def _name_card(m: re.Match[str]) -> Any:
    kind = m.group("kind").lower()
    return {"name_a_card": True, **({"kind": kind} if kind != "card" else {})}


TAXED_ON = {v.format(n="{n}"): k for k, v in TAXED.items()}


@rule(r"(?P<who>your opponent|the attached character's controller|players) must pay (?P<n>\d+) to (?P<act>.+?)\.")
def _tax(m: re.Match[str]) -> Any:
    key = TAXED_ON.get(f"{m.group('who').lower()} must pay {{n}} to {m.group('act').lower()}")
    if key is None:
        raise NoMatch(m.group(0))
    return {"tax": int(m.group("n")), "on": key}


REDUCED_BY = {v: k for k, v in REDUCED.items()}


@rule(r"(?P<this>this turn, )?reduce (?P<what>.+?) to (?P<n>\d+)\.")
def _reduce_all(m: re.Match[str]) -> Any:
    key = REDUCED_BY.get(m.group("what"))
    if key is None:
        raise NoMatch(m.group(0))
    doc: Doc = {"reduce_all_damage": key, "to": int(m.group("n"))}
    if m.group("this"):
        doc["until"] = "turn"
    return doc


@rule(r"reduce the next damage inflicted to (?P<t>.+?) this turn by (?P<n>\d+)\.")
def _reduce_next_damage(m: re.Match[str]) -> Any:
    return {"reduce_next_damage": int(m.group("n")), "to": _target(m.group("t"))}


@rule(r"duplicate (?P<t>.+?)\.")
def _duplicate(m: re.Match[str]) -> Any:
    if m.group("t").lower() == "the last tactic played this turn":
        return {"duplicate": "last_tactic"}
    return {"duplicate": _target(m.group("t"))}


@rule(r"choose (?P<t>.+?)(?P<among> among them)?(?P<rev> and reveal it)?\.")
def _choose_card(m: re.Match[str]) -> Any:
    doc: Doc = {"choose_card": _selector(m.group("t"))}
    if m.group("among"):
        doc["among_them"] = True
    if m.group("rev"):
        doc["and_reveal"] = True
    return doc


@rule(r"(?P<this>this turn, )?the next (?P<n>\d+) damage inflicted to (?P<src>.+?)(?P<late> this turn)? is inflicted to (?P<dst>.+?) instead\.")
def _redirect(m: re.Match[str]) -> Any:
    if bool(m.group("this")) == bool(m.group("late")):
        raise NoMatch(m.group(0))
    doc: Doc = {"redirect": int(m.group("n")), "source": _target(m.group("src")), "to": _target(m.group("dst"))}
    if m.group("late"):
        doc["this_turn_first"] = False
    return doc


@rule(r"use an ability\.")
def _use_ability(m: re.Match[str]) -> Any:
    return {"use_ability": True}


@rule(r"remove all tokens from (?P<t>.+?)\.")
def _no_tokens(m: re.Match[str]) -> Any:
    return {"tokens": "-all", "card": _target(m.group("t"))}


@rule(r"terminate (?P<t>.+?)\.")
def _terminate_it(m: re.Match[str]) -> Any:
    return {"terminate": _target(m.group("t"))}


@rule(r"put (?P<t>.+?) on the bottom\.")
def _bottom(m: re.Match[str]) -> Any:
    return {"put": _target(m.group("t")), "to": "bottom"}


@rule(r"look at your opponent's hand and (?P<verb>choose|pick) (?P<t>.+?) in it\.")
def _look_choose(m: re.Match[str]) -> Any:
    doc: Doc = {"look_at": "opponent_hand", "choose": _selector(m.group("t"))}
    if m.group("verb").lower() == "pick":
        doc["verb"] = "pick"
    return doc


@rule(r"(?P<verb>increase|reduce) (?P<what>the amount|it) (?P<how>by|to) (?P<n>\d+)\.")
def _adjust(m: re.Match[str]) -> Any:
    n = int(m.group("n"))
    if m.group("how").lower() == "to":
        return {"adjust_amount": n, "to": True, **({"it": True} if m.group("what") == "it" else {})}
    if m.group("what") == "it":
        raise NoMatch(m.group(0))
    return {"adjust_amount": n if m.group("verb").lower() == "increase" else -n}


@rule(r"(?P<who>your opponent|that player|their opponent) may (?P<rest>.+)")
def _they_may(m: re.Match[str]) -> Any:
    who = {"your opponent": "opponent", "that player": "that_player", "their opponent": "their_opponent"}
    return {"may": sentences(_cap(m.group("rest"))), "who": who[m.group("who").lower()]}


@rule(r"(?P<op>.+?) if (?P<cond>it has .+?)(?:, where X is (?P<where>.+?))?\.")
def _provided(m: re.Match[str]) -> Any:
    doc: Doc = {"provided": condition(m.group("cond")), "then": sentence_ops(_cap(m.group("op")) + ".")}
    if m.group("where"):
        doc["where"] = _stat(m.group("where"))
    return doc


@rule(r"you may (?P<rest>.+)")
def _may(m: re.Match[str]) -> Any:
    return {"may": sentences(_cap(m.group("rest")))}


@rule(r"if you do, (?P<rest>.+)")
def _if_you_do(m: re.Match[str]) -> Any:
    return {"if_you_do": sentences(_cap(m.group("rest")))}


@rule(r"(?P<a>.+?) and (?P<b>(?:draw|inflict|destroy|deplete|restore|remove|put|pay|discard|reveal|search|look|play|shuffle|detach|flip|attach|your faction|your opponent's faction|their opponent may|Y is) .+)")
def _and(m: re.Match[str]) -> Any:
    return {"and": sentence_ops(_cap(m.group("a")) + ".") + sentence_ops(_cap(m.group("b")))}


@rule(r"(?P<op>.+?), where X is (?P<where>.+?)\.")
def _where_x(m: re.Match[str]) -> Any:
    return {"x_where": _stat(m.group("where")), "then": sentence_ops(_cap(m.group("op")) + ".")}


@rule(r"(?P<a>.+?) or (?P<b>(?:draw|inflict|destroy|deplete|restore|remove|put|pay|discard|reveal|play) .+)")
def _or(m: re.Match[str]) -> Any:
    return {"or": sentence_ops(_cap(m.group("a")) + ".") + sentence_ops(_cap(m.group("b")))}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence_ops(text: str) -> list[Doc]:
    """One printed sentence as operations; raises NoMatch when no rule reads it (or what a rule
    read does not say the sentence again)."""
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."  # a printed sentence that lost its full stop reads the same
    for pattern, build in RULES:
        m = pattern.match(text.strip())
        if not m:
            continue
        try:
            built = build(m)
        except NoMatch:
            continue
        docs = built if isinstance(built, list) else [built]
        try:
            nodes = parse_effects(docs, "spoils")
        except EffectError:
            continue
        if normalise(" ".join(n.words(SAY) for n in nodes)) == normalise(text):
            return docs
    raise NoMatch(text)


def split_sentences(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"(?<=[.!])\s+(?=[A-Z\[\"0-9])", text.strip()) if p.strip()]


def sentences(text: str) -> list[Doc]:
    """Every sentence of ``text`` as operations.  Raises NoMatch naming the first it cannot read."""
    out: list[Doc] = []
    for s in split_sentences(text):
        out.extend(sentence_ops(s))
    return out


# ------------------------------------------------------------------------------ paragraphs

def _trigger_patterns() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for when, words in TRIGGER_WORDS.items():
        head = re.escape(words.format(self="this card", icons="{icons}", n="{n}")).replace(r"\{icons\}", ICONS)
        head = head.replace(r"\{n\}", r"(?P<n>\d+)")
        out.append((re.compile(rf"^{head}, ?(?P<rest>.+)$", re.I | re.S), when))  # "from play,you may" (Geiseric)
    return out


ICONS = r"((?:\[[OGEDRV]\])+)"
TRIGGERS = _trigger_patterns()
KEYWORD_LINES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Doc]]] = [
    (re.compile(r"^(COVERT|TACTICAL|HANDOFF)$"), lambda m: {"keyword": m.group(1).lower()}),
    (re.compile(r"^UNIQUE (.+)$"), lambda m: {"keyword": "unique", "value": m.group(1).strip()}),
    (re.compile(r"^ATTACH to (\w+)$"), lambda m: {"keyword": "attach", "value": m.group(1)}),
    (re.compile(rf"^(FLIP UP|RECUR|RETIRE): (?:(\d+) )?{ICONS}?(?: and (.+))?$"), lambda m: _costed_keyword(m)),
    (re.compile(rf"^(?:PROVIDES:|Provides -) {ICONS}\.?$"), lambda m: {"keyword": "provides",
                                                                        "threshold": _icons(m.group(1))}),
    (re.compile(r"^Influence (\d+)$"), lambda m: {"influence": int(m.group(1))}),
    (re.compile(r"^STARTING RESOURCES: (Any )?(.+)\.$"), lambda m: {"starting_resources": [
        [int(n), name] for n, name in re.findall(r"(\d+) ([^,]+)", m.group(2))], **({"any": True} if m.group(1) else {})}),
    (re.compile(r"^STARTING DRAW: (\d+) going first, (\d+) going second\.$"),
     lambda m: {"starting_draw": [int(m.group(1)), int(m.group(2))]}),
    (re.compile(r"^(RESTORE|DEVELOP) RULE: .+$"), lambda m: {"faction_rule": m.group(1).lower()}),
]
REPLACED = {v.format(self="this card"): k for k, v in INSTEAD.items()}
_REPLACEMENT = re.compile(r"^If (?P<who>this card|a character|the attached character) is (?P<way>destroyed|put into its owner's hand|removed from the game|put into a discard pile from play|put into your discard pile|put into a player's hand), "
                          r"(?P<do>.+) instead\.$", re.I)


def _icons(text: str | None) -> str:
    return "".join(re.findall(r"\[([OGEDRV])\]", text or ""))


def _costed_keyword(m: re.Match[str]) -> Doc:
    doc: Doc = {"keyword": m.group(1).lower().replace(" ", "_")}
    if m.group(2):
        doc["cost"] = int(m.group(2))
    if m.group(3):
        doc["threshold"] = _icons(m.group(3))
    if m.group(4):
        doc["then"] = sentences(_cap(m.group(4)))
    return doc


def paragraph(text: str, tactic: bool) -> Doc:
    """A paragraph of sentences: a keyword line, a trigger, a threshold ability, or effects
    (a tactic's play, a permanent's continuous effects).  Raises NoMatch."""
    text = " ".join(text.split()).replace("\u2019", "'")
    for pattern, build in KEYWORD_LINES:
        m = pattern.match(text)
        if m:
            return build(m)
    m = re.match(r"^If there are no tokens on this card and it's destroyed, (?P<do>.+) instead\.$", text)
    if m and m.group("do").lower() in REPLACED:
        return {"instead_of": "destroy", "do": REPLACED[m.group("do").lower()], "if_no_tokens": True}
    m = _REPLACEMENT.match(text)
    optional = bool(m and m.group("do").lower().startswith("you may "))
    if optional:
        m = _REPLACEMENT.match(text.replace(", you may ", ", ", 1))
    if m and m.group("do").lower() in REPLACED:
        way = {"destroyed": "destroy", "put into its owner's hand": "hand", "removed from the game": "removed",
               "put into a discard pile from play": "discard_from_play", "put into your discard pile": "your_discard",
               "put into a player's hand": "a_players_hand"}
        doc = {"instead_of": way[m.group("way").lower()], "do": REPLACED[m.group("do").lower()]}
        if m.group("who").lower() != "this card":
            doc["applies_to"] = cards(m.group("who"))
        if optional:
            doc["optional"] = True
        return doc
    m = re.match(rf"^{ICONS}: (?P<rest>.+)$", text)
    if m:
        return {"requires": _icons(m.group(1)), "then": [paragraph(m.group("rest"), tactic)]}
    m = re.match(r'^(?P<who>All \w+) gain the rules text "(?P<quoted>.+)"\.?$', text)
    if m and isinstance(cards(m.group("who")), dict):  # Lodge Dock Florist
        return {"static": [{"gain_rules_text": cards(m.group("who")), "text": [paragraph(m.group("quoted"), False)]}]}
    for pattern, build in PARAGRAPHS:  # whole paragraphs a later rule module reads (convert_spoils_extra_2)
        m = pattern.match(text)
        if m:
            return build(m)
    if " effects any number of times: " in text:  # a token menu, one sentence with its lines (Voidal Poisoning)
        return {"play" if tactic else "static": sentence_ops(text)}
    if re.match(r"^When this card enter play, ", text):  # Intriguing Mezzanine prints "enter"
        return {**paragraph(text.replace(" enter play, ", " enters play, ", 1), tactic), "printed_enter": True}
    for pattern, when in TRIGGERS:
        m = pattern.match(text)
        if m:
            rest = m.group("rest")
            chooses = re.match(r"that player chooses one of the following: (OPTION 1: .+)$", rest)
            effect = [{"they_choose": [sentences(o) for o in re.split(r"\s*OPTION \d+: ", chooses.group(1))[1:]]}] \
                if chooses else sentences(_cap(rest))
            doc = {"when": when, "effect": effect}
            if "{icons}" in TRIGGER_WORDS[when]:
                doc["icons"] = _icons(m.group(1))
            if "{n}" in TRIGGER_WORDS[when]:
                doc["n"] = int(m.group("n"))
            return doc
    return {"play": sentences(text)} if tactic else {"static": sentences(text)}


def _is_name(line: str) -> bool:
    return bool(line) and line == line.upper() and not line.startswith(("COST:", "EFFECT:", "OPTION")) and \
        any(c.isalpha() for c in line)


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
CHOOSE_AS_TEXT = "Choose one of the following as this card's rules text:"
THEY_CHOOSE_AS_TEXT = "Your opponent chooses one of the following as this card's rules text:"


def blocks(text: str) -> list[list[str]]:
    """The printed text cut into abilities: a named ability (name, COST:, EFFECT:), a tactic's
    COST: and EFFECT: (even across a blank line), a choice of options (the rest of the text), or
    a paragraph."""
    lines = [ln.strip().translate(_QUOTES) for ln in _REMINDER.sub(" ", text or "").splitlines()]
    lines = [part.strip() for ln in lines if ln.strip()
             for part in (re.split(r"\s+(?=EFFECT: )", ln) if ln.startswith("COST:") else [ln])]
    for head in (CHOOSE_AS_TEXT, THEY_CHOOSE_AS_TEXT):
        if head in lines:
            at = lines.index(head)
            return [[ln] for ln in lines[:at]] + [lines[at:]]
    return _cut(lines)


def _cut(lines: list[str]) -> list[list[str]]:
    out: list[list[str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.endswith(("effects any number of times:", "number of tokens on this card:")):  # a token menu
            j = i + 1  # (Voidal Poisoning, Meat of the Mountain): its lines with it
            while j < len(lines) and re.match(r"(?:AT LEAST )?\d+ TOKENS?: ", lines[j]):
                j += 1
            out.append([" ".join(lines[i:j])])
            i = j
            continue
        if line.endswith("chooses one of the following:"):
            j = i + 1
            while j < len(lines) and re.match(r"OPTION \d+: ", lines[j]):
                j += 1
            out.append([" ".join(lines[i:j])])
            i = j
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _is_name(line) and nxt.startswith("COST:") and not any(p.match(line) for p, _ in KEYWORD_LINES):
            if i + 3 < len(lines) and lines[i + 3].startswith("EFFECT:") and not lines[i + 2].startswith("EFFECT:") \
                    and not _is_name(lines[i + 2]):  # a COST: printed on two lines (Tri-Pole Magnet)
                lines = lines[:i + 1] + [f"{nxt} {lines[i + 2]}"] + lines[i + 3:]
            take = 3 if i + 2 < len(lines) and lines[i + 2].startswith("EFFECT:") else 2
            out.append(lines[i:i + take])
            i += take
        elif line.startswith("COST:") and nxt.startswith("EFFECT:"):
            out.append(lines[i:i + 2])
            i += 2
        else:
            out.append([line])
            i += 1
    return out


_REMINDER = re.compile(r"\([^()]*\)")


def _choice(lines: list[str], tactic: bool) -> Doc:
    options: list[list[Doc]] = []
    for line in lines[1:]:
        if re.fullmatch(r"OPTION \d+", line):
            options.append([])
        elif not options:
            raise NoMatch(line)
        else:
            options[-1].append(line)  # type: ignore[arg-type]
    return {"choose": "one_as_rules_text",
            "options": [[block(b, tactic) for b in _cut(opt)] for opt in options]}  # type: ignore[arg-type]


def block(lines: list[str], tactic: bool) -> Doc:
    """One block as an ability document.  Raises NoMatch."""
    if lines[0] in (CHOOSE_AS_TEXT, THEY_CHOOSE_AS_TEXT):
        doc = _choice(lines, tactic)
        if lines[0] == THEY_CHOOSE_AS_TEXT:
            doc["choose"] = "opponent_one_as_rules_text"
        return doc
    if len(lines) >= 2 and lines[1].startswith("COST:"):
        name, _, icons = lines[0].strip("<>").partition(" [")
        icons = _icons("[" + icons) if icons else ""
        doc: Doc = {"ability": lines[0].strip() if not icons else name.strip(), "cost": sentences(lines[1][5:])}
        if icons:
            doc["threshold"] = icons
        doc["effect"] = sentences(lines[2][7:]) if len(lines) > 2 else []
        return doc
    if lines[0].startswith("COST:") and len(lines) == 1 and not tactic:
        return {"extra_cost": sentences(lines[0][5:])}
    if lines[0].startswith("COST:") and len(lines) == 2:
        return {"play": sentences(lines[1][7:]), "cost": sentences(lines[0][5:])}
    return paragraph(lines[0], tactic)


def convert(card_type: str | None, text: str | None) -> tuple[list[Doc], list[str]]:
    """The abilities a printed text converts to, and the printed lines it could not read."""
    tactic = (card_type or "").lower() == "tactic"
    abilities: list[Doc] = []
    missed: list[str] = []
    for lines in blocks(text or ""):
        try:
            doc = block(lines, tactic)
            [ability] = _ABILITY.validate_python([doc])
        except (NoMatch, ValidationError):
            missed.append(" ".join(lines))
            continue
        if normalise(ability.words(SAY)) == normalise(" ".join(lines)):
            abilities.append(doc)
        else:
            missed.append(" ".join(lines))
    return abilities, missed


def script_for(card_type: str | None, text: str | None) -> Doc:
    """A card's script document (``CardScript``'s fields): the converted abilities, and what
    the converter could not read as ``not_covered``."""
    abilities, missed = convert(card_type, text)
    doc: Doc = {"text_sha": text_sha(text), "abilities": abilities}
    if missed:
        doc["not_covered"] = missed
    return doc


def convert_catalog(catalog: Any) -> dict[str, Doc]:
    """Scripts for every Spoils card of ``catalog`` (its text in force today), by name."""
    out: dict[str, Doc] = {}
    for name in catalog.names("spoils"):
        card = catalog.effective("spoils", name)
        out[card.name] = script_for(card.printing.card_type, card.text)
    return out


def write(scripts: dict[str, Doc], path: Path) -> None:
    doc = {"game": "spoils",
           "source": "rulings/convert_spoils.py from the OCTGN set files (shared/data/spoils-octgn/sets), "
                     "each script rendering back to its printed text or listing what it does not cover",
           "cards": scripts}
    path.write_text("# The Spoils: card scripts written by rulings/convert_spoils.py (see rulings/data/README.md).\n"
                    + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None),
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    from rulings.cards import CardCatalog
    from rulings.importers import import_octgn_sets
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", type=Path, help="the folder of OCTGN set.xml files")
    parser.add_argument("--out", type=Path, default=(SCRIPTS_DIR / "spoils").with_suffix(".yaml"))
    args = parser.parse_args(argv)
    catalog = CardCatalog()
    import_octgn_sets(sorted(args.sets.glob("*.xml")), catalog)
    scripts = convert_catalog(catalog)
    write(scripts, args.out)
    partial = sum(1 for s in scripts.values() if s.get("not_covered"))
    print(f"{len(scripts)} scripts written to {args.out}; {partial} list sentences they do not cover")
    return 0


from rulings.convert_spoils_extra import register  # noqa: E402  (more sentence rules, registered into RULES)

register(sys.modules[__name__])

if __name__ == "__main__":
    sys.exit(main())
