"""Round 3 of the Spoils' card families, played by name through the API: triggers about other cards and
other players ("if this card leaves play", "if this card is blocked", "if a character enters play under
your control", "if a coin is flipped", "at the start of each player's turn"...), "both players", "your
opponent picks ... if they do", "gains X or Y".  Every test cites the rules it exercises and the card,
and the card's text visibly changes the outcome."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "play_card", "player": player, "card": card, "targets": list(targets), "choices": choices}


def _use(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets),
            "choices": choices}


def _hand(t, player: str) -> int:
    return t.state()["players"][player]["hand"]


def _order(t, **choices) -> None:
    """Triggers that fired at once resolve in the order their chooser picks (spoils.503.4): the first; the
    choose action carries the choices they ask for."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def _stat(t, cid: str, stat: str) -> int:
    return t.card(cid)["effective"][stat]


# --------------------------------------------------------------------------------- leaving play

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


# --------------------------------------------------------------------------------- battles

def _fight(t, blockers=(), assignments=None, **choices) -> None:
    """The battle in progress run to its end: bob blocks with ``blockers``, each player assigns the damage
    ``assignments`` gives it, everyone else passes; every action carries ``choices`` (a trigger's pick)."""
    for _ in range(30):
        s = t.state()
        if s["battle"] is None:
            return
        who = s["to_act"]
        legal = t.legal(who)
        if "block" in legal:
            t.act({"type": "block", "player": who, "blockers": list(blockers), "choices": choices})
        elif "assign_damage" in legal and (assignments or {}).get(who) is not None:
            t.act({"type": "assign_damage", "player": who, "assignments": assignments[who], "choices": choices})
        else:
            t.act({"type": "pass", "player": who, "choices": choices})
    raise AssertionError("the battle did not end")


def _attack(t, *attackers, player: str = "alice", **choices) -> None:
    t.act({"type": "attack", "player": player, "attackers": list(attackers), "choices": choices})
    t.act({"type": "pass", "player": player})
    t.act({"type": "pass", "player": "bob" if player == "alice" else "alice"})


def test_crazed_deputy_grows_when_it_is_blocked_and_survives(client):
    """Crazed Deputy (1/1): "If this card is blocked, it gains 2 strength and 2 life this turn." Bob's
    Surplus Soldier blocks it (spoils.608.1d): the Deputy becomes 3/3 (spoils.503.1), so the Soldier's
    1 damage does not destroy it and its 3 damage destroys the Soldier (spoils.609.1, spoils.408.4)."""
    cards = {"d1": {"card": "Crazed Deputy", "controller": "alice"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "d1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1"]})
    assert _stat(t, "d1", "strength") == 3 and _stat(t, "d1", "life") == 3
    _fight(t)
    assert t.named("Crazed Deputy") and not t.named("Surplus Soldier")


def test_menacing_mauler_damages_each_member_of_the_blocking_party(client):
    """Menacing Mauler: "If this card is blocked, inflict 1 damage to each member of the blocking party."
    Bob blocks with two 1-life Surplus Soldiers (spoils.608.1d): both are destroyed by the trigger
    (spoils.408.4) before any battle damage, and the Mauler takes none."""
    cards = {"m1": {"card": "Menacing Mauler", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}, "s2": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "m1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1", "s2"]})
    assert not t.named("Surplus Soldier")
    _fight(t)
    assert t.card("m1")["damage"] == 0


