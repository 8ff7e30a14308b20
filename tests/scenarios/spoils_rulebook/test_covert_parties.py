"""Battle parties of The Spoils read against the battle terms of the rules (302.11a, 302.11b, 302.14):
a covert party that loses Covert, blocks made before that, and "in a party with this card", with
real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, position, rule_ids  # noqa: F401

pytestmark = needs_data

SPIDERS = {"j1": {"card": "Jumping Screamspider", "controller": "alice"},
           "j2": {"card": "Jumping Screamspider", "controller": "alice"}}
SCREAM = {"type": "use_ability", "player": "alice", "card": "j1", "ability": "SCREAM", "targets": []}


def _covert_attack(client, bob: dict) -> object:
    t = new_game(client, position(cards={**SPIDERS, **bob}))
    t.act({"type": "attack", "player": "alice", "attackers": ["j1", "j2"]})
    return t


def test_one_member_losing_covert_makes_the_whole_party_blockable(client):
    """spoils.302.11a: a party of two Jumping Screamspiders (both Covert) attacks; bob's Stalwart
    Soldier, without Covert, may not block it (507.3b).  Once one spider loses Covert through its own
    SCREAM cost, the party as a whole is covert no longer, so the Soldier may block the other spider's
    party too."""
    bob = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = _covert_attack(client, bob)
    t.fight(stop="blocks")
    assert rule_ids(t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})) == ["spoils.507.3b"]
    t = _covert_attack(client, bob)
    t.resolve("alice", "bob", SCREAM)
    assert "covert" in t.card("j2")["effective"]["keywords"]
    t.fight(stop="blocks")
    t.act({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert "spoils.302.11a" in cited(t.last)
    assert t.state()["battle"]["blockers"] == ["b1"]


def test_losing_covert_after_blocks_leaves_the_blocks_as_they_are(client):
    """spoils.302.11b: bob's own Jumping Screamspider (Covert) blocks alice's covert party; then one of
    alice's spiders gives up Covert (SCREAM).  The blocks already declared stand: bob's spider stays
    in the blocking party and the battle goes on with it."""
    bob = {"b2": {"card": "Jumping Screamspider", "controller": "bob"}}
    t = _covert_attack(client, bob)
    t.fight(stop="blocks")
    t.act({"type": "block", "player": "bob", "blockers": ["b2"]})
    t.resolve("alice", "bob", SCREAM)
    assert "covert" not in t.card("j1")["effective"]["keywords"]
    battle = t.state()["battle"]
    assert (battle["blockers"], battle["blocked"]) == (["b2"], True), "spoils.302.11b"


def test_a_card_is_in_a_party_with_itself(client):
    """spoils.302.14: "a character in a party with this card" includes the card itself.  Pervasive
    Bodyguard attacks beside an Agile Highwayman; its PROTECT may pick the Bodyguard itself, which
    gains 1 life this turn.  At home, in no party, it cannot pick itself."""
    cards = {"x1": {"card": "Pervasive Bodyguard", "controller": "alice"},
             "a1": {"card": "Agile Highwayman", "controller": "alice"}}
    protect = {"type": "use_ability", "player": "alice", "card": "x1", "ability": "PROTECT", "targets": ["x1"]}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}))
    assert "spoils.310.1" in rule_ids(t.refuse(protect))
    life = t.card("x1")["effective"]["life"]
    t.act({"type": "attack", "player": "alice", "attackers": ["x1", "a1"]})
    t.fight(stop="tactics_a")
    t.resolve("alice", "bob", protect)
    assert t.card("x1")["effective"]["life"] == life + 1, "spoils.302.14"
