"""Extra costs on acts of The Spoils, played by name through the API: taxes ("your opponent must pay 2
to attack", to play a tactic, to use a character's ability, to search their deck, to pick a character
you control; 505.1: a player who cannot pay cannot take the action), "or" choices, restrictions that
read this turn's history, and other "cannot" forms.  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _attached(t, player: str) -> int:
    return sum(r["attached"] for r in t.state()["players"][player]["resources"].values())


# ------------------------------------------------------------------------------ taxes

def test_ministry_of_other_smaller_ministries_makes_the_opponent_pay_2_to_attack(client):
    """The Ministry of Other Smaller Ministries: "Your opponent must pay 2 to attack." spoils.505.1:
    with 1 unattached resource alice cannot attack (nothing appended); with 2 she attacks and attaches
    both (309.1); bob, the Ministry's controller, attacks for free on his turn."""
    cards = {"m1": {"card": "The Ministry of Other Smaller Ministries", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "R"}))
    violations = t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert "spoils.505.1" in _rules(violations)
    assert t.card("a1")["depleted"] is False and t.state()["battle"] is None
    u = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert _attached(u, "alice") == 2 and "The Ministry of Other Smaller Ministries" in u.trace_text()
    v = new_game(client, position(active="bob", cards={"m1": cards["m1"], "b1": {"card": "Stalwart Soldier",
                                                                                 "controller": "bob"}}))
    v.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert v.state()["battle"] is not None


