"""Triggered paragraphs: "When this card enters play, ...", "At the start of your turn, ...", "If
a character you control is destroyed, ..." -- a trigger's words followed by the sentences they trigger.

A trigger is read as a grammar first (``happens``): an opener (``OPENERS``), a subject noun phrase
(this card, the attached character, or any phrase ``nouns.cards`` reads: quantity, adjectives, subtype,
types, whose) and an event of the effect language's closed set (``EVENTS``: its verb, "under your
control", "to <a noun phrase>"), or the start or end of whose turn.  A composition a name of the
language stands for (``ALIASES``) is written by that name; any other is written as the composition.
The triggers not yet composed are read by their whole words (``PHRASES``)."""
from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from adjudicator.effects.base import Say, normalise
from adjudicator.effects.happens import HANDS
from adjudicator.effects.triggers import (ALIASES, COUNTED, EVENTS, OF_SUBJECTS, PHRASES, PRINTED_AS, TRIGGER_WORDS,
                                         TURN_OF, Happens)
from rulings.convert_spoils.conditions import condition
from rulings.convert_spoils.grammar import ICONS, Doc, NoMatch, cap, icons_of
from rulings.convert_spoils.nouns import cards
from rulings.convert_spoils.reading import sentences


OPENERS = ("when", "whenever", "if")
"""The words a trigger opens with (503): a card may print any of them for the same event."""


def _phrase_patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each phrase's words as printed first; then, for those opening with one of ``OPENERS``, the
    same event under any opener (tried after every exact wording, so an event the table words twice,
    "when" and "if", keeps its own entry)."""
    exact, any_opener = [], []
    for when, words in PHRASES.items():
        head = re.escape(words.format(self="this card", icons="{icons}", n="{n}"))
        head = head.replace(r"\{icons\}", rf"(?P<icons>{ICONS})").replace(r"\{n\}", r"(?P<n>\d+)")
        exact.append((re.compile(rf"^{head}, ?(?P<rest>.+)$", re.I | re.S), when))  # "from play,you may" (Geiseric)
        first, _, event = head.partition(r"\ ")
        if first in OPENERS:
            opened = rf"(?P<opener>{'|'.join(OPENERS)})\ {event}"
            any_opener.append((re.compile(rf"^{opened}, ?(?P<rest>.+)$", re.I | re.S), when))
    return exact + any_opener


PHRASE_PATTERNS = _phrase_patterns()

_UNDER = r"(?: under (?P<under>your|your opponent's) control)?"
_TO = r"(?: to (?P<to>.+))?"
VERBS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^(?P<subject>.+?) (?P<verb>enters?) play{_UNDER}$", re.I), "enters_play"),
    (re.compile(r"^(?P<subject>.+?) leaves play$", re.I), "leaves_play"),
    (re.compile(r"^(?P<subject>.+?) is destroyed(?P<battle> by battle damage)?$", re.I), "destroyed"),
    (re.compile(r"^(?P<subject>.+?) is damaged$", re.I), "damaged"),
    (re.compile(r"^(?P<subject>.+?) attacks?$", re.I), "attacks"),
    (re.compile(r"^(?P<subject>.+?) blocks(?P<covert> a Covert party)?$", re.I), "blocks"),
    (re.compile(r"^(?P<subject>.+?) is blocked$", re.I), "blocked"),
    (re.compile(r"^(?P<subject>.+?) is picked$", re.I), "picked"),
    (re.compile(r"^(?P<subject>.+?) becomes depleted$", re.I), "becomes_depleted"),
    (re.compile(r"^(?P<subject>.+?) (?P<said>is depleted)$", re.I), "becomes_depleted"),
    (re.compile(r"^(?P<battle>battle )?(?P<passive>damage is inflicted to) (?P<subject>.+)$", re.I), "damaged"),
    (re.compile(r"^(?P<subject>.+?) is put into (?P<pile>your|a) discard pile from play$", re.I),
     "put_in_discard_from_play"),
    (re.compile(r"^(?P<subject>.+?) is put into (?P<pile>your|a) discard pile from anywhere$", re.I), "put_in_discard"),
    (re.compile(r"^(?P<subject>.+?) is put into (?P<hand>your|your opponent's|a player's) hand from play$", re.I),
     "put_in_hand_from_play"),
    (re.compile(r"^an effect controlled by (?P<by>you|your opponent) causes (?P<subject>.+?) to discard any number of "
                r"cards$", re.I), "discards"),
    (re.compile(rf"^(?P<subject>.+?) inflicts battle damage{_TO}$", re.I), "inflicts_battle_damage"),
    (re.compile(rf"^(?P<subject>.+?) inflicts damage{_TO}$", re.I), "inflicts_damage"),
    (re.compile(r"^(?P<subject>.+?) (?:is|are) attacked$", re.I), "attacked"),
    (re.compile(r"^(?P<subject>.+?) draws? any number of cards$", re.I), "draws"),
    (re.compile(r"^(?P<subject>.+?) plays? (?P<what>.+?)(?: attached to (?P<attached_to>.+))?$", re.I), "plays"),
    (re.compile(r"^(?P<passive>a coin is flipped)$", re.I), "flips_coin"),
    (re.compile(r"^(?P<subject>.+?) (?:flips?) a coin$", re.I), "flips_coin"),
    (re.compile(r"^(?P<subject>.+?) (?P<lost>loses?) a coin flip$", re.I), "flips_coin"),
    (re.compile(r"^(?P<subject>.+?) loses influence$", re.I), "loses_influence"),
    (re.compile(r"^any amount of (?P<passive>damage) greater than (?P<amount_over>\d+) is inflicted to (?P<subject>.+)$",
                re.I), "damaged"),
    (re.compile(r"^(?P<subject>.+?) has at least (?P<tokens>\d+) tokens on it$", re.I), "has_tokens"),
    (re.compile(r"^(?P<subject>.+?) is formed(?: including (?P<including>.+?)(?: and at least (?P<others>\d+) other "
                r"characters?)?)?$", re.I), "party_formed"),
    (re.compile(r"^(?P<subject>.+?) chooses? to put this card on the bottom of (?:your|their) deck as part of "
                r"(?:your|their) mulligan at the start of a game$", re.I), "puts_back_by_mulligan"),
]
"""Each event of ``EVENTS`` as printed after its subject."""
assert {e for _, e in VERBS} == set(EVENTS)
_TURN = re.compile(r"^at the (?P<time>start|end) of (?P<whose>each turn|your turn|your opponent's turn|each "
                   r"player's turn)$", re.I)
_WHOSE = {words: key for key, words in TURN_OF.items()}
_HEAD = re.compile(r"^(?P<opener>when|whenever|if|at) ", re.I)
TRIGGERS = [*VERBS, (_TURN, "turn"), *PHRASE_PATTERNS]
"""Every pattern a trigger's words are read with: the events after a subject, the times of a turn, the phrases."""


