"""The judge console shows what a Spoils card left to the judge (issue 24): each sentence waiting for a ruling,
with the card's name, the item's id and the rule, gone once a judge's ruling answers it."""
from __future__ import annotations

import pytest

from tests.browser.console_pages import expect, open_console, spoils_setup, wait_at

pytestmark = pytest.mark.browser
JUDGE = "spoils.engine.script-judge"
ITEM = {"id": "c9.1", "card_id": "c9", "name": "Hustler's Comeuppance", "rule": JUDGE,
        "sentence": "Destroy all characters that inflicted damage to your faction this turn."}


def test_the_spoils_view_lists_what_waits_for_the_judge_until_a_ruling(page, server):
    from adjudicator import games

    if "spoils" not in games():
        pytest.skip("The Spoils engine is not in this build")
    gid = server.post("/games", {"game": "spoils", "players": [{"id": "p1"}, {"id": "p2"}], "first_player": "p1",
                                 "setup": {**spoils_setup(), "for_the_judge": [ITEM]}})["id"]
    open_console(page, server, f"#game={gid}")
    wait_at(page, 1)
    waiting = page.get_by_role("group", name="left to the judge")
    expect(waiting.locator("li[data-item='c9.1']")).to_contain_text("Hustler's Comeuppance")
    expect(waiting).to_contain_text("damage to your faction this turn")
    expect(waiting).to_contain_text(JUDGE)
    server.post(f"/games/{gid}/rulings", {"judge": "head judge", "rule": JUDGE, "effect": {}, "cites": ["c9.1"],
                                          "reason": "nobody damaged p1's faction this turn"})
    open_console(page, server, f"#game={gid}")
    wait_at(page, 2)
    expect(page.get_by_role("group", name="left to the judge")).to_have_count(0)
