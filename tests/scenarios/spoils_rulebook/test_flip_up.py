"""FLIP UP in The Spoils through the API: a face-down resource turned face up leaves play as a
resource and is played (411.3, faq.flip-leaves-play), and it may help pay its own cost (507.4b)."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _face_down(setup: dict, rid: str, name: str) -> dict:
    setup["players"]["alice"]["resources"][rid] = {"name": name, "face_up": False}
    return setup


def test_a_face_down_card_turned_face_up_stops_being_a_resource_and_is_played(client):
    """spoils.411.3: Unimportant Wizard, face down among alice's resources, is flipped up for its
    FLIP UP cost; it stops being a resource (it leaves play as one, spoils.faq.flip-leaves-play) and
    is played, entering play as a character when bob passes."""
    t = new_game(client, _face_down(position(icons={"alice": "O"}), "alice.r9", "Unimportant Wizard"))
    t.act(play_card("Unimportant Wizard", flip_up="alice.r9"))
    assert types(t.last)[:2] == ["CardFlippedUp", "CardPlayed"] and "spoils.411.3" in cited(t.last)
    assert "alice.r9" not in t.state()["players"]["alice"]["resources"], "spoils.faq.flip-leaves-play"
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Unimportant Wizard", "alice")


def test_a_flipped_card_can_pay_part_of_its_own_flip_up_cost(client):
    """spoils.507.4b: Crushing Usury's FLIP UP costs 2; alice's one Greed and the face-down Usury
    itself pay it, and the play cites the rule."""
    setup = position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}}, icons={"alice": "G"})
    t = new_game(client, _face_down(setup, "alice.r9", "Crushing Usury"))
    t.act(play_card("Crushing Usury", "s1", flip_up=True))
    assert "spoils.507.4b" in cited(t.last) and "CardFlippedUp" in types(t.last)
