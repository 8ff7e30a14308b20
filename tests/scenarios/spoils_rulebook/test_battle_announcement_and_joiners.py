"""Before blocks in a battle of The Spoils, read against the combat commentary of the rules document:
"if your opponent attacks" triggers fire and resolve as the attack is announced, never for an attack
that cannot be declared (spoils.intro.attack-announcement-triggers, 608.1a), and characters put into
the blocking party before it forms join it or become it (spoils.intro.forced-blockers, 608.1c);
through the API with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited, types
from tests.scenarios.spoils_table import client, needs_data, new_game, position, rule_ids  # noqa: F401

pytestmark = needs_data

ACCUMULATOR = "Runivoltaic Accumulator"  # "If your opponent attacks, you may put a token on this card."


def _accumulator(client, **cards):
    base = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
            "a2": {"card": "Stalwart Soldier", "controller": "alice"},
            "u1": {"card": ACCUMULATOR, "controller": "bob"}}
    return new_game(client, position(cards=base | cards))


def test_an_attack_trigger_fires_and_resolves_as_the_attack_is_announced(client):
    """spoils.intro.attack-announcement-triggers: alice announces an attack; bob's Accumulator fires
    and resolves in the same answer, before anyone may play a tactic (608.1c): it has its token."""
    t = _accumulator(client)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    kinds = types(t.last)
    assert kinds.index("AttackDeclared") < kinds.index("TriggerResolved"), "spoils.intro.attack-announcement-triggers"
    assert t.card("u1")["tokens"] == 1, "spoils.intro.attack-announcement-triggers"
    assert t.state()["battle"]["stage"] == "attack_tactics" and "spoils.503.1" in cited(t.last)


def test_an_attack_that_cannot_be_declared_sets_off_nothing(client):
    """spoils.intro.attack-announcement-triggers and 608.1a: with bob's Hangdog Alley (an attacking
    party of one member only), alice's attack with two is refused; the Accumulator does not fire,
    and nothing is appended."""
    t = _accumulator(client, h1={"card": "Hangdog Alley", "controller": "bob"})
    before = t.state()["position"]
    assert rule_ids(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]})) == ["spoils.101.1"]
    assert t.state()["position"] == before and t.state()["battle"] is None
    assert t.card("u1")["tokens"] == 0, "spoils.intro.attack-announcement-triggers"


def _reappeared(client, *bobs: str):
    """alice attacks with two Stalwart Soldiers beside her Arcana Department ("if an attacking or
    blocking party is formed, it must have an even number of members"); before blocks (608.1c) bob's
    Shocking Reappearance puts the Scout from his discard pile into play as a member of the blocking
    party, which is not formed yet."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "d1": {"card": "Arcana Department", "controller": "alice"}}
    cards |= {b: {"card": "Stalwart Soldier", "controller": "bob"} for b in bobs}
    setup = position(cards=cards, hands={"bob": ["Shocking Reappearance"]}, icons={"bob": "GGGGG"})
    setup["players"]["bob"]["discard"] = ["Scout"]
    t = new_game(client, setup)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]})
    t.act({"type": "pass", "player": "alice"})
    t.resolve("bob", "alice", {"type": "play_card", "player": "bob", "card": "Shocking Reappearance",
                               "targets": ["Scout"]})
    t.act({"type": "pass", "player": "bob"})
    assert t.state()["battle"]["stage"] == "blocks"
    (scout,) = t.named("Scout", "bob")
    return t, scout


def test_characters_put_in_before_blocks_become_the_party_when_none_is_formed(client):
    """spoils.intro.forced-blockers: bob declares no blockers; the Scout put into the blocking party
    is the blocking party all the same, and the answer cites the rule."""
    t, scout = _reappeared(client)
    t.act({"type": "block", "player": "bob", "blockers": []})
    assert t.state()["battle"]["blockers"] == [scout], "spoils.intro.forced-blockers"
    assert "spoils.intro.forced-blockers" in cited(t.last)


def test_characters_put_in_before_blocks_join_the_party_once_formed(client):
    """spoils.intro.forced-blockers: bob forms a blocking party of two Soldiers (even, as Arcana
    Department asks of the forming); the Scout joins it afterwards, three blockers, and Arcana
    Department's demand is not asked again of the party it joined."""
    t, scout = _reappeared(client, "b1", "b2")
    t.act({"type": "block", "player": "bob", "blockers": ["b1", "b2"]})
    assert t.state()["battle"]["blockers"] == ["b1", "b2", scout], "spoils.intro.forced-blockers"


def test_the_forming_of_the_party_is_judged_without_the_characters_put_in(client):
    """spoils.intro.forced-blockers with 608.1d: bob forms a party of one Soldier; the Scout put in
    before does not count toward the forming, so Arcana Department's even number is not met and the
    block is refused, nothing appended."""
    t, scout = _reappeared(client, "b1")
    before = t.state()["position"]
    assert rule_ids(t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})) == ["spoils.101.1"], \
        "spoils.intro.forced-blockers"
    assert t.state()["position"] == before and t.state()["battle"]["blockers"] == [scout]
