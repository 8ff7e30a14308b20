"""Issue 24, the rehearsal checks meanings, not event types (``tests/scenarios/spoils_pool_meanings.py``,
``spoils_pool_targets.py``, ``spoils_pool_branches.py``): the amounts a player draws, discards, loses or
gains, player by player; the exact cards a selector takes and those a pick must not; "this turn" gone at the
turn's end; an "if" counted when its condition holds and not when it fails; a "you may" declined; a cost
that cannot be paid refused; "at random" not the caster's choice.  For each kind, a mutation test changes
the engine's handler the way a bug would and shows the rehearsal fail.

Dragon's Strategy: "Your opponent loses 2 influence. Draw a card." (spoils.306.1 a draw, spoils.202.3
influence)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.spoils.ops import families  # noqa: F401  (every family registers its handlers into RUN)
from adjudicator.spoils.ops import interpreter as scripted
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import scripts as S
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


# ------------------------------------------------------------------ issue 24: one mutation per kind of meaning

def test_the_rehearsal_fails_when_a_handler_drops_a_selectors_adjective(client, monkeypatch):
    """Delicious Strawberry Flavored Death: "Deplete all non-Rogue characters. Draw a card." On the table,
    bob's restored b1 is the one such character (alice's a1 is a Rogue; the depleted ones stay as they
    are, spoils.303.2).  A handler that drops "non-Rogue" depletes a1 too: the rehearsal, which reads the
    selector apart from the engine (spoils_pool_targets), says the cards acted on are not the ones it takes."""
    card = "Delicious Strawberry Flavored Death"
    held = rehearse(client, card, found(card))
    assert held.holds and "CardsDepleted: exactly ['b1'] as the selectors take" in held.checked, held.problems
    bare = _mutated(O.Deplete, lambda op: {"deplete": op.deplete.model_copy(update={"adjectives": []})})
    monkeypatch.setitem(scripted.RUN, O.Deplete, bare)
    result = rehearse(client, card, found(card))
    assert not result.holds
    assert "CardsDepleted: the cards acted on are ['a1', 'b1'], the selectors take ['b1']" in result.problems


def test_the_rehearsal_fails_when_a_pick_drops_its_bound(client, monkeypatch):
    """Transient Smuggler: "SMUGGLE COST: Deplete this card. Pick a character with 2 strength or less.
    EFFECT: This turn, the character gains COVERT." Before using it, the rehearsal puts each card the pick
    does not allow in its place and /check must refuse it (spoils.310.1); a pick that drops "with 2
    strength or less" accepts a stronger character, and the rehearsal fails."""
    card = "Transient Smuggler"
    assert "pick 1: the 7 cards it does not allow are refused" in rehearse(client, card, found(card)).checked
    monkeypatch.setitem(scripted.RUN, A.Pick, _mutated(A.Pick, lambda op: {"pick": op.pick.model_copy(update={"with_": None})}))
    result = rehearse(client, card, found(card))
    assert not result.holds and any(p.startswith("pick 1 (") and "yet the play is legal" in p for p in result.problems)


