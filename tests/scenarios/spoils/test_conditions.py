"""Cards whose text reads a condition or a number off the game, played by name through the API: "while
you have an even number of cards in your hand", "while your opponent controls more characters than
you", "for each [O] you control", "if it has X strength or less, where X is ...", "where X is the number
of characters in the attacking party", "use this only if ...".  Each test quotes the card and cites the
rules (spoils.504.1: a condition is checked when it is read; spoils.502.2: numbers read off the game;
spoils.401.3a: a restriction on playing or using)."""
from __future__ import annotations

from typing import Any

from tests.scenarios.spoils_table import client, needs_data, new_game, position, play_card as _play  # noqa: F401

pytestmark = needs_data
FILLER = ["Creaky Old Swordsman", "Dock Sentinel", "Brash Basher", "Costly Filcher", "Agile Highwayman"]


def _chars(player: str, n: int, prefix: str | None = None) -> dict[str, dict[str, str]]:
    p = prefix or player[0]
    return {f"{p}{i}": {"card": FILLER[i - 1], "controller": player} for i in range(1, n + 1)}


def _eff(t: Any, cid: str) -> dict[str, Any]:
    return t.card(cid)["effective"]


def _use(player: str, card: str, ability: str, *targets: str, **choices: Any) -> dict[str, Any]:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    return action | ({"choices": choices} if choices else {})


def _with_discard(setup: dict[str, Any], player: str, n: int) -> dict[str, Any]:
    setup["players"][player]["discard"] = ["Creaky Old Swordsman"] * n
    return setup


# --------------------------------------------------------------------------------- "while ..." (continuous)

def test_adroit_marauder_grows_once_the_opponents_discard_pile_holds_ten(client):
    """Adroit Marauder: "While your opponent has at least 10 cards in their discard pile, this card gains
    3 strength and 3 life." 9 cards: 2/2; 10 cards: 5/5 (spoils.504.1, spoils.410.3)."""
    for n, strength in ((9, 2), (10, 5)):
        setup = _with_discard(position(cards={"m1": {"card": "Adroit Marauder", "controller": "alice"}}), "bob", n)
        t = new_game(client, setup)
        assert (_eff(t, "m1")["strength"], _eff(t, "m1")["life"]) == (strength, strength), n


def test_compulsive_creeper_gains_with_an_even_hand(client):
    """Compulsive Creeper: "While you have an even number of cards in your hand, this card gains 1
    strength, 1 life, and 1 speed." Two cards: 3/2/3; three cards: 2/1/2 (spoils.504.1)."""
    for hand, stats in ((["Dock Sentinel"] * 2, (3, 2, 3)), (["Dock Sentinel"] * 3, (2, 1, 2))):
        t = new_game(client, position(cards={"c1": {"card": "Compulsive Creeper", "controller": "alice"}},
                                      hands={"alice": hand}))
        e = _eff(t, "c1")
        assert (e["strength"], e["life"], e["speed"]) == stats, len(hand)


def test_intermittently_sneaky_lawyer_is_covert_with_six_cards_in_hand(client):
    """Intermittently Sneaky Lawyer: "While you have at least 6 cards in your hand, this card gains 1
    strength and Covert." Five cards: 1 strength, no Covert; six: 2 strength and Covert (spoils.402.6)."""
    for n, strength in ((5, 1), (6, 2)):
        t = new_game(client, position(cards={"l1": {"card": "Intermittently Sneaky Lawyer", "controller": "alice"}},
                                      hands={"alice": ["Dock Sentinel"] * n}))
        e = _eff(t, "l1")
        assert e["strength"] == strength and ("covert" in e["keywords"]) is (n == 6), n


def test_nefarious_horror_loses_covert_when_outnumbered(client):
    """Nefarious Horror (COVERT): "While your opponent controls more characters than you, this card gains
    2 strength, 2 life, and loses Covert." Against two characters (alice has one): 4/4, not Covert;
    against one: 2/2 and Covert ("lose" beats "gain", spoils.402.6)."""
    for bobs, strength in ((2, 4), (1, 2)):
        t = new_game(client, position(cards={"n1": {"card": "Nefarious Horror", "controller": "alice"},
                                             **_chars("bob", bobs)}))
        e = _eff(t, "n1")
        assert e["strength"] == strength and ("covert" in e["keywords"]) is (bobs == 1), bobs


