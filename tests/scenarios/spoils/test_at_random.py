"""Issue 25 ("at random" made by the game's seeded random source) and issue 24 (fail closed): a card a text
takes at random is drawn by the service, seeded by the game, the position and the card, so a replay and
the audit draw the same (spoils.engine.at-random).  The player whose card it is names nothing: a pick is
refused (422, nothing appended); a judge recording what happened at the table gives the cards drawn there
in ``choices.at_random``, appended flagged in record mode.  Played by name through the API."""
from __future__ import annotations

from tests.scenarios.spoils.steps import resolve_triggers as _settle
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data
RULE = "spoils.engine.at-random"
HAND = ["Rage", "Brash Basher", "Stalwart Soldier", "Anathematize", "Heavy Sword"]


def _smoke_out(client):
    """Orgy Den Smoke Out: "Your opponent discards a card at random. Put the top 2 cards of their deck
    into their discard pile." bob holds five cards the judge knows."""
    return new_game(client, position(hands={"alice": ["Orgy Den Smoke Out"], "bob": list(HAND)}, icons={"alice": "DDDD"}))


def _discarded_at_random(t) -> list[str]:
    return [c for c in t.state()["players"]["bob"]["discard"] if c in HAND]


def test_a_discard_at_random_is_drawn_by_the_service_and_the_same_on_replay(client):
    """spoils.305.1 with spoils.engine.at-random: bob discards one of his five cards, which the service
    draws (the trace cites the rule); another game from the same position draws the same card; the audit,
    which decides every action again, agrees."""
    drawn = []
    for _ in range(2):
        t = _smoke_out(client)
        t.resolve("alice", "bob", _play("Orgy Den Smoke Out"))
        bob = t.state()["players"]["bob"]
        assert bob["hand"] == 4 and len(_discarded_at_random(t)) == 1
        assert sorted(bob["hand_cards"] + _discarded_at_random(t)) == sorted(HAND)
        assert RULE in t.trace_text() and "drawn by the service" in t.trace_text()
        assert t.audit_valid()
        drawn.append(_discarded_at_random(t))
    assert drawn[0] == drawn[1]


def test_the_caster_naming_the_card_discarded_at_random_is_refused(client):
    """A caster's pick for a choice the text makes at random (choices.discarded) is refused with the rule,
    and nothing is appended; the same with the judge's field in enforce mode."""
    t = _smoke_out(client)
    before = t.state()["position"]
    assert RULE in _rules(t.refuse(_play("Orgy Den Smoke Out", discarded=["Heavy Sword"])))
    assert RULE in _rules(t.refuse(_play("Orgy Den Smoke Out", at_random=["Heavy Sword"])))
    assert t.state()["position"] == before and _discarded_at_random(t) == []


def test_a_judge_records_the_card_discarded_at_random_at_the_table_flagged(client):
    """Record mode: the judge writes down the card drawn at the table (choices.at_random) with the pass that
    resolves the card; it is appended flagged with spoils.engine.at-random and that card is the one
    discarded.  In enforce mode the same pass is refused: the service draws."""
    t = _smoke_out(client)
    t.act(_play("Orgy Den Smoke Out"))
    recorded = {"type": "pass", "player": "bob", "choices": {"at_random": ["Heavy Sword"]}}
    assert RULE in _rules(t.refuse(recorded))
    r = client.post(f"/games/{t.gid}/actions", query_string={"mode": "record"}, json=recorded)
    assert r.status_code == 201 and RULE in [v["rule"]["id"] for v in r.get_json()["violations"]]
    assert _discarded_at_random(t) == ["Heavy Sword"] and "Heavy Sword" not in t.state()["players"]["bob"]["hand_cards"]


def test_a_hidden_hand_discards_unnamed_cards_at_random(client):
    """A hand the judge does not know: the service cannot name the card; one card leaves it, unnamed."""
    setup = position(hands={"alice": ["Orgy Den Smoke Out"]}, icons={"alice": "DDDD"})
    setup["players"]["bob"]["hand"] = 3
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play("Orgy Den Smoke Out"))
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 2 and "(unnamed card)" in bob["discard"] and t.audit_valid()


def test_warehouse_raid_puts_into_play_the_item_drawn_at_random(client):
    """Warehouse Raid: "... Your opponent discards X cards at random. Put any items discarded this way into
    play under your control." With X = 2 (won coin) and bob's two cards, both are drawn: his item comes
    into play under alice; his character stays in his discard pile (spoils.402.8)."""
    t = new_game(client, position(hands={"alice": ["Warehouse Raid"], "bob": ["Index of Natural Forces", "Brash Basher"]},
                                  icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", _play("Warehouse Raid", coin="win"))
    assert {c["name"]: c["controller"] for c in t.state()["cards"].values()} == {"Index of Natural Forces": "alice"}
    assert t.state()["players"]["bob"]["discard"] == ["Brash Basher"] and t.audit_valid()


def test_a_random_card_of_a_discard_pile_is_drawn_among_its_cards(client):
    """Derelict Seafarer: "When this card enters play, you lose 3 influence and put a random card from your
    discard pile into your hand." spoils.503.1: the card comes from alice's discard pile, drawn by the
    service (spoils.engine.at-random), the same in a second game from the same position."""
    got = []
    for _ in range(2):
        setup = position(hands={"alice": ["Derelict Seafarer"]}, icons={"alice": "GGGGGGGG"})
        setup["players"]["alice"]["discard"] = ["Rage", "Heavy Sword", "Brash Basher"]
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Derelict Seafarer"))
        _settle(t)
        alice = t.state()["players"]["alice"]
        assert len(alice["discard"]) == 2 and len(alice["hand_cards"]) == 1
        assert alice["hand_cards"][0] in {"Rage", "Heavy Sword", "Brash Basher"} - set(alice["discard"])
        assert t.audit_valid()
        got.append(alice["hand_cards"])
    assert got[0] == got[1]