def test_the_rehearsal_fails_when_a_handler_ignores_at_random(client, monkeypatch):
    """Orgy Den Smoke Out: "Your opponent discards a card at random. ..." The caster naming the card is
    refused (spoils.engine.at-random); a discard handler that ignores "at random" takes the caster's pick,
    and the rehearsal fails."""
    card = "Orgy Den Smoke Out"
    assert any(c.startswith("at random: the caster's pick") for c in rehearse(client, card, found(card)).checked)
    monkeypatch.setitem(scripted.RUN, O.Discard, _mutated(O.Discard, lambda op: {"at_random": False}))
    result = rehearse(client, card, found(card))
    assert not result.holds and any(p.startswith("at random: alice naming") for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_handler_ignores_a_condition(client, monkeypatch):
    """Ritual of the Double Monkey: "Your opponent discards a card. If you control [O][O][O], your opponent
    discards another card. If you control [O][O][O][O][O][O][O][O], ..." alice has seven [O]: the first
    condition holds and the second does not, so bob discards 2 (spoils.305.1).  An "if" that runs its steps
    whatever the condition makes him discard 3, and the rehearsal fails."""
    card = "Ritual of the Double Monkey"
    held = rehearse(client, card, found(card))
    assert held.holds and "discard: bob 2 as said" in held.checked, held.problems
    assert "condition {'control_icons': 'OOOOOOOO'}: false on the table, its steps not" in held.checked
    monkeypatch.setitem(scripted.RUN, S.OP["if"], lambda ctx, op, env, *more, **kw: scripted.do_all(ctx, list(op.then), env))
    result = rehearse(client, card, found(card))
    assert not result.holds and "discard: bob CardsDiscarded.count adds up to 3, the script says 2" in result.problems


def test_the_rehearsal_fails_when_a_handler_takes_a_declined_may(client, monkeypatch):
    """Brilliant Insight: "You may play up to 2 resources." Played again declining (choices.may false), no
    resource is played (spoils.engine.may-choice); a "may" handler that does it anyway makes the rehearsal fail."""
    card = "Brilliant Insight"
    assert any(c.startswith("may declined: 0 of ['ResourcePlayed']") for c in rehearse(client, card, found(card)).checked)
    handler = scripted.RUN[S.OP["may"]]

    def taken(ctx, op, env, *more, **kw):
        env.choices = {**env.choices, "may": True}
        return handler(ctx, op, env, *more, **kw)
    monkeypatch.setitem(scripted.RUN, S.OP["may"], taken)
    result = rehearse(client, card, found(card))
    assert not result.holds and any(p.startswith("may declined: 1 of ['ResourcePlayed']") for p in result.problems)


def test_the_rehearsal_fails_when_an_unpaid_cost_is_skipped(client, monkeypatch):
    """Anathematize has a numeric cost (spoils.309.1): with every resource of alice's attached, the play is
    illegal.  An engine that skips what cannot be paid (it counts resources she does not have and attaches
    only those she has) makes the rehearsal fail."""
    assert "cost unpaid: refused (spoils.309.1)" in rehearse(client, "Anathematize", found("Anathematize")).checked
    pay = C.pay

    def what_can_be_paid(ctx, player, amount, *more, **kw):
        free = sum(1 for r in ctx.work.players[player].resources.values() if not r.attached)
        return pay(ctx, player, min(amount, free), *more, **kw)
    monkeypatch.setattr(SpoilsContext, "unattached", lambda self, player: 99)
    monkeypatch.setattr(C, "pay", what_can_be_paid)
    result = rehearse(client, "Anathematize", found("Anathematize"))
    assert not result.holds and any(p.startswith("cost unpaid: legal") for p in result.problems)


# ------------------------------------------------------------------ fail closed: a step only its event's type answers


def test_a_step_only_the_type_of_its_events_answers_leaves_the_card_unproven(client):
    """Brainbath: "Draw 2 cards. Put a card from your hand on the bottom of your deck." The draw's amount is
    checked player by player; which card the put took, and from where, no check of meanings reads: a
    ``CardsMoved`` to the bottom of the deck is all that answers it (any card, any zone would do), so the
    card does not hold and is not listed (fail closed, issue 24)."""
    from tests.scenarios.spoils_pool import listed

    result = rehearse(client, "Brainbath")
    assert not result.holds and not result.problems, result.problems
    assert "draw: alice 2 as said" in result.checked
    assert any(u.startswith("put: only the type of its events") for u in result.unread), result.unread
    assert "Brainbath" not in listed()


def test_the_operations_read_by_type_only_are_not_those_a_meaning_check_reads():
    """``TYPE_ONLY`` (the operations no check of meanings reads) names operations the rehearsal knows the
    events of, and none whose amounts (``AMOUNTS``) or cards acted on (``TOUCH``) are checked."""
    from tests.scenarios.spoils_pool_accounts import EXPECTED, TYPE_ONLY
    from tests.scenarios.spoils_pool_meanings import AMOUNTS
    from tests.scenarios.spoils_pool_targets import TOUCH

    assert TYPE_ONLY <= set(EXPECTED) and not TYPE_ONLY & (set(AMOUNTS) | set(TOUCH))
    assert {"reveal", "look_at", "put", "damage", "tokens"} <= TYPE_ONLY
