"""Hands of The Spoils, played by name through the API: a hand revealed at all times or looked at,
cards discarded and taken back, put from a hand onto a deck, drawn by both players, a limit on
drawing, a mulligan revealing a card (spoils.403.2a, spoils.306.1).  Each test cites the card and the
rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _ability_choices, use_ability_with as _ability_extra
from tests.scenarios.spoils.steps import next_turn_choosing as _next_turn, pass_until_resolved as _settle
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


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


def test_flagitious_denunciator_bounces_a_character_and_strips_one_from_the_hand(client):
    """Flagitious Denunciator: "DENOUNCE COST: Pay 2. Pick a character. Destroy this card. EFFECT: Put
    the character into its owner's hand. Look at your opponent's hand and choose a character in it.
    Your opponent discards that character." (spoils.401.3, spoils.403.1, spoils.606.1): bob's Stalwart
    Soldier goes back to his hand, the Denunciator to alice's discard pile, and bob discards the Gnat
    alice chose, keeping his Dragon Juice."""
    cards = {"f1": {"card": "Flagitious Denunciator", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OO"}, hands={"bob": ["Gnat", "Dragon Juice"]}))
    t.act({"type": "use_ability", "player": "alice", "card": "f1", "ability": "DENOUNCE", "targets": ["b1"],
           "choices": {"chosen": "Gnat"}})
    t.act({"type": "pass", "player": "bob"})
    state = t.state()
    assert state["cards"] == {}
    assert sorted(state["players"]["bob"]["hand_cards"]) == ["Dragon Juice", "Stalwart Soldier"]
    assert state["players"]["bob"]["discard"] == ["Gnat"]
    assert state["players"]["alice"]["discard"] == ["Flagitious Denunciator"]
    assert t.audit_valid()


def test_odious_diva_reveals_the_opponents_hand_while_in_play(client):
    """Odious Diva: "Your opponent's hand is revealed at all times." spoils.403.2a (a hand is hidden from
    the other player) set aside by the card's text (spoils.101.1): the state shows bob's hand revealed by
    the Diva (players.bob.revealed.hand), not alice's; once the Diva is destroyed, nobody's."""
    cards = {"d1": {"card": "Odious Diva", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Redonkulous"], "bob": ["Rage", "Brash Basher"]},
                                  icons={"alice": "OOO"}))
    state = t.state()
    assert state["players"]["bob"]["revealed"] == {"hand": ["d1"]} and state["players"]["alice"]["revealed"] == {}
    t.resolve("alice", "bob", _play("Redonkulous", "d1"))  # bob holds 2 cards: the Diva is removed from the game
    assert "d1" not in t.state()["cards"] and t.state()["players"]["bob"]["revealed"] == {}
    assert t.audit_valid()


def test_discommodiousness_sends_the_revealed_tactics_back_and_replaces_them(client):
    """Discommodiousness: "Your opponent reveals their hand. Shuffle all tactics revealed this way into their
    deck. Your opponent draws X cards, where X is the number of tactics shuffled into their deck. Draw a
    card." spoils.403.2a (the hand shown to both), spoils.313.1, spoils.313.2, spoils.406.3, spoils.306.1:
    bob's Redonkulous and Ameliorate go into his deck and he draws 2, keeping Rage; with a hand of
    characters nothing goes back and he draws none; alice draws 1 either way. A hand the judge does not
    know is named in choices.revealed (spoils.engine.hidden-choice): too few names are refused when the play
    is made, not left to stop bob's pass."""
    t = new_game(client, position(hands={"alice": ["Discommodiousness"], "bob": ["Redonkulous", "Ameliorate", "Rage"]},
                                  icons={"alice": "EE"}))
    t.resolve("alice", "bob", _play("Discommodiousness"))
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 3 and bob["hand_cards"] == ["Rage"] and bob["deck"] == 30
    assert sorted(bob["deck_cards"]) == ["Ameliorate", "Redonkulous"] and t.state()["players"]["alice"]["hand"] == 1
    u = new_game(client, position(hands={"alice": ["Discommodiousness"], "bob": ["Brash Basher", "Rage"]},
                                  icons={"alice": "EE"}))
    u.resolve("alice", "bob", _play("Discommodiousness"))
    assert u.state()["players"]["bob"]["hand_cards"] == ["Brash Basher", "Rage"] and u.state()["players"]["bob"]["hand"] == 2
    setup = position(hands={"alice": ["Discommodiousness"], "bob": ["Redonkulous"]}, icons={"alice": "EE"})
    setup["players"]["bob"]["hand"] = 2  # the judge knows one of bob's two cards
    v = new_game(client, setup)  # too few names: refused as the play is made (spoils.engine.choices-when-made)
    before = v.state()["position"]
    assert "spoils.engine.hidden-choice" in _rules(v.refuse(_play("Discommodiousness", revealed=["Rage"])))
    assert v.state()["position"] == before
    w = new_game(client, setup)
    w.resolve("alice", "bob", _play("Discommodiousness", revealed=["Redonkulous", "Rage"]))
    assert w.state()["players"]["bob"]["hand"] == 2 and w.state()["players"]["bob"]["deck_cards"] == ["Redonkulous"]
    assert t.audit_valid() and u.audit_valid() and w.audit_valid()