def test_ghostly_auditor_is_covert_only_alone(client):
    """Ghostly Auditor: "While you control only 1 character, this card gains Covert." Alone it is
    Covert; with Agile Highwayman beside it, it is not (spoils.504.1)."""
    alone = new_game(client, position(cards={"g1": {"card": "Ghostly Auditor", "controller": "alice"}}))
    assert "covert" in _eff(alone, "g1")["keywords"]
    two = new_game(client, position(cards={"g1": {"card": "Ghostly Auditor", "controller": "alice"},
                                           "a1": {"card": "Agile Highwayman", "controller": "alice"}}))
    assert "covert" not in _eff(two, "g1")["keywords"]


def test_resistance_fighter_gains_while_alice_controls_a_character_she_does_not_own(client):
    """Resistance Fighter: "While you control a character you don't own, this card gains 2 strength, 2
    life, and 1 speed." With bob's Agile Highwayman under alice's control: 3/3/4; with her own: 1/1/3."""
    for owner, stats in (("bob", (3, 3, 4)), ("alice", (1, 1, 3))):
        t = new_game(client, position(cards={"r1": {"card": "Resistance Fighter", "controller": "alice"},
                                             "a1": {"card": "Agile Highwayman", "controller": "alice", "owner": owner}}))
        e = _eff(t, "r1")
        assert (e["strength"], e["life"], e["speed"]) == stats, owner


def test_icons_you_control_count_for_pit_boss_wrinkly_rabbit_and_the_d00dm4k3r(client):
    """Pit Boss: "This card gains 1 speed for each [D] you control."; Wrinkly Rabbit: "... 1 strength and
    1 life for each [O] you control."; 3p1c D00dm4k3r (gear): "The attached character gains 1 strength
    and 1 life for each [E] you control." (spoils.405.5: icons of resources in play)."""
    t = new_game(client, position(cards={"p1": {"card": "Pit Boss", "controller": "alice"},
                                         "w1": {"card": "Wrinkly Rabbit", "controller": "alice"},
                                         "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "d1": {"card": "3p1c D00dm4k3r", "controller": "alice", "attached_to": "a1"}},
                                  icons={"alice": "DDDOOEV"}))
    assert _eff(t, "p1")["speed"] == 3
    assert (_eff(t, "w1")["strength"], _eff(t, "w1")["life"]) == (2, 2)
    assert (_eff(t, "a1")["strength"], _eff(t, "a1")["life"]) == (3, 2)


def test_thundering_nilpha_cannot_be_blocked_attacking_a_location(client):
    """Thundering Nilpha: "While this card is attacking a location, it gains 1 strength and cannot be
    blocked." Attacking bob's location it has 5 strength and bob's block is refused (spoils.413.1,
    spoils.402.7); attacking bob's faction it has 4 and may be blocked."""
    cards = {"n1": {"card": "Thundering Nilpha", "controller": "alice"},
             "l1": {"card": "Gambling Den", "controller": "bob"}, "b1": {"card": "Dock Sentinel", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["n1"], "target": "l1"})
    assert _eff(t, "n1")["strength"] == 5
    t.fight(stop="blocks")
    assert t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})
    u = new_game(client, position(cards=cards))
    u.act({"type": "attack", "player": "alice", "attackers": ["n1"]})
    assert _eff(u, "n1")["strength"] == 4
    u.fight(stop="blocks")
    u.act({"type": "block", "player": "bob", "blockers": ["b1"]})


def test_uncontrollable_jalopy_is_unblockable_with_five_tokens(client):
    """Uncontrollable Jalopy: "This card gains 1 speed for each token on it. While there are at least 5
    tokens on this card, it's unblockable." With 5 tokens no block is offered (spoils.413.1); with 4,
    bob may block."""
    for tokens, blockable in ((4, True), (5, False)):
        t = new_game(client, position(cards={"j1": {"card": "Uncontrollable Jalopy", "controller": "alice",
                                                    "tokens": tokens},
                                             "b1": {"card": "Dock Sentinel", "controller": "bob"}}))
        assert _eff(t, "j1")["speed"] == 1 + tokens
        t.act({"type": "attack", "player": "alice", "attackers": ["j1"]})
        offered = False
        while t.state()["battle"] is not None and not offered:
            offered = "block" in t.legal("bob")
            if not offered:
                t.act({"type": "pass", "player": t.state()["to_act"]})
        assert offered is blockable, tokens


