"""Triggers that fire while costs are being paid wait for the last cost, then happen together (503.3,
604.1d-f, 606.1c-e), and a resource entering play sets off its enter-play triggers together (605.3),
through the API with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _cash_in(client):
    """Cashier's Window's CASH IN costs "destroy a character you control, deplete this card"; Key Man
    draws a card as it leaves play; bob's Humiliating Torture Apparatus makes the controller of any
    depleted card lose 1 influence."""
    cards = {"w1": {"card": "Cashier's Window", "controller": "alice"},
             "k1": {"card": "Key Man", "controller": "alice"},
             "h1": {"card": "Humiliating Torture Apparatus", "controller": "bob"}}
    t = new_game(client, position(cards=cards, decks={"alice": ["Rage", "Greed"]}))
    t.act({"type": "use_ability", "player": "alice", "card": "w1", "ability": "CASH IN", "targets": ["k1"]})
    return t


def test_a_trigger_set_off_by_one_cost_waits_for_the_others(client):
    """spoils.503.3: depleting the Window (one cost of CASH IN) sets off the Apparatus, but it does not
    resolve there: Key Man is destroyed (the other cost) first, and no trigger has resolved yet."""
    t = _cash_in(client)
    kinds = types(t.last)
    assert kinds.index("CardsDepleted") < kinds.index("CardDestroyed"), "spoils.606.1c"
    assert "TriggerResolved" not in kinds, "spoils.503.3"
    assert t.influence("alice") == 25 and t.state()["players"]["alice"]["hand"] == 0, "spoils.503.3"


def test_triggers_held_while_paying_an_ability_resolve_together(client):
    """spoils.606.1e: once CASH IN's costs are paid, the two triggers they set off (bob's Apparatus,
    alice's Key Man) happen at the same time; as they come from different players, alice, the active
    player, chooses which resolves first (spoils.503.4)."""
    t = _cash_in(client)
    choice = t.state()["choice"]
    assert (choice["kind"], choice["player"]) == ("trigger_order", "alice"), "spoils.606.1e"
    assert len(choice["options"]) == 2, "spoils.606.1e"
    t.act({"type": "choose", "player": "alice", "choice": choice["options"][0]})
    assert t.influence("alice") == 24 and t.state()["players"]["alice"]["hand"] == 1
    assert t.state()["pending"] and t.state()["pending"][0]["kind"] != "card", "spoils.606.1f: CASH IN still waits"


def _hiatus(client):
    """Mutineer's Hiatus (1, [G]): "COST: Destroy a character you own. EFFECT: Draw 2 cards.", played
    on Key Man ("if this card leaves play, draw a card") beside alice's Living God of Thabbash ("when a
    character you control leaves play, your opponent discards a card")."""
    cards = {"k1": {"card": "Key Man", "controller": "alice"},
             "g1": {"card": "Living God of Thabbash", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Mutineer's Hiatus"], "bob": ["Gnat"]},
                                  icons={"alice": "G"}, decks={"alice": ["Rage", "Greed", "Rage"]}))
    t.act(play_card("Mutineer's Hiatus", "k1"))
    return t


def test_triggers_held_while_playing_a_card_happen_together(client):
    """spoils.604.1f: destroying Key Man to pay for the Hiatus sets off two triggers; with every cost
    paid they happen at the same time, alice ordering them (both are hers, 503.4), while the Hiatus
    itself still waits for bob's answer (604.1g)."""
    t = _hiatus(client)
    kinds = types(t.last)
    assert kinds.index("ResourcesAttached") < kinds.index("TriggersPending")
    pending = [e["data"]["triggers"] for e in t.last["events"] if e["type"] == "TriggersPending"]
    assert len(pending) == 1 and len(pending[0]) == 2, "spoils.604.1f: one event, both triggers"
    choice = t.state()["choice"]
    assert (choice["kind"], choice["player"], len(choice["options"])) == ("trigger_order", "alice", 2), \
        "spoils.604.1f"
    assert [p["name"] for p in t.state()["pending"]] == ["Mutineer's Hiatus"]


def test_the_held_triggers_resolve_before_the_opponent_answers(client):
    """spoils.604.1f then 604.1g: both triggers resolve (alice draws 1, bob discards his one card), and
    only then does bob get to answer the Hiatus; when he passes it draws alice 2 more."""
    t = _hiatus(client)
    t.act({"type": "choose", "player": "alice", "choice": t.state()["choice"]["options"][0]})
    state = t.state()
    assert (state["players"]["alice"]["hand"], state["players"]["bob"]["hand"]) == (1, 0), "spoils.604.1f"
    assert len(state["players"]["bob"]["discard"]) == 1
    assert state["to_act"] == "bob"
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["players"]["alice"]["hand"] == 3


def test_a_picked_trigger_waits_for_the_numeric_cost(client):
    """spoils.503.3 with 604.1d: picking bob's Ferrous Ferret is one of Air Travel's costs and sets off
    the Ferret's "if this card is picked, put a token on it"; the token comes only after alice has paid
    Air Travel's numeric cost."""
    cards = {"f1": {"card": "Ferrous Ferret", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Air Travel"]}, icons={"alice": "OOO"},
                                  decks={"alice": ["Greed"]}))
    t.act(play_card("Air Travel", "f1"))
    kinds = types(t.last)
    assert kinds.index("ResourcesAttached") < kinds.index("TriggerResolved") < kinds.index("TokensChanged"), \
        "spoils.503.3"
    assert t.card("f1")["tokens"] == 1


def test_a_resource_entering_play_sets_off_its_triggers_together(client):
    """spoils.605.3: alice develops with an Obsession; both of her Titillated Mooncalfs ("if a card that
    provides at least [O] enters play under your control ...") fire at once, in one batch, and alice
    orders them."""
    cards = {"m1": {"card": "Titillated Mooncalf", "controller": "alice"},
             "m2": {"card": "Titillated Mooncalf", "controller": "alice"}}
    t = new_game(client, position(cards=cards, stage="develop", hands={"alice": ["Obsession"]}))
    t.act({"type": "develop", "player": "alice", "choice": "resource",
           "resource": {"card": "Obsession", "face_up": True}})
    batches = [e["data"]["triggers"] for e in t.last["events"] if e["type"] == "TriggersPending"]
    assert [sorted(tr["card_id"] for tr in b) for b in batches] == [["m1", "m2"]], "spoils.605.3"
    assert "spoils.503.4" in cited(t.last)
    assert t.state()["choice"]["kind"] == "trigger_order", "spoils.605.3"
