"""The kernel's one precedence order (``adjudicator.kernel.precedence``) as it applies to WoW
Miniatures: a judge ruling in force first (the most recent), card text over the rules (the golden
rule), and "cannot" beats "can" between cards; rulings hold only between their positions."""
from __future__ import annotations

from typing import Any

from adjudicator.core import Decision
from adjudicator.wowmini.checks import WowMiniContext
from adjudicator.wowmini.state import Card
from events.models.common import RulingRecorded
from tests.unit.test_wowmini_table import BEAR_FORM, MIND_BLAST, SHADOWFORM, WRATH, Table, card, druid, orc, priest

EXHAUST = "wowmini.300.5"        # a card is played only when ready
FORM = "wowmini.302.3"           # in a form granting paid abilities, only those may be played
GOLDEN = "wowmini.golden-rule"
CANNOT = "wowmini.cannot-beats-can"
RULING = "wowmini.ruling"


def ruling(ruling_id: str, effect: dict[str, Any], named: str | None, **fields: Any) -> RulingRecorded:
    """A judge's ruling on the rule its effect names, for the card ``named`` (None: every card)."""
    return RulingRecorded(judge="j1", ruling_id=ruling_id, rule=next(iter(effect.values())), card=named,
                          effect=effect, reason="table ruling", **fields)


def trace(decision: Decision, *rules: str) -> list[tuple[str, str, str | None]]:
    """(rule, outcome, who overrode it: a ruling's id or a card's name) for the rules asked for, as
    consulted (the notes a rule adds once it has been applied, such as "exhausted", left out)."""
    out = []
    for t in decision.because:
        if t.rule in rules and (t.outcome != "applied" or t.rule in (GOLDEN, CANNOT, RULING)):
            who = t.overridden_by
            out.append((t.rule, t.outcome, None if who is None else who.ruling_id or f"card {who.name}"))
    return out


