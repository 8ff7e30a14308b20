"""Resources and face-down cards, played by name through the API: a face-down resource put into a
hand, a spent resource played again unattached, resources detached, cards recurring or coming into
play as face-down resources, and abilities used only from the resources (spoils.411).  Each test
cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _ability_choices
from tests.scenarios.spoils.positions import face_down as _face_down
from tests.scenarios.spoils.readings import event_types as _types, unattached as _unattached_of
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


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
    assert _unattached_of(t, "alice") == 0
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


def test_fired_hand_uses_its_ability_only_as_a_face_down_resource(client):
    """Fired Hand: "PETTY VENGEANCE COST: Use this only while this card is a face-down resource. Reveal
    this card. Pay 1. Discard a card. Pick a character. EFFECT: This turn, the character loses 1 life."
    spoils.401.3a (in play it cannot be used), spoils.606.1 (as a face-down resource it can: Creaky Old
    Swordsman, 2 life, has 1 this turn)."""
    cards = {"s1": {"card": "Creaky Old Swordsman", "controller": "bob"}, "h1": {"card": "Fired Hand", "controller": "alice"}}
    t = new_game(client, _face_down(position(cards=cards, hands={"alice": ["Brash Basher"]}, icons={"alice": "D"}),
                                    "alice", f1="Fired Hand"))
    assert "spoils.401.3a" in [v["rule"]["id"] for v in t.refuse(
        _ability_choices("h1", "PETTY VENGEANCE", "s1", discarded=["Brash Basher"]))]
    t.act(_ability_choices("f1", "PETTY VENGEANCE", "s1", discarded=["Brash Basher"]))
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
    t.act(_ability_choices("f1", "SNICKER SNACK", "s1", discarded=["Brash Basher"]))
    t.act({"type": "pass", "player": "bob"})
    assert "s1" not in t.state()["cards"] and t.influence("alice") == 24
