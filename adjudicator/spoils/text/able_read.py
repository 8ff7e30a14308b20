"""What cards can or must do, composed (``effects.permissions.Able``), read without the position: which
compositions the engine applies in a static ability (``readable``) or run by a play or a trigger
(``run_readable``), which are in a static ability (``reached``), the cards they are about (``subject``: an
``applies_to`` selector; ``described``: a noun phrase ``scripts.matches`` evaluates) and the continuous documents
of those that lift a rule (``static_docs``).  ``rules.composed_able`` applies the others where the engine
decides, ``ops.battle_rules._able`` runs the requirements a play or a trigger starts."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.effects.permissions import Able
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import selector_reads as SR

COVERT_BLOCKS = "spoils.507.3b"
"""What "can block Covert parties" lifts (only characters with Covert block a covert party)."""

READ: frozenset[tuple[str, str, bool, bool]] = frozenset({
    ("can", "block_covert_parties", False, False),
    ("can", "attack", True, False),
    ("must", "attack", False, True),
    ("must", "block", False, True),
    ("must", "block_self", False, True),
})
"""The compositions applied (can/must, act, only once each turn, if it can), for any subject ``subject`` reads."""

PLAIN_FIELDS = frozenset({"cards", "quantity", "adjectives", "subtype", "controller", "whose", "zone", "plural",
                          "conj", "zone_first"})
"""The fields of a noun phrase the ``applies_to`` selector carries (``scripts.selector``); a subject with any
other set is not read (never "anything")."""
ALL_OF_THEM = ("all", "each", "bare", "all_other", "any")
"""Quantities that say every card the noun phrase describes ("each character", "characters")."""


KINDS = frozenset({"card", "character", "item", "location"})
"""The kinds of cards in play a subject may name (a card's type, as the selector compares it)."""


def subject(able: Able) -> Any:
    """The ``applies_to`` selector of the cards ``able`` is about (None: not one the engine reads)."""
    who = able.who
    if who in ("self", "it"):
        return "self"
    if not isinstance(who, Ph.Cards):
        return None
    fields = type(who).model_fields
    if any(name not in PLAIN_FIELDS and getattr(who, name) != info.default for name, info in fields.items()):
        return None
    if who.count is not None or who.zone not in (None, "play") or set(who.adjectives) - {"other", "attached"}:
        return None
    if who.quantity not in ALL_OF_THEM and "attached" not in who.adjectives:
        return None  # "other"/"another" characters: not the card itself, which ``described`` reads
    if not isinstance(who.cards, str) or who.cards not in KINDS or \
            who.controller not in (None, "you", "opponent", "your_opponent") or \
            who.whose not in (None, "your", "your opponent's"):
        return None
    return S.selector(who)


def described(able: Able) -> Ph.Cards | None:
    """The noun phrase of the cards ``able`` is about when ``scripts.matches`` evaluates every qualifier it
    has (a trade, "depleted", an owner, a name...) but the ``applies_to`` selector cannot carry them (None:
    not such a phrase).  A bound ("with ..."), a referring adjective, "they" or a zone other than play is
    never read so: left to the judge."""
    who = able.who
    if not isinstance(who, Ph.Cards) or SR.unread(who) or who.count is not None or \
            who.zone not in (None, "play") or (who.quantity not in ALL_OF_THEM and not who.plural):
        return None
    if who.with_ is not None or who.same_type_as is not None or any(a not in SR.IN_PLAY for a in who.adjectives):
        return None
    if who.controller in ("they", "their") or who.owner in ("they", "their") or \
            who.whose not in (None, "your", "your opponent's") or who.in_party is not None:
        return None
    kinds = [who.cards] if isinstance(who.cards, str) else list(who.cards)
    return who if all(k in SR.KINDS_IN_PLAY and k != "faction" for k in kinds) else None


def readable(able: Able) -> bool:
    """Whether the engine applies ``able`` as a static ability says it (its parts, not where it is)."""
    if able.until is not None:
        return False  # "this turn, ...": a lasting effect of a play or a trigger, not a static ability
    if able.who == "players":
        return (able.able, able.act, able.once_each_turn, able.if_able) == ("can", "attack", True, False)
    return (able.able, able.act, able.once_each_turn, able.if_able) in READ and (
        subject(able) is not None or described(able) is not None)


RUN_ACTS = ("attack", "block", "block_self")
"""The acts a composed requirement run by a play or a trigger names ("this turn, the character must attack if it
can"): a lasting effect ``battle_rules._able`` starts, checked where the named aliases' are."""


def referred(able: Able) -> bool:
    """Whether ``able``'s subject names the cards the running text found: this card, "it", "the character(s)"
    (the cards picked last), with no other qualifier."""
    who = able.who
    if who in ("self", "it"):
        return True
    plain = Ph.Cards(cards="character", quantity="the", plural=getattr(who, "plural", False))
    return isinstance(who, Ph.Cards) and who.model_copy(update={"zone_owner": plain.zone_owner}) == plain


def run_readable(able: Able) -> bool:
    """Whether the engine applies ``able`` run by a play's or a trigger's effect: "must <attack | block | block
    this card> if it can" for the cards the text found, "this turn" (to attack: the check is at the turn's end),
    or for a block with no duration, this battle; "this turn, <they> can block Covert parties" (507.3b lifted)."""
    if able.able == "can":
        return able.act == "block_covert_parties" and not able.once_each_turn and able.until == "turn" and \
            referred(able)
    if not able.if_able or able.once_each_turn or able.act not in RUN_ACTS:
        return False
    return referred(able) and (able.until == "turn" or able.act != "attack")


def _static_ops(ops: list[Any]) -> Iterator[Any]:
    """The operations of a static ability the walk below reaches: through "while" and "and"."""
    for op in ops:
        yield op
        if isinstance(op, S.OP["while"]):
            yield from _static_ops(list(op.then))
        elif isinstance(op, S.OP["and"]):
            yield from _static_ops(list(op.and_))


def reached(script: Any) -> set[int]:
    """The ids of the ``Able`` nodes of ``script`` its card applies while in play (in a static ability, a
    threshold's too, under "while" and "and"); any other (a play's effect, a trigger's) is run (``run_readable``)."""
    out: set[int] = set()
    for ability in script.abilities:
        statics = [ability] if isinstance(ability, A.Static) else \
            [a for a in ability.then if isinstance(a, A.Static)] if isinstance(ability, A.Threshold) else []
        for static in statics:
            out |= {id(op) for op in _static_ops(list(static.static)) if isinstance(op, Able)}
    return out


def lifts_covert(able: Able) -> bool:
    """Whether ``able`` is a "can block Covert parties" the engine applies (507.3b lifted)."""
    return able.able == "can" and able.act == "block_covert_parties" and readable(able)


def pure(able: Able) -> bool:
    """Whether ``continuous._static`` reads nothing but ``able`` for it (``unchanging._pure``): all but a
    "can block Covert parties" whose cards only ``scripts.matches`` tells (looked up at the position)."""
    return not lifts_covert(able) or subject(able) is not None


def static_docs(able: Able) -> list[dict[str, Any]] | None:
    """The continuous effect documents of ``able`` (``continuous._static``), reading nothing but ``able``; None
    when its cards are to be looked up at the position (``described``)."""
    if not lifts_covert(able):
        return []
    sel = subject(able)
    return None if sel is None else [{"permit": COVERT_BLOCKS, "applies_to": sel}]


__all__ = ["COVERT_BLOCKS", "described", "lifts_covert", "pure", "reached", "readable", "referred", "run_readable",
           "static_docs", "subject"]