NOT_SUBJECTS = frozenset({"opponent", "ability", "faction"})
"""Nouns ``nouns.cards`` reads that are no card an event happens to (a faction is only damaged)."""


def _kinds(doc: Doc) -> list[str]:
    return doc["cards"] if isinstance(doc["cards"], list) else [doc["cards"]]


PLAYERS = {"you": "you", "your opponent": "opponent", "a player": "a_player"}
"""The players a trigger's subject may be, as printed."""


def _subject(phrase: str, things: bool = False) -> Any:
    """A trigger's subject (or what damage is inflicted to, or what is played: ``things``): ``self``,
    ``attached``, a player, or a selector document; None when the phrase is none of them."""
    if not things and phrase.lower() in PLAYERS:
        return PLAYERS[phrase.lower()]
    found = cards(phrase)
    if found == "self":
        return "self"
    if not isinstance(found, dict) or set(_kinds(found)) & ({"opponent", "ability"} if things else NOT_SUBJECTS):
        return None  # a player ("your opponent") is not a card
    if found.get("quantity") == "the" and found.get("adjectives") == ["attached"] and found["cards"] == "character" \
            and len(found) == 3:
        return "attached"
    if found.get("zone") not in (None, "play") or found.get("quantity") not in ("a", "an", "another", "bare") \
            or found.get("plural") or (isinstance(found["cards"], list) and not things):
        return None  # a trigger names one card at a time ("a character", not "characters" nor "up to 2")
    return found


def happens(head: str) -> tuple[str, Doc, bool] | None:
    """The opener, the composition and whether "enter" was printed for "enters", of a trigger's words
    ("If a character you control is destroyed"); None when they are not a subject and an event."""
    m = _TURN.match(head)
    if m:
        return "at", {"event": f"{m.group('time').lower()}_of_turn", "turn": _WHOSE[m.group("whose").lower()]}, False
    m = _HEAD.match(head)
    if not m or m.group("opener").lower() == "at":
        return None
    clause = head[m.end():]
    found = _event(clause) or _either(clause)
    return (m.group("opener").lower(), found[0], found[2]) if found else None


