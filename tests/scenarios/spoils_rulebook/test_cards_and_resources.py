"""Cards and resources of The Spoils through the API, read against the rules: thresholds and paying
(203.3, 309.1a, 405.6), locations and items entering play (206.2, 207.1-207.2), the hand without a
limit (403.2b) and a faction brought to 0 influence (408.3a)."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def test_a_threshold_counts_attached_resources_and_is_never_spent(client):
    """spoils.intro.threshold-presence and spoils.405.6: alice's three Rage are already attached, yet
    they still meet the Stalwart Soldier's RRR threshold; she pays its cost of 3 by attaching her three
    Greed (spoils.203.3)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRRGGG"},
                                  attached={"alice": 3}))
    t.act(play_card("Stalwart Soldier"))
    assert types(t.last) == ["CardPlayed", "ResourcesAttached"], "spoils.405.6"
    assert "spoils.405.2" in cited(t.last), "spoils.intro.threshold-presence"
    assert t.state()["players"]["alice"]["unattached"] == 0, "spoils.203.3: paying attaches resources"


def test_only_unattached_resources_pay(client):
    """spoils.309.1a: with four Rage of which two are attached, alice cannot pay the Soldier's 3."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRRR"},
                                  attached={"alice": 2}))
    refused = t.refuse(play_card("Stalwart Soldier"))
    assert [v["rule"]["id"] for v in refused] == ["spoils.309.1"], "spoils.309.1a"


def test_a_location_is_played_on_its_players_turn_and_enters_play(client):
    """spoils.207.1: bob may not play a location during alice's turn; spoils.207.2: alice's location
    resolves into play."""
    hands = {"alice": ["The Currency Bazaar"], "bob": ["The Currency Bazaar"]}
    t = new_game(client, position(hands=hands, icons={"alice": "GGGG", "bob": "GGGG"}))
    refused = t.refuse({"type": "play_card", "player": "bob", "card": "The Currency Bazaar", "targets": []})
    assert [v["rule"]["id"] for v in refused] == ["spoils.207.1"]
    t.resolve("alice", "bob", play_card("The Currency Bazaar"))
    assert "CardEnteredPlay" in types(t.last) and t.named("The Currency Bazaar", "alice"), "spoils.207.2"


def test_an_item_resolves_into_play(client):
    """spoils.206.2: Rudimentary Lathe resolves and is put into play under alice's control."""
    t = new_game(client, position(hands={"alice": ["Rudimentary Lathe"]}, icons={"alice": "EEEEE"}))
    t.resolve("alice", "bob", play_card("Rudimentary Lathe"))
    assert "CardEnteredPlay" in types(t.last) and t.named("Rudimentary Lathe", "alice"), "spoils.206.2"


def test_there_is_no_hand_size_limit(client):
    """spoils.403.2b: alice ends her turn holding twelve cards and keeps them all."""
    t = new_game(client, position(hands={"alice": ["Greed"] * 12}))
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob"
    assert t.state()["players"]["alice"]["hand"] == 12, "spoils.403.2b"


def test_a_faction_brought_to_zero_influence_loses(client):
    """spoils.408.3a: bob's faction at 3 influence takes the Soldier's 3 damage and reaches 0; bob
    loses and alice wins."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"}}, influence=3))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    for _ in range(12):
        state = t.state()
        if state["battle"] is None or state["winner"]:
            break
        if state["battle"]["stage"] == "block":
            t.act({"type": "block", "player": "bob", "blockers": []})
        else:
            t.act({"type": "pass", "player": state["to_act"]})
    assert "spoils.408.3" in cited(t.last) and types(t.last)[-2:] == ["PlayerLost", "GameWon"]
    assert t.state()["winner"] == {"player": "alice", "by": "influence"}, "spoils.408.3a"


def test_a_card_whose_threshold_is_not_met_cannot_be_played(client):
    """spoils.604.1b: the threshold is checked first; with RRG alice lacks the Soldier's RRR and the
    play is refused (spoils.405.2), nothing appended."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRG"}))
    before = t.state()["position"]
    assert [v["rule"]["id"] for v in t.refuse(play_card("Stalwart Soldier"))] == ["spoils.405.2"], "spoils.604.1b"
    assert t.state()["position"] == before


def test_an_ability_whose_threshold_is_not_met_cannot_be_used(client):
    """spoils.606.1b: Black Scourge of the Brine's ENCROACH needs five Greed; with four it is refused."""
    cards = {"s1": {"card": "Black Scourge of the Brine", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGGG"}))
    encroach = {"type": "use_ability", "player": "alice", "card": "s1", "ability": "ENCROACH: [G][G][G][G][G]",
                "targets": []}
    refused = t.refuse(encroach)
    assert [v["rule"]["id"] for v in refused] == ["spoils.405.3"] and "606.1b" in refused[0]["message"], "spoils.606.1b"
    u = new_game(client, position(cards=cards, icons={"alice": "GGGGG"}))
    u.act(encroach)


def test_a_player_may_attack_several_times_a_turn_with_different_characters(client):
    """spoils.intro.attacks-per-turn: alice attacks with her Soldier, then with her Brute; the Soldier,
    depleted by its attack, cannot attack again (spoils.303.2)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(blockers=[])
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})
    t.fight(blockers=[])
    assert t.influence("bob") == 25 - 3 - 5, "spoils.intro.attacks-per-turn"
    assert [v["rule"]["id"] for v in t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]})] \
        == ["spoils.303.2"]


def test_a_faction_gains_influence_its_score_and_the_tactic_goes_to_the_discard_pile_last(client):
    """spoils.202.3: influence is the score; Rate Hike raises alice's from 20 to 22 and draws a card,
    and only then goes to her discard pile (spoils.205.2)."""
    t = new_game(client, position(hands={"alice": ["Rate Hike"]}, icons={"alice": "GGG"}, decks={"alice": ["Greed"]},
                                  influence=20))
    t.resolve("alice", "bob", play_card("Rate Hike"))
    assert "spoils.202.3" in cited(t.last) and t.influence("alice") == 22
    assert types(t.last)[-3:] == ["InfluenceGained", "CardsDrawn", "CardPutInDiscard"], "spoils.205.2"
