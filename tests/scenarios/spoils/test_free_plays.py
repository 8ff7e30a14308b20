"""Cards played by an effect as it resolves (604.2: by the steps of 604.1, the effect saying when; "for
free": numeric cost 0, threshold and extra costs still apply, 308.1, 308.1a), from a hand, a discard
pile, a deck or a face-down resource a cost revealed; cards named, picked, revealed and put between
zones.  Real cards played by name through the API; each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, play_card as _play  # noqa: F401

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


def _unattached(t, player: str) -> int:
    return sum(1 for r in t.state()["players"][player]["resources"].values() if not r.get("attached"))


def _types(t) -> list[str]:
    return [e["type"] for e in t.events()]


# ------------------------------------------------------------------------------ playing for free

def test_preponderant_craftsman_plays_a_character_for_free_that_still_needs_its_threshold(client):
    """Preponderant Craftsman: "CREATE COST: Pay 5. Deplete this card. EFFECT: You may play a character
    for free. (You still need to meet its threshold and satisfy its extra costs.)" spoils.604.2 (played
    by the steps of 604.1 as the effect resolves, waiting for responses, 604.1g), spoils.308.1 (its
    numeric cost 7 is 0), spoils.308.1a / spoils.405.2 (a threshold alice does not meet: not played)."""
    hand = ["Manifold Quasi-Modal Steamwork", "Brash Basher"]
    t = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": hand}, icons={"alice": "EEEEE"}))
    t.act(_ability("k1", "CREATE", free_plays=["Manifold Quasi-Modal Steamwork"]))
    assert _unattached(t, "alice") == 0
    assert "CardPlayed" in t.act({"type": "pass", "player": "bob"})
    played = next(e for e in t.events() if e["type"] == "CardPlayed")
    assert played["data"]["cost"] == 0 and played["data"]["card"]["name"] == "Manifold Quasi-Modal Steamwork"
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Manifold Quasi-Modal Steamwork", "alice")
    assert t.state()["players"]["alice"]["hand_cards"] == ["Brash Basher"]
    # Brash Basher needs [R]: alice controls only [E], so it is not played (the ability still resolves).
    u = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": hand}, icons={"alice": "EEEEE"}))
    u.act(_ability("k1", "CREATE", free_plays=["Brash Basher"]))
    assert "CardPlayed" not in u.act({"type": "pass", "player": "bob"})
    assert "spoils.405.2" in u.trace_text() and not u.named("Brash Basher")


def _face_down(setup: dict, player: str, **names: str) -> dict:
    """Face-down resources of ``player`` (id -> card name), one Volition each (411.1)."""
    for rid, name in names.items():
        setup["players"][player]["resources"][rid] = {"name": name, "face_up": False}
    return setup


def test_h4x0rz_plays_up_to_4_non_tactic_cards_for_free_each_waiting_for_responses(client):
    """0p3r4710n 1337 H4x0rz: "COST: Play this only during your turn. EFFECT: You may play up to 4
    non-tactic cards for free." spoils.604.2 (each played by the steps of 604.1: the opponent responds
    to each, 604.1g), spoils.308.1 (5 + 7 costs nothing); naming Late Addition, a tactic, is refused."""
    hand = ["0p3r4710n 1337 H4x0rz", "Legacy Warmachine", "Manifold Quasi-Modal Steamwork", "Late Addition"]
    t = new_game(client, position(hands={"alice": hand}, icons={"alice": "EEEEEEEEEEEE"}))
    assert "spoils.604.2" in [v["rule"]["id"] for v in t.refuse(_play("0p3r4710n 1337 H4x0rz", free_plays=[
        "Legacy Warmachine", "Late Addition"]))]
    t.act(_play("0p3r4710n 1337 H4x0rz", free_plays=["Legacy Warmachine", "Manifold Quasi-Modal Steamwork"]))
    assert _types(t).count("CardPlayed") == 1 and _unattached(t, "alice") == 0
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
    t.act(_ability("m1", "DEPLOYMENT", free_plays=["Makeshift Contrivance"]))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Makeshift Contrivance", "alice") and _unattached(t, "alice") == 3
    u = new_game(client, position(cards=cards, hands={"alice": ["Legacy Warmachine"]}, icons={"alice": "EEE"}))
    assert "spoils.604.2" in [v["rule"]["id"] for v in u.refuse(_ability("m1", "DEPLOYMENT",
                                                                         free_plays=["Legacy Warmachine"]))]
    u.act(_ability("m1", "DEPLOYMENT"))
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
    assert played and played[0]["data"]["cost"] == 3 and _unattached(t, "alice") == 0
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
    assert t.named("Creaky Old Swordsman", "alice") and _unattached(t, "alice") == 0
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
    assert t.named("Creaky Old Swordsman", "alice") and _unattached(t, "alice") == 2


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
        t.act(_ability("d1", "THANK GOD WE INVENTED THE...", x=6, found=["Makeshift Contrivance"], may=may))
        return t, t.act({"type": "pass", "player": "bob"})
    t, types = game(True)
    assert "CardPlayed" in types
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Makeshift Contrivance", "alice") and t.state()["players"]["alice"]["deck_cards"] == \
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
        t.act(_ability("c1", "CHEAT", revealed=[top]))
        return t, t.act({"type": "pass", "player": "bob"})
    t, types = game("Creaky Old Swordsman")
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Creaky Old Swordsman", "alice") and _unattached(t, "alice") == 0
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
    assert _unattached(t, "alice") == 1  # the other face-down card; D R R R paid 1 + 3


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
    assert t.influence("alice") == 27 and _unattached(t, "alice") == 0
    assert t.state()["players"]["alice"]["hand"] == 2  # Manifest's draw and Rate Hike's
    for tactic, icons, card in (("Hidden Ruins", "GEEE", "Hypnotic Plafond"),
                                ("Accidental Invention", "EEEEEEE", "Makeshift Contrivance")):
        u = new_game(client, _face_down(position(hands={"alice": [tactic]}, icons={"alice": icons}), "alice",
                                        f1=card))
        u.act(_play(tactic, "f1"))
        u.act({"type": "pass", "player": "bob"})
        u.act({"type": "pass", "player": "bob"})
        assert u.named(card, "alice") and not u.state()["players"]["alice"]["resources"].get("f1")


# ------------------------------------------------------------------------------ resources picked

def test_foment_puts_a_picked_face_down_resource_into_the_hand(client):
    """Foment: "COST: Pick a resource you control. (You can pick face-down resources.) EFFECT: Put the
    resource into your hand. Draw a card." spoils.310.1 (the resource is picked by id), spoils.402.1."""
    t = new_game(client, _face_down(position(hands={"alice": ["Foment"]}, icons={"alice": "OO"}), "alice",
                                    f1="Legacy Warmachine"))
    assert "spoils.310.1" in [v["rule"]["id"] for v in t.refuse(_play("Foment", "bob.r1"))]
    t.act(_play("Foment", "f1", drawn=["Brash Basher"]))
    assert "ResourceReturned" in t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert "f1" not in me["resources"] and sorted(me["hand_cards"]) == ["Brash Basher", "Legacy Warmachine"]


