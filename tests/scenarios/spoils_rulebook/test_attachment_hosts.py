"""Attaching in The Spoils read against rules 301.2 and 301.3: a card attached anew leaves its old host,
a card has one host at a time, and a host may carry any number of cards, with real gear from the
shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data

CARDS = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
         "a2": {"card": "Creaky Old Swordsman", "controller": "alice"},
         "k1": {"card": "Kettinger", "controller": "alice", "attached_to": "a1"},
         "k2": {"card": "Rocket Boots", "controller": "alice", "attached_to": "a1"}}
HANDOFF = {"type": "use_ability", "player": "alice", "card": "k1", "ability": "HANDOFF", "targets": ["a2"]}


def _hosts(t) -> dict[str, str | None]:
    return {cid: c["attached_to"] for cid, c in t.state()["cards"].items()}


def test_attaching_a_card_detaches_it_from_its_old_host(client):
    """spoils.301.2: attaching a card to something detaches it at once from whatever held it.  Alice's
    Kettinger (+2 strength) sits on her Stalwart Soldier; its HANDOFF attaches it to her Creaky Old
    Swordsman.  It now hangs on the Swordsman alone, and the Soldier loses the 2 strength it gave."""
    t = new_game(client, position(cards=CARDS, icons={"alice": "RRR"}))
    assert (t.card("a1")["effective"]["strength"], t.card("a2")["effective"]["strength"]) == (6, 3)
    t.resolve("alice", "bob", HANDOFF)
    assert _hosts(t)["k1"] == "a2", "spoils.301.2"
    assert (t.card("a1")["effective"]["strength"], t.card("a2")["effective"]["strength"]) == (4, 5), "spoils.301.2"


def test_one_host_per_card_any_number_of_cards_per_host(client):
    """spoils.301.3: an attached card has a single host, but a host may carry any number of cards.
    Alice's Soldier already carries Kettinger and Rocket Boots; a second Kettinger from her hand joins
    them (3 + 2 + 1 + 2 strength), while the moved Kettinger belongs to the Swordsman only."""
    t = new_game(client, position(cards=CARDS, icons={"alice": "RRRRR"}, hands={"alice": ["Kettinger"]}))
    t.resolve("alice", "bob", play_card("Kettinger", attach_to="a1"))
    new = next(c for c in t.named("Kettinger") if c != "k1")
    assert sorted(c for c, host in _hosts(t).items() if host == "a1") == sorted([new, "k1", "k2"]), "spoils.301.3"
    assert t.card("a1")["effective"]["strength"] == 8
    t.resolve("alice", "bob", HANDOFF)
    hosts = _hosts(t)
    assert (hosts["k1"], sorted(c for c, host in hosts.items() if host == "a1")) == ("a2", sorted([new, "k2"])), \
        "spoils.301.3"
