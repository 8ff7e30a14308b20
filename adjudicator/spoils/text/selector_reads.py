"""Which qualifiers of a card selector (``adjudicator.effects.selectors.Cards``) the engine evaluates,
and how (issue 24, "fail closed").

A selector says which cards an effect reaches: a kind, adjectives, a subtype, a bound ("with numeric
cost X or less"), whose cards, where.  Each qualifier the engine reads is declared here: evaluated on
a card in play by ``scripts.matches`` (``adjective_holds``, ``bound_holds``), on a card out of play by
``scripts.spec_fits``, or read by the handler of the operation that says it (``READ_BY``, the module
named).  A qualifier that is none of these is *unread*: ``unread(cards)`` names it, the coverage
judge (``enforcement``) marks the sentence saying it not covered, and at the table it matches no
card (``adjective_holds``/``bound_holds`` answer False): an unread qualifier is never "anything".
"""
from __future__ import annotations

import re
from typing import Any, Callable

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState

TRADES = ("gearsmith", "rogue", "arcanist", "warlord", "banker")
"""The trades a selector names as adjectives ("a Gearsmith card", "all non-Rogue characters")."""


def _trade(card: Any, adjective: str) -> bool:
    trade = (card.trade or "").lower()
    return trade != adjective[4:] if adjective.startswith("non-") else trade == adjective


def in_battle(state: SpoilsState, card_id: str) -> bool:
    b = state.battle
    return b is not None and card_id in list(b.attackers) + list(b.blockers)


IN_PLAY: dict[str, Callable[[SpoilsState, str, Any], bool]] = {
    "depleted": lambda s, c, card: card.depleted, "restored": lambda s, c, card: not card.depleted,
    "undepleted": lambda s, c, card: not card.depleted, "damaged": lambda s, c, card: card.damage > 0,
    "attacking": lambda s, c, card: s.battle is not None and c in s.battle.attackers,
    "blocking": lambda s, c, card: s.battle is not None and c in s.battle.blockers,
    "attacking or blocking": lambda s, c, card: in_battle(s, c),
    "non-token": lambda s, c, card: not card.token, "unique": lambda s, c, card: card.unique is not None,
    "attached": lambda s, c, card: card.attached_to is not None,
    "other": lambda s, c, card: True,  # "other": not the source card, which ``matches`` checks itself
    **{t: (lambda s, c, card, t=t: _trade(card, t)) for t in TRADES},
    **{f"non-{t}": (lambda s, c, card, t=t: _trade(card, f"non-{t}")) for t in TRADES},
}
"""Adjectives evaluated on a card in play, each by its test."""

REFERRING = frozenset({"picked", "named", "revealed", "those", "remaining", "discarded", "removed"})
"""Adjectives that name the cards an earlier part of the text found ("the picked character", "the
removed card"): with a referring quantity (``REFERRING_QUANTITIES``) ``references._cards`` takes the
earlier picks; with another ("all other revealed cards") only the handler ``READ_BY`` names reads them."""
REFERRING_QUANTITIES = ("the", "that", "those")

READ_BY: dict[tuple[str, str], str] = {
    ("adjectives", "face-down"): "adjudicator.spoils.ops.zones",  # a face-down resource (the resources row)
    ("adjectives", "face-up"): "adjudicator.spoils.text.conditions_read",
    ("adjectives", "revealed"): "adjudicator.spoils.ops.zones_decks",  # the cards a search revealed
    ("adjectives", "remaining"): "adjudicator.spoils.ops.zones_decks",  # the cards looked at that are left
    ("adjectives", "those"): "adjudicator.spoils.ops.zones_decks",
    ("adjectives", "named"): "adjudicator.spoils.ops.zones_decks",
    ("adjectives", "discarded"): "adjudicator.spoils.ops.discarded_cost",
    ("with", "different names"): "adjudicator.spoils.ops.zones_decks",
    ("with", "a different name than this card"): "adjudicator.spoils.ops.zones_decks",
    ("with", "the chosen name"): "adjudicator.spoils.ops.zones_decks",
    ("with", "an ability in its rules text"): "adjudicator.spoils.ops.picks_and_repeats",
    ("controller", "they"): "adjudicator.spoils.ops.players",  # "they": the player doing it (THEIR)
    ("owner", "they"): "adjudicator.spoils.ops.players",
    ("zone_owner", "their"): "adjudicator.spoils.ops.players",
    ("whose", "their"): "adjudicator.spoils.ops.players",
    ("attached_to_faction", "True"): "adjudicator.spoils.ops.resources_picked",
    ("discarded_this_way", "True"): "adjudicator.spoils.ops.cards_out_of_play",
    ("revealed_this_way", "True"): "adjudicator.spoils.ops.hand_revealed",
    ("same_type_as", "the card"): "adjudicator.spoils.rules.references",
    ("same_type_as", "the discarded card"): "adjudicator.spoils.rules.references",
    ("same_type_as", "the removed card"): "adjudicator.spoils.rules.references",
    ("being_played", "True"): "adjudicator.spoils.rules.references",
}
"""Qualifiers read by the handler of the operation that says them, and the module that reads each."""

