"""The judge console in headless Chromium, against a real server: a judge creates a game from a
position, appends actions, moves the slider back, checks an illegal action and reads its rule;
the timeline answers the keyboard; the key goes out as a Bearer token; each game has its picture."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
import requests

from tests.browser.conftest import Server, shot
from tests.conftest import BUFFY, SPIKE

pytestmark = pytest.mark.browser


def expect(locator):
    from playwright.sync_api import expect as _expect

    return _expect(locator)


def open_console(page, server: Server, fragment: str = "") -> None:
    page.goto(f"{server.url}/console{fragment}")
    page.wait_for_selector("body[data-ready]", state="attached")


def wait_at(page, position: int) -> None:
    """The picture and the legal actions of ``position`` are on the page."""
    page.wait_for_selector(f"#board[data-at='{position}']", state="attached")
    page.wait_for_selector(f"#legal[data-at='{position}']", state="attached")
    expect(page.locator("#slider")).to_have_value(str(position))


def raw_action(page, text: str) -> None:
    """Types an action in the advanced raw JSON editor (opening it first)."""
    details = page.locator("#raw-json")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.get_by_label("Action (JSON)").fill(text)


def game_id(page) -> str:
    return re.search(r"game=([0-9a-f-]+)", page.url).group(1)


def buffy_position(**more: Any) -> dict[str, Any]:
    return {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
            "setup": {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}, **more}}


def test_a_judge_creates_a_position_appends_rewinds_and_checks_an_illegal_action(page, server):
    open_console(page, server)
    page.get_by_role("button", name="New game…").click()
    page.get_by_label("Game", exact=True).select_option("buffy")
    page.get_by_label("Players").fill("p1, p2")
    page.get_by_label("First player").fill("p1")
    page.locator("#c-common [data-game=buffy]").get_by_label("Step").select_option("conflict")
    page.get_by_label("Position (setup)").fill(json.dumps(
        {"characters": {"spike": SPIKE, "buffy": BUFFY}, "players": {"p1": {"destiny": 3}}}))
    page.get_by_role("button", name="Create game").click()
    wait_at(page, 1)
    gid = game_id(page)
    expect(page.locator("#board [data-space='p1.2'] [data-character='spike']")).to_be_visible()
    expect(page.locator("#board .stepper li.current")).to_have_text("conflict")
    expect(page.locator("#board [data-player='p1'] .destiny")).to_contain_text("3")

    # p1 is to act: use a legal action from the list, then type one.
    page.locator("#legal li", has_text="Spike attacks Buffy Summers").get_by_role("button", name="Use").click()
    page.get_by_role("button", name="Append").click()
    wait_at(page, 2)
    expect(page.locator("#pos-out")).to_have_text("position 2 of 2")
    expect(page.locator("#board .phase")).to_contain_text("Fight")
    expect(page.locator("#board [data-character='spike']")).to_have_class(re.compile(r"\battacker\b"))
    raw_action(page, '{"type": "pass", "player": "p1"}')
    page.get_by_role("button", name="Append").click()
    wait_at(page, 3)
    expect(page.locator("#events .batch")).to_have_count(3)
    expect(page.locator("#events .batch").nth(1)).to_contain_text("p1")
    expect(page.locator("#events .batch").nth(1)).to_contain_text("FightStarted")
    shot(page, "console-after-appends")

    # Move the slider back to the position entered directly.
    page.locator("#slider").fill("1")
    wait_at(page, 1)
    expect(page.locator("#board .phase")).to_have_count(0)
    expect(page.locator("#events .event.current")).to_contain_text("GameCreated")
    expect(page.locator("#events .event.future")).to_have_count(2)

    # Check an illegal action there: p2 passing while p1 is to act.  Nothing is appended.
    raw_action(page, '{"type": "pass", "player": "p2"}')
    page.get_by_role("button", name="Check").click()
    answer = page.locator("#answer")
    expect(answer).to_contain_text("Illegal at position 1")
    link = answer.locator(".violations a.rule-link").first
    expect(link).to_have_text("buffy.one-card-at-a-time")
    expect(link).to_have_attribute("href", "/rules/buffy.one-card-at-a-time")
    expect(answer.locator("table.because")).to_contain_text("forbidden")
    link.click()
    expect(page.locator("#rule")).to_contain_text("One card at a time")
    shot(page, "console-illegal-check")
    assert requests.get(f"{server.url}/games/{gid}", timeout=5).json()["position"] == 3

    # Appending from an old position is refused as stale (If-Match), and nothing is appended.
    page.get_by_role("button", name="Append").click()
    expect(answer).to_contain_text("409")
    assert requests.get(f"{server.url}/games/{gid}", timeout=5).json()["position"] == 3

    # In record mode at the latest position, an illegal action is logged and marked on the timeline.
    page.get_by_role("button", name="Latest position").click()
    wait_at(page, 3)
    raw_action(page, '{"type": "pass", "player": "p1"}')
    page.get_by_label("Mode").select_option("record")
    page.get_by_role("button", name="Append").click()
    # p2 is to act, so p1's recorded pass is out of turn: it starts a new run of passes and the
    # choose stage goes on (buffy.pass-consecutively; a stage ends only when both have passed).
    wait_at(page, 4)
    expect(page.locator("#board .phase")).to_contain_text("Fight")
    expect(answer).to_contain_text("recorded with its violations")
    expect(page.locator("#marks .mark.violation")).to_have_count(1)
    expect(page.locator("#events .batch.has-violation")).to_contain_text("buffy.one-card-at-a-time")
    expect(page.locator("#audit-summary")).to_contain_text("1 violation(s) recorded")
    shot(page, "console-recorded-violation")


@pytest.mark.parametrize("game", ["buffy", "spoils", "wowmini"])
def test_the_example_position_creates_a_game_and_its_position_round_trips(page, server, game):
    from adjudicator import games

    if game not in games():
        pytest.skip(f"the {game} engine is not in this build")
    open_console(page, server)
    page.get_by_role("button", name="New game…").click()
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_role("button", name="Example position").click()
    page.get_by_role("button", name="Create game").click()
    wait_at(page, 1)
    first, picture = game_id(page), page.locator("#board").inner_text()
    # Like a chess FEN: the state document shown is a setup for a new game with the same picture.
    page.get_by_role("button", name="New game from this position…").click()
    expect(page.get_by_label("Position (setup)")).not_to_have_value("")
    page.get_by_role("button", name="Create game").click()
    expect(page).not_to_have_url(re.compile(re.escape(first)))  # the page's CSP forbids string predicates
    wait_at(page, 1)
    assert page.locator("#board").inner_text() == picture


def test_the_trace_shows_the_card_or_ruling_that_overrides_a_rule(page, server):
    tired = {"talents": {"butt_kicking": 2, "smarts": 1, "weirdness": 4, "charm": 2}, "location": "p1.2", "fatigued": True}
    setup = {"characters": {
        "spike": {**SPIKE, "fatigued": True, "effects": [{"permit": "buffy.fight.attacker-refreshed"}]},
        "dru": {"owner": "p1", "name": "Drusilla", **tired}, "buffy": BUFFY}}
    gid = server.post("/games", buffy_position(**setup))["id"]
    ruling = server.post(f"/games/{gid}/rulings", {
        "judge": "Head judge", "rule": "buffy.fight.attacker-refreshed", "card": "Drusilla",
        "effect": {"permit": "buffy.fight.attacker-refreshed"}, "reason": "Drusilla's text, as ruled at the table"})
    ruling_id = ruling["events"][0]["data"]["ruling_id"]
    open_console(page, server, f"#game={gid}")
    wait_at(page, 2)
    expect(page.locator("#events .batch").nth(1)).to_contain_text("RulingRecorded")
    answer = page.locator("#answer")
    for attacker, by in (("spike", "card Spike"), ("dru", f"ruling {ruling_id} on Drusilla")):
        raw_action(page, json.dumps(
            {"type": "start_fight", "player": "p1", "attacker": attacker, "defender": "buffy"}))
        page.get_by_role("button", name="Check").click()
        row = answer.locator("table.because tr.outcome-overridden")
        expect(row.first).to_contain_text(by)
        expect(row.first.locator("a.rule-link")).to_have_attribute("href", "/rules/buffy.fight.attacker-refreshed")
        expect(answer).to_contain_text("Legal at position 2")
    shot(page, "console-override-trace")


def test_arrow_keys_on_the_timeline_step_through_positions(page, server):
    gid = server.post("/games", buffy_position())["id"]
    server.post(f"/games/{gid}/actions", {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    server.post(f"/games/{gid}/actions", {"type": "pass", "player": "p1"})
    server.post(f"/games/{gid}/actions", {"type": "pass", "player": "p2"})  # ends the choose stage: 2 events
    head = requests.get(f"{server.url}/games/{gid}", timeout=5).json()["position"]
    assert head == 5
    open_console(page, server, f"#game={gid}")
    wait_at(page, head)

    # Keyboard only: Tab from the top of the page reaches the slider.
    page.locator("body").focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "slider":
            break
    else:
        pytest.fail("Tab never reached the timeline's slider")

    page.keyboard.press("ArrowLeft")
    wait_at(page, 4)
    expect(page.locator("#pos-out")).to_have_text("position 4 of 5")
    page.keyboard.press("ArrowLeft")
    wait_at(page, 3)
    page.keyboard.press("ArrowRight")
    wait_at(page, 4)
    page.keyboard.press("Home")
    wait_at(page, 1)
    page.keyboard.press("End")
    wait_at(page, 5)

    # The event list steps too, and PageUp jumps to the start of the previous action.
    page.locator("#events").focus()
    page.keyboard.press("ArrowUp")
    wait_at(page, 4)
    expect(page.locator("#events .event.current")).to_contain_text("PlayerPassed")
    page.keyboard.press("PageUp")
    wait_at(page, 3)
    page.keyboard.press("ArrowDown")
    wait_at(page, 4)
    assert f"at=4" in page.url


def test_audit_findings_are_marked_on_the_timeline(page, server):
    gid = server.post("/games", buffy_position())["id"]
    server.post(f"/games/{gid}/actions", {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    server.post(f"/games/{gid}/actions", {"type": "pass", "player": "p1"})
    # A log the rules of today disagree with (as after a rule fix) cannot be made through the API,
    # so the audit's answer is replaced here with the shape GET /games/{id}/audit gives for one.
    finding = {"position": 2, "kind": "mismatch", "message": "the stored events are not what the rules produce",
               "stored": ["FightStarted"], "rules_produce": ["FightStarted", "StageStarted"]}
    audit = {"valid": False, "checked": 2, "positions": 3, "violations": [finding], "recorded_violations": 0,
             "chain": {"valid": False, "head": "0" * 64, "breaks": [{"position": 3, "problem": "edited"}]}}
    page.route(f"**/games/{gid}/audit", lambda route: route.fulfill(json=audit))
    open_console(page, server, f"#game={gid}")
    wait_at(page, 3)
    expect(page.locator("#marks .mark.audit")).to_have_count(2)
    expect(page.locator("#events .batch.has-finding")).to_have_count(2)
    expect(page.locator("#events .batch").nth(1).locator(".badge.audit")).to_contain_text("audit: mismatch")
    expect(page.locator("#events .batch").nth(2).locator(".badge.audit")).to_contain_text("audit: chain")
    expect(page.locator("#audit-summary")).to_contain_text("problems found")
    expect(page.locator("#audit-summary")).to_contain_text("hash chain broken")


def test_the_key_is_kept_for_the_tab_and_sent_as_a_bearer_token(page, browser):
    try:
        import api.auth  # noqa: F401
        config = {"AUTH": "required"}
    except ImportError:  # auth not built yet: the header still goes out
        config = {}
    srv = Server(config)
    try:
        token = None
        if config:
            _, token = srv.app.extensions["keys"].create("judge", label="console test")
        token = token or "console-test-key"
        sent: list[str | None] = []
        page.on("request", lambda r: sent.append(r.headers.get("authorization")) if "/games" in r.url else None)
        open_console(page, srv)
        if config:
            expect(page.locator("#games-status")).to_contain_text("401")
        page.get_by_label("API key").fill(token)
        page.get_by_role("button", name="Use key").click()
        expect(page.locator("#key-status")).to_contain_text("key in use")
        expect(page.locator("#games-status")).to_have_text("No games yet.")
        assert page.evaluate("sessionStorage.getItem('adjudicator.apiKey')") == token
        assert page.locator("#api-key").input_value() == ""  # not left on the page
        assert sent[-1] == f"Bearer {token}"
        page.get_by_role("button", name="New game…").click()
        page.get_by_role("button", name="Create game").click()
        wait_at(page, 1)
        assert sent[-1] == f"Bearer {token}"
        page.get_by_role("button", name="Forget").click()
        assert page.evaluate("sessionStorage.getItem('adjudicator.apiKey')") is None
    finally:
        srv.close()


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


SPOILS_SETUP_CARDS = {
    "swift": ("p1", {"name": "Swift Outrider", "strength": 3, "life": 2, "speed": 4, "threshold": "R"}),
    "medium": ("p1", {"name": "Steady Footman", "strength": 2, "life": 3, "speed": 3, "keywords": ["tough"]}),
    "slow": ("p1", {"name": "Lumbering Ogre", "strength": 4, "life": 4, "speed": 0, "cost": 4, "threshold": "RR"}),
    "guard": ("p2", {"name": "Gate Guard", "strength": 4, "life": 5, "speed": 3, "threshold": "O"}),
    "wall": ("p2", {"name": "Shield Wall", "strength": 2, "life": 3, "speed": 3}),
    "seer": ("p2", {"name": "Tower Seer", "strength": 1, "life": 2, "speed": 2, "keywords": ["covert"]}),
}


def spoils_setup() -> dict[str, Any]:
    def player(i: int, faction: str, icon: str, name: str, influence: int) -> dict[str, Any]:
        resources = {f"{'ab'[i]}{n}": {"name": name, "icons": icon} for n in range(1, 5)}
        resources[f"{'ab'[i]}5"] = {"face_up": False}
        return {"faction": {"name": faction, "influence": influence}, "hand": 5, "deck": 40, "mulliganed": True,
                "developed": True, "resources": resources}
    cards = {cid: {"type": "character", "cost": 2, "threshold": "", **spec, "owner": owner, "controller": owner,
                   "can_attack": True} for cid, (owner, spec) in SPOILS_SETUP_CARDS.items()}
    return {"stage": "main", "turn": 3, "active_player": "p1", "first_player": "p1",
            "players": {"p1": player(0, "Rogue", "R", "Rage", 22), "p2": player(1, "Arcanist", "O", "Obsession", 19)},
            "cards": cards}


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


# --- a judge on a phone or a desktop: actions by forms alone ------------------------------------

WIDTHS = [390, 1400]


def wow_attack_setup() -> dict[str, Any]:
    from tests.unit.test_wowmini_table import druid, orc

    malfurion, grunt = druid(square=(2, 2)), orc((3, 3), clock=20)
    malfurion["faction"], grunt["faction"] = "alliance", "horde"
    return {"characters": {"malfurion": {**malfurion, "owner": "alliance"}, "grunt": {**grunt, "owner": "horde"}}}


def at_width(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})


def no_sideways_scroll(page, width: int) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide at a {width} px viewport"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_judge_appends_a_buffy_fight_by_the_form_alone(page, server, width):
    at_width(page, width)
    gid = server.post("/games", buffy_position())["id"]
    open_console(page, server, f"#game={gid}")
    wait_at(page, 1)
    page.locator("#a-type").select_option("start_fight")
    expect(page.locator("#a-attacker")).to_have_value("0")  # the only attacker the rules allow is chosen
    expect(page.locator("#a-attacker option:checked")).to_have_text("Spike (spike)")
    expect(page.locator("#a-defender option:checked")).to_have_text("Buffy Summers (buffy)")
    no_sideways_scroll(page, width)
    page.get_by_role("button", name="Append").click()
    expect(page.locator("#answer")).to_contain_text("Appended")
    wait_at(page, requests.get(f"{server.url}/games/{gid}", timeout=10).json()["position"])
    totals = page.locator("#board .phase .totals")
    expect(totals).to_contain_text("Spike")
    expect(totals).to_contain_text("Buffy Summers")
    fight = requests.get(f"{server.url}/games/{gid}/state", timeout=10).json()["phase"]
    assert fight["kind"] == "fight" and (fight["attacker"], fight["defender"]) == ("spike", "buffy")
    for cid, total in fight["standing"]["totals"].items():
        expect(totals).to_contain_text(str(total))
    no_sideways_scroll(page, width)
    shot(page, f"buffy-fight-form-{width}", docs=width == 390)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_judge_appends_a_spoils_attack_by_the_form_alone(page, server, width):
    from adjudicator import games

    if "spoils" not in games():
        pytest.skip("The Spoils engine is not in this build")
    at_width(page, width)
    gid = server.post("/games", {"game": "spoils", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": spoils_setup()})["id"]
    open_console(page, server, f"#game={gid}")
    wait_at(page, requests.get(f"{server.url}/games/{gid}", timeout=10).json()["position"])
    page.locator("#a-type").select_option("attack")
    attackers = page.locator("#a-attackers input[type=checkbox]")
    expect(attackers).to_have_count(3)
    for name in ("swift", "medium"):
        page.locator(f"#a-attackers input[value='{name}']").check()
    no_sideways_scroll(page, width)
    page.get_by_role("button", name="Append").click()
    expect(page.locator("#answer")).to_contain_text("Appended")
    wait_at(page, requests.get(f"{server.url}/games/{gid}", timeout=10).json()["position"])
    battle = page.locator("#board .battle")
    expect(battle.locator(".party").first.locator("[data-card]")).to_have_count(2)
    doc = requests.get(f"{server.url}/games/{gid}/state", timeout=10).json()
    assert sorted(doc["battle"]["attackers"]) == ["medium", "swift"]
    strength = sum(doc["cards"][c]["effective"]["strength"] for c in doc["battle"]["attackers"])
    expect(battle.locator(".totals")).to_contain_text(f"Attacking {strength} strength")
    no_sideways_scroll(page, width)
    shot(page, f"spoils-attack-form-{width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_judge_appends_a_wow_minis_attack_by_the_form_alone_in_faction_colours(page, server, width):
    at_width(page, width)
    gid = server.post("/games", {"game": "wowmini", "players": [{"id": "alliance"}, {"id": "horde"}],
                                 "first_player": "alliance", "setup": wow_attack_setup()})["id"]
    open_console(page, server, f"#game={gid}")
    wait_at(page, 1)
    expect(page.locator("#player")).to_have_value("alliance")
    expect(page.locator("#action")).to_have_attribute("placeholder", '{"type":"pass","player":"alliance"}')
    page.locator("#a-type").select_option("attack")
    expect(page.locator("#a-character option:checked")).to_have_text("Malfurion (malfurion)")
    expect(page.locator("#a-target option:checked")).to_contain_text("grunt")
    no_sideways_scroll(page, width)
    page.get_by_role("button", name="Append").click()
    expect(page.locator("#answer")).to_contain_text("Appended")
    wait_at(page, requests.get(f"{server.url}/games/{gid}", timeout=10).json()["position"])
    events = requests.get(f"{server.url}/games/{gid}/events", timeout=10).json()["events"]
    assert any(e.get("action", {}).get("type") == "attack" for e in events)
    colour = page.evaluate("getComputedStyle(document.querySelector('#board .faction-horde')).getPropertyValue('--seat')")
    assert colour.strip() == "#9b1c12"
    no_sideways_scroll(page, width)
    shot(page, f"wowmini-attack-form-{width}", docs=width == 1400)


def test_the_game_list_shows_game_players_status_position_and_last_change(page, server):
    at_width(page, 390)
    gid = server.post("/games", buffy_position())["id"]
    server.post(f"/games/{gid}/actions", {"type": "pass", "player": "p1"})
    open_console(page, server)
    item = page.locator(f".game-link[data-game='{gid}']")
    expect(item).to_contain_text("Buffy")
    expect(item).to_contain_text("p1 v p2")
    expect(item).to_contain_text("in progress")
    expect(item).to_contain_text("position 2")
    expect(item).to_contain_text("last change")
    no_sideways_scroll(page, 390)
