"""Triggers about other cards and other players, played by name through the API: "when this card enters
or leaves play", "if this card is destroyed", "if a character enters play under your control", "if a
coin is flipped", "at the start of each player's turn", "at the end of your turn, if ..." (spoils.503.1,
spoils.602.1).  Each test shows the card's text changing the outcome and cites the card and the
rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    faction_ability as _faction, play_with_choices as _play_choosing, use_ability_with_choices as _use)
from tests.scenarios.spoils.readings import hand_size as _hand, pile as _pile, stat as _stat
from tests.scenarios.spoils.steps import resolve_triggers as _order, resolve_triggers as _settle
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


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


def test_pony_slaystation_destroys_weak_characters_entering_under_the_opponent(client):
    """Pony Slaystation (structure 3): "When a character with 3 strength of less enters play under and
    opponent's control, destoy that character and inflict X damage to this card, where X is that
    character's strength." (spoils.503.1, spoils.304.1, spoils.408.5, spoils.engine.last-known): bob plays
    a Club Mau Bouncer (2 strength): it is destroyed and the Slaystation takes 2 damage; a Bouncer alice
    plays herself stays, and so does bob's A Series of Tubes (5 strength)."""
    cards = {"p1": {"card": "Pony Slaystation", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Club Mau Bouncer"]}, icons={"bob": "GGGG"},
                                  active="bob"))
    t.resolve("bob", "alice", _play("Club Mau Bouncer", player="bob"))
    state = t.state()
    assert set(state["cards"]) == {"p1"} and state["cards"]["p1"]["damage"] == 2
    assert state["players"]["bob"]["discard"] == ["Club Mau Bouncer"]
    assert t.audit_valid()
    u = new_game(client, position(cards=cards, hands={"alice": ["Club Mau Bouncer"]}, icons={"alice": "GGGG"}))
    u.resolve("alice", "bob", _play("Club Mau Bouncer"))
    assert len(u.state()["cards"]) == 2 and u.card("p1")["damage"] == 0
    assert u.audit_valid()
    v = new_game(client, position(cards=cards, hands={"bob": ["A Series of Tubes"]}, icons={"bob": "EEEEE"},
                                  active="bob"))
    v.resolve("bob", "alice", _play("A Series of Tubes", player="bob"))
    assert len(v.state()["cards"]) == 2 and v.card("p1")["damage"] == 0
    assert v.audit_valid()


def test_assistant_mud_whisperer_restores_a_character_at_the_opponents_turn(client):
    """Assistant Mud Whisperer: "At the start of your opponent's turn, you may pick a character. If you
    do, restore it." (spoils.502.2, spoils.602.1): alice ends her turn with two depleted Stalwart
    Soldiers; at the start of bob's turn the Whisperer restores the one picked, the other stays
    depleted (alice's cards are not restored at bob's turn otherwise)."""
    cards = {"m1": {"card": "Assistant Mud Whisperer", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True},
             "a2": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "end_turn", "player": "alice"})
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["a1"]}})
    assert (t.card("a1")["depleted"], t.card("a2")["depleted"]) == (False, True)
    assert t.audit_valid()


def test_swarm_of_gnats_makes_the_opponent_discard_as_it_enters_play(client):
    """Swarm of Gnats: "When this card enters or leaves play, your opponent discards a card."  Alice plays
    it (spoils.607.2); as it enters play its trigger makes bob discard his only card (spoils.503.1,
    spoils.305.1)."""
    t = new_game(client, position(hands={"alice": ["Swarm of Gnats"], "bob": ["Key Man"]}, icons={"alice": "OOOO"}))
    t.resolve("alice", "bob", _play("Swarm of Gnats"))
    _settle(t)
    assert t.named("Swarm of Gnats") and _hand(t, "bob") == 0 and len(_pile(t, "bob")) == 1
    assert t.audit_valid()