def test_maladjustment_returns_a_spent_resource_and_plays_it_again_unattached(client):
    """Maladjustment: "COST: Pick a resource you control. EFFECT: Put the resource into its owner's hand.
    You may play a resource." The Obsession attached earlier comes back and is played again, unattached
    (spoils.605.1, spoils.309.1)."""
    t = new_game(client, position(hands={"alice": ["Maladjustment"]}, icons={"alice": "OO"}, attached={"alice": 1}))
    t.act(_play("Maladjustment", "alice.r1", resource={"card": "Obsession", "face_up": True, "id": "r9"}))
    assert _unattached(t, "alice") == 0
    t.act({"type": "pass", "player": "bob"})
    res = t.state()["players"]["alice"]["resources"]
    assert "alice.r1" not in res and res["r9"]["face_up"] and not res["r9"].get("attached")


def test_sin_against_nature_puts_a_resource_you_control_into_its_owners_hand(client):
    """Sin Against Nature: "When this card enters play, pick a resource you control. Put it into its
    owner's hand. (You may pick face-down resources.)" spoils.503.1, spoils.310.1."""
    t = new_game(client, position(hands={"alice": ["Sin Against Nature"]}, icons={"alice": "OOO"}))
    t.act(_play("Sin Against Nature", targets=["alice.r3"]))
    assert "ResourceReturned" in t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert "alice.r3" not in me["resources"] and me["hand_cards"] == ["Obsession"] and t.named("Sin Against Nature")


