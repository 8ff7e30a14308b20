"""Issue 24, "a grammar, not a list": triggers no printed card words, made of known parts, convert at import
and act in a game.

A set made here, of cards whose triggers are new combinations of a subject noun phrase and an event
("Whenever a character your opponent controls leaves play", "Whenever a Gearsmith character enters play
under your control", "If this card inflicts battle damage to a faction"): ``adjudicator cards import``
converts each to a composed trigger (``effects.triggers.Happens``) with every sentence covered, and a
game through the API fires each for the cards its subject takes only (spoils.503.1)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.api.made_sets import imported_set, served
from tests.scenarios.spoils.steps import resolve_triggers
from tests.scenarios.spoils_table import needs_data, new_game, play_card, position

pytestmark = needs_data

MADE = {  # name: (type, trade, threshold, cost, strength/life/speed, text)
    "Grim Tallyman": ("Character", "Banker", "G", "2", (1, 2, 1),
                      "Whenever a character your opponent controls leaves play, draw a card."),
    "Gear Cantor": ("Character", "Gearsmith", "O", "2", (1, 2, 1),
                    "Whenever a Gearsmith character enters play under your control, draw a card."),
    "Cog Adept": ("Character", "Gearsmith", "O", "1", (1, 1, 1), "COVERT"),
    "Plain Adept": ("Character", "Warlord", "R", "1", (1, 1, 1), "COVERT"),
    "Ember Raider": ("Character", "Warlord", "R", "2", (2, 2, 3),
                     "If this card inflicts battle damage to a faction, draw a card."),
    "Sudden Ending": ("Tactic", "Warlord", "R", "1", None, "COST: Pick a character.\n\nEFFECT: Destroy the character."),
    "Pawn Broker": ("Character", "Banker", "G", "2", (1, 2, 1), "If your opponent plays an item, draw a card."),
    "Brass Trinket": ("Item", "Gearsmith", "O", "1", None, "UNIQUE Brass Trinket"),
    "Coin Watcher": ("Character", "Banker", "G", "2", (0, 2, 1), "If your opponent flips a coin, draw a card."),
    "Lucky Toss": ("Tactic", "Banker", "G", "0", None, "Flip a coin. If you win, draw a card."),
    "Flag Bearer": ("Character", "Warlord", "R", "2", (1, 3, 1),
                    "If a blocking party is formed including this card, draw a card."),
    "War Drummer": ("Character", "Warlord", "R", "2", (0, 2, 1), "Whenever an attacking party is formed, draw a card."),
    "Sore Winner": ("Character", "Banker", "G", "2", (0, 2, 1), "If your opponent loses a coin flip, draw a card."),
    "Crowd Brawler": ("Character", "Warlord", "R", "2", (0, 2, 1),
                      "If a character you control attacks in a party with more than 1 member, draw a card."),
    "Pack Leader": ("Character", "Warlord", "R", "2", (1, 2, 3),
                    "If an attacking party is formed including this card and at least 1 other character, draw a card."),
    "Night Watch": ("Character", "Warlord", "R", "2", (0, 2, 1),
                    "If a character you control blocks a Covert party, draw a card."),
    "Lightning Rod": ("Character", "Gearsmith", "O", "2", (0, 3, 1),
                      "If your opponent plays an item attached to this card, draw a card."),
    "Rusty Shackle": ("Item", "Gearsmith", "O", "1", None,
                      "ATTACH to Character\n\nThe attached character cannot attack."),
    "Glass Jaw": ("Character", "Banker", "G", "2", (0, 5, 1),
                  "If any amount of damage greater than 1 is inflicted to a character you control, draw a card."),
    "Hoarder": ("Character", "Banker", "G", "2", (0, 3, 1),
                "If a character you control has at least 2 tokens on it, draw a card."),
    "Graze": ("Tactic", "Warlord", "R", "0", None,
              "COST: Pick a character.\n\nEFFECT: Inflict 1 damage to the character."),
    "Singe": ("Tactic", "Warlord", "R", "0", None,
              "COST: Pick a character.\n\nEFFECT: Inflict 2 damage to the character."),
    "Mark": ("Tactic", "Banker", "G", "0", None, "COST: Pick a character.\n\nEFFECT: Put a token on the character."),
}
"""Made-up cards: triggers composed of known parts in combinations no printed card has, and the cards that set
them off."""
COMPOSED = {"Grim Tallyman", "Gear Cantor", "Ember Raider", "Pawn Broker", "Coin Watcher", "Flag Bearer",
            "Crowd Brawler", "Night Watch", "Lightning Rod", "Glass Jaw", "Hoarder"}


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    return imported_set(tmp_path_factory, "Composed Triggers Test Set", MADE)


@pytest.fixture(scope="module")
def client(imported):
    yield from served(imported)


def test_each_new_combination_converts_to_a_composed_trigger_with_nothing_left_to_the_judge(imported, client):
    kept = yaml.safe_load((imported / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))["cards"]
    for name in COMPOSED:
        [ability] = kept[name]["abilities"]
        assert isinstance(ability["when"], dict) and ability["when"]["event"], (name, ability)
        assert not kept[name].get("not_covered"), name
        answer = client.get(f"/cards/spoils/{name}").get_json()
        assert all("scenario" in gap for gap in answer["automation"]["not_covered"]), (name, answer["automation"])


def _hand(t, player: str) -> int:
    return t.state()["players"][player]["hand"]


def test_a_character_your_opponent_controls_leaving_play_draws_a_card_and_your_own_does_not(client):
    """Grim Tallyman: "Whenever a character your opponent controls leaves play, draw a card." Sudden Ending
    destroys bob's character (spoils.403.5a): alice draws (spoils.503.1, spoils.605.2); destroying her own
    character draws nothing."""
    cards = {"g1": {"card": "Grim Tallyman", "controller": "alice"}, "p1": {"card": "Plain Adept", "controller": "bob"},
             "p2": {"card": "Plain Adept", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Sudden Ending", "Sudden Ending"]},
                                  icons={"alice": "RR"}))
    t.resolve("alice", "bob", play_card("Sudden Ending", "p1"))
    assert "p1" not in t.state()["cards"] and _hand(t, "alice") == 2  # one played, one drawn
    t.resolve("alice", "bob", play_card("Sudden Ending", "p2"))
    assert "p2" not in t.state()["cards"] and _hand(t, "alice") == 1
    assert t.audit_valid()


def test_a_gearsmith_character_entering_under_your_control_draws_a_card_another_does_not(client):
    """Gear Cantor: "Whenever a Gearsmith character enters play under your control, draw a card." Plain Adept (a
    Warlord) enters: nothing; Cog Adept (a Gearsmith) enters: alice draws (spoils.503.1)."""
    t = new_game(client, position(cards={"c1": {"card": "Gear Cantor", "controller": "alice"}},
                                  hands={"alice": ["Plain Adept", "Cog Adept"]}, icons={"alice": "OR"}))
    t.resolve("alice", "bob", play_card("Plain Adept"))
    assert _hand(t, "alice") == 1
    t.resolve("alice", "bob", play_card("Cog Adept"))
    assert _hand(t, "alice") == 1 and t.named("Cog Adept")
    assert t.audit_valid()


def test_battle_damage_to_a_faction_draws_a_card_blocked_it_does_not(client):
    """Ember Raider (2/2/3): "If this card inflicts battle damage to a faction, draw a card." Unblocked, its
    2 battle damage reaches bob's faction (spoils.609.1, spoils.408.3) and alice draws; blocked, its damage
    goes to the blocker and she draws nothing."""
    t = new_game(client, position(cards={"e1": {"card": "Ember Raider", "controller": "alice"}}))
    t.act({"type": "attack", "player": "alice", "attackers": ["e1"]})
    t.fight()
    assert t.influence("bob") == 23 and _hand(t, "alice") == 1
    t = new_game(client, position(cards={"e1": {"card": "Ember Raider", "controller": "alice"},
                                         "b1": {"card": "Grim Tallyman", "controller": "bob"}}))
    t.act({"type": "attack", "player": "alice", "attackers": ["e1"]})
    t.fight(blockers=["b1"])
    assert t.influence("bob") == 25 and _hand(t, "alice") == 0
    assert t.audit_valid()


def test_your_opponent_playing_an_item_draws_a_card_a_character_does_not(client):
    """Pawn Broker: "If your opponent plays an item, draw a card." Bob plays Plain Adept (a character): nothing;
    then Brass Trinket (an item): alice draws (spoils.604.2, spoils.503.1)."""
    t = new_game(client, position(active="bob", cards={"w1": {"card": "Pawn Broker", "controller": "alice"}},
                                  hands={"bob": ["Plain Adept", "Brass Trinket"]}, icons={"bob": "RO"}))
    t.resolve("bob", "alice", play_card("Plain Adept", player="bob"))
    assert _hand(t, "alice") == 0
    t.resolve("bob", "alice", play_card("Brass Trinket", player="bob"))
    assert _hand(t, "alice") == 1 and t.named("Brass Trinket")
    assert t.audit_valid()


def test_a_composition_of_an_event_the_engine_is_not_told_of_is_left_to_the_judge(imported, client):
    """Sore Winner: "If your opponent loses a coin flip, ..." -- a flip lost is no happening the engine fires
    triggers for (only a replacement by its old name, spoils.506.1): converted as a composition, not covered."""
    kept = yaml.safe_load((imported / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))["cards"]
    [ability] = kept["Sore Winner"]["abilities"]
    assert ability["when"] == {"event": "flips_coin", "subject": "opponent", "lost": True}
    answer = client.get("/cards/spoils/Sore Winner").get_json()
    assert any("coin flip lost" in str(gap) for gap in answer["automation"]["not_covered"]), answer["automation"]


def test_your_opponent_flipping_a_coin_draws_a_card_your_own_flip_does_not(client):
    """Coin Watcher: "If your opponent flips a coin, draw a card." Bob's Lucky Toss flips a coin (lost: no
    card for him): alice draws (spoils.503.1); alice's own Lucky Toss, lost, draws her nothing."""
    t = new_game(client, position(active="bob", cards={"w1": {"card": "Coin Watcher", "controller": "alice"}},
                                  hands={"bob": ["Lucky Toss"]}, icons={"bob": "G"}))
    t.resolve("bob", "alice", play_card("Lucky Toss", player="bob", coin="lose"))
    assert _hand(t, "alice") == 1 and _hand(t, "bob") == 0
    t = new_game(client, position(cards={"w1": {"card": "Coin Watcher", "controller": "alice"}},
                                  hands={"alice": ["Lucky Toss"]}, icons={"alice": "G"}))
    t.resolve("alice", "bob", play_card("Lucky Toss", coin="lose"))
    assert _hand(t, "alice") == 0
    assert t.audit_valid()


