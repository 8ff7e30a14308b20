"""Where rules text works in The Spoils (spoils.201.5b, 202.9, 402.9, 502.2), through the API with
real cards: in play only, a faction only when the text names factions, an ability only with its
threshold met."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_rules_text_in_a_hand_does_nothing(client):
    """spoils.201.5b: Gold Summit gives influence for cards drawn only while in play; in alice's hand it
    does nothing when Rate Hike makes her draw: her faction gains Rate Hike's 2 and no more."""
    t = new_game(client, position(hands={"alice": ["Rate Hike", "Gold Summit"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", play_card("Rate Hike"))
    assert t.influence("alice") == 27, "spoils.201.5b"


def test_rules_text_in_play_works(client):
    """spoils.201.5b: the same Gold Summit in play gives alice 1 more influence for the card drawn."""
    t = new_game(client, position(cards={"g1": {"card": "Gold Summit", "controller": "alice"}},
                                  hands={"alice": ["Rate Hike"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", play_card("Rate Hike"))
    assert t.influence("alice") == 28, "spoils.201.5b"


def test_a_faction_is_affected_when_the_text_names_factions(client):
    """spoils.202.9 with spoils.402.9: Bask Bile picks "a character or faction", so it may pick bob's
    faction and its 5 damage lowers bob's influence to 20."""
    t = new_game(client, position(hands={"alice": ["Bask Bile"]}, icons={"alice": "RRRRRRR"}))
    t.resolve("alice", "bob", play_card("Bask Bile", "faction:bob"))
    assert t.influence("bob") == 20, "spoils.202.9"
    assert t.state()["players"]["bob"]["faction"]["influence"] == 20, "spoils.402.9"


def test_an_ability_needs_its_threshold(client):
    """spoils.502.2: Prestige Inversion's RECUR needs [G][G]; from alice's discard pile it is refused with
    one [G] (spoils.405.3) and used with two."""
    def table(icons: str):
        setup = position(icons={"alice": icons}, decks={"alice": ["Greed"]})
        setup["players"]["alice"]["discard"] = ["Prestige Inversion"]
        return new_game(client, setup)
    recur = {"type": "use_ability", "player": "alice", "card": "Prestige Inversion", "ability": "RECUR", "targets": []}
    assert "spoils.405.3" in rule_ids(table("G").refuse(recur)), "spoils.502.2"
    t = table("GG")
    t.resolve("alice", "bob", recur)
    assert t.state()["players"]["alice"]["removed"] == ["Prestige Inversion"], "spoils.502.2"
