"""002, VIII: multiplayer.  Play goes clockwise; a fight or challenge is against the player who
controls the character or challenge, and only those two players alternate in it; a player may
face their own challenge, choosing the opponent who defends it."""
from __future__ import annotations

from tests.conftest import act, buffy_game, state
from tests.scenarios.buffy_moves import character, event, finish_phase, passes, refused, walk

PLAYERS = ("ann", "bob", "cat")


def three_player_conflict(client) -> str:
    gid = buffy_game(client, {
        "step": "conflict",
        "challenges": {"own": {"name": "Ann's Own Challenge", "owner": "ann", "location": "ann.1",
                               "goals": {"smarts": 3}, "destiny": 2}},
        "characters": {
            "willow": character("Willow", "ann", "ann.1", smarts=4, kind="companion"),
            "xander": character("Xander", "ann", "cat.2", bk=3, kind="companion"),
            "pack": character("The Pack", "cat", "cat.2", bk=1, kind="minion"),
            "oz": character("Oz", "bob", "bob.1", bk=2, kind="companion"),
        }}, players=PLAYERS, first="ann")
    refused(client, gid, {"type": "face_challenge", "player": "ann", "challenge": "own", "characters": ["willow"]},
            "buffy.multiplayer")
    faced = act(client, gid, {"type": "face_challenge", "player": "ann", "challenge": "own", "characters": ["willow"],
                              "defender": "cat"})
    assert faced["state"]["phase"]["defending_player"] == "cat"
    act(client, gid, {"type": "pass", "player": "ann"})
    assert state(client, gid)["to_act"] == "cat"                   # bob takes no part
    refused(client, gid, {"type": "pass", "player": "bob"}, "buffy.one-card-at-a-time")
    act(client, gid, {"type": "pass", "player": "cat"})
    act(client, gid, {"type": "draw", "player": "ann", "count": 5})
    act(client, gid, {"type": "draw", "player": "cat", "count": 3})
    passes(client, gid, "ann", "cat")
    resolved = passes(client, gid, "ann", "cat")
    assert event(resolved, "ChallengeResolved")["overcome"] is True
    assert resolved["state"]["players"]["ann"]["destiny"] == 2
    back = finish_phase(client, gid, "ann", "cat")
    assert back["state"]["to_act"] == "bob"                        # clockwise after the challenger
    act(client, gid, {"type": "pass", "player": "bob"})
    act(client, gid, {"type": "pass", "player": "cat"})
    fight = act(client, gid, {"type": "start_fight", "player": "ann", "attacker": "xander", "defender": "pack"})
    assert fight["state"]["phase"]["defending_player"] == "cat" and fight["state"]["to_act"] == "ann"
    return gid


def test_three_players_each_conflict_is_between_two_players_and_play_goes_on_clockwise(client):
    three_player_conflict(client)


def test_legal_actions_agree_with_check_in_a_three_player_game(memory_client):
    gid = three_player_conflict(memory_client)
    listed = memory_client.get(f"/games/{gid}/legal-actions?player=ann&at=1").get_json()["actions"]
    own = [a["action"] for a in listed if a["action"]["type"] == "face_challenge"]
    assert {a.get("defender") for a in own} == {"bob", "cat"}
    assert walk(memory_client, gid) > 0