def test_an_attacking_party_draws_one_card_and_a_blocking_party_only_with_its_member(client):
    """War Drummer (an old name, now its composition): "Whenever an attacking party is formed, draw a card."
    alice attacks with two characters: one party formed (spoils.608.1b), one card.  Flag Bearer: "If a
    blocking party is formed including this card, draw a card." bob blocks with another character: nothing;
    with the Bearer: he draws (spoils.608.1d, 302.7)."""
    cards = {"d1": {"card": "War Drummer", "controller": "alice"}, "f1": {"card": "Flag Bearer", "controller": "bob"},
             "a1": {"card": "Plain Adept", "controller": "alice"},
             "a2": {"card": "Ember Raider", "controller": "alice"},
             "b1": {"card": "Grim Tallyman", "controller": "bob"}}
    for blocker, drawn in (("b1", 0), ("f1", 1)):
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]})
        assert _hand(t, "alice") == 1
        t.fight(blockers=[blocker], stop="tactics_e")  # the blocking party formed
        assert _hand(t, "bob") == drawn and _hand(t, "alice") == 1
        assert t.audit_valid()


def test_a_party_of_more_than_one_member_draws_for_each_attacker_and_the_leader_once(client):
    """Crowd Brawler: "If a character you control attacks in a party with more than 1 member, draw a card." Pack
    Leader (an old name with its number, now its composition): "If an attacking party is formed including this
    card and at least 1 other character, draw a card." Alice attacks with the Leader alone: nothing; with the
    Leader and Plain Adept: 2 cards for the Brawler (each attacks in the party, spoils.302.5, 608.1b) and 1 for
    the Leader (spoils.503.1)."""
    cards = {"c1": {"card": "Crowd Brawler", "controller": "alice"},
             "l1": {"card": "Pack Leader", "controller": "alice"},
             "a1": {"card": "Plain Adept", "controller": "alice"}}
    for attackers, drawn in ((["l1"], 0), (["l1", "a1"], 3)):
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": attackers})
        resolve_triggers(t)  # the three fire at once: alice orders them (spoils.503.4)
        assert _hand(t, "alice") == drawn
        assert t.audit_valid()