def druid_in_bear_form(wrath: dict[str, Any]) -> Table:
    """Malfurion in Bear Form on his next turn, Wrath in his bar (302.3 forbids playing it)."""
    table = Table({"characters": {"malfurion": druid(bar=[BEAR_FORM, wrath]), "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    table.do(type="pass", player="p1")
    return table


def anduin(mind_blast: dict[str, Any] = MIND_BLAST) -> Table:
    """Anduin with a ready Mind Blast (300.5 allows playing it) and a grunt in sight."""
    return Table({"characters": {"anduin": priest(bar=[SHADOWFORM, mind_blast]), "grunt": orc((5, 2), clock=20)}})


WRATH_PLAY = {"type": "play_card", "player": "p1", "character": "malfurion", "card": "Wrath", "targets": ["grunt"]}
BLAST_PLAY = {"type": "play_card", "player": "p1", "character": "anduin", "card": "Mind Blast", "targets": ["grunt"]}


# --- 1. a judge ruling beats card text, both ways ----------------------------------------------

def test_a_ruling_forbidding_beats_a_card_permitting():
    table = druid_in_bear_form({**WRATH, "overrides": [{"permit": FORM}]})
    table.record([ruling("r1", {"forbid": FORM}, "Wrath")])
    refused = table.refuse(FORM, **WRATH_PLAY)
    assert trace(refused, FORM, GOLDEN, CANNOT, RULING) == [
        (CANNOT, "applied", "r1"), (FORM, "overridden", "r1"), (RULING, "applied", "r1")]
    assert "Bear Form grants malfurion Maul" in refused.violations[0].message


def test_a_ruling_permitting_beats_a_card_forbidding():
    table = anduin({**MIND_BLAST, "overrides": [{"forbid": EXHAUST}]})
    table.record([ruling("r2", {"permit": EXHAUST}, "Mind Blast")])
    played = table.do(**BLAST_PLAY)
    assert trace(played, EXHAUST, GOLDEN, CANNOT, RULING) == [(EXHAUST, "overridden", "r2"), (RULING, "applied", "r2")]
    assert table.state.characters["grunt"].damage == 5


# --- 2. card text beats the rules, both ways ---------------------------------------------------

def test_card_text_permits_what_the_rule_forbids():
    table = druid_in_bear_form({**WRATH, "overrides": [{"permit": FORM}]})
    played = table.do(**WRATH_PLAY)
    assert trace(played, FORM, GOLDEN, CANNOT, RULING) == [(FORM, "overridden", "card Wrath"),
                                                           (GOLDEN, "applied", "card Wrath")]
    # Without the card's text the rule holds.
    plain = druid_in_bear_form(WRATH)
    assert trace(plain.refuse(FORM, **WRATH_PLAY), FORM, GOLDEN) == [(FORM, "forbidden", None)]


def test_card_text_forbids_what_the_rule_allows():
    table = anduin({**MIND_BLAST, "overrides": [{"forbid": EXHAUST}]})
    refused = table.refuse(EXHAUST, **BLAST_PLAY)
    assert trace(refused, EXHAUST, GOLDEN, CANNOT, RULING) == [(EXHAUST, "overridden", "card Mind Blast"),
                                                               (GOLDEN, "applied", "card Mind Blast")]
    assert refused.violations[0].message.startswith("Mind Blast forbids it: Mind Blast is ready")
    assert refused.violations[0].message.endswith(f"(position {table.state.position})")
    assert trace(anduin().do(**BLAST_PLAY), EXHAUST, GOLDEN) == [(EXHAUST, "allowed", None)]


# --- 3. "cannot" beats "can" between cards ----------------------------------------------------

def test_between_cards_cannot_beats_can_whatever_their_order():
    table = anduin()
    may = Card.model_validate(card("Inner Focus", overrides=[{"permit": EXHAUST}]))
    may_not = Card.model_validate(card("Silence", overrides=[{"forbid": EXHAUST}]))
    for cards in ([may, may_not], [may_not, may]):
        for ready in (True, False):
            ctx = WowMiniContext(table.state)
            assert ctx.check(EXHAUST, ready, "the card is exhausted", "the card is ready", cards=cards) is False
            entries = [(t.rule, t.outcome, t.overridden_by.name if t.overridden_by else None) for t in ctx.because]
            assert entries[0] == (CANNOT, "applied", "Silence")
            if ready:  # the rule allowed it: Silence's text beats the rule
                assert entries[1:] == [(EXHAUST, "overridden", "Silence"), (GOLDEN, "applied", "Silence")]
                assert "Silence forbids it" in ctx.violations[0].message
            else:
                assert entries[1:] == [(EXHAUST, "forbidden", None)]
            assert [v.rule for v in ctx.violations] == [EXHAUST]


# --- 4. the later ruling beats the earlier ----------------------------------------------------

def test_the_most_recent_ruling_decides():
    table = anduin()
    table.record([ruling("r1", {"forbid": EXHAUST}, "Mind Blast"), ruling("r2", {"permit": EXHAUST}, "Mind Blast")])
    allowed = table.decide(**BLAST_PLAY)
    assert allowed.legal
    assert trace(allowed, EXHAUST, RULING) == [(EXHAUST, "allowed", "r2"), (RULING, "applied", "r2")]
    table.record([ruling("r3", {"forbid": EXHAUST}, "Mind Blast")])
    refused = table.refuse(EXHAUST, **BLAST_PLAY)
    assert trace(refused, EXHAUST, RULING) == [(EXHAUST, "overridden", "r3"), (RULING, "applied", "r3")]


def test_a_ruling_naming_no_card_applies_to_every_card_and_one_naming_another_card_does_not():
    table = anduin()
    table.record([ruling("r4", {"forbid": EXHAUST}, "Shadowform")])
    assert trace(table.decide(**BLAST_PLAY), EXHAUST, RULING) == [(EXHAUST, "allowed", None)]
    table.record([ruling("r5", {"forbid": EXHAUST}, None)])
    refused = table.refuse(EXHAUST, **BLAST_PLAY)
    assert trace(refused, EXHAUST, RULING) == [(EXHAUST, "overridden", "r5"), (RULING, "applied", "r5")]
    assert "judge ruling forbids it" in refused.violations[0].message


# --- 5. a ruling holds only between its positions ---------------------------------------------

def test_a_ruling_holds_from_its_first_to_its_last_position():
    table = anduin()
    start = table.state.position + 2  # the ruling is recorded, then one more event before it holds
    table.record([ruling("r6", {"forbid": EXHAUST}, "Mind Blast", from_position=start, until_position=start)])
    assert trace(table.decide(**BLAST_PLAY), EXHAUST, RULING) == [(EXHAUST, "allowed", None)]
    table.do(type="reveal_card", player="p1", character="anduin", card="Shadowform")
    assert table.state.position == start
    refused = table.refuse(EXHAUST, **BLAST_PLAY)
    assert trace(refused, EXHAUST, RULING) == [(EXHAUST, "overridden", "r6"), (RULING, "applied", "r6")]
    table.do(type="reveal_card", player="p1", character="anduin", card="Mind Blast")
    assert table.state.position == start + 1
    after = table.do(**BLAST_PLAY)
    assert trace(after, EXHAUST, RULING) == [(EXHAUST, "allowed", None)]
