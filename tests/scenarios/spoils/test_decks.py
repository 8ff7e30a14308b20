"""Decks of The Spoils, played by name through the API: the top card revealed at all times, cards
looked at and put back in any order or under the deck, the top cards removed or revealed until a
card is found, cards shared out from the top of a deck (spoils.403.1a; hidden information is what the
action's choices say, spoils.engine.hidden-choice).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _ability_choices, use_ability_choosing as _use
from tests.scenarios.spoils.positions import face_down as _face_down
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def _seen(t) -> list[tuple[str, list[str]]]:
    """The cards the last append showed one player (deck owner, names), as ``CardsRevealed`` records."""
    return [(e["data"]["player"], e["data"]["cards"]) for e in t.events() if e["type"] == "CardsRevealed"]


DECKS = {"alice": ["Key Man", "Gnat", "Greed", "Swashbuckler", "Cowslaw", "Land Shark"],
         "bob": ["Gnat", "Key Man", "Greed", "Obsession", "Rage", "Gnat"]}


def test_arcanists_almanac_and_zenobias_spyglass_look_at_the_top_of_a_deck(client):
    """Arcanist's Almanac: "FORESIGHT COST: Deplete this card. EFFECT: Look at up to the top 5 cards of
    either deck. Put them back in any order."; Zenobia's Spyglass: "FORESIGHT COST: Choose a number for
    X. Pay X. EFFECT: Look at up to the top X+X cards of your deck. ..." (spoils.606.1, spoils.303.1,
    spoils.401.3, spoils.engine.hidden-choice): alice looks at three cards of bob's deck and puts them
    back, Greed on top; six cards, or an order that is not the cards looked at, are refused as she uses
    it (nothing appended); with X = 2 the Spyglass costs 2 and shows four cards of her deck, not five."""
    cards = {"i1": {"card": "Arcanist's Almanac", "controller": "alice"},
             "z1": {"card": "Zenobia's Spyglass", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOOO"}, decks=DECKS))
    before = t.state()["position"]
    for wrong in ({"looked": DECKS["alice"]}, {"looked": ["Key Man", "Gnat"], "order": ["Gnat"]}):
        assert _rules(t.refuse(_use("i1", "FORESIGHT", **wrong))) == ["spoils.engine.hidden-choice"]
    assert t.state()["position"] == before
    order = ["Greed", "Gnat", "Key Man"]
    looked = ["Gnat", "Key Man", "Greed"]
    t.resolve("alice", "bob", _use("i1", "FORESIGHT", deck="opponent", looked=looked, order=order))
    assert _seen(t) == [("bob", ["Gnat", "Key Man", "Greed"])] and "top first: Greed, Gnat, Key Man" in t.trace_text()
    assert t.card("i1")["depleted"] is True and t.state()["players"]["bob"]["deck"] == 6
    assert _rules(t.refuse(_use("z1", "FORESIGHT", x=2, looked=DECKS["alice"][:5]))) == ["spoils.engine.hidden-choice"]
    t.resolve("alice", "bob", _use("z1", "FORESIGHT", x=2, looked=DECKS["alice"][:4]))
    assert _seen(t) == [("alice", DECKS["alice"][:4])] and t.state()["players"]["alice"]["unattached"] == 2
    assert t.audit_valid()


def test_nearby_serpent_looks_at_five_cards_of_either_deck_as_it_enters_play(client):
    """Nearby Serpent: "When this card enters play, look at up to the top 5 cards of either deck. Put them
    back in any order." (spoils.503.1, spoils.engine.hidden-choice): as it enters play alice looks at bob's
    top five cards; naming six as the play resolves is refused."""
    t = new_game(client, position(hands={"alice": ["Nearby Serpent"]}, icons={"alice": "OOO"}, decks=DECKS))
    t.act(_play("Nearby Serpent"))
    six = {"type": "pass", "player": "bob", "choices": {"deck": "opponent", "looked": DECKS["bob"]}}
    assert _rules(t.refuse(six)) == ["spoils.engine.hidden-choice"]
    t.act(six | {"choices": {"deck": "opponent", "looked": DECKS["bob"][:5]}})
    assert _seen(t) == [("bob", DECKS["bob"][:5])] and t.named("Nearby Serpent") and t.audit_valid()


def test_moist_cave_of_the_darkpump_lucubrates_the_top_card_to_the_bottom(client):
    """Moist Cave of the Darkpump (faction): "LUCUBRATE COST: Pay 1. EFFECT: Look at the top card of your
    deck. You may put that card on the bottom." (spoils.309.1, spoils.engine.hidden-choice,
    spoils.engine.may-choice): alice looks at her Key Man and puts it on the bottom (Gnat is now on top);
    naming two cards is refused; keeping it, the deck is unchanged."""
    decks = {"alice": ["Key Man", "Gnat", "Greed"]}
    for keep in (False, True):
        t = new_game(client, position(icons={"alice": "OO"}, decks=decks,
                                      factions={"alice": "Moist Cave of the Darkpump"}))
        lucubrate = {"type": "faction_ability", "player": "alice", "ability": "LUCUBRATE"}
        two = lucubrate | {"choices": {"looked": ["Key Man", "Gnat"]}}
        assert _rules(t.refuse(two)) == ["spoils.engine.hidden-choice"]
        t.resolve("alice", "bob", lucubrate | {"choices": {"looked": ["Key Man"]} | ({"may": False} if keep else {})})
        assert _seen(t) == [("alice", ["Key Man"])]
        assert t.state()["players"]["alice"]["deck_cards"] == (decks["alice"] if keep else ["Gnat", "Greed", "Key Man"])
        assert t.state()["players"]["alice"]["unattached"] == 1 and t.audit_valid()


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
    the other three go to her discard pile; with 1 character depleted, bob's choice of 2 is refused as the
    play is made."""
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
    u = _arcana(client, deck)  # refused as the play is made (spoils.engine.choices-when-made)
    before = u.state()["position"]
    assert "spoils.engine.hidden-choice" in _rules(u.refuse(
        _play("Arcana Experiment", ["a1"], found=deck[:5], their={"chosen": ["Rage", "Redonkulous"]})))
    assert u.state()["position"] == before
    assert t.audit_valid()


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

    bad = attacked()  # refused as the play is made (spoils.engine.choices-when-made)
    before = bad.state()["position"]
    assert "spoils.engine.hidden-choice" in _rules(bad.refuse(_play("Surprise!", "b1", revealed=["Rage", "Brash Basher"])))
    assert bad.state()["position"] == before
    t = attacked()
    t.resolve("alice", "bob", _play("Surprise!", "b1", revealed=["Rage", "Brash Basher", "Stalwart Soldier"]))
    battle, mine = t.state()["battle"], t.named("Stalwart Soldier", "alice")
    assert len(mine) == 1 and battle["blockers"] == mine and battle["attackers"] == ["b1"]
    assert t.state()["players"]["alice"]["deck"] == 3 and sorted(t.state()["players"]["alice"]["deck_cards"]) == [
        "Ameliorate", "Brash Basher", "Rage"]
    assert t.audit_valid()


