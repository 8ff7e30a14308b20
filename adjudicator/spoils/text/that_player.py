"""Whom "that player" names: the player the text named before it (503.1, 310.1).

A trigger on a player's happening names the player it happened to ("If a player draws any number of cards, that
player ...", "If your opponent plays a card, ..."), a trigger at the start of each player's turn the player whose
turn starts, "Pick an opponent." the player picked (310.1), and "Both players ..." each of them in turn.  Where
nothing before "that player" names a player, the engine cannot know whom it names: the sentence is the judge's
(``unbound``, read by ``enforcement``), and resolving it does nothing of it (``interpreter._players``), never a
guess and never an error.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import flow as F
from adjudicator.effects.selectors import Cards
from adjudicator.effects.triggers import ALIASES, Happens
from adjudicator.spoils.text.scripts import walk

THAT_PLAYER = ("that_player", "that_players_opponent")
"""The words of a script that name "that player" (or "that player's opponent")."""

SUBJECTS = ("a_player", "opponent")
"""The subjects of a player's happening whose player "that player" then names (503.1)."""

TURNS = ("each_player",)
""""At the start of each player's turn": the player whose turn starts."""

PICKED_PLAYERS = ("opponent",)
"""The kinds a pick takes a player by ("Pick an opponent.", 310.1)."""


def happening(when: Any) -> Happens | None:
    """The composition a trigger waits for: itself, or the one its name stands for (``ALIASES``)."""
    if isinstance(when, Happens):
        return when
    return ALIASES.get(when, (None, None))[1] if isinstance(when, str) else None


def names_a_player(happens: Any) -> bool:
    """Whether a trigger's happening names a player whom a "that player" after it names."""
    return getattr(happens, "subject", None) in SUBJECTS or getattr(happens, "turn", None) in TURNS


def picks_a_player(ref: Any) -> bool:
    """"Pick an opponent.": one player picked, nothing else said of them (a player picked so is whom the engine
    names "that player"; any other qualifier is not read, so such a pick is not one)."""
    if not isinstance(ref, Cards) or ref.cards not in PICKED_PLAYERS:
        return False
    return set(ref.model_dump(exclude_defaults=True)) <= {"cards", "quantity"} and ref.quantity in ("a", "an")


def unread_player_pick(node: Node) -> bool:
    """A pick of a player the engine does not make ("pick a character or opponent", "pick 2 opponents", ...)."""
    if not isinstance(node, A.Pick):
        return False
    kinds = node.pick.cards if isinstance(node.pick.cards, list) else [node.pick.cards]
    return bool(set(kinds) & set(PICKED_PLAYERS)) and not picks_a_player(node.pick)


def says_that_player(node: Node) -> bool:
    """Whether one of ``node``'s own words names "that player" (whose draw, discard, "may", X, deck...)."""
    return any(isinstance(getattr(node, f), str) and getattr(node, f) in THAT_PLAYER for f in type(node).model_fields)


def unbound(ability: Node) -> list[Node]:
    """The nodes of ``ability`` that say "that player" where nothing before them names a player: a trigger on a
    player's happening or at each player's turn (anything in it), "both players" (anything in it), "pick an
    opponent" in a cost (the whole ability) or before it in the effect."""
    bound: set[int] = set()
    for node in walk(ability):
        if (isinstance(node, A.Trigger) and names_a_player(happening(node.when))) or isinstance(node, F.BothPlayers):
            bound.update(id(n) for n in walk(node))
    costs = [n.cost for n in walk(ability) if isinstance(getattr(n, "cost", None), list)]
    picked = any(isinstance(n, A.Pick) and picks_a_player(n.pick) for n in walk(costs))
    out: list[Node] = []
    for node in walk(ability):
        if isinstance(node, A.Pick) and picks_a_player(node.pick):
            picked = True
        elif says_that_player(node) and not picked and id(node) not in bound:
            out.append(node)
    return out
