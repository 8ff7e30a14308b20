"""A character that arrives as a turn starts, in The Spoils, read against rule 204.3b, with a real card
from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_a_character_put_into_play_as_the_turn_starts_cannot_attack_that_turn(client):
    """spoils.204.3b: a character an effect puts into play at the start of the turn was not in play
    when the turn began, so it cannot attack that turn.  Alice's Time Portal puts a Micromajig token
    into play as her turn starts; after she develops, the token's attack is refused (608.1b)."""
    t = new_game(client, position(active="bob", cards={"p1": {"card": "Time Portal", "controller": "alice"}},
                                  decks={"alice": ["Greed", "Rage"]}))
    t.end_turn("bob", "alice")
    token = t.named("Micromajig Token", "alice")
    assert len(token) == 1 and t.card(token[0])["can_attack"] is False, "spoils.204.3b"
    t.act({"type": "develop", "player": "alice", "choice": "draw"})
    assert rule_ids(t.refuse({"type": "attack", "player": "alice", "attackers": token})) == ["spoils.608.1b"], \
        "spoils.204.3b"
