"""Conditions on what a card acts on, played by name through the API: "if it has X life or less",
"X+X strength or less", "numeric cost X or less, where X is ...", "if damage has been inflicted to
it this turn", "if your opponent has 3 or fewer cards in their hand" (spoils.504.1: checked when read;
spoils.502.2: numbers read off the game).  Each test shows the condition met and not met and cites
the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    attack as _attack, play_with_choices as _play_choosing, use_ability_as as _use)
from tests.scenarios.spoils.positions import (
    bob_characters as _bobs, characters_of as _chars, with_discard as _with_discard)
from tests.scenarios.spoils.readings import rule_set as _rule_set
from tests.scenarios.spoils.steps import refused_by as _refused_by
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, play_card, position, rule_ids as _rules)

pytestmark = needs_data


def test_essence_of_deception_destroys_a_character_damaged_this_turn(client):
    """Essence of Deception, OPTION 3: "COST: Pick a character. EFFECT: If damage has been inflicted to
    the character this turn, destroy it." (spoils.504.1, spoils.304.1): alice's Stalwart Soldier (3/3/3)
    survives 2 damage from bob's blocking Agile Highwayman (2/1/4); the Essence then destroys it, while
    played on her other Soldier, undamaged this turn, it does nothing."""
    for target, destroyed in (("a1", True), ("a2", False)):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "a2": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Agile Highwayman", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Essence of Deception"]}, icons={"alice": "DD"}))
        t.act(_attack("a1"))
        t.fight(blockers=["b1"])
        assert t.card("a1")["damage"] == 2
        t.resolve("alice", "bob", play_card("Essence of Deception", target, option=3))
        assert (target not in t.state()["cards"]) is destroyed and "a2" in t.state()["cards"] or destroyed
        assert t.state()["players"]["alice"]["discard"] == (["Stalwart Soldier", "Essence of Deception"]
                                                            if destroyed else ["Essence of Deception"])
        assert t.audit_valid()


def test_scrag_destroys_a_character_whose_life_the_discard_pile_reaches(client):
    """Scrag (tactic): "COST: Pick a character. X is its life. EFFECT: If your opponent has at least X
    cards in their discard pile, destroy the character." Dock Sentinel (life 4) against 4 cards in bob's
    discard pile is destroyed; against 3 it stays (spoils.406.3, spoils.504.1)."""
    for n, destroyed in ((3, False), (4, True)):
        setup = _with_discard(position(cards=_chars("bob", 2), hands={"alice": ["Scrag"]}, icons={"alice": "DD"}),
                              "bob", n)
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Scrag", "b2"))
        assert ("b2" not in t.state()["cards"]) is destroyed, n


def test_drygulch_removes_a_character_with_life_up_to_the_deception_alice_controls(client):
    """Drygulch (tactic): "Remove the character from the game if it has X life or less, where X is the
    number of [D] you control." With [D][D], Creaky Old Swordsman (life 2) is removed from the game;
    Dock Sentinel (life 4) stays (spoils.403.6a, spoils.502.2)."""
    t = new_game(client, position(cards=_chars("bob", 2), hands={"alice": ["Drygulch", "Drygulch"]},
                                  icons={"alice": "DDVV"}))
    t.resolve("alice", "bob", _play("Drygulch", "b2"))
    assert "b2" in t.state()["cards"]
    t.resolve("alice", "bob", _play("Drygulch", "b1"))
    s = t.state()
    assert "b1" not in s["cards"] and s["players"]["bob"]["removed"] == ["Creaky Old Swordsman"]


def test_horrifying_brain_monkey_destroys_only_a_weak_enough_character(client):
    """Horrifying Brain-Monkey: "SLOBBER COST: Pay 4. Destroy this card. Pick a character. EFFECT:
    Destroy the character if it has X strength or less, where X is the number of [O] you control."
    With [O][O][O]: Creaky Old Swordsman (strength 3) is destroyed, Dock Sentinel (5) is not."""
    for target, destroyed in (("b1", True), ("b2", False)):
        t = new_game(client, position(cards={"h1": {"card": "Horrifying Brain-Monkey", "controller": "alice"},
                                             **_chars("bob", 2)}, icons={"alice": "OOOV"}))
        t.resolve("alice", "bob", _use("alice", "h1", "SLOBBER", target))
        s = t.state()
        assert "h1" not in s["cards"] and (target not in s["cards"]) is destroyed, target


def test_hypnotic_illusionist_takes_a_cheap_character(client):
    """Hypnotic Illusionist: "HYPNOTIZE COST: Pay 5. Destroy this card. Pick a character. EFFECT: Take
    control of the character if it has numeric cost X or less, where X is the number of [D] you
    control." With three [D]: Creaky Old Swordsman (cost 3) changes hands, Brash Basher (5) does not
    (spoils.502.2, control changes)."""
    for target, taken in (("b1", True), ("b3", False)):
        t = new_game(client, position(cards={"h1": {"card": "Hypnotic Illusionist", "controller": "alice"},
                                             **_chars("bob", 3)}, icons={"alice": "DDDVV"}))
        t.resolve("alice", "bob", _use("alice", "h1", "HYPNOTIZE", target))
        assert (t.card(target)["controller"] == "alice") is taken, target


def test_chancellor_of_reinstatement_reinstates_a_cheap_character_from_the_discard_pile(client):
    """Chancellor of Reinstatement: "REINSTATE COST: Pay 4. Destroy this card. Pick a character in your
    discard pile. EFFECT: Put the character into play under your control if it has numeric cost X or
    less, where X is the number of [G] you control." With [G][G][G] Creaky Old Swordsman (cost 3)
    comes back; Dock Sentinel (7) stays in the discard pile (spoils.402.8)."""
    for name, back in (("Creaky Old Swordsman", True), ("Dock Sentinel", False)):
        setup = position(cards={"c1": {"card": "Chancellor of Reinstatement", "controller": "alice"}},
                         icons={"alice": "GGGV"})
        setup["players"]["alice"]["discard"] = [name]
        t = new_game(client, setup)
        t.resolve("alice", "bob", _use("alice", "c1", "REINSTATE", name))
        s = t.state()
        assert bool(t.named(name, "alice")) is back and (name in s["players"]["alice"]["discard"]) is not back, name


def test_walk_the_plank_destroys_only_characters_costing_up_to_the_greed_alice_controls(client):
    """Walk the Plank (tactic): "Destroy all characters with numeric cost X or less, where X is the
    number of [G] you control." With six [G] (and a Volition), the characters costing 3 and 5 are
    destroyed; Dock Sentinel (cost 7) stays (spoils.304.1, spoils.502.2)."""
    t = new_game(client, position(cards=_chars("bob", 3), hands={"alice": ["Walk the Plank"]},
                                  icons={"alice": "GGGGGGV"}))
    t.resolve("alice", "bob", _play("Walk the Plank"))
    assert sorted(c for c in t.state()["cards"]) == ["b2"]


def test_extravagant_contusion_picks_only_within_the_chosen_x(client):
    """Extravagant Contusion (tactic): "COST: Choose a number for X. Pay X. Pick a character with numeric
    cost X or less. EFFECT: Destroy the character." With X = 2, Creaky Old Swordsman (cost 3) is not a
    legal pick (spoils.310.1); with X = 3 it is destroyed (spoils.401.3, spoils.304.1)."""
    setup = position(cards=_chars("bob", 1), hands={"alice": ["Extravagant Contusion"]}, icons={"alice": "GGGG"})
    t = new_game(client, setup)
    assert _refused_by(t, _play("Extravagant Contusion", "b1", x=2), "spoils.310.1")
    t.resolve("alice", "bob", _play("Extravagant Contusion", "b1", x=3))
    assert "b1" not in t.state()["cards"]


def test_redonkulous_removes_the_character_only_when_the_opponent_holds_3_cards_or_fewer(client):
    """Redonkulous: "COST: Pick a character. EFFECT: ... Then, if your opponent has 3 or fewer cards in
    their hand, remove the character from the game." spoils.504.1: with 3 cards in bob's hand his Stalwart
    Soldier is removed from the game; with 4 it stays."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    few = new_game(client, position(cards=cards, hands={"alice": ["Redonkulous"], "bob": ["Obsession"] * 3},
                                    icons={"alice": "OOO"}))
    few.resolve("alice", "bob", _play("Redonkulous", "b1"))
    assert "b1" not in few.state()["cards"] and few.state()["players"]["bob"]["removed"] == ["Stalwart Soldier"]
    many = new_game(client, position(cards=cards, hands={"alice": ["Redonkulous"], "bob": ["Obsession"] * 4},
                                     icons={"alice": "OOO"}))
    many.resolve("alice", "bob", _play("Redonkulous", "b1"))
    assert "b1" in many.state()["cards"] and "spoils.504.1" in many.trace_text()
    assert few.audit_valid() and many.audit_valid()


