"""The worked examples of the Buffy rules documents, played through the HTTP API on every store.

Each scenario is a function of a client that plays the example and asserts what the document
says happens; ``test_legal_actions_agree_with_check_at_every_position`` replays every scenario and
walks each position of its log.
"""
from __future__ import annotations

from typing import Any, Callable

import pytest

from tests.conftest import act, buffy_game, state
from tests.scenarios.buffy_moves import (
    action_card, character, check, event, finish_phase, passes, refused, to_battle, types, walk)


# --- 001, V.6: Giles against The Pack -------------------------------------------------------------

def giles_against_the_pack(client) -> str:
    """The Pack (a minion with 4 butt-kicking) attacks Giles (0); Giles's player outboosts it card by
    card, wins as the defender, gains one destiny and stays refreshed."""
    gid = buffy_game(client, {"step": "conflict", "characters": {
        "giles": character("Giles", "p1", "p1.2", smarts=4, kind="companion", alignment="good"),
        "pack": character("The Pack", "p2", "p1.2", bk=4, kind="minion", alignment="evil"),
    }}, first="p2")
    act(client, gid, {"type": "start_fight", "player": "p2", "attacker": "pack", "defender": "giles"})
    to_battle(client, gid, "p2", "p1")

    def standing() -> dict[str, int]:
        return state(client, gid)["phase"]["standing"]["totals"]

    def boost(player: str, card: dict[str, Any]) -> None:
        act(client, gid, {"type": "boost", "player": player, "talent": "butt_kicking", "card": card})

    assert standing() == {"pack": 4, "giles": 0}
    act(client, gid, {"type": "pass", "player": "p2"})            # the attacker starts the stage
    boost("p1", action_card("Action card (+2)", butt_kicking=2))
    act(client, gid, {"type": "pass", "player": "p2"})
    boost("p1", {"name": "An item", "kind": "item"})
    assert standing() == {"pack": 4, "giles": 3}
    act(client, gid, {"type": "pass", "player": "p2"})
    boost("p1", action_card("Another action card (+2)", butt_kicking=2))
    assert standing() == {"pack": 4, "giles": 5}                 # "you are ahead by one"
    boost("p2", {"name": "The opponent's item", "kind": "item"})
    assert standing() == {"pack": 5, "giles": 5}                 # "and you are tied"
    boost("p1", action_card("A third action card (+2)", butt_kicking=2))
    assert standing() == {"pack": 5, "giles": 7}
    passes(client, gid, "p2", "p1")                              # battle over; resolve stage
    resolved = passes(client, gid, "p2", "p1")
    fight = event(resolved, "FightResolved")
    assert fight["winner"] == "giles" and fight["losers"] == ["pack"] and fight["totals"] == {"pack": 5, "giles": 7}
    s = resolved["state"]
    assert s["players"]["p1"]["destiny"] == 1 and s["players"]["p2"]["destiny"] == 0
    assert s["characters"]["pack"]["location"] == "discard"
    assert s["characters"]["giles"]["fatigued"] is False         # the defender who wins stays refreshed
    stacks = event(resolved, "TalentStacksDiscarded")["cards"]
    assert len(stacks["p1"]) == 4 and len(stacks["p2"]) == 1
    assert {"Action card (+2)", "An item"} <= set(s["players"]["p1"]["discard"])
    assert s["players"]["p1"]["hand"] == 6 and s["players"]["p2"]["hand"] == 9
    over = finish_phase(client, gid, "p2", "p1")
    assert over["state"]["step"] == "conflict" and over["state"]["to_act"] == "p1"
    return gid


def test_giles_outboosts_the_pack_card_by_card_and_wins_as_a_refreshed_defender(client):
    giles_against_the_pack(client)


# --- 001, V.6: Willow and Cordelia against Hyenas in the Classroom --------------------------------

HYENAS = {"name": "Hyenas in the Classroom", "owner": "p2", "location": "p2.3", "alignment": "good",
          "goals": {"charm": 4, "smarts": 9}, "destiny": 4}