def _with_condition(head: str) -> tuple[str, Doc, bool, Doc] | None:
    """"If <condition> and <event>": a trigger that also needs a condition (503.1), the event's subject said once
    when the condition's is the same ("If you control at least [D] and choose to put this card ...")."""
    m = _HEAD.match(head)
    if not m or m.group("opener").lower() == "at":
        return None
    clause = head[m.end():]
    for split in re.finditer(r" and ", clause):
        said = clause[:split.start()]
        try:
            cond = condition(said)
        except NoMatch:
            continue
        rest = clause[split.end():]
        subject = said.split(" ", 1)[0]
        found = happens(f"{m.group('opener')} {subject} {rest}") or happens(f"{m.group('opener')} {rest}")
        if found is not None:
            return found[0], found[1], found[2], cond
    return None


def _either(clause: str) -> tuple[Doc, str, bool] | None:
    """"<subject> <verb> or <verb> [<the words they share>]": "this card enters or leaves play", "this card
    blocks or is blocked" -- one subject, two plain events."""
    for split in re.finditer(r" or ", clause):
        left, right = clause[:split.start()], clause[split.end():]
        words = right.split()
        for shared in range(len(words)):  # the words both verbs end with, said once after the second
            first = _event(" ".join([left, *words[len(words) - shared:]]))
            if first is None:
                continue
            second = _event(f"{first[1]} {right}")
            if second is None or second[0]["subject"] != first[0]["subject"]:
                continue
            doc = {**first[0], "or_event": second[0]["event"]}
            try:
                Happens.model_validate(doc)
            except ValidationError:
                continue
            if _words_back(doc, clause):
                return doc, first[1], first[2]
    return None


def _words_back(doc: Doc, clause: str) -> bool:
    """Whether the composition says the clause again (the shared words found are the right ones)."""
    return normalise(Happens.model_validate(doc).clause(Say(self_name="this card"))) == normalise(clause)


_WHEN_IT = re.compile(r"^(?P<clause>.+?)(?: during (?P<during>a battle)| while it's (?P<while>attacking|blocking)"
                      r"| in a party with more than (?P<more_than>\d+) members?)$",
                      re.I)
"""When the event happens, said after it: "during a battle", "while it's blocking"."""


def _event(clause: str) -> tuple[Doc, str, bool] | None:
    """One event of a subject: the composition, the subject's words, whether "enter" was printed."""
    said_when = _WHEN_IT.match(clause)
    if said_when:
        found = _event(said_when.group("clause"))
        if found is None:
            return None
        doc = {**found[0], **{k: v.lower() for k, v in said_when.groupdict().items() if k != "clause" and v}}
        if "more_than" in doc:
            doc["more_than"] = int(doc["more_than"])
        try:
            Happens.model_validate(doc)
        except ValidationError:
            return None
        return doc, found[1], found[2]
    for pattern, event in VERBS:
        v = pattern.match(clause)
        if v is None:
            continue
        groups = v.groupdict()
        subject = _subject_of(event, groups.get("subject"))
        if subject is None:
            continue
        doc: Doc = {"event": event, "subject": subject, **_parts(event, groups)}
        if None in (doc.get("including", ""), doc.get("attached_to", "")):
            continue  # a party formed including a card the trigger cannot name one at a time
        if groups.get("under"):
            doc["under"] = "you" if groups["under"].lower() == "your" else "opponent"
        if groups.get("said"):
            doc["said"] = groups["said"].lower()
        if groups.get("passive"):
            doc["passive"] = True
        if groups.get("battle"):
            doc["battle"] = True
        if groups.get("pile"):
            doc["pile"] = groups["pile"].lower()
        if groups.get("by"):
            doc["by"] = "you" if groups["by"].lower() == "you" else "opponent"
        if groups.get("hand"):
            doc["hand"] = {words: key for key, words in HANDS.items()}[groups["hand"].lower()]
        if groups.get("to"):
            to = _subject(groups["to"], things=True)
            if to is None or to == "attached":
                continue
            doc["to"] = to
        if groups.get("what"):
            what = _subject(groups["what"], things=True)
            if not isinstance(what, dict):
                continue
            doc["what"] = what
        try:
            Happens.model_validate(doc)
        except ValidationError:
            continue
        return doc, groups.get("subject") or "", (groups.get("verb") or "").lower() == "enter"
    return None


def _subject_of(event: str, words: str | None) -> Any:
    """The subject of ``event``: a faction or a party where the event takes one ("your faction loses influence",
    "an attacking party is formed"), any player for "a coin is flipped" (no subject said), else ``_subject``'s."""
    if words is None:
        return "a_player"
    if event in OF_SUBJECTS:
        return {said.lower(): key for key, said in OF_SUBJECTS[event].items()}.get(words.lower())
    return _subject(words)


