"""The kernel's one precedence order (``adjudicator.kernel.precedence``) as it applies to The Spoils:
each rule of the order, with the verdict, the rule ids the trace cites and who overrode what."""
from __future__ import annotations

from typing import Any

from adjudicator.core import Decision
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.table import Table
from events.models.common import RulingRecorded
from tests.scenarios.spoils.engine.tables import character, in_play, prepare_game
from adjudicator.spoils.text import continuous as _CONTINUOUS

DRUMS = {"name": "War Drums", "type": "location", "structure": 4,
         "effects": [{"permit": "spoils.608.1b", "applies_to": "your_characters"}]}
"""A card that permits what 608.1b forbids: characters new this turn may attack."""
CHAINS = {"name": "Binding Chains", "type": "location", "structure": 4,
          "effects": [{"forbid": "spoils.608.1b", "applies_to": "opponent_characters"}]}
"""A card that forbids what 608.1b permits: the opponent's characters cannot attack."""


def trace(d: Decision, rule: str | None = None) -> list[tuple[str, str, str | None]]:
    return [(b.rule, b.outcome, b.overridden_by.name if b.overridden_by else None)
            for b in d.because if rule is None or b.rule == rule]


def attack(t: Table, who: str = "fresh") -> Decision:
    return t.check({"type": "attack", "player": "p1", "attackers": [who]})


def ruling(t: Table, ruling_id: str, verb: str, **more: Any) -> None:
    t.ruling(RulingRecorded(judge="head judge", ruling_id=ruling_id, rule="spoils.608.1b",
                            card=more.pop("card", None), effect={verb: "spoils.608.1b"}, reason="table ruling", **more))


def game(*extra: tuple[str, dict], can_attack: bool = False) -> Table:
    cards = {"fresh": in_play("p1", character("Eager Squire", 1, 1, 3), can_attack=can_attack)}
    for cid, spec in extra:
        cards[cid] = in_play("p2" if spec is CHAINS else "p1", spec)
    return prepare_game(cards)


def test_a_ruling_forbidding_beats_a_card_permitting():
    t = game(("drums", DRUMS))
    ruling(t, "R-1", "forbid")
    d = attack(t)
    assert not d.legal and [v.rule for v in d.violations] == ["spoils.608.1b"]
    assert ("spoils.402.7", "applied", "judge ruling") in trace(d)
    assert ("spoils.608.1b", "overridden", "judge ruling") in trace(d)
    assert ("spoils.engine.judge-ruling", "applied", "judge ruling") in trace(d)
    assert ("spoils.101.1", "applied", "War Drums") not in trace(d)


def test_a_ruling_permitting_beats_a_card_forbidding():
    t = game(("chains", CHAINS), can_attack=True)
    assert not attack(t).legal
    ruling(t, "R-2", "permit", card="Eager Squire")
    d = attack(t)
    assert d.legal
    entry = next(b for b in d.because if b.rule == "spoils.608.1b")
    assert entry.outcome == "overridden" and entry.overridden_by.kind == "ruling"
    assert entry.overridden_by.ruling_id == "R-2"
    assert ("spoils.engine.judge-ruling", "applied", "Eager Squire") in trace(d)


def test_the_golden_rule_lets_a_card_permit_what_a_rule_forbids():
    t = game(("drums", DRUMS))
    d = attack(t)
    assert d.legal
    assert ("spoils.608.1b", "overridden", "War Drums") in trace(d)
    assert ("spoils.101.1", "applied", "War Drums") in trace(d)


def test_the_golden_rule_lets_a_card_forbid_what_a_rule_permits():
    t = game(("chains", CHAINS), can_attack=True)
    d = attack(t)
    assert not d.legal and [v.rule for v in d.violations] == ["spoils.608.1b"]
    assert "forbidden by Binding Chains" in d.violations[0].message
    assert ("spoils.608.1b", "overridden", "Binding Chains") in trace(d)
    assert ("spoils.101.1", "applied", "Binding Chains") in trace(d)


def test_without_a_card_or_ruling_the_rule_decides_and_nobody_overrides():
    d = attack(game())
    assert not d.legal
    assert trace(d, "spoils.608.1b") == [("spoils.608.1b", "forbidden", None)]
    assert not any(b.rule in ("spoils.101.1", "spoils.402.7") for b in d.because)


def test_cannot_beats_can_between_two_cards():
    t = game(("drums", DRUMS), ("chains", CHAINS))
    d = attack(t)
    assert not d.legal and [v.rule for v in d.violations] == ["spoils.608.1b"]
    assert ("spoils.402.7", "applied", "Binding Chains") in trace(d)
    cannot = next(b for b in d.because if b.rule == "spoils.402.7")
    assert "War Drums says it can" in cannot.detail


