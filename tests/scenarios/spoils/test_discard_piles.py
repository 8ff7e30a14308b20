"""Discard piles, played by name through the API: cards put into play, into a hand or removed from the
game out of a discard pile, a card put into its owner's discard pile from play paying its way back,
a removed character brought back next turn (spoils.402.8, spoils.604.1).  Each test cites the card
and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability as _ability
from tests.scenarios.spoils.positions import DECK
from tests.scenarios.spoils.readings import pile as _pile
from tests.scenarios.spoils.steps import resolve_triggers as _settle
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_scavengemajig_returns_an_item_from_the_discard_pile(client):
    """Scavengemajig: "When this card enters or leaves play, you may pick an item in your discard pile.
    If you do, put it into your hand."  As it enters play (spoils.503.1) alice takes her Heavy Sword back
    from her discard pile into her hand (spoils.403.1)."""
    setup = position(hands={"alice": ["Scavengemajig"]}, icons={"alice": "EEEE"})
    setup["players"]["alice"]["discard"] = ["Heavy Sword"]
    t = new_game(client, setup)
    t.act(_play("Scavengemajig"))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["Heavy Sword"]}})
    _settle(t)
    assert "Heavy Sword" not in _pile(t, "alice") and t.state()["players"]["alice"]["hand_cards"] == ["Heavy Sword"]
    assert t.audit_valid()


def test_underpaid_ancestor_pays_its_way_back_into_play(client):
    """Underpaid Ancestor (3/4/2): "If this card is put into your discard pile from play, you may pay 3. If
    you do, put it into play under your control. Deplete it." (spoils.503.1): it blocks bob's Horrendous
    Behemoth (4 strength) and is destroyed by battle damage (spoils.408.4); alice pays 3 and the
    Ancestor comes back into play under her control, depleted, out of her discard pile (spoils.309.1)."""
    cards = {"a1": {"card": "Underpaid Ancestor", "controller": "alice"},
             "b1": {"card": "Horrendous Behemoth", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["a1"])
    _settle(t)
    back = t.named("Underpaid Ancestor", "alice")
    assert back and t.card(back[0])["depleted"] is True and "Underpaid Ancestor" not in _pile(t, "alice")
    assert t.state()["players"]["alice"]["unattached"] == 0 and t.audit_valid()


def test_swashbuckler_stays_only_if_four_cards_of_the_opponents_pile_are_removed(client):
    """Swashbuckler: "When this card enters play, you may remove 4 cards in your opponent's discard pile
    from the game. If you don't, destroy this card." (spoils.503.1, spoils.402.5b): alice removes four of
    bob's five discarded cards (named as the play resolves) and keeps it; naming only three is refused
    (spoils.310.1, nothing appended); declining destroys it."""
    setup = position(hands={"alice": ["Swashbuckler"]}, icons={"alice": "DDDD"})
    setup["players"]["bob"]["discard"] = ["Key Man"] * 4 + ["Gnat"]
    for choices, stays in (({"targets": [["Key Man"] * 3 + ["Gnat"]]}, True), ({"may": False}, False)):
        t = new_game(client, setup)
        t.act(_play("Swashbuckler"))
        if stays:
            before = t.state()["position"]
            short = {"type": "pass", "player": "bob", "choices": {"targets": [["Key Man"] * 3]}}
            assert _rules(t.refuse(short)) == ["spoils.310.1"] and t.state()["position"] == before
        t.act({"type": "pass", "player": "bob", "choices": choices})
        bob, alice = t.state()["players"]["bob"], t.state()["players"]["alice"]
        assert bool(t.named("Swashbuckler")) is stays
        kept = (["Key Man"], []) if stays else (setup["players"]["bob"]["discard"], ["Swashbuckler"])
        assert (bob["discard"], alice["discard"]) == kept
        assert bob["removed"] == (["Key Man"] * 3 + ["Gnat"] if stays else [])
        assert t.audit_valid()


def test_grand_theft_all_puts_up_to_4_non_tactics_of_the_opponents_discard_pile_into_play(client):
    """Grand Theft All: "Put up to 4 non-tactic cards in your opponent's discard pile into play under
    your control." spoils.402.8 (put into play), spoils.310.1 (the cards named, choices.targets):
    bob's item and character come into play under alice's control; his tactic cannot be named."""
    setup = position(hands={"alice": ["Grand Theft All", "Grand Theft All"]}, icons={"alice": "DDDDDDDDDD"})
    setup["players"]["bob"]["discard"] = ["Index of Natural Forces", "Brash Basher", "Anathematize"]
    t = new_game(client, setup)
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_play("Grand Theft All", targets=[["Index of Natural Forces", "Anathematize"]])))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    t = new_game(client, setup)
    t.act(_play("Grand Theft All", targets=[["Index of Natural Forces", "Brash Basher"]]))
    t.act({"type": "pass", "player": "bob"})
    taken = {c["name"]: (c["controller"], c["owner"]) for c in t.state()["cards"].values()}
    assert taken == {"Index of Natural Forces": ("alice", "bob"), "Brash Basher": ("alice", "bob")}
    assert t.state()["players"]["bob"]["discard"] == ["Anathematize"]


def test_writ_of_reclamation_removes_x_cards_of_the_discard_pile_and_shuffles_the_other_x_in(client):
    """Writ of Reclamation: "COST: Choose a number for X that is 3 or less. Remove X cards in your
    discard pile from the game. Pick X other cards in your discard pile. EFFECT: Shuffle the other
    cards into your deck. Draw a card." spoils.401.2 (the cards the cost removes are chosen: X of
    them, none in play), spoils.403.6a (removed from the game), spoils.313.2 (shuffled into the deck).
    The cost once removed every card in play instead."""
    setup = position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                            "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}},
                     hands={"alice": ["Writ of Reclamation"]}, icons={"alice": "GGGG"}, decks={"alice": DECK})
    setup["players"]["alice"]["discard"] = ["Brash Basher", "Costly Filcher", "Anathematize", "Time Portal", "Pinch"]
    t = new_game(client, setup)
    assert "spoils.401.2" in _rules(t.refuse(_play("Writ of Reclamation", ["Brash Basher"], ["Anathematize", "Time Portal"],
                                                   x=2)))
    t.act(_play("Writ of Reclamation", ["Brash Basher", "Costly Filcher"], ["Anathematize", "Time Portal"], x=2))
    assert sorted(t.state()["cards"]) == ["a1", "b1"]
    t.act({"type": "pass", "player": "bob"})
    alice = t.state()["players"]["alice"]
    assert alice["removed"] == ["Brash Basher", "Costly Filcher"]
    assert alice["discard"] == ["Pinch", "Writ of Reclamation"]
    assert alice["deck"] == len(DECK) + 2 - 1 and alice["hand"] == 1


def test_warehouse_raid_puts_the_item_discarded_at_random_into_play_under_its_player(client):
    """Warehouse Raid: "COST: Flip a coin. If you win, X is 2. Otherwise, X is 1. EFFECT: Your
    opponent discards X cards at random. Put any items discarded this way into play under your
    control." spoils.305.1 (discarded: drawn at random by the service, spoils.engine.at-random; bob's one
    card is the one drawn), spoils.402.8 (put into play): bob's item comes into play under alice's control;
    his character, discarded the same way, stays in his discard pile."""
    for discarded, taken in (["Index of Natural Forces"], {"Index of Natural Forces": "alice"}), (["Brash Basher"], {}):
        t = new_game(client, position(hands={"alice": ["Warehouse Raid"], "bob": list(discarded)},
                                      icons={"alice": "DDDD"}))
        t.act(_play("Warehouse Raid", coin="lose"))
        t.act({"type": "pass", "player": "bob"})
        assert {c["name"]: c["controller"] for c in t.state()["cards"].values()} == taken
        assert t.state()["players"]["bob"]["discard"] == ([] if taken else discarded)


def test_ipsighast_removes_the_character_picked_in_the_opponents_discard_pile_from_the_game(client):
    """Ipsighast, the Lustful: "EXHUMATION COST: Pay 3. Pick a character in an opponent's discard
    pile. EFFECT: Remove that character from the game. This turn, this card gains COVERT. You may put
    the top 3 cards of that opponent's deck into their discard pile." spoils.310.1 (the pick, in
    targets), spoils.403.6a (removed from the game): Brash Basher leaves bob's discard pile for good;
    it once stayed there."""
    setup = position(cards={"x1": {"card": "Ipsighast, the Lustful", "controller": "alice"}}, icons={"alice": "OOOO"},
                     decks={"bob": DECK})
    setup["players"]["bob"]["discard"] = ["Brash Basher", "Anathematize"]
    t = new_game(client, setup)
    t.act({"type": "use_ability", "player": "alice", "card": "x1", "ability": "EXHUMATION", "targets": ["Brash Basher"],
           "choices": {"may": False}})
    t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert bob["discard"] == ["Anathematize"] and bob["removed"] == ["Brash Basher"]
    assert "covert" in t.card("x1")["effective"]["keywords"]


def test_avuncular_merlion_brings_back_a_character_put_into_your_discard_pile_from_play(client):
    """Avuncular Merlion: "If a character you control is put into your discard pile from play, you may pay
    1 and remove a token from this card. If you do, put that character into play under your control.
    Deplete it."  Alice destroys her own Concealed Goon with Unrelenting Ridicule: she pays 1 and the
    Merlion's token goes (spoils.503.1, spoils.309.1); the Goon comes back from her discard pile, depleted
    (spoils.402.8, spoils.303.1).  With no token left on the Merlion nothing of it is done (spoils.402.5)."""
    for tokens in (1, 0):
        cards = {"m1": {"card": "Avuncular Merlion", "controller": "alice", "tokens": tokens},
                 "a1": {"card": "Concealed Goon", "controller": "alice"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Unrelenting Ridicule"]}, icons={"alice": "EEE"}))
        t.resolve("alice", "bob", _play("Unrelenting Ridicule", "a1"))
        goon = t.named("Concealed Goon", "alice")
        alice = t.state()["players"]["alice"]
        if tokens:
            assert len(goon) == 1 and goon != ["a1"] and t.card(goon[0])["depleted"]
            assert t.card("m1")["tokens"] == 0 and alice["unattached"] == 0
            assert alice["discard"] == ["Unrelenting Ridicule"]
        else:
            assert goon == [] and "Concealed Goon" in alice["discard"] and alice["unattached"] == 1


def test_gilded_yurt_brings_the_removed_character_back_next_turn(client):
    """Gilded Yurt (structure 3): "CHILLAX COST: Deplete this card. Pick a character you control. EFFECT: Remove
    the character from the game. At the start of your next turn, if this card is in play, put the removed
    character into play under your control." (spoils.403.6a, spoils.503.1, spoils.402.8): alice's Stalwart
    Soldier is out of the game during bob's turn and back in play as her next turn starts; when bob's own
    Soldier destroys the Yurt in his turn, hers stays out of the game."""
    cards = {"y1": {"card": "Gilded Yurt", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for razed in (False, True):
        t = new_game(client, position(cards=cards))
        t.resolve("alice", "bob", _ability("y1", "CHILLAX", "a1"))
        assert "a1" not in t.state()["cards"] and t.state()["players"]["alice"]["removed"] == ["Stalwart Soldier"]
        t.end_turn("alice", "bob")
        t.act({"type": "develop", "player": "bob", "choice": "draw"})
        if razed:
            t.act({"type": "attack", "player": "bob", "attackers": ["b1"], "target": "y1"})
            t.fight()
            assert "y1" not in t.state()["cards"]
        assert not t.named("Stalwart Soldier", "alice")
        t.end_turn("bob", "alice")
        back = t.named("Stalwart Soldier", "alice")
        assert bool(back) is not razed
        assert t.state()["players"]["alice"]["removed"] == ([] if not razed else ["Stalwart Soldier"])
        assert t.audit_valid()
