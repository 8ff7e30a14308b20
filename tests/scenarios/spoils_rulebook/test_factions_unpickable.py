"""A faction is not a card to pick (spoils.202.9a, spoils.faq.faction-not-pickable) in The Spoils,
through the API: a card that picks "a card" or "a character" never reaches a faction, and the
refusal says so by those rules."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import cited
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _refusal(t, action):
    r = t.client.post(f"/games/{t.gid}/actions", json=action)
    assert r.status_code == 422, r.get_json()
    return r.get_json()


def test_picking_a_faction_with_a_card_that_picks_a_non_resource_card_is_refused(client):
    """spoils.202.9a: Inhibit picks "a non-resource card"; bob's faction is not one it may pick, since
    only a card that names factions may pick one (spoils.faq.faction-not-pickable).  The refusal cites
    those rules, not a missing card."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Inhibit"]}, icons={"alice": "O"}))
    body = _refusal(t, play_card("Inhibit", "faction:bob"))
    assert rule_ids(body["violations"])[0] == "spoils.202.9a", "spoils.202.9a"
    assert "spoils.faq.faction-not-pickable" in cited(body)
    assert "not a card in play" not in body["detail"]
    t.resolve("alice", "bob", play_card("Inhibit", "s1"))
    assert t.state()["players"]["alice"]["discard"] == ["Inhibit"]


def test_a_card_that_picks_a_character_cannot_pick_its_own_players_faction(client):
    """spoils.202.9a: Quotidian Assassination picks "a character"; alice naming her own faction is
    refused by the same rule."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Quotidian Assassination"]}, icons={"alice": "OO"}))
    body = _refusal(t, play_card("Quotidian Assassination", "faction:alice"))
    assert rule_ids(body["violations"])[0] == "spoils.202.9a", "spoils.202.9a"


def test_a_pick_reaches_only_cards_in_play(client):
    """spoils.402.3a with spoils.402.3: Quotidian Assassination picks "a character", which means one in
    play; an id no card in play has, or the name of a character that is not in play (Creaky Old Swordsman),
    is refused."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Quotidian Assassination"]}, icons={"alice": "OO"}))
    for target in ("c9", "Creaky Old Swordsman"):
        body = _refusal(t, play_card("Quotidian Assassination", target))
        assert rule_ids(body["violations"]) == ["spoils.310.1"], "spoils.402.3a"
        assert "not a card in play, 402.3" in body["detail"], "spoils.402.3"
