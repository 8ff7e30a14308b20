"""Spoils cards whose printed texts the effect language could not say before round 4 (new texts),
played by name through the API: each test shows the card's printed text changing the game, and
cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice", **extra) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)} | extra


def test_padamose_weakens_the_opponents_mau_and_arcanist_characters(client):
    """Padamose, Emperor of Marduun: "All your opponent's \\"mau\\" characters and Arcanist characters
    lose 1 strength and 1 life." (spoils.402.1, spoils.201.7b): with Padamose in alice's play, bob's
    Dandy Day-Trader (a Banker "mau", 1/5) and Kinky Asp (an Arcanist, 4/2) each lose 1 strength and
    1 life, bob's Stalwart Soldier (neither) and alice's own Gnat (an Arcanist) keep theirs; without
    Padamose nobody changes."""
    cards = {"p1": {"card": "Padamose, Emperor of Marduun", "controller": "alice"},
             "g1": {"card": "Gnat", "controller": "alice"},
             "d1": {"card": "Dandy Day-Trader", "controller": "bob"},
             "k1": {"card": "Kinky Asp", "controller": "bob"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    stats = {c: (t.card(c)["effective"]["strength"], t.card(c)["effective"]["life"]) for c in ("g1", "d1", "k1", "s1")}
    assert stats == {"g1": (1, 1), "d1": (0, 4), "k1": (3, 1), "s1": (3, 3)}
    u = new_game(client, position(cards={k: v for k, v in cards.items() if k != "p1"}))
    assert (u.card("d1")["effective"]["strength"], u.card("k1")["effective"]["life"]) == (1, 2)
    assert t.audit_valid() and u.audit_valid()