def test_lose_beats_gain_for_a_keyword():
    shade = in_play("p1", character("Shrouded Demon", 2, 2, 2, keywords=["covert"]))
    banner = {"name": "Banner of Shadows", "type": "location", "structure": 3,
              "effects": [{"gain": "covert", "applies_to": "your_characters"}]}
    flare = {"name": "Flare", "type": "location", "structure": 3,
             "effects": [{"lose": "covert", "applies_to": "opponent_characters"}]}
    t = prepare_game({"shade": shade, "banner": in_play("p1", banner), "flare": in_play("p2", flare)})
    have, steps = _CONTINUOUS.keywords(t.state, "shade")
    assert "covert" not in have
    assert [s.rule for s in steps] == ["spoils.402.6"]
    assert "loses covert (Flare) although Banner of Shadows gives it" in steps[0].detail
    assert t.document()["cards"]["shade"]["effective"]["keywords"] == []


def test_increases_apply_before_reductions():
    brute = in_play("p1", character("Brute", 2, 3, 1))
    horn = {"name": "War Horn", "type": "location", "structure": 3,
            "effects": [{"modify": {"parameter": "strength", "by": 1}, "applies_to": "your_characters"}]}
    curse = {"name": "Curse", "type": "location", "structure": 3,
             "effects": [{"modify": {"parameter": "strength", "by": -3}, "applies_to": "opponent_characters"}]}
    t = prepare_game({"curse": in_play("p2", curse), "brute": brute, "horn": in_play("p1", horn)})
    # 2 + 1 - 3 = 0; the reduction first would stop at 0 and the increase would then give 1.
    value, steps = _CONTINUOUS.stat(t.state, "brute", "strength")
    assert value == 0
    assert steps[0].rule == "spoils.410.3" and steps[0].detail == "Brute strength: 2 +1 (War Horn) -3 (Curse) = 0"
    assert "spoils.410.4" not in [s.rule for s in steps]


def test_a_number_reduced_below_zero_stays_at_zero():
    brute = in_play("p1", character("Brute", 1, 3, 1))
    curse = {"name": "Curse", "type": "location", "structure": 3,
             "effects": [{"modify": {"parameter": "strength", "by": -3}, "applies_to": "opponent_characters"}]}
    t = prepare_game({"brute": brute, "curse": in_play("p2", curse)})
    value, steps = _CONTINUOUS.stat(t.state, "brute", "strength")
    assert value == 0
    assert [s.rule for s in steps] == ["spoils.410.3", "spoils.410.4"]
    assert steps[1].detail == "Brute strength stays at 0"


def test_a_ruling_no_longer_in_force_leaves_the_card_to_decide():
    t = game(("drums", DRUMS))
    ruling(t, "R-3", "forbid", until_position=t.position + 1)   # in force at its own position only
    assert t.state.position == t.position and not attack(t).legal
    t.ruling(RulingRecorded(judge="j", ruling_id="R-note", rule="spoils.101.1", effect={}, reason="a later note"))
    d = attack(t)                                   # one position later: expired
    assert d.legal
    assert ("spoils.101.1", "applied", "War Drums") in trace(d)
    assert not any(b.overridden_by and b.overridden_by.kind == "ruling" for b in d.because)


def test_a_ruling_from_a_later_position_is_not_yet_in_force():
    t = game(("drums", DRUMS))
    ruling(t, "R-4", "forbid", from_position=t.position + 5)
    d = attack(t)
    assert d.legal and ("spoils.101.1", "applied", "War Drums") in trace(d)


def test_the_most_recent_ruling_decides():
    t = game()
    ruling(t, "R-5", "permit")
    ruling(t, "R-6", "forbid")
    d = attack(t)
    assert not d.legal
    rulings = [b.overridden_by.ruling_id for b in d.because if b.rule == "spoils.engine.judge-ruling"]
    assert rulings == ["R-6"]


def test_a_reduction_to_zero_reads_to_0_in_the_trace():
    """spoils.410.4 (floor at zero): a reduction "to 0" (Samuel Gristwalter's kind) is traced as
    "to 0", not as the large number the engine uses for it, and the amount ends at 0."""
    from adjudicator.kernel.precedence import TO_ZERO, Change, combine
    from adjudicator.spoils.text.subjects import SPOILS

    value, trace = combine(3, [Change(1, "Frenzied Shriever"), Change(TO_ZERO, "Samuel Gristwalter")], "damage", SPOILS)
    assert value == 0
    text = " | ".join(t.detail for t in trace)
    assert "to 0 (Samuel Gristwalter)" in text and "+1 (Frenzied Shriever)" in text and "1000000" not in text
