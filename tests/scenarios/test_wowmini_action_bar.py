"""Narrated WoW Miniatures situations: the worked examples of chapter 3 (302.3) and the situations
its rules describe for buffs, totems and pets.  Every scenario ends by checking that
``legal_actions`` agrees with ``decide`` at every position it went through."""
from __future__ import annotations

from tests.unit.test_wowmini_table import (
    BEAR_FORM, CALL_RAPTOR, CALL_WOLF, FORTITUDE, MIND_BLAST, SHADOWFORM, Table, druid, hunter, orc, priest,
    shaman, warrior,
)


def trace(decision, rule):
    return [t for t in decision.because if t.rule == rule]


# --- 302.3, first example: Bear Form gives only its own paid ability ---------------------------

def druid_in_bear_form() -> Table:
    table = Table({"characters": {"malfurion": druid(square=(2, 2)),
                                  "grunt": orc((3, 3), clock=20)}})
    table.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    table.do(type="pass", player="p1")  # malfurion, at clock 2, still has the lowest clock
    assert table.state.acting == "malfurion"
    return table


def test_druid_in_bear_form_may_use_only_the_forms_paid_ability():
    table = druid_in_bear_form()
    doc = table.doc["characters"]["malfurion"]
    assert doc["form"]["name"] == "Bear Form" and doc["form"]["orientation"] is None
    assert "Bear Form" not in [c["name"] for c in doc["action_bar"]]
    # The card in the bar and the druid's own attack are other paid abilities: forbidden.
    wrath = table.refuse("wowmini.302.3", type="play_card", player="p1", character="malfurion", card="Wrath",
                         targets=["grunt"])
    assert "Maul" in wrath.violations[0].message
    table.refuse("wowmini.302.3", type="attack", player="p1", character="malfurion", target="grunt")
    # Maul, which Bear Form grants, is allowed.
    maul = table.do(type="attack", player="p1", character="malfurion", target="grunt", ability="Maul")
    assert trace(maul, "wowmini.302.3")[0].outcome == "allowed"
    assert table.state.characters["grunt"].damage == 5
    assert table.state.characters["malfurion"].clock == 2 + 3
    table.check_every_position()


def test_druid_in_bear_form_keeps_race_class_and_faction_but_takes_the_forms_statistics():
    table = druid_in_bear_form()
    effective = table.doc["characters"]["malfurion"]["effective"]
    assert (effective["race"], effective["class"], effective["faction"]) == ("Night Elf", "Druid", "Alliance")
    assert effective["attack"] == {"damage": 5, "range": "melee", "cost": 3}
    assert effective["health"] == 26


def test_druid_in_bear_form_may_still_change_form_the_old_card_returning_face_up_and_ready():
    table = druid_in_bear_form()
    change = table.do(type="play_card", player="p1", character="malfurion", card="Cat Form")
    assert table.types(change)[:3] == ["CardPlayed", "FormReturned", "FormEntered"]
    assert any("different form" in t.detail for t in trace(change, "wowmini.302.3"))
    bar = {c.name: c for c in table.state.characters["malfurion"].action_bar}
    assert (bar["Bear Form"].face, bar["Bear Form"].orientation) == ("up", "ready")
    assert table.state.characters["malfurion"].form.name == "Cat Form"
    table.check_every_position()


def test_druid_leaving_bear_form_may_play_its_bar_again():
    table = druid_in_bear_form()
    left = table.do(type="leave_form", player="p1", character="malfurion")
    assert table.types(left) == ["FormLeft"]
    assert any("no orientation trigger" in t.detail for t in trace(left, "wowmini.302.4"))
    table.do(type="play_card", player="p1", character="malfurion", card="Wrath", targets=["grunt"])
    assert table.state.characters["grunt"].damage == 4
    table.check_every_position()


def test_a_form_set_aside_cannot_be_affected_nor_cancelled():
    table = druid_in_bear_form()
    table.refuse("wowmini.302.2", type="ready_card", player="p1", character="malfurion", card="Bear Form")
    table.refuse("wowmini.302.2", type="play_card", player="p1", character="malfurion", card="Bear Form")
    fresh = Table({"characters": {"malfurion": druid(), "grunt": orc((3, 3), clock=20)}})
    fresh.do(type="play_card", player="p1", character="malfurion", card="Bear Form")
    cancel = fresh.refuse("wowmini.302.2", type="cancel", player="p2", character="malfurion", card="Bear Form")
    assert cancel.events == []


