"""Searches of a deck, played by name through the API: the card found fits what the text looks for
(a staple resource, a card of the type removed, discarded or revealed, copies of a named card, one card
of each name), it is in the deck when the judge knows the deck (spoils.312.1), and it goes where the
text says: a hand, the top of the deck, into play; a "you may" search declined finds nothing.  Each
test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _ability_choices
from tests.scenarios.spoils.positions import DECK
from tests.scenarios.spoils.readings import hand_cards as _hand
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def _alice_plays(card: str, *targets, **choices) -> dict:
    return {"type": "play_card", "player": "alice", "card": card, "targets": list(targets), "choices": choices}


def test_keen_stratagem_puts_the_staple_resource_found_into_the_hand(client):
    """Keen Stratagem (tactic): "Search your deck for a staple resource and reveal it. Put it into your
    hand." The action names the card found (choices.found); it moves from the known deck to the hand
    (spoils.312.1: searching, the deck shuffled after)."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed", "Extortify", "Rage"]}))
    t.resolve("alice", "bob", _alice_plays("Keen Stratagem", found="Rage"))
    p = t.state()["players"]["alice"]
    assert p["hand_cards"] == ["Rage"] and p["deck"] == 2 and "Rage" not in p["deck_cards"]
    searched = [e for e in t.events() if e["type"] == "CardsSearched"]
    assert searched and searched[0]["data"]["revealed"] is True and searched[0]["data"]["source"] == "Keen Stratagem"


def test_keen_stratagem_does_not_take_a_card_that_is_not_a_staple_resource(client):
    """Keen Stratagem: a tactic named as found is not "a staple resource": nothing is taken, and the
    trace says so for the judge (spoils.312.1, spoils.engine.script-judge)."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed", "Extortify"]}))
    t.resolve("alice", "bob", _alice_plays("Keen Stratagem", found="Extortify"))
    p = t.state()["players"]["alice"]
    assert p["hand"] == 0 and p["deck"] == 2
    assert "Extortify is not a staple resource" in t.trace_text()


def test_keen_stratagem_cannot_find_a_card_the_known_deck_lacks(client):
    """Keen Stratagem: when the judge recorded the whole deck, a card not in it cannot be found
    (spoils.312.1): Obsession is not taken."""
    t = new_game(client, position(hands={"alice": ["Keen Stratagem"]}, icons={"alice": "G"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", _alice_plays("Keen Stratagem", found="Obsession"))
    assert t.state()["players"]["alice"]["hand"] == 0


def test_servile_centipede_may_search_for_a_tactic_when_it_enters_play(client):
    """Servile Centipede: "When this card enters play, you may search your deck for a tactic and
    reveal it. If you do, put it into your hand." The pass that resolves it carries the choices
    (spoils.engine.may-choice, spoils.503.1, spoils.312.1)."""
    t = new_game(client, position(hands={"alice": ["Servile Centipede"]}, icons={"alice": "OOOO"},
                                  decks={"alice": ["Extortify", "Greed"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Servile Centipede"})
    t.act({"type": "pass", "player": "bob", "choices": {"may": True, "found": "Extortify"}})
    assert t.state()["players"]["alice"]["hand_cards"] == ["Extortify"]


def test_i_got_the_gear_declined_finds_nothing(client):
    """I Got the Gear! (tactic): "You may search your deck for a "gear" card and reveal it. If you do,
    put it into your hand." Declined (choices.may false): nothing moves (spoils.engine.may-choice)."""
    t = new_game(client, position(hands={"alice": ["I Got the Gear!", "I Got the Gear!"]}, icons={"alice": "EE"},
                                  decks={"alice": ["Fat Pants", "Greed"]}))
    t.resolve("alice", "bob", _alice_plays("I Got the Gear!", may=False, found="Fat Pants"))
    assert t.state()["players"]["alice"]["deck"] == 2
    t.resolve("alice", "bob", _alice_plays("I Got the Gear!", found="Fat Pants"))
    assert t.state()["players"]["alice"]["hand_cards"] == ["Fat Pants"]
    assert t.audit_valid()