def test_hulking_vigilante_works_alone(client):
    """Hulking Vigilante (5/5/4): "If you control any other characters you own, destroy this card."
    (spoils.101.1, spoils.304.1): alone it stays in play, next to a Stalwart Soldier alice controls but
    bob owns as well; once alice plays her own Gnat, the Vigilante is destroyed."""
    borrowed = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "owner": "bob"}}
    t = new_game(client, position(cards=borrowed, hands={"alice": ["Hulking Vigilante", "Gnat"]},
                                  icons={"alice": "DDDDDO"}))
    t.resolve("alice", "bob", _play("Hulking Vigilante"))
    assert t.named("Hulking Vigilante")
    t.resolve("alice", "bob", _play("Gnat"))
    assert not t.named("Hulking Vigilante") and t.named("Gnat")
    assert t.state()["players"]["alice"]["discard"] == ["Hulking Vigilante"] and t.audit_valid()


def _resolve_triggers(t) -> None:
    """Triggers that fired together resolve, each pending choice taking its first option."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})


def test_gold_summit_pays_one_influence_per_card_drawn(client):
    """Gold Summit: "If you draw any number of cards, your faction gains X influence, where X is the number
    of cards drawn." (spoils.306.1, spoils.503.1, spoils.202.3): alice (20 influence) draws a card with
    her faction's DRAW and gains 1; Dwarvish Grimalkin's two draws as it enters play give 2 more; without
    the Summit the same draws leave her at 20."""
    for summit in (True, False):
        cards = {"g1": {"card": "Gold Summit", "controller": "alice"}} if summit else {}
        t = new_game(client, position(cards=cards, icons={"alice": "GGGGGGGG"}, influence=20,
                                      hands={"alice": ["Dwarvish Grimalkin"]}))
        t.resolve("alice", "bob", _faction("DRAW"))
        assert t.influence("alice") == (21 if summit else 20)
        t.resolve("alice", "bob", _play("Dwarvish Grimalkin"))
        _resolve_triggers(t)
        assert t.state()["players"]["alice"]["hand"] == 3 and t.influence("alice") == (23 if summit else 20)
        assert t.audit_valid()


def test_balking_foecrusher_and_key_man_act_as_they_leave_play(client):
    """Balking Foecrusher: "If this card leaves play, inflict 1 damage to all characters and draw a card.
    CRUSH WAVE COST: Pay 2. Destroy this card." Key Man: "If this card leaves play, draw a card." Destroying
    the Foecrusher as the cost (spoils.401.3, spoils.304.1) sets off its trigger at once (spoils.503.1, 503.3):
    bob's 1-life Key Man is destroyed by that damage (spoils.408.4) and its own trigger draws bob a card;
    alice draws one; the ability's 1 damage then lands on bob's Overinsured Figurehead a second time."""
    cards = {"f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "k1": {"card": "Key Man", "controller": "bob"},
             "o1": {"card": "Overinsured Figurehead", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, hands={"alice": ["Gnat"], "bob": ["Gnat"]}))
    t.act(_use("f1", "CRUSH WAVE"))
    assert not t.named("Balking Foecrusher") and not t.named("Key Man")
    assert _hand(t, "alice") == 2 and _hand(t, "bob") == 2
    t.act({"type": "pass", "player": "bob"})
    assert t.card("o1")["damage"] == 2


def test_overinsured_figurehead_and_living_god_when_a_character_leaves_play(client):
    """Living God of Thabbash: "When a character you control leaves play, your opponent discards a card.
    HIGHER CALLING COST: Pay 2. Pick a character you control. EFFECT: Put the character into its owner's
    hand." Overinsured Figurehead: "If this card leaves play, draw 2 cards." Put back in bob's hand
    (spoils.403.1), the Figurehead draws bob 2 cards and alice discards one (spoils.503.1; both of bob's
    triggers in the order he chooses, spoils.503.4)."""
    cards = {"g1": {"card": "Living God of Thabbash", "controller": "bob"},
             "o1": {"card": "Overinsured Figurehead", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"bob": "GG"},
                                  hands={"alice": ["Gnat", "Key Man"]}))
    t.act(_use("g1", "HIGHER CALLING", "o1", player="bob"))
    t.act({"type": "pass", "player": "alice"})
    _order(t)
    assert not t.named("Overinsured Figurehead")
    assert _hand(t, "bob") == 3 and _hand(t, "alice") == 1


def test_gnat_and_enduring_swordsman_act_as_they_are_destroyed(client):
    """Gnat: "If this card leaves play, your opponent discards a card." Enduring Swordsman: "If this card
    leaves play, you may pick a character. If you do, inflict 1 damage to it." Balking Foecrusher's
    trigger destroys both 1-life characters (spoils.408.4); the Swordsman's 1 damage (alice picks bob's
    Plodding Brute, spoils.310.1) and the CRUSH WAVE's make 3: the Brute (3 life) is destroyed, and bob
    discards a card for the Gnat (spoils.305.1)."""
    cards = {"f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "n1": {"card": "Gnat", "controller": "alice"},
             "e1": {"card": "Enduring Swordsman", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, hands={"bob": ["Key Man", "Gnat"]}))
    t.act(_use("f1", "CRUSH WAVE"))
    _order(t, targets=["b1"])
    assert not t.named("Gnat") and not t.named("Enduring Swordsman")
    assert t.card("b1")["damage"] == 2 and _hand(t, "bob") == 1
    t.act({"type": "pass", "player": "bob"})
    assert not t.named("Plodding Brute")


def test_violating_anomaly_puts_a_card_back_in_its_owners_hand_as_it_leaves(client):
    """Violating Anomaly: "If this card leaves play, you may pick a non-resource card. If you do, put it
    into its owner's hand. Draw a card." Alice sends the Anomaly home with Living God of Thabbash's
    HIGHER CALLING; its trigger returns bob's Plodding Brute to bob's hand (spoils.403.1) and alice draws,
    and the Living God ("when a character you control leaves play") makes bob discard (spoils.305.1)."""
    cards = {"g1": {"card": "Living God of Thabbash", "controller": "alice"},
             "v1": {"card": "Violating Anomaly", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}, hands={"bob": ["Key Man"]}))
    t.act(_use("g1", "HIGHER CALLING", "v1"))
    t.act({"type": "pass", "player": "bob"})
    _order(t, targets=["b1"])
    assert not t.named("Plodding Brute") and "Plodding Brute" in t.state()["players"]["bob"]["hand_cards"]
    assert _hand(t, "alice") == 2  # the Anomaly, and the card drawn
    assert _hand(t, "bob") == 1  # Key Man discarded, the Brute back


def test_watchtower_damages_a_character_entering_play_under_the_opponent(client):
    """Watchtower: "If a character enters play under your opponent's control, inflict 1 damage to it." Bob's
    Surplus Soldier (1 life) enters play (spoils.604.1h) and is destroyed by that damage (spoils.408.4);
    alice's own Watchtower does nothing to a character entering under her control."""
    cards = {"w1": {"card": "Watchtower", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Surplus Soldier"]}, icons={"bob": "RR"}))
    t.resolve("bob", "alice", _play_choosing("Surplus Soldier", player="bob"))
    assert not t.named("Surplus Soldier")  # destroyed (it turns into a face-down resource instead, 506.1)
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", _play_choosing("Surplus Soldier"))
    assert t.named("Surplus Soldier", "alice")


def test_treasure_brokerage_finds_a_staple_resource_when_a_character_enters_play(client):
    """Treasure Brokerage: "If a character enters play under your control, you may pay 1. If you do, search
    your deck for a staple resource and reveal it. Put it into your hand." Alice's Surplus Soldier enters
    play: she pays 1 (spoils.309.1) and puts the Rage from her deck into her hand (spoils.312.1)."""
    cards = {"t1": {"card": "Treasure Brokerage", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier"]}, icons={"alice": "RRR"},
                                  decks={"alice": ["Gnat", "Rage"]}))
    t.act(_play_choosing("Surplus Soldier"))
    t.act({"type": "pass", "player": "bob", "choices": {"found": "Rage"}})
    assert t.state()["players"]["alice"]["hand_cards"] == ["Rage"]
    assert t.state()["players"]["alice"]["unattached"] == 1  # 3 resources: 1 for the Soldier, 1 for the Brokerage


def test_merbegon_devours_a_character_entering_play_and_grows(client):
    """Merbegon, the Insatiable Taxidermist (5/5): "If a character enters play under your control, you may
    destroy that character. If you do, x is that character's strength and y is that character's life. You
    may pick a character. If you do, it gains X strength and Y life this turn." Alice's Plodding Brute
    (5/3) enters play and is destroyed (spoils.304.1); Merbegon, picked, is 10/8 this turn (spoils.406.3)."""
    cards = {"m1": {"card": "Merbegon, the Insatiable Taxidermist", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Plodding Brute"]}, icons={"alice": "RRRR"}))
    t.act(_play_choosing("Plodding Brute"))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["m1"]}})
    assert not t.named("Plodding Brute")
    assert _stat(t, "m1", "strength") == 10 and _stat(t, "m1", "life") == 8


def test_octo_ba_ba_gains_a_token_when_an_opposing_character_is_destroyed(client):
    """Octo-Ba-Ba, the Devourer: "If a character your opponent controls is destroyed, put a token on this
    card." Balking Foecrusher's trigger destroys bob's Key Man and the CRUSH WAVE destroys alice's own
    Foecrusher (spoils.304.1): one token, for bob's character only."""
    cards = {"o1": {"card": "Octo-Ba-Ba, the Devourer", "controller": "alice"},
             "f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "k1": {"card": "Key Man", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}))
    t.act(_use("f1", "CRUSH WAVE"))
    _order(t)
    assert not t.named("Key Man") and t.card("o1")["tokens"] == 1


def test_red_raven_takes_a_token_when_a_coin_is_flipped(client):
    """Red Raven (2/2): "If a coin is flipped, you may put a token on this card. This card gains 1 strength
    and 1 life for each token on it." Pyramid Scheme's cost flips a coin (spoils.401.3): the Raven takes a
    token and is 3/3; alice draws 3 for the coin she won."""
    cards = {"r1": {"card": "Red Raven", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Pyramid Scheme"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", _play_choosing("Pyramid Scheme", coin="win"))
    assert t.card("r1")["tokens"] == 1 and _stat(t, "r1", "strength") == 3
    assert _hand(t, "alice") == 3


def test_guardforce_morphmajig_counts_the_cards_each_player_plays(client):
    """Guardforce Morphmajig (3/3): "If you play a card, put a token on this card. If your opponent plays
    a card, remove a token from this card. (Playing a resource doesn't count.)" Alice plays a Surplus
    Soldier (spoils.604.1): a token, 4/4; bob answers with a tactic (spoils.607.1): the token goes."""
    cards = {"g1": {"card": "Guardforce Morphmajig", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier", "Rage"], "bob": ["Pyramid Scheme"]},
                                  icons={"alice": "RR", "bob": "GGGG"}))
    t.act(_play_choosing("Surplus Soldier"))
    assert t.card("g1")["tokens"] == 1 and _stat(t, "g1", "strength") == 4
    t.act(_play_choosing("Pyramid Scheme", player="bob", coin="lose"))
    assert t.card("g1")["tokens"] == 0


def test_mirthless_altar_weakens_a_character_at_the_start_of_each_players_turn(client):
    """Mirthless Altar: "At the start of each player's turn, you may pick a character. If you do, it loses
    1 strength this turn." As bob's turn starts (spoils.602.1), alice picks bob's Stalwart Soldier: 2 strength
    for the turn."""
    cards = {"a1": {"card": "Mirthless Altar", "controller": "alice"}, "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "end_turn", "player": "alice"})
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["s1"]}})
    assert t.state()["active_player"] == "bob" and _stat(t, "s1", "strength") == 2


def test_luteoderm_prototype_searches_when_its_character_leaves_play(client):
    """Luteoderm Prototype: "If the attached character leaves play, you may search your deck for a card. If
    you do, put it into your hand." Alice's Key Man (2 life with it) is destroyed by Balking Foecrusher's
    trigger and CRUSH WAVE; the gear leaves with it (spoils.301.4) and still sees it go (spoils.503.1):
    alice finds Gnat."""
    cards = {"f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "k1": {"card": "Key Man", "controller": "alice"},
             "l1": {"card": "Luteoderm Prototype", "controller": "alice", "attached_to": "k1"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, decks={"alice": ["Gnat", "Rage", "Rage"]}))
    t.act(_use("f1", "CRUSH WAVE"))
    t.act({"type": "pass", "player": "bob"})
    _order(t, found="Gnat")
    assert not t.named("Luteoderm Prototype") and "Gnat" in t.state()["players"]["alice"]["hand_cards"]


def test_tremor_engine_mills_2_cards_of_each_deck_at_the_start_of_its_controllers_turn(client):
    """Tremor Engine: "At the start of your turn, both players put the top 2 cards of their deck into
    their discard pile." As alice's turn starts (spoils.602.1), each deck loses its top 2 cards to its
    owner's discard pile (spoils.306.1; the cards are named when the table records them)."""
    cards = {"e1": {"card": "Tremor Engine", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards))
    t.end_turn("bob", "alice")
    s = t.state()
    assert s["active_player"] == "alice"
    assert (s["players"]["alice"]["deck"], s["players"]["bob"]["deck"]) == (28, 28)
    moved = [(e["data"]["player"], e["data"]["count"], e["data"]["to"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [("alice", 2, "discard"), ("bob", 2, "discard")]


def test_dragon_tank_destroys_itself_only_when_no_character_is_picked(client):
    """Dragon Tank: "At the start of your turn, you may pick a character your opponent controls. If
    you do, destroy it. Otherwise, destroy this card." spoils.503.1 (the trigger), spoils.304.1:
    with a pick (choices.targets of the action that starts alice's turn) bob's character is destroyed
    and the tank stays; without one, the tank is destroyed.  It once destroyed itself either way."""
    for targets, left in ((["b1"], ["x1"]), (None, ["b1"])):
        t = new_game(client, position(active="bob", cards={"x1": {"card": "Dragon Tank", "controller": "alice"},
                                                           "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", **({"choices": {"targets": targets}} if targets else {})})
        assert sorted(t.state()["cards"]) == left


def test_sadistic_colonel_damages_the_faction_of_the_opponent_who_plays_a_tactic(client):
    """Sadistic Colonel: "If your opponent plays a tactic, inflict 2 damage to their faction."  Alice
    plays 12 Man Brunch of Doom (X = 0) with bob's Colonel in play: her faction takes 2 damage and
    loses 2 influence (spoils.503.1, spoils.408.3); bob playing one himself costs him nothing."""
    for player, other in (("alice", "bob"), ("bob", "alice")):
        cards = {"c1": {"card": "Sadistic Colonel", "controller": "bob"}}
        t = new_game(client, position(active=player, cards=cards, hands={player: ["12 Man Brunch of Doom"]},
                                      icons={player: "OO"}))
        t.resolve(player, other, _play("12 Man Brunch of Doom", [], "c1", player=player, x=0))
        assert (t.influence("alice"), t.influence("bob")) == ((23, 25) if player == "alice" else (25, 25)), player


def test_prophetic_assistant_keeps_the_revealed_card_only_if_it_is_a_staple_resource(client):
    """Prophetic Assistant: "At the end of your turn, you may reveal the top card of your deck. If you do and
    it is a staple resource, put it into your hand." ("If you do" with a condition of the game, spoils.504.1):
    a revealed Greed goes to alice's hand; a revealed Extortify, or nothing revealed, stays on her deck."""
    for top, may, hand in (("Greed", True, ["Greed"]), ("Extortify", True, []), ("Greed", False, [])):
        t = new_game(client, position(cards={"p1": {"card": "Prophetic Assistant", "controller": "alice"}},
                                      decks={"alice": [top, "Rage"]}))
        t.act({"type": "end_turn", "player": "alice"})
        t.act({"type": "pass", "player": "bob", "choices": {"may": may, "revealed": top}})
        p = t.state()["players"]["alice"]
        assert (p["hand_cards"], p["deck_cards"][0]) == (hand, "Rage" if hand else top), (top, may)
        assert f"put it into your hand...: {'yes' if hand else 'no'}" in t.trace_text()
