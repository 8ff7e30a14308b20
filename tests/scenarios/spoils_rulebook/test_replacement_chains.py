"""Replacements of The Spoils that meet each other: a chain of them stops because each applies once to
the same thing, though two copies of one replacement each apply (506.5); and a card attached to one
destroyed to pay a cost keeps its own replacement (506.2a). The chain is played at an in-memory table
with two made-up locations (no printed card pairs these replacements); 506.2a through the API with
Ceremonious Groomer and Rusty Pickaxe."""
from __future__ import annotations

from adjudicator.spoils.table import Table
from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game, tactic
from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

HAVEN = {"name": "Haven", "type": "location", "structure": 5,  # "if a character is destroyed, put it into
         "replacements": [{"instead_of": "destroy", "do": "hand", "applies_to": "characters"}]}  # its owner's hand"
UNDERTOW = {"name": "Undertow", "type": "location", "structure": 5,  # "if a character would go to a hand from
            "replacements": [{"instead_of": "hand", "do": "destroy", "applies_to": "characters"}]}  # play, destroy it"


def _purge_lark(havens: int) -> Table:
    cards = {"lark": in_play("p2", character("Lark", 1, 1, 3)), "undertow": in_play("p1", UNDERTOW)}
    cards |= {f"haven{i}": in_play("p1", HAVEN) for i in range(havens)}
    t = prepare_game(cards, pool={"Purge": tactic("Purge", [{"destroy": "lark"}])})
    t.act({"type": "play_card", "player": "p1", "card": "Purge"})
    t.act({"type": "pass", "player": "p2"})
    return t


def _chain(t: Table) -> list[tuple[str, str]]:
    return [(e.instead_of, e.done) for e in events_of(t, E.ReplacementApplied)]


def test_two_replacements_that_undo_each_other_stop_after_one_turn_each():
    """spoils.506.5: the Lark's destruction becomes "to the hand" (Haven), which becomes a destruction
    (Undertow); Haven has already replaced this destruction, so the cycle ends and the Lark is
    destroyed."""
    t = _purge_lark(1)
    assert _chain(t) == [("destroy", "hand"), ("hand", "destroy")], "spoils.506.5"
    assert [e.card_id for e in events_of(t, E.CardDestroyed)] == ["lark"]
    assert t.state.players["p2"].discard == ["Lark"] and t.state.players["p2"].hand_cards == []


def test_a_second_copy_of_the_same_replacement_applies_once_more():
    """spoils.506.5: with two Havens each copy applies once; p1 picks the first (506.4: the second is
    ignored for that destruction only), Undertow turns the hand back into a destruction, the second
    Haven replaces that one, and Undertow, already used, cannot: the Lark ends in p2's hand."""
    t = _purge_lark(2)
    assert t.state.choice is not None and t.state.choice.kind == "replacement"
    t.act({"type": "choose", "player": "p1", "choice": "haven0"})
    assert _chain(t) == [("destroy", "hand"), ("hand", "destroy"), ("destroy", "hand")], "spoils.506.5"
    assert t.state.players["p2"].hand_cards == ["Lark"] and t.state.players["p2"].discard == [], "spoils.506.5"
    assert "lark" not in t.state.cards


@needs_data
def test_an_attached_card_keeps_its_replacement_when_its_host_pays_a_cost(client):
    """spoils.506.2a (with 506.2): alice destroys her Ceremonious Groomer ("if this card is destroyed,
    flip it face-down ... instead") to pay for Cashier's Window's CASH IN. As a cost, the Groomer's own
    replacement does not apply and it goes to the discard pile; the Rusty Pickaxe attached to it is
    destroyed with it (301.4) and its own "flip it face-down instead" still applies."""
    cards = {"w1": {"card": "Cashier's Window", "controller": "alice"},
             "g1": {"card": "Ceremonious Groomer", "controller": "alice"},
             "p1": {"card": "Rusty Pickaxe", "controller": "alice", "attached_to": "g1"}}
    t = new_game(client, position(cards=cards, decks={"alice": ["Rage", "Greed"]}))
    t.act({"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["g1"]})
    assert "spoils.506.2" in cited(t.last) and "CardDestroyed" in types(t.last)
    replaced = [e["data"]["card_id"] for e in t.last["events"] if e["type"] == "ReplacementApplied"]
    assert replaced == ["p1"], "spoils.506.2a"
    alice = t.state()["players"]["alice"]
    assert alice["discard"] == ["Ceremonious Groomer"]
    assert [r["name"] for r in alice["resources"].values() if not r["face_up"]] == ["Rusty Pickaxe"], "spoils.506.2a"