def willow_and_cordelia_against_the_hyenas(client) -> str:
    """4 charm and 7 smarts against goals of 4 and 9; each player raises in turn and the attacker
    ties every goal at the end, which overcomes the challenge for its 4 destiny."""
    gid = buffy_game(client, {"step": "conflict", "challenges": {"hyenas": HYENAS}, "characters": {
        "willow": character("Willow", "p1", "p2.3", bk=1, smarts=4, charm=1, kind="companion", alignment="good"),
        "cordelia": character("Cordelia", "p1", "p2.3", smarts=3, charm=3, kind="companion", alignment="good"),
    }})
    started = act(client, gid, {"type": "face_challenge", "player": "p1", "challenge": "hyenas",
                                "characters": ["willow", "cordelia"]})
    assert started["state"]["phase"]["defending_player"] == "p2"
    passes(client, gid, "p1", "p2")
    act(client, gid, {"type": "draw", "player": "p1", "count": 5})
    refused(client, gid, {"type": "draw", "player": "p2", "count": 5}, "buffy.challenge.draw")
    act(client, gid, {"type": "draw", "player": "p2", "count": 3})

    def standing() -> tuple[dict[str, int], dict[str, int]]:
        st = state(client, gid)["phase"]["standing"]
        return st["totals"], st["goals"]

    assert standing() == ({"charm": 4, "smarts": 7}, {"charm": 4, "smarts": 9})
    act(client, gid, {"type": "boost", "player": "p1", "talent": "smarts",
                      "card": action_card("Cafeteria Soylent Green", smarts=2)})
    assert standing() == ({"charm": 4, "smarts": 9}, {"charm": 4, "smarts": 9})
    # The defender raises only the challenge's own talents.
    verdict = check(client, gid, {"type": "boost", "player": "p2", "talent": "weirdness",
                                  "card": {"name": "Crossbow", "kind": "item"}})
    assert [v["rule"]["id"] for v in verdict["violations"]] == ["buffy.challenge.defender-raises"]
    act(client, gid, {"type": "boost", "player": "p2", "talent": "charm", "card": action_card("Dig Up the Corpse", charm=2)})
    assert standing() == ({"charm": 4, "smarts": 9}, {"charm": 6, "smarts": 9})
    act(client, gid, {"type": "boost", "player": "p1", "talent": "charm",
                      "card": action_card("Self-Referential Humor", charm=2)})
    act(client, gid, {"type": "boost", "player": "p2", "talent": "smarts",
                      "card": action_card("Cafeteria Soylent Green", smarts=2)})
    assert standing() == ({"charm": 6, "smarts": 9}, {"charm": 6, "smarts": 11})
    act(client, gid, {"type": "boost", "player": "p1", "talent": "smarts", "card": action_card("Demon Theory", smarts=2)})
    assert standing() == ({"charm": 6, "smarts": 11}, {"charm": 6, "smarts": 11})
    passes(client, gid, "p2", "p1")
    resolved = passes(client, gid, "p1", "p2")
    outcome = event(resolved, "ChallengeResolved")
    assert outcome["overcome"] is True and outcome["totals"] == outcome["goals"] == {"charm": 6, "smarts": 11}
    s = resolved["state"]
    assert s["players"]["p1"]["destiny"] == 4
    assert "hyenas" not in s["challenges"] and s["players"]["p2"]["crypt"] == ["Hyenas in the Classroom"]
    assert s["characters"]["willow"]["fatigued"] and s["characters"]["cordelia"]["fatigued"]
    assert s["characters"]["willow"]["effective_talents"]["smarts"] == 3  # back to her own talent, minus fatigue
    finish_phase(client, gid, "p1", "p2")
    return gid


def test_willow_and_cordelia_tie_every_raised_goal_and_overcome_the_hyenas(client):
    willow_and_cordelia_against_the_hyenas(client)


# --- 001, V.4: Spike's night movement -------------------------------------------------------------