# --------------------------------------------------------------------------------- "if it has X ... or less"

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


# --------------------------------------------------------------------------------- "use (play) this only if ..."

def _refused_by(t: Any, action: dict[str, Any], rule: str = "spoils.401.3a") -> bool:
    return any(v["rule"]["id"] == rule for v in t.refuse(action))


def test_recreant_cad_sneaks_only_against_a_full_discard_pile(client):
    """Recreant Cad: "SNEAK COST: Use this only if your opponent has at least 10 cards in their discard
    pile. Pay 1. Remove 2 cards in your opponent's discard pile from the game. EFFECT: This turn, this
    card gains Covert." With 9 cards the use is refused (spoils.401.3a); with 10 it gains Covert and
    two of bob's cards leave the game."""
    cad = {"r1": {"card": "Recreant Cad", "controller": "alice"}}
    t = new_game(client, _with_discard(position(cards=cad, icons={"alice": "D"}), "bob", 9))
    assert _refused_by(t, _use("alice", "r1", "SNEAK", ["Creaky Old Swordsman"] * 2))
    u = new_game(client, _with_discard(position(cards=cad, icons={"alice": "D"}), "bob", 10))
    u.resolve("alice", "bob", _use("alice", "r1", "SNEAK", ["Creaky Old Swordsman"] * 2))
    assert "covert" in _eff(u, "r1")["keywords"] and len(u.state()["players"]["bob"]["discard"]) == 8


def test_underhanded_gamer_outsmarts_only_when_outnumbered(client):
    """Underhanded Gamer: "OUTSMART COST: Use this only if your opponent controls more characters than
    you. Pay 3. EFFECT: This turn, this card cannot be blocked." Against one character: refused
    (spoils.401.3a); against two: used."""
    gamer = {"g1": {"card": "Underhanded Gamer", "controller": "alice"}}
    t = new_game(client, position(cards={**gamer, **_chars("bob", 1)}, icons={"alice": "DDD"}))
    assert _refused_by(t, _use("alice", "g1", "OUTSMART"))
    u = new_game(client, position(cards={**gamer, **_chars("bob", 2)}, icons={"alice": "DDD"}))
    u.resolve("alice", "bob", _use("alice", "g1", "OUTSMART"))
    u.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    assert u.state()["battle"]["unblockable"] is True


def test_voidal_nullification_chamber_dissolves_only_with_an_even_number_of_characters(client):
    """Voidal Nullification Chamber: "DISSOLVE COST: Use this only if there are an even number of
    characters in play. Remove 4 tokens from this card. Pick a character. EFFECT: Destroy the
    character." Three characters in play: refused (spoils.401.3a); two: bob's character is destroyed."""
    chamber = {"v1": {"card": "Voidal Nullification Chamber", "controller": "alice", "tokens": 4}}
    t = new_game(client, position(cards={**chamber, **_chars("bob", 3)}))
    assert _refused_by(t, _use("alice", "v1", "DISSOLVE", "b1"))
    u = new_game(client, position(cards={**chamber, **_chars("bob", 2)}))
    u.resolve("alice", "bob", _use("alice", "v1", "DISSOLVE", "b1"))
    assert "b1" not in u.state()["cards"] and u.card("v1")["tokens"] == 0


def test_fiendish_fez_moves_only_outside_a_battle_and_stops_attacks(client):
    """Fiendish Fez (gear): "The attached character loses 2 strength and cannot attack. MOVE COST: Use
    this only not during a battle. Pay 3. Pick a character. EFFECT: Attach this card to the character."
    The wearer's attack is refused (spoils.608.1b); during bob's attack the move is refused
    (spoils.401.3a); outside a battle it moves to bob's Dock Sentinel."""
    cards = {"a1": {"card": "Agile Highwayman", "controller": "alice"},
             "f1": {"card": "Fiendish Fez", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Dock Sentinel", "controller": "bob"}, "b2": {"card": "Brash Basher", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOO"}))
    assert _eff(t, "a1")["strength"] == 0
    assert _refused_by(t, {"type": "attack", "player": "alice", "attackers": ["a1"]}, "spoils.608.1b")
    t.resolve("alice", "bob", _use("alice", "f1", "MOVE", "b1"))
    assert t.card("f1")["attached_to"] == "b1" and _eff(t, "b1")["strength"] == 3
    u = new_game(client, position(active="bob", cards=cards, icons={"alice": "OOO"}))
    u.act({"type": "attack", "player": "bob", "attackers": ["b2"]})
    u.act({"type": "pass", "player": "bob"})
    assert _refused_by(u, _use("alice", "f1", "MOVE", "b1"))


