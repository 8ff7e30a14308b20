"""Choices written on cards, played by name through the API: "choose one of the following as this
card's rules text", the option the opponent or the player whose turn starts chose, coin flips lost
and reflipped (spoils.504.1).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing, use_ability_with_choices as _use
from tests.scenarios.spoils.readings import rule_set as _rule_set, stat as _stat
from tests.scenarios.spoils.steps import next_turn_choosing as _next_turn
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, play_card, position, rule_ids as _rules)

pytestmark = needs_data


def test_throatstabber_depletes_itself_when_its_coin_flip_is_lost(client):
    """Throatstabber: "When this card enters play, flip a coin. If you lose, deplete this card."
    (spoils.503.1, spoils.303.1): the flip recorded as lost, it enters play depleted; won, it stays
    restored."""
    for coin, depleted in (("lose", True), ("win", False)):
        t = new_game(client, position(hands={"alice": ["Throatstabber"]}, icons={"alice": "DDD"}))
        t.act(play_card("Throatstabber"))
        t.act({"type": "pass", "player": "bob", "choices": {"coin": coin}})
        (cid,) = t.named("Throatstabber")
        assert t.card(cid)["depleted"] is depleted
        assert t.audit_valid()


def test_card_counter_sets_x_by_the_coin_flip_despite_its_misprinted_comma(client):
    """Card Counter: "When this card enters play, flip a coin. If you win X, is 3. Otherwise, X is 2. ..." (a
    misprint of "If you win, X is 3.", read as the variant wording it is; spoils.406.3): won, X is 3 and bob's
    deck loses 3 cards to his discard pile; lost, X is 2 and it loses 2."""
    for coin, x in (("win", 3), ("lose", 2)):
        t = new_game(client, position(hands={"alice": ["Card Counter"]}, icons={"alice": "DDDDDD"},
                                      decks={"bob": ["Rage", "Greed", "Pinch", "Extortify", "Rage"]}))
        t.act(play_card("Card Counter"))
        t.act({"type": "pass", "player": "bob", "choices": {"coin": coin}})
        assert f"Card Counter: X is {x}" in t.trace_text()
        assert t.state()["players"]["bob"]["deck"] == 5 - x
        assert t.audit_valid()


def test_two_headed_coin_reflips_a_lost_coin(client):
    """Two-Headed Coin: "If you lose a coin flip, you may shuffle this card into your deck. If you do,
    reflip that coin and draw a card instead." (spoils.506.1, spoils.engine.coin-flip): alice's Fwing!
    ("... Flip a coin. If you win, the character also gains 1 strength this turn.") on her Stalwart
    Soldier, the flip lost: with the Coin in play it goes into her deck, the reflip is won (the Soldier
    has 4 strength) and she draws a card; without it the Soldier stays at 3."""
    for coin in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
        if coin:
            cards["c1"] = {"card": "Two-Headed Coin", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Fwing!"]}, icons={"alice": "DD"}))
        t.resolve("alice", "bob", _play("Fwing!", "a1", coin="lose", reflip="win"))
        alice = t.state()["players"]["alice"]
        assert t.card("a1")["effective"]["strength"] == (4 if coin else 3)
        assert (alice["hand"], alice["deck"]) == ((1, 30) if coin else (0, 30))
        assert "c1" not in t.state()["cards"]
        assert t.audit_valid()


def test_ritual_of_the_screaming_cheese_plays_the_option_the_opponent_chose(client):
    """Ritual of the Screaming Cheese: "Your opponent chooses one of the following as this card's rules
    text: OPTION 1 Your opponent discards 2 cards. OPTION 2 Your opponent discards a card at random."
    spoils.engine.rules-text-choice (the opponent's option, recorded with the play as choices.their.option;
    without it the play is refused, nothing appended), spoils.305.1: bob chose OPTION 1 and discards 2 of
    his 3 cards; in another game he chose OPTION 2 and discards 1."""
    hands = {"alice": ["Ritual of the Screaming Cheese"], "bob": ["Rage", "Brash Basher", "Stalwart Soldier"]}
    t = new_game(client, position(hands=hands, icons={"alice": "O"}))
    before = t.state()["position"]
    assert "spoils.engine.rules-text-choice" in _rules(t.refuse(_play("Ritual of the Screaming Cheese", option=1)))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _play("Ritual of the Screaming Cheese", their={"option": 1}))
    assert t.state()["players"]["bob"]["hand"] == 1 and len(t.state()["players"]["bob"]["discard"]) == 2
    u = new_game(client, position(hands=hands, icons={"alice": "O"}))
    u.resolve("alice", "bob", _play("Ritual of the Screaming Cheese", their={"option": 2}))
    assert u.state()["players"]["bob"]["hand"] == 2 and len(u.state()["players"]["bob"]["discard"]) == 1
    assert t.audit_valid() and u.audit_valid()


def test_obscene_communion_runs_the_option_the_player_whose_turn_starts_chose(client):
    """Obscene Communion: "At the start of each player's turn, that player chooses one of the following: ...
    OPTION 2: Both players put a resource they control into its owner's hand. Both players may play a
    resource. OPTION 3: Both players discard a card. ..." spoils.602.1, spoils.503.1 (bob, whose turn
    starts, chooses; without an option his pass is refused, nothing appended), spoils.305.1, spoils.402.1,
    spoils.605.1: OPTION 3, each discards the card they name; OPTION 2, each returns the resource they name
    and bob plays his Stalwart Soldier face down while alice declines to play one (choices.their_may)."""
    hands = {"alice": ["Rage", "Brash Basher"], "bob": ["Rage", "Stalwart Soldier"]}
    cards = {"o1": {"card": "Obscene Communion", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "OO", "bob": "RR"}))
    t.act({"type": "end_turn", "player": "alice"})
    before = t.state()["position"]
    assert "spoils.503.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    assert t.state()["position"] == before
    t.act({"type": "pass", "player": "bob", "choices": {"option": 3, "discarded": ["Rage"],
                                                        "their": {"discarded": ["Brash Basher"]}}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert alice["discard"] == ["Brash Basher"] and bob["discard"] == ["Rage"] and alice["hand"] == bob["hand"] == 1
    u = new_game(client, position(cards=cards, hands=hands, icons={"alice": "OO", "bob": "RR"}))
    _next_turn(u, {"option": 2, "targets": ["bob.r1", "alice.r2"], "resource": {"card": "Stalwart Soldier", "id": "r9"},
                   "their_may": False})
    alice, bob = u.state()["players"]["alice"], u.state()["players"]["bob"]
    assert set(alice["resources"]) == {"alice.r1"} and alice["hand"] == 3
    assert set(bob["resources"]) == {"bob.r2", "r9"} and not bob["resources"]["r9"]["face_up"] and bob["hand"] == 2
    assert t.audit_valid() and u.audit_valid()


def test_free_trade_agreement_lets_that_player_and_their_opponent_each_do_their_part(client):
    """Free Trade Agreement: "At the start of each player's turn, that player chooses one of the following:
    ... OPTION 2: That player may play a resource and their opponent may draw a card. OPTION 3: Both players
    may draw up to 2 cards. ..." spoils.602.1, spoils.503.1, spoils.605.1, spoils.306.1: bob (whose turn
    starts) chooses OPTION 2, plays a Rage and alice, his opponent, draws; in another game OPTION 3, bob
    draws 1 (choices.up_to) and alice the full 2."""
    cards = {"f1": {"card": "Free Trade Agreement", "controller": "alice"}}
    hands = {"bob": ["Rage"]}
    t = new_game(client, position(cards=cards, hands=hands, icons={"alice": "GG"}))
    _next_turn(t, {"option": 2, "resource": {"card": "Rage", "face_up": True, "id": "r9"}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert bob["resources"]["r9"]["icons"] == "R" and bob["hand"] == 0 and alice["hand"] == 1
    u = new_game(client, position(cards=cards, hands=hands, icons={"alice": "GG"}))
    _next_turn(u, {"option": 3, "up_to": 1})
    assert u.state()["players"]["bob"]["hand"] == 2 and u.state()["players"]["alice"]["hand"] == 2
    assert t.audit_valid() and u.audit_valid()


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


def test_essence_of_greed_has_the_rules_text_of_the_option_chosen(client):
    """Essence of Greed: "Choose one of the following as this card's rules text: OPTION 1 Draw a card. OPTION 2
    COST: Pick a character. EFFECT: This turn, the character gains 2 life. OPTION 3 Your faction gains 4
    influence." A play choosing no option, or an OPTION 4, is refused (spoils.engine.rules-text-choice);
    OPTION 3 gives alice 4 influence and draws nothing; OPTION 2 needs its pick (spoils.401.3) and gives the
    character 2 life."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Essence of Greed"]}, icons={"alice": "GG"}))
    assert "spoils.engine.rules-text-choice" in _rule_set(t.refuse(_play_choosing("Essence of Greed")))
    assert "spoils.engine.rules-text-choice" in _rule_set(t.refuse(_play_choosing("Essence of Greed", option=4)))
    t.act(_play_choosing("Essence of Greed", option=3))
    played = next(e["data"] for e in t.events() if e["type"] == "CardPlayed")
    assert played["effect"][0]["script"]["choices"]["option"] == 3  # recorded with the play
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 29 and t.state()["players"]["alice"]["hand"] == 0
    u = new_game(client, position(cards=cards, hands={"alice": ["Essence of Greed"]}, icons={"alice": "GG"}))
    assert "spoils.310.1" in _rule_set(u.refuse(_play_choosing("Essence of Greed", option=2)))
    u.resolve("alice", "bob", _play_choosing("Essence of Greed", "b1", option=2))
    assert u.card("b1")["effective"]["life"] == 5 and u.influence("alice") == 25