def spike_moves_at_night(client) -> str:
    """At night Spike goes from the museum to the park, Buffy runs from the hospital to the park and
    is done; Spike moves once more, to the opponent's Streets of Sunnydale, and arrives fatigued."""
    gid = buffy_game(client, {
        "step": "movement", "time_of_day": "night",
        "locations": {"p1.3": {"name": "Natural History Museum", "owner": "p1"},
                      "p2.2": {"name": "Hospital", "owner": "p2"},
                      "p2.1": {"name": "Streets of Sunnydale", "owner": "p2"}},
        "characters": {
            "spike": character("Spike", "p1", "p1.3", bk=3, smarts=1, weirdness=2, charm=2, main=True,
                               kind="villain", alignment="evil", traits=["VAMPIRE"]),
            "buffy": character("Buffy Summers", "p2", "p2.2", bk=3, weirdness=2, charm=2, main=True,
                               kind="hero", alignment="good", traits=["HUMAN"]),
        }})
    first = act(client, gid, {"type": "move", "player": "p1", "character": "spike", "to": "park"})
    assert not first["state"]["characters"]["spike"]["fatigued"]
    act(client, gid, {"type": "move", "player": "p2", "character": "buffy", "to": "park"})
    arrived = act(client, gid, {"type": "move", "player": "p1", "character": "spike", "to": "p2.1"})
    assert types(arrived) == ["CharacterMoved", "CharacterFatigued"]
    assert event(arrived, "CharacterFatigued")["rule"] == "buffy.fatigue.park-to-opponent"
    spike = arrived["state"]["characters"]["spike"]
    assert spike["location"] == "p2.1" and spike["fatigued"] and spike["effective_talents"]["butt_kicking"] == 2
    refused(client, gid, {"type": "move", "player": "p2", "character": "buffy", "to": "p2.2"}, "buffy.move.once-per-turn")
    act(client, gid, {"type": "pass", "player": "p2"})
    again = check(client, gid, {"type": "move", "player": "p1", "character": "spike", "to": "p2.2"})
    assert {v["rule"]["id"] for v in again["violations"]} == {"buffy.fatigue.cannot-act", "buffy.move.vampires-twice"}
    ended = act(client, gid, {"type": "pass", "player": "p1"})
    assert ended["state"]["step"] == "resource"
    return gid


def test_spike_moves_twice_at_night_and_arrives_fatigued_from_the_park(client):
    spike_moves_at_night(client)


# --- 001, end of V: a conflict step with two fights and a challenge --------------------------------

def conflict_step_position() -> dict[str, Any]:
    """Spike and Drusilla (p1) at The Bronze with Buffy and Willow (p2), Giles at p1.4 beside You Can
    Trust the Technopagan, p2 at 2 destiny, the conflict step under way."""
    return {
        "step": "conflict",
        "locations": {"p2.1": {"name": "The Bronze", "owner": "p2"}},
        "challenges": {"technopagan": {"name": "You Can Trust the Technopagan", "owner": "p1", "location": "p1.4",
                                       "alignment": "good", "goals": {"smarts": 3}, "destiny": 1}},
        "players": {"p2": {"destiny": 2}},
        "characters": {
            "spike": character("Spike", "p1", "p2.1", bk=3, smarts=1, weirdness=2, charm=2, main=True,
                               kind="villain", alignment="evil", traits=["VAMPIRE"]),
            "drusilla": character("Drusilla", "p1", "p2.1", bk=2, weirdness=3, kind="villain", alignment="evil",
                                  traits=["VAMPIRE"]),
            "buffy": character("Buffy Summers", "p2", "p2.1", bk=3, weirdness=2, charm=2, main=True,
                               kind="hero", alignment="good", traits=["HUMAN"]),
            "willow": character("Willow", "p2", "p2.1", bk=1, smarts=4, charm=1, kind="companion", alignment="good"),
            "giles": character("Giles", "p2", "p1.4", smarts=4, kind="companion", alignment="good"),
        }}


