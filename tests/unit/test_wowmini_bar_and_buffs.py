"""The WoW Miniatures engine, rules 300-301 one at a time (no HTTP): the action bar (cards revealed,
categories, one action per turn and instants besides, reacts, exhaustion, the core ability's ticks,
pets), buffs and debuffs, and a destroyed character's respawn; each refusal cites its rule id."""
from __future__ import annotations

from tests.unit.test_wowmini_table import Table, card, hunter, orc, priest, warrior


# --- 300: the action bar -----------------------------------------------------------------------

def test_only_the_controller_reveals_a_face_down_card_once():
    table = Table({"characters": {"anduin": priest(), "grunt": orc((5, 5), clock=5)}})
    table.refuse("wowmini.300.1", type="reveal_card", player="p2", character="anduin", card="Mind Blast")
    table.do(type="reveal_card", player="p1", character="anduin", card="Mind Blast")
    assert table.state.characters["anduin"].card("Mind Blast").face == "up"
    table.refuse("wowmini.300.1", type="reveal_card", player="p1", character="anduin", card="Mind Blast")


def test_the_notes_line_decides_the_category():
    table = Table({"characters": {"anduin": priest(), "grunt": orc((5, 5), clock=5)}})
    doc = {c["name"]: c["category"] for c in table.doc["characters"]["anduin"]["action_bar"]}
    assert doc == {"Shadowform": "action", "Mind Blast": "action", "Power Word: Fortitude": "action",
                   "Shadow Word: Pain": "instant"}


def test_one_action_per_turn_but_instants_besides():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=5)}})
    table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
    table.refuse("wowmini.703", type="play_card", player="p1", character="anduin", card="Power Word: Fortitude",
                 targets=["anduin"])
    pain = table.do(type="play_card", player="p1", character="anduin", card="Shadow Word: Pain", targets=["grunt"])
    assert pain.events[0].category == "instant"


def test_actions_and_instants_wait_for_the_characters_turn_but_reacts_do_not():
    react = card("Retaliation", notes="React", cost=0, damage=2, target="enemy", range="melee")
    table = Table({"characters": {"anduin": priest(square=(2, 2)),
                                  "grunt": orc((3, 2), clock=5, bar=[react])}})
    off_turn = table.refuse("wowmini.703", type="attack", player="p2", character="grunt", target="anduin")
    assert off_turn.events  # a judge could still record it
    played = table.do(type="play_card", player="p2", character="grunt", card="Retaliation", targets=["anduin"],
                      trigger="attacked by anduin")
    assert played.events[0].category == "react"
    table.refuse("wowmini.703", type="play_card", player="p2", character="anduin", card="Shadow Word: Pain",
                 targets=["grunt"])


def test_an_exhausted_card_is_recharging_until_readied():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
    table.do(type="pass", player="p1")
    again = table.refuse("wowmini.300.5", type="play_card", player="p1", character="anduin", card="Mind Blast",
                         targets=["grunt"])
    assert "recharging" in again.violations[0].message
    table.refuse("wowmini.ready", type="ready_card", player="p1", character="anduin", card="Shadowform")
    table.do(type="ready_card", player="p1", character="anduin", card="Mind Blast")
    table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
    assert table.state.characters["grunt"].damage == 10
    assert table.state.characters["anduin"].card("Mind Blast") is not None  # it stays in the bar


def test_the_core_ability_advances_the_clock_by_its_ticks():
    table = Table({"characters": {"anduin": priest(clock=7), "grunt": orc((5, 2), clock=20)}})
    played = table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
    assert (played.events[0].cost, played.events[0].clock) == (3, 10)
    assert table.state.characters["anduin"].clock == 10


def test_a_pet_plays_no_card():
    table = Table({"characters": {"rexxar": hunter((4, 4)), "wolf": {"owner": "p1", "square": [5, 4],
                                                                     "master": "rexxar", "clock": 9}}})
    table.refuse("wowmini.300.1", type="play_card", player="p1", character="wolf", card="x")
    table.refuse("wowmini.300.1", type="ready_card", player="p1", character="wolf", card="x")


# --- 301: buffs --------------------------------------------------------------------------------

def test_buffs_target_allies_and_debuffs_enemies():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "varian": warrior(square=(3, 2), clock=9),
                                  "grunt": orc((5, 2), clock=20)}})
    wrong = table.refuse("wowmini.301.1", type="play_card", player="p1", character="anduin",
                         card="Power Word: Fortitude", targets=["grunt"])
    assert [type(e).__name__ for e in wrong.events] == ["CardPlayed", "BuffAttached"]  # recordable anyway
    table.refuse("wowmini.301.1", type="play_card", player="p1", character="anduin", card="Shadow Word: Pain",
                 targets=["varian"])
    table.do(type="play_card", player="p1", character="anduin", card="Shadow Word: Pain", targets=["grunt"])
    assert table.state.characters["grunt"].buffs[0].kind == "debuff"


def test_damage_from_a_buff_is_not_credited_to_the_character_who_played_it():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=20, points=4)}})
    table.do(type="play_card", player="p1", character="anduin", card="Shadow Word: Pain", targets=["grunt"])
    buff_id = table.state.characters["grunt"].buffs[0].id
    tick = table.do(type="damage", player="p1", source=buff_id, target="grunt", amount=20)
    assert tick.events[1].attributed_to is None
    assert any(t.rule == "wowmini.301.2a" for t in tick.because)
    assert "VictoryPointsScored" not in [type(e).__name__ for e in tick.events]


def test_cancelling_a_buff_removes_the_copy_but_the_cost_stays_paid():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="anduin", card="Power Word: Fortitude", targets=["anduin"])
    cancel = table.do(type="cancel", player="p2", character="anduin", card="Power Word: Fortitude")
    assert [type(e).__name__ for e in cancel.events] == ["CardCancelled", "BuffRemoved"]
    assert table.state.characters["anduin"].buffs == []
    assert table.state.characters["anduin"].card("Power Word: Fortitude").orientation == "exhausted"
    table.refuse("wowmini.cancel", type="cancel", player="p2", character="anduin", card="Power Word: Fortitude")


# --- respawn and time --------------------------------------------------------------------------

def test_a_destroyed_character_respawns_without_damage():
    table = Table({"characters": {"varian": warrior(square=(2, 2), spawn=[0, 0]), "grunt": orc((5, 2), clock=20)}})
    table.do(type="damage", player="p2", target="varian", amount=25)
    assert table.state.acting == "grunt"
    table.do(type="respawn", player="p1", character="varian")
    assert table.state.characters["varian"].square == (0, 0) and table.state.characters["varian"].damage == 0
    table.refuse("wowmini.respawn", type="respawn", player="p1", character="varian", square=[1, 1])
