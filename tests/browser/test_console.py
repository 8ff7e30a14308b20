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
from tests.browser.console_pages import (
    append_listed, append_raw, at_width, create_a_buffy_game_by_the_form, expect, game_id, no_sideways_scroll,
    open_console, raw_action, spoils_setup, wait_at)
from tests.conftest import BUFFY, SPIKE

pytestmark = pytest.mark.browser


def buffy_position(**more: Any) -> dict[str, Any]:
    return {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
            "setup": {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}, **more}}


def test_a_judge_creates_a_position_appends_rewinds_and_checks_an_illegal_action(page, server):
    gid = create_a_buffy_game_by_the_form(page, server)
    expect(page.locator("#board [data-space='p1.2'] [data-character='spike']")).to_be_visible()
    expect(page.locator("#board .stepper li.current")).to_have_text("conflict")
    expect(page.locator("#board [data-player='p1'] .destiny")).to_contain_text("3")

    # p1 is to act: use a legal action from the list, then type one.
    append_listed(page, "Spike attacks Buffy Summers", 2)
    expect(page.locator("#pos-out")).to_have_text("position 2 of 2")
    expect(page.locator("#board .phase")).to_contain_text("Fight")
    expect(page.locator("#board [data-character='spike']")).to_have_class(re.compile(r"\battacker\b"))
    append_raw(page, '{"type": "pass", "player": "p1"}', 3)
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


# --- a judge on a phone or a desktop: actions by forms alone ------------------------------------

WIDTHS = [390, 1400]


def wow_attack_setup() -> dict[str, Any]:
    from tests.unit.test_wowmini_table import druid, orc

    malfurion, grunt = druid(square=(2, 2)), orc((3, 3), clock=20)
    malfurion["faction"], grunt["faction"] = "alliance", "horde"
    return {"characters": {"malfurion": {**malfurion, "owner": "alliance"}, "grunt": {**grunt, "owner": "horde"}}}


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