KINDS_IN_PLAY = frozenset({"card", "character", "item", "location", "tactic", "resource", "member", "faction",
                           "non-resource card", "non-token character", "token", "micromajig token"})
KINDS_OUT_OF_PLAY = frozenset({"card", "character", "item", "location", "tactic", "resource", "staple resource",
                               "non-tactic card", "non-resource card"})
"""The kinds ``scripts.matches`` (in play, a faction by ``references._faction_fits``) and ``scripts.spec_fits``
(out of play) tell apart."""

_BOUND = re.compile(r"^(?:numeric cost (?P<n1>\d+|X|X\+\d+)(?: or (?P<d1>less|more))?|(?P<n2>\d+|X) or (?P<d2>less|more) "
                    r"(?P<s2>strength|life|speed)|(?P<n3>\d+|X) (?P<s3>strength|life|speed)(?: or (?P<d3>less|more))?)$")
"""A printed bound on a statistic: "numeric cost X or less", "numeric cost X" (exactly), "3 or more life",
"X strength or less", "X strength" (exactly)."""
EXTREME = re.compile(r"^the (highest|lowest) (numeric cost|strength|life|speed)$")
TOKENS = re.compile(r"^at least (\d+) tokens? on it$")
WITH_ON_CARD = ("Covert", "a token on it", "no tokens on it", "the UNIQUE keyword in its rules text")
"""Bounds read off the card itself (``counts.within``)."""


def bound(with_: str | None, x: int | None) -> tuple[str, int, str | None] | None:
    """The statistic, the number (X as the script set it) and the way ("less", "more" or None:
    exactly) of a printed bound, or None when ``with_`` is not one."""
    m = _BOUND.match(with_ or "")
    if m is None:
        return None
    g = {k: v for k, v in m.groupdict().items() if v is not None}
    said = g.get("n1") or g.get("n2") or g.get("n3") or "0"
    number = (x or 0) + int(said[2:] or 0) if said.startswith("X") else int(said)
    return g.get("s2") or g.get("s3") or "numeric_cost", number, g.get("d1") or g.get("d2") or g.get("d3")


def with_read(with_: str | None) -> bool:
    """Whether the engine reads the bound ``with_`` (None: no bound)."""
    return (with_ is None or with_ in WITH_ON_CARD or bool(_BOUND.match(with_) or EXTREME.match(with_)
            or TOKENS.match(with_)) or ("with", with_) in READ_BY)


def adjective_holds(state: SpoilsState, card_id: str, adjective: str) -> bool:
    """Whether the card in play ``card_id`` is ``adjective``; a referring adjective ("the picked
    card") holds (its operation took the cards it names); an unread one holds for no card."""
    card = state.cards[card_id]
    test = IN_PLAY.get(adjective)
    if test is not None:
        return test(state, card_id, card)
    return adjective in REFERRING or ("adjectives", adjective) in READ_BY


RANDOM_QUANTITIES = ("a", "an", "one", "another")
"""The quantities with which "random" is read: a number of cards the text fixes, drawn by the game's seeded
source (``rules.at_random.cards_drawn``, reached from ``references.chosen``); with "all" or "up to" it is not."""


def random_read(cards: Ph.Cards) -> bool:
    """Whether "random" in ``cards`` is drawn by the engine ("a random card from your discard pile")."""
    return cards.quantity in RANDOM_QUANTITIES or isinstance(cards.quantity, int)


def unread(cards: Ph.Cards) -> list[str]:
    """The qualifiers of ``cards`` the engine does not evaluate (empty: all are read), in words."""
    out_of_play = cards.zone in ("discard", "hand", "deck", "top_of_deck", "bottom_of_deck", "game")
    out: list[str] = []  # (a kind neither reader knows matches no card: fail closed as it is)
    for adjective in cards.adjectives:
        read = (adjective in REFERRING and cards.quantity in REFERRING_QUANTITIES) or ("adjectives", adjective) in READ_BY or \
            (not out_of_play and adjective in IN_PLAY) or (out_of_play and adjective == "other") or \
            (adjective == "random" and random_read(cards))
        if not read:
            out.append(adjective)
    if not with_read(cards.with_):
        out.append(f"with {cards.with_}")
    for name in ("controller", "owner", "zone_owner", "whose"):
        value = getattr(cards, name)
        if value in ("they", "their") and (name, value) not in READ_BY:
            out.append(f"{name} {value}")
    if cards.whose not in (None, "your", "your opponent's") and ("whose", cards.whose) not in READ_BY:
        out.append(cards.whose)  # "its owner's ...": whose cards, not read (scripts._controlled_by)
    for name in ("damaged_your_faction_this_turn", "attached_to_faction", "discarded_this_way", "revealed_this_way",
                 "being_played"):
        if getattr(cards, name) and (name, "True") not in READ_BY:
            out.append(name.replace("_", " "))
    return out