def test_trophy_collector_is_played_only_against_a_faction_at_10_influence_or_less(client):
    """Trophy Collector: "COST: Play this only if your opponent's faction has 10 influence or less."
    At 11 influence the play is refused (spoils.401.3a); at 10 it enters play."""
    for influence, ok in ((11, False), (10, True)):
        setup = position(hands={"alice": ["Trophy Collector"]}, icons={"alice": "R"})
        setup["players"]["bob"]["faction"]["influence"] = influence
        t = new_game(client, setup)
        if ok:
            t.resolve("alice", "bob", _play("Trophy Collector"))
            assert t.named("Trophy Collector", "alice")
        else:
            assert _refused_by(t, _play("Trophy Collector"))


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


# --------------------------------------------------------------------------------- "where X is ..." in triggers

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


def test_reckless_challenger_is_destroyed_unless_it_attacked(client):
    """Reckless Challenger: "At the end of your turn, if this card started the turn under your control
    and did not attack this turn, destroy it." Idle all turn, it is destroyed as alice's turn ends; after
    attacking, it stays (spoils.603.1 end of turn, spoils.504.1)."""
    idle = new_game(client, position(cards={"r1": {"card": "Reckless Challenger", "controller": "alice"}}))
    idle.end_turn("alice", "bob")
    assert "r1" not in idle.state()["cards"]
    busy = new_game(client, position(cards={"r1": {"card": "Reckless Challenger", "controller": "alice"}}))
    busy.act({"type": "attack", "player": "alice", "attackers": ["r1"]})
    busy.fight()
    busy.end_turn("alice", "bob")
    assert "r1" in busy.state()["cards"]


def test_tumescent_guilt_bladder_changes_hands_at_three_tokens(client):
    """Tumescent Guilt Bladder: "At the start of each turn, if there are at least 3 tokens on this card,
    your opponent takes control of it. Remove all tokens from this card." Its end-of-turn token brings 2
    tokens to 3: bob's turn starts and he takes it, tokens gone; 1 token becomes 2 and it stays alice's,
    tokens gone too (spoils.504.1)."""
    for tokens, owner in ((2, "bob"), (1, "alice")):
        t = new_game(client, position(cards={"g1": {"card": "Tumescent Guilt Bladder", "controller": "alice",
                                                    "tokens": tokens}}))
        t.act({"type": "end_turn", "player": "alice"})
        t.act({"type": "pass", "player": "bob", "choices": {"may": False}})
        for _ in range(4):
            if not t.state()["triggers"]:
                break
            t.act({"type": "pass", "player": t.state()["to_act"]})
        assert (t.card("g1")["controller"], t.card("g1")["tokens"]) == (owner, 0), tokens


