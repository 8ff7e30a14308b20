"""Cards played by an effect as it resolves (spoils.604.2: by the steps of 604.1, the effect saying
when; "for free": numeric cost 0, threshold and extra costs still apply, spoils.308.1, 308.1a), from a
hand, a discard pile, a deck, the removed cards or a face-down resource, and tactics copied.  Real
cards played by name through the API; each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _ability_choices, use_ability_with as _ability_extra
from tests.scenarios.spoils.positions import face_down as _face_down
from tests.scenarios.spoils.readings import (
    event_types as _types, unattached as _unattached, unattached as _unattached_of)
from tests.scenarios.spoils.steps import pass_until_resolved as _settle
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


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


def test_obscene_astrologer_plays_a_tactic_for_free_up_to_the_obsession_it_sees(client):
    """Obscene Astrologer: "GAZE UPON THE \\"STARS\\" COST: Deplete this card. EFFECT: You may play a tactic
    with numeric cost X or less for free, where X is either 5 or the number of [O] you control, whichever is
    lower." (spoils.406.3, spoils.604.2, spoils.308.1): alice controls 3 [O], so X is 3: her Anathematize
    (numeric cost 4) is not played, while Quotidian Assassination (2) is, costing nothing, and bounces bob's
    Stalwart Soldier once bob lets it resolve."""
    cards = {"o1": {"card": "Obscene Astrologer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    hand = ["Anathematize", "Quotidian Assassination"]
    t = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "OOO"}))
    t.resolve("alice", "bob", _ability_extra("o1", 'GAZE UPON THE "STARS"', choices={"free_plays": ["Anathematize"]}))
    assert t.card("o1")["depleted"] is True and "X is either 5" in t.trace_text()
    assert "Anathematize is not played: it is not a tactic with numeric cost X or less" in t.trace_text()
    assert sorted(t.state()["players"]["alice"]["hand_cards"]) == hand and "b1" in t.state()["cards"]
    u = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "OOO"}))
    play = {"card": "Quotidian Assassination", "targets": ["b1"]}
    assert "CardPlayed" in u.resolve("alice", "bob", _ability_extra("o1", 'GAZE UPON THE "STARS"',
                                                              choices={"free_plays": [play]}))
    played = next(e for e in u.events() if e["type"] == "CardPlayed")
    assert played["data"]["cost"] == 0
    u.act({"type": "pass", "player": "bob"})
    assert "b1" not in u.state()["cards"] and u.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert u.state()["players"]["alice"]["hand_cards"] == ["Anathematize"]
    assert t.audit_valid() and u.audit_valid()


def test_reality_shift_trades_what_you_control_for_free_plays(client):
    """Reality Shift: "X is the total numeric cost of all non-resource cards you control. Put those cards into
    their owner's hand. You may play any number of cards for free with total numeric cost X or less."
    (spoils.406.1, spoils.604.2, spoils.308.1): alice's Stalwart Soldier (3) and Scout (4) make X 7; they go
    back to her hand and Union Leader (7) is played for free; named with the Soldier too (10 in all), no card
    is played."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}, "a2": {"card": "Scout", "controller": "alice"}}
    for plays, leader in ((["Union Leader"], True), (["Union Leader", "Stalwart Soldier"], False)):
        t = new_game(client, position(cards=cards, hands={"alice": ["Reality Shift", "Union Leader"]},
                                      icons={"alice": "OOOOORRRGG"}))
        t.resolve("alice", "bob", _play("Reality Shift", free_plays=plays))
        if t.state()["pending"]:  # the Union Leader played waits for bob's responses (spoils.604.1g)
            t.act({"type": "pass", "player": "bob"})
        state = t.state()
        assert "a1" not in state["cards"] and "a2" not in state["cards"]
        assert bool(t.named("Union Leader", "alice")) is leader
        hand = sorted(state["players"]["alice"]["hand_cards"])
        assert hand == (["Scout", "Stalwart Soldier"] if leader else ["Scout", "Stalwart Soldier", "Union Leader"])
        assert t.audit_valid()


