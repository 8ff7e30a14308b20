"""Unique when destroying the extra copy is prevented (spoils.507.5b) in The Spoils, through the API:
the uniqueness choice waits while the prevention lasts, and the game moves on meanwhile."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data

FUMAST = "First Unified Market of Abstract Secure Theoreticals"


def _two_copies_under_limited_liability(client):
    t = new_game(client, position(cards={"f1": {"card": FUMAST, "controller": "alice"}},
                                  hands={"alice": ["Limited Liability", FUMAST], "bob": ["Rate Hike"]},
                                  icons={"alice": "GGGGGGGG", "bob": "GGG"}))
    t.resolve("alice", "bob", play_card("Limited Liability"))
    t.resolve("alice", "bob", play_card(FUMAST))
    return t


def test_a_unique_copy_that_cannot_be_destroyed_stays_and_the_game_goes_on(client):
    """spoils.507.5b: while Limited Liability lets cards be destroyed only by costs, alice's second
    F.U.M.A.S.T. cannot be destroyed by Unique; once she has chosen, Unique stops trying, both copies
    stay, and the next actions (her end of turn, bob's pass) are taken without asking again."""
    t = _two_copies_under_limited_liability(client)
    s = t.state()
    if s["choice"] is not None:
        assert s["choice"]["kind"] == "unique"
        t.act({"type": "choose", "player": "alice", "choice": "f1"})
    assert len(t.named(FUMAST, "alice")) == 2, "spoils.507.5b"
    assert t.state()["choice"] is None, "spoils.507.5b"
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob"


def test_the_uniqueness_choice_comes_back_when_the_prevention_ends(client):
    """spoils.507.5b with spoils.507.5a: Limited Liability lasted this turn only; when bob's turn starts
    the prevention is over, Unique tries again and alice chooses the copy that stays."""
    t = _two_copies_under_limited_liability(client)
    if t.state()["choice"] is not None:
        t.act({"type": "choose", "player": "alice", "choice": "f1"})
    t.end_turn("alice", "bob")
    choice = t.state()["choice"]
    assert choice is not None and (choice["kind"], choice["player"]) == ("unique", "alice"), "spoils.507.5b"
    t.act({"type": "choose", "player": "alice", "choice": "f1"})
    assert t.named(FUMAST, "alice") == ["f1"], "spoils.507.5a"
    assert "spoils.507.5a" in cited(t.last)