def test_unnatural_alteration_trades_a_character_for_one_costing_up_to_three_more(client):
    """Unnatural Alteration: "Pick a character you control. EFFECT: Destroy the character if you can. If
    you do, X is its numeric cost. Search your deck for a character with numeric cost X+3 or less and
    reveal it. You may play it for free. If you don't, put it into your hand." (spoils.304.1,
    spoils.402.5b, spoils.312.1, spoils.308.1, spoils.604.2): alice destroys her Gnat (cost 1): Club Mau
    Bouncer (cost 4) is found and played for free, or put into her hand; Really Big Barduse (cost 6) is
    beyond 1+3 and is not taken."""
    setup = position(cards={"a1": {"card": "Gnat", "controller": "alice"}}, icons={"alice": "OOOOGG"},
                     hands={"alice": ["Unnatural Alteration"]},
                     decks={"alice": ["Key Man", "Really Big Barduse", "Club Mau Bouncer"]})
    bouncer = {"found": ["Club Mau Bouncer"], "free_plays": ["Club Mau Bouncer"]}
    for choices, in_play, hand in ((bouncer, ["Club Mau Bouncer"], []),
                                   ({"found": ["Club Mau Bouncer"], "may": False}, [], ["Club Mau Bouncer"]),
                                   ({"found": ["Really Big Barduse"]}, [], [])):
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Unnatural Alteration", "a1", **choices))
        if t.state()["pending"]:  # the Bouncer played for free waits for bob's responses (604.2)
            t.act({"type": "pass", "player": "bob"})
        alice = t.state()["players"]["alice"]
        assert [c["name"] for c in t.state()["cards"].values()] == in_play and alice["hand_cards"] == hand
        assert alice["discard"] == ["Gnat", "Unnatural Alteration"] and alice["unattached"] == 2
        assert t.audit_valid()


def test_cowslaw_fetches_a_tactic_no_dearer_than_the_tactics_it_removes(client):
    """Cowslaw: "COST: Choose a number for X that is greater than 0. Remove X tactics in your discard pile
    from the game. EFFECT: You may search your deck for a tactic with numeric cost X or less and reveal it.
    If you do, put it into your hand." (spoils.401.3, spoils.401.2, spoils.312.1): X = 0 is refused, and so
    is removing a Key Man (no tactic); removing two tactics (X = 2), Rumply Ruse (cost 3) is not taken;
    removing three (X = 3), it is put into alice's hand."""
    setup = position(hands={"alice": ["Cowslaw"]}, icons={"alice": "OO"},
                     decks={"alice": ["Rumply Ruse", "Unnatural Alteration", "Key Man"]})
    setup["players"]["alice"]["discard"] = ["Cowslaw", "Penetrate", "Rumply Ruse", "Key Man"]
    t = new_game(client, setup)
    assert _rules(t.refuse(_play("Cowslaw", [], x=0))) == ["spoils.401.3"]
    assert _rules(t.refuse(_play("Cowslaw", ["Cowslaw", "Key Man"], x=2, found=["Rumply Ruse"]))) == ["spoils.401.2"]
    for removed, hand in ((["Cowslaw", "Penetrate"], []), (["Cowslaw", "Penetrate", "Rumply Ruse"], ["Rumply Ruse"])):
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Cowslaw", removed, x=len(removed), found=["Rumply Ruse"]))
        alice = t.state()["players"]["alice"]
        assert (alice["hand_cards"], alice["removed"]) == (hand, removed)
        assert alice["deck"] == 3 - len(hand) and alice["discard"][-1] == "Cowslaw" and t.audit_valid()