def test_ritual_of_the_knob_and_pull_counts_the_opponents_face_down_resources(client):
    """Ritual of the Knob & Pull: "COST: Pick a character. X is its strength. EFFECT: If your opponent
    controls at least X face-down resources, destroy the character." spoils.406.3, spoils.504.1,
    spoils.411.1: bob's Stalwart Soldier (strength 3) is destroyed when bob has 3 face-down resources,
    not when he has 2 (his face-up Obsession does not count)."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    three = new_game(client, position(cards=cards, hands={"alice": ["Ritual of the Knob & Pull"]},
                                      icons={"alice": "OOO", "bob": "OVVV"}))
    three.resolve("alice", "bob", _play("Ritual of the Knob & Pull", "b1"))
    assert "b1" not in three.state()["cards"]
    two = new_game(client, position(cards=cards, hands={"alice": ["Ritual of the Knob & Pull"]},
                                    icons={"alice": "OOO", "bob": "OOVV"}))
    two.resolve("alice", "bob", _play("Ritual of the Knob & Pull", "b1"))
    assert "b1" in two.state()["cards"]
    assert three.audit_valid() and two.audit_valid()


def test_strangulate_destroys_a_character_with_4_life_or_less_only(client):
    """Strangulate: "COST: Pick a character. EFFECT: If the character has 4 life or less, destroy it." Plodding
    Brute (3 life) is destroyed (spoils.504.1, spoils.304.1); Dragon Archer (5 life) is not."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "d1": {"card": "Dragon Archer", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", _play_choosing("Strangulate", "d1"))
    assert "d1" in t.state()["cards"]
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", _play_choosing("Strangulate", "b1"))
    assert "b1" not in t.state()["cards"] and "d1" in t.state()["cards"]


