"""Cards played by an effect as it resolves (604.2: by the steps of 604.1, the effect saying when; "for
free": numeric cost 0, threshold and extra costs still apply, 308.1, 308.1a), from a hand, a discard
pile, a deck or a face-down resource a cost revealed; cards named, picked, revealed and put between
zones.  Real cards played by name through the API; each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "play_card", "player": player, "card": card, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


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
