"""A judge at a table with a phone (390 px), in headless Chromium against a real server whose card
catalog holds the shared OCTGN sets (issue 22): a Spoils game from two real deck files, whose deck
problems and format show at creation and on the board; a resource played face up and a character
played by name from the hand's suggestions; an attack and a block chosen by name ("— choose —"
sends nothing); a Check whose verdict shows beside its button; the timeline's keys going the same
way on the slider and the list; a backup that marks what it backed over, and a fork. No JSON is
typed anywhere."""
from __future__ import annotations

import copy
import re
from collections.abc import Iterator

import pytest
import requests

from tests.browser.conftest import Server, shot
from tests.browser.console_pages import spoils_server, at_width, expect, game_id, no_sideways_scroll, open_console, wait_at
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

DATA = ROOT.parent / "shared" / "data" / "spoils-octgn"
ARCANIST = DATA / "decks" / "Precon -1st Edition- Arcanist.o8d"
WARLORD = DATA / "decks" / "Precon -1st Edition- Warlord.o8d"
PHONE = 390


@pytest.fixture(scope="module")
def server(browser, tmp_path_factory) -> Iterator[Server]:
    yield from spoils_server(tmp_path_factory, ARCANIST)


def head(server: Server, gid: str) -> int:
    return requests.get(f"{server.url}/games/{gid}", timeout=10).json()["position"]


def state(server: Server, gid: str, at: int | None = None) -> dict:
    query = f"?at={at}" if at else ""
    return requests.get(f"{server.url}/games/{gid}/state{query}", timeout=10).json()


def action(page, kind: str) -> None:
    page.locator("#a-type").select_option(kind)


def append(page, server: Server, gid: str) -> int:
    """Appends the action the form holds; returns the new head once the page shows it."""
    before = head(server, gid)
    page.get_by_role("button", name="Append").click()
    expect(page.locator("#answer")).to_contain_text("Appended")
    for _ in range(100):
        now = head(server, gid)
        if now > before:
            break
        page.wait_for_timeout(50)
    wait_at(page, now)
    return now


def pick(page, field: str, typed: str, name: str) -> None:
    """Types part of a name in a card picker and picks the suggestion with that name."""
    box = page.locator(f"#a-{field}")
    box.fill(typed)
    option = page.locator(f"#a-{field}-list button.suggestion", has_text=name).first
    expect(option).to_be_visible()
    option.click()
    expect(page.locator(f"#a-{field}")).to_have_value(name)


def player_acts(page, who: str) -> None:
    expect(page.locator("#player")).to_have_value(who)


def start_game(page, server: Server) -> str:
    open_console(page, server)
    page.get_by_role("button", name="New game from decks…").click()
    page.get_by_label("Player 1 id").fill("alice")
    page.get_by_label("Player 2 id").fill("bob")
    page.locator("#decks").get_by_label("First player").fill("alice")
    page.get_by_label("Format").select_option("constructed")
    page.get_by_label("Player 1 deck (.o8d)").set_input_files(str(ARCANIST))
    page.get_by_label("Player 2 deck (.o8d)").set_input_files(str(WARLORD))
    # The deck's problems show as soon as the file is chosen: a precon is short of 75 cards.
    expect(page.locator("#d-check1 .deck-check")).to_have_attribute("data-valid", "false")
    expect(page.locator("#d-check1")).to_contain_text("75")
    expect(page.locator("#d-check1")).to_contain_text("spoils.103.1b")
    no_sideways_scroll(page, PHONE)
    shot(page, "phone-decks-390", selector="#decks", docs=True)
    page.get_by_role("button", name="Start the game").click()
    wait_at(page, 1)
    return game_id(page)


def acts(page, server: Server, gid: str, *steps: tuple[str, str]) -> None:
    """Each (player, action type) in turn: the player the page shows as to act appends it."""
    for who, kind in steps:
        player_acts(page, who)
        action(page, kind)
        append(page, server, gid)