def test_ecto_distillation_keeps_one_copy_and_lets_the_opponent_bin_the_others(client):
    """Ecto-Distillation: "COST: Name a card. EFFECT: Search your deck for any number of copies of the card
    and reveal them. Put 1 into your hand and the rest into your discard pile. Your opponent may search
    your deck for any number of copies of the card. If they do, put them into your discard pile."
    spoils.401.3, spoils.312.1, spoils.engine.hidden-choice (the copies each searcher names: choices.found,
    the opponent's choices.their.found): alice names Brash Basher and finds 2 of her 3, one to her hand, one
    to her discard pile; bob then finds the third, also to her discard pile. A card that is not a copy is
    refused when the play is made."""
    deck = ["Brash Basher", "Brash Basher", "Brash Basher", "Rage"]
    t = new_game(client, position(hands={"alice": ["Ecto-Distillation"]}, icons={"alice": "OOOO"}, decks={"alice": deck}))
    t.resolve("alice", "bob", _play("Ecto-Distillation", named="Brash Basher", found=["Brash Basher"] * 2,
                                    their={"found": ["Brash Basher"]}))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Brash Basher"] and me["deck_cards"] == ["Rage"]
    assert me["discard"] == ["Brash Basher", "Brash Basher", "Ecto-Distillation"]
    u = new_game(client, position(hands={"alice": ["Ecto-Distillation"]}, icons={"alice": "OOOO"}, decks={"alice": deck}))
    before = u.state()["position"]  # refused as the play is made (spoils.engine.choices-when-made)
    assert "spoils.engine.hidden-choice" in _rules(u.refuse(_play("Ecto-Distillation", named="Brash Basher",
                                                                   found=["Brash Basher", "Rage"])))
    assert u.state()["position"] == before
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
    t.resolve("alice", "bob", _ability_choices("l1", "INNOVATE", discarded=["Stalwart Soldier"], found=["Redonkulous"]))
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Rage", "Redonkulous"] and me["discard"] == ["Stalwart Soldier"]
    searched = next(e for e in t.events() if e["type"] == "CardsSearched")["data"]
    assert searched["cards"] == ["Redonkulous"] and searched["revealed"] is True
    u = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier", "Rage"]}, icons={"alice": "E"},
                                  decks={"alice": deck}))
    u.resolve("alice", "bob", _ability_choices("l1", "INNOVATE", discarded=["Rage"], found=["Redonkulous"]))
    assert u.state()["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    assert "CardsSearched" not in [e["type"] for e in u.events()]
    assert t.audit_valid() and u.audit_valid()


def test_the_stone_of_triumph_puts_a_namesake_of_the_destroyed_character_on_top(client):
    """The Stone of Triumph: "If a character you control is destroyed, you may pay 1. If you do, search your
    deck for a card with the same name, reveal it, and put it on top of your deck." (spoils.503.1,
    spoils.309.1, spoils.312.1): bob's Pinch destroys alice's Puddle of Goo (1 life); alice pays 1 and the
    Puddle of Goo in the middle of her deck goes on top. Without the Stone her deck stays as it was."""
    cards = {"s1": {"card": "The Stone of Triumph", "controller": "alice"},
             "g1": {"card": "Puddle of Goo", "controller": "alice"}}
    deck = ["Cowslaw", "Puddle of Goo", "Gnat"]
    setup = position(cards=cards, active="bob", hands={"bob": ["Pinch"]}, icons={"alice": "RR", "bob": "RR"},
                     decks={"alice": deck})
    t = new_game(client, setup)
    t.act(_play("Pinch", "g1", player="bob"))
    t.act({"type": "pass", "player": "alice", "choices": {"found": ["Puddle of Goo"]}})
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved"]
    assert [(m["cards"], m["from_zone"], m["to"]) for m in moved] == [(["Puddle of Goo"], "deck", "deck_top")]
    alice = t.state()["players"]["alice"]
    assert "g1" not in t.state()["cards"] and alice["discard"] == ["Puddle of Goo"]
    assert sorted(alice["deck_cards"]) == sorted(deck)
    assert sum(1 for r in alice["resources"].values() if r.get("attached")) == 1
    del setup["cards"]["s1"]
    u = new_game(client, setup)
    u.act(_play("Pinch", "g1", player="bob"))
    u.act({"type": "pass", "player": "alice", "choices": {"found": ["Puddle of Goo"]}})
    assert "CardsMoved" not in [e["type"] for e in u.events()] and u.state()["players"]["alice"]["deck_cards"] == deck
    assert t.audit_valid() and u.audit_valid()


def test_dowsing_cleric_puts_the_staple_resource_it_finds_into_the_hand(client):
    """Dowsing Cleric: "When this card enters or leaves play, you may search your deck for a staple
    resource, reveal it, and put it into your hand." spoils.312.1 (search, then shuffle),
    spoils.503.1 (the trigger): the Greed found goes from the deck to alice's hand, revealed."""
    t = new_game(client, position(hands={"alice": ["Dowsing Cleric"]}, icons={"alice": "GGGG"},
                                  decks={"alice": DECK}))
    t.act(_play("Dowsing Cleric", found="Greed"))
    t.act({"type": "pass", "player": "bob"})
    searched = [e["data"] for e in t.events() if e["type"] == "CardsSearched"]
    assert searched == [{"player": "alice", "cards": ["Greed"], "to": "hand", "revealed": True,
                         "source": "Dowsing Cleric", "rule": "spoils.312.1"}]
    assert _hand(t, "alice") == ["Greed"] and t.state()["players"]["alice"]["deck"] == len(DECK) - 1


def test_dowsing_cleric_finds_no_character(client):
    """Dowsing Cleric looks for a staple resource: a character named as found is not taken
    (spoils.312.1), nothing moves."""
    t = new_game(client, position(hands={"alice": ["Dowsing Cleric"]}, icons={"alice": "GGGG"},
                                  decks={"alice": DECK}))
    t.act(_play("Dowsing Cleric", found="Brash Basher"))
    t.act({"type": "pass", "player": "bob"})
    assert "CardsSearched" not in [e["type"] for e in t.events()] and _hand(t, "alice") == []


def test_contriving_engineer_puts_the_elitism_it_finds_into_play_as_a_spent_resource(client):
    """Contriving Engineer: "When this card enters play, you may search your deck for a card named
    "Elitism" and reveal it. If you do, put it into play. Attach it to your faction." spoils.312.1,
    spoils.402.8 (put into play: a resource card becomes a resource of alice's, 605), spoils.309.1
    (attached to the faction: spent this turn).  It once entered play as a card among the characters."""
    t = new_game(client, position(hands={"alice": ["Contriving Engineer"]}, icons={"alice": "EEEE"},
                                  decks={"alice": DECK}))
    t.act(_play("Contriving Engineer", found="Elitism"))
    t.act({"type": "pass", "player": "bob"})
    assert [c["name"] for c in t.state()["cards"].values()] == ["Contriving Engineer"]
    resources = t.state()["players"]["alice"]["resources"]
    new = [r for rid, r in resources.items() if not rid.startswith("alice.")]
    assert len(resources) == 5 and new == [{**new[0], "name": "Elitism", "face_up": True, "icons": "E", "attached": True}]
    assert t.state()["players"]["alice"]["deck"] == len(DECK) - 1


def test_crest_of_rage_puts_the_character_it_finds_on_top_of_the_deck(client):
    """Crest of Rage: "If a card that provides at least [R] enters play under your control, you may
    search your deck for a character and reveal it. If you do, put it on top of your deck." spoils.311.1
    (provides), spoils.312.1 (search): alice plays Rage in her develop step, finds Brash Basher and puts
    it on top of her deck (CardsMoved, deck to its top); a tactic named as found is not taken."""
    for found, moved in (("Brash Basher", [["Brash Basher"]]), ("Anathematize", [])):
        t = new_game(client, position(cards={"x1": {"card": "Crest of Rage", "controller": "alice"}},
                                      hands={"alice": ["Rage"]}, stage="develop", decks={"alice": DECK}))
        t.act({"type": "play_resource", "player": "alice", "card": "Rage", "face_up": True, "choices": {"found": found}})
        assert [e["data"]["cards"] for e in t.events() if e["type"] == "CardsMoved"
                and e["data"]["to"] == "deck_top"] == moved


def test_workshop_finds_only_a_card_of_the_type_of_the_removed_card(client):
    """Workshop: "CONSTRUCT COST: Pay 3. Remove a card in your discard pile from the game. EFFECT: You
    may search your deck for a card of the same type as the removed card and reveal it. If you do,
    put it on the top of your deck." spoils.403.6a, spoils.312.1: a character removed, the location
    named as found is not taken (it once was); a character is, and goes on top of the deck."""
    for found, moved in (("Time Portal", []), ("Dock Sentinel", [["Dock Sentinel"]])):
        setup = position(cards={"x1": {"card": "Workshop", "controller": "alice"}}, icons={"alice": "EEEE"},
                         decks={"alice": ["Time Portal", "Dock Sentinel", "Greed"]})
        setup["players"]["alice"]["discard"] = ["Brash Basher"]
        t = new_game(client, setup)
        t.act({"type": "use_ability", "player": "alice", "card": "x1", "ability": "CONSTRUCT", "targets": ["Brash Basher"],
               "choices": {"found": found}})
        t.act({"type": "pass", "player": "bob"})
        assert [e["data"]["cards"] for e in t.events() if e["type"] == "CardsMoved"] == moved
        assert t.state()["players"]["alice"]["removed"] == ["Brash Basher"]


def test_perturb_returns_only_a_card_of_the_type_of_the_discarded_card(client):
    """Perturb: "Look at your opponent's hand and pick a non-resource card in it. Your opponent discards
    that card. You may pick a card of the same type as the discarded card. If you do, put it into its
    owner's hand." spoils.305.1, spoils.310.1: bob discards his character; bob's item cannot be picked
    (it once could), his character can and goes back to his hand."""
    def game():
        return new_game(client, position(cards={"b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
                                                "bi": {"card": "Index of Natural Forces", "controller": "bob"}},
                                         hands={"alice": ["Perturb"], "bob": ["Brash Basher", "Pinch"]},
                                         icons={"alice": "OOOOOOOO"}))
    t = game()
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_play("Perturb", chosen="Brash Basher", targets=["bi"])))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    t = game()
    t.act(_play("Perturb", chosen="Brash Basher", targets=["b1"]))
    t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert sorted(t.state()["cards"]) == ["bi"] and bob["discard"] == ["Brash Basher"]
    assert sorted(bob["hand_cards"]) == ["Creaky Old Swordsman", "Pinch"]


