"""Extra costs of The Spoils paid as a card is played or an ability used (spoils.604.1c, 401.2,
401.3, 606.1c-d), and still paid when the numeric cost is not (spoils.308.1a, 406.3), through the
API with real cards."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_a_card_being_played_cannot_discard_itself_for_its_own_cost(client):
    """spoils.604.1c with spoils.401.2: a card being played has left its player's hand, so it cannot be
    what its own "discard a character or item" pays with.  Alice's only card in hand is Thief Doyen: the
    play is refused, nothing is recorded, and the Doyen stays in her hand."""
    t = new_game(client, position(hands={"alice": ["Thief Doyen"]}, icons={"alice": "DDDD"}))
    before = t.state()["position"]
    for action in (play_card("Thief Doyen"), play_card("Thief Doyen", discarded=["Thief Doyen"])):
        assert "spoils.401.2" in rule_ids(t.refuse(action))
    s = t.state()
    assert s["position"] == before and s["players"]["alice"]["hand_cards"] == ["Thief Doyen"], "spoils.604.1c"
    assert s["players"]["alice"]["discard"] == [] and s["cards"] == {}


def test_a_second_copy_in_hand_can_pay_the_discard(client):
    """spoils.604.1c: with two Thief Doyens in hand, the one played can discard the other (a character
    whose numeric cost 4 gives it 4 tokens); only the other copy ends in the discard pile."""
    t = new_game(client, position(hands={"alice": ["Thief Doyen", "Thief Doyen"]}, icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", play_card("Thief Doyen", discarded=["Thief Doyen"]))
    s = t.state()
    assert s["players"]["alice"]["discard"] == ["Thief Doyen"] and s["players"]["alice"]["hand_cards"] == []
    (doyen,) = t.named("Thief Doyen", "alice")
    assert t.card(doyen)["tokens"] == 4, "spoils.406.1"  # the discarded copy's numeric cost is its printed 4


def test_an_ability_whose_discard_cannot_be_paid_is_not_used(client):
    """spoils.606.1c with spoils.606.1d: Real Estate Auctioneer's LIQUIDATE asks for 2, a discard and
    depleting the Auctioneer.  With an empty hand the discard cannot be done, so using it is illegal:
    refused, the Auctioneer stays ready and no resource is spent."""
    cards = {"e1": {"card": "Real Estate Auctioneer", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGGG"}))
    liquidate = {"type": "use_ability", "player": "alice", "card": "e1", "ability": "LIQUIDATE", "targets": []}
    assert rule_ids(t.refuse(liquidate)) == ["spoils.401.2"], "spoils.606.1d"
    s = t.state()
    assert s["cards"]["e1"]["depleted"] is False and s["players"]["alice"]["unattached"] == 4, "spoils.606.1d"


def test_a_card_played_for_free_still_pays_its_discard(client):
    """spoils.308.1a with spoils.406.3: Preponderant Craftsman's CREATE plays a character for free; the
    numeric cost of Thief Doyen is 0, but its extra cost is still paid: the Stalwart Soldier named for
    it is discarded and the Doyen enters with 3 tokens (its cost)."""
    hand = ["Thief Doyen", "Stalwart Soldier"]
    t = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": hand}, icons={"alice": "DDGGG"}))
    entry = {"card": "Thief Doyen", "choices": {"discarded": ["Stalwart Soldier"]}}
    t.act({"type": "use_ability", "player": "alice", "card": "k1", "ability": "CREATE", "targets": [],
           "choices": {"free_plays": [entry]}})
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    (doyen,) = t.named("Thief Doyen", "alice")
    assert s["players"]["alice"]["discard"] == ["Stalwart Soldier"], "spoils.308.1a"
    assert s["cards"][doyen]["tokens"] == 3 and s["players"]["alice"]["hand_cards"] == []


def test_a_card_played_for_free_without_its_discard_is_not_played(client):
    """spoils.308.1a: the same free play with nothing else in hand cannot pay the Doyen's discard, so
    the Doyen is not played and stays in alice's hand."""
    t = new_game(client, position(cards={"k1": {"card": "Preponderant Craftsman", "controller": "alice"}},
                                  hands={"alice": ["Thief Doyen"]}, icons={"alice": "DDGGG"}))
    t.act({"type": "use_ability", "player": "alice", "card": "k1", "ability": "CREATE", "targets": [],
           "choices": {"free_plays": ["Thief Doyen"]}})
    assert "CardPlayed" not in t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert not t.named("Thief Doyen") and s["players"]["alice"]["hand_cards"] == ["Thief Doyen"], "spoils.308.1a"
    assert "spoils.401.2" in t.trace_text() and s["players"]["alice"]["discard"] == []


def test_a_pay_x_extra_cost_is_still_paid_when_the_card_is_free(client):
    """spoils.308.1a with spoils.406.3: Aroused Stiffbone's only cost is the extra cost "pay X, where X is
    7 minus the [R] you control".  Played for free by Preponderant Craftsman's CREATE (which costs 5),
    its cost value is 0 but its extra cost is not: with 3 [R] alice pays 4 more, 9 resources in all."""
    cards = {"k1": {"card": "Preponderant Craftsman", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Aroused Stiffbone"]}, icons={"alice": "RRREEEEEE"}))
    t.act({"type": "use_ability", "player": "alice", "card": "k1", "ability": "CREATE", "targets": [],
           "choices": {"free_plays": ["Aroused Stiffbone"]}})
    assert t.state()["players"]["alice"]["unattached"] == 4
    t.act({"type": "pass", "player": "bob"})
    played = next(e["data"] for e in t.events() if e["type"] == "CardPlayed")
    assert played["cost"] == 4, "spoils.308.1a"
    assert "spoils.engine.free-cost" in cited(t.last)
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Aroused Stiffbone", "alice") and t.state()["players"]["alice"]["unattached"] == 0, "spoils.406.3"


def test_influence_lost_as_a_cost_is_not_paying(client):
    """spoils.309.1b: Mutiny Grant costs 2 and makes alice's faction lose influence equal to the picked
    character's numeric cost; only the 2 is paid with resources, the 3 of the Stalwart Soldier is lost as
    influence, not paid."""
    t = new_game(client, position(cards={"b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant"]}, icons={"alice": "GGGGGG"}))
    t.resolve("alice", "bob", play_card("Mutiny Grant", "b1"))
    assert t.state()["players"]["alice"]["unattached"] == 4, "spoils.309.1b"
    assert t.influence("alice") == 22, "spoils.309.1b"
