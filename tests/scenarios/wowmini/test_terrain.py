"""Terrain on the battlefield (``wowmini.terrain``, inferred: the terrain rules are not among the
documents) and 303.4: totems are not affected by the terrain they stand on.  A position names its
terrain features; a hazard's damage reaches the characters standing on it, never a totem; a
feature that blocks line of sight blocks ranged abilities across it (405.3)."""
from __future__ import annotations

from typing import Any

from tests.unit.test_wowmini_table import ENGINE, Table, orc, priest, shaman

LAVA: dict[str, Any] = {"name": "Lava Pool", "squares": [[5, 5], [6, 5]], "damage": 2}
GROVE: dict[str, Any] = {"name": "Thick Grove", "squares": [[4, 2]], "blocks_line_of_sight": True}


def _lava_table() -> tuple[Table, str]:
    table = Table({"terrain": [LAVA], "characters": {
        "thrall": shaman((5, 5), owner="p1"),
        "grunt": orc((6, 5), owner="p1", clock=30),
        "varian": orc((8, 8), owner="p2", clock=40, name="Varian")}})
    summon = table.do(type="play_card", player="p1", character="thrall", card="Searing Totem")
    return table, next(iter(table.state.totems))


def test_a_position_describes_its_terrain_and_the_state_document_shows_it():
    """wowmini.terrain: terrain features are part of a position entered directly and of the state
    document, a round trip; a feature off the board is refused naming wowmini.board."""
    table, _ = _lava_table()
    assert table.doc["terrain"] == [{"name": "Lava Pool", "squares": [[5, 5], [6, 5]], "damage": 2,
                                     "blocks_line_of_sight": False}]
    again = ENGINE.create([{"id": "p1"}, {"id": "p2"}], "p1", table.doc)
    assert ENGINE.evolve(None, again[0]).terrain == table.state.terrain
    try:
        ENGINE.create([{"id": "p1"}], "p1", {"terrain": [{"name": "Pit", "squares": [[40, 1]]}]})
    except Exception as exc:  # noqa: BLE001 - the refusal is the point
        assert "wowmini.board" in str(exc)
    else:
        raise AssertionError("terrain off the board was accepted")


def test_a_hazard_damages_the_characters_standing_on_it():
    """wowmini.terrain: a hazard's damage, recorded with the feature as its source, marks the
    characters on its squares and is credited to nobody."""
    table, _ = _lava_table()
    burnt = table.do(type="damage", player="p2", source="Lava Pool", amount=2, targets=["thrall", "grunt"])
    assert table.state.characters["thrall"].damage == 2 and table.state.characters["grunt"].damage == 2
    assert all(e.attributed_to is None for e in burnt.events if type(e).__name__ == "DamageTaken")
    table.refuse("wowmini.terrain", type="damage", player="p2", source="Lava Pool", amount=2, targets=["varian"])


def test_a_totem_on_a_hazard_is_not_affected_by_it():
    """wowmini.303.4: totems are not affected by the terrain they stand on; the searing totem on
    the lava pool takes none of its damage, and naming it is refused citing the rule."""
    table, tid = _lava_table()
    table.refuse("wowmini.303.4", type="damage", player="p2", source="Lava Pool", amount=2, targets=[tid])
    table.do(type="damage", player="p2", source="Lava Pool", amount=2, targets=["thrall"])
    assert table.state.totems[tid].damage == 0
    table.check_every_position()


def test_terrain_that_blocks_line_of_sight_stops_a_ranged_ability():
    """wowmini.405.3 with wowmini.terrain: a grove between the priest and her target blocks the
    line, so Mind Blast (ranged) cannot reach; the same play without the grove is legal."""
    chars = {"anduin": priest((2, 2), owner="p1"), "grunt": orc((6, 2), owner="p2", clock=30)}
    blocked = Table({"terrain": [GROVE], "characters": chars})
    blocked.refuse("wowmini.405.3", type="play_card", player="p1", character="anduin", card="Mind Blast",
                   targets=["grunt"])
    blocked.check_every_position()  # the legal actions offered agree with what decide allows
    clear = Table({"characters": chars})
    clear.do(type="play_card", player="p1", character="anduin", card="Mind Blast", targets=["grunt"])