def test_a_druid_destroyed_in_bear_form_gets_the_card_back_in_its_bar_and_respawns_as_itself():
    table = druid_in_bear_form()
    killed = table.do(type="damage", player="p2", source="grunt", target="malfurion", amount=26)
    assert table.types(killed) == ["DamageRecorded", "DamageTaken", "CharacterDestroyed", "FormReturned", "TurnStarted"]
    malfurion = table.state.characters["malfurion"]
    assert malfurion.form is None and malfurion.card("Bear Form").orientation == "ready"
    table.do(type="respawn", player="p1", character="malfurion", square=[0, 0])
    assert table.doc["characters"]["malfurion"]["effective"]["attack"]["range"] == "ranged"
    table.check_every_position()


# --- 302.3, second example: a priest in Shadowform still plays Mind Blast -----------------------

def test_priest_in_shadowform_may_still_play_mind_blast():
    table = Table({"characters": {"anduin": priest(square=(2, 2)), "grunt": orc((5, 2), clock=20)}})
    table.do(type="play_card", player="p1", character="anduin", card="Shadowform")
    table.do(type="pass", player="p1")
    blast = table.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
    form_rule = trace(blast, "wowmini.302.3")
    assert form_rule and form_rule[0].outcome == "allowed"
    assert "grants no new paid ability" in form_rule[0].detail
    assert table.types(blast) == ["CardPlayed", "DamageTaken"]
    assert table.state.characters["grunt"].damage == 5
    mind_blast = table.state.characters["anduin"].card("Mind Blast")
    assert (mind_blast.face, mind_blast.orientation) == ("up", "exhausted")
    assert table.state.characters["anduin"].form.name == "Shadowform"
    table.check_every_position()


# --- 301: buffs ------------------------------------------------------------------------------

def test_a_same_name_buff_replaces_the_older_one_with_its_counters():
    table = Table({"characters": {
        "anduin": priest(square=(1, 1)),
        "velen": priest(square=(1, 3), clock=1),
        "varian": warrior(square=(2, 2), clock=30),
        "grunt": orc((8, 8), clock=40),
    }})
    first = table.do(type="play_card", player="p1", character="anduin", card="Power Word: Fortitude",
                     targets=["varian"])
    assert table.types(first) == ["CardPlayed", "BuffAttached"]
    old_id = table.state.characters["varian"].buffs[0].id
    table.do(type="pass", player="p1")
    assert table.state.acting == "velen"
    second = table.do(type="play_card", player="p1", character="velen", card="Power Word: Fortitude",
                      targets=["varian"])
    assert table.types(second) == ["CardPlayed", "BuffAttached", "BuffRemoved"]
    removed = second.events[2]
    assert (removed.buff_id, removed.reason, removed.rule) == (old_id, "replaced", "wowmini.301.2b")
    assert removed.counters == {"fortitude": 1}
    buffs = table.state.characters["varian"].buffs
    assert [b.name for b in buffs] == ["Power Word: Fortitude"] and buffs[0].played_by == "velen"
    assert table.doc["characters"]["varian"]["counters"] == {"fortitude": 1}
    assert table.doc["characters"]["varian"]["effective"]["health"] == 20 + 3
    table.check_every_position()


def test_a_buff_stays_when_its_card_is_readied_and_ends_with_its_duration():
    table = Table({"characters": {"anduin": priest(square=(1, 1)), "varian": warrior(square=(2, 2), clock=50),
                                  "grunt": orc((8, 8), clock=60)}})
    table.do(type="play_card", player="p1", character="anduin", card="Power Word: Fortitude", targets=["varian"])
    buff = table.state.characters["varian"].buffs[0]
    assert buff.expires_at == 30
    table.do(type="ready_card", player="p1", character="anduin", card="Power Word: Fortitude")
    assert table.state.characters["varian"].buffs == [buff]
    expiry = table.do(type="advance_time", player="p1", ticks=30)
    assert table.types(expiry) == ["TimeAdvanced", "BuffExpired"]
    assert table.state.characters["varian"].buffs == []
    table.check_every_position()


def test_buffs_are_removed_when_their_character_is_destroyed():
    table = Table({"characters": {
        "anduin": priest(square=(1, 1)),
        "varian": warrior(square=(2, 2), clock=30, points=10),
        "grunt": orc((3, 3), clock=40, bar=[]),
        "shaman": shaman((6, 6), clock=50, bar=[{"name": "Frost Shock", "kind": "debuff", "cost": 2,
                                                 "counters": {"frost": 2}, "notes": "React"}]),
    }})
    table.do(type="play_card", player="p1", character="anduin", card="Power Word: Fortitude", targets=["varian"])
    table.do(type="play_card", player="p2", character="shaman", card="Frost Shock", targets=["varian"])
    assert len(table.state.characters["varian"].buffs) == 2
    blow = table.do(type="damage", player="p2", source="grunt", target="varian", amount=23)
    assert table.types(blow) == ["DamageRecorded", "DamageTaken", "CharacterDestroyed", "BuffRemoved",
                                 "BuffRemoved", "VictoryPointsScored"]
    assert {e.reason for e in blow.events if type(e).__name__ == "BuffRemoved"} == {"destroyed"}
    assert {e.rule for e in blow.events if type(e).__name__ == "BuffRemoved"} == {"wowmini.301.2d"}
    assert trace(blow, "wowmini.301.2e")
    varian = table.state.characters["varian"]
    assert varian.status == "destroyed" and varian.buffs == [] and varian.square is None
    assert table.state.players["p2"].victory_points == 10
    table.check_every_position()


