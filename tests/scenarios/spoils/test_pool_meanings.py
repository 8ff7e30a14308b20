"""Issue 24, the rehearsal checks meanings (``tests/scenarios/spoils_pool_meanings.py``): the amounts a
player draws, loses or gains are compared, player by player, with what the script says, so a handler
that changes an amount or affects the other player makes the rehearsal fail (mutation tests).

Dragon's Strategy: "Your opponent loses 2 influence. Draw a card." (spoils.306.1 a draw, spoils.202.3
influence)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.spoils.ops import interpreter as scripted
from tests.scenarios.spoils_pool import found, rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
CARD = "Dragon's Strategy"


def _mutated(cls: type, change: dict[str, Any] | Any) -> Any:
    """The engine's handler of ``cls`` run on the operation changed by ``change`` (a function of it)."""
    handler = scripted.RUN[cls]

    def run(ctx: Any, op: Any, env: Any, *more: Any, **kw: Any) -> Any:
        return handler(ctx, op.model_copy(update=change(op)), env, *more, **kw)
    return run


def test_the_rehearsal_checks_each_amount_for_each_player(client):
    result = rehearse(client, CARD)
    assert result.holds, result.problems
    assert {"lose_influence: bob 2 as said", "draw: alice 1 as said"} <= set(result.checked)


def test_the_rehearsal_fails_when_a_handler_changes_an_amount(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.Draw, _mutated(O.Draw, lambda op: {"draw": op.draw + 1}))
    result = rehearse(client, CARD)
    assert not result.holds
    assert "draw: alice CardsDrawn.count adds up to 2, the script says 1" in result.problems


def test_the_rehearsal_fails_when_a_handler_affects_the_other_player(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.LoseInfluence, _mutated(O.LoseInfluence, lambda op: {"player": "you"}))
    result = rehearse(client, CARD)
    assert not result.holds
    assert "lose_influence: bob InfluenceLost.amount adds up to 0, the script says 2" in result.problems


def test_the_rehearsal_sees_a_this_turn_change_recorded_and_gone_once_the_turn_is_over(client):
    """Anathematize: "COST: Pick a character. EFFECT: This turn, the character loses 5 strength. Draw a
    card." (spoils.602.1: the turn's end ends "this turn")."""
    result = rehearse(client, "Anathematize")
    assert result.holds, result.problems
    assert "modify: {'strength': -5} this turn" in result.checked
    assert "modify: {'strength': -5} gone once the turn is over (a1)" in result.checked


def test_the_rehearsal_fails_when_a_handler_ignores_this_turn(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.Modify, _mutated(O.Modify, lambda op: {"until": None}))
    result = rehearse(client, "Anathematize", found("Anathematize"))
    assert not result.holds and any("does not last 'this turn' only" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_handler_changes_a_modification(client, monkeypatch):
    less = _mutated(O.Modify, lambda op: {"modify": op.modify.model_copy(update={"strength": -4})})
    monkeypatch.setitem(scripted.RUN, O.Modify, less)
    result = rehearse(client, "Anathematize", found("Anathematize"))
    assert not result.holds and any(p.startswith("modify: no CardModified of {'strength': -5}") for p in result.problems)
