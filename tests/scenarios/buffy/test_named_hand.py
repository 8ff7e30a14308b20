"""A hand whose cards are named (``hand_cards``): a card that leaves it takes its name with it, as
well as lowering the count, whether it is played as a character, used to ascend or attached as an
item (``buffy.resource.play-character``, ``buffy.resource.ascension``, ``buffy.resource.items``)."""
from __future__ import annotations

from tests.scenarios.buffy.table import BUFFY, SPIKE, Table


def _table(client, hand: list[str]) -> Table:
    return Table(client, {"step": "resource", "characters": {"spike": SPIKE, "buffy": BUFFY},
                          "players": {"p1": {"hand": len(hand), "hand_cards": hand}}})


def test_ascending_takes_the_next_level_card_out_of_a_named_hand(memory_client):
    """buffy.resource.ascension: ascending plays the character's next-level card from hand; with
    p1's hand named, the Spike card leaves the names when the count drops."""
    t = _table(memory_client, ["Spike", "Stake", "Drusilla"])
    after = t.act({"type": "ascend", "player": "p1", "character": "spike"})["state"]["players"]["p1"]
    assert (after["hand"], sorted(after["hand_cards"])) == (2, ["Drusilla", "Stake"])


def test_playing_a_character_takes_its_name_out_whatever_the_case(memory_client):
    """buffy.resource.play-character: the character comes from hand; the named card goes, even
    when the action spells it in another case than the hand does."""
    t = _table(memory_client, ["Drusilla", "Stake"])
    after = t.act({"type": "play_character", "player": "p1", "at": "p1.1",
                   "character": {"name": "drusilla", "kind": "villain"}})["state"]["players"]["p1"]
    assert (after["hand"], after["hand_cards"]) == (1, ["Stake"])


def test_attaching_an_item_takes_its_name_out(memory_client):
    """buffy.resource.items: an item is received from hand; its name leaves the named hand."""
    t = _table(memory_client, ["Stake", "Drusilla"])
    after = t.act({"type": "attach_item", "player": "p1", "character": "spike",
                   "item": {"name": "stake"}})["state"]["players"]["p1"]
    assert (after["hand"], after["hand_cards"]) == (1, ["Drusilla"])


def test_a_card_not_in_a_fully_named_hand_cannot_be_played(memory_client):
    """buffy.resource.play-character: when every card of the hand is named, a character that is
    not among them is not in hand and cannot be played from it."""
    t = _table(memory_client, ["Stake", "Drusilla"])
    t.refuse({"type": "play_character", "player": "p1", "at": "p1.1", "character": {"name": "Angel", "kind": "hero"}},
             "buffy.resource.play-character")
    assert t.state()["players"]["p1"]["hand_cards"] == ["Stake", "Drusilla"]
