"""Amounts read off the game as a card resolves, played by name through the API: "where X is ..." in
triggers and abilities (tokens, dragons, attackers, characters short), "if there is a token on this
card X is 5", and the highest or lowest numeric cost with its tie decided by a player (spoils.502.2).
Each test quotes the card and cites the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing, use_ability_as as _use
from tests.scenarios.spoils.positions import characters_of as _chars, with_discard as _with_discard
from tests.scenarios.spoils.readings import effective as _eff, hand_cards as _hand, rule_set as _rule_set
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


BOBS = ["Creaky Old Swordsman", "Dock Sentinel", "Brash Basher"]


def _bob(n: int) -> dict[str, dict[str, str]]:
    return {f"b{i}": {"card": name, "controller": "bob"} for i, name in enumerate(BOBS[:n], start=1)}


@needs_data
def test_12_man_brunch_of_doom_destroys_a_character_with_x_plus_x_strength_or_less(client):
    """12 Man Brunch of Doom: "COST: Choose a number for X. Deplete X characters you control. Pick a
    character. EFFECT: If the the picked character has X+X strength or less, destroy it." (the card
    prints "the the").  X = 2 (two Sleeping Guards depleted to pay): Creaky Old Swordsman (strength 3)
    is destroyed, Dock Sentinel (strength 5) is not (spoils.504.1, spoils.304.1, spoils.401.3)."""
    for target, destroyed in (("b2", False), ("b1", True)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"},
                 "a2": {"card": "Sleeping Guard", "controller": "alice"}, **_bob(2)}
        t = new_game(client, position(cards=cards, hands={"alice": ["12 Man Brunch of Doom"]}, icons={"alice": "OOO"}))
        strength = t.card(target)["effective"]["strength"]
        assert (strength <= 4) is destroyed, strength
        t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "12 Man Brunch of Doom",
                                   "targets": [["a1", "a2"], target], "choices": {"x": 2}})
        assert (target not in t.state()["cards"]) is destroyed, target
        assert t.card("a1")["depleted"]


def test_runic_battery_discharges_five_with_a_token_two_without(client):
    """Runic Battery: "DISCHARGE COST: If there is a token on this card X is 5, otherwise X is 2.
    Destroy this card. EFFECT: Detach up to X resources from your faction. Draw a card." Five spent
    resources: with a token all five are detached, without one only two (spoils.309.1, spoils.406.3)."""
    for tokens, detached in ((1, 5), (0, 2)):
        t = new_game(client, position(cards={"r1": {"card": "Runic Battery", "controller": "alice", "tokens": tokens}},
                                      icons={"alice": "EEEEE"}, attached={"alice": 5}))
        t.resolve("alice", "bob", _use("alice", "r1", "DISCHARGE"))
        p = t.state()["players"]["alice"]
        assert p["unattached"] == detached and p["hand"] == 1 and "r1" not in t.state()["cards"], tokens


def test_dragons_quarters_burns_one_more_than_the_dragons_alice_controls(client):
    """Dragon's Quarters (location): "At the start of your turn, you may pick a character. If you do,
    this card inflicts X+1 damage to it, where X is the number of \\"dragon\\" cards you control." With
    Thundering Nilpha (a dragon) Dock Sentinel (life 4) takes 2 damage (spoils.502.2, spoils.408.1)."""
    t = new_game(client, position(active="bob", cards={"q1": {"card": "Dragon's Quarters", "controller": "alice"},
                                                       "n1": {"card": "Thundering Nilpha", "controller": "alice"},
                                                       "b1": {"card": "Dock Sentinel", "controller": "bob"}}))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {"targets": ["b1"]}})
    assert t.card("b1")["damage"] == 2


def test_the_emperor_barduse_divides_twice_the_dragons_alice_controls(client):
    """The Emperor Barduse: "When this card enters play, you may pick any number of characters. If you
    do, inflict X damage divided however you want to the characters, where X is twice the number of
    \\"dragon\\" characters you control." With Thundering Nilpha, X is 4 (the Emperor is a dragon too):
    2 to each of bob's characters (spoils.402.1, spoils.502.2)."""
    t = new_game(client, position(cards={"n1": {"card": "Thundering Nilpha", "controller": "alice"},
                                         **_chars("bob", 2)},
                                  hands={"alice": ["The Emperor Barduse"]}, icons={"alice": "RRRRRRVV"}))
    t.resolve("alice", "bob", _play("The Emperor Barduse", divided={"b1": 2, "b2": 2}, targets=[["b1", "b2"]]))
    s = t.state()
    assert "b1" not in s["cards"] and s["cards"]["b2"]["damage"] == 2
    assert _eff(t, "n1")["strength"] == 5  # "All your other dragon characters gain 1 strength and 1 life."