def test_braggadocian_aide_detaches_a_resource_at_the_start_of_the_opponents_turn(client):
    """Braggadocian Aide: "At the start of your opponent's turn, you may pick a resource attached to your
    faction. If you do, detach it from your faction." spoils.309.1 (an attached resource paid; detached,
    it may pay again on bob's turn); an unattached one cannot be picked."""
    t = new_game(client, position(cards={"a1": {"card": "Braggadocian Aide", "controller": "alice"}},
                                  icons={"alice": "EEE"}, attached={"alice": 2}))
    t.act({"type": "end_turn", "player": "alice"})
    assert "ResourcesDetached" in t.act({"type": "pass", "player": "bob", "choices": {"targets": ["alice.r2"]}})
    res = t.state()["players"]["alice"]["resources"]
    assert not res["alice.r2"].get("attached") and res["alice.r1"]["attached"]


# ------------------------------------------------------------------------------ hands and decks

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


def test_intellectual_reliquary_takes_a_tactic_and_puts_the_rest_under_the_deck(client):
    """Intellectual Reliquary: "IMBIBE COST: Pay 1. Deplete this card. EFFECT: Look at the top 3 cards of
    your deck. You may choose a tactic among them and reveal it. If you do, put it into your hand. Put
    the remaining cards on the bottom of your deck in any order." A character cannot be chosen
    (spoils.engine.hidden-choice: the choice is checked against the cards looked at)."""
    deck = ["Brash Basher", "Rate Hike", "Plodding Brute", "Legacy Warmachine"]
    t = new_game(client, position(cards={"i1": {"card": "Intellectual Reliquary", "controller": "alice"}},
                                  icons={"alice": "O"}, decks={"alice": deck}))
    t.act(_ability("i1", "IMBIBE", looked=deck[:3], chosen=["Rate Hike"], order=["Plodding Brute", "Brash Basher"]))
    assert t.act({"type": "pass", "player": "bob"}).count("CardsMoved") == 2
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Rate Hike"] and me["deck"] == 3
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved"]
    assert moved[1]["to"] == "deck_bottom" and moved[1]["cards"] == ["Plodding Brute", "Brash Basher"]
    u = new_game(client, position(cards={"i1": {"card": "Intellectual Reliquary", "controller": "alice"}},
                                  icons={"alice": "O"}, decks={"alice": deck}))
    u.act(_ability("i1", "IMBIBE", looked=deck[:3], chosen=["Brash Basher"]))
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


# ------------------------------------------------------------------------------ naming

def test_incriminating_photograph_forbids_playing_the_named_card(client):
    """Incriminating Photograph: "When this card enters play, name a non-resource card. The named card
    cannot be played." spoils.402.7 ("cannot" wins), spoils.604.1a: bob cannot play Plodding Brute,
    Brash Basher he can."""
    t = new_game(client, position(hands={"alice": ["Incriminating Photograph"], "bob": ["Plodding Brute", "Brash Basher"]},
                                  icons={"alice": "DDD", "bob": "RRRRR"}))
    t.act(_play("Incriminating Photograph", named="Plodding Brute"))
    t.act({"type": "pass", "player": "bob"})
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert "spoils.604.1a" in [v["rule"]["id"] for v in t.refuse(_play("Plodding Brute", player="bob"))]
    t.act(_play("Brash Basher", player="bob"))


