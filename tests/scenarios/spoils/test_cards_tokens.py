"""Issue 24, cards the hand-written scenarios had not met: tokens (spoils.409.1 tokens on a card in play,
spoils.409.2 gone when it leaves, spoils.401.3b a cost that removes tokens needs them).  Each card is played
by name through the API; each test was written from the card's printed text and the rules, then checks
the token counts, what they change, a may taken and declined, and a cost that cannot be paid."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_choosing as _use
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _stats(t, cid: str) -> tuple[int, int]:
    eff = t.card(cid)["effective"]
    return eff["strength"], eff["life"]


def test_runic_cannon_loads_tokens_and_fires_as_many_damage(client):
    """Runic Cannon (item): LOAD, pay 3: a token on it.  FIRE, deplete it and pick a character: X damage, X its
    tokens, then all its tokens go.  From 1 token, one LOAD makes 2; FIRE at bob's Stalwart Soldier deals
    exactly 2 and leaves the Cannon with none and depleted; his other character is untouched."""
    cards = {"x1": {"card": "Runic Cannon", "controller": "alice", "tokens": 1},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _use("x1", "LOAD"))
    assert t.card("x1")["tokens"] == 2
    assert "spoils.309.1" in rule_ids(t.refuse(_use("x1", "LOAD")))
    t.resolve("alice", "bob", _use("x1", "FIRE", "b1"))
    assert t.card("b1")["damage"] == 2 and t.card("b2")["damage"] == 0
    assert t.card("x1")["tokens"] == 0 and t.card("x1")["depleted"] is True


def test_entry_level_employee_enters_with_two_tokens_that_weaken_it(client):
    """Entry-Level Employee (character 3/4): it enters play with 2 tokens (spoils.409.1) and loses 1 strength and
    1 life for each: 1/2.  INVEST (pay 2) removes one: 2/3."""
    t = new_game(client, position(hands={"alice": ["Entry-Level Employee"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", play_card("Entry-Level Employee"))
    (cid,) = t.named("Entry-Level Employee", "alice")
    assert t.card(cid)["tokens"] == 2 and _stats(t, cid) == (1, 2)
    t.resolve("alice", "bob", _use(cid, "INVEST"))
    assert t.card(cid)["tokens"] == 1 and _stats(t, cid) == (2, 3)


def test_knobby_stave_spends_its_two_tokens_on_one_discard(client):
    """Knobby Stave (item, cost 0): enters with 2 tokens; DISRUPT, remove 2 tokens: the opponent discards a card.
    Bob goes from 2 cards to 1; a second DISRUPT, with no token left, is refused (spoils.401.3b)."""
    t = new_game(client, position(hands={"alice": ["Knobby Stave"], "bob": ["Gnat", "Greed"]}, icons={"alice": "OO"}))
    t.resolve("alice", "bob", play_card("Knobby Stave"))
    (cid,) = t.named("Knobby Stave", "alice")
    assert t.card(cid)["tokens"] == 2
    t.resolve("alice", "bob", _use(cid, "DISRUPT"))
    bob = t.state()["players"]["bob"]
    assert bob["hand"] == 1 and len(bob["discard"]) == 1 and t.card(cid)["tokens"] == 0
    assert "spoils.401.3b" in rule_ids(t.refuse(_use(cid, "DISRUPT")))


def test_fleet_golem_paid_for_cannot_be_blocked_and_unpaid_can(client):
    """Fleet Golem (character): as it enters play alice may pay 5; if she does, it gets a token, and while it has
    one it cannot be blocked (spoils.413.1, spoils.504.1).  Paid (8 resources: 3 + 5): 1 token, and its attack
    forms no blocking party.  Declined: no token, no payment beyond its cost, and bob may block it."""
    for may, tokens, unattached in ((True, 1, 0), (False, 0, 5)):
        t = new_game(client, position(hands={"alice": ["Fleet Golem"]}, icons={"alice": "EEEEEEEE"}))
        t.resolve("alice", "bob", play_card("Fleet Golem", may=may))
        (cid,) = t.named("Fleet Golem", "alice")
        assert t.card(cid)["tokens"] == tokens and t.state()["players"]["alice"]["unattached"] == unattached
    cards = {"g1": {"card": "Fleet Golem", "controller": "alice", "tokens": 1},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    u = new_game(client, position(cards=cards))
    u.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    assert u.state()["battle"]["unblockable"] is True
    v = new_game(client, position(cards={**cards, "g1": {"card": "Fleet Golem", "controller": "alice"}}))
    v.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    assert not v.state()["battle"].get("unblockable")


def test_escrow_office_withdraws_its_tokens_as_a_cost_reduction(client):
    """Escrow Office (location): DEPOSIT, pay 1: a token on it.  WITHDRAW, remove all its tokens, X the number
    removed: the next numeric cost alice pays this turn is X less (spoils.406.5a).  With 2 tokens and one
    DEPOSIT, WITHDRAW takes 3 and alice's Stalwart Soldier (cost 3) is then played for 0: no resource more
    is attached."""
    cards = {"l1": {"card": "Escrow Office", "controller": "alice", "tokens": 2}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRRG"}))
    t.resolve("alice", "bob", _use("l1", "DEPOSIT"))
    assert t.card("l1")["tokens"] == 3 and t.state()["players"]["alice"]["unattached"] == 3
    t.resolve("alice", "bob", _use("l1", "WITHDRAW"))
    assert t.card("l1")["tokens"] == 0
    t.resolve("alice", "bob", play_card("Stalwart Soldier"))
    assert t.named("Stalwart Soldier", "alice") and t.state()["players"]["alice"]["unattached"] == 3