def test_portly_tradesmau_draws_one_card_per_attacker(client):
    """Portly Tradesmau: "If this card blocks, draw X cards, where X is the number of characters in the
    attacking party." Two attackers: alice draws 2 as she blocks (spoils.608.1d, spoils.502.2)."""
    t = new_game(client, position(active="bob", cards={"p1": {"card": "Portly Tradesmau", "controller": "alice"},
                                                       **_chars("bob", 2)}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1", "b2"]})
    t.fight(stop="blocks")
    t.act({"type": "block", "player": "alice", "blockers": ["p1"]})
    assert t.state()["players"]["alice"]["hand"] == 2


def test_devilfang_thunderhoof_enters_with_a_token_per_obsession(client):
    """Devilfang Thunderhoof: "When this card enters play, put X tokens on it, where X is the number of
    [O] you control. This card gains 1 strength for each token on it." With five [O]: 5 tokens, 6
    strength (spoils.409.1, spoils.502.2)."""
    t = new_game(client, position(hands={"alice": ["Devilfang Thunderhoof"]}, icons={"alice": "OOOOO"}))
    t.resolve("alice", "bob", _play("Devilfang Thunderhoof"))
    cid = t.named("Devilfang Thunderhoof", "alice")[0]
    assert t.card(cid)["tokens"] == 5 and _eff(t, cid)["strength"] == 6


def test_drivey_car_leaves_micromajigs_for_the_characters_alice_is_short(client):
    """Drivey Car: "If this card leaves play, put X Micromajig tokens into play, where X is the number
    of characters your opponent controls minus the number of characters you control." Destroyed by
    Scrag while bob has three characters and alice none left: three tokens (spoils.409.3c)."""
    setup = _with_discard(position(cards={"d1": {"card": "Drivey Car", "controller": "alice"}, **_chars("bob", 3)},
                                   hands={"alice": ["Scrag"]}, icons={"alice": "DD"}), "bob", 5)
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play("Scrag", "d1"))
    assert "d1" not in t.state()["cards"]
    assert len([c for c in t.state()["cards"].values() if c["token"] and c["controller"] == "alice"]) == 3


def test_executive_poaching_destroys_the_costliest_character_and_the_tie_is_alices_to_decide(client):
    """Executive Poaching: "Destroy the character your opponent controls with the highest numeric cost. If there
    is a tie, you decide which character is destroyed." Against Plodding Brute (4) and Surplus Soldier (1) the
    Brute is destroyed (spoils.304.1); against two Brutes the play must say which (spoils.engine.tie-choice):
    without a choice it is refused, with b2 only b2 goes."""
    one = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=one, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play_choosing("Executive Poaching"))
    assert not t.named("Plodding Brute") and t.named("Surplus Soldier", "bob")
    two = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "b2": {"card": "Plodding Brute", "controller": "bob"}}
    u = new_game(client, position(cards=two, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    u.act(_play_choosing("Executive Poaching"))
    assert "spoils.engine.tie-choice" in _rule_set(u.refuse({"type": "pass", "player": "bob"}))
    u = new_game(client, position(cards=two, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    u.resolve("alice", "bob", _play_choosing("Executive Poaching", tie="b2"))
    assert "b1" in u.state()["cards"] and "b2" not in u.state()["cards"]


def test_subordinate_demotivation_destroys_the_cheapest_opposing_character(client):
    """Subordinate Demotivation: "Destroy the character your opponent controls with the lowest numeric cost. If
    there is a tie, you decide which character is destroyed." Surplus Soldier (1) goes, Plodding Brute (4)
    stays; alice's own Surplus Soldier is not the opponent's (spoils.304.1, spoils.engine.tie-choice)."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "s2": {"card": "Surplus Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Subordinate Demotivation"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play_choosing("Subordinate Demotivation"))
    left = t.state()["cards"]
    assert "s1" not in left and "b1" in left and "s2" in left


def test_verrucose_brains_returns_the_cheapest_character_the_tie_chosen(client):
    """Verrucose Brains: "At the end of each turn, put the character with the lowest numeric cost into
    its owner's hand. If there is a tie, you decide which character is affected." spoils.503.1,
    spoils.engine.tie-choice: alice's and bob's characters both cost 3; the action ending the turn
    names bob's (choices.tie), which goes to bob's hand; without a choice the step is refused."""
    t = new_game(client, position(active="bob", cards={"x1": {"card": "Verrucose Brains", "controller": "alice"},
                                                       "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                                       "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
    t.act({"type": "end_turn", "player": "bob"})
    assert "spoils.engine.tie-choice" in _rules(t.refuse({"type": "pass", "player": "alice"}))
    t.act({"type": "pass", "player": "alice", "choices": {"tie": "b1"}})
    assert sorted(t.state()["cards"]) == ["a1", "x1"] and _hand(t, "bob") == ["Creaky Old Swordsman"]
