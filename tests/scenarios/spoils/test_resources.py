"""Resources of The Spoils, played by name through the API: a resource destroyed, discarded or
returned to its owner's hand to pay, a played card becoming a face-down resource instead of going to
the discard pile, resources attached to the opponent's faction (spoils.411, spoils.309).  Each test
cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    play_with_choices as _play_choosing, use_ability_choosing as _ability_choices, use_ability_choosing as _use)
from tests.scenarios.spoils.positions import bob_characters as _bobs
from tests.scenarios.spoils.readings import resources_of as _resources
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_vilghame_manewaft_attaches_the_first_resource_each_opponent_plays_each_turn(client):
    """Vilghame Manewaft: "The first resource each opponent plays each turn enters play attached to that
    opponent's faction." spoils.605.1, spoils.309.1: alice's first resource of the turn (developing)
    enters attached, so it pays nothing this turn; bob's own resource is not."""
    cards = {"v1": {"card": "Vilghame Manewaft", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop"))
    t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True, "id": "alice.r9"})
    res = t.state()["players"]["alice"]["resources"]["alice.r9"]
    assert res["attached"] is True and "Vilghame Manewaft" in t.trace_text()
    u = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Greed"]}, stage="develop"))
    u.act({"type": "play_resource", "player": "bob", "card": "Greed", "face_up": True, "id": "bob.r9"})
    assert u.state()["players"]["bob"]["resources"]["bob.r9"]["attached"] is False


def test_the_currency_bazaar_trades_a_resource_card_and_recurs(client):
    """The Currency Bazaar: "TRADE COST: Pay 1. Discard a resource. EFFECT: Search your deck for a staple
    resource and reveal it. Put it into your hand. RECUR: [G] COST: Use this only if this card is in your
    discard pile. Pay 3. Remove this card from the game. EFFECT: Search your deck for a card named "The
    Currency Bazaar" ..." (spoils.305.1, spoils.401.2, spoils.312.1, spoils.faq.recur-is-ability): alice
    discards the Obsession in her hand and finds a Greed; discarding her Key Man (no resource), or with an
    empty hand, TRADE is refused; from the discard pile RECUR fetches the other Bazaar."""
    deck = {"alice": ["Key Man", "Greed", "The Currency Bazaar"]}
    cards = {"l1": {"card": "The Currency Bazaar", "controller": "alice"}}
    empty = new_game(client, position(cards=cards, icons={"alice": "GGGG"}, decks=deck))
    assert _rules(empty.refuse(_use("l1", "TRADE", found=["Greed"]))) == ["spoils.401.2"]
    t = new_game(client, position(cards=cards, icons={"alice": "GGGG"}, decks=deck,
                                  hands={"alice": ["Obsession", "Key Man"]}))
    before = t.state()["position"]
    assert _rules(t.refuse(_use("l1", "TRADE", found=["Greed"], discarded=["Key Man"]))) == ["spoils.401.2"]
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _use("l1", "TRADE", found=["Greed"], discarded=["Obsession"]))
    alice = t.state()["players"]["alice"]
    assert (alice["hand_cards"], alice["discard"], alice["unattached"]) == (["Key Man", "Greed"], ["Obsession"], 3)
    assert t.audit_valid()
    setup = position(icons={"alice": "GGGG"}, decks=deck)
    setup["players"]["alice"]["discard"] = ["The Currency Bazaar"]
    u = new_game(client, setup)
    u.resolve("alice", "bob", _use("The Currency Bazaar", "RECUR", found=["The Currency Bazaar"]))
    alice = u.state()["players"]["alice"]
    bazaar = ["The Currency Bazaar"]
    assert (alice["hand_cards"], alice["removed"], alice["discard"]) == (bazaar, bazaar, [])
    assert alice["unattached"] == 1 and u.audit_valid()