def test_meager_research_and_the_ominous_urn_find_a_card_of_the_type_revealed_or_discarded(client):
    """Meager Research: "Reveal the top card of your opponent's deck. Put it into their hand. You may
    search your deck for a card of the same type as the card and reveal it. If you do, put it into
    your hand." Ritual of the Ominous Urn: "Your opponent discards a card. You may search your deck
    for a card of the same type as the discarded card ..." spoils.312.1: bob's character revealed
    (discarded), alice's staple named as found is not taken; her character is."""
    for found, taken in (("Greed", []), ("Dock Sentinel", ["Dock Sentinel"])):
        t = new_game(client, position(hands={"alice": ["Meager Research"]}, icons={"alice": "EEEEEEEE"},
                                      decks={"alice": ["Greed", "Dock Sentinel"], "bob": ["Brash Basher", "Elitism"]}))
        t.act(_play("Meager Research", revealed="Brash Basher", found=found))
        t.act({"type": "pass", "player": "bob"})
        assert _hand(t, "alice") == taken and _hand(t, "bob") == ["Brash Basher"]
        t = new_game(client, position(hands={"alice": ["Ritual of the Ominous Urn"], "bob": ["Brash Basher"]},
                                      icons={"alice": "OOOOOOOO"}, decks={"alice": ["Greed", "Dock Sentinel"]}))
        t.act(_play("Ritual of the Ominous Urn", discarded=["Brash Basher"], found=found))
        t.act({"type": "pass", "player": "bob"})
        assert _hand(t, "alice") == taken and t.state()["players"]["bob"]["discard"] == ["Brash Basher"]


