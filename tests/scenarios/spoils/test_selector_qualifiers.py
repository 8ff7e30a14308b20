"""Issue 24, fail closed: a selector's qualifiers are evaluated, never read as "anything".  Each card is
played by name through the API; each test shows the cards the qualifier picks and those it must not
(spoils.310.1: a pick must fit what the text names).  Before, an adjective or bound the engine did not
read matched every card: "numeric cost X" destroyed every character, "non-Rogue" depleted the Rogues."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_gewgawed_gimcrack_destroys_only_the_characters_of_numeric_cost_x(client):
    """Gewgawed Gimcrack: "DO...SOMETHING! COST: X is the number of tokens on this card. Destroy this card.
    EFFECT: Destroy all characters with numeric cost X." With 3 tokens: the cost-3 characters of both
    players go (spoils.409.1 tokens, spoils.403.5a discard pile); the cost-4 and cost-2 ones stay."""
    t = new_game(client, position(cards={"x1": {"card": "Gewgawed Gimcrack", "controller": "alice", "tokens": 3},
                                         "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                         "b2": {"card": "Plodding Brute", "controller": "bob"},
                                         "b3": {"card": "Sleeping Guard", "controller": "bob"}}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "x1", "ability": "DO...SOMETHING!"})
    cards = t.state()["cards"]
    assert "a1" not in cards and "b1" not in cards and "x1" not in cards
    assert "b2" in cards and "b3" in cards


def test_delicious_strawberry_flavored_death_depletes_only_the_non_rogue_characters(client):
    """Delicious Strawberry Flavored Death: "Deplete all non-Rogue characters. Draw a card." The trade
    is read off each card: Agile Highwayman (Rogue) stays restored, the Warlords are depleted (spoils.303.1)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                         "b2": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Delicious Strawberry Flavored Death"]}, icons={"alice": "DDDDD"}))
    t.resolve("alice", "bob", play_card("Delicious Strawberry Flavored Death"))
    cards = t.state()["cards"]
    assert cards["a1"]["depleted"] is False
    assert cards["b1"]["depleted"] is True and cards["b2"]["depleted"] is True


def test_prestige_inversion_picks_only_a_character_with_the_unique_keyword(client):
    """Prestige Inversion: "COST: Pick a character with the UNIQUE keyword in its rules text. EFFECT:
    Remove the character from the game." Adriel (UNIQUE Adriel) may be picked and leaves the game
    (spoils.403.6); Creaky Old Swordsman (no UNIQUE) is refused by spoils.310.1."""
    cards = {"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
             "b2": {"card": "Adriel, Defender of Marduun", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Prestige Inversion"]}, icons={"alice": "GG"}))
    assert "spoils.310.1" in rule_ids(t.refuse(play_card("Prestige Inversion", "b1")))
    t.resolve("alice", "bob", play_card("Prestige Inversion", "b2"))
    assert "b2" not in t.state()["cards"] and "b1" in t.state()["cards"]


def test_pervasive_bodyguard_protects_only_a_character_in_its_own_party(client):
    """Pervasive Bodyguard: "PROTECT COST: Pay 1. Pick a character in a party with this card. EFFECT:
    This turn, the character gains 1 life." Outside a battle nothing is in a party with it (refused,
    spoils.310.1); attacking beside Agile Highwayman (spoils.302.6) it protects him: 1 life more."""
    cards = {"x1": {"card": "Pervasive Bodyguard", "controller": "alice"},
             "a1": {"card": "Agile Highwayman", "controller": "alice"},
             "a2": {"card": "Creaky Old Swordsman", "controller": "alice"}}
    use = {"type": "use_ability", "player": "alice", "card": "x1", "ability": "PROTECT", "targets": ["a1"]}
    t = new_game(client, position(cards=cards, icons={"alice": "RRRR"}))
    assert "spoils.310.1" in rule_ids(t.refuse(use))
    life = t.card("a1")["effective"]["life"]
    t.act({"type": "attack", "player": "alice", "attackers": ["x1", "a1"]})
    t.fight(stop="tactics_a")
    assert "spoils.310.1" in rule_ids(t.refuse({**use, "targets": ["a2"]}))  # alice's, but not in the party
    t.resolve("alice", "bob", use)
    assert t.card("a1")["effective"]["life"] == life + 1


def test_impulsive_abductress_kidnaps_only_an_attacking_or_blocking_character(client):
    """Impulsive Abductress: "KIDNAP COST: Destroy this card. Pick an attacking or blocking character.
    EFFECT: Destroy the character." Outside a battle no character fits (spoils.310.1); while Creaky Old
    Swordsman attacks (spoils.302.6) she destroys him."""
    cards = {"x1": {"card": "Impulsive Abductress", "controller": "alice"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    use = {"type": "use_ability", "player": "alice", "card": "x1", "ability": "KIDNAP", "targets": ["b1"]}
    t = new_game(client, position(active="bob", cards=cards))
    assert "spoils.310.1" in rule_ids(t.refuse({**use, "player": "alice"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(stop="tactics_a")
    if t.state()["to_act"] != "alice":
        t.act({"type": "pass", "player": "bob"})
    t.resolve("alice", "bob", use)
    assert "b1" not in t.state()["cards"]
