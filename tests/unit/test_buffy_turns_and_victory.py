"""The Buffy engine rule by rule, on the engine itself (no HTTP), the draw step, decks and victory,
multiplayer turns and fights, and permissions spent once per turn (the golden rule); each refusal
cites its rule id."""
from __future__ import annotations

from tests.unit.buffy_positions import ENGINE, ch, do, game, passes, refused


# --- draw step, decks, victory --------------------------------------------------------------------

def test_the_draw_step_discards_down_to_five_then_any_then_draws_back_to_five():
    s = game({"step": "draw", "players": {"p1": {"hand": 7, "resource_deck": 10}}})
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.draw-step.discard-to-five"]
    assert refused(s, {"type": "draw", "player": "p1", "count": 1}) == ["buffy.draw-step.discard-to-five",
                                                                        "buffy.draw-step.draw-to-five"]
    s, _ = do(s, {"type": "discard", "player": "p1", "count": 4})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "pass", "player": "p1"}) == ["buffy.draw-step.draw-to-five"]
    assert refused(s, {"type": "draw", "player": "p1", "count": 3}) == ["buffy.draw-step.draw-to-five"]
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 2})
    assert s.players["p1"].hand == 5 and s.players["p1"].resource_deck == 8
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "discard", "player": "p1", "count": 1}) == ["buffy.step.draw"]


def test_an_empty_resource_deck_recycles_the_discard_pile_but_never_the_crypt():
    s = game({"step": "draw", "players": {"p1": {"hand": 2, "resource_deck": 1, "discard": ["a", "b", "c"],
                                                 "crypt": ["Hyenas in the Classroom"]}}})
    s, kinds = do(s, {"type": "draw", "player": "p1", "count": 3})
    p = s.players["p1"]
    assert p.hand == 5 and p.resource_deck == 1 and p.discard == [] and p.crypt == ["Hyenas in the Classroom"]


def test_with_nothing_left_to_draw_play_simply_goes_on():
    s = game({"step": "draw", "players": {"p1": {"hand": 2, "resource_deck": 0, "discard": []}}})
    assert refused(s, {"type": "draw", "player": "p1", "count": 1}) == ["buffy.deck.recycling"]
    s, _ = passes(s, "p1")
    assert s.consecutive_passes == 1


def test_six_turns_alone_in_the_park_win_and_a_shared_or_empty_park_resets_the_count():
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park")},
              "players": {"p1": {"park_control_turns": 5}}})
    s, kinds = passes(s, "p1", "p2")
    assert kinds[-1] == "GameWon" and s.winner.player == "p1" and s.winner.by == "park"
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park"), "y": ch("Spike", "p2", "park")},
              "players": {"p1": {"park_control_turns": 5}}})
    s, _ = passes(s, "p1", "p2")
    assert s.winner is None and s.players["p1"].park_control_turns == 0
    s = game({"step": "end", "players": {"p1": {"park_control_turns": 3}}})
    s, _ = passes(s, "p1", "p2")
    assert s.players["p1"].park_control_turns == 0
    s = game({"step": "end", "characters": {"x": ch("Xander", "p1", "park")}, "players": {"p1": {"park_control_turns": 2}}})
    s, _ = passes(s, "p1", "p2")
    assert s.players["p1"].park_control_turns == 3 and s.step == "prologue" and s.active_player == "p2"


def test_destiny_cannot_be_paid_on_credit():
    s = game({"step": "resource", "players": {"p1": {"destiny": 1}}})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Costly", "effect": {"pay_destiny": 2}}) == [
        "buffy.destiny.floor"]
    s, _ = do(s, {"type": "play_effect", "player": "p1", "card": "Cheap", "effect": {"pay_destiny": 1}})
    assert s.players["p1"].destiny == 0


def test_ten_destiny_from_an_effect_wins_at_once():
    s = game({"step": "resource", "players": {"p1": {"destiny": 9}}})
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Gift", "effect": {"gain_destiny": 1}})
    assert kinds[-1] == "GameWon" and s.winner.by == "destiny"


def test_a_setup_at_ten_destiny_is_won_at_creation():
    s = game({"players": {"p2": {"destiny": 10}}})
    assert s.winner is not None and s.winner.player == "p2"


# --- multiplayer ----------------------------------------------------------------------------------

def test_a_fight_among_three_players_alternates_between_its_two_players_only():
    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p3.1", bk=3), "d": ch("D", "p3", "p3.1", bk=1)}},
             players=("p1", "p2", "p3"))
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    assert s.phase.defending_player == "p3"
    s, _ = do(s, {"type": "pass", "player": "p1"})
    assert s.to_act == "p3"
    assert "buffy.one-card-at-a-time" in refused(s, {"type": "pass", "player": "p2"})
    s, _ = do(s, {"type": "pass", "player": "p3"})
    assert s.phase.stage == "draw"
    s, _ = do(s, {"type": "draw", "player": "p1", "count": 5})
    assert s.to_act == "p3"
    s, _ = do(s, {"type": "draw", "player": "p3", "count": 5})
    s, _ = passes(s, "p1", "p3", "p1", "p3")
    assert s.phase.stage == "discard" and s.phase.outcome["winner"] == "a"
    s, _ = do(s, {"type": "discard", "player": "p1", "count": 5})
    s, _ = do(s, {"type": "discard", "player": "p3", "count": 5})
    s, kinds = passes(s, "p1", "p3")
    assert kinds[-1] == "PhaseEnded" and s.to_act == "p2"          # clockwise after the attacker