def test_fleshripping_scenepuller_gains_4_strength_for_each_blocker(client):
    """Fleshripping Scenepuller (4 strength): "If this card is blocked, this turn it gains 4 strength for
    each member in the opposing party." Two Stalwart Soldiers block it (spoils.302.10: the opposing party):
    it has 12 strength."""
    cards = {"f1": {"card": "Fleshripping Scenepuller", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}, "s2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "f1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1", "s2"]})
    assert _stat(t, "f1", "strength") == 12


def test_unscrupulous_attendant_gives_a_blocker_1_life(client):
    """Unscrupulous Attendant (2/3): "If a character you control blocks, it gains 1 life this turn." Blocking
    alice's Stalwart Soldier (3 strength), the Attendant has 4 life (spoils.503.1) and survives the battle
    (spoils.408.4)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "u1": {"card": "Unscrupulous Attendant", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    t.act({"type": "block", "player": "bob", "blockers": ["u1"]})
    assert _stat(t, "u1", "life") == 4
    _fight(t)
    assert t.named("Unscrupulous Attendant") and t.card("u1")["damage"] == 3


def test_dethmurderbludgeon_when_its_character_is_blocked_or_damages_a_faction(client):
    """Dethmurderbludgeon, the Craghammer: "If the attached character is blocked, your opponent's faction
    loses 2 influence. If the attached character inflicts damage to a faction, you may pick a character.
    If you do, inflict 2 damage to it." Blocked, bob loses 2 influence (spoils.408.3b); unblocked, the
    3 battle damage to bob's faction (spoils.408.2b) lets alice inflict 2 damage to bob's Stalwart
    Soldier."""
    cards = {"a1": {"card": "Surplus Soldier", "controller": "alice"},
             "w1": {"card": "Dethmurderbludgeon, the Craghammer", "controller": "alice", "attached_to": "a1"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    t.act({"type": "block", "player": "bob", "blockers": ["s1"]})
    assert t.influence("bob") == 23
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    _fight(t, targets=["s1"])
    assert t.influence("bob") == 22 and t.card("s1")["damage"] == 2


def test_affectionate_dollkeeper_destroys_the_character_it_damages(client):
    """Affectionate Dollkeeper (2/2, speed 4): "[D][D][D]: If this card inflicts damage to a character,
    destroy that character." With [D][D][D] (spoils.502.2) its 2 damage at speed 4 destroys bob's blocking
    Plodding Brute (3 life) before the Brute strikes at speed 2 (spoils.609.1); without it, the Brute
    survives and destroys the Dollkeeper."""
    cards = {"d1": {"card": "Affectionate Dollkeeper", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "DDD"}))
    _attack(t, "d1")
    _fight(t, ["b1"])
    assert not t.named("Plodding Brute") and t.named("Affectionate Dollkeeper")
    t = new_game(client, position(cards=cards, icons={"alice": "DD"}))
    _attack(t, "d1")
    _fight(t, ["b1"])
    assert t.named("Plodding Brute") and not t.named("Affectionate Dollkeeper")


def test_poisoned_blade_destroys_the_character_its_bearer_damages(client):
    """Poisoned Blade: "If the attached character inflicts damage to a character, destroy the damaged
    character." Alice's Surplus Soldier (1 strength, speed 3) carries it: its 1 damage destroys bob's
    blocking Plodding Brute (3 life, speed 2) before the Brute strikes (spoils.609.1, spoils.304.1)."""
    cards = {"a1": {"card": "Surplus Soldier", "controller": "alice"},
             "p1": {"card": "Poisoned Blade", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "a1")
    _fight(t, ["b1"])
    assert not t.named("Plodding Brute") and t.named("Surplus Soldier")


def test_venomous_sacspider_destroyed_by_battle_damage_empties_the_opponents_hand(client):
    """Venomous Sacspider (2/1): "If this card is destroyed by battle damage, your opponent discards their
    hand." Blocked and destroyed by bob's Stalwart Soldier's battle damage (spoils.609.1, spoils.408.4),
    it makes bob discard his two cards (spoils.305.1)."""
    cards = {"v1": {"card": "Venomous Sacspider", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Gnat", "Key Man"]}))
    _attack(t, "v1")
    _fight(t, ["s1"])
    assert not t.named("Venomous Sacspider") and _hand(t, "bob") == 0


def test_callow_liegeman_and_sagacious_31f_in_a_larger_attacking_party(client):
    """Callow Liegeman (2/2): "If this card attacks in a party with more than 1 member, it gains 1 strength
    and 1 life this turn." Sagacious 31f: "If an attacking party is formed including this card and at least
    2 other characters, you may search your deck for a card. If you do, put it into your hand." A party of
    three (spoils.608.1b): the Liegeman is 3/3 and alice finds Key Man in her deck (spoils.312.1)."""
    cards = {"l1": {"card": "Callow Liegeman", "controller": "alice"},
             "g1": {"card": "Sagacious 31f", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "alice"}}
    decks = {"alice": ["Gnat", "Key Man", "Gnat"]}
    t = new_game(client, position(cards=cards, decks=decks))
    t.act({"type": "attack", "player": "alice", "attackers": ["l1", "g1", "s1"]})
    _order(t, found="Key Man")
    assert _stat(t, "l1", "strength") == 3 and _stat(t, "l1", "life") == 3
    assert t.state()["players"]["alice"]["hand_cards"] == ["Key Man"]
    t = new_game(client, position(cards=cards, decks=decks))
    t.act({"type": "attack", "player": "alice", "attackers": ["l1", "g1"], "choices": {"found": "Key Man"}})
    assert _stat(t, "l1", "strength") == 3 and _hand(t, "alice") == 0


# --------------------------------------------------------------------------------- entering play, plays, coins, turns

def test_watchtower_damages_a_character_entering_play_under_the_opponent(client):
    """Watchtower: "If a character enters play under your opponent's control, inflict 1 damage to it." Bob's
    Surplus Soldier (1 life) enters play (spoils.604.1h) and is destroyed by that damage (spoils.408.4);
    alice's own Watchtower does nothing to a character entering under her control."""
    cards = {"w1": {"card": "Watchtower", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Surplus Soldier"]}, icons={"bob": "RR"}))
    t.resolve("bob", "alice", _play("Surplus Soldier", player="bob"))
    assert not t.named("Surplus Soldier")  # destroyed (it turns into a face-down resource instead, 506.1)
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", _play("Surplus Soldier"))
    assert t.named("Surplus Soldier", "alice")


def test_treasure_brokerage_finds_a_staple_resource_when_a_character_enters_play(client):
    """Treasure Brokerage: "If a character enters play under your control, you may pay 1. If you do, search
    your deck for a staple resource and reveal it. Put it into your hand." Alice's Surplus Soldier enters
    play: she pays 1 (spoils.309.1) and puts the Rage from her deck into her hand (spoils.312.1)."""
    cards = {"t1": {"card": "Treasure Brokerage", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier"]}, icons={"alice": "RRR"},
                                  decks={"alice": ["Gnat", "Rage"]}))
    t.act(_play("Surplus Soldier"))
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
    t.act(_play("Plodding Brute"))
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
    t.resolve("alice", "bob", _play("Pyramid Scheme", coin="win"))
    assert t.card("r1")["tokens"] == 1 and _stat(t, "r1", "strength") == 3
    assert _hand(t, "alice") == 3


def test_guardforce_morphmajig_counts_the_cards_each_player_plays(client):
    """Guardforce Morphmajig (3/3): "If you play a card, put a token on this card. If your opponent plays
    a card, remove a token from this card. (Playing a resource doesn't count.)" Alice plays a Surplus
    Soldier (spoils.604.1): a token, 4/4; bob answers with a tactic (spoils.607.1): the token goes."""
    cards = {"g1": {"card": "Guardforce Morphmajig", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Surplus Soldier", "Rage"], "bob": ["Pyramid Scheme"]},
                                  icons={"alice": "RR", "bob": "GGGG"}))
    t.act(_play("Surplus Soldier"))
    assert t.card("g1")["tokens"] == 1 and _stat(t, "g1", "strength") == 4
    t.act(_play("Pyramid Scheme", player="bob", coin="lose"))
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


# --------------------------------------------------------------------------------- "gains X or Y"

def test_befuddling_beggar_and_virulent_dogmatist_apply_the_option_chosen(client):
    """Befuddling Beggar: "PANHANDLE COST: Deplete this card. Pick a character. EFFECT: This turn, the
    character either gains or loses 1 speed." Virulent Dogmatist: "BERATE ... EFFECT: This turn, the
    character loses 2 strength or 1 speed." Alice chooses (choices.option, spoils.401.3): bob's Stalwart
    Soldier loses 1 speed (option 2 of the Beggar), then 2 strength (option 1 of the Dogmatist): 1/3/2."""
    cards = {"b1": {"card": "Befuddling Beggar", "controller": "alice"},
             "v1": {"card": "Virulent Dogmatist", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OO"}))
    t.resolve("alice", "bob", _use("b1", "PANHANDLE", "s1", option=2))
    assert _stat(t, "s1", "speed") == 2 and _stat(t, "s1", "strength") == 3
    t.resolve("alice", "bob", _use("v1", "BERATE", "s1", option=1))
    assert _stat(t, "s1", "speed") == 2 and _stat(t, "s1", "strength") == 1


def test_maxwell_cockswagger_and_epicureous_mammajamma_options(client):
    """Maxwell Cockswagger: "STRUT COST: Pay 2. Pick a character. EFFECT: This turn, the character gains 1
    speed or loses 1 life." Option 2 on bob's 1-life Surplus Soldier destroys it (spoils.408.4). Epicureous
    Mammajamma (3/3/3): "RUB IT DOWN COST: Pay 1. EFFECT: This turn, this card loses 1 strength or 1 life
    and gains 1 speed." Option 1: 2/3/4, the speed coming with either option."""
    cards = {"m1": {"card": "Maxwell Cockswagger", "controller": "alice"},
             "e1": {"card": "Epicureous Mammajamma", "controller": "alice"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", _use("m1", "STRUT", "s1", option=2))
    assert not t.named("Surplus Soldier")
    t.resolve("alice", "bob", _use("e1", "RUB IT DOWN", option=1))
    assert (_stat(t, "e1", "strength"), _stat(t, "e1", "life"), _stat(t, "e1", "speed")) == (2, 3, 4)


# --------------------------------------------------------------------------------- "your opponent picks"

def test_quotidian_disappearance_bob_picks_a_card_he_controls(client):
    """Quotidian Disappearance: "Your opponent picks a non-resource card they control if they can. If they
    do, put it into its owner's hand." Bob may not pick alice's card (spoils.310.1: one he controls); he
    picks his Stalwart Soldier, which goes back to his hand (spoils.403.1)."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "bob"}, "a1": {"card": "Gnat", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Quotidian Disappearance"]}, icons={"alice": "O"}))
    t.act(_play("Quotidian Disappearance"))
    assert "spoils.310.1" in {v["rule"]["id"] for v in t.refuse({"type": "pass", "player": "bob",
                                                                  "choices": {"targets": ["a1"]}})}
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["s1"]}})
    assert not t.named("Stalwart Soldier") and t.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.named("Gnat")


def test_summary_judgment_draws_x_cards_unless_the_opponent_destroys_the_character(client):
    """Summary Judgment: "COST: Pick a character your opponent controls. X is its strength. EFFECT: Your
    opponent may destroy the character. If they don't, draw X cards." Bob keeps his Plodding Brute
    (strength 5): alice draws 5 (spoils.306.1); in another game he destroys it and alice draws nothing."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Summary Judgment"]}, icons={"alice": "GGGG"})
    t = new_game(client, setup)
    t.act(_play("Summary Judgment", "b1"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})
    assert t.named("Plodding Brute") and _hand(t, "alice") == 5
    t = new_game(client, setup)
    t.act(_play("Summary Judgment", "b1"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": True}})
    assert not t.named("Plodding Brute") and _hand(t, "alice") == 0


def test_ass_takes_a_character_bob_owns_and_goes_to_bob(client):
    """Ass: "At the end of your turn, your opponent picks a character they control and own if they can. If
    they do, take control of that character. At the end of your turn, your opponent takes control of this
    card." As alice's turn ends (spoils.610.1), bob picks his Stalwart Soldier: alice takes control of it
    (spoils.407.1) and bob takes the Ass."""
    cards = {"x1": {"card": "Ass", "controller": "alice"}, "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "end_turn", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    _order(t, targets=["s1"])
    assert t.card("s1")["controller"] == "alice" and t.card("x1")["controller"] == "bob"


def test_clockman_pickpocket_takes_an_item_bob_picks(client):
    """Clockman Pickpocket: "While your opponent controls an item, this card cannot be blocked. If this card
    inflicts damage to a faction, your opponent picks an item they control if they can. If they do, take
    control of it and destroy this card." Unblockable while bob has his Inadequate Wand (spoils.413.1), its
    damage to bob's faction (spoils.408.2b) makes bob pick the Wand: alice takes it and the Pickpocket is
    destroyed (spoils.304.1)."""
    cards = {"p1": {"card": "Clockman Pickpocket", "controller": "alice"},
             "w1": {"card": "Inadequate Wand", "controller": "bob"}, "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "p1")
    _fight(t, targets=["w1"])
    assert t.influence("bob") == 24
    assert t.card("w1")["controller"] == "alice" and not t.named("Clockman Pickpocket")


# --------------------------------------------------------------------------------- "both players"

def test_ashes_of_zenobia_both_players_return_a_character(client):
    """Ashes of Zenobia: "NULLIFY COST: Pay 5. EFFECT: Both players put a character they control into its
    owner's hand." Alice returns her Gnat, bob his Stalwart Soldier (each one they control, spoils.310.1;
    spoils.403.1); bob may not name alice's card as his."""
    cards = {"z1": {"card": "Ashes of Zenobia", "controller": "alice"}, "g1": {"card": "Gnat", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOOOO"}))
    t.act(_use("z1", "NULLIFY"))
    assert "spoils.310.1" in {v["rule"]["id"] for v in t.refuse({"type": "pass", "player": "bob",
                                                                  "choices": {"targets": ["g1", "g1"]}})}
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["g1", "s1"]}})
    assert not t.named("Gnat") and not t.named("Stalwart Soldier")
    assert t.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.state()["players"]["alice"]["hand_cards"] == ["Gnat"]


def test_thabbashite_wizard_both_players_may_draw_2(client):
    """Thabbashite Wizard: "When this card enters play, both players may draw up to 2 cards." Alice draws
    2 (spoils.306.1); bob declines (choices.their_may: his own "may")."""
    t = new_game(client, position(hands={"alice": ["Thabbashite Wizard"]}, icons={"alice": "OOO"}))
    t.act(_play("Thabbashite Wizard"))
    t.act({"type": "pass", "player": "bob", "choices": {"their_may": False}})
    assert _hand(t, "alice") == 2 and _hand(t, "bob") == 0


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


# --------------------------------------------------------------------------------- how a card enters play

def test_mighty_ballista_enters_play_depleted(client):
    """Mighty Ballista: "This card enters play depleted." Played (spoils.604.1h), it is depleted at once
    (spoils.303.1), so its FIRE! (which depletes it as a cost) waits for a restore."""
    t = new_game(client, position(hands={"alice": ["Mighty Ballista"]}, icons={"alice": "RRRR"}))
    t.resolve("alice", "bob", _play("Mighty Ballista"))
    (cid,) = t.named("Mighty Ballista", "alice")
    assert t.card(cid)["depleted"] is True


def test_hollow_moose_enters_play_under_the_opponents_control(client):
    """Hollow Moose: "This card enters play under your opponent's control. At the start of your turn, your
    faction loses 1 influence." Alice plays it; it enters under bob's control (its text over spoils.604.1h,
    spoils.101.1), alice still owning it, and at the start of bob's turn bob's faction loses 1 (spoils.602.1)."""
    t = new_game(client, position(hands={"alice": ["Hollow Moose"]}, icons={"alice": "DD"}))
    t.resolve("alice", "bob", _play("Hollow Moose"))
    (cid,) = t.named("Hollow Moose", "bob")
    assert t.card(cid)["owner"] == "alice"
    t.end_turn("alice", "bob")
    assert t.influence("bob") == 24 and t.influence("alice") == 25