def test_degenerate_molestation_repeats_until_the_opponents_hand_is_empty(client):
    """Degenerate Molestation: "Your opponent discards a card. You may play a non-resource card with numeric
    cost X or less for free, where X is the numeric cost of the discarded card. ... Repeat this card's effect
    until your opponent has no cards in their hand." spoils.305.1, spoils.604.2, spoils.308.1, spoils.402.1
    (each round's choices in choices.repeats): bob's Rage (0) lets alice play nothing (her Ameliorate costs
    1: not played, 402.5), his Brash Basher (5) pays for her Stalwart Soldier, his Redonkulous (3) for the
    Ameliorate; his hand is then empty and the repeats stop (one play alone would have left him 2 cards)."""
    hands = {"alice": ["Degenerate Molestation", "Stalwart Soldier", "Ameliorate"],
             "bob": ["Rage", "Brash Basher", "Redonkulous"]}
    t = new_game(client, position(hands=hands, icons={"alice": "OOOOOOOOOORRR"}))
    t.act(_play("Degenerate Molestation", discarded=["Rage"], free_plays=["Ameliorate"],
                repeats=[{"discarded": ["Brash Basher"], "free_plays": ["Stalwart Soldier"]},
                         {"discarded": ["Redonkulous"], "free_plays": ["Ameliorate"]}]))
    t.act({"type": "pass", "player": "bob"})
    state = t.state()
    assert state["players"]["bob"]["hand"] == 0 and state["players"]["bob"]["discard"] == ["Rage", "Brash Basher",
                                                                                            "Redonkulous"]
    assert [p["name"] for p in state["pending"]] == ["Stalwart Soldier", "Ameliorate"]
    _settle(t)
    assert t.named("Stalwart Soldier", "alice") and t.audit_valid()