def conflict_step_sequence(client) -> str:
    """Spike beats Buffy at The Bronze (Spike fatigued, +1 destiny; Buffy's player loses one), Giles
    overcomes You Can Trust the Technopagan, Willow beats Drusilla and stays refreshed; then
    everyone passes and the conflict step ends."""
    gid = buffy_game(client, conflict_step_position())
    # Spike fights Buffy; her card gives her +1 butt-kicking against an opponent's main character.
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"})
    to_battle(client, gid, "p1", "p2")
    assert state(client, gid)["phase"]["standing"]["totals"] == {"spike": 3, "buffy": 4}
    act(client, gid, {"type": "boost", "player": "p1", "talent": "butt_kicking", "card": action_card("A punch", butt_kicking=2)})
    passes(client, gid, "p2", "p1")
    resolved = passes(client, gid, "p1", "p2")
    assert any(t["rule"]["id"] == "buffy.golden-rule" and (t.get("overridden_by") or {}).get("name") == "Buffy Summers"
               for t in resolved["because"])
    s = resolved["state"]
    assert event(resolved, "FightResolved")["winner"] == "spike"
    assert s["characters"]["buffy"]["location"] == "discard" and s["characters"]["spike"]["fatigued"]
    assert s["players"]["p1"]["destiny"] == 1 and s["players"]["p2"]["destiny"] == 1
    back = finish_phase(client, gid, "p1", "p2")
    assert back["state"]["step"] == "conflict" and back["state"]["to_act"] == "p2"

    # The opponent's turn: Giles faces the technopagan challenge, which p1 defends.
    faced = act(client, gid, {"type": "face_challenge", "player": "p2", "challenge": "technopagan", "characters": ["giles"]})
    assert faced["state"]["phase"]["defending_player"] == "p1"
    passes(client, gid, "p2", "p1")
    act(client, gid, {"type": "draw", "player": "p2", "count": 5})
    act(client, gid, {"type": "draw", "player": "p1", "count": 3})
    passes(client, gid, "p2", "p1")
    won = passes(client, gid, "p2", "p1")
    assert event(won, "ChallengeResolved")["overcome"] is True
    assert won["state"]["players"]["p2"]["destiny"] == 2 and won["state"]["characters"]["giles"]["fatigued"]
    back = finish_phase(client, gid, "p2", "p1")
    assert back["state"]["to_act"] == "p1"

    # Drusilla goes after Willow, who wins, stays refreshed and scores for Buffy's player.
    act(client, gid, {"type": "start_fight", "player": "p1", "attacker": "drusilla", "defender": "willow"})
    to_battle(client, gid, "p1", "p2")
    act(client, gid, {"type": "pass", "player": "p1"})
    act(client, gid, {"type": "boost", "player": "p2", "talent": "butt_kicking", "card": action_card("A kick", butt_kicking=2)})
    passes(client, gid, "p1", "p2")
    resolved = passes(client, gid, "p1", "p2")
    s = resolved["state"]
    assert event(resolved, "FightResolved")["winner"] == "willow"
    assert s["characters"]["drusilla"]["location"] == "discard" and not s["characters"]["willow"]["fatigued"]
    assert s["players"]["p2"]["destiny"] == 3 and s["players"]["p1"]["destiny"] == 1  # Drusilla is no main character
    finish_phase(client, gid, "p1", "p2")
    ended = passes(client, gid, "p2", "p1")
    assert ended["state"]["step"] == "end"
    return gid


def test_two_fights_and_a_challenge_alternate_inside_one_conflict_step(client):
    conflict_step_sequence(client)


# --- 000, X: Anyanka and Symbol of Anyanka fatigue independently ----------------------------------

def anyanka_fatigues_apart_from_her_symbol(client) -> str:
    """Symbol of Anyanka is fatigued for its effect in the resource step; Anyanka stays refreshed,
    faces a challenge, and is fatigued when it resolves; the next refresh step refreshes both."""
    gid = buffy_game(client, {
        "step": "resource",
        "challenges": {"curse": {"name": "A Small Curse", "owner": "p2", "location": "p1.1", "alignment": "evil",
                                 "goals": {"weirdness": 2}, "destiny": 1}},
        "characters": {"anyanka": character("Anyanka", "p1", "p1.1", bk=1, smarts=1, weirdness=3, charm=2,
                                            alignment="evil", attachments=[{"name": "Symbol of Anyanka", "kind": "item"}])}})
    used = act(client, gid, {"type": "play_effect", "player": "p1", "card": "Symbol of Anyanka", "source": "play",
                             "effect": {"fatigue_card": {"character": "anyanka", "attachment": "Symbol of Anyanka"}}})
    anyanka = used["state"]["characters"]["anyanka"]
    assert anyanka["attachments"][0]["fatigued"] is True and anyanka["fatigued"] is False
    assert anyanka["effective_talents"] == anyanka["total_talents"]   # a fatigued attachment costs her nothing
    assert used["state"]["players"]["p1"]["hand"] == 5                 # a card in play, not from hand
    act(client, gid, {"type": "pass", "player": "p2"})
    again = check(client, gid, {"type": "play_effect", "player": "p1", "card": "Symbol of Anyanka", "source": "play",
                                "effect": {"fatigue_card": {"character": "anyanka", "attachment": "Symbol of Anyanka"}}})
    assert [v["rule"]["id"] for v in again["violations"]] == ["buffy.fatigue.independent"]
    assert act(client, gid, {"type": "pass", "player": "p1"})["state"]["step"] == "conflict"

    act(client, gid, {"type": "face_challenge", "player": "p1", "challenge": "curse", "characters": ["anyanka"]})
    passes(client, gid, "p1", "p2")
    act(client, gid, {"type": "draw", "player": "p1", "count": 5})
    act(client, gid, {"type": "draw", "player": "p2", "count": 3})
    passes(client, gid, "p1", "p2")
    resolved = passes(client, gid, "p1", "p2")
    anyanka = resolved["state"]["characters"]["anyanka"]
    assert anyanka["fatigued"] is True and anyanka["attachments"][0]["fatigued"] is True
    finish_phase(client, gid, "p1", "p2")
    passes(client, gid, "p2", "p1")                              # conflict over
    turn_two = passes(client, gid, "p1", "p2")                   # end of turn 1
    assert turn_two["state"]["step"] == "prologue" and turn_two["state"]["active_player"] == "p2"
    act(client, gid, {"type": "place_challenge", "player": "p2", "unplayable": True})
    act(client, gid, {"type": "place_challenge", "player": "p1", "unplayable": True})
    passes(client, gid, "p2", "p1")                              # prologue over; draw step (hands of five)
    refreshed = passes(client, gid, "p2", "p1")
    assert refreshed["state"]["step"] == "refresh"
    cards = event(refreshed, "CardsRefreshed")
    assert cards["characters"] == ["anyanka"] and cards["attachments"] == ["anyanka/Symbol of Anyanka"]
    anyanka = refreshed["state"]["characters"]["anyanka"]
    assert anyanka["fatigued"] is False and anyanka["attachments"][0]["fatigued"] is False
    return gid


