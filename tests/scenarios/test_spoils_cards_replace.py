"""Replacements, redirects and icon conditions (round 3e), played by name through the API: each test
shows the card's text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "play_card", "player": player, "card": card, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


# ------------------------------------------------------------------------------ "if you control [R][R]"

def test_unscrupuls_of_victory_reads_the_icons_alice_controls(client):
    """Unscrupuls of Victory: "If you control at least [O][O], your opponent discards 1 card. If you
    control at least [G][G], draw 1 card. ... If you control at least [R][R], you may pick a character.
    If you do, inflict 2 damage to it."  The pick is made as the tactic resolves (choices.targets).  The icons counted are those alice's resources provide
    (spoils.311.1, spoils.405.5), never spent by paying (spoils.405.6): with [R][R] she damages bob's
    soldier and neither draws nor makes bob discard; with [G][G] she draws and the soldier is unharmed."""
    for icons in ("RR", "GG"):
        cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        t = new_game(client, position(cards=cards, icons={"alice": icons},
                                      hands={"alice": ["Unscrupuls of Victory"], "bob": ["Stalwart Soldier"]}))
        t.resolve("alice", "bob", _play("Unscrupuls of Victory", targets=["b1"]))
        players = t.state()["players"]
        assert players["bob"]["hand"] == 1
        if icons == "RR":
            assert t.card("b1")["damage"] == 2 and players["alice"]["hand"] == 0
        else:
            assert t.card("b1")["damage"] == 0 and players["alice"]["hand"] == 1