def test_facing_your_own_challenge_you_choose_the_defending_opponent():
    chal = {"mine": {"name": "Mine", "owner": "p1", "location": "p1.1", "goals": {"smarts": 1}},
            "theirs": {"name": "Theirs", "owner": "p2", "location": "p1.1", "goals": {"smarts": 1}}}
    chars = {"w": ch("Willow", "p1", "p1.1", smarts=3)}
    s = game({"step": "conflict", "characters": chars, "challenges": chal}, players=("p1", "p2", "p3"))
    face = {"type": "face_challenge", "player": "p1", "characters": ["w"]}
    assert refused(s, {**face, "challenge": "mine"}) == ["buffy.multiplayer"]
    assert refused(s, {**face, "challenge": "mine", "defender": "p1"}) == ["buffy.multiplayer"]
    assert refused(s, {**face, "challenge": "theirs", "defender": "p3"}) == ["buffy.multiplayer"]
    s3, _ = do(s, {**face, "challenge": "mine", "defender": "p3"})
    assert s3.phase.defending_player == "p3" and s3.to_act == "p1"
    two = game({"step": "conflict", "characters": chars, "challenges": chal})
    two, _ = do(two, {**face, "challenge": "mine"})
    assert two.phase.defending_player == "p2"


def test_turns_go_clockwise_in_seating_order():
    s = game({"step": "end"}, players=("p1", "p2", "p3"), first="p3")
    s, _ = passes(s, "p3", "p1", "p2")
    assert s.active_player == "p1" and s.turn == 2 and s.to_act == "p1"


# --- golden rule: permissions spent once per turn -------------------------------------------------

def test_a_once_per_turn_permission_is_recorded_when_used_and_restored_next_turn():
    s = game({"step": "movement", "characters": {
        "x": ch("Xander", "p1", "p1.1", effects=[{"permit": "buffy.move.once-per-turn", "once_per_turn": True}])}})
    s, _ = do(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.2"})
    s, _ = do(s, {"type": "pass", "player": "p2"})
    s, kinds = do(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.3"})
    assert kinds == ["CharacterMoved", "OncePerTurnUsed"]
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "move", "player": "p1", "character": "x", "to": "p1.4"}) == ["buffy.move.once-per-turn"]


def test_join_the_pep_squad_discards_every_minion_and_a_minion_fighter_loses_the_fight():
    s = game({"step": "conflict", "players": {"p1": {"destiny": 1}}, "characters": {
        "pack": ch("The Pack", "p1", "p2.1", bk=4, kind="minion"), "pack2": ch("The Pack", "p2", "p2.2", kind="minion"),
        "buffy": ch("Buffy Summers", "p2", "p2.1", bk=3, charm=3, kind="hero", main=True)}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "pack", "defender": "buffy"})
    s, _ = do(s, {"type": "pass", "player": "p1"})
    s, kinds = do(s, {"type": "play_effect", "player": "p2", "card": "Join the Pep Squad"})
    assert kinds.count("CharacterDiscarded") == 2 and "FightResolved" in kinds
    assert s.phase.outcome["winner"] == "buffy" and s.phase.stage == "discard"
    assert s.characters["pack"].location == s.characters["pack2"].location == "discard"
    assert s.players["p2"].destiny == 1 and s.players["p1"].destiny == 1


def test_a_power_used_from_play_needs_the_card_in_play_and_nothing_is_played_in_a_draw_stage():
    s = game({"step": "resource", "characters": {"d": ch("Drusilla", "p1", "p1.1", kind="villain")}})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Symbol of Anyanka", "source": "play"}) == [
        "buffy.effect.play"]
    s, kinds = do(s, {"type": "play_effect", "player": "p1", "card": "Drusilla", "source": "play",
                      "effect": {"fatigue_card": {"character": "d"}}})
    assert kinds == ["EffectPlayed", "CharacterFatigued"] and s.players["p1"].hand == 5
    s, _ = do(s, {"type": "pass", "player": "p2"})
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Drusilla", "source": "play",
                       "effect": {"fatigue_card": {"character": "d"}}}) == ["buffy.fatigue.cannot-act"]
    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1")}})
    s, _ = do(s, {"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    s, _ = passes(s, "p1", "p2")
    assert refused(s, {"type": "play_effect", "player": "p1", "card": "Anything"}) == ["buffy.fight.draw"]


def test_events_recorded_before_the_new_fields_still_replay():
    from events.models.base import registry

    s = game({"step": "conflict", "characters": {"a": ch("A", "p1", "p2.1", bk=3), "d": ch("D", "p2", "p2.1")}})
    started = registry.load("buffy", "FightStarted", {"player": "p1", "attacker": "a", "defender": "d",
                                                      "defending_player": "p2"})
    s = ENGINE.evolve(s, started)
    assert s.phase.resolving_talent == "butt_kicking" and s.to_act == "p1"
    played = registry.load("buffy", "EffectPlayed", {"player": "p1", "card": "Old card", "effect": {}})
    s = ENGINE.evolve(s, played)
    assert s.players["p1"].hand == 4 and s.players["p1"].discard == ["Old card"]