def test_siege_machine_destroys_a_resource_its_controller_names(client):
    """Siege Machine: "BATTERING RAM COST: Pay 2. Destroy a resource you control. EFFECT: Your opponent's
    faction loses 1 influence." spoils.401.3 (the resource named as the cost is paid), spoils.304.1 (to
    its owner's discard pile); naming a resource of bob's is refused (spoils.401.3), nothing appended."""
    cards = {"s1": {"card": "Siege Machine", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRR", "bob": "O"}))
    before = t.state()["position"]
    assert "spoils.401.3" in _rules(t.refuse(_ability_choices("s1", "BATTERING RAM", "bob.r1")))
    assert t.state()["position"] == before
    assert "ResourceDestroyed" in t.act(_ability_choices("s1", "BATTERING RAM", "alice.r3"))
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
    t.act(_ability_choices("r1", "PAYDAY LOAN", "alice.r2", option=2))
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


def test_sprint_becomes_a_face_down_resource_instead_of_going_to_the_discard_pile(client):
    """Sprint: "COST: Pick a character. EFFECT: This turn, the character gains 1 speed. Put this card into
    play under its owner's control as a face-down resource instead of into their discard pile." Alice's
    Plodding Brute gains 1 speed (3), and Sprint is now one of her resources, face down (spoils.411.1: it
    provides one Volition), not in her discard pile (spoils.205.2 replaced)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Sprint"]}, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", _play_choosing("Sprint", "b1"))
    assert t.card("b1")["effective"]["speed"] == 3
    p = t.state()["players"]["alice"]
    assert p["discard"] == [] and len(p["resources"]) == 4
    assert any(r.get("name") == "Sprint" and not r["face_up"] for r in p["resources"].values())


def test_hidden_ruins_comes_back_from_the_discard_pile_as_a_resource_when_a_greed_provider_enters(client):
    """Hidden Ruins: "While this card is in your discard pile, if a card that provides at least [G] enters play
    under your control, you may pay 2. If you do, put this card into play under your control as a face-down
    resource." Alice plays Greed face up (spoils.605.1, spoils.311.1), pays 2 and Hidden Ruins leaves her
    discard pile for her resources, face down (spoils.411.1). A Rage, which provides no [G], does nothing."""
    for played, back in (("Rage", False), ("Greed", True)):
        setup = position(stage="develop", hands={"alice": [played]}, icons={"alice": "GG"})
        setup["players"]["alice"]["discard"] = ["Hidden Ruins"]
        t = new_game(client, setup)
        t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": played, "face_up": True}})
        p = t.state()["players"]["alice"]
        assert (p["discard"] == []) is back
        assert any(r.get("name") == "Hidden Ruins" and not r["face_up"] for r in p["resources"].values()) is back
        assert sum(1 for r in p["resources"].values() if r.get("attached")) == (2 if back else 0)


def test_implosive_explosion_inflicts_the_revealed_resources_cost_and_becomes_a_resource(client):
    """Implosive Explosion: "COST: Reveal a face-down resource card you control. X is its numeric cost.
    Destroy it. Pick a character or location. EFFECT: Inflict X damage to the character or location.
    Put this card into play under its owner's control as a face-down resource instead of into their
    discard pile."  Alice reveals and destroys her face-down Costly Filcher (cost 5, spoils.401.3):
    5 damage destroys Dock Sentinel (life 4, spoils.408.1); revealing Agile Highwayman (cost 3) leaves
    it standing with 3 damage.  The revealed resource goes to alice's discard pile (spoils.304.1; it
    stayed in play and X was 0 before), and the tactic becomes her face-down resource (spoils.411.1)."""
    for name, destroyed in (("Costly Filcher", True), ("Agile Highwayman", False)):
        setup = position(cards=_bobs(2), hands={"alice": ["Implosive Explosion"]}, icons={"alice": "RRR"})
        setup["players"]["alice"]["resources"]["alice.r9"] = {"name": name, "face_up": False}
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Implosive Explosion", "alice.r9", "b2"))
        alice = t.state()["players"]["alice"]
        assert ("b2" not in t.state()["cards"]) is destroyed, name
        assert destroyed or t.card("b2")["damage"] == 3
        assert "alice.r9" not in alice["resources"] and name in alice["discard"]
        assert "Implosive Explosion" not in alice["discard"]
        assert len(alice["resources"]) == 4


def test_recollection_bazaar_returns_a_resource_to_its_owners_hand(client):
    """Recollection Bazaar: "RECALL COST: Pick a resource you control. (You can pick face-down resources.)
    EFFECT: Put the resource into it's owner's hand."  Alice's face-down Brash Basher goes back to her
    hand (spoils.310.1, spoils.402.4): she has one resource fewer and the card to play again.  A
    resource bob controls cannot be picked (spoils.310.1)."""
    setup = position(cards={"a1": {"card": "Recollection Bazaar", "controller": "alice"}}, icons={"alice": "OO", "bob": "R"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Brash Basher", "face_up": False}
    t = new_game(client, setup)
    assert "spoils.310.1" in _rules(t.refuse({"type": "use_ability", "player": "alice", "card": "a1",
                                              "ability": "RECALL", "targets": ["bob.r1"]}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "a1", "ability": "RECALL",
                                       "targets": ["alice.r9"]})
    alice = t.state()["players"]["alice"]
    assert "alice.r9" not in alice["resources"] and alice["hand_cards"] == ["Brash Basher"]
    assert len(alice["resources"]) == 2


def test_swinish_elder_attaches_the_resource_the_opponent_plays_for_1(client):
    """Swinish Elder: "If your opponent plays a resource, you may pay 1. If you do, attach that resource
    to your opponent's faction."  Alice develops with a Greed (spoils.202.8, spoils.605.1); bob pays 1
    (spoils.309.1) and her new resource enters attached, paying nothing this turn (spoils.203.3a).
    With nothing to pay with, bob cannot, and it stays unattached."""
    for icons, attached in (("R", True), ("", False)):
        cards = {"e1": {"card": "Swinish Elder", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop", icons={"bob": icons}))
        t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True, "id": "alice.r9"})
        assert t.state()["players"]["alice"]["resources"]["alice.r9"]["attached"] is attached
        assert [r["attached"] for r in t.state()["players"]["bob"]["resources"].values()] == ([True] if icons else [])