def test_drowned_catacombs_sneaks_a_character_no_stronger_than_bobs_headcount(client):
    """Drowned Catacombs (faction): "SNEAK COST: X is the number of characters your opponent controls.
    Pay X. Pick a character with X strength or less. EFFECT: This turn, the character gains COVERT."
    Bob controls two characters: X is 2; Creaky Old Swordsman (strength 3) is refused (spoils.310.1),
    Agile Highwayman (strength 2) gains Covert (spoils.202.9, spoils.502.2)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "a2": {"card": "Creaky Old Swordsman", "controller": "alice"},
                                         **_chars("bob", 2)},
                                  icons={"alice": "DD"}, factions={"alice": "Drowned Catacombs"}))
    sneak = {"type": "faction_ability", "player": "alice", "ability": "SNEAK"}
    assert _refused_by(t, sneak | {"targets": ["a2"]}, "spoils.310.1")
    t.resolve("alice", "bob", sneak | {"targets": ["a1"]})
    assert "covert" in _eff(t, "a1")["keywords"] and t.state()["players"]["alice"]["unattached"] == 0


# --------------------------------------------------------------------------------- cost reductions

def test_ensmallment_ray_reduces_characters_to_a_minimum_of_1(client):
    """Ensmallment Ray: "Reduce the numeric cost of characters you play by 2, to a minimum of 1."
    Creaky Old Swordsman (cost 3) costs 1; Portly Tradesmau (cost 2) costs 1, not 0: of three resources
    one is left (spoils.406.3: reductions, here with a floor)."""
    t = new_game(client, position(cards={"e1": {"card": "Ensmallment Ray", "controller": "alice"}},
                                  hands={"alice": ["Creaky Old Swordsman", "Portly Tradesmau"]}, icons={"alice": "RGG"}))
    t.resolve("alice", "bob", _play("Creaky Old Swordsman"))
    assert t.state()["players"]["alice"]["unattached"] == 2
    t.resolve("alice", "bob", _play("Portly Tradesmau"))
    assert t.named("Portly Tradesmau", "alice") and t.state()["players"]["alice"]["unattached"] == 1


def test_rudimentary_lathe_makes_items_cheaper(client):
    """Rudimentary Lathe: "The numeric cost of items you play is reduced by 1, to a minimum of 1."
    Runic Battery (cost 2) costs 1 (spoils.406.3)."""
    t = new_game(client, position(cards={"l1": {"card": "Rudimentary Lathe", "controller": "alice"}},
                                  hands={"alice": ["Runic Battery"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _play("Runic Battery", may=False))
    assert t.named("Runic Battery", "alice") and t.state()["players"]["alice"]["unattached"] == 2


def test_toxic_cultivator_discounts_tactics_with_an_even_number_of_characters(client):
    """Toxic Cultivator: "While you control an even number of characters, reduce the numeric cost of
    tactics you play by 1, to a minimum of 1." With a second character Scrag (cost 2) costs 1; alone
    it costs 2 (spoils.504.1, spoils.406.3)."""
    for extra, left in (({"a1": {"card": "Agile Highwayman", "controller": "alice"}}, 1), ({}, 0)):
        setup = _with_discard(position(cards={"c1": {"card": "Toxic Cultivator", "controller": "alice"}, **extra,
                                              **_chars("bob", 1)},
                                       hands={"alice": ["Scrag"]}, icons={"alice": "DD"}), "bob", 5)
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Scrag", "b1"))
        assert t.state()["players"]["alice"]["unattached"] == left, extra


def test_hired_goons_defect_unless_alice_pays(client):
    """Hired Goons: "At the start of your turn, you may pay 2. If you don't, your opponent takes
    control of this card." Paying keeps them; declining hands them to bob (spoils.309.1, spoils.504.1)."""
    for pay, controller in ((True, "alice"), (False, "bob")):
        t = new_game(client, position(active="bob", cards={"h1": {"card": "Hired Goons", "controller": "alice"}},
                                      icons={"alice": "GG"}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": {"may": pay}})
        assert t.card("h1")["controller"] == controller, pay


def test_unnatural_alteration_is_played_only_on_alices_turn_outside_a_battle(client):
    """Unnatural Alteration (tactic): "COST: Play this only during your turn and not during a battle.
    Pick a character you control." During alice's own attack the play is refused (spoils.401.3a)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "a2": {"card": "Creaky Old Swordsman", "controller": "alice"}},
                                  hands={"alice": ["Unnatural Alteration"]}, icons={"alice": "OOOO"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert t.state()["battle"] is not None and t.state()["to_act"] == "alice"
    assert _refused_by(t, _play("Unnatural Alteration", "a2"))


def test_extravagant_contusion_picks_only_within_the_chosen_x(client):
    """Extravagant Contusion (tactic): "COST: Choose a number for X. Pay X. Pick a character with numeric
    cost X or less. EFFECT: Destroy the character." With X = 2, Creaky Old Swordsman (cost 3) is not a
    legal pick (spoils.310.1); with X = 3 it is destroyed (spoils.401.3, spoils.304.1)."""
    setup = position(cards=_chars("bob", 1), hands={"alice": ["Extravagant Contusion"]}, icons={"alice": "GGGG"})
    t = new_game(client, setup)
    assert _refused_by(t, _play("Extravagant Contusion", "b1", x=2), "spoils.310.1")
    t.resolve("alice", "bob", _play("Extravagant Contusion", "b1", x=3))
    assert "b1" not in t.state()["cards"]