def test_port_manteau_taxes_the_named_subtype(client):
    """Port Manteau: "When this card enters play, name a card subtype. Players must pay 2 to play cards
    with the named subtype." spoils.406.3 (the numeric cost grows by 2): Plodding Brute ("soldier")
    costs bob 6, Brash Basher ("fighter") its printed 5."""
    t = new_game(client, position(hands={"alice": ["Port Manteau"], "bob": ["Plodding Brute", "Brash Basher"]},
                                  icons={"alice": "GG", "bob": "RRRRRR"}, active="alice"))
    t.act(_play("Port Manteau", named="Soldier"))
    t.act({"type": "pass", "player": "bob"})
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert t.check(_play("Plodding Brute", player="bob"))["legal"]
    t.act(_play("Plodding Brute", player="bob"))
    assert next(e for e in t.events() if e["type"] == "CardPlayed")["data"]["cost"] == 6


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
    assert "spoils.401.2" in [v["rule"]["id"] for v in t.refuse(_ability("o1", "DISAPPROVE"))]
    t.act(_ability("o1", "DISAPPROVE", named="Plodding Brute"))
    types = t.act({"type": "pass", "player": "bob"})
    assert "CardsMoved" in types and "CardsDrawn" in types
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 2 and "Plodding Brute" not in bob["hand_cards"] and "Plodding Brute" in bob["deck_cards"]
    u = game()
    u.act(_ability("o1", "DISAPPROVE", named="Rate Hike"))
    types = u.act({"type": "pass", "player": "bob"})
    assert "CardsMoved" not in types and "CardsDrawn" not in types


# ------------------------------------------------------------------------------ putting into play

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


def test_miraculous_regeneration_puts_one_character_into_play_as_a_resource_and_the_other_into_hand(client):
    """Miraculous Regeneration: "COST: Pick 2 characters in your discard pile. EFFECT: Put 1 of the
    characters into play under your control as a face-down resource. Put the other character into your
    hand." spoils.411.1 (a face-down resource), choices.chosen says which one."""
    setup = position(hands={"alice": ["Miraculous Regeneration"]}, icons={"alice": "GGG"})
    setup["players"]["alice"]["discard"] = ["Legacy Warmachine", "Creaky Old Swordsman"]
    t = new_game(client, setup)
    t.act(_play("Miraculous Regeneration", ["Legacy Warmachine", "Creaky Old Swordsman"], chosen=["Creaky Old Swordsman"]))
    t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert me["hand_cards"] == ["Legacy Warmachine"] and me["discard"] == ["Miraculous Regeneration"]
    assert [r["name"] for r in me["resources"].values() if not r["face_up"]] == ["Creaky Old Swordsman"]


def test_overzealous_excavation_recurs_a_card_of_the_discard_pile_as_a_face_down_resource(client):
    """Overzealous Excavation: "RECUR: [G] COST: Use this only if this card is in your discard pile. Pay 4.
    Remove this card from the game. Pick a card in your discard pile. EFFECT: Put the card into play under
    your control as a face-down resource." spoils.faq.recur-is-ability, spoils.411.1."""
    setup = position(icons={"alice": "GGGG"})
    setup["players"]["alice"]["discard"] = ["Overzealous Excavation", "Brash Basher"]
    t = new_game(client, setup)
    t.act({"type": "use_ability", "player": "alice", "card": "Overzealous Excavation", "ability": "RECUR: [G]",
           "targets": ["Brash Basher"]})
    t.act({"type": "pass", "player": "bob"})
    me = t.state()["players"]["alice"]
    assert me["discard"] == [] and me["removed"] == ["Overzealous Excavation"]
    assert [r["name"] for r in me["resources"].values() if not r["face_up"]] == ["Brash Basher"]


def test_desolate_destroys_the_characters_with_exactly_x_strength(client):
    """Desolate: "COST: Pick a number for X, where X is less than or equal to the number of [O] you
    control. EFFECT: Destroy all characters with X strength." X = 4 with 3 [O] is refused (spoils.401.2);
    X = 3 destroys Creaky Old Swordsman (3), not Legacy Warmachine (4) nor Plodding Brute (5)."""
    cards = {"s1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "w1": {"card": "Legacy Warmachine", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Desolate"]}, icons={"alice": "OOO"}))
    assert "spoils.401.2" in [v["rule"]["id"] for v in t.refuse(_play("Desolate", x=4))]
    t.act(_play("Desolate", x=3))
    t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["cards"]) == ["b1", "w1"]


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


# ------------------------------------------------------------------------------ duplicating

