"""Chapter 3 of the WoW Miniatures rules read card by card: what a card's notes line makes it
(300.3), what its core ability costs (300.4), how long a buff lasts (301.2c), what a form changes
and what survives it (302.1, 302.5), and damage and healing (inferred)."""
from __future__ import annotations

from tests.unit.test_wowmini_table import (MARK_OF_THE_WILD, SHADOW_WORD_PAIN, Table, card, druid, orc, priest,
                                           warrior)


def rules_of(decision) -> set[str]:
    return {t.rule for t in decision.because}


def test_the_notes_line_makes_a_card_an_instant_a_react_or_an_action():
    """wowmini.300.3: a card whose notes say "Instant" is an instant, "React" a react, anything else
    an action; the state document shows each card's category and playing one cites the rule."""
    quick = card("Quick Shot", cost=1, damage=1, range="ranged", target="enemy", notes="Instant, Ranged")
    parry = card("Parry", cost=0, notes="React: when attacked")
    table = Table({"characters": {"varian": warrior(square=(2, 2), bar=[quick, parry]),
                                  "grunt": orc((5, 2), clock=20)}})
    bar = {c["name"]: c["category"] for c in table.doc["characters"]["varian"]["action_bar"]}
    assert bar == {"Quick Shot": "instant", "Parry": "react"}
    shot = table.do(type="play_card", player="p1", character="varian", card="Quick Shot", targets=["grunt"])
    assert "wowmini.300.3" in rules_of(shot)
    priests_bar = Table({"characters": {"anduin": priest()}}).doc["characters"]["anduin"]["action_bar"]
    assert priests_bar[1]["category"] == "action"


def test_playing_a_card_pays_its_tick_cost_on_the_clock():
    """wowmini.300.4: a card's core ability costs the number of ticks printed on it; playing Mark of
    the Wild (2) moves the druid's clock from 0 to 2."""
    table = Table({"characters": {"malfurion": druid(), "grunt": orc((8, 8), clock=20)}})
    played = table.do(type="play_card", player="p1", character="malfurion", card="Mark of the Wild",
                      targets=["malfurion"])
    assert table.state.characters["malfurion"].clock == MARK_OF_THE_WILD["cost"]
    assert "wowmini.300.4" in rules_of(played)


def test_a_buff_comes_off_when_its_duration_has_run():
    """wowmini.301.2c: Shadow Word: Pain lasts 10 ticks from the moment it is attached; once the
    timeline passes that tick it is removed, citing the rule."""
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((4, 2), clock=40)}})
    table.do(type="play_card", player="p1", character="anduin", card="Shadow Word: Pain", targets=["grunt"])
    buff = table.state.characters["grunt"].buffs[0]
    assert buff.expires_at == table.state.characters["grunt"].buffs[0].attached_at + SHADOW_WORD_PAIN["duration"]
    later = table.do(type="advance_time", player="p1", ticks=20)
    assert table.state.characters["grunt"].buffs == []
    assert [type(e).__name__ for e in later.events].count("BuffExpired") == 1
    assert "wowmini.301.2c" in rules_of(later)


def test_a_form_changes_only_what_it_names():
    """wowmini.302.1: in Bear Form the druid takes the form's attack and health but keeps its race,
    class and faction; the answer cites the rule."""
    table = Table({"characters": {"malfurion": druid(), "grunt": orc((8, 8), clock=20)}})
    bear = table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    effective = table.doc["characters"]["malfurion"]["effective"]
    assert (effective["race"], effective["class"], effective["faction"]) == ("Night Elf", "Druid", "Alliance")
    assert effective["health"] == 26 and effective["attack"]["damage"] == 5
    assert "wowmini.302.1" in rules_of(bear)


def test_a_buff_keeps_working_through_a_change_of_form():
    """wowmini.302.5: Mark of the Wild's +2 health still applies after the druid enters Bear Form
    (26 + 2), and the answer says the continuous effect carries over."""
    table = Table({"characters": {"malfurion": druid(), "grunt": orc((8, 8), clock=20)}})
    table.do(type="play_card", player="p1", character="malfurion", card="Mark of the Wild", targets=["malfurion"])
    table.do(type="pass", player="p1")  # one action a turn; the druid's clock (2) is still the lowest
    bear = table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    assert table.doc["characters"]["malfurion"]["effective"]["health"] == 28
    assert "wowmini.302.5" in rules_of(bear)


def test_healing_removes_marked_damage_never_below_zero():
    """wowmini.health: healing 5 on a character with 3 damage removes the 3 and no more."""
    table = Table({"characters": {"varian": warrior(square=(2, 2)), "grunt": orc((4, 2), clock=20)}})
    table.do(type="damage", player="p2", source="grunt", target="varian", amount=3)
    healed = table.do(type="heal", player="p1", target="varian", amount=5)
    assert table.state.characters["varian"].damage == 0
    assert [e.amount for e in healed.events if type(e).__name__ == "DamageHealed"] == [3]
    assert "wowmini.health" in rules_of(healed)
