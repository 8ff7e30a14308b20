"""Flip Up and timing in The Spoils (spoils.507.4d, 507.6b), through the API: flipping a face-down
card up does not change when its type may be played, while Tactical works from a face-down resource."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _bobs_turn_with_face_down(client, name: str):
    setup = position(active="bob", hands={"bob": ["Surplus Soldier"]}, icons={"alice": "RRDD", "bob": "RRRR"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": name, "face_up": False}
    t = new_game(client, setup)
    return t


def test_flip_up_does_not_let_a_character_answer_on_the_opponents_turn(client):
    """spoils.507.4d: Proficient Battler, face down among alice's resources, has FLIP UP 2 [R]; flipped up
    it is still a character, played only in alice's own turn, so it cannot answer bob's Surplus Soldier."""
    t = _bobs_turn_with_face_down(client, "Proficient Battler")
    t.act(play_card("Surplus Soldier", player="bob"))
    refused = t.refuse({"type": "respond", "player": "alice", "card": "Proficient Battler",
                        "choices": {"flip_up": "alice.r9"}})
    assert rule_ids(refused) == ["spoils.607.2"], "spoils.507.4d"  # a response is a tactic or an ability
    assert not t.named("Proficient Battler")


def test_a_tactical_card_face_down_may_be_flipped_up_as_an_answer(client):
    """spoils.507.6b: Guttersnipe ("you may play this card whenever you could play a tactic", FLIP UP 0
    [D][D]) works from a face-down resource: alice flips it up in answer to bob's Surplus Soldier and it enters play."""
    t = _bobs_turn_with_face_down(client, "Guttersnipe")
    t.act(play_card("Surplus Soldier", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Guttersnipe", "choices": {"flip_up": "alice.r9"}})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Guttersnipe", "alice"), "spoils.507.6b"


def test_a_card_flipped_up_costs_its_flip_up_cost(client):
    """spoils.406.7: in her own turn alice flips up her face-down Proficient Battler (cost 4, FLIP UP 2
    [R]): its numeric cost starts from the Flip Up cost, so she pays 2, not 4: the Battler pays 1 of it
    itself as it is flipped (spoils.507.4b), one Rage the other."""
    setup = position(icons={"alice": "RRRR"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Proficient Battler", "face_up": False}
    t = new_game(client, setup)
    t.resolve("alice", "bob", play_card("Proficient Battler", flip_up="alice.r9"))
    assert t.named("Proficient Battler", "alice"), "spoils.406.7"
    assert t.state()["players"]["alice"]["unattached"] == 3, "spoils.406.7"