def test_rosy_palmer_takes_a_revealed_character_when_destroyed(client):
    """Rosy Palmer, and Her Five Friends: "If this card is destroyed, reveal the top 5 cards of your
    opponent's deck. You may choose a revealed character. If you do, put it into play under your
    control. Your opponent puts the remaining cards on the bottom of their deck in any order."
    spoils.503.1, spoils.402.8 (put into play, not played: no cost)."""
    top = ["Rate Hike", "Legacy Warmachine", "Brash Basher", "Late Addition", "Plodding Brute"]
    t = new_game(client, position(cards={"r1": {"card": "Rosy Palmer, and Her Five Friends", "controller": "alice"}},
                                  hands={"bob": ["Anesthetizing Opulence"]}, icons={"bob": "GGGG"}, active="bob",
                                  decks={"bob": top + ["Creaky Old Swordsman"]}))
    t.act(_play("Anesthetizing Opulence", "r1", player="bob"))
    t.act({"type": "pass", "player": "alice", "choices": {"revealed": top, "chosen": ["Legacy Warmachine"]}})
    assert t.named("Legacy Warmachine", "alice") and not t.named("Rosy Palmer, and Her Five Friends")
    warmachine = t.card(t.named("Legacy Warmachine", "alice")[0])
    assert warmachine["owner"] == "bob"
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved" and e["data"]["to"] == "deck_bottom"]
    assert moved and moved[0]["count"] == 4 and "Legacy Warmachine" not in moved[0]["cards"]


