"""The one precedence order of the kernel (``adjudicator.kernel.precedence``) as Buffy applies it, one
test per rule: a judge ruling first (the most recent one), then card text over the rules (the golden
rule, to permit and to forbid), then "cannot" beats "can" between cards; a parameter a ruling sets
before one a card sets; a ruling ends after its ``until_position``.  Each asserts the verdict and the
rule ids and overriders the trace names."""
from __future__ import annotations

from typing import Any

from adjudicator import engine_for
from adjudicator.buffy import overrides
from adjudicator.buffy.state import BuffyState
from adjudicator.core import Decision
from events.models.common import RulingRecorded
from rulings.catalog import catalog

ENGINE = engine_for("buffy")
FIGHT = {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"}
MOVE = {"type": "move", "player": "p1", "character": "spike", "to": "p1.1"}


def game(spike_effects: list[dict[str, Any]] | None = None, step: str = "conflict", **spike: Any) -> BuffyState:
    chars = {
        "spike": {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2", "kind": "villain",
                  "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2},
                  "effects": spike_effects or [], **spike},
        "buffy": {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2", "kind": "hero",
                  "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}},
    }
    state = None
    for e in ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", {"step": step, "characters": chars}):
        state = ENGINE.evolve(state, e)
    assert state is not None
    return state


def rule(state: BuffyState, effect: dict[str, Any], ruling_id: str, card: str | None = "Spike",
         until: int | None = None) -> BuffyState:
    """The state after a judge records ``effect``; the position moves on by one, as the log does."""
    event = RulingRecorded(judge="Head judge", ruling_id=ruling_id, rule=str(next(iter(effect.values()))),
                           card=card, effect=effect, reason="ruled at the table", until_position=until)
    after = ENGINE.evolve(state, event)
    after.position = state.position + 1
    return after


def traced(decision: Decision, rule_id: str) -> list[Any]:
    return [t for t in decision.because if t.rule == rule_id]


def who(entries: list[Any]) -> list[tuple[str, str]]:
    return [(t.overridden_by.kind, t.overridden_by.name) for t in entries if t.overridden_by is not None]


def test_the_precedence_rule_ids_are_in_the_catalog():
    ids = overrides.PRECEDENCE
    for rid in (ids.golden_rule, ids.cannot_beats_can, ids.ruling):
        assert rid in catalog(), rid
    for rid in ("buffy.judge-ruling", "buffy.cannot-beats-can"):
        assert catalog().get(rid).inferred, rid


def test_a_ruling_beats_card_text():
    # Spike's own text says he may start fights; the judge rules that here he may not.
    state = rule(game([{"permit": "buffy.fight.start"}]), {"forbid": "buffy.fight.start"}, "r-1")
    decision = ENGINE.decide(state, FIGHT)
    assert [v.rule for v in decision.violations] == ["buffy.fight.start"]
    assert who(traced(decision, "buffy.judge-ruling")) == [("ruling", "Spike")]
    assert traced(decision, "buffy.judge-ruling")[0].overridden_by.ruling_id == "r-1"
    # the card said "can", the ruling "cannot": cannot wins, and the trace says so
    assert who(traced(decision, "buffy.cannot-beats-can")) == [("ruling", "Spike")]
    assert not traced(decision, "buffy.golden-rule")


def test_a_ruling_that_permits_beats_a_card_that_forbids():
    state = rule(game([{"forbid": "buffy.fight.start"}]), {"permit": "buffy.fight.start"}, "r-1")
    decision = ENGINE.decide(state, FIGHT)
    assert decision.legal, decision.violations
    assert who(traced(decision, "buffy.judge-ruling")) == [("ruling", "Spike")]
    assert ("overridden", "ruling") in [(t.outcome, t.overridden_by.kind) for t in traced(decision, "buffy.fight.start")
                                        if t.overridden_by]


def test_card_text_beats_a_rule_that_forbids():
    # Spike (not a vampire here) has moved this turn; a card lets him move again.
    state = game([{"permit": "buffy.move.once-per-turn"}], step="movement", moves_this_turn=1)
    assert not ENGINE.decide(game(step="movement", moves_this_turn=1), MOVE).legal
    decision = ENGINE.decide(state, MOVE)
    assert decision.legal, decision.violations
    lifted = [t for t in traced(decision, "buffy.move.once-per-turn") if t.outcome == "overridden"]
    assert who(lifted) == [("card", "Spike")]
    assert who(traced(decision, "buffy.golden-rule")) == [("card", "Spike")]


def test_card_text_beats_a_rule_that_permits():
    decision = ENGINE.decide(game([{"forbid": "buffy.fight.start"}]), FIGHT)
    assert [v.rule for v in decision.violations] == ["buffy.fight.start"]
    assert decision.violations[0].message.startswith("Spike forbids it")
    assert who(traced(decision, "buffy.golden-rule")) == [("card", "Spike")]
    assert ("forbidden", "card") in [(t.outcome, t.overridden_by.kind) for t in traced(decision, "buffy.fight.start")
                                     if t.overridden_by]


def test_cannot_beats_can_between_cards():
    state = game([{"permit": "buffy.fight.start"}],
                 attachments=[{"name": "Cursed Amulet", "kind": "item", "effects": [{"forbid": "buffy.fight.start"}]}])
    decision = ENGINE.decide(state, FIGHT)
    assert [v.rule for v in decision.violations] == ["buffy.fight.start"]
    assert who(traced(decision, "buffy.cannot-beats-can")) == [("card", "Cursed Amulet")]
    assert who(traced(decision, "buffy.golden-rule")) == [("card", "Cursed Amulet")]


def test_cannot_beats_can_between_cards_on_a_rule_that_forbids():
    state = game([{"permit": "buffy.move.once-per-turn"}], step="movement", moves_this_turn=1,
                 attachments=[{"name": "Chains", "kind": "item", "effects": [{"forbid": "buffy.move.once-per-turn"}]}])
    decision = ENGINE.decide(state, MOVE)
    assert "buffy.move.once-per-turn" in [v.rule for v in decision.violations]
    assert who(traced(decision, "buffy.cannot-beats-can")) == [("card", "Chains")]


def test_a_later_ruling_beats_an_earlier_one():
    forbid_then_permit = rule(rule(game(), {"forbid": "buffy.fight.start"}, "r-1"), {"permit": "buffy.fight.start"}, "r-2")
    decision = ENGINE.decide(forbid_then_permit, FIGHT)
    assert decision.legal, decision.violations
    assert [t.overridden_by.ruling_id for t in traced(decision, "buffy.judge-ruling")] == ["r-2"]
    permit_then_forbid = rule(rule(game(), {"permit": "buffy.fight.start"}, "r-1"), {"forbid": "buffy.fight.start"}, "r-2")
    decision = ENGINE.decide(permit_then_forbid, FIGHT)
    assert [v.rule for v in decision.violations] == ["buffy.fight.start"]
    assert [t.overridden_by.ruling_id for t in traced(decision, "buffy.judge-ruling")] == ["r-2"]


def test_a_parameter_set_by_a_ruling_beats_one_set_by_a_card():
    state = game([{"set": "hand_size", "value": 7}])
    assert overrides.parameter(state, "hand_size")[0] == 7
    assert overrides.parameter(state, "hand_size")[2].kind == "card"
    ruled = rule(state, {"set": "hand_size", "value": 4}, "r-1", card=None)
    value, rule_id, by = overrides.parameter(ruled, "hand_size")
    assert (value, rule_id, by.kind, by.ruling_id) == (4, "buffy.draw-step.draw-to-five", "ruling", "r-1")
    # and among rulings, the most recent one holds
    value, _, by = overrides.parameter(rule(ruled, {"set": "hand_size", "value": 6}, "r-2", card=None), "hand_size")
    assert (value, by.ruling_id) == (6, "r-2")


def test_a_ruling_ends_after_its_until_position():
    state = game()
    ruled = rule(state, {"forbid": "buffy.fight.start"}, "r-1", until=state.position + 2)
    assert not ENGINE.decide(ruled, FIGHT).legal               # recorded at position + 1: in force
    ruled.position = state.position + 2
    assert not ENGINE.decide(ruled, FIGHT).legal               # its last position: still in force
    ruled.position = state.position + 3
    decision = ENGINE.decide(ruled, FIGHT)
    assert decision.legal, decision.violations                 # past it: the rule says what it says
    assert not traced(decision, "buffy.judge-ruling")
