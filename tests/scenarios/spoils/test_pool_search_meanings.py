"""Issue 24, the rehearsal checks what a search finds (``tests/scenarios/spoils_pool_searches.py``, spoils.312.1):
given a gear card in its deck, "I Got the Gear!" ("You may search your deck for a gear card, reveal it, and
put it into your hand.") finds exactly the card named, and an item without the subtype named instead is not
taken.  The mutation reads the search's selector without its subtype, as a bug would, and the rehearsal fails."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.ops import cards_out_of_play
from tests.scenarios.spoils_pool import found, rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
CARD = "I Got the Gear!"



def _selector_changed(monkeypatch: Any, update: dict[str, Any]) -> None:
    """The engine's search reads its selector changed by ``update`` (a qualifier dropped), as a bug would."""
    real = cards_out_of_play.fits_with

    def changed(spec: Any, sel: Any, *more: Any) -> bool:
        return real(spec, sel.model_copy(update=update), *more)
    monkeypatch.setattr(cards_out_of_play, "fits_with", changed)

def test_the_rehearsal_sees_the_card_named_found_and_another_not(client):
    result = rehearse(client, CARD)
    assert result.holds, result.problems
    assert result.action["choices"]["found"] == "Kettinger"
    assert "search: found [('alice', ['Kettinger'])], the action named Kettinger ({'cards': 'card', 'quantity': 'a', " \
           "'subtype': 'gear'})" in result.checked
    assert any(c.startswith("search: Index of Natural Forces named as found is not taken") for c in result.checked)


def test_the_rehearsal_fails_when_the_search_ignores_the_subtype(client, monkeypatch):
    _selector_changed(monkeypatch, {"subtype": None})
    result = rehearse(client, CARD)
    assert not result.holds
    assert any(p.startswith("search: Index of Natural Forces named as found is taken") for p in result.problems), \
        result.problems


PUT = "700160x 31f"
""""When this card enters play, you may search your deck for a "gear" card with numeric cost 5 or less and reveal it.
If you do, put it into play attached to this card.": the card found goes straight into play (no ``CardsSearched``,
only the card leaving the deck), read as what the search found."""


def test_a_search_that_puts_the_card_into_play_is_read_from_the_card_leaving_the_deck(client):
    result = rehearse(client, PUT)
    assert result.holds, result.problems
    assert result.action["choices"]["found"] == "Kettinger"
    assert "search: found [('alice', ['Kettinger'])], the action named Kettinger ({'cards': 'card', 'quantity': 'a', " \
           "'subtype': 'gear', 'with': 'numeric cost 5 or less'})" in result.checked
    assert any(c.startswith("search: Kettinger in play under alice's control 1 time(s), attached to ['c")
               for c in result.checked), result.checked
    assert any(c.startswith("search: Heavy Plating named as found is not taken") for c in result.checked)


def test_the_rehearsal_fails_when_a_search_into_play_ignores_the_subtype(client, monkeypatch):
    _selector_changed(monkeypatch, {"subtype": None})
    result = rehearse(client, PUT, {"battle": "none", "action": {"type": "play_card", "player": "alice", "card": PUT,
                                                                 "choices": {"found": "Kettinger"}}})
    assert not result.holds
    assert any(p.startswith("search: Index of Natural Forces named as found is taken") for p in result.problems), \
        result.problems


def test_the_rehearsal_sees_the_card_found_put_where_the_text_says_and_revealed(client):
    """"..., reveal it, and put it into your hand" (spoils.312.1): Kettinger ends in alice's hand, out of her
    deck, the search that took it says so, and it was shown to both players."""
    result = rehearse(client, CARD, found(CARD))
    assert "put: Kettinger in alice's hand: True, the search took it to [('alice', 'hand')] (text: hand)" in result.checked
    assert "reveal: Kettinger shown to both players: [True]" in result.checked


def test_the_rehearsal_fails_when_the_card_found_goes_elsewhere(client, monkeypatch):
    """The engine putting the card found into the discard pile instead: a ``CardsSearched`` still answers the
    step by its type, but the card is not in alice's hand, and the rehearsal fails."""
    real = cards_out_of_play._move_found
    monkeypatch.setattr(cards_out_of_play, "_move_found", lambda ctx, op, env, to: real(ctx, op, env, "discard"))
    result = rehearse(client, CARD, found(CARD))
    assert not result.holds and any(p.startswith("put: Kettinger in alice's hand: False") for p in result.problems), \
        result.problems


def test_the_rehearsal_fails_when_the_card_found_is_not_revealed(client, monkeypatch):
    real = cards_out_of_play._move_found

    def hidden(ctx: Any, op: Any, env: Any, to: str) -> None:
        env.revealed = False
        real(ctx, op, env, to)
    monkeypatch.setattr(cards_out_of_play, "_move_found", hidden)
    result = rehearse(client, CARD, found(CARD))
    assert not result.holds and "reveal: Kettinger shown to both players: [False]" in result.problems, result.problems


KIND = "Master Ritualist"
""""QUOTIDIAN INSTRUCTION COST: Deplete this card. EFFECT: Search your deck for a tactic and reveal it. Put it into
your hand." (spoils.312.1): a kind of card both decks hold several of."""


def test_a_search_for_a_kind_of_card_is_read_from_counts_and_other_kinds_are_not_found(client):
    result = rehearse(client, KIND)
    assert result.holds, (result.problems, result.unread)
    assert result.action["choices"]["found"] == "Anathematize"
    assert any(c.startswith("put: Anathematize in alice's hand: True") for c in result.checked), result.checked
    assert {f"search: {name} named as found is not taken ({{'cards': 'tactic', 'quantity': 'a'}})"
            for name in ("Brash Basher", "Index of Natural Forces", "Time Portal")} <= set(result.checked)


def test_the_rehearsal_fails_when_the_search_ignores_the_kind_of_card(client, monkeypatch):
    _selector_changed(monkeypatch, {"cards": "card"})
    result = rehearse(client, KIND)
    assert not result.holds
    assert any(p.startswith("search: Brash Basher named as found is taken") for p in result.problems), result.problems
