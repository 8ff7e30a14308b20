"""A whole Buffy turn walked through the HTTP API by passing, on every store."""
from __future__ import annotations

from tests.conftest import BUFFY, SPIKE, act, buffy_game, state

STEPS = ["prologue", "draw", "refresh", "movement", "resource", "conflict", "end"]


def place_challenges(client, gid):
    act(client, gid, {"type": "place_challenge", "player": "p1", "at": "p2.1",
                      "challenge": {"name": "Hyenas in the Classroom", "goals": {"charm": 4, "smarts": 9}, "destiny": 4}})
    act(client, gid, {"type": "place_challenge", "player": "p2", "at": "p1.1",
                      "challenge": {"name": "You Can Trust the Technopagan", "goals": {"smarts": 3}, "destiny": 2}})


def pass_round(client, gid, first="p1", second="p2"):
    act(client, gid, {"type": "pass", "player": first})
    return act(client, gid, {"type": "pass", "player": second})


def test_a_pass_then_another_players_action_does_not_end_the_stage(client):
    gid = buffy_game(client, {"step": "movement", "characters": {"spike": SPIKE, "buffy": BUFFY}})
    act(client, gid, {"type": "pass", "player": "p1"})
    after = act(client, gid, {"type": "move", "player": "p2", "character": "buffy", "to": "park"})
    assert after["state"]["step"] == "movement"
    assert after["state"]["consecutive_passes"] == 0
    assert after["state"]["to_act"] == "p1"
    # p1 passing once more is not enough: p2's move reset the run of passes.
    again = act(client, gid, {"type": "pass", "player": "p1"})
    assert again["state"]["step"] == "movement"
    assert again["state"]["consecutive_passes"] == 1
    ended = act(client, gid, {"type": "pass", "player": "p2"})
    assert ended["state"]["step"] == "resource"
    assert [e["type"] for e in ended["events"]] == ["PlayerPassed", "StepStarted"]


def test_a_step_ends_only_after_every_player_passed_in_a_row(client):
    gid = buffy_game(client, {"step": "resource"}, players=("p1", "p2", "p3"))
    first = act(client, gid, {"type": "pass", "player": "p1"})
    second = act(client, gid, {"type": "pass", "player": "p2"})
    assert first["state"]["step"] == second["state"]["step"] == "resource"
    assert second["state"]["consecutive_passes"] == 2
    third = act(client, gid, {"type": "pass", "player": "p3"})
    assert third["state"]["step"] == "conflict"
    assert third["state"]["to_act"] == "p1"  # the active player starts every step


def test_a_whole_turn_by_passing_flips_day_and_night_and_rotates_the_active_player(client):
    gid = buffy_game(client, {"characters": {"spike": SPIKE, "buffy": BUFFY}})
    assert state(client, gid)["time_of_day"] == "day"
    place_challenges(client, gid)
    seen = []
    for _ in STEPS:
        seen.append(state(client, gid)["step"])
        last = pass_round(client, gid)
    assert seen == STEPS
    after = last["state"]
    types = [e["type"] for e in last["events"]]
    assert types == ["PlayerPassed", "TurnEnded", "StepStarted"]
    assert after["turn"] == 2 and after["step"] == "prologue"
    assert after["time_of_day"] == "night"
    assert after["active_player"] == "p2" and after["to_act"] == "p2"


def test_the_refresh_step_refreshes_fatigued_characters(client):
    tired = {**SPIKE, "fatigued": True}
    gid = buffy_game(client, {"step": "draw", "characters": {"spike": tired}})
    assert state(client, gid)["characters"]["spike"]["effective_talents"]["butt_kicking"] == 2
    out = pass_round(client, gid)
    assert [e["type"] for e in out["events"]][-1] == "CardsRefreshed"
    assert out["state"]["characters"]["spike"]["fatigued"] is False
    assert out["state"]["characters"]["spike"]["effective_talents"]["butt_kicking"] == 3