def test_auspicious_tax_makes_the_attached_characters_controller_pay_3_to_attack_with_it(client):
    """Auspicious Tax (gear attached to alice's Stalwart Soldier): "The attached character's controller
    must pay 3 to attack with it." spoils.505.1: with 2 resources alice cannot attack with it, but can
    with her other character; with 3 she attacks with it and pays 3."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Plodding Brute", "controller": "alice"},
             "g1": {"card": "Auspicious Tax", "controller": "bob", "attached_to": "a1"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    assert "spoils.505.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})
    assert _attached(t, "alice") == 0
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert _attached(u, "alice") == 3 and "Auspicious Tax" in u.trace_text()


def test_vilghame_manewaft_makes_the_opponent_pay_1_to_play_a_tactic(client):
    """Vilghame Manewaft: "Your opponent must pay 1 to play a tactic." Distraction costs 0: alice
    with 1 resource pays 1 for it; without an unattached resource she cannot play it (spoils.505.1);
    the tax is not part of the numeric cost (406.3)."""
    cards = {"v1": {"card": "Vilghame Manewaft", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}, attached={"alice": 1}))
    assert "spoils.505.1" in _rules(t.refuse(_play("Distraction", "v1")))
    u = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    u.resolve("alice", "bob", _play("Distraction", "v1"))
    assert _attached(u, "alice") == 1 and u.card("v1")["depleted"] is True


def test_department_of_rejections_taxes_a_characters_ability_and_a_search(client):
    """Department of Rejections: "Your opponent must pay 2 to search their deck. Your opponent must
    pay 2 to use a character's ability." spoils.505.1: Hidden Sniper's SHARPSHOOT (pay 1) costs alice 3;
    with 2 resources she cannot use it.  Keen Stratagem (cost 1) searches her deck as it resolves:
    she pays 2 more then, and without them the search is not made (402.5)."""
    cards = {"d1": {"card": "Department of Rejections", "controller": "bob"},
             "h1": {"card": "Hidden Sniper", "controller": "alice"},
             "b1": {"card": "Surplus Soldier", "controller": "bob"}}
    sharpshoot = {"type": "use_ability", "player": "alice", "card": "h1", "ability": "SHARPSHOOT", "targets": ["b1"]}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    assert "spoils.505.1" in _rules(t.refuse(sharpshoot))
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", sharpshoot)
    assert _attached(u, "alice") == 3 and "b1" not in u.state()["cards"]
    deck = ["Sleeping Guard", "Greed"]
    v = new_game(client, position(cards=cards, hands={"alice": ["Keen Stratagem"]}, icons={"alice": "GGG"},
                                  decks={"alice": deck}))
    v.resolve("alice", "bob", _play("Keen Stratagem", found=["Greed"]))
    assert _attached(v, "alice") == 3 and "Greed" in v.state()["players"]["alice"]["hand_cards"]
    w = new_game(client, position(cards=cards, hands={"alice": ["Keen Stratagem"]}, icons={"alice": "GG"},
                                  decks={"alice": deck}))
    w.resolve("alice", "bob", _play("Keen Stratagem", found=["Greed"]))
    assert _attached(w, "alice") == 1 and "Greed" in w.state()["players"]["alice"]["deck_cards"]


def test_lucky_charm_makes_the_opponent_pay_1_to_pick_a_character_its_controller_controls(client):
    """Lucky Charm: "Your opponent must pay 1 to pick a character you control." spoils.505.1:
    Distraction (cost 0) picking bob's character costs alice 1 (refused without a resource); picking
    her own character costs nothing."""
    cards = {"l1": {"card": "Lucky Charm", "controller": "bob"},
             "b1": {"card": "Surplus Soldier", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}, attached={"alice": 1}))
    assert "spoils.505.1" in _rules(t.refuse(_play("Distraction", "b1")))
    t.resolve("alice", "bob", _play("Distraction", "a1"))
    assert t.card("a1")["depleted"] is True and _attached(t, "alice") == 1
    u = new_game(client, position(cards=cards, hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    u.act(_play("Distraction", "b1"))
    assert "Lucky Charm: alice must pay 1" in u.trace_text()
    u.act({"type": "pass", "player": "bob"})
    assert u.card("b1")["depleted"] is True and _attached(u, "alice") == 1


# ------------------------------------------------------------------------------ this turn's history

def test_633fy_31f_is_played_only_after_2_other_non_resource_cards_this_turn(client):
    """633fy 31f: "Play this only if you have played at least 2 other non-resource cards this turn."
    spoils.401.3a (checked as the cost is paid): refused at first and after one Distraction; after a
    second one (the plays of the turn, projected from the log) it is played."""
    t = new_game(client, position(cards={"b1": {"card": "Surplus Soldier", "controller": "bob"}},
                                  hands={"alice": ["633fy 31f", "Distraction", "Distraction"]}, icons={"alice": "EER"}))
    assert "spoils.401.3a" in _rules(t.refuse(_play("633fy 31f")))
    t.resolve("alice", "bob", _play("Distraction", "b1"))
    assert "spoils.401.3a" in _rules(t.refuse(_play("633fy 31f")))
    t.resolve("alice", "bob", _play("Distraction", "b1"))
    t.resolve("alice", "bob", _play("633fy 31f"))
    assert t.named("633fy 31f", "alice")


def test_slingerang_cheap_shot_needs_no_tokens_and_a_character_the_opponent_played_this_turn(client):
    """Slingerang: "If your opponent plays a character, you may remove a token from this card. CHEAP SHOT
    COST: Use this only if no tokens are on this card and only if your opponent played a character this
    turn. Destroy this card. Pick a character. EFFECT: Destroy the character." spoils.401.3a: answering
    alice's tactic it is refused (she played no character); alice's Stalwart Soldier sets off the trigger
    (503.1, its last token removed), and bob's CHEAP SHOT then destroys her Plodding Brute."""
    cards = {"s1": {"card": "Slingerang", "controller": "bob", "tokens": 1},
             "a1": {"card": "Plodding Brute", "controller": "alice"}}
    shot = {"type": "respond", "player": "bob", "ability": "CHEAP SHOT", "source": "s1", "targets": ["a1"]}
    t = new_game(client, position(cards=cards | {"s1": cards["s1"] | {"tokens": 0}},
                                  hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    t.act(_play("Distraction", "a1"))
    assert "spoils.401.3a" in _rules(t.refuse(shot))
    u = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    u.act(_play("Stalwart Soldier"))
    assert u.card("s1")["tokens"] == 0
    u.act(shot)
    u.act({"type": "pass", "player": "alice"})
    assert "a1" not in u.state()["cards"] and "s1" not in u.state()["cards"]


def test_ectypal_stave_pays_2_plus_the_numeric_cost_of_the_last_tactic_played_this_turn(client):
    """Ectypal Stave: "COUNTERFEIT COST: Use this only if a tactic has been played this turn. Pay 2+X, where
    X is the numeric cost of the last tactic played this turn. Deplete this card. EFFECT: Duplicate the
    tactic." spoils.406.3 (X read as the cost is paid), spoils.309.1: after Rate Hike (cost 3) it costs 5;
    alice with 4 resources left cannot pay, with 5 she does and gains 2 more influence (307.1)."""
    cards = {"e1": {"card": "Ectypal Stave", "controller": "alice"}}
    counterfeit = {"type": "use_ability", "player": "alice", "card": "e1", "ability": "COUNTERFEIT"}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rate Hike"]}, icons={"alice": "GGGOOOO"}))
    t.resolve("alice", "bob", _play("Rate Hike"))
    assert "spoils.309.1" in _rules(t.refuse(counterfeit))
    u = new_game(client, position(cards=cards, hands={"alice": ["Rate Hike"]}, icons={"alice": "GGGOOOOO"}))
    u.resolve("alice", "bob", _play("Rate Hike"))
    u.resolve("alice", "bob", counterfeit)
    assert u.influence("alice") == 29 and _attached(u, "alice") == 8


def test_vilghame_manewaft_attaches_the_first_resource_each_opponent_plays_each_turn(client):
    """Vilghame Manewaft: "The first resource each opponent plays each turn enters play attached to that
    opponent's faction." spoils.605.1, spoils.309.1: alice's first resource of the turn (developing)
    enters attached, so it pays nothing this turn; bob's own resource is not."""
    cards = {"v1": {"card": "Vilghame Manewaft", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop"))
    t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True, "id": "alice.r9"})
    res = t.state()["players"]["alice"]["resources"]["alice.r9"]
    assert res["attached"] is True and "Vilghame Manewaft" in t.trace_text()
    u = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Greed"]}, stage="develop"))
    u.act({"type": "play_resource", "player": "bob", "card": "Greed", "face_up": True, "id": "bob.r9"})
    assert u.state()["players"]["bob"]["resources"]["bob.r9"]["attached"] is False


# ------------------------------------------------------------------------------ "or"

MAJIG = {"name": "Micromajig Token", "type": "character", "subtypes": ["majig"], "strength": 1, "life": 1, "speed": 3,
         "token": True, "controller": "alice"}


def test_time_traveler_tourist_trap_pays_1_or_destroys_a_micromajig_token(client):
    """Time Traveler Tourist Trap: "ENSNARE COST: Pay 1 or destroy a Micromajig token you control. EFFECT:
    Put a token on this card." spoils.401.3 (the option the action names, choices.option), spoils.401.2:
    without a resource, paying is refused; destroying the token pays instead; with a resource and no
    option named, alice pays 1 (the first option she can do) and keeps her token."""
    cards = {"t1": {"card": "Time Traveler Tourist Trap", "controller": "alice"}, "m1": MAJIG}
    ensnare = {"type": "use_ability", "player": "alice", "card": "t1", "ability": "ENSNARE"}
    t = new_game(client, position(cards=cards))
    assert "spoils.401.2" in _rules(t.refuse(ensnare | {"choices": {"option": 1}}))
    t.resolve("alice", "bob", ensnare | {"choices": {"option": 2}, "targets": ["m1"]})
    assert "m1" not in t.state()["cards"] and t.card("t1")["tokens"] == 1
    u = new_game(client, position(cards=cards, icons={"alice": "E"}))
    u.resolve("alice", "bob", ensnare)
    assert "m1" in u.state()["cards"] and u.card("t1")["tokens"] == 1 and _attached(u, "alice") == 1


def test_unexpected_boobysnake_played_as_a_tactic_discards_a_card_or_is_destroyed_as_it_enters_play(client):
    """Unexpected Boobysnake: "You may play this card whenever you could play a tactic. If you do, when this
    card enters play discard a card or destroy this card." spoils.507.6a, spoils.503.1: played in answer to
    bob's Stalwart Soldier, it enters and alice discards Greed; with no card left in hand it is destroyed
    (402.5: the option that can be done); played in her own turn, nothing happens."""
    def answered(hand: list[str]):
        t = new_game(client, position(active="bob", hands={"alice": ["Unexpected Boobysnake", *hand],
                                                           "bob": ["Stalwart Soldier"]},
                                      icons={"alice": "DDDD", "bob": "RRR"}))
        t.act(_play("Stalwart Soldier", player="bob"))
        t.act({"type": "respond", "player": "alice", "card": "Unexpected Boobysnake", "choices": {"discarded": hand}})
        t.act({"type": "pass", "player": "bob"})
        return t
    t = answered(["Greed"])
    assert t.named("Unexpected Boobysnake", "alice") and "Greed" in t.state()["players"]["alice"]["discard"]
    u = answered([])
    assert not u.named("Unexpected Boobysnake") and "Unexpected Boobysnake" in u.state()["players"]["alice"]["discard"]
    v = new_game(client, position(hands={"alice": ["Unexpected Boobysnake", "Greed"]}, icons={"alice": "DDDD"}))
    v.resolve("alice", "bob", _play("Unexpected Boobysnake"))
    assert v.named("Unexpected Boobysnake", "alice") and v.state()["players"]["alice"]["hand_cards"] == ["Greed"]


# ------------------------------------------------------------------------------ other "cannot" forms

def _next_own_turn(t, active: str, other: str) -> None:
    """``active`` ends the turn; ``other`` develops (draws) and ends theirs: ``active``'s turn starts."""
    t.end_turn(active, other)
    t.act({"type": "develop", "player": other, "choice": "draw"})
    t.end_turn(other, active)


def test_erotic_assassin_is_not_restored_by_the_restore_rule_but_by_its_own_ability(client):
    """Erotic Assassin: "This card cannot be restored by your faction's Restore Rule. ... RESTORE COST: Pay 2.
    EFFECT: Restore this card." spoils.202.7 (forbidden for it: it stays depleted as alice's turn starts,
    while her Stalwart Soldier is restored), spoils.303.3 (its ability restores it)."""
    t = new_game(client, position(cards={"e1": {"card": "Erotic Assassin", "controller": "alice", "depleted": True},
                                         "a1": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True}},
                                  icons={"alice": "GG"}))
    _next_own_turn(t, "alice", "bob")
    assert t.card("e1")["depleted"] is True and t.card("a1")["depleted"] is False
    assert "Erotic Assassin cannot be restored" in t.trace_text()
    t.act({"type": "develop", "player": "alice", "choice": "draw"})
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "e1", "ability": "RESTORE"})
    assert t.card("e1")["depleted"] is False