# --- 303: totems -----------------------------------------------------------------------------

def shaman_with_totem() -> Table:
    table = Table({"characters": {
        "thrall": shaman((5, 5), owner="p1"),
        "grunt": orc((6, 5), owner="p1", clock=30),
        "varian": warrior(square=(5, 6), owner="p2", clock=40),
        "anduin": priest(square=(9, 9), owner="p2", clock=50),
    }})
    table.do(type="play_card", player="p1", character="thrall", card="Searing Totem")
    return table


def test_a_totem_appears_on_its_summoners_square():
    table = shaman_with_totem()
    (tid, totem), = table.state.totems.items()
    assert totem.square == (5, 5) and totem.summoner == "thrall" and totem.health == 3
    table.refuse("wowmini.303.4", type="move", player="p1", character=tid, to=[5, 4])


def test_a_totem_is_untouched_by_an_area_effect_and_by_all_characters():
    table = shaman_with_totem()
    tid = next(iter(table.state.totems))
    blizzard = table.do(type="damage", player="p2", source="anduin", amount=2, ability="Blizzard",
                        area={"center": [5, 5], "radius": 1})
    assert blizzard.events[0].excluded == [tid]
    assert set(blizzard.events[0].targets) == {"thrall", "grunt", "varian"}
    assert any(tid in t.detail for t in trace(blizzard, "wowmini.303.2"))
    assert table.state.totems[tid].damage == 0
    assert table.state.characters["grunt"].damage == 2
    nova = table.do(type="damage", player="p2", source="anduin", amount=1, all_characters=True)
    assert tid not in nova.events[0].targets
    assert table.state.totems[tid].damage == 0
    assert all(table.state.characters[c].damage >= 1 for c in ("thrall", "grunt", "varian", "anduin"))
    # Naming the totem among an area effect's targets breaks the rule.
    table.refuse("wowmini.303.2", type="damage", player="p2", amount=2, area=True, targets=[tid, "grunt"])
    table.check_every_position()


def test_a_totem_is_targeted_like_a_character_and_destroyed_at_its_health():
    table = shaman_with_totem()
    tid = next(iter(table.state.totems))
    table.refuse("wowmini.303.2", type="play_card", player="p2", character="anduin", card="Shadow Word: Pain",
                 targets=[tid])
    shot = table.do(type="damage", player="p2", source="varian", target=tid, amount=3)
    assert table.types(shot) == ["DamageRecorded", "DamageTaken", "TotemDestroyed"]
    assert table.state.totems[tid].status == "destroyed"
    table.refuse("wowmini.303.3", type="respawn", player="p1", character=tid)
    table.check_every_position()


def test_a_totem_stays_when_its_summoner_is_destroyed_and_cannot_be_healed():
    table = shaman_with_totem()
    tid = next(iter(table.state.totems))
    table.do(type="damage", player="p2", target=tid, amount=1)
    gone = table.do(type="destroy", player="p2", character="thrall")
    assert any("stay in play" in t.detail for t in trace(gone, "wowmini.303.1"))
    assert table.state.totems[tid].status == "in_play"
    table.refuse("wowmini.303.3", type="heal", player="p1", target=tid, amount=1)
    table.check_every_position()


def test_a_character_may_share_a_totems_square_and_is_adjacent_to_it():
    table = shaman_with_totem()
    tid = next(iter(table.state.totems))
    table.do(type="move", player="p1", character="thrall", to=[4, 5])
    table.do(type="pass", player="p1", wait=50)
    assert table.state.acting == "grunt"
    table.do(type="move", player="p1", character="grunt", to=[5, 5])
    assert table.state.characters_on((5, 5)) == ["grunt"] and table.state.totems_on((5, 5)) == [tid]
    table.check_every_position()


# --- 304: pets -------------------------------------------------------------------------------

def hunter_table(**extra) -> Table:
    chars = {"rexxar": hunter((4, 4)), "grunt": orc((8, 8), clock=40)}
    chars.update(extra)
    return Table({"characters": chars})