def test_a_fight_suspends_the_conflict_step_which_resumes_after_the_discard_stage(client):
    gid = buffy_game(client, {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}})
    started = act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    s = started["state"]
    assert s["step"] == "conflict" and s["phase"]["kind"] == "fight" and s["phase"]["stage"] == "choose"
    assert s["suspended"][-1]["step"] == "conflict"
    assert s["to_act"] == "p1"  # the attacker starts every stage
    pass_round(client, gid)
    assert state(client, gid)["phase"]["stage"] == "draw"
    act(client, gid, {"type": "draw", "player": "p1", "count": 5})
    drawn = act(client, gid, {"type": "draw", "player": "p2", "count": 5})
    assert drawn["state"]["phase"]["stage"] == "battle"
    act(client, gid, {"type": "boost", "player": "p1", "talent": "butt_kicking",
                      "card": {"name": "Stake", "kind": "item"}})
    pass_round(client, gid, "p2", "p1")
    resolved = pass_round(client, gid)
    assert resolved["state"]["phase"]["stage"] == "discard"
    assert "FightResolved" in [e["type"] for e in resolved["events"]]
    # Each player holds 9 or 10 cards: nobody may pass before discarding down to five.
    refused = act(client, gid, {"type": "pass", "player": "p1"}, status=422)
    assert refused["rules"] == ["buffy.fight.discard"]
    act(client, gid, {"type": "discard", "player": "p1", "count": 4})
    act(client, gid, {"type": "discard", "player": "p2", "count": 5})
    act(client, gid, {"type": "pass", "player": "p1"})
    over = act(client, gid, {"type": "pass", "player": "p2"})
    assert over["events"][-1]["type"] == "PhaseEnded"
    s = over["state"]
    assert s["phase"] is None and s["step"] == "conflict" and s["suspended"] == []
    assert s["to_act"] == "p2"  # the conflict step resumes with the next player
    assert s["consecutive_passes"] == 0
    # The conflict step itself still ends by passing.
    ended = pass_round(client, gid, "p2", "p1")
    assert ended["state"]["step"] == "end"


def test_state_at_every_position_equals_the_engine_state_after_that_event(client):
    from adjudicator import engine_for
    from events.models.base import registry

    gid = buffy_game(client, {"characters": {"spike": SPIKE, "buffy": BUFFY}})
    place_challenges(client, gid)
    for _ in range(3):
        pass_round(client, gid)
    log = client.get(f"/games/{gid}/events?limit=1000").get_json()["events"]
    engine = engine_for("buffy")
    engine_state = None
    for stored in log:
        event = registry.load("buffy", stored["type"], stored["data"])
        engine_state = engine.evolve(engine_state, event)
        engine_state.position = stored["position"]
        expected = engine.to_document(engine_state)
        expected["position"] = stored["position"]
        assert state(client, gid, stored["position"]) == expected, stored["position"]
    assert state(client, gid) == state(client, gid, log[-1]["position"])


def test_every_refusal_cites_a_served_rule_and_leaves_the_log_unchanged(client):
    gid = buffy_game(client, {"step": "movement", "characters": {"spike": SPIKE, "buffy": BUFFY}})
    refusals = [
        {"type": "pass", "player": "p2"},                                          # out of turn
        {"type": "move", "player": "p1", "character": "spike", "to": "p1.3"},       # vampire by day
        {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"},  # wrong step
        {"type": "boost", "player": "p1", "talent": "charm", "card": {"name": "X", "kind": "item"}},
    ]
    before = client.get(f"/games/{gid}/events").get_json()["events"]
    for action in refusals:
        r = client.post(f"/games/{gid}/actions", json=action)
        assert r.status_code == 422, action
        assert r.content_type == "application/problem+json"
        body = r.get_json()
        assert body["type"] == "/problems/illegal-action"
        assert body["violations"], action
        for v in body["violations"]:
            served = client.get(f"/rules/{v['rule']['id']}")
            assert served.status_code == 200, v
            assert served.get_json()["title"] == v["rule"]["title"]
    assert client.get(f"/games/{gid}/events").get_json()["events"] == before
    assert client.get(f"/games/{gid}").get_json()["position"] == 1


def test_legal_actions_agree_with_check_through_a_whole_turn_with_a_fight(memory_client):
    from tests.scenarios.buffy_moves import walk

    client = memory_client
    gid = buffy_game(client, {"characters": {"spike": SPIKE, "buffy": BUFFY}})
    place_challenges(client, gid)
    for _ in STEPS[:5]:
        pass_round(client, gid)
    assert state(client, gid)["step"] == "conflict"
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    pass_round(client, gid)
    act(client, gid, {"type": "draw", "player": "p1", "count": 5})
    act(client, gid, {"type": "draw", "player": "p2", "count": 5})
    pass_round(client, gid)
    resolved = pass_round(client, gid)
    assert resolved["state"]["phase"]["outcome"]["winner"] == "buffy"  # her +1 against an opponent's main character
    act(client, gid, {"type": "discard", "player": "p1", "count": 5})
    act(client, gid, {"type": "discard", "player": "p2", "count": 5})
    pass_round(client, gid)
    pass_round(client, gid, "p2", "p1")
    last = pass_round(client, gid)
    assert last["state"]["turn"] == 2
    assert walk(client, gid) > 0