def test_700160x_31f_puts_the_gear_found_into_play_attached_to_itself(client):
    """700160x 31f: "When this card enters play, you may search your deck for a "gear" card with numeric
    cost 5 or less and reveal it. If you do, put it into play attached to this card." spoils.312.1,
    spoils.402.8 (put into play: Vorpal Sword's threshold RR is not needed), spoils.507.2b (its target is
    this card): the 31f (1 strength) gains the Sword's 2."""
    t = new_game(client, position(hands={"alice": ["700160x 31f"]}, icons={"alice": "EEE"},
                                  decks={"alice": ["Vorpal Sword", "Brash Basher"]}))
    t.act(_play("700160x 31f", found=["Vorpal Sword"]))
    t.act({"type": "pass", "player": "bob"})
    elf, sword = t.named("700160x 31f", "alice")[0], t.named("Vorpal Sword", "alice")[0]
    assert t.card(sword)["attached_to"] == elf and t.card(elf)["effective"]["strength"] == 3  # 1 + 2
    assert t.state()["players"]["alice"]["deck_cards"] == ["Brash Basher"]


def test_elite_team_registration_and_heist_planner_reveal_the_cards_found(client):
    """Elite Team Registration: "Search your deck for up to 2 Gearsmith characters with different names
    and reveal them. Put them into your hand."  Heist Planner: "When this card enters play, you may search
    your opponent's deck for up to 3 cards with different names and reveal them. If you do, put them into
    your opponent's discard pile." spoils.312.1 (the cards found are revealed, CardsRevealed)."""
    t = new_game(client, position(hands={"alice": ["Elite Team Registration"]}, icons={"alice": "EEEE"},
                                  decks={"alice": ["Preponderant Craftsman", "Epiphanal Mechanic", "Brash Basher"]}))
    t.act(_play("Elite Team Registration", found=["Preponderant Craftsman", "Epiphanal Mechanic"]))
    assert "CardsRevealed" in t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["players"]["alice"]["hand_cards"]) == ["Epiphanal Mechanic", "Preponderant Craftsman"]
    u = new_game(client, position(hands={"alice": ["Heist Planner"]}, icons={"alice": "DDD"},
                                  decks={"bob": ["Rate Hike", "Brash Basher", "Plodding Brute", "Late Addition"]}))
    u.act(_play("Heist Planner", found=["Rate Hike", "Brash Basher", "Plodding Brute"]))
    assert "CardsRevealed" in u.act({"type": "pass", "player": "bob"})
    assert sorted(u.state()["players"]["bob"]["discard"]) == ["Brash Basher", "Plodding Brute", "Rate Hike"]


def test_a_search_for_cards_with_different_names_takes_one_of_each_name(client):
    """Heist Planner: "... search your opponent's deck for up to 3 cards with different names ...": a
    second Rate Hike is not taken (spoils.312.2: the search may find less); Cheats McGuillicutty's CHANGE
    COSTUME looks for a "pluck" card "with a different name than this card"."""
    t = new_game(client, position(hands={"alice": ["Heist Planner"]}, icons={"alice": "DDD"},
                                  decks={"bob": ["Rate Hike", "Rate Hike", "Plodding Brute"]}))
    t.act(_play("Heist Planner", found=["Rate Hike", "Rate Hike", "Plodding Brute"]))
    t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["players"]["bob"]["discard"]) == ["Plodding Brute", "Rate Hike"]
    assert t.state()["players"]["bob"]["deck_cards"] == ["Rate Hike"]


def test_700160x_31f_names_why_a_gear_unknown_to_the_game_is_not_taken(client):
    """700160x 31f's search (spoils.312.1; 312.2: a search may find nothing) in a deck set up hidden: the
    game knows only the cards of its pool, so a Tri-Pole Magnet named as found is not taken, and the trace
    says so (not that it is no "gear" card: it is one, cost 2); named from a deck the setup lists, the same
    card is found and attached (spoils.402.8)."""
    t = new_game(client, position(hands={"alice": ["700160x 31f"]}, icons={"alice": "EEE"}))
    t.act(_play("700160x 31f", found=["Tri-Pole Magnet"]))
    t.act({"type": "pass", "player": "bob"})
    assert "Tri-Pole Magnet is not a card of this game's pool" in t.trace_text() and not t.named("Tri-Pole Magnet")
    u = new_game(client, position(hands={"alice": ["700160x 31f"]}, icons={"alice": "EEE"},
                                  decks={"alice": ["Brash Basher", "Tri-Pole Magnet"]}))
    u.act(_play("700160x 31f", found=["Tri-Pole Magnet"]))
    u.act({"type": "pass", "player": "bob"})
    elf, magnet = u.named("700160x 31f", "alice")[0], u.named("Tri-Pole Magnet", "alice")[0]
    assert u.card(magnet)["attached_to"] == elf and u.state()["players"]["alice"]["deck_cards"] == ["Brash Basher"]
