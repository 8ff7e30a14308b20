"""A card put into play by an effect is not played (spoils.402.8, 402.8a) in The Spoils, through the
API: alice's Slingerang ("if your opponent plays a character, you may remove a token from this card")
answers bob's characters played, not a character his Revivatate puts into play."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _table(client, hand: list[str]):
    setup = position(active="bob", cards={"s1": {"card": "Slingerang", "controller": "alice", "tokens": 3}},
                     hands={"bob": hand}, icons={"bob": "GGGGGGRR"})
    setup["players"]["bob"]["discard"] = ["Creaky Old Swordsman", "Stalwart Soldier"]
    return new_game(client, setup)


def test_a_character_played_sets_off_the_trigger(client):
    """spoils.402.8: bob plays Creaky Old Swordsman: Slingerang's trigger resolves and alice removes a
    token."""
    t = _table(client, ["Creaky Old Swordsman"])
    t.resolve("bob", "alice", play_card("Creaky Old Swordsman", player="bob"))
    assert t.card("s1")["tokens"] == 2, "spoils.402.8"


def test_a_character_put_into_play_does_not(client):
    """spoils.402.8a: bob's Revivatate puts the Creaky Old Swordsman from his discard pile into play (and
    the Stalwart Soldier into his hand): that is not playing it, so the Slingerang keeps its 3 tokens."""
    t = _table(client, ["Revivatate"])
    t.resolve("bob", "alice", play_card("Revivatate", ["Creaky Old Swordsman", "Stalwart Soldier"], player="bob"))
    assert t.named("Creaky Old Swordsman", "bob"), "spoils.402.8"
    assert t.card("s1")["tokens"] == 3, "spoils.402.8a"
