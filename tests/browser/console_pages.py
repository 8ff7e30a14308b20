"""Pages of the judge console for the browser tests: the console opened and ready, a position's
picture and legal actions awaited, an action typed as raw JSON or used from the list and appended,
a Buffy game created by the New game form, the Spoils position the boards and the forms share, the
game id in the address, and a viewport's width (with no sideways scroll)."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.conftest import BUFFY, ROOT, SPIKE

SPOILS_DATA = ROOT.parent / "shared" / "data" / "spoils-octgn"


def spoils_server(tmp_path_factory: Any, *needed: Path) -> Iterator[Server]:
    """A server whose cards directory holds the shared Spoils set files (linked, not copied); the
    test skips, saying why, when the shared data (or a deck it ``needed``) is not there."""
    if not (SPOILS_DATA / "sets").is_dir() or not all(p.is_file() for p in needed):
        pytest.skip("the shared OCTGN data is not present")
    cards = tmp_path_factory.mktemp("cards")
    for xml in sorted((SPOILS_DATA / "sets").glob("*.xml")):
        (cards / xml.name).symlink_to(xml)
    srv = Server({"CARDS_DIR": str(cards)})
    yield srv
    srv.close()


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


def at_width(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})


def no_sideways_scroll(page, width: int) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide at a {width} px viewport"



def create_a_buffy_game_by_the_form(page, server: Server) -> str:
    """Opens the console and creates a Buffy game by the New game form: Spike and Buffy Summers in the
    conflict step, p1 at 3 destiny; returns its id once position 1 is on the page."""
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
    return game_id(page)


def append_listed(page, description: str, position: int) -> None:
    """Uses the legal action listed as ``description`` and appends it; waits for ``position``."""
    page.locator("#legal li", has_text=description).get_by_role("button", name="Use").click()
    page.get_by_role("button", name="Append").click()
    wait_at(page, position)


def append_raw(page, text: str, position: int) -> None:
    """Appends the action typed as raw JSON; waits for ``position``."""
    raw_action(page, text)
    page.get_by_role("button", name="Append").click()
    wait_at(page, position)


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