def mulligans_and_alices_first_turn(page, server: Server, gid: str) -> None:
    for who in ("alice", "bob"):
        player_acts(page, who)
        action(page, "mulligan")
        page.locator("#a-count").select_option(label="0")
        append(page, server, gid)
    # alice develops by playing a staple from her hidden hand face up, by name.
    player_acts(page, "alice")
    action(page, "play_resource")
    pick(page, "card", "obs", "Obsession")
    page.get_by_label("face up", exact=False).check()
    append(page, server, gid)
    faces = [r["face_up"] for r in state(server, gid)["players"]["alice"]["resources"].values()]
    assert faces == [True, True, True]
    # A character by name from the hand's suggestions.
    action(page, "play_card")
    page.locator("#a-card").fill("creep")
    suggestion = page.locator("#a-card-list button.suggestion", has_text="Compulsive Creeper").first
    expect(suggestion).to_contain_text("hand")
    no_sideways_scroll(page, PHONE)
    shot(page, "phone-card-suggestions-390", selector="#action-form", docs=True)
    suggestion.click()
    expect(page.locator("#a-card")).to_have_value("Compulsive Creeper")
    append(page, server, gid)
    acts(page, server, gid, ("bob", "pass"), ("alice", "end_turn"), ("bob", "pass"))


def bobs_turn_then_alices_attack(page, server: Server, gid: str) -> tuple[str, str]:
    """bob plays a Rage face up and Creaky Old Swordsman by name; alice attacks with her Creeper,
    chosen by name.  Returns (creeper id, swordsman id)."""
    action(page, "play_resource")
    pick(page, "card", "rag", "Rage")
    page.get_by_label("face up", exact=False).check()
    append(page, server, gid)
    action(page, "play_card")
    pick(page, "card", "swords", "Creaky Old Swordsman")
    append(page, server, gid)
    acts(page, server, gid, ("alice", "pass"), ("bob", "end_turn"), ("alice", "pass"), ("alice", "draw"))
    cards = state(server, gid)["cards"]
    creeper = next(cid for cid, c in cards.items() if c["name"] == "Compulsive Creeper")
    sword = next(cid for cid, c in cards.items() if c["name"] == "Creaky Old Swordsman")
    action(page, "attack")
    page.locator("#a-attackers").get_by_label(f"Compulsive Creeper ({creeper})").check()
    append(page, server, gid)
    acts(page, server, gid, ("alice", "pass"), ("bob", "pass"))
    return creeper, sword


def block_by_name_after_a_check(page, server: Server, gid: str, sword: str) -> int:
    """The block, by name; "— choose —" sends nothing (never "no block"); Check's verdict shows
    beside its button.  Returns the position after the block."""
    player_acts(page, "bob")
    action(page, "block")
    blockers = page.locator("#a-blockers")
    expect(blockers.locator("option:checked")).to_have_text("— choose —")
    options = blockers.locator("option").all_inner_texts()
    assert f"Creaky Old Swordsman ({sword})" in options and "none (no blockers)" in options, options
    before = head(server, gid)
    for button in ("Append", "Check"):
        page.get_by_role("button", name=button).click()
        expect(page.locator("#check-result")).to_contain_text("Choose Blockers first")
    assert head(server, gid) == before
    blockers.select_option(label=f"Creaky Old Swordsman ({sword})")
    page.get_by_role("button", name="Check").click()
    verdict = page.locator("#check-result")
    expect(verdict).to_contain_text("Legal")
    check_box = page.locator("#check").bounding_box()
    verdict_box = verdict.bounding_box()
    assert abs(verdict_box["y"] - check_box["y"]) < check_box["height"], (check_box, verdict_box)
    assert verdict_box["x"] > check_box["x"] + check_box["width"] - 1
    no_sideways_scroll(page, PHONE)
    shot(page, "phone-block-check-390", selector="#action-form", docs=True)
    blocked = append(page, server, gid)
    assert state(server, gid)["battle"]["blockers"] == [sword]
    return blocked


def back_up_before_the_block(page, server: Server, gid: str, blocked: int) -> None:
    """Back to the position before the block, with a reason; the log keeps every event."""
    events = requests.get(f"{server.url}/games/{gid}/events?limit=1000", timeout=10).json()["events"]
    assert all(isinstance(e.get("action", {}).get("card", ""), str) for e in events)  # names, never JSON
    before_block = blocked - len([e for e in events if e["batch"] == events[-1]["batch"]])
    page.locator("#events").focus()
    page.keyboard.press("PageUp")
    wait_at(page, before_block + 1)
    page.keyboard.press("ArrowUp")
    wait_at(page, before_block)
    page.get_by_label("Reason").fill("bob meant to block with another character")
    page.get_by_role("button", name=f"Back up to position {before_block}").click()
    expect(page.locator("#branch-result")).to_contain_text("Backed up")
    wait_at(page, blocked + 1)
    after = state(server, gid)
    assert {k: v for k, v in after.items() if k != "position"} == \
        {k: v for k, v in state(server, gid, before_block).items() if k != "position"}
    expect(page.locator("#events .batch.backed-over")).to_have_count(1)
    expect(page.locator("#events .batch.backup")).to_contain_text(f"state of position {before_block}")
    audit = requests.get(f"{server.url}/games/{gid}/audit", timeout=10).json()
    assert audit["valid"] and audit["backups"][0]["to"] == before_block
    expect(page.locator("#audit-summary")).to_contain_text(f"backup at {blocked + 1} to {before_block}")
    no_sideways_scroll(page, PHONE)
    shot(page, "phone-backup-390", selector="#timeline", docs=True)


