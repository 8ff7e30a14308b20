"""Spoils cards that move cards between hands, decks, discard piles and resources, with players' choices
between options and cards revealed at all times (round 4, hands), played by name through the API: each
test shows the printed text changing the game, and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


def _resources(t, player: str) -> dict:
    return t.state()["players"][player]["resources"]


# ------------------------------------------------------------------------------ a resource you control

def test_siege_machine_destroys_a_resource_its_controller_names(client):
    """Siege Machine: "BATTERING RAM COST: Pay 2. Destroy a resource you control. EFFECT: Your opponent's
    faction loses 1 influence." spoils.401.3 (the resource named as the cost is paid), spoils.304.1 (to
    its owner's discard pile); naming a resource of bob's is refused (spoils.401.3), nothing appended."""
    cards = {"s1": {"card": "Siege Machine", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRR", "bob": "O"}))
    before = t.state()["position"]
    assert "spoils.401.3" in _rules(t.refuse(_ability("s1", "BATTERING RAM", "bob.r1")))
    assert t.state()["position"] == before
    assert "ResourceDestroyed" in t.act(_ability("s1", "BATTERING RAM", "alice.r3"))
    assert "alice.r3" not in _resources(t, "alice") and t.state()["players"]["alice"]["discard"] == ["Rage"]
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("bob") == 24 and "bob.r1" in _resources(t, "bob")
    assert t.audit_valid()


def test_randolph_pays_payday_loan_by_destroying_a_resource_instead_of_discarding_one(client):
    """Randolph von Macovawitz Spitoon III, Ltd.: "PAYDAY LOAN COST: Pay 1. Discard a resource or destroy
    a resource you control. EFFECT: Draw a card." spoils.401.3 (the second option, choices.option 2: the
    resource alice names is destroyed, her hand is untouched), spoils.304.1, spoils.306.1."""
    cards = {"r1": {"card": "Randolph von Macovawitz Spitoon III, Ltd.", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}, hands={"alice": ["Stalwart Soldier"]}))
    t.act(_ability("r1", "PAYDAY LOAN", "alice.r2", option=2))
    t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert list(me["resources"]) == ["alice.r1"] and me["discard"] == ["Greed"] and me["hand"] == 2
    assert "Stalwart Soldier" in me["hand_cards"]
    assert t.audit_valid()


def test_spastic_tentacles_makes_both_players_return_a_resource_to_hand(client):
    """Spastic Tentacles: "When this card enters play, both players put a resource they control into its
    owner's hand." spoils.503.1, spoils.402.1: alice names her Obsession, bob his face-down resource (its
    card, Stalwart Soldier, back in his hand); each has one resource fewer. Naming one of bob's for alice
    is refused (spoils.402.1), nothing appended."""
    setup = position(hands={"alice": ["Spastic Tentacles"]}, icons={"alice": "OOO", "bob": "RR"})
    setup["players"]["bob"]["resources"]["bob.r3"] = {"name": "Stalwart Soldier", "face_up": False}
    t = new_game(client, setup)
    t.act(_play("Spastic Tentacles"))
    before = t.state()["position"]
    assert "spoils.402.1" in _rules(t.refuse({"type": "pass", "player": "bob", "choices": {"targets": ["bob.r3"]}}))
    assert t.state()["position"] == before
    assert "ResourceReturned" in t.act({"type": "pass", "player": "bob", "choices": {"targets": ["alice.r1", "bob.r3"]}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert "alice.r1" not in alice["resources"] and alice["hand_cards"] == ["Obsession"]
    assert set(bob["resources"]) == {"bob.r1", "bob.r2"} and bob["hand_cards"] == ["Stalwart Soldier"]
    assert t.audit_valid()


# ------------------------------------------------------------------------------ conditions

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


def test_epic_smackdown_lets_the_opponent_choose_x_characters_or_destroys_them_all(client):
    """Epic Smackdown: "COST: Choose a number for X. Destroy X characters you control. EFFECT: If your
    opponent controls at least X characters, they destroy X characters they control. Otherwise, destroy
    all your opponent's characters. Draw a card." spoils.401.3, spoils.504.1, spoils.310.1 (bob's choice,
    as the play resolves): with X = 1 against 2 characters bob destroys the Brash Basher he chose and keeps his
    Soldier; with X = 2 against 1, "otherwise" destroys all of his characters."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Brash Basher", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Epic Smackdown"]}, icons={"alice": "RRR"}))
    t.act(_play("Epic Smackdown", "a1", x=1))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["b2"]}})
    assert set(t.state()["cards"]) == {"a2", "b1"} and t.state()["players"]["alice"]["hand"] == 1
    del cards["b2"]
    u = new_game(client, position(cards=cards, hands={"alice": ["Epic Smackdown"]}, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", _play("Epic Smackdown", ["a1", "a2"], x=2))
    assert u.state()["cards"] == {}
    assert t.audit_valid() and u.audit_valid()


# ------------------------------------------------------------------------------ revealed at all times

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


def test_cheats_mcguillicutty_reveals_the_top_card_of_its_controllers_deck(client):
    """Cheats McGuillicutty: "The top card of your deck is revealed at all times." spoils.403.1a (a deck is
    hidden) set aside by the card's text (spoils.101.1): alice's deck top is shown revealed by Cheats
    (players.alice.revealed.deck_top), bob's is not."""
    cards = {"c1": {"card": "Cheats McGuillicutty", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    state = t.state()
    assert state["players"]["alice"]["revealed"] == {"deck_top": ["c1"]} and state["players"]["bob"]["revealed"] == {}
    u = new_game(client, position())
    assert u.state()["players"]["alice"]["revealed"] == {}
    assert t.audit_valid()


# ------------------------------------------------------------------------------ choices between options

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


# ------------------------------------------------------------------------------ the top card of a deck removed

def _corpulence(client, alice_top: str, bob_top: str):
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Smothering Corpulence"]}, icons={"alice": "DDDD"},
                                  decks={"alice": [alice_top, "Rage"], "bob": [bob_top, "Rage"]}))
    t.resolve("alice", "bob", _play("Smothering Corpulence", "b1", removed=[alice_top], their={"removed": [bob_top]}))
    return t


def test_smothering_corpulence_reads_x_off_the_cards_both_players_removed(client):
    """Smothering Corpulence: "COST: Pick a character. Both players remove the top card of their deck from
    the game. X is the numeric cost of your opponent's removed card minus the numeric cost of your removed
    card. EFFECT: This turn, the character loses X life. Draw a card." spoils.401.3 (the cost in its printed
    order), spoils.403.6a (each removed card named by its player: choices.removed, choices.their.removed;
    spoils.engine.hidden-choice), spoils.406.3: bob's Obscene Communion (2) against alice's Rage (0) takes
    2 life from bob's Stalwart Soldier (3 life left 1); his Smothering Corpulence (4) kills it; alice's
    higher card leaves X at 0. The picked Soldier itself is never removed; unnamed cards are refused."""
    t = _corpulence(client, "Rage", "Obscene Communion")
    assert t.card("b1")["effective"]["life"] == 1
    assert t.state()["players"]["alice"]["removed"] == ["Rage"]
    assert t.state()["players"]["bob"]["removed"] == ["Obscene Communion"]
    u = _corpulence(client, "Rage", "Smothering Corpulence")
    assert "b1" not in u.state()["cards"] and u.state()["players"]["bob"]["discard"] == ["Stalwart Soldier"]
    v = _corpulence(client, "Epic Smackdown", "Obscene Communion")
    assert v.card("b1")["effective"]["life"] == 3
    w = new_game(client, position(cards={"b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Smothering Corpulence"]}, icons={"alice": "DDDD"}))
    assert "spoils.engine.hidden-choice" in _rules(w.refuse(_play("Smothering Corpulence", "b1", removed=["Rage"])))
    assert t.audit_valid() and u.audit_valid() and v.audit_valid()


def _bastard(client, alice_top: str, bob_top: str):
    cards = {"l1": {"card": "Lucky Bastard", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"bob": ["Ritual of the Knob & Pull"]},
                     icons={"alice": "VVV", "bob": "OOO"}, decks={"alice": [alice_top, "Rage"], "bob": [bob_top, "Rage"]})
    t = new_game(client, setup)
    t.act(_play("Ritual of the Knob & Pull", "l1", player="bob"))
    t.act({"type": "pass", "player": "alice", "choices": {"removed": [alice_top], "their": {"removed": [bob_top]}}})
    return t


def test_lucky_bastard_replaces_its_destruction_by_both_players_removing_their_top_card(client):
    """Lucky Bastard: "If this card is destroyed, both players remove the top card of their deck from the
    game instead. If the numeric cost of your removed card is greater than or equal to the numeric cost of
    your opponent's, draw a card and reduce the amount of damage inflicted to this card this turn to 0.
    Otherwise, remove this card from the game." spoils.506.1 (the destruction replaced: it never reaches
    the discard pile), spoils.403.6a (each removed card named by its player, spoils.engine.hidden-choice),
    spoils.504.1: bob's Ritual of the Knob & Pull destroys it; alice's Epic Smackdown (3) against bob's
    Rage (0): it stays and alice draws; alice's Rage against bob's Obscene Communion (2): it is removed
    from the game instead."""
    t = _bastard(client, "Epic Smackdown", "Rage")
    state = t.state()
    assert "l1" in state["cards"] and "ReplacementApplied" in [e["type"] for e in t.events()]
    assert state["players"]["alice"]["removed"] == ["Epic Smackdown"] and state["players"]["bob"]["removed"] == ["Rage"]
    assert state["players"]["alice"]["hand"] == 1 and state["players"]["alice"]["discard"] == []
    u = _bastard(client, "Rage", "Obscene Communion")
    state = u.state()
    assert "l1" not in state["cards"] and state["players"]["alice"]["removed"] == ["Rage", "Lucky Bastard"]
    assert state["players"]["alice"]["discard"] == [] and state["players"]["alice"]["hand"] == 0
    assert t.audit_valid() and u.audit_valid()


# ------------------------------------------------------------------------------ hands and decks

def test_ameliorate_draws_one_more_than_the_cards_put_on_the_bottom(client):
    """Ameliorate: "Put any number of cards from your hand on the bottom of your deck in any order. Put the
    top X cards of your deck into your hand, where X is the number of cards you put on the bottom plus 1."
    spoils.402.1, spoils.406.3, spoils.engine.hidden-choice (the cards put named in choices.put, from the
    hand the judge knows): putting Rage and Brash Basher takes the top 3; putting none takes the top 1; naming
    a card alice does not hold refuses the pass that would resolve it, nothing appended."""
    hands = {"alice": ["Ameliorate", "Rage", "Brash Basher", "Stalwart Soldier"]}
    bad = new_game(client, position(hands=hands, icons={"alice": "OOO"}))
    bad.act(_play("Ameliorate", put=["Rage", "Epic Smackdown"]))
    before = bad.state()["position"]
    assert "spoils.engine.hidden-choice" in _rules(bad.refuse({"type": "pass", "player": "bob"}))
    assert bad.state()["position"] == before
    t = new_game(client, position(hands=hands, icons={"alice": "OOO"}))
    t.resolve("alice", "bob", _play("Ameliorate", put=["Rage", "Brash Basher"]))
    moved = [(e["data"]["from_zone"], e["data"]["to"], e["data"]["count"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [("hand", "deck_bottom", 2), ("deck", "hand", 3)]
    me = t.state()["players"]["alice"]
    assert me["hand"] == 4 and me["hand_cards"] == ["Stalwart Soldier"] and me["deck"] == 29
    u = new_game(client, position(hands=hands, icons={"alice": "OOO"}))
    u.resolve("alice", "bob", _play("Ameliorate"))
    moved = [(e["data"]["from_zone"], e["data"]["to"], e["data"]["count"]) for e in u.events() if e["type"] == "CardsMoved"]
    assert moved == [("deck", "hand", 1)]
    assert t.audit_valid() and u.audit_valid()


def _settle(t) -> None:
    """Everyone passes until no play waits for responses."""
    for _ in range(6):
        s = t.state()
        if not s["pending"]:
            return
        t.act({"type": "pass", "player": s["to_act"]})


def test_3p1ph4ny_31f_lets_the_opponent_do_the_same_only_if_its_controller_did(client):
    """3p1ph4ny 31f: "When this card enters play, you may play a non-tactic card for free. If you do, your
    opponent may do the same." spoils.503.1, spoils.604.2 (each card played by the effect waits for
    responses), spoils.308.1 (for free), spoils.engine.may-choice: alice plays Obscene Communion for free,
    so bob plays Free Trade Agreement for free (his choices in choices.their); when alice declines, bob
    plays nothing."""
    hands = {"alice": ["3p1ph4ny 31f", "Obscene Communion"], "bob": ["Free Trade Agreement"]}
    t = new_game(client, position(hands=hands, icons={"alice": "EEEOO", "bob": "GG"}))
    t.act(_play("3p1ph4ny 31f", free_plays=["Obscene Communion"], their={"free_plays": ["Free Trade Agreement"]}))
    _settle(t)
    assert t.named("Obscene Communion", "alice") and t.named("Free Trade Agreement", "bob")
    assert t.state()["players"]["bob"]["unattached"] == 2
    u = new_game(client, position(hands=hands, icons={"alice": "EEEOO", "bob": "GG"}))
    u.act(_play("3p1ph4ny 31f", may=False, their={"free_plays": ["Free Trade Agreement"]}))
    _settle(u)
    assert u.named("3p1ph4ny 31f", "alice") and not u.named("Free Trade Agreement")
    assert u.state()["players"]["bob"]["hand_cards"] == ["Free Trade Agreement"]
    assert t.audit_valid() and u.audit_valid()


# ------------------------------------------------------------------------------ "that player chooses one of the following"

def _next_turn(t, choices: dict) -> list[str]:
    """alice ends her turn; bob's pass starts his, where he chooses (his choices plain, alice's in their)."""
    t.act({"type": "end_turn", "player": "alice"})
    return t.act({"type": "pass", "player": "bob", "choices": choices})


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


def test_discommodiousness_sends_the_revealed_tactics_back_and_replaces_them(client):
    """Discommodiousness: "Your opponent reveals their hand. Shuffle all tactics revealed this way into their
    deck. Your opponent draws X cards, where X is the number of tactics shuffled into their deck. Draw a
    card." spoils.403.2a (the hand shown to both), spoils.313.1, spoils.313.2, spoils.406.3, spoils.306.1:
    bob's Redonkulous and Ameliorate go into his deck and he draws 2, keeping Rage; with a hand of
    characters nothing goes back and he draws none; alice draws 1 either way. A hand the judge does not
    know is named in choices.revealed (spoils.engine.hidden-choice): too few names are refused."""
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
    v = new_game(client, setup)
    v.act(_play("Discommodiousness", revealed=["Rage"]))
    assert "spoils.engine.hidden-choice" in _rules(v.refuse({"type": "pass", "player": "bob"}))
    w = new_game(client, setup)
    w.resolve("alice", "bob", _play("Discommodiousness", revealed=["Redonkulous", "Rage"]))
    assert w.state()["players"]["bob"]["hand"] == 2 and w.state()["players"]["bob"]["deck_cards"] == ["Redonkulous"]
    assert t.audit_valid() and u.audit_valid() and w.audit_valid()


# ------------------------------------------------------------------------------ cards looked at, shared out

def test_infatuated_armchair_sends_one_looked_at_card_under_the_deck_and_keeps_one_on_top(client):
    """Infatuated Armchair: "If this card leaves play, you may look at the top 2 cards of either deck. If
    you do, put 1 card on the bottom of that deck and 1 card on the top. Draw a card." spoils.503.1,
    spoils.engine.hidden-choice (the deck, the cards looked at and the one chosen for the bottom recorded
    by alice's pass: choices.deck, choices.looked, choices.chosen; not choosing is refused): bob's Ritual
    of the Knob & Pull destroys it; alice sends bob's Rage under his deck, Ameliorate stays on top, and
    she draws."""
    cards = {"i1": {"card": "Infatuated Armchair", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"bob": ["Ritual of the Knob & Pull"]},
                     icons={"alice": "VV", "bob": "OOO"}, decks={"bob": ["Rage", "Ameliorate", "Brash Basher"]})
    t = new_game(client, setup)
    t.act(_play("Ritual of the Knob & Pull", "i1", player="bob"))
    looked = {"deck": "opponent", "looked": ["Rage", "Ameliorate"]}
    assert "spoils.engine.hidden-choice" in _rules(t.refuse({"type": "pass", "player": "alice", "choices": looked}))
    t.act({"type": "pass", "player": "alice", "choices": {**looked, "chosen": ["Rage"]}})
    moved = [(e["data"]["player"], e["data"]["cards"], e["data"]["to"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [("bob", ["Rage"], "deck_bottom")]
    assert "i1" not in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 1
    assert t.state()["players"]["bob"]["deck"] == 3
    assert t.audit_valid()


def _arcana(client, deck: list[str]):
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}, "a2": {"card": "Brash Basher", "controller": "alice"}}
    return new_game(client, position(cards=cards, hands={"alice": ["Arcana Experiment"]}, icons={"alice": "OOOOOOO"},
                                     decks={"alice": deck}))


def test_arcana_experiment_gives_the_opponent_x_of_five_cards_for_the_hand(client):
    """Arcana Experiment: "COST: Play this only if you have at least 5 cards in your deck. Deplete up to 5
    characters you control. X is the number of characters you deplete this way. EFFECT: Search your deck
    for 5 cards and reveal them. Your opponent chooses X of those cards. Put the chosen cards into your
    hand and the rest into your discard pile." spoils.401.3a (4 cards in the deck: refused, nothing
    appended), spoils.401.3 / spoils.406.3 (X = 2, the characters the cost depletes), spoils.312.1,
    spoils.engine.hidden-choice (bob's choice in choices.their.chosen): bob gives alice Rage and Redonkulous,
    the other three go to her discard pile; with 1 character depleted, bob's choice of 2 is refused."""
    deck = ["Rage", "Ameliorate", "Redonkulous", "Obscene Communion", "Epic Smackdown", "Siege Machine"]
    short = _arcana(client, deck[:4])
    assert "spoils.401.3a" in _rules(short.refuse(_play("Arcana Experiment", ["a1", "a2"], found=deck[:4])))
    t = _arcana(client, deck)
    t.act(_play("Arcana Experiment", ["a1", "a2"], found=deck[:5], their={"chosen": ["Rage", "Redonkulous"]}))
    assert t.card("a1")["depleted"] and t.card("a2")["depleted"]
    t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Rage", "Redonkulous"] and me["deck_cards"] == ["Siege Machine"]
    assert me["discard"] == ["Ameliorate", "Obscene Communion", "Epic Smackdown", "Arcana Experiment"]
    u = _arcana(client, deck)
    u.act(_play("Arcana Experiment", ["a1"], found=deck[:5], their={"chosen": ["Rage", "Redonkulous"]}))
    assert "spoils.engine.hidden-choice" in _rules(u.refuse({"type": "pass", "player": "bob"}))
    assert t.audit_valid()


def test_ecto_distillation_keeps_one_copy_and_lets_the_opponent_bin_the_others(client):
    """Ecto-Distillation: "COST: Name a card. EFFECT: Search your deck for any number of copies of the card
    and reveal them. Put 1 into your hand and the rest into your discard pile. Your opponent may search
    your deck for any number of copies of the card. If they do, put them into your discard pile."
    spoils.401.3, spoils.312.1, spoils.engine.hidden-choice (the copies each searcher names: choices.found,
    the opponent's choices.their.found): alice names Brash Basher and finds 2 of her 3, one to her hand, one
    to her discard pile; bob then finds the third, also to her discard pile. A card that is not a copy is
    refused."""
    deck = ["Brash Basher", "Brash Basher", "Brash Basher", "Rage"]
    t = new_game(client, position(hands={"alice": ["Ecto-Distillation"]}, icons={"alice": "OOOO"}, decks={"alice": deck}))
    t.resolve("alice", "bob", _play("Ecto-Distillation", named="Brash Basher", found=["Brash Basher"] * 2,
                                    their={"found": ["Brash Basher"]}))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Brash Basher"] and me["deck_cards"] == ["Rage"]
    assert me["discard"] == ["Brash Basher", "Brash Basher", "Ecto-Distillation"]
    u = new_game(client, position(hands={"alice": ["Ecto-Distillation"]}, icons={"alice": "OOOO"}, decks={"alice": deck}))
    u.act(_play("Ecto-Distillation", named="Brash Basher", found=["Brash Basher", "Rage"]))
    assert "spoils.engine.hidden-choice" in _rules(u.refuse({"type": "pass", "player": "bob"}))
    assert t.audit_valid()


def test_research_investment_puts_the_staples_each_player_finds_into_play(client):
    """Research Investment: "Both players may search their deck for up to 3 staple resources and put them
    into play." spoils.312.1, spoils.402.8, spoils.605.1, spoils.engine.may-choice: alice finds 2 Elitism
    (her choices.found) and bob 1 Rage (choices.their.found): each has them as resources, face up; in
    another game bob declines (choices.their_may) and gets none."""
    decks = {"alice": ["Elitism", "Elitism", "Brash Basher"], "bob": ["Rage", "Rage"]}
    t = new_game(client, position(hands={"alice": ["Research Investment"]}, icons={"alice": "EEEEEE"}, decks=decks))
    t.resolve("alice", "bob", _play("Research Investment", found=["Elitism", "Elitism"], their={"found": ["Rage"]}))
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert len(alice["resources"]) == 8 and alice["icons"]["E"] == 8 and alice["deck_cards"] == ["Brash Basher"]
    assert bob["icons"] == {"R": 1} and bob["deck"] == 1
    u = new_game(client, position(hands={"alice": ["Research Investment"]}, icons={"alice": "EEEEEE"}, decks=decks))
    u.resolve("alice", "bob", _play("Research Investment", found=["Elitism"], their_may=False, their={"found": ["Rage"]}))
    assert u.state()["players"]["bob"]["resources"] == {} and u.state()["players"]["alice"]["icons"]["E"] == 7
    assert t.audit_valid() and u.audit_valid()


def test_lab_of_luxury_searches_for_the_type_that_follows_the_discarded_one(client):
    """Lab of Luxury: "INNOVATE COST: Pay 1. Discard a card. EFFECT: If the discarded card is a resource,
    search your deck for a location. If it is a location, search your deck for a character. If it is a
    character, search your deck for a tactic. ... Reveal the card you searched for and put it into your
    hand." spoils.401.3 (the discarded card named: choices.discarded), spoils.504.1, spoils.312.1: alice
    discards Stalwart Soldier (a character) and takes Redonkulous (a tactic); discarding Rage she may take
    only a location, so the tactic she names is not taken."""
    cards = {"l1": {"card": "Lab of Luxury", "controller": "alice"}}
    deck = ["Redonkulous", "Brash Basher", "Lab of Luxury"]
    t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier", "Rage"]}, icons={"alice": "E"},
                                  decks={"alice": deck}))
    t.resolve("alice", "bob", _ability("l1", "INNOVATE", discarded=["Stalwart Soldier"], found=["Redonkulous"]))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Rage", "Redonkulous"] and me["discard"] == ["Stalwart Soldier"]
    searched = next(e for e in t.events() if e["type"] == "CardsSearched")["data"]
    assert searched["cards"] == ["Redonkulous"] and searched["revealed"] is True
    u = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier", "Rage"]}, icons={"alice": "E"},
                                  decks={"alice": deck}))
    u.resolve("alice", "bob", _ability("l1", "INNOVATE", discarded=["Rage"], found=["Redonkulous"]))
    assert u.state()["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    assert "CardsSearched" not in [e["type"] for e in u.events()]
    assert t.audit_valid() and u.audit_valid()


def test_surprise_puts_the_first_cheap_enough_character_revealed_into_the_blocking_party(client):
    """Surprise!: "COST: Pick an attacking character your opponent controls. X is that character's numeric
    cost. EFFECT: Reveal cards from the top of your deck until a character with numeric cost X or less is
    revealed or no cards are left. If an appropriate character is revealed, put it into play under your
    control as a member of the blocking party. Shuffle all other revealed cards into your deck."
    spoils.406.3 (X = 3, bob's attacking Stalwart Soldier), spoils.engine.hidden-choice (the cards revealed
    in order: choices.revealed), spoils.402.8, spoils.608.1c, spoils.313.1: alice reveals Rage, Brash Basher
    (5: too dear) and Stalwart Soldier, which blocks; naming the Brash Basher as the last card revealed is
    refused, nothing appended."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    deck = ["Rage", "Brash Basher", "Stalwart Soldier", "Ameliorate"]

    def attacked():
        t = new_game(client, position(cards=cards, active="bob", hands={"alice": ["Surprise!"]}, icons={"alice": "DDD"},
                                      decks={"alice": deck}))
        t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
        t.act({"type": "pass", "player": "bob"})
        return t

    bad = attacked()
    bad.act(_play("Surprise!", "b1", revealed=["Rage", "Brash Basher"]))
    before = bad.state()["position"]
    assert "spoils.engine.hidden-choice" in _rules(bad.refuse({"type": "pass", "player": "bob"}))
    assert bad.state()["position"] == before
    t = attacked()
    t.resolve("alice", "bob", _play("Surprise!", "b1", revealed=["Rage", "Brash Basher", "Stalwart Soldier"]))
    battle, mine = t.state()["battle"], t.named("Stalwart Soldier", "alice")
    assert len(mine) == 1 and battle["blockers"] == mine and battle["attackers"] == ["b1"]
    assert t.state()["players"]["alice"]["deck"] == 3 and sorted(t.state()["players"]["alice"]["deck_cards"]) == [
        "Ameliorate", "Brash Basher", "Rage"]
    assert t.audit_valid()


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


# ------------------------------------------------------------------------------ a card going to a hand, replaced

def test_geiseric_pays_1_to_remove_a_character_going_to_the_opponents_hand(client):
    """Geiseric, the Souleater: "If a character is put into your opponent's hand from play, you may pay 1
    instead. If you do, remove it from the game and put a token on this card." spoils.506.1 (bob's Stalwart
    Soldier, sent to his hand by alice's Quotidian Assassination, is removed from the game instead; alice
    pays 1 and Geiseric gets a token), spoils.403.6a, spoils.309.1, spoils.engine.may-choice (declined with
    choices.instead on the action resolving the play, the Soldier goes to bob's hand as printed); alice's own character going to her hand is
    not "your opponent's hand": not replaced."""
    cards = {"g1": {"card": "Geiseric, the Souleater", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "a1": {"card": "Brash Basher", "controller": "alice"}}
    play = {"hands": {"alice": ["Quotidian Assassination"]}, "icons": {"alice": "OOO"}}
    t = new_game(client, position(cards=cards, **play))
    t.resolve("alice", "bob", _play("Quotidian Assassination", "b1"))
    state = t.state()
    assert "b1" not in state["cards"] and state["players"]["bob"]["removed"] == ["Stalwart Soldier"]
    assert state["players"]["bob"]["hand"] == 0 and t.card("g1")["tokens"] == 1
    assert "ReplacementApplied" in [e["type"] for e in t.events()] and state["players"]["alice"]["unattached"] == 0
    u = new_game(client, position(cards=cards, **play))
    u.act(_play("Quotidian Assassination", "b1"))
    u.act({"type": "pass", "player": "bob", "choices": {"instead": False}})  # recorded as the play resolves
    assert u.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"] and u.card("g1")["tokens"] == 0
    v = new_game(client, position(cards=cards, **play))
    v.resolve("alice", "bob", _play("Quotidian Assassination", "a1"))
    assert "Brash Basher" in v.state()["players"]["alice"]["hand_cards"] and v.card("g1")["tokens"] == 0
    assert t.audit_valid() and u.audit_valid() and v.audit_valid()


def test_geiseric_soul_consumption_keeps_one_of_the_top_two_cards(client):
    """Geiseric, the Souleater: "SOUL CONSUMPTION COST: Pay 2. Remove a token from this card. EFFECT: Look at
    the top 2 cards of your deck. Put 1 into your hand and 1 on the bottom of your deck." spoils.401.3b (a
    token needed: refused without), spoils.engine.hidden-choice (choices.looked, choices.chosen): alice keeps
    Ameliorate and sends Rage under her deck."""
    cards = {"g1": {"card": "Geiseric, the Souleater", "controller": "alice", "tokens": 1}}
    deck = {"alice": ["Rage", "Ameliorate", "Brash Basher"]}
    t = new_game(client, position(cards=cards, icons={"alice": "OO"}, decks=deck))
    t.resolve("alice", "bob", _ability("g1", "SOUL CONSUMPTION", looked=["Rage", "Ameliorate"], chosen=["Ameliorate"]))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Ameliorate"] and me["deck"] == 2 and t.card("g1")["tokens"] == 0
    moved = [(e["data"]["cards"], e["data"]["to"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [(["Ameliorate"], "hand"), (["Rage"], "deck_bottom")]
    u = new_game(client, position(cards={"g1": {"card": "Geiseric, the Souleater", "controller": "alice"}},
                                  icons={"alice": "OO"}, decks=deck))
    assert "spoils.401.3b" in _rules(u.refuse(_ability("g1", "SOUL CONSUMPTION", looked=["Rage", "Ameliorate"])))
    assert t.audit_valid()


# ------------------------------------------------------------------------------ discards undone

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


def test_phalludrix_equips_an_adriel_card_for_nothing_and_others_for_3(client):
    """Phalludrix, the Impotenator: "EQUIP COST: Pick a character. If it is an "adriel" card then X is 0,
    otherwise X is 3. Pay X. EFFECT: Attach this card to the character." spoils.401.3, spoils.406.3,
    spoils.309.1: equipping Adriel, Defender of Marduun costs alice nothing; her Stalwart Soldier costs 3."""
    cards = {"p1": {"card": "Phalludrix, the Impotenator", "controller": "alice"},
             "a1": {"card": "Adriel, Defender of Marduun", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", _ability("p1", "EQUIP", "a1"))
    assert t.card("p1")["attached_to"] == "a1" and t.state()["players"]["alice"]["unattached"] == 3
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", _ability("p1", "EQUIP", "a2"))
    assert u.card("p1")["attached_to"] == "a2" and u.state()["players"]["alice"]["unattached"] == 0
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