def test_blocking_a_covert_party_draws_a_card_blocking_another_party_does_not(client):
    """Night Watch: "If a character you control blocks a Covert party, draw a card." Alice's Cog Adept (Covert)
    attacks alone, a Covert party (spoils.302.11, 507.3a): bob's Plain Adept (Covert, 507.3b) blocks it and bob
    draws; her Ember Raider attacks, bob's Grim Tallyman blocks it: nothing (spoils.503.1)."""
    for attacker, blocker, drawn in (("c1", "p1", 1), ("e1", "g1", 0)):
        cards = {"w1": {"card": "Night Watch", "controller": "bob"}, "c1": {"card": "Cog Adept", "controller": "alice"},
                 "e1": {"card": "Ember Raider", "controller": "alice"},
                 "p1": {"card": "Plain Adept", "controller": "bob"},
                 "g1": {"card": "Grim Tallyman", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": [attacker]})
        t.fight(blockers=[blocker], stop="tactics_e")
        assert _hand(t, "bob") == drawn
        assert t.audit_valid()


def test_an_item_played_attached_to_this_card_draws_a_card_attached_to_another_it_does_not(client):
    """Lightning Rod: "If your opponent plays an item attached to this card, draw a card." Alice plays Rusty
    Shackle attached to bob's Lightning Rod: bob draws (spoils.301.1, 604.2); attached to his Grim Tallyman: not."""
    cards = {"r1": {"card": "Lightning Rod", "controller": "bob"}, "g1": {"card": "Grim Tallyman", "controller": "bob"}}
    for host, drawn in (("r1", 1), ("g1", 0)):
        t = new_game(client, position(cards=cards, hands={"alice": ["Rusty Shackle"]}, icons={"alice": "O"}))
        t.resolve("alice", "bob", play_card("Rusty Shackle", attach_to=host))
        assert _hand(t, "bob") == drawn and t.card(t.named("Rusty Shackle")[0])["attached_to"] == host
        assert t.audit_valid()


def test_damage_greater_than_one_draws_a_card_one_damage_does_not(client):
    """Glass Jaw: "If any amount of damage greater than 1 is inflicted to a character you control, draw a card."
    Alice's Graze inflicts 1 damage to it: nothing; her Singe, 2: bob draws (spoils.408.1, spoils.503.1)."""
    for tactic, drawn in (("Graze", 0), ("Singe", 1)):
        t = new_game(client, position(cards={"j1": {"card": "Glass Jaw", "controller": "bob"}},
                                      hands={"alice": [tactic]}, icons={"alice": "R"}))
        t.resolve("alice", "bob", play_card(tactic, "j1"))
        assert t.card("j1")["damage"] == (1 if tactic == "Graze" else 2) and _hand(t, "bob") == drawn
        assert t.audit_valid()


def test_a_second_token_draws_a_card_the_first_does_not(client):
    """Hoarder: "If a character you control has at least 2 tokens on it, draw a card." Alice marks her Hoarder
    once: nothing; twice: she draws (spoils.409, spoils.503.1)."""
    t = new_game(client, position(cards={"h1": {"card": "Hoarder", "controller": "alice"}},
                                  hands={"alice": ["Mark", "Mark"]}, icons={"alice": "G"}))
    t.resolve("alice", "bob", play_card("Mark", "h1"))
    assert t.card("h1")["tokens"] == 1 and _hand(t, "alice") == 1
    t.resolve("alice", "bob", play_card("Mark", "h1"))
    assert t.card("h1")["tokens"] == 2 and _hand(t, "alice") == 1  # one played, one drawn
    assert t.audit_valid()