def test_phalludrix_takes_back_the_cards_an_opponents_effect_discards(client):
    """Phalludrix, the Impotenator: "If an effect controlled by your opponent causes you to discard any
    number of cards, you may put them back into your hand." spoils.503.1, spoils.305.1,
    spoils.engine.may-choice (choices.put_back on the action resolving the effect): alice's Ritual of the
    Screaming Cheese (bob chose OPTION 1) makes bob discard Rage and Brash Basher; he puts them back; when he
    declines they stay in his discard pile."""
    cards = {"p1": {"card": "Phalludrix, the Impotenator", "controller": "bob"}}
    hands = {"alice": ["Ritual of the Screaming Cheese"], "bob": ["Rage", "Brash Basher", "Stalwart Soldier"]}
    play = _play("Ritual of the Screaming Cheese", discarded=["Rage", "Brash Basher"], their={"option": 1})
    t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "O"}))
    t.resolve("alice", "bob", play)
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 3 and sorted(bob["hand_cards"]) == ["Brash Basher", "Rage", "Stalwart Soldier"]
    assert bob["discard"] == []
    u = new_game(client, position(cards=cards, hands=hands, icons={"alice": "O"}))
    u.act(play)
    u.act({"type": "pass", "player": "bob", "choices": {"put_back": False}})
    assert u.state()["players"]["bob"]["discard"] == ["Rage", "Brash Basher"] and u.state()["players"]["bob"]["hand"] == 1
    assert t.audit_valid() and u.audit_valid()


