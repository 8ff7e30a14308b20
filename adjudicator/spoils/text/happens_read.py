"""Which composed triggers (``effects.triggers.Happens``: a subject and an event, 503.1) the engine
evaluates (issue 24, "fail closed").

``rules.trigger_matchers.composed`` fires a composed trigger when a happening of its event concerns a card
its subject takes (``scripts.matches``, on the card as it is or as it last was in play) and, for damage,
the card or faction it was inflicted to.  What of a subject it cannot evaluate on a card in play -- a
qualifier ``selector_reads.unread`` names, a card out of play, a card an earlier sentence found ("the
picked card"), a bound with X -- is named by ``unread``: the coverage judge marks the trigger not
covered, and at the table it never fires (``trigger_docs`` leaves it out): never "any card".  What a trigger's
effect changes as the happening happens ("reduce the amount to 0", "... instead") is judged with the trigger
(``enforcement.as_it_happens``): a composition fires after the happening, so it changes nothing then."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.effects.triggers import Happens
from adjudicator.spoils.text import selector_reads as SR

SUBJECT_QUANTITIES = ("a", "an", "another", "bare", "each", "any")
"""The quantities of a subject that name one card at a time ("a character", "another character")."""
SUBJECT_KINDS = SR.KINDS_IN_PLAY - {"faction"}
"""The kinds a subject may name: those ``scripts.matches`` tells apart on a card in play."""
MATCHED = frozenset({"cards", "quantity", "adjectives", "subtype", "controller", "owner", "zone", "whose", "named",
                     "with_", "not_in_battle", "in_party_with_self", "in_party", "party_of", "conj", "zone_first",
                     "plural"})
"""The fields of a selector ``scripts.matches`` (and ``counts.within``, for ``with_``) evaluates on a card in
play; any other field a subject carries is not read."""


def _kinds(cards: Ph.Cards) -> list[str]:
    return list(cards.cards) if isinstance(cards.cards, list) else [cards.cards]


def with_read(with_: str | None) -> bool:
    """A bound on a subject the engine evaluates on a card in play (no X: a trigger fixes none)."""
    if with_ is None or with_ in SR.WITH_ON_CARD or SR.TOKENS.match(with_):
        return True
    return SR.bound(with_, None) is not None and "X" not in with_


def subject_unread(cards: Ph.Cards, kinds: frozenset[str] = SUBJECT_KINDS) -> list[str]:
    """What of a selector naming the card an event happens to the engine does not evaluate, in words."""
    out = list(SR.unread(cards))
    for name, info in Ph.Cards.model_fields.items():
        value = getattr(cards, name)
        if name not in MATCHED and value not in (None, False, info.default):
            out.append(f"{name.rstrip('_')} {value}")
    if cards.quantity not in SUBJECT_QUANTITIES or cards.count is not None:
        out.append(f"quantity {cards.quantity}")
    if cards.zone not in (None, "play"):
        out.append(f"in the {cards.zone}")
    unknown = [k for k in _kinds(cards) if k not in kinds]
    out += [f"kind {k}" for k in unknown]
    out += [a for a in cards.adjectives if a not in SR.IN_PLAY and a not in out]
    if not with_read(cards.with_) and f"with {cards.with_}" not in out:
        out.append(f"with {cards.with_}")
    if cards.controller in ("they",) or cards.owner == "they" or cards.whose in ("their", "its owner's"):
        out.append("whose: the player doing it")
    return list(dict.fromkeys(out))


def unread(happens: Any) -> list[str]:
    """The parts of a composed trigger the engine does not evaluate (empty: it fires as it says)."""
    if not isinstance(happens, Happens):
        return []
    out: list[str] = []
    if isinstance(happens.subject, Ph.Cards):
        out += subject_unread(happens.subject)
    to = happens.to
    if isinstance(to, Ph.Cards) and "faction" in _kinds(to):
        bare = to.model_fields_set <= {"cards", "quantity"} and _kinds(to) == ["faction"]
        out += [] if bare else [f"to {to.words()}"]  # any faction: what else of one is not read
    elif isinstance(to, Ph.Cards):
        out += subject_unread(to, frozenset({"character", "card", "member"}))
    if happens.what is not None:
        out += played_unread(happens.what)
    return out + event_unread(happens)


def event_unread(happens: Happens) -> list[str]:
    """The events, or parts of one, no happening tells the engine of (``trigger_matchers.composed``): a coin flip
    lost (a replacement matched by its name, ``destruction_replaced``), influence lost (amounts it changes by
    name, ``amounts.WHEN``), a party formed that may be a blocking one, with no member named (no happening once
    for a blocking party)."""
    out = ["a coin flip lost"] if happens.lost else []
    if happens.event == "loses_influence":
        out.append(f"{happens.clause()}: influence lost")
    if happens.event == "party_formed" and happens.subject != "attacking_party" and happens.including is None:
        out.append(f"{happens.clause()}: a blocking party formed")
    if happens.event == "put_in_discard" and happens.subject != "self":
        out.append(f"{happens.clause()}: another card put into a discard pile from anywhere")  # (arrives)
    if happens.event == "puts_back_by_mulligan" and happens.subject != "you":
        out.append(f"{happens.clause()}: another player's mulligan")  # read of the card's own player (601.1f)
    return out


PLAYED = frozenset({"cards", "quantity", "subtype", "named", "conj", "plural"})
"""The fields of what a player plays ``scripts.spec_fits`` evaluates on the card played."""


def played_unread(what: Ph.Cards) -> list[str]:
    """What of the card a player plays ("if your opponent plays a \"gear\" item") the engine does not
    evaluate: anything but its kind, subtype and name (a resource: any resource, nothing more)."""
    out = [f"{name.rstrip('_')} {getattr(what, name)}" for name, info in Ph.Cards.model_fields.items()
           if name not in PLAYED and getattr(what, name) not in (None, False, [], info.default)]
    if what.quantity not in ("a", "an"):
        out.append(f"quantity {what.quantity}")
    kinds = _kinds(what)
    out += [f"kind {k}" for k in kinds if k not in SR.KINDS_OUT_OF_PLAY]
    if "resource" in kinds and (kinds != ["resource"] or what.subtype or what.named):
        out.append(f"{what.words()} (a resource played: any resource)")
    return out


def arrives_in_discard(ability: Any) -> bool:
    """"If this card is put into your (a) discard pile from anywhere" (503.1): the trigger
    ``forbidden.discard_arrivals`` reads, for the card that arrives there (its owner's pile, 301.4: "your" for a card
    out of play, whose controller is its owner)."""
    happens = getattr(ability, "happens", None)
    return isinstance(happens, Happens) and happens.event == "put_in_discard" and happens.subject == "self"


def enforced(happens: Any) -> bool:
    """Whether a composed trigger fires as it says (``rules.trigger_matchers.composed``)."""
    return isinstance(happens, Happens) and not unread(happens)


def party_concerns(happens: Happens, party: list[str], cid: str, card: Any, blocking: bool) -> bool:
    """Whether a party being formed (attacking, or ``blocking``) with the members ``party`` is the one the
    composition names (302.6, 302.7): of its kind, including this card or the attached character and at least
    so many others when it says so."""
    kinds = {"attacking_party": (False,), "blocking_party": (True,), "attacking_or_blocking_party": (False, True)}
    if blocking not in kinds.get(str(happens.subject), ()):
        return False
    if happens.others is not None and len(party) - 1 < happens.others:
        return False  # "... and at least 2 other characters"
    member = {"self": cid, "attached": card.attached_to}.get(happens.including or "")
    return happens.including is None or (member is not None and member in party)