def test_geiseric_soul_consumption_keeps_one_of_the_top_two_cards(client):
    """Geiseric, the Souleater: "SOUL CONSUMPTION COST: Pay 2. Remove a token from this card. EFFECT: Look at
    the top 2 cards of your deck. Put 1 into your hand and 1 on the bottom of your deck." spoils.401.3b (a
    token needed: refused without), spoils.engine.hidden-choice (choices.looked, choices.chosen): alice keeps
    Ameliorate and sends Rage under her deck."""
    cards = {"g1": {"card": "Geiseric, the Souleater", "controller": "alice", "tokens": 1}}
    deck = {"alice": ["Rage", "Ameliorate", "Brash Basher"]}
    t = new_game(client, position(cards=cards, icons={"alice": "OO"}, decks=deck))
    t.resolve("alice", "bob", _ability_choices("g1", "SOUL CONSUMPTION", looked=["Rage", "Ameliorate"], chosen=["Ameliorate"]))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Ameliorate"] and me["deck"] == 2 and t.card("g1")["tokens"] == 0
    moved = [(e["data"]["cards"], e["data"]["to"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [(["Ameliorate"], "hand"), (["Rage"], "deck_bottom")]
    u = new_game(client, position(cards={"g1": {"card": "Geiseric, the Souleater", "controller": "alice"}},
                                  icons={"alice": "OO"}, decks=deck))
    assert "spoils.401.3b" in _rules(u.refuse(_ability_choices("g1", "SOUL CONSUMPTION", looked=["Rage", "Ameliorate"])))
    assert t.audit_valid()


def test_roulette_wheel_of_doom_destroys_a_character_within_the_revealed_cost_or_draws_2(client):
    """Roulette Wheel of DOOM!: "Reveal the top card of your deck. You may pick a character with X
    life or less, where X is the numeric cost of the revealed card. If you do, destroy that
    character. Otherwise, draw 2 cards." spoils.406.3 (X read off the revealed card, choices.revealed),
    spoils.310.1, spoils.304.1: Brash Basher revealed (cost 5), Creaky Old Swordsman (life 2) is
    destroyed and alice draws nothing; Pinch revealed (cost 1), he cannot be picked; without a pick
    alice draws 2 instead."""
    def game(top: str):
        return new_game(client, position(cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
                                         hands={"alice": ["Roulette Wheel of DOOM!"]}, icons={"alice": "DDDD"},
                                         decks={"alice": [top, "Greed", "Elitism"]}))
    t = game("Brash Basher")
    t.act(_play("Roulette Wheel of DOOM!", revealed="Brash Basher", targets=["b1"]))
    t.act({"type": "pass", "player": "bob"})
    assert "b1" not in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 0
    t = game("Pinch")
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_play("Roulette Wheel of DOOM!", revealed="Pinch", targets=["b1"])))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    t = game("Pinch")
    t.act(_play("Roulette Wheel of DOOM!", revealed="Pinch"))
    t.act({"type": "pass", "player": "bob"})
    assert "b1" in t.state()["cards"] and t.state()["players"]["alice"]["hand"] == 2


def test_jackmove_puts_the_revealed_characters_and_items_into_play_and_discards_the_rest(client):
    """Jackmove: "COST: Choose a number for X. Pay X+X. EFFECT: Reveal up to the top X cards of your
    opponent's deck. Put all revealed characters and items into play under your control. Put the
    remaining cards into your opponent's discard pile."  X = 3 (alice pays 6, spoils.401.2): bob's top
    three cards are revealed (spoils.310.1); his Brash Basher and Index of Natural Forces enter play under
    alice's control, still bob's cards (spoils.402.8), and his Anathematize goes to his discard pile
    (the engine once revealed 1 card for X, put the tactic into play too, and discarded nothing)."""
    deck = ["Brash Basher", "Anathematize", "Index of Natural Forces", "Greed", "Dock Sentinel"]
    t = new_game(client, position(hands={"alice": ["Jackmove"]}, icons={"alice": "DDDDDDD"}, decks={"bob": deck}))
    t.resolve("alice", "bob", _play("Jackmove", x=3, revealed=deck[:3]))
    taken = {c["name"]: (c["controller"], c["owner"]) for c in t.state()["cards"].values()}
    assert taken == {"Brash Basher": ("alice", "bob"), "Index of Natural Forces": ("alice", "bob")}
    bob = t.state()["players"]["bob"]
    assert bob["discard"] == ["Anathematize"] and bob["deck"] == 2
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 6


def test_intellectual_reliquary_takes_a_tactic_and_puts_the_rest_under_the_deck(client):
    """Intellectual Reliquary: "IMBIBE COST: Pay 1. Deplete this card. EFFECT: Look at the top 3 cards of
    your deck. You may choose a tactic among them and reveal it. If you do, put it into your hand. Put
    the remaining cards on the bottom of your deck in any order." A character cannot be chosen
    (spoils.engine.hidden-choice: the choice is checked against the cards looked at)."""
    deck = ["Brash Basher", "Rate Hike", "Plodding Brute", "Legacy Warmachine"]
    t = new_game(client, position(cards={"i1": {"card": "Intellectual Reliquary", "controller": "alice"}},
                                  icons={"alice": "O"}, decks={"alice": deck}))
    t.act(_ability_choices("i1", "IMBIBE", looked=deck[:3], chosen=["Rate Hike"], order=["Plodding Brute", "Brash Basher"]))
    assert t.act({"type": "pass", "player": "bob"}).count("CardsMoved") == 2
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Rate Hike"] and me["deck"] == 3
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved"]
    assert moved[1]["to"] == "deck_bottom" and moved[1]["cards"] == ["Plodding Brute", "Brash Basher"]
    u = new_game(client, position(cards={"i1": {"card": "Intellectual Reliquary", "controller": "alice"}},
                                  icons={"alice": "O"}, decks={"alice": deck}))
    u.act(_ability_choices("i1", "IMBIBE", looked=deck[:3], chosen=["Brash Basher"]))
    u.act({"type": "pass", "player": "bob"})
    assert u.state()["players"]["alice"]["hand"] == 0 and "is not a tactic" in u.trace_text()


def test_obsessive_compulsion_puts_some_cards_under_the_deck_and_the_rest_back_on_top(client):
    """Obsessive Compulsion: "Look at the top 3 cards of your deck. You may put any number of those cards
    on the bottom of your deck in any order. Put the remaining cards on the top of your deck in any
    order. Draw a card." (choices.bottom, choices.order; spoils.306.1: the draw takes the new top)."""
    deck = ["Brash Basher", "Rate Hike", "Plodding Brute", "Legacy Warmachine"]
    t = new_game(client, position(hands={"alice": ["Obsessive Compulsion"]}, icons={"alice": "O"},
                                  decks={"alice": deck}))
    t.act(_play("Obsessive Compulsion", looked=deck[:3], bottom=["Brash Basher"],
                order=["Rate Hike", "Plodding Brute"], drawn=["Rate Hike"]))
    t.act({"type": "pass", "player": "bob"})
    moved = [(e["data"]["to"], e["data"]["cards"]) for e in t.events() if e["type"] == "CardsMoved"]
    assert moved == [("deck_bottom", ["Brash Basher"]), ("deck_top", ["Rate Hike", "Plodding Brute"])]
    assert t.state()["players"]["alice"]["hand_cards"] == ["Rate Hike"]


def test_forbidden_knowledge_records_what_alice_saw(client):
    """Forbidden Knowledge: "You may look at your opponent's hand, the top card of their deck, and their
    face-down resources. Draw a card." spoils.engine.hidden-choice: the log records what she saw (seen by
    her alone); she draws."""
    setup = _face_down(position(hands={"alice": ["Forbidden Knowledge"], "bob": ["Brash Basher"]}, icons={"alice": "OO"},
                                decks={"bob": ["Rate Hike"]}), "bob", f1="Late Addition")
    t = new_game(client, setup)
    t.act(_play("Forbidden Knowledge"))
    t.act({"type": "pass", "player": "bob"})
    seen = {e["data"]["zone"]: e["data"]["cards"] for e in t.events() if e["type"] == "CardsRevealed"}
    assert seen == {"hand": ["Brash Basher"], "deck": ["Rate Hike"], "resource": ["Late Addition"]}
    assert all(e["data"]["seen_by"] == "you" for e in t.events() if e["type"] == "CardsRevealed")
    assert t.state()["players"]["alice"]["hand"] == 1