def test_overindulge_option_2_draws_a_card_option_1_does_not(client):
    """Overindulge: "OPTION 1 COST: Pick a character. EFFECT: This turn, the character loses 2 life. OPTION 2
    COST: Pick a character. EFFECT: This turn, the character loses 1 life. Draw a card." Bob's Plodding Brute
    (3 life) has 1 life left after OPTION 1 and alice draws nothing; after OPTION 2 it has 2 life and alice
    draws Greed (spoils.410.3, spoils.306.1, spoils.engine.rules-text-choice)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Overindulge"]}, icons={"alice": "DD"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", _play_choosing("Overindulge", "b1", option=1))
    assert t.card("b1")["effective"]["life"] == 1 and t.state()["players"]["alice"]["hand"] == 0
    u = new_game(client, position(cards=cards, hands={"alice": ["Overindulge"]}, icons={"alice": "DD"},
                                  decks={"alice": ["Greed"]}))
    u.act(_play_choosing("Overindulge", "b1", option=2, drawn=["Greed"]))
    u.act({"type": "pass", "player": "bob"})
    assert u.card("b1")["effective"]["life"] == 2 and u.state()["players"]["alice"]["hand_cards"] == ["Greed"]


def test_essence_of_rage_option_1_damages_a_faction(client):
    """Essence of Rage: "OPTION 1 COST: Pick a character or faction. EFFECT: Inflict 1 damage to the character or
    faction. ... OPTION 3 COST: Pick a character. EFFECT: Deplete the character." OPTION 1 aimed at bob's faction
    costs bob 1 influence (spoils.408.3); OPTION 3 cannot pick a faction (spoils.310.1)."""
    t = new_game(client, position(hands={"alice": ["Essence of Rage"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rule_set(t.refuse(_play_choosing("Essence of Rage", "faction:bob", option=3)))
    t.resolve("alice", "bob", _play_choosing("Essence of Rage", "faction:bob", option=1))
    assert t.influence("bob") == 24
