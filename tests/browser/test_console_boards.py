"""The judge console in headless Chromium, each game's picture: the Buffy board (spaces, the park,
fatigue, challenges and the fight), the Spoils view (factions, resources, damage and the battle) and
the WoW Minis grid (totems, pets and action bars)."""
from __future__ import annotations

import json
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.console_pages import expect, open_console, raw_action, spoils_setup, wait_at
from tests.conftest import BUFFY, SPIKE

pytestmark = pytest.mark.browser


def test_the_buffy_board_shows_spaces_park_fatigue_challenges_and_the_fight(page, server):
    setup = {
        "step": "conflict", "time_of_day": "night", "turn": 3,
        "players": {"p1": {"destiny": 4, "hand": 5, "park_control_turns": 2}, "p2": {"destiny": 6, "hand": 5}},
        "characters": {
            "spike": SPIKE,
            "buffy": {**BUFFY, "attachments": [{"name": "Mr. Pointy", "kind": "item", "talents": {"butt_kicking": 1}}]},
            "harmony": {"owner": "p1", "name": "Harmony Kendall", "location": "park", "fatigued": True, "alignment": "evil",
                        "talents": {"butt_kicking": 2, "smarts": 1, "weirdness": 1, "charm": 2}, "traits": ["VAMPIRE"]},
            "drusilla": {"owner": "p1", "name": "Drusilla", "location": "p1.4", "alignment": "evil",
                         "talents": {"butt_kicking": 2, "smarts": 1, "weirdness": 4, "charm": 2}, "traits": ["VAMPIRE"]},
            "willow": {"owner": "p2", "name": "Willow Rosenberg", "location": "p2.3", "alignment": "good",
                       "talents": {"butt_kicking": 0, "smarts": 3, "weirdness": 2, "charm": 1}, "traits": ["HUMAN", "WITCH"],
                       "attachments": [{"name": "Spellcraft", "kind": "skill", "talents": {"weirdness": 1}}]},
            "xander": {"owner": "p2", "name": "Xander Harris", "location": "p2.3", "fatigued": True, "alignment": "good",
                       "talents": {"butt_kicking": 1, "smarts": 1, "weirdness": 0, "charm": 3}, "traits": ["HUMAN"]},
        },
        "challenges": {
            "hyenas": {"name": "Hyenas in the Classroom", "owner": "p1", "location": "p2.1",
                       "goals": {"charm": 4, "smarts": 9}, "destiny": 4},
            "technopagan": {"name": "You Can Trust the Technopagan", "owner": "p2", "location": "p1.1",
                            "goals": {"smarts": 3}, "destiny": 2},
        },
        "locations": {"p1.2": {"name": "The Factory", "owner": "p1"}, "p2.2": {"name": "Sunnydale High", "owner": "p2"}},
    }
    gid = server.post("/games", {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": setup})["id"]
    for action in ({"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"},
                   {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"},
                   {"type": "draw", "player": "p1", "count": 5}, {"type": "draw", "player": "p2", "count": 5},
                   {"type": "boost", "player": "p1", "talent": "butt_kicking", "card": {"name": "Stake", "kind": "item"}}):
        server.post(f"/games/{gid}/actions", action)
    server.post(f"/games/{gid}/actions?mode=record",  # out of turn (p2 is to act), recorded by the judge
                {"type": "boost", "player": "p1", "talent": "butt_kicking", "card": {"name": "Crossbow", "kind": "item"}})
    open_console(page, server, f"#game={gid}")
    head = int(page.locator("#slider").get_attribute("max"))
    wait_at(page, head)
    board = page.locator("#board")
    expect(board.locator(".tod")).to_have_text("☾ Night")
    expect(board.locator(".park [data-character='harmony']")).to_be_visible()
    rotated = board.locator(".slot.fatigued > [data-character='harmony']")
    assert "matrix(" in rotated.evaluate("el => getComputedStyle(el).transform")  # turned sideways
    expect(board.locator("[data-space='p2.1'] [data-challenge='hyenas']")).to_contain_text("CH 4")
    expect(board.locator(".phase")).to_contain_text("Stake")
    expect(board.locator(".phase .stepper li.current")).to_have_text("battle")
    expect(board.locator("[data-character='buffy']")).to_have_class(re.compile(r"\bdefender\b"))
    expect(board.locator("[data-space='p1.2']")).to_contain_text("The Factory")
    expect(page.locator("#marks .mark.violation")).to_have_count(1)
    raw_action(page, '{"type": "pass", "player": "p1"}')
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#answer")).to_contain_text("Illegal")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "buffy-board", docs=True)


def test_the_spoils_view_shows_factions_resources_damage_and_the_battle(page, server):
    from adjudicator import games

    if "spoils" not in games():
        pytest.skip("The Spoils engine is not in this build")
    gid = server.post("/games", {"game": "spoils", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": spoils_setup()})["id"]
    for action in ({"type": "attack", "player": "p1", "attackers": ["swift", "medium", "slow"]},
                   {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"},
                   {"type": "block", "player": "p2", "blockers": ["guard", "wall"]},
                   {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"},
                   {"type": "assign_damage", "player": "p1", "assignments": [{"from": "swift", "to": "guard", "amount": 3}]},
                   {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"}):
        server.post(f"/games/{gid}/actions", action)
    open_console(page, server, f"#game={gid}")
    head = int(page.locator("#slider").get_attribute("max"))
    wait_at(page, head)
    board = page.locator("#board")
    battle = board.locator(".battle")
    expect(battle).to_contain_text("p1 attacks p2's faction")
    expect(battle.locator(".party").first.locator("[data-card]")).to_have_count(3)
    expect(battle.locator(".party").nth(1).locator("[data-card]")).to_have_count(2)
    expect(board.locator("[data-player='p2'] [data-card='guard'] .damage")).to_contain_text("3 damage")
    expect(board.locator("[data-player='p2'] .influence")).to_contain_text("19")
    expect(board.locator("[data-player='p1'] .slot.fatigued [data-card='swift']")).to_have_count(1)  # depleted
    expect(board.locator("[data-player='p1'] .resource")).to_have_count(5)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "spoils-battle", docs=True)


def test_the_wow_minis_view_shows_the_grid_totems_pets_and_action_bars(page, server):
    from adjudicator import games

    if "wowmini" not in games():
        pytest.skip("The WoW Miniatures engine is not in this build")
    druid = {"owner": "p1", "name": "Malfurion", "class": "Druid", "race": "Night Elf", "faction": "Alliance",
             "square": [2, 5], "health": 20, "attack": {"damage": 3, "range": "ranged", "cost": 3},
             "action_bar": [{"name": "Bear Form", "kind": "form", "cost": 2, "restriction": "Druid", "health": 26,
                             "attack": {"damage": 5, "range": "melee", "cost": 3}},
                            {"name": "Wrath", "cost": 3, "damage": 4, "range": "ranged", "target": "enemy",
                             "restriction": "Druid"},
                            {"name": "Mark of the Wild", "kind": "buff", "cost": 2, "duration": 20, "modifiers": {"health": 2}}]}
    shaman = {"owner": "p2", "name": "Thrall", "class": "Shaman", "race": "Orc", "faction": "Horde", "square": [6, 2],
              "health": 22, "attack": {"damage": 4, "range": "melee", "cost": 3},
              "action_bar": [{"name": "Searing Totem", "kind": "totem", "cost": 2, "health": 3, "restriction": "Shaman"}]}
    hunter = {"owner": "p2", "name": "Rexxar", "class": "Hunter", "race": "Orc", "faction": "Horde", "square": [7, 3],
              "health": 18, "attack": {"damage": 3, "range": "ranged", "cost": 3},
              "action_bar": [{"name": "Call Wolf", "kind": "pet", "cost": 3, "restriction": "Hunter",
                              "pet": {"name": "Wolf", "health": 8, "attack": {"damage": 2, "range": "melee", "cost": 2}}}]}
    setup = {"board": {"width": 10, "height": 8, "blocked": [[4, 3], [4, 4]]}, "vp_squares": [[1, 6], [8, 1]],
             "characters": {"malfurion": druid, "thrall": shaman, "rexxar": hunter}}
    gid = server.post("/games", {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": setup})["id"]
    for action in ({"type": "play_card", "player": "p1", "character": "malfurion", "card": "Mark of the Wild",
                    "targets": ["malfurion"]},
                   {"type": "pass", "player": "p1"},
                   {"type": "play_card", "player": "p2", "character": "rexxar", "card": "Call Wolf", "square": [6, 4]},
                   {"type": "pass", "player": "p2"}):
        server.post(f"/games/{gid}/actions", action)
    open_console(page, server, f"#game={gid}")
    head = int(page.locator("#slider").get_attribute("max"))
    wait_at(page, head)
    board = page.locator("#board")
    expect(board.locator(".grid .cell")).to_have_count(80)
    expect(board.locator(".grid [data-character='malfurion']")).to_be_visible()
    expect(board.locator(".grid .token.pet")).to_have_count(1)
    expect(board.locator(".grid .cell.blocked")).to_have_count(2)
    expect(board.locator(".char-bar[data-character='malfurion']")).to_contain_text("Mark of the Wild")
    expect(board.locator(".char-bar[data-character='malfurion'] .buff")).to_have_count(1)
    # Thrall is acting: summon the totem through the console, on a square typed in by the judge.
    raw_action(page, json.dumps(
        {"type": "play_card", "player": "p2", "character": "thrall", "card": "Searing Totem", "square": [5, 2]}))
    page.get_by_role("button", name="Append").click()
    wait_at(page, head + 2)
    expect(board.locator(".grid .totem")).to_have_count(1)
    shot(page, "wowmini-grid")
