"""The turn of Buffy step by step, as the sequence-of-play document (001, V) describes it: the
seven steps in order, each ended by every player passing in a row, what each step is for, and the
day/night card that turns at the end of the turn."""
from __future__ import annotations

from tests.scenarios.buffy.table import BUFFY, SPIKE, Table, cited, events

BOARD = {"spike": SPIKE, "buffy": BUFFY}


def test_the_steps_follow_one_another_in_the_printed_order(memory_client):
    """buffy.turn.sequence: after the draw step come refresh, movement, resource, conflict and end,
    in that order; each answer that opens a step cites the sequence."""
    t = Table(memory_client, {"step": "draw", "characters": BOARD})
    seen = []
    for _ in range(5):
        answer = t.passes("p1", "p2")
        seen.append(answer["state"]["step"])
        assert "buffy.turn.sequence" in cited(answer)
    assert seen == ["refresh", "movement", "resource", "conflict", "end"]


def test_a_step_ends_only_when_every_player_has_passed_in_a_row(memory_client):
    """buffy.pass-consecutively: one pass does not end the movement step; a move by the other player
    starts the run again; two passes in a row end it."""
    t = Table(memory_client, {"step": "movement", "characters": {**BOARD, "spike": {**SPIKE, "location": "p1.1"}}})
    first = t.act({"type": "pass", "player": "p1"})
    assert first["state"]["step"] == "movement" and first["state"]["consecutive_passes"] == 1
    t.act({"type": "move", "player": "p2", "character": "buffy", "to": "p2.1"})
    again = t.act({"type": "pass", "player": "p1"})
    assert again["state"]["step"] == "movement"
    ended = t.act({"type": "pass", "player": "p2"})
    assert ended["state"]["step"] == "resource" and "buffy.pass-consecutively" in cited(ended)


def test_a_challenge_is_placed_only_in_the_prologue(memory_client):
    """buffy.step.prologue: placing a challenge is the prologue's business; in the movement step it
    is refused citing the prologue's rule."""
    t = Table(memory_client, {"step": "movement", "characters": BOARD})
    t.refuse({"type": "place_challenge", "player": "p1", "at": "p2.1",
              "challenge": {"name": "Hyenas in the Classroom", "goals": {"charm": 4}, "destiny": 2}},
             "buffy.step.prologue")


def test_a_challenge_that_cannot_be_placed_goes_to_the_bottom(memory_client):
    """buffy.prologue.unplayable: a player whose challenge fits nowhere sends it to the bottom of the
    challenge pile and places none this turn; the answer says so and cites the rule."""
    t = Table(memory_client, {"characters": BOARD})
    sent = t.act({"type": "place_challenge", "player": "p1", "unplayable": True})
    assert [e["type"] for e in sent["events"]][0] == "ChallengeSentToBottom"
    assert "buffy.prologue.unplayable" in cited(sent)
    assert sent["state"]["players"]["p1"]["challenge_placed"] is True and not sent["state"]["challenges"]


def test_the_refresh_step_turns_every_fatigued_card_upright(memory_client):
    """buffy.step.refresh: when the refresh step begins, fatigued characters and the cards attached
    to them are refreshed."""
    tired = {**SPIKE, "fatigued": True, "attachments": [{"name": "Stake", "kind": "item", "fatigued": True}]}
    t = Table(memory_client, {"step": "draw", "characters": {**BOARD, "spike": tired}})
    answer = t.passes("p1", "p2")
    assert events(answer, "CardsRefreshed") == [{"characters": ["spike"], "attachments": ["spike/Stake"]}]
    spike = answer["state"]["characters"]["spike"]
    assert spike["fatigued"] is False and spike["attachments"][0]["fatigued"] is False
    assert "buffy.step.refresh" in cited(answer)


def test_characters_move_only_in_the_movement_step(memory_client):
    """buffy.step.movement: a move belongs to the movement step; in the resource step it is refused."""
    t = Table(memory_client, {"step": "resource", "characters": BOARD})
    t.refuse({"type": "move", "player": "p1", "character": "spike", "to": "p1.1"}, "buffy.step.movement")


def test_a_player_moves_only_their_own_characters(memory_client):
    """buffy.move.own-characters: p1 may not move p2's Buffy."""
    t = Table(memory_client, {"step": "movement", "characters": BOARD})
    t.refuse({"type": "move", "player": "p1", "character": "buffy", "to": "p2.1"}, "buffy.move.own-characters")


def test_characters_are_played_only_in_the_resource_step(memory_client):
    """buffy.step.resource: playing a character belongs to the resource step; in the movement step it
    is refused citing that step's rule."""
    t = Table(memory_client, {"step": "movement", "characters": BOARD})
    t.refuse({"type": "play_character", "player": "p1", "at": "p1.1", "character": {"name": "Drusilla"}},
             "buffy.step.resource")


def test_fights_start_only_in_the_conflict_step(memory_client):
    """buffy.step.conflict: a fight is started in the conflict step; in the resource step it is not."""
    t = Table(memory_client, {"step": "resource", "characters": {**BOARD, "buffy": {**BUFFY, "location": "p1.2"}}})
    t.refuse({"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"}, "buffy.step.conflict")


def test_the_end_step_ends_the_turn_and_the_next_player_becomes_active(memory_client):
    """buffy.step.end: when both players pass in the end step the turn is over and the next player
    clockwise is active for the next turn's prologue."""
    t = Table(memory_client, {"step": "end", "characters": BOARD})
    answer = t.passes("p1", "p2")
    assert events(answer, "TurnEnded")[0]["active_player"] == "p2"
    assert (answer["state"]["turn"], answer["state"]["step"], answer["state"]["active_player"]) == (2, "prologue", "p2")
    assert "buffy.step.end" in cited(answer)


def test_the_day_night_card_turns_at_the_end_of_each_turn(memory_client):
    """buffy.day-night: day becomes night at the end of the turn, and night day at the end of the next."""
    t = Table(memory_client, {"step": "end", "characters": BOARD})
    answer = t.passes("p1", "p2")
    assert answer["state"]["time_of_day"] == "night" and "buffy.day-night" in cited(answer)
    u = Table(memory_client, {"step": "end", "time_of_day": "night", "characters": BOARD})
    assert u.passes("p1", "p2")["state"]["time_of_day"] == "day"


def test_nobody_acts_at_a_position_inside_an_actions_consequences(memory_client):
    """buffy.consequences-pending: the pass that ends a step is stored with the step that follows; at
    the position between the two nobody may act, and a dry run there says why."""
    t = Table(memory_client, {"step": "movement", "characters": BOARD})
    t.passes("p1", "p2")                           # positions 2 (pass) and 3 (pass) then 4 (StepStarted)
    verdict = memory_client.post(f"/games/{t.id}/check",
                                 json={"action": {"type": "pass", "player": "p1"}, "at": 3}).get_json()
    assert verdict["legal"] is False
    assert [v["rule"]["id"] for v in verdict["violations"]] == ["buffy.consequences-pending"]