def test_anyanka_and_her_symbol_fatigue_independently_and_refresh_together(client):
    anyanka_fatigues_apart_from_her_symbol(client)


# --- 001, V.5: Buffy ascends with four destiny ----------------------------------------------------

def buffy_ascends(client) -> str:
    """Buffy's level-2 card needs 4 destiny: with 4, she ascends, keeps her Crossbow, and cannot
    ascend again this turn."""
    gid = buffy_game(client, {"step": "resource", "players": {"p1": {"destiny": 4}}, "characters": {
        "buffy": character("Buffy Summers", "p1", "p1.1", bk=3, weirdness=2, charm=2, main=True, kind="hero",
                           alignment="good", attachments=[{"name": "Crossbow", "kind": "item", "talents": {"butt_kicking": 1}}])}})
    too_dear = check(client, gid, {"type": "ascend", "player": "p1", "character": "buffy", "card": "Buffy Summers (level 2)",
                                   "destiny_requirement": 5})
    assert [v["rule"]["id"] for v in too_dear["violations"]] == ["buffy.resource.ascension"]
    up = act(client, gid, {"type": "ascend", "player": "p1", "character": "buffy", "card": "Buffy Summers (level 2)",
                           "destiny_requirement": 4, "talents": {"butt_kicking": 4, "smarts": 1, "weirdness": 2, "charm": 3}})
    buffy = up["state"]["characters"]["buffy"]
    assert buffy["level"] == 2 and [a["name"] for a in buffy["attachments"]] == ["Crossbow"]
    assert buffy["total_talents"]["butt_kicking"] == 5
    assert up["state"]["players"]["p1"]["destiny"] == 4 and up["state"]["players"]["p1"]["hand"] == 4
    act(client, gid, {"type": "pass", "player": "p2"})
    refused(client, gid, {"type": "ascend", "player": "p1", "character": "buffy", "card": "Buffy Summers (level 3)"},
            "buffy.resource.ascension")
    return gid


def test_buffy_ascends_with_four_destiny_and_keeps_her_items(client):
    buffy_ascends(client)


def test_buffy_cannot_ascend_with_three_destiny(client):
    gid = buffy_game(client, {"step": "resource", "players": {"p1": {"destiny": 3}}, "characters": {
        "buffy": character("Buffy Summers", "p1", "p1.1", bk=3, main=True, kind="hero")}})
    body = refused(client, gid, {"type": "ascend", "player": "p1", "character": "buffy", "card": "Buffy Summers (level 2)",
                                 "destiny_requirement": 4}, "buffy.resource.ascension")
    assert "needs 4 destiny" in body["detail"]


# --- legal-actions agree with check at every position ---------------------------------------------

SCENARIOS: dict[str, Callable[[Any], str]] = {
    "giles-against-the-pack": giles_against_the_pack,
    "willow-and-cordelia-against-the-hyenas": willow_and_cordelia_against_the_hyenas,
    "spike-moves-at-night": spike_moves_at_night,
    "conflict-step-sequence": conflict_step_sequence,
    "anyanka-fatigues-apart-from-her-symbol": anyanka_fatigues_apart_from_her_symbol,
    "buffy-ascends": buffy_ascends,
}


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_legal_actions_agree_with_check_at_every_position(memory_client, scenario):
    gid = SCENARIOS[scenario](memory_client)
    assert walk(memory_client, gid) > 0