def test_a_pet_appears_adjacent_with_its_masters_clock_and_takes_its_own_turns():
    table = hunter_table()
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    assert table.types(summon) == ["CardPlayed", "PetSummoned"]
    pid = summon.events[1].pet
    wolf = table.state.characters[pid]
    assert wolf.square == (5, 4) and wolf.master == "rexxar" and wolf.clock == 3 == table.state.characters["rexxar"].clock
    assert wolf.action_bar == []
    table.refuse("wowmini.304.1", type="play_card", player="p1", character="rexxar", card="Call Raptor",
                 square=[7, 7])
    table.do(type="pass", player="p1")
    assert table.state.acting == pid  # tied clocks, same player: the lower id ("pet-1" < "rexxar") goes first
    table.do(type="move", player="p1", character=pid, to=[6, 4])
    table.do(type="pass", player="p1", wait=1)
    assert table.state.acting == "rexxar"
    table.check_every_position()


def test_a_second_pet_replaces_the_first():
    table = hunter_table()
    first = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    wolf = first.events[1].pet
    table.do(type="pass", player="p1", wait=1)
    assert table.state.acting == wolf
    table.do(type="pass", player="p1", wait=2)  # the wolf's own turn
    assert table.state.acting == "rexxar"
    second = table.do(type="play_card", player="p1", character="rexxar", card="Call Raptor", square=[3, 3])
    assert table.types(second) == ["CardPlayed", "PetRemoved", "PetSummoned"]
    assert (second.events[1].pet, second.events[1].reason, second.events[1].rule) == (wolf, "replaced", "wowmini.304.1")
    raptor = second.events[2].pet
    assert table.state.characters[wolf].status == "removed"
    assert table.state.pet_of_player("p1") == raptor
    table.check_every_position()


def test_a_pet_is_removed_with_its_master_and_scores_nothing():
    table = hunter_table()
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    wolf = summon.events[1].pet
    killed = table.do(type="destroy", player="p2", character="rexxar", source="grunt")
    assert table.types(killed)[:3] == ["DestructionRecorded", "CharacterDestroyed", "PetRemoved"]
    removal = killed.events[2]
    assert (removal.pet, removal.reason, removal.rule) == (wolf, "master_destroyed", "wowmini.304.2")
    assert table.state.characters[wolf].status == "removed"
    table.refuse("wowmini.304.2a", type="respawn", player="p1", character=wolf, square=[0, 0])
    assert table.state.acting == "grunt"  # the destroyed master's turn is over; the next clock goes
    table.check_every_position()


def test_destroying_a_pet_scores_no_victory_points():
    table = hunter_table()
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    wolf = summon.events[1].pet
    killed = table.do(type="damage", player="p2", source="grunt", target=wolf, amount=8)
    assert "VictoryPointsScored" not in table.types(killed)
    assert trace(killed, "wowmini.304.2a")
    assert table.state.players["p2"].victory_points == 0


def test_a_pet_is_summoned_to_the_nearest_free_square_when_every_adjacent_square_holds_a_character():
    ring = [(3, 3), (4, 3), (5, 3), (3, 4), (5, 4), (3, 5), (4, 5), (5, 5)]
    extra = {f"guard{i}": orc(sq, owner="p2" if i % 2 else "p1", clock=40 + i, name=f"Guard {i}")
             for i, sq in enumerate(ring)}
    table = hunter_table(**extra)
    options = [la.action for la in table.engine.legal_actions(table.state, "p1")
               if la.action["type"] == "play_card" and la.action["card"] == "Call Wolf"]
    assert options and all(max(abs(a["square"][0] - 4), abs(a["square"][1] - 4)) == 2 for a in options)
    table.refuse("wowmini.304.1", type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[4, 3])
    table.refuse("wowmini.304.1", type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[4, 7])
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[4, 2])
    assert any("nearest" in t.detail for t in trace(summon, "wowmini.304.1"))
    assert table.state.characters[summon.events[1].pet].square == (4, 2)
    table.check_every_position()


def test_pets_do_not_block_line_of_sight_and_may_be_passed_but_not_stopped_on():
    table = hunter_table(grunt=orc((8, 4), clock=40))
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    wolf = summon.events[1].pet
    table.do(type="pass", player="p1", wait=10)
    table.do(type="pass", player="p1", wait=20)  # the wolf's own turn
    assert table.state.acting == "rexxar"
    shot = table.do(type="attack", player="p1", character="rexxar", target="grunt")
    assert any(wolf in t.detail for t in trace(shot, "wowmini.304.2b"))
    assert table.state.characters["grunt"].damage == 3
    table.refuse("wowmini.304.2b", type="move", player="p1", character="rexxar", to=[5, 4])
    table.do(type="move", player="p1", character="rexxar", to=[6, 4], path=[[5, 4], [6, 4]])
    table.check_every_position()


def test_a_non_pet_character_blocks_line_of_sight():
    table = hunter_table(grunt=orc((8, 4), clock=40), varian=warrior(square=(6, 4), clock=45))
    table.refuse("wowmini.405.3", type="attack", player="p1", character="rexxar", target="grunt")
