"""Spoils cards the engine enforces but no scenario played (final c), played by name through the API:
each test shows the card's printed text changing the game, and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _use(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    return action | ({"choices": choices} if choices else {})


def _settle(t, **choices) -> None:
    """Triggers that fired resolve: each pending choice takes its first option with ``choices``."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def test_rumply_ruse_speeds_up_the_party_of_its_player(client):
    """Rumply Ruse: "COST: Play this only during a battle. EFFECT: This turn, all characters in your party
    gain 1 speed." (spoils.401.3a, spoils.608.1c, spoils.609.1b): out of battle it is refused; played by
    alice before blocks, her Stalwart Soldier (3/3/3) strikes bob's blocking Soldier first at speed 4 and
    survives, where without it both are destroyed."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Rumply Ruse"]}, icons={"alice": "DDD"})
    t = new_game(client, setup)
    assert _rules(t.refuse(_play("Rumply Ruse"))) == ["spoils.401.3a"]
    for ruse in (True, False):
        t = new_game(client, setup)
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        if ruse:
            t.resolve("alice", "bob", _play("Rumply Ruse"))
            assert t.card("a1")["effective"]["speed"] == 4 and t.card("b1")["effective"]["speed"] == 3
        t.fight(blockers=["b1"])
        assert sorted(t.state()["cards"]) == (["a1"] if ruse else [])
        assert t.audit_valid()