def test_a_judge_plays_a_spoils_game_from_decks_at_390_px_without_json(page, server):
    at_width(page, PHONE)
    gid = start_game(page, server)
    # The format and each deck's problems stay on the board.
    expect(page.locator("#board .status-bar")).to_contain_text("constructed")
    expect(page.locator("#deck-facts [data-player='alice']")).to_contain_text("at least 75")
    mulligans_and_alices_first_turn(page, server, gid)
    _, sword = bobs_turn_then_alices_attack(page, server, gid)
    blocked = block_by_name_after_a_check(page, server, gid, sword)
    back_up_before_the_block(page, server, gid, blocked)
    assert page.locator("#raw-json").get_attribute("open") is None  # the JSON editor was never opened


def test_the_slider_and_the_list_step_the_same_way_and_the_slider_fits_a_thumb(page, server):
    at_width(page, PHONE)
    gid = server.post("/games", {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": {"step": "movement"}})["id"]
    for who in ("p1", "p2", "p1"):
        server.post(f"/games/{gid}/actions", {"type": "pass", "player": who})
    last = head(server, gid)
    open_console(page, server, f"#game={gid}&at=1")
    wait_at(page, 1)
    slider = page.locator("#slider")
    box = slider.bounding_box()
    assert box["width"] >= 300 and box["height"] >= 40, box  # a thumb's target, the width of the phone
    for target in (slider, page.locator("#events")):
        target.focus()
        page.keyboard.press("Home")
        wait_at(page, 1)
        page.keyboard.press("PageDown")  # forward, to the next action, on both
        assert int(page.locator("#slider").input_value()) > 1
        page.keyboard.press("ArrowDown")
        page.keyboard.press("End")
        wait_at(page, last)
        page.keyboard.press("PageUp")
        assert int(page.locator("#slider").input_value()) < last
    # Halfway through an action's consequences there is nothing to back up to.
    events = requests.get(f"{server.url}/games/{gid}/events", timeout=10).json()["events"]
    inside = next(e["position"] - 1 for e in events if e["batch"] != e["position"])
    page.locator(f"#events .event[data-pos='{inside}']").click()
    wait_at(page, inside)
    expect(page.get_by_role("button", name=f"Back up to position {inside}")).to_be_disabled()
    # A fork from an earlier position opens the new game, linked to its parent.
    page.locator("#slider").focus()
    page.keyboard.press("Home")
    wait_at(page, 1)
    page.get_by_role("button", name="Fork from position 1").click()
    expect(page.locator("#game-meta")).to_contain_text(f"fork of {gid[:8]} at 1")
    fork = game_id(page)
    assert fork != gid
    assert requests.get(f"{server.url}/games/{fork}", timeout=10).json()["parent"]["id"] == gid


def test_the_game_list_follows_games_appended_elsewhere(page, server):
    at_width(page, PHONE)
    open_console(page, server)
    gid = server.post("/games", {"game": "buffy", "players": [{"id": "ann"}, {"id": "ben"}], "first_player": "ann",
                                 "setup": {"step": "movement"}})["id"]
    item = page.locator(f"#game-list [data-game='{gid}']")
    expect(item).to_be_visible(timeout=10_000)  # a new game appears without a click
    server.post(f"/games/{gid}/actions", {"type": "pass", "player": "ann"})
    expect(item).to_have_attribute("data-position", re.compile(rf"^{head(server, gid)}$"), timeout=10_000)


def test_a_refused_deck_shows_its_problems_not_a_generic_refusal(page, server):
    at_width(page, PHONE)
    open_console(page, server)
    page.get_by_role("button", name="New game from decks…").click()
    page.get_by_label("Player 1 id").fill("alice")
    page.get_by_label("Player 2 id").fill("bob")
    page.get_by_label("Player 1 deck (.o8d)").set_input_files(str(DATA / "decks" / "New Player Starter (2nd-Shade) - Rogue.o8d"))
    page.get_by_label("Player 2 deck (.o8d)").set_input_files(str(WARLORD))
    page.get_by_label("Allow unknown cards (kept as text only)").set_checked(False)
    page.get_by_role("button", name="Start the game").click()
    result = page.locator("#decks-result")
    expect(result).to_contain_text("alice's deck is refused")
    expect(result.locator("li")).to_contain_text(["Banana Peel"])
    expect(result).not_to_contain_text("cannot be understood")
    no_sideways_scroll(page, PHONE)


def test_a_card_described_inline_is_filled_field_by_field_not_as_json(page, server):
    """Buffy's boost names its card inline ({name, kind, icons}): a name, a kind and the icons."""
    from tests.conftest import BUFFY, SPIKE

    at_width(page, PHONE)
    setup = {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY},
             "players": {"p1": {"hand": 5}, "p2": {"hand": 5}}}
    gid = server.post("/games", {"game": "buffy", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": setup})["id"]
    for step in ({"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"},
                 {"type": "pass", "player": "p1"}, {"type": "pass", "player": "p2"},
                 {"type": "draw", "player": "p1", "count": 5}, {"type": "draw", "player": "p2", "count": 5}):
        server.post(f"/games/{gid}/actions", step)
    open_console(page, server, f"#game={gid}")
    wait_at(page, head(server, gid))
    player_acts(page, "p1")
    action(page, "boost")
    page.locator("#a-talent").select_option(label="butt_kicking")
    page.locator("#a-card-name").fill("Stake")
    page.locator("#a-card-name").press("Enter")
    page.locator("#a-card-kind").select_option(label="item")
    assert page.locator("#a-card textarea").count() == 0
    no_sideways_scroll(page, PHONE)
    append(page, server, gid)
    events = requests.get(f"{server.url}/games/{gid}/events?limit=1000", timeout=10).json()["events"]
    boost = next(e for e in reversed(events) if e.get("action", {}).get("type") == "boost")
    assert boost["action"]["card"] == {"name": "Stake", "kind": "item"}


def test_a_list_of_damage_assignments_is_rows_of_card_pickers_and_amounts(page, server):
    """The Spoils' assign_damage takes [{from, to, amount}]: the form makes a row per assignment (from
    and to picked among the cards in play, an amount), never a JSON box."""
    from events.service import contract

    at_width(page, PHONE)
    open_console(page, server)
    _, defs = contract.action_schema("spoils")
    # A deep copy: the contract's schemas are cached for the served spec, never to be changed here.
    schema = copy.deepcopy({**contract._model_for("spoils", "assign_damage"),
                            "$defs": {"SpoilsAssignment": defs["SpoilsAssignment"]}})
    schema["properties"]["assignments"]["items"] = {"$ref": "#/$defs/SpoilsAssignment"}
    schema["properties"]["player"] = {"type": "string", "enum": ["p1"]}  # as legal-actions narrows it
    template = {"type": "assign_damage", "schema": schema,
                "actions": [{"type": "assign_damage", "player": "p1"}]}
    state = {"players": {"p1": {}, "p2": {}}, "cards": {
        "c1": {"name": "Gate Guard", "controller": "p1"}, "c2": {"name": "Sneaky Ratcatcher", "controller": "p2"}}}
    action = page.evaluate("""async ([template, state]) => {
        const {ActionForm} = await import("./static/console/form.js");
        const host = document.createElement("div");
        document.body.append(host);
        let sent = null;
        const form = new ActionForm(host, (a) => { sent = a; });
        form.show([template], "p1", {c1: "Gate Guard", c2: "Sneaky Ratcatcher"}, {state, game: "spoils"});
        form.pick("assign_damage");
        host.querySelector("#a-assignments-add").click();
        window.__form = form; window.__host = host;
        return [...host.querySelectorAll("textarea")].filter((t) => !t.closest(".a-advanced")).length;
    }""", [template, state])
    assert action == 0
    page.locator("#a-assignments-0-from").fill("gate")
    page.locator("#a-assignments-0-from-list button.suggestion", has_text="Gate Guard (c1)").click()
    page.locator("#a-assignments-0-to").fill("rat")
    page.locator("#a-assignments-0-to-list button.suggestion", has_text="Sneaky Ratcatcher (c2)").click()
    page.locator("#a-assignments-0-amount").fill("2")
    page.locator("#a-assignments-0-amount").blur()
    built = page.evaluate("window.__form.action()")
    assert built == {"type": "assign_damage", "player": "p1", "assignments": [{"from": "c1", "to": "c2", "amount": 2}]}
