"""304.2a: pets score no victory points, nor does anyone for a pet; that holds for the enemy a pet
destroys as well: the kill is the pet's, and a pet scores nothing."""
from __future__ import annotations

from tests.unit.test_wowmini_table import Table, hunter, orc


def _hunter_and_wolf(points: int = 4) -> tuple[Table, str]:
    table = Table({"vp_target": 10, "characters": {"rexxar": hunter((4, 4)),
                                                   "grunt": orc((6, 4), clock=40, points=points, health=5)}})
    summon = table.do(type="play_card", player="p1", character="rexxar", card="Call Wolf", square=[5, 4])
    return table, summon.events[1].pet


def test_an_enemy_destroyed_by_a_pet_scores_nothing():
    """wowmini.304.2a: the wolf's damage destroys the grunt, worth 4 points; pets score no victory
    points, so p1 gains none and the answer cites the rule."""
    table, wolf = _hunter_and_wolf()
    killed = table.do(type="damage", player="p1", source=wolf, target="grunt", amount=5)
    assert "CharacterDestroyed" in table.types(killed)
    assert "VictoryPointsScored" not in table.types(killed)
    assert table.state.players["p1"].victory_points == 0
    assert any(t.rule == "wowmini.304.2a" and wolf in t.detail for t in killed.because)


def test_the_master_destroying_the_same_enemy_scores_its_points():
    """wowmini.victory: the same kill credited to Rexxar, who is not a pet, scores the grunt's 4
    points for p1; only a pet's kills go unscored (wowmini.304.2a)."""
    table, _ = _hunter_and_wolf()
    killed = table.do(type="damage", player="p1", source="rexxar", target="grunt", amount=5)
    assert "VictoryPointsScored" in table.types(killed)
    assert table.state.players["p1"].victory_points == 4
