"""Continuous abilities under a condition, played by name through the API: "while you have an even
number of cards in your hand", "while your opponent controls more characters than you", "while you
control only 1 character", "for each [D] you control", "while this card is attacking a location"
(spoils.504.1: a condition is checked when it is read).  Each test quotes the card and shows the
effect with the condition met and not met."""
from __future__ import annotations

from tests.scenarios.spoils.positions import characters_of as _chars, with_discard as _with_discard
from tests.scenarios.spoils.readings import effective as _eff
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


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