def test_community_chest_lets_each_player_draw_or_play_a_resource(client):
    """Community Chest: "At the start of each player's turn, both players may draw a card or play a
    resource." spoils.602.1, spoils.503.1, spoils.402.5 (each player's option: choices.option for alice,
    whose card it is, choices.their.option for bob), spoils.605.1, spoils.306.1: at the start of bob's turn
    alice plays her Rage as a resource and bob draws a card."""
    cards = {"c1": {"card": "Community Chest", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rage"], "bob": ["Obsession"]}, icons={"alice": "D"}))
    _next_turn(t, {"option": 2, "resource": {"card": "Rage", "face_up": True, "id": "r9"}, "their": {"option": 1}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert alice["resources"]["r9"]["icons"] == "R" and alice["hand"] == 0
    assert bob["hand"] == 2 and bob["resources"] == {}
    assert t.audit_valid()


def test_cryptic_athenaeum_lets_the_opponent_draw_a_card_of_their_own(client):
    """Cryptic Athenaeum: "[O][O][O]: At the start of your turn, you may draw a card. If you do, your opponent
    may draw a card." spoils.602.1, spoils.306.1, spoils.engine.may-choice: as alice's turn starts she draws
    and so does bob (the opponent's card goes to his hand, not to alice's)."""
    cards = {"c1": {"card": "Cryptic Athenaeum", "controller": "alice"}}
    t = new_game(client, position(cards=cards, active="bob", icons={"alice": "OOO"}))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    assert t.state()["players"]["alice"]["hand"] == 1 and t.state()["players"]["bob"]["hand"] == 1
    assert [e["data"]["player"] for e in t.events() if e["type"] == "CardsDrawn"] == ["alice", "bob"]
    assert t.audit_valid()


def test_spatchcocking_keeps_one_card_of_each_type_and_recurs_on_the_hand(client):
    """Spatchcocking: "Each player choose a card of each non-resource type they control. Put all remaining
    non-resource cards into their owner's hand. RECUR: [O][O][O][O] COST: Use this only if this card is in your
    discard pile. Pay 4. Remove this card from the game. EFFECT: Each opponent reveals their hand, chooses a card
    of each non-resource type in it, and discards the remaining non-resource cards." (spoils.402.2,
    spoils.301.4a, spoils.403.2, spoils.305.1): alice keeps her Plodding Brute and her only item, bob his Stalwart
    Soldier (each says it, choices.keep); their other characters go back to their hands. From the discard pile,
    RECUR makes bob keep one character (the Brute he names) and his one tactic and discard the other character;
    his resource card stays in hand."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Plodding Brute", "controller": "alice"},
             "s1": {"card": "The Stone of Triumph", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Spatchcocking"]}, icons={"alice": "OOOO"}))
    t.act(_play("Spatchcocking", keep=["a2"]))
    t.act({"type": "pass", "player": "bob", "choices": {"keep": ["b1"]}})
    state = t.state()
    assert sorted(state["cards"]) == ["a2", "b1", "s1"]
    assert state["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    assert state["players"]["bob"]["hand_cards"] == ["Plodding Brute"]
    setup = position(icons={"alice": "OOOO"}, hands={"bob": ["Stalwart Soldier", "Plodding Brute", "Pinch", "Rage"]})
    setup["players"]["alice"]["discard"] = ["Spatchcocking"]
    u = new_game(client, setup)
    u.act(_ability_extra("Spatchcocking", "RECUR"))
    u.act({"type": "pass", "player": "bob", "choices": {"keep": ["Plodding Brute"]}})
    bob, alice = u.state()["players"]["bob"], u.state()["players"]["alice"]
    assert sorted(bob["hand_cards"]) == ["Pinch", "Plodding Brute", "Rage"] and bob["discard"] == ["Stalwart Soldier"]
    assert alice["removed"] == ["Spatchcocking"] and alice["discard"] == [] and alice["unattached"] == 0
    assert t.audit_valid() and u.audit_valid()


def _mulligan_position(icons: str) -> dict:
    setup = position(stage="mulligan", turn=0, hands={"alice": ["Community Chest", "Gnat"], "bob": ["Gnat"]},
                     icons={"alice": icons})
    setup["to_act"] = "alice"
    return setup


def test_community_chest_revealed_by_the_mulligan_draws_one_more_card(client):
    """Community Chest (its mulligan text only; its "both players may draw a card or play a resource" stays the
    judge's, so the card is not listed as full): "If you control at least [D] and choose to put this card on the
    bottom of your deck as part of your mulligan at the start of a game, you may reveal it. If you do, draw a card
    at the start of your turn." (spoils.601.1f, spoils.405.2, spoils.503.1): alice puts it back and reveals it;
    as her first turn starts she draws one more card. Without [D] the reveal is refused, nothing appended."""
    t = new_game(client, _mulligan_position("D"))
    mulligan = {"type": "mulligan", "player": "alice", "count": 1, "cards": ["Community Chest"], "drawn": ["Cowslaw"],
                "choices": {"reveal": ["Community Chest"]}}
    t.act(mulligan)
    t.act({"type": "mulligan", "player": "bob", "count": 0})
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], alice["deck"]) == (3, 29) and "CardsDrawn" in [e["type"] for e in t.events()]
    u = new_game(client, _mulligan_position("G"))
    before = u.state()["position"]
    assert "spoils.405.2" in _rules(u.refuse(mulligan))
    assert u.state()["position"] == before
    u.act(mulligan | {"choices": {}})
    u.act({"type": "mulligan", "player": "bob", "count": 0})
    assert (u.state()["players"]["alice"]["hand"], u.state()["players"]["alice"]["deck"]) == (2, 30)
    assert t.audit_valid() and u.audit_valid()


def test_ambiguity_embiggener_cycles_both_hands_by_the_x_of_the_player_whose_turn_starts(client):
    """Ambiguity Embiggener: "At the start of each player's turn, that player chooses a number for X. Both players
    put X cards from their hand on the bottom of their deck in any order, or their entire hand if they have less
    than X cards in it. Both players put the top Y cards of their deck into their hand, where Y is the number of
    cards that player put on the bottom of their deck." (spoils.503.1, spoils.410.2, spoils.403.1): as alice's turn
    starts she chooses 2: her Gnat and Cowslaw go to the bottom of her deck and she takes its top 2 cards; bob,
    with a single card, puts it back and takes one. With X = 0 nothing moves."""
    cards = {"e1": {"card": "Ambiguity Embiggener", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Gnat", "Cowslaw", "Pinch"], "bob": ["Gnat"]},
                     decks={"alice": ["Stalwart Soldier", "Plodding Brute", "Rage"], "bob": ["Rage", "Rage"]})
    t = new_game(client, setup)
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {
        "x": 2, "bottom": ["Gnat", "Cowslaw"], "drawn": ["Stalwart Soldier", "Plodding Brute"],
        "their": {"bottom": ["Gnat"], "drawn": ["Rage"]}}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert sorted(alice["hand_cards"]) == ["Pinch", "Plodding Brute", "Stalwart Soldier"] and alice["deck"] == 3
    assert sorted(alice["deck_cards"]) == ["Cowslaw", "Gnat", "Rage"]
    assert bob["hand_cards"] == ["Rage"] and sorted(bob["deck_cards"]) == ["Gnat", "Rage"]
    u = new_game(client, setup)
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice", "choices": {"x": 0}})
    assert sorted(u.state()["players"]["alice"]["hand_cards"]) == ["Cowslaw", "Gnat", "Pinch"]
    assert t.audit_valid() and u.audit_valid()


def test_perturbatious_warlock_makes_the_opponent_put_a_card_from_hand_on_their_deck(client):
    """Perturbatious Warlock: "When this card enters play, your opponent puts a card from their hand on
    the top of their deck." spoils.503.1, spoils.402.2 (the opponent does it; the card is named as the
    action records it, spoils.engine.hidden-choice)."""
    t = new_game(client, position(hands={"alice": ["Perturbatious Warlock"], "bob": ["Brash Basher", "Plodding Brute"]},
                                  icons={"alice": "OO"}, decks={"bob": ["Legacy Warmachine"]}))
    t.act(_play("Perturbatious Warlock", put=["Plodding Brute"]))
    assert "CardsMoved" in t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert bob["hand_cards"] == ["Brash Basher"] and bob["deck"] == 2 and "Plodding Brute" in bob["deck_cards"]


def test_deceptive_muddler_makes_the_opponent_put_a_card_back_if_they_can(client):
    """Deceptive Muddler: "COVERT. If this card inflicts damage to a faction, your opponent puts a card
    from their hand on the top of their deck if they can." spoils.609.1d (battle damage to the faction),
    spoils.503.1; with an empty hand bob cannot (402.5)."""
    for hand in (["Brash Basher"], []):
        t = new_game(client, position(cards={"m1": {"card": "Deceptive Muddler", "controller": "alice"}},
                                      hands={"bob": hand}))
        t.act({"type": "attack", "player": "alice", "attackers": ["m1"], "choices": {"put": hand}})
        t.fight([])
        assert t.influence("bob") < 25 and t.state()["players"]["bob"]["hand"] == 0
        assert t.state()["players"]["bob"]["deck"] == 30 + len(hand)


def test_odious_diva_sends_the_named_card_under_the_deck_and_bob_draws(client):
    """Odious Diva: "DISAPPROVE COST: Pay 2. Name a card. EFFECT: Look at your opponent's hand. Your
    opponent puts a card with the chosen name on the bottom of their deck if they can. If they do, your
    opponent draws a card." Naming nothing is refused (spoils.401.2); a name not in bob's hand does
    nothing (402.5)."""
    def game():
        return new_game(client, position(cards={"o1": {"card": "Odious Diva", "controller": "alice"}},
                                         hands={"bob": ["Brash Basher", "Plodding Brute"]}, icons={"alice": "OO"},
                                         decks={"bob": ["Legacy Warmachine"]}))
    t = game()
    assert "spoils.401.2" in [v["rule"]["id"] for v in t.refuse(_ability_choices("o1", "DISAPPROVE"))]
    t.act(_ability_choices("o1", "DISAPPROVE", named="Plodding Brute"))
    types = t.act({"type": "pass", "player": "bob"})
    assert "CardsMoved" in types and "CardsDrawn" in types
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 2 and "Plodding Brute" not in bob["hand_cards"] and "Plodding Brute" in bob["deck_cards"]
    u = game()
    u.act(_ability_choices("o1", "DISAPPROVE", named="Rate Hike"))
    types = u.act({"type": "pass", "player": "bob"})
    assert "CardsMoved" not in types and "CardsDrawn" not in types