BOBS_DECK = ["Kaiser Wave", "Stalwart Soldier", "Crushing Usury", "Scout", "Union Leader", "Rusty Pickaxe", "Kettinger",
             "Scout"]


def test_eccentric_inquisition_plays_the_opponents_tactics_it_removed(client):
    """Eccentric Inquisition: "Reveal the top 7 cards of your opponent's deck. Remove all tactics revealed this way
    from the game. Put the remaining cards on the bottom of your opponent's deck in any order. For the rest of the
    game, you may play tactics removed from the game by this card as though they were in your hand without
    meeting their threshold." (spoils.403.6a, spoils.101.1 over spoils.405.2): of bob's top seven, Kaiser Wave
    and Crushing Usury leave the game, the five others go under his deck; alice, with no [E], plays bob's
    Kaiser Wave ([E][E]) on her Stalwart Soldier (4/4 this turn), and it goes to bob's discard pile; a card she
    did not remove that way cannot be played from there (refused, nothing appended)."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"alice": ["Eccentric Inquisition"]}, icons={"alice": "OOOOOO"},
                                  decks={"bob": BOBS_DECK}))
    t.resolve("alice", "bob", _play("Eccentric Inquisition", revealed=BOBS_DECK[:7]))
    bob = t.state()["players"]["bob"]
    assert bob["removed"] == ["Kaiser Wave", "Crushing Usury"]
    assert bob["deck_cards"] == ["Scout", "Stalwart Soldier", "Scout", "Union Leader", "Rusty Pickaxe", "Kettinger"]
    before = t.state()["position"]
    assert "spoils.604.1a" in _rules(t.refuse(_play("Scout", from_removed=True)))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _play("Kaiser Wave", "a1", from_removed=True))
    state = t.state()
    assert t.card("a1")["effective"]["strength"] == 4 and state["players"]["bob"]["removed"] == ["Crushing Usury"]
    assert state["players"]["bob"]["discard"] == ["Kaiser Wave"] and _unattached(t) == 2
    assert t.audit_valid()


def test_pant_swipe_plays_the_removed_cards_without_their_threshold(client):
    """Pant Swipe: "Remove the top 4 cards of your opponent's deck from the game face-down. For the rest of the
    game, you may play the removed cards as though they were in your hand even if you cannot meet their
    threshold." (spoils.403.6a, spoils.101.1 over spoils.405.2): bob's top four leave the game; alice, with only
    [D], plays bob's Stalwart Soldier ([R][R][R], cost 3) from among them, which enters play under her control
    and stays bob's card; without Pant Swipe the same play is refused."""
    t = new_game(client, position(hands={"alice": ["Pant Swipe"]}, icons={"alice": "DDDDDDDDDD"},
                                  decks={"bob": BOBS_DECK}))
    t.resolve("alice", "bob", _play("Pant Swipe", removed=BOBS_DECK[:4]))
    assert t.state()["players"]["bob"]["removed"] == BOBS_DECK[:4]
    t.resolve("alice", "bob", _play("Stalwart Soldier", from_removed=True))
    soldier = t.card(t.named("Stalwart Soldier", "alice")[0])
    assert soldier["owner"] == "bob" and "Stalwart Soldier" not in t.state()["players"]["bob"]["removed"]
    assert t.audit_valid()
    setup = position(icons={"alice": "DDD"}, decks={"bob": BOBS_DECK[4:]})
    setup["players"]["bob"]["removed"] = ["Stalwart Soldier"]
    u = new_game(client, setup)
    before = u.state()["position"]
    assert "spoils.604.1a" in _rules(u.refuse(_play("Stalwart Soldier", from_removed=True)))
    assert u.state()["position"] == before and u.audit_valid()


