"""The pool rehearsal (``tests/scenarios/spoils_pool.py``): every card listed in
``rulings/data/spoils_pool.yaml`` is played by name through the HTTP API on the standard table (with
the targets and choices the rehearsal found and the list records), and
each operation of its script's effect is answered by the events it produces (spoils.engine.script;
the rules of each operation are cited by the engine's trace), the card is named in the trace, and the
game's audit is valid.  The coverage report calls only these cards "full" (rulings.engine_coverage)."""
from __future__ import annotations

import pytest

from tests.scenarios.spoils_pool import TESTED, found, listed, rehearse
from tests.scenarios.spoils_table import client, needs_data, new_game, position, resources  # noqa: F401

pytestmark = [needs_data, pytest.mark.slow]
CHUNKS = 8


def _chunk(i: int) -> list[str]:
    return listed()[i::CHUNKS]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_listed_card_still_does_what_its_script_says(client, chunk):
    failed = {}
    for name in _chunk(chunk):
        result = rehearse(client, name, found(name))
        if not result.holds:
            failed[name] = result.problems
    assert not failed, failed


def test_the_list_is_large_and_has_no_duplicates():
    names = listed()
    assert len(names) == len(set(names)) and len(names) >= 150


def test_a_rehearsal_checks_the_effect_against_the_events(client):
    """Anathematize: "COST: Pick a character. EFFECT: This turn, the character loses 5 strength. Draw a
    card." The rehearsal finds a target the engine accepts and sees both operations answered."""
    result = rehearse(client, "Anathematize")
    assert result.holds, result.problems
    assert result.action["targets"] and dict(result.expected)["draw"] == ("CardsDrawn",)
    assert {"CardModified", "CardsDrawn"} <= set(result.events)


def test_paying_from_ten_or_more_resources_replays_the_same(client):
    """spoils.309.1: a cost is paid by attaching unattached resources; which ones the engine takes
    does not depend on the order the store gives the setup back (r2 before r10 on every replay), so the
    audit (which decides each action again from the log) agrees with what was stored."""
    t = new_game(client, position(hands={"alice": ["Agile Highwayman"]}, icons={"alice": "DDDDDDDDDDDD"}))
    t.act({"type": "play_card", "player": "alice", "card": "Agile Highwayman"})
    attached = next(e for e in t.events() if e["type"] == "ResourcesAttached")["data"]["resources"]
    assert attached == ["alice.r1", "alice.r2", "alice.r3"]
    assert t.audit_valid()


def test_a_rehearsal_fails_when_the_engine_drops_an_operation(client, monkeypatch):
    """Without the engine's handler for "draw", Anathematize's rehearsal does not hold and says which
    operation went unanswered: the list cannot keep a card whose text the engine stopped applying."""
    from adjudicator.effects import operations as O
    from adjudicator.spoils.ops import interpreter as scripted

    monkeypatch.delitem(scripted.RUN, O.Draw)
    result = rehearse(client, "Anathematize")
    assert not result.holds and any(p.startswith("draw:") for p in result.problems)


def test_attacking_at_once_is_checked_against_a_card_without_it(client):
    """Guardforce Alpha Prime 31f: "This card can attack the turn it enters play." Its rehearsal sees
    the attack legal at once, which the rules refuse a character without that text (spoils.608.1b)."""
    assert "attacking at once is legal" in rehearse(client, "Guardforce Alpha Prime 31f").checked
    t = new_game(client, position(hands={"alice": ["Brash Basher"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Brash Basher"})
    basher = t.named("Brash Basher")[0]
    assert t.check({"type": "attack", "player": "alice", "attackers": [basher]})["legal"] is False