def test_muddle_takes_over_the_opponents_tactic(client):
    """Muddle: "COST: Play this only in response to a tactic being played. Pay X, where X is its numeric
    cost. EFFECT: Duplicate the tactic. Terminate the tactic." spoils.307.1 (the copy resolves for alice:
    her faction gains the 2 influence and she draws), spoils.314.1 (bob's Rate Hike is terminated)."""
    t = new_game(client, position(active="bob", hands={"alice": ["Muddle"], "bob": ["Rate Hike"]},
                                  icons={"alice": "OOO", "bob": "GGG"}))
    t.act(_play("Rate Hike", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Muddle"})
    assert _unattached(t, "alice") == 0  # X = 3, Rate Hike's numeric cost
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 27 and t.influence("bob") == 25
    assert t.state()["players"]["alice"]["hand"] == 1 and t.state()["players"]["bob"]["hand"] == 0
    assert t.state()["pending"] == [] and "Rate Hike" in t.state()["players"]["bob"]["discard"]


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


# ------------------------------------------------------------------------------ face-down resources' abilities

def test_fired_hand_uses_its_ability_only_as_a_face_down_resource(client):
    """Fired Hand: "PETTY VENGEANCE COST: Use this only while this card is a face-down resource. Reveal
    this card. Pay 1. Discard a card. Pick a character. EFFECT: This turn, the character loses 1 life."
    spoils.401.3a (in play it cannot be used), spoils.606.1 (as a face-down resource it can: Creaky Old
    Swordsman, 2 life, has 1 this turn)."""
    cards = {"s1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "h1": {"card": "Fired Hand", "controller": "alice"}}
    t = new_game(client, _face_down(position(cards=cards, hands={"alice": ["Brash Basher"]}, icons={"alice": "D"}),
                                    "alice", f1="Fired Hand"))
    assert "spoils.401.3a" in [v["rule"]["id"] for v in t.refuse(
        _ability("h1", "PETTY VENGEANCE", "s1", discarded=["Brash Basher"]))]
    t.act(_ability("f1", "PETTY VENGEANCE", "s1", discarded=["Brash Basher"]))
    assert "CardsRevealed" in _types(t) and t.state()["players"]["alice"]["hand"] == 0
    t.act({"type": "pass", "player": "bob"})
    assert t.card("s1")["effective"]["life"] == 1 and "f1" in t.state()["players"]["alice"]["resources"]


def test_vorpal_sword_snicker_snack_from_the_resources(client):
    """Vorpal Sword: "SNICKER SNACK COST: Use this only while this card is a face-down resource. Reveal
    this card. Pay 3. Discard a card. Pick a character. EFFECT: Inflict 2 damage to the character.
    Inflict 1 damage to your faction." spoils.606.1, spoils.408.4 (Creaky Old Swordsman, 2 life, is
    destroyed), spoils.408.3 (alice's faction loses 1 influence)."""
    cards = {"s1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, _face_down(position(cards=cards, hands={"alice": ["Brash Basher"]}, icons={"alice": "RRR"}),
                                    "alice", f1="Vorpal Sword"))
    t.act(_ability("f1", "SNICKER SNACK", "s1", discarded=["Brash Basher"]))
    t.act({"type": "pass", "player": "bob"})
    assert "s1" not in t.state()["cards"] and t.influence("alice") == 24


# ------------------------------------------------------------------------------ searches revealed

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


def test_an_attachment_played_for_free_names_what_it_attaches_to(client):
    """Epiphanal Mechanic's DEPLOYMENT playing Vorpal Sword ("ATTACH to Character") for free: the entry
    of choices.free_plays names its target (spoils.507.2a: chosen as it is played); its threshold [R][R]
    still applies (spoils.308.1a)."""
    cards = {"m1": {"card": "Epiphanal Mechanic", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Vorpal Sword"]}, icons={"alice": "RR"}))
    t.act(_ability("m1", "DEPLOYMENT", free_plays=[{"card": "Vorpal Sword", "attach_to": "m1"}]))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    sword = t.named("Vorpal Sword", "alice")[0]
    assert t.card(sword)["attached_to"] == "m1" and t.card("m1")["effective"]["strength"] == 1 + 2
