"""Sentences that change a card: its stats, keywords, subtypes and types gained or lost, its rules
text blanked ("This card gains 2 strength this turn.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.amounts import changes_of, either_changes, for_each
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, sentence
from rulings.convert_spoils.nouns import cards, target
from rulings.convert_spoils.sentence_rules.durations import timed


@sentence(r"(?P<this>this turn,? )?(?P<who>.+?) (?P<also>also )?(?P<ch>(?:gains?|loses?) (?:an additional )?(?:(?:\d+|X|Y) (?:strength|life|speed|structure)(?:,? and |, )?(?:(?:gains?|loses?) )?)+)(?P<last> this turn)?(?P<each> for each .+?)?(?: and cannot (?P<cannot>attack|block|be blocked))?\.")
def modify(m: re.Match[str], read: Reader) -> Any:
    said = m.group("ch")
    changes = changes_of(said.replace(" an additional ", " "))
    if " an additional " in said:
        changes["additional"] = True
    if ", and " in said or re.search(r"\d \w+, \d", said):
        changes["commas"] = True
    if re.match(r"loses?", said) and re.search(r"gains?", said):
        changes["loses_first"] = True
    if m.group("also"):  # a change said again: "The character also gains 1 strength."
        changes["also"] = True
    doc: Doc = {"modify": changes, "card": target(m.group("who"))}
    if re.match(r"(gains|loses) ", said) and isinstance(doc["card"], dict) and doc["card"].get("plural"):
        doc["verb_as_printed"] = said.split()[0]
    if m.group("cannot"):
        doc["and_cannot"] = [m.group("cannot").replace(" ", "_")]
    if m.group("each"):
        doc["for_each"] = for_each(m.group("each"))
    return timed(doc, m)


@sentence(r"(?P<this>this turn, )?(?P<who>.+?) (?P<ch>either gains or loses \d+ \w+|(?:gains|loses) \d+ \w+ or (?:(?:gains|loses) )?\d+ \w+)(?: and (?P<also>(?:gains|loses) \d+ \w+))?(?P<last> this turn)?\.")
def modify_either(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"modify_either": either_changes(m.group("ch")), "card": target(m.group("who"))}
    if m.group("also"):
        doc["also"] = changes_of(m.group("also"))
    return timed(doc, m)


@sentence(r"(?P<this>this turn, )?(?P<who>.+?) (?:(?P<kwv1>gains|loses) (?P<kw1>covert) and (?P<ch1>(?:gains|loses) [^,]+?)"
          r"|(?P<ch>(?:gains|loses) \d[^C]*?),? and (?:(?P<kwv>gains|loses) )?(?P<kw>Covert))(?P<last> this turn)?\.")
def stats_and_keyword(m: re.Match[str], read: Reader) -> Any:
    """A stat change and a keyword gained or lost in one clause, in either order: any stat change the
    modify rule reads."""
    if m.group("ch1"):
        doc: Doc = {"modify": changes_of(m.group("ch1")), "card": target(m.group("who")),
                    "keyword": {m.group("kwv1")[:-1]: "covert"}, "keyword_first": True}
        return timed(doc, m)
    said = m.group("ch")
    changes = changes_of(said)
    if ", " in said or m.group("kwv"):
        changes["commas"] = True
    verb = m.group("kwv") or said.split()[0]
    doc = {"modify": changes, "card": target(m.group("who")), "keyword": {verb[:-1]: "covert"}}
    return timed(doc, m)


@sentence(r"(?P<this>this turn, )?(?P<who>.+?) (?P<verb>gains?|loses?|gain|lose) (?P<kw>covert|tactical)(?P<last> this turn| until the start of your next turn)?\.")
def keyword(m: re.Match[str], read: Reader) -> Any:
    key = "gain" if m.group("verb").lower().startswith("gain") else "lose"
    return timed({key: m.group("kw").lower(), "card": target(m.group("who"))}, m)


@sentence(r"(?:(?P<until>until the start of your next turn), )?treat (?P<t>.+?) as though it has no rules text\.")
def blank(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"blank": target(m.group("t"))}
    if m.group("until"):
        doc["until"] = "next_turn"
    return doc


@sentence(r"(?P<t>it|the character|this card) gains the \"(?P<sub>[a-z -]+)\" subtype\.")
def subtype(m: re.Match[str], read: Reader) -> Any:
    return {"gain_subtype": m.group("sub"), "card": target(m.group("t"))}


@sentence(r"(?P<a>all .+? characters) and (?P<b>\w+ characters) (?P<ch>(?:gain|lose) .+)\.")
def two_kinds(m: re.Match[str], read: Reader) -> Any:
    """One stat change for two kinds of characters named together: any two kinds the noun grammar reads."""
    kinds = [cards(m.group("a")), cards(m.group("b"))]
    if not all(isinstance(k, dict) for k in kinds):
        raise NoMatch(m.group(0))
    return {"modify_kinds": kinds, "changes": changes_of(m.group("ch").replace("gain ", "gains ")
                                                           .replace("lose ", "loses "))}


@sentence(r"(?:this turn, (?P<t>.+?) (?:(?P<gains>gains the \"character\" type and has)|is a \"(?P<sub>[a-z -]+)\" "
          r"character with) (?P<stats>.+?)|(?P<lost>.+?) loses the \"character\" type)\.")
def character_type(m: re.Match[str], read: Reader) -> Any:
    """A change of a card's type to or from character (208.1a, 208.3): any card named, any subtype, the
    statistics stated or equal to its numeric cost."""
    if m.group("lost"):
        return {"character_type": "loses", "card": target(m.group("lost"))}
    doc: Doc = {"character_type": "gains" if m.group("gains") else "is", "card": target(m.group("t"))}
    if m.group("sub"):
        doc["subtype"] = m.group("sub")
    return doc | _type_stats(m.group("stats"))


def _type_stats(said: str) -> Doc:
    """"3 strength, 3 life, and 3 speed"; "strength and life equal to its numeric cost and 3 speed"."""
    if stated := re.fullmatch(r"(\d+) strength, (\d+) life, and (\d+) speed", said):
        return dict(zip(("strength", "life", "speed"), map(int, stated.groups())))
    if cost := re.fullmatch(r"strength and life equal to its numeric cost and (\d+) speed", said):
        return {"strength": "numeric_cost", "life": "numeric_cost", "speed": int(cost.group(1))}
    raise NoMatch(said)