def _parts(event: str, groups: dict[str, str | None]) -> Doc:
    """The parts said with a coin flip, a party formed, a block, a play: "lose(s)", "including <this card>", "a Covert
    party", "attached to <this card>"."""
    out: Doc = {}
    if groups.get("lost"):
        out["lost"] = True
    if groups.get("including"):
        found = _subject(groups["including"])
        out["including"] = found if found in ("self", "attached") else None
    for counted in ("others", "amount_over", "tokens"):
        if groups.get(counted):
            out[counted] = int(groups[counted])
    if groups.get("covert"):
        out["covert"] = True
    if groups.get("attached_to"):
        out["attached_to"] = "self" if _subject(groups["attached_to"]) == "self" else None
    return out


def _key(doc: Any) -> str:
    """A composition compared whole (every field, said or not)."""
    return json.dumps(Happens.model_validate(doc).model_dump(mode="json", by_alias=True), sort_keys=True)


_NAMES: dict[str, list[tuple[str, str]]] = {}
for _name, (_opener, _happens) in ALIASES.items():
    _NAMES.setdefault(_key(_happens), []).append((_name, _opener))


def _counted(doc: Doc) -> tuple[Doc, int | None]:
    """A composition with its number set aside ("more than 1 member": 0 and 1), as the counted aliases hold it."""
    field = next((f for f in set(COUNTED.values()) if doc.get(f) is not None), None)
    return ({**doc, field: 0}, doc[field]) if field else (doc, None)


def _when(opener: str, doc: Doc) -> tuple[Any, str | None]:
    """The trigger's ``when`` (the name a composition has, else the composition) and the opener to
    write (None: the one its words open with)."""
    names = _NAMES.get(_key(doc))
    if not names:
        return doc, None if opener == Happens.model_validate(doc).opener else opener
    name, said = next(((n, o) for n, o in names if o == opener), names[0])
    return name, None if opener == said else opener


def _head_and_rest(text: str) -> tuple[Doc, str] | None:
    """The first comma after which the words before it read as a composed trigger."""
    for comma in re.finditer(r", ?", text):
        found = happens(text[:comma.start()])
        conditioned = None if found is not None else _with_condition(text[:comma.start()])
        if conditioned is not None:
            found = conditioned[:3]
        if found is not None:
            opener, doc, enter = found
            bare, n = _counted(doc)
            when, printed_opener = _when(opener, bare)
            out: Doc = {"when": doc if when == bare else when, **({"n": n} if n is not None and when != bare else {})}
            if printed_opener:
                out["opener"] = printed_opener
            if enter:
                out["printed_enter"] = True
            if conditioned is not None:
                out["condition"] = conditioned[3]
            return out, text[comma.end():]
    return None


def _effect(rest: str) -> list[Doc]:
    chooses = re.match(r"that player chooses one of the following: (OPTION 1: .+)$", rest)
    return [{"they_choose": [sentences(o) for o in re.split(r"\s*OPTION \d+: ", chooses.group(1))[1:]]}] \
        if chooses else sentences(cap(rest))


def _as_printed(text: str) -> tuple[Doc, str] | None:
    """A composed trigger whose words hold known misprints (``PRINTED_AS``: "3 strength of less"), read with the
    language's words in their place and kept as ``printed`` (said back as the card prints them)."""
    head = text.split(",", 1)[0]
    keys = [key for key, (_, printed) in PRINTED_AS.items() if printed.lower() in head.lower()]
    plain = text
    for key in keys:
        said, printed = PRINTED_AS[key]
        at = plain.lower().find(printed.lower())
        plain = plain[:at] + said + plain[at + len(printed):]
    composed = _head_and_rest(plain) if keys else None
    return ({**composed[0], "printed": keys}, composed[1]) if composed is not None else None


def trigger(text: str) -> Doc | None:
    """The triggered ability ``text`` prints, as a document; None when it starts with no trigger.
    Raises NoMatch when what it triggers cannot be read."""
    composed = _head_and_rest(text) or _as_printed(text)
    if composed is not None:
        doc, rest = composed
        return {"when": doc.pop("when"), "effect": _effect(rest), **doc}
    for pattern, when in PHRASE_PATTERNS:
        m = pattern.match(text)
        if m:
            doc = {"when": when, "effect": _effect(m.group("rest"))}
            opener = (m.groupdict().get("opener") or "").lower()
            if opener and opener != TRIGGER_WORDS[when].split(" ", 1)[0]:
                doc["opener"] = opener
            if "{icons}" in TRIGGER_WORDS[when]:
                doc["icons"] = icons_of(m.group("icons"))
            if "{n}" in TRIGGER_WORDS[when]:
                doc["n"] = int(m.group("n"))
            return doc
    return None