def test_preponderant_craftsman_plays_a_character_for_free_that_still_needs_its_threshold(client):
    """Preponderant Craftsman: "CREATE COST: Pay 5. Deplete this card. EFFECT: You may play a character
    for free. (You still need to meet its threshold and satisfy its extra costs.)" spoils.604.2 (played
    by the steps of 604.1 as the effect resolves, waiting for responses, 604.1g), spoils.308.1 (its
    numeric cost 7 is 0), spoils.308.1a / spoils.405.2 (a threshold alice does not meet: not played)."""
    hand = ["Manifold Quasi-Modal Steamwork", "Brash Basher"]
    t = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": hand}, icons={"alice": "EEEEE"}))
    t.act(_ability_choices("k1", "CREATE", free_plays=["Manifold Quasi-Modal Steamwork"]))
    assert _unattached_of(t, "alice") == 0
    assert "CardPlayed" in t.act({"type": "pass", "player": "bob"})
    played = next(e for e in t.events() if e["type"] == "CardPlayed")
    assert played["data"]["cost"] == 0 and played["data"]["card"]["name"] == "Manifold Quasi-Modal Steamwork"
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Manifold Quasi-Modal Steamwork", "alice")
    assert t.state()["players"]["alice"]["hand_cards"] == ["Brash Basher"]
    # Brash Basher needs [R]: alice controls only [E], so it is not played (the ability still resolves).
    u = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": hand}, icons={"alice": "EEEEE"}))
    u.act(_ability_choices("k1", "CREATE", free_plays=["Brash Basher"]))
    assert "CardPlayed" not in u.act({"type": "pass", "player": "bob"})
    assert "spoils.405.2" in u.trace_text() and not u.named("Brash Basher")


def test_h4x0rz_plays_up_to_4_non_tactic_cards_for_free_each_waiting_for_responses(client):
    """0p3r4710n 1337 H4x0rz: "COST: Play this only during your turn. EFFECT: You may play up to 4
    non-tactic cards for free." spoils.604.2 (each played by the steps of 604.1: the opponent responds
    to each, 604.1g), spoils.308.1 (5 + 7 costs nothing); naming Late Addition, a tactic, is refused."""
    hand = ["0p3r4710n 1337 H4x0rz", "Legacy Warmachine", "Manifold Quasi-Modal Steamwork", "Late Addition"]
    t = new_game(client, position(hands={"alice": hand}, icons={"alice": "EEEEEEEEEEEE"}))
    assert "spoils.604.2" in [v["rule"]["id"] for v in t.refuse(_play("0p3r4710n 1337 H4x0rz", free_plays=[
        "Legacy Warmachine", "Late Addition"]))]
    t.act(_play("0p3r4710n 1337 H4x0rz", free_plays=["Legacy Warmachine", "Manifold Quasi-Modal Steamwork"]))
    assert _types(t).count("CardPlayed") == 1 and _unattached_of(t, "alice") == 0
    t.act({"type": "pass", "player": "bob"})
    assert _types(t).count("CardPlayed") == 2
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Legacy Warmachine", "alice") and t.named("Manifold Quasi-Modal Steamwork", "alice")
    assert t.state()["players"]["alice"]["hand_cards"] == ["Late Addition"]


def test_epiphanal_mechanic_plays_an_item_for_free_but_not_a_character(client):
    """Epiphanal Mechanic: "DEPLOYMENT COST: Deplete this card. EFFECT: You may play an item for free."
    spoils.604.2, spoils.308.1: Makeshift Contrivance (6) enters play with no resource spent; Legacy
    Warmachine, a character, is not an item: naming it is refused, whether with the ability or as it
    resolves (the opponent's pass carrying the choice)."""
    cards = {"m1": {"card": "Epiphanal Mechanic", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Makeshift Contrivance", "Legacy Warmachine"]},
                                  icons={"alice": "EEE"}))
    t.act(_ability_choices("m1", "DEPLOYMENT", free_plays=["Makeshift Contrivance"]))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Makeshift Contrivance", "alice") and _unattached_of(t, "alice") == 3
    u = new_game(client, position(cards=cards, hands={"alice": ["Legacy Warmachine"]}, icons={"alice": "EEE"}))
    assert "spoils.604.2" in [v["rule"]["id"] for v in u.refuse(_ability_choices("m1", "DEPLOYMENT",
                                                                         free_plays=["Legacy Warmachine"]))]
    u.act(_ability_choices("m1", "DEPLOYMENT"))
    refused = u.refuse({"type": "pass", "player": "bob", "choices": {"free_plays": ["Legacy Warmachine"]}})
    assert "spoils.604.2" in [v["rule"]["id"] for v in refused]
    assert "CardPlayed" not in u.act({"type": "pass", "player": "bob"}) and not u.named("Legacy Warmachine")