def test_impeccable_timing_picks_only_a_depleted_character(client):
    """Impeccable Timing: "COST: Pick a depleted character. EFFECT: If the character has 4 life or less, destroy
    it." Bob's Plodding Brute, not depleted, cannot be picked (spoils.310.1); depleted, it is destroyed (3 life,
    spoils.504.1)."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Impeccable Timing"]}, icons={"alice": "DDD"}))
    assert "spoils.310.1" in _rule_set(t.refuse(_play_choosing("Impeccable Timing", "b1")))
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}},
                                  hands={"alice": ["Impeccable Timing"]}, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", _play_choosing("Impeccable Timing", "b1"))
    assert "b1" not in t.state()["cards"]


def test_12_man_brunch_of_doom_destroys_a_character_with_x_plus_x_strength_or_less(client):
    """12 Man Brunch of Doom: "COST: Choose a number for X. Deplete X characters you control. Pick a
    character. EFFECT: If the the picked character has X+X strength or less, destroy it." (the card
    prints "the the").  X = 2, two Sleeping Guards depleted to pay (spoils.401.2, spoils.401.3):
    Creaky Old Swordsman (strength 3 <= 4) is destroyed, Dock Sentinel (strength 5) is not
    (spoils.504.1, spoils.304.1).  Only the two characters named are depleted, not the third (the cost
    once depleted every character alice controlled); X = 2 with one character named is refused
    (spoils.401.2)."""
    for target, destroyed in (("b2", False), ("b1", True)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"},
                 "a2": {"card": "Sleeping Guard", "controller": "alice"},
                 "a3": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(2)}
        t = new_game(client, position(cards=cards, hands={"alice": ["12 Man Brunch of Doom"]}, icons={"alice": "OOO"}))
        t.resolve("alice", "bob", _play("12 Man Brunch of Doom", ["a1", "a2"], target, x=2))
        assert (target not in t.state()["cards"]) is destroyed, target
        assert t.card("a1")["depleted"] and t.card("a2")["depleted"] and not t.card("a3")["depleted"]
    cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(1)}
    t = new_game(client, position(cards=cards, hands={"alice": ["12 Man Brunch of Doom"]}, icons={"alice": "OOO"}))
    assert "spoils.401.2" in _rules(t.refuse(_play("12 Man Brunch of Doom", ["a1"], "b1", x=2)))


def test_desolate_destroys_the_characters_with_exactly_x_strength(client):
    """Desolate: "COST: Pick a number for X, where X is less than or equal to the number of [O] you
    control. EFFECT: Destroy all characters with X strength." X = 4 with 3 [O] is refused (spoils.401.2);
    X = 3 destroys Creaky Old Swordsman (3), not Legacy Warmachine (4) nor Plodding Brute (5)."""
    cards = {"s1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "w1": {"card": "Legacy Warmachine", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Desolate"]}, icons={"alice": "OOO"}))
    assert "spoils.401.2" in [v["rule"]["id"] for v in t.refuse(_play("Desolate", x=4))]
    t.act(_play("Desolate", x=3))
    t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["cards"]) == ["b1", "w1"]
