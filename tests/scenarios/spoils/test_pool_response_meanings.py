"""Issue 24, a card played "only in response to" a play is rehearsed answering one (``spoils_pool_table.situations``,
``spoils_pool_responses``): bob plays a character (a tactic, an item) or uses an ability on his turn, alice answers
with the card, and what its effect says of "the character" is seen to befall bob's play (terminated, back in his
hand, entering play under alice's control), with "Pay X, where X is its numeric cost" paid.  For each kind, a
mutation test changes the engine's handler the way a bug would and shows the rehearsal fail."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils.ops import families  # noqa: F401  (every family registers its handlers into RUN)
from adjudicator.spoils.ops import interpreter as scripted
from adjudicator.spoils.text import scripts as S
from tests.scenarios.spoils_pool import rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data


def test_a_response_is_rehearsed_against_the_play_it_answers(client):
    """Forced Recruitment: "Play this only in response to a character being played. Pay X, where X is its numeric
    cost. EFFECT: The character enters play under your control." (spoils.607.1 responses, spoils.604.1h)."""
    result = rehearse(client, "Forced Recruitment")
    assert result.holds and result.battle == "responding:character", result.problems
    assert "enters_under_you: bob's Brash Basher in play under ['alice'] (the text: alice)" in result.checked
    assert "paid 7: its cost 2 and X = the numeric cost of bob's Brash Basher, 5" in result.checked


def test_the_rehearsal_fails_when_the_answered_card_enters_under_the_wrong_player(client, monkeypatch):
    handler = scripted.RUN[S.OP["enters_under_you"]]

    def theirs(ctx: Any, op: Any, env: Any, *more: Any, **kw: Any) -> Any:
        mine, env.controller = env.controller, "bob"
        try:
            return handler(ctx, op, env, *more, **kw)
        finally:
            env.controller = mine
    monkeypatch.setitem(scripted.RUN, S.OP["enters_under_you"], theirs)
    result = rehearse(client, "Forced Recruitment")
    assert not result.holds
    assert "enters_under_you: bob's Brash Basher in play under ['bob'] (the text: alice)" in result.problems, result.problems


def test_the_rehearsal_fails_when_a_terminated_card_goes_to_the_discard_pile_instead_of_the_hand(client, monkeypatch):
    """Voidal Interference: "Terminate the card, but put it into its owner's hand instead of their discard pile."
    (spoils.314.1, the card's text over it); a handler that terminates it as usual makes the rehearsal fail."""
    assert "terminate_to_hand: bob's Brash Basher (q1) terminated: True, back in his hand: True" in \
        rehearse(client, "Voidal Interference").checked
    terminate = scripted.RUN[S.OP["terminate"]]

    def as_usual(ctx: Any, op: Any, env: Any, *more: Any, **kw: Any) -> Any:
        return terminate(ctx, S.OP["terminate"](terminate=op.terminate_to_hand), env, *more, **kw)
    monkeypatch.setitem(scripted.RUN, S.OP["terminate_to_hand"], as_usual)
    result = rehearse(client, "Voidal Interference")
    assert not result.holds and any("back in his hand: False" in p for p in result.problems), result.problems


def test_an_operation_no_event_answers_keeps_the_card_from_holding(client):
    """Muddle: "Duplicate the tactic. Terminate the tactic." The termination is seen, but no event the rehearsal
    knows answers "duplicate": the card does not hold (it is not "full") until a check of that node exists."""
    result = rehearse(client, "Muddle")
    assert "terminate: bob's Pinch (q1) terminated: True" in result.checked
    assert not result.holds and "duplicate: no event the rehearsal knows answers it" in result.problems