def test_late_addition_plays_a_character_on_the_opponents_turn_paying_its_cost(client):
    """Late Addition: "You may play a character card from your hand. Draw a card. (You still pay all
    the character's costs.)" spoils.604.2 (the effect says when: a character played on bob's turn,
    in response, which 204.1 alone would not allow), spoils.604.1d (its cost 3 is paid, with 1 for
    Late Addition)."""
    t = new_game(client, position(active="bob", hands={"alice": ["Late Addition", "Creaky Old Swordsman"],
                                                       "bob": ["Plodding Brute"]},
                                  icons={"alice": "DRRR", "bob": "RRRR"}))
    t.act(_play("Plodding Brute", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Late Addition",
           "choices": {"free_plays": ["Creaky Old Swordsman"], "drawn": ["Brash Basher"]}})
    t.act({"type": "pass", "player": "bob"})
    played = [e for e in t.events() if e["type"] == "CardPlayed"]
    assert played and played[0]["data"]["cost"] == 3 and _unattached_of(t, "alice") == 0
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice")
    assert t.state()["players"]["alice"]["hand_cards"] == ["Brash Basher"]


def test_dark_awakening_plays_the_picked_card_from_the_discard_pile(client):
    """Dark Awakening: "COST: Pick a non-resource card in your discard pile. EFFECT: You may play the
    card. Draw a card." spoils.604.2 (played from the discard pile, paying its cost 3, 604.1d)."""
    setup = position(hands={"alice": ["Dark Awakening"]}, icons={"alice": "RRRRR"})
    setup["players"]["alice"]["discard"] = ["Creaky Old Swordsman"]
    t = new_game(client, setup)
    t.act(_play("Dark Awakening", "Creaky Old Swordsman"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice") and _unattached_of(t, "alice") == 0
    assert t.state()["players"]["alice"]["discard"] == ["Dark Awakening"]


def test_spontaneous_displacement_plays_a_card_of_half_the_cost_rounded_up_for_free(client):
    """Spontaneous Displacement: "COST: Pick a non-resource card. X is half its numeric cost, rounded
    up. EFFECT: Put the card into its owner's hand. You may play a non-resource card with numeric cost X
    or less for free." Bob's Manifold Quasi-Modal Steamwork (7): X is 4; Creaky Old Swordsman (3) is
    played for free, naming Legacy Warmachine (5) is refused (spoils.604.2, spoils.308.1)."""
    t = new_game(client, position(cards={"s1": {"card": "Manifold Quasi-Modal Steamwork", "controller": "bob"}},
                                  hands={"alice": ["Spontaneous Displacement", "Creaky Old Swordsman", "Legacy Warmachine"]},
                                  icons={"alice": "OOOOER"}))
    refused = t.refuse(_play("Spontaneous Displacement", "s1", free_plays=["Legacy Warmachine"]))
    assert "numeric cost X or less" in refused[0]["message"]
    t.act(_play("Spontaneous Displacement", "s1", free_plays=["Creaky Old Swordsman"]))
    assert "CardPlayed" in t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["bob"]["hand_cards"] == ["Manifold Quasi-Modal Steamwork"]
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice") and _unattached_of(t, "alice") == 2


def test_stolen_inspiration_plays_a_card_of_half_the_discarded_cards_cost_for_free(client):
    """Stolen Inspiration: "Look at your opponents hand and choose a non-resource card in it. Your
    opponent discards that card. You may play a non-resource card with numeric cost X or less for free,
    where X is half the numeric cost of the discarded card, rounded up." Bob discards Manifold
    Quasi-Modal Steamwork (7): X is 4, Creaky Old Swordsman (3) is played for free (spoils.308.1)."""
    t = new_game(client, position(hands={"alice": ["Stolen Inspiration", "Creaky Old Swordsman"],
                                         "bob": ["Manifold Quasi-Modal Steamwork", "Brash Basher"]},
                                  icons={"alice": "OOR"}))
    t.act(_play("Stolen Inspiration", chosen=["Manifold Quasi-Modal Steamwork"],
                free_plays=["Creaky Old Swordsman"]))
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["bob"]["discard"] == ["Manifold Quasi-Modal Steamwork"]
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice")


def test_the_whatever_device_plays_the_item_found_for_free_or_puts_it_into_the_hand(client):
    """The Whatever Device: "COST: Choose a number for X. Pay X. Destroy this card. EFFECT: Search your
    deck for an item with numeric cost X or less and reveal it. You may play that card for free. If you
    don't, put it into your hand." spoils.312.1, spoils.604.2, spoils.308.1; "if you don't" (402.5b)."""
    def game(may):
        t = new_game(client, position(cards={"d1": {"card": "The Whatever Device", "controller": "alice"}},
                                      icons={"alice": "EEEEEE"},
                                      decks={"alice": ["Makeshift Contrivance", "Legacy Warmachine"]}))
        t.act(_ability_choices("d1", "THANK GOD WE INVENTED THE...", x=6, found=["Makeshift Contrivance"], may=may))
        return t, t.act({"type": "pass", "player": "bob"})
    t, types = game(True)
    assert "CardPlayed" in types
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Makeshift Contrivance", "alice") and t.state()["players"]["alice"]["deck_cards"] ==\
        ["Legacy Warmachine"]
    u, types = game(False)
    assert "CardPlayed" not in types and u.state()["players"]["alice"]["hand_cards"] == ["Makeshift Contrivance"]


def test_cheats_mcguillicutty_plays_the_top_card_of_the_deck_but_not_a_resource(client):
    """Cheats McGuillicutty: "CHEAT COST: Deplete this card. EFFECT: Reveal the top card of your deck.
    You may play it. (You can't play resources with this ability.)" spoils.604.2 (played from the deck,
    paying its cost 3), spoils.605.2 (a resource revealed is not played)."""
    def game(top):
        t = new_game(client, position(cards={"c1": {"card": "Cheats McGuillicutty", "controller": "alice"}},
                                      icons={"alice": "RRR"}, decks={"alice": [top, "Brash Basher"]}))
        t.act(_ability_choices("c1", "CHEAT", revealed=[top]))
        return t, t.act({"type": "pass", "player": "bob"})
    t, types = game("Creaky Old Swordsman")
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice") and _unattached_of(t, "alice") == 0
    assert t.state()["players"]["alice"]["deck_cards"] == ["Brash Basher"]
    u, types = game("Rage")
    assert "CardPlayed" not in types and u.state()["players"]["alice"]["deck_cards"] == ["Rage", "Brash Basher"]


def test_burly_assailment_reveals_a_face_down_character_and_plays_it(client):
    """Burly Assailment: "COST: Reveal a face-down character you control. EFFECT: You may play the
    character. Draw a card." spoils.401.3 (the reveal is a cost: a face-down tactic is refused,
    spoils.401.2), spoils.604.2 (the character leaves the resources before its cost 3 is paid, so it
    does not pay for itself)."""
    setup = _face_down(position(hands={"alice": ["Burly Assailment"]}, icons={"alice": "DRRR"}), "alice",
                       f1="Creaky Old Swordsman", f2="Late Addition")
    t = new_game(client, setup)
    assert "spoils.401.2" in [v["rule"]["id"] for v in t.refuse(_play("Burly Assailment", "f2"))]
    t.act(_play("Burly Assailment", "f1", drawn=["Brash Basher"]))
    assert "CardsRevealed" in _types(t)
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice") and "f1" not in t.state()["players"]["alice"]["resources"]
    assert _unattached_of(t, "alice") == 1  # the other face-down card; D R R R paid 1 + 3


def test_manifest_plays_a_face_down_tactic_and_hidden_ruins_a_face_down_location(client):
    """Manifest: "COST: Reveal a face-down tactic you control. EFFECT: You may play the tactic. Draw a
    card." Rate Hike, played from the face-down resources (paying 3, 604.1d), resolves in turn: alice's
    faction gains 2 influence.  Hidden Ruins: the same with "a face-down location" (Hypnotic Plafond
    enters play).  Accidental Invention: "a face-down item" (Makeshift Contrivance).  spoils.604.2."""
    t = new_game(client, _face_down(position(hands={"alice": ["Manifest"]}, icons={"alice": "OGGG"}), "alice",
                                    f1="Rate Hike"))
    t.act(_play("Manifest", "f1"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 27 and _unattached_of(t, "alice") == 0
    assert t.state()["players"]["alice"]["hand"] == 2  # Manifest's draw and Rate Hike's
    for tactic, icons, card in (("Hidden Ruins", "GEEE", "Hypnotic Plafond"),
                                ("Accidental Invention", "EEEEEEE", "Makeshift Contrivance")):
        u = new_game(client, _face_down(position(hands={"alice": [tactic]}, icons={"alice": icons}), "alice",
                                        f1=card))
        u.act(_play(tactic, "f1"))
        u.act({"type": "pass", "player": "bob"})
        u.act({"type": "pass", "player": "bob"})
        assert u.named(card, "alice") and not u.state()["players"]["alice"]["resources"].get("f1")


def test_voidal_replication_duplicates_the_last_tactic_played_this_turn(client):
    """Voidal Replication: "Your opponent cannot respond to this card. COST: Play this only if a tactic has
    been played this turn. EFFECT: Duplicate the last tactic played this turn." Refused before any tactic
    (spoils.401.3a); after Rate Hike, its copy gives alice 2 more influence (spoils.307.1)."""
    t = new_game(client, position(hands={"alice": ["Voidal Replication", "Rate Hike"]}, icons={"alice": "OOOGGG"}))
    assert "spoils.401.3a" in [v["rule"]["id"] for v in t.refuse(_play("Voidal Replication"))]
    t.resolve("alice", "bob", _play("Rate Hike"))
    assert t.influence("alice") == 27
    t.resolve("alice", "bob", _play("Voidal Replication"))
    assert t.influence("alice") == 29 and "spoils.307.1" in t.trace_text()


def test_an_attachment_played_for_free_names_what_it_attaches_to(client):
    """Epiphanal Mechanic's DEPLOYMENT playing Vorpal Sword ("ATTACH to Character") for free: the entry
    of choices.free_plays names its target (spoils.507.2a: chosen as it is played); its threshold [R][R]
    still applies (spoils.308.1a)."""
    cards = {"m1": {"card": "Epiphanal Mechanic", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Vorpal Sword"]}, icons={"alice": "RR"}))
    t.act(_ability_choices("m1", "DEPLOYMENT", free_plays=[{"card": "Vorpal Sword", "attach_to": "m1"}]))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    sword = t.named("Vorpal Sword", "alice")[0]
    assert t.card(sword)["attached_to"] == "m1" and t.card("m1")["effective"]["strength"] == 1 + 2


def test_3p1ph4ny_31f_is_refused_when_its_free_play_names_a_tactic(client):
    """3p1ph4ny 31f: "When this card enters play, you may play a non-tactic card for free." The card its
    trigger plays is named with the play (choices.free_plays, read as the trigger resolves, 503.1): naming
    the tactic Anathematize is refused as the 31f is played (spoils.604.2: the text plays a non-tactic card),
    as a tactic's or an ability's effect naming one is; naming Obscene Communion is accepted."""
    hands = {"alice": ["3p1ph4ny 31f", "Anathematize", "Obscene Communion"]}
    t = new_game(client, position(hands=hands, icons={"alice": "EEEOO"}))
    assert "spoils.604.2" in _rules(t.refuse(_play("3p1ph4ny 31f", free_plays=["Anathematize"])))
    assert t.state()["players"]["alice"]["hand_cards"] == hands["alice"]
    t.act(_play("3p1ph4ny 31f", free_plays=["Obscene Communion"]))
    _settle(t)
    assert t.named("Obscene Communion", "alice") and t.audit_valid()