def test_brummagem_jewelry_keeps_the_attached_character_depleted(client):
    """Brummagem Jewelry (alice's gear on bob's Plodding Brute): "When this card enters play, deplete the
    attached character. The attached character cannot be restored by its controller's faction's Restore
    Rule." spoils.507.2 (attached), spoils.202.7: as bob's turn starts the Brute stays depleted, his
    other character is restored."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "b2": {"card": "Stalwart Soldier", "controller": "bob", "depleted": True}},
                                  hands={"alice": ["Brummagem Jewelry"]}, icons={"alice": "GGG"}))
    t.act(_play("Brummagem Jewelry") | {"attach_to": "b1"})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("b1")["depleted"] is True
    t.end_turn("alice", "bob")
    assert t.card("b1")["depleted"] is True and t.card("b2")["depleted"] is False


def test_framptle_tromwibbler_stops_every_character_attacking_or_being_restored(client):
    """Framptle Tromwibbler, Lord of Bling: "Characters cannot attack or be restored. At the start of your turn,
    put a token on this card. If this card has at least 2 tokens on it, destroy it." spoils.608.1b (alice's
    attack is refused), spoils.303.3 and spoils.202.7 (bob's depleted character stays depleted as his
    turn starts), spoils.503.1 (with 1 token, the start of alice's turn puts the second one: destroyed)."""
    cards = {"f1": {"card": "Framptle Tromwibbler, Lord of Bling", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}}
    t = new_game(client, position(cards=cards))
    assert "spoils.608.1b" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.end_turn("alice", "bob")
    assert t.card("b1")["depleted"] is True
    assert t.card("f1")["tokens"] == 0
    u = new_game(client, position(active="bob", cards=cards | {"f1": cards["f1"] | {"tokens": 1}}))
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice"})
    assert "f1" not in u.state()["cards"]  # its second token: "if this card has at least 2 tokens on it, destroy it"


def test_beatrix_winterbottom_cannot_draw_with_10_cards_in_hand(client):
    """Beatrix Winterbottom: "If you draw any number of cards, increase the amount by 1. While you have at
    least 10 cards in your hand, you cannot draw cards." spoils.504.1 (checked as she would draw),
    spoils.402.7: with 10 cards alice's develop draw draws nothing; with 9 she draws 2."""
    beatrix = {"x1": {"card": "Beatrix Winterbottom", "controller": "alice"}}
    t = new_game(client, position(cards=beatrix, hands={"alice": ["Greed"] * 10}, stage="develop"))
    t.act({"type": "develop", "player": "alice", "choice": "draw"})
    assert t.state()["players"]["alice"]["hand"] == 10 and "Beatrix Winterbottom: alice cannot draw" in t.trace_text()
    u = new_game(client, position(cards=beatrix, hands={"alice": ["Greed"] * 9}, stage="develop"))
    u.act({"type": "develop", "player": "alice", "choice": "draw"})
    assert u.state()["players"]["alice"]["hand"] == 11


def test_scintillating_chamber_pot_stops_the_characters_damage_to_your_faction_and_its_restoring(client):
    """Scintillating Chamber Pot: "TANTALIZE COST: Pay 1. Deplete this card. Pick a character. EFFECT: This turn,
    reduce all damage the character inflicts to your faction to 0. The character cannot be restored until
    the start of your next turn." spoils.410.4 (bob's unblocked Plodding Brute inflicts 0 to alice's faction),
    spoils.303.3 (used on alice's turn, bob's depleted Brute stays depleted as his turn starts)."""
    pot = {"p1": {"card": "Scintillating Chamber Pot", "controller": "alice"}}
    tantalize = {"type": "use_ability", "player": "alice", "card": "p1", "ability": "TANTALIZE", "targets": ["b1"]}
    t = new_game(client, position(active="bob", cards=pot | {"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  icons={"alice": "G"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.act({"type": "pass", "player": "bob"})
    t.act(tantalize)
    t.act({"type": "pass", "player": "bob"})
    t.fight()
    assert t.influence("alice") == 25
    u = new_game(client, position(cards=pot | {"b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}},
                                  icons={"alice": "G"}))
    u.resolve("alice", "bob", tantalize)
    u.end_turn("alice", "bob")
    assert u.card("b1")["depleted"] is True


# ------------------------------------------------------------------------------ fixes

def test_berserker_corps_takes_the_destroyed_characters_strength_or_destroys_itself(client):
    """Berserker Corps (5/5/3): "This card gains 1 strength for each token on it. At the start of your turn,
    you may pick a character you control. If you do, destroy it. Put X tokens on this card, where X is the
    destroyed character's strength when it was destroyed. Otherwise, destroy this card." spoils.502.2 (X is
    Plodding Brute's strength, 5: the Corps has 5 tokens and 10 strength); without a pick it is destroyed
    (spoils.304.1)."""
    cards = {"k1": {"card": "Berserker Corps", "controller": "alice"},
             "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {"targets": ["a1"]}})
    assert "a1" not in t.state()["cards"]
    assert t.card("k1")["tokens"] == 5 and t.card("k1")["effective"]["strength"] == 10
    u = new_game(client, position(active="bob", cards=cards))
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice"})
    assert "k1" not in u.state()["cards"] and "a1" in u.state()["cards"]


def test_derelict_seafarer_retires_face_down_only_while_not_in_a_battle(client):
    """Derelict Seafarer: "RETIRE: [G][G][G] COST: Use this only while this card is not in a battle. Pay 2.
    EFFECT: Flip this card face-down under its owner's control." A keyword naming its ability block (like
    HANDOFF): spoils.401.3a (refused while it attacks), spoils.405.3 (its threshold), spoils.411.4 (it
    becomes alice's face-down resource)."""
    cards = {"s1": {"card": "Derelict Seafarer", "controller": "alice"}}
    retire = {"type": "use_ability", "player": "alice", "card": "s1", "ability": "RETIRE: [G][G][G]"}
    t = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"]})
    assert "spoils.401.3a" in _rules(t.refuse(retire))
    u = new_game(client, position(cards=cards, icons={"alice": "GG"}))
    assert "spoils.405.3" in _rules(u.refuse(retire))
    v = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    v.resolve("alice", "bob", retire)
    resources = v.state()["players"]["alice"]["resources"].values()
    assert "s1" not in v.state()["cards"] and any(r.get("name") == "Derelict Seafarer" and not r["face_up"]
                                                  for r in resources)


def test_conscientious_objector_cannot_block_while_the_picked_location_is_in_play(client):
    """Conscientious Objector (6/6/3): "COST: Pick a location you control. While the picked location is in
    play, this card cannot attack or block." spoils.401.2 (no location: no play), spoils.504.1 and
    spoils.608.1d: with Gilded Yurt in play, bob's attack cannot be blocked by it."""
    cards = {"l1": {"card": "Gilded Yurt", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Conscientious Objector"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Conscientious Objector", "b1")))
    t.resolve("alice", "bob", _play("Conscientious Objector", "l1"))
    objector = t.named("Conscientious Objector", "alice")[0]
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    refused = t.refuse({"type": "block", "player": "alice", "blockers": [objector]})
    assert "spoils.608.1d" in _rules(refused) and "forbidden by Conscientious Objector" in refused[0]["message"]


def test_gore_engine_grows_with_the_characters_it_destroys_and_impales_a_blocker(client):
    """Gore Engine (5/10/3): "If a character is destroyed during a turn when this card damaged it, put X tokens
    on this card, where X is the strength of that character. This card gains 1 strength for each token on it.
    IMPALE COST: Pay 2 or remove 2 tokens from this card. Pick a character. EFFECT: This turn, the character
    must block this card if it can." spoils.503.1 (bob's Plodding Brute, 5 strength, blocks it and is
    destroyed: 5 tokens); spoils.401.3 (IMPALE paid by removing 2 tokens, choices.option 2) and spoils.505.1
    (bob's blockers without the impaled Stalwart Soldier are refused)."""
    cards = {"g1": {"card": "Gore Engine", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight(blockers=["b1"], assignments={"alice": [{"source": "g1", "to": "b1", "amount": 5}],
                                          "bob": [{"source": "b1", "to": "g1", "amount": 5}]})
    assert "b1" not in t.state()["cards"] and t.card("g1")["tokens"] == 5
    assert t.card("g1")["effective"]["strength"] == 10
    u = new_game(client, position(cards=cards | {"g1": cards["g1"] | {"tokens": 2}}))
    u.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "g1", "ability": "IMPALE",
                               "targets": ["b2"], "choices": {"option": 2}})
    assert u.card("g1")["tokens"] == 0 and _attached(u, "alice") == 0
    u.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    u.act({"type": "pass", "player": "alice"})
    u.act({"type": "pass", "player": "bob"})
    assert "spoils.505.1" in _rules(u.refuse({"type": "block", "player": "bob", "blockers": ["b1"]}))
    u.act({"type": "block", "player": "bob", "blockers": ["b2"]})


def test_ravenous_wolf_played_as_a_tactic_destroys_a_deception_or_itself(client):
    """Ravenous Wolf: "You may play this card whenever you could play a tactic. If you do, when this card enters
    play destroy a card named "Deception" you control or destroy this card." spoils.503.1, spoils.304.1: in
    answer to bob's play, alice destroys her Deception resource alice.r2 (a staple resource is a card she
    controls) and keeps the Wolf; choosing the other option (choices.option 2), the Wolf is destroyed."""
    def answered(choices: dict):
        t = new_game(client, position(active="bob", hands={"alice": ["Ravenous Wolf"], "bob": ["Stalwart Soldier"]},
                                      icons={"alice": "DDDD", "bob": "RRR"}))
        t.act(_play("Stalwart Soldier", player="bob"))
        t.act({"type": "respond", "player": "alice", "card": "Ravenous Wolf", "choices": choices})
        t.act({"type": "pass", "player": "bob"})
        return t
    t = answered({"targets": ["alice.r2"]})
    assert t.named("Ravenous Wolf", "alice") and "alice.r2" not in t.state()["players"]["alice"]["resources"]
    assert "Deception" in t.state()["players"]["alice"]["discard"]
    u = answered({"option": 2})
    assert not u.named("Ravenous Wolf") and len(u.state()["players"]["alice"]["resources"]) == 4


def test_mountainous_golem_cannot_be_taken_and_leaves_the_game_from_the_discard_pile(client):
    """Mountainous Golem (13/13/1): "Your opponent cannot take control of this card. If this card is put into
    your discard pile from anywhere, remove it from the game." spoils.402.7 (bob's Palm Glom resolves: he
    draws, alice keeps the Golem); spoils.503.1 (destroyed to pay for alice's Explosive Fury, it goes to her
    discard pile and is removed from the game; its 13 strength still destroys bob's Plodding Brute)."""
    golem = {"g1": {"card": "Mountainous Golem", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=golem, hands={"bob": ["Palm Glom"]}, icons={"bob": "DDDDDD"}))
    t.resolve("bob", "alice", _play("Palm Glom", "g1", player="bob"))
    assert t.card("g1")["controller"] == "alice" and t.state()["players"]["bob"]["hand"] == 1
    u = new_game(client, position(cards=golem | {"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Explosive Fury"]}, icons={"alice": "RR"}))
    u.resolve("alice", "bob", _play("Explosive Fury", "g1", "b1"))
    alice = u.state()["players"]["alice"]
    assert "b1" not in u.state()["cards"] and "Mountainous Golem" in alice["removed"]
    assert "Mountainous Golem" not in alice["discard"]


def test_subsection_5_paragraph_12_terminates_an_ability_that_cannot_be_used_again_this_turn(client):
    """Subsection 5, Paragraph 12: "COST: Play this only in response to an ability that's source was not a
    faction. EFFECT: Terminate the ability. It cannot be used again this turn. Draw a card." spoils.314.1
    (bob's Erotic Assassin's RESTORE is terminated: it stays depleted), spoils.402.7 (bob's second RESTORE
    this turn is refused), spoils.306.1 (alice draws)."""
    t = new_game(client, position(active="bob", cards={"e1": {"card": "Erotic Assassin", "controller": "bob",
                                                              "depleted": True}},
                                  hands={"alice": ["Subsection 5, Paragraph 12"]},
                                  icons={"alice": "GG", "bob": "GGGG"}))
    restore = {"type": "use_ability", "player": "bob", "card": "e1", "ability": "RESTORE"}
    t.act(restore)
    t.act({"type": "respond", "player": "alice", "card": "Subsection 5, Paragraph 12"})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("e1")["depleted"] is True and t.state()["players"]["alice"]["hand"] == 1
    assert t.state()["pending"] == []
    assert "spoils.402.7" in _rules(t.refuse(restore))
