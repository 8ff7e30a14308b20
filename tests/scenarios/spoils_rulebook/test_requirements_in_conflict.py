"""Several "must" requirements on one action in The Spoils (505.1-505.2c and the FAQ entries on two
cards that must both be picked and on Hangdog Alley with Arcana Department), through the API with
real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data

MINISTRY = "The Ministry of Other Smaller Ministries"  # "Your opponent must pay 2 to attack."


def _attack(*attackers: str) -> dict:
    return {"type": "attack", "player": "alice", "attackers": list(attackers)}


def _ministries(client, copies: int, icons: str):
    cards = {f"m{i}": {"card": MINISTRY, "controller": "bob"} for i in range(1, copies + 1)}
    cards["a1"] = {"card": "Stalwart Soldier", "controller": "alice"}
    return new_game(client, position(cards=cards, icons={"alice": icons}))


def test_too_few_resources_for_a_requirement_forbids_the_action(client):
    """spoils.505.2a: being short of resources to pay what a requirement asks does not make the
    requirement impossible, so it is not set aside: with one resource against bob's Ministry (pay 2 to
    attack), alice cannot attack at all, and nothing is appended."""
    t = _ministries(client, 1, "R")
    before = t.state()["position"]
    assert rule_ids(t.refuse(_attack("a1"))) == ["spoils.505.1"], "spoils.505.2a"
    assert t.state()["position"] == before and t.state()["battle"] is None


def test_two_copies_of_a_payment_requirement_are_both_paid(client):
    """spoils.505.2b: separate requirements add up; with two of bob's Ministries in play, each asking 2
    to attack, alice's attack costs 4: refused with 3 resources, made with 4, all of them spent."""
    short = _ministries(client, 2, "RRR")
    assert "spoils.505.1" in rule_ids(short.refuse(_attack("a1"))), "spoils.505.2b"
    t = _ministries(client, 2, "RRRR")
    t.act(_attack("a1"))
    assert t.state()["battle"] is not None
    assert t.state()["players"]["alice"]["unattached"] == 0, "spoils.505.2b: 2 + 2 paid"


def _hangdog_and_arcana(client):
    cards = {"h1": {"card": "Hangdog Alley", "controller": "bob"},  # an attacking party of 1 member only
             "d1": {"card": "Arcana Department", "controller": "bob"},  # an even number of members
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "a3": {"card": "Stalwart Soldier", "controller": "alice"}}
    return new_game(client, position(cards=cards))


def test_contradictory_party_requirements_still_allow_an_attack(client):
    """spoils.faq.conflicting-requirements and spoils.505.2c: Hangdog Alley wants an attacking party of
    one, Arcana Department an even number; no party meets both, so alice meets as many as she can (one
    of them): a party of one and a party of two may both attack, and the answer cites 505.2c."""
    for party in (["a1"], ["a1", "a2"]):
        t = _hangdog_and_arcana(client)
        t.act(_attack(*party))
        assert t.state()["battle"]["attackers"] == party, "spoils.faq.conflicting-requirements"
        assert "spoils.505.2c" in cited(t.last)


def test_a_party_meeting_none_of_the_requirements_is_refused(client):
    """spoils.505.2c: at least one requirement must be met when one can be; a party of three meets
    neither Hangdog Alley's nor Arcana Department's demand, so it is refused naming both cards, and
    nothing is appended."""
    t = _hangdog_and_arcana(client)
    before = t.state()["position"]
    violations = t.refuse(_attack("a1", "a2", "a3"))
    assert rule_ids(violations) == ["spoils.101.1", "spoils.101.1"], "spoils.505.2c"
    assert {"Hangdog Alley", "Arcana Department"} <= {v["message"].split(":")[0] for v in violations}
    assert t.state()["position"] == before


def test_a_single_requirement_that_can_be_met_must_be_met(client):
    """spoils.505.1 beside 505.2c: Arcana Department alone asks for an even party; alice, able to form
    one, may not attack with a single character."""
    cards = {"d1": {"card": "Arcana Department", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert rule_ids(t.refuse(_attack("a1"))) == ["spoils.101.1"]
    t.act(_attack("a1", "a2"))
    assert "spoils.505.2c" not in cited(t.last), "spoils.505.1: the one requirement was met"


def _ferrets(client):
    cards = {"f1": {"card": "Ferrous Ferret", "controller": "bob"},  # anything that can pick it must pick it
             "f2": {"card": "Ferrous Ferret", "controller": "bob"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    return new_game(client, position(cards=cards, hands={"alice": ["Air Travel"]}, icons={"alice": "OOO"},
                                     decks={"alice": ["Greed"]}))


def test_two_cards_that_must_be_picked_let_the_player_pick_either(client):
    """spoils.faq.mutual-must-pick and spoils.505.2b: two Ferrous Ferrets each demand that Air Travel
    ("pick a character") pick them; it can pick only one, so alice picks either and ignores the other.
    Only the one picked counts as picked: its "if this card is picked" puts a token on it alone."""
    for picked, ignored in (("f1", "f2"), ("f2", "f1")):
        t = _ferrets(client)
        t.resolve("alice", "bob", play_card("Air Travel", picked))
        assert t.card(picked)["tokens"] == 1 and t.card(ignored)["tokens"] == 0, "spoils.faq.mutual-must-pick"
        assert t.card(picked)["effective"]["keywords"] == ["covert"], "spoils.505.2b"


def test_a_pick_must_still_take_one_of_the_cards_that_must_be_picked(client):
    """spoils.505.2b: picking either Ferret satisfies as many requirements as any pick could, but
    picking bob's Soldier satisfies none: refused citing the Ferret's text (101.1), nothing appended."""
    t = _ferrets(client)
    before = t.state()["position"]
    assert rule_ids(t.refuse(play_card("Air Travel", "s1"))) == ["spoils.101.1"], "spoils.505.2b"
    assert t.state()["position"] == before
    t.act(play_card("Air Travel", "f1"))
    assert "spoils.faq.mutual-must-pick" in cited(t.last)
