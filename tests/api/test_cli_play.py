"""The console script plays: ``act``, ``check``, ``legal`` and ``state`` for any game, in text and
``--json``; ``-h`` and a bare group print their help; ``games`` lists position, status and winner;
``games create`` takes the format and names the file, the player and the card when a deck is bad;
a game of The Spoils or Buffy needs two players."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from api.cli import main

SETS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn" / "sets"
DECKS = Path(__file__).resolve().parents[2] / "docs" / "decks"
FIGHT = {"step": "conflict", "characters": {
    "spike": {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2",
              "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]},
    "buffy": {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2",
              "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}}}}


@pytest.fixture()
def env(tmp_path) -> dict[str, str]:
    return {"ADJUDICATOR_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite'}",
            "ADJUDICATOR_CARDS_DIR": str(tmp_path / "cards")}


def run(env: dict[str, str], *args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), env=env, input=stdin)


@pytest.fixture()
def buffy(env, tmp_path) -> str:
    """A Buffy game in the conflict step (the README's position), created from the terminal."""
    setup = tmp_path / "fight.json"
    setup.write_text(json.dumps(FIGHT))
    made = run(env, "games", "create", "--game", "buffy", "--player", "p1", "--player", "p2", "--setup", str(setup),
               "--first-player", "p1", "-q")
    assert made.exit_code == 0, made.output
    return made.stdout.strip()


def test_help_with_h_and_a_bare_group_prints_the_whole_help_not_an_error():
    for args in ([], ["-h"], ["keys"], ["games", "-h"], ["act", "-h"]):
        done = CliRunner().invoke(main, args)
        assert done.exit_code == 0, (args, done.output)
        assert done.stdout.startswith("Usage: ") and "[OPTIONS]" in done.stdout, (args, done.output)
        assert "error:" not in done.output, (args, done.output)
    bare = CliRunner().invoke(main, [])
    assert {"act", "check", "legal", "state", "games"} <= set(bare.stdout.split()) and "Exit codes:" in bare.stdout
    assert "PLAYER TYPE [FIELD=VALUE ...]" in CliRunner().invoke(main, ["act", "-h"]).stdout


def test_legal_act_check_and_state_play_a_buffy_fight(env, buffy):
    legal = run(env, "legal", buffy, "p1")
    assert legal.exit_code == 0 and '"type": "start_fight"' in legal.stdout and "buffy." in legal.stdout
    fight = run(env, "act", buffy, "p1", "start_fight", "attacker=spike", "defender=buffy")
    assert fight.exit_code == 0, fight.output
    assert "appended at position 2:" in fight.stdout and "(FightStarted)" in fight.stdout
    verdict = run(env, "check", buffy, "p2", "pass", "--json")
    doc = json.loads(verdict.stdout)
    assert verdict.exit_code == (0 if doc["legal"] else 1) and doc["position"] == 2 and doc["because"]
    state = run(env, "state", buffy)
    assert state.exit_code == 0 and f"buffy game {buffy} at position 2: in progress" in state.stdout
    assert "spike Spike" in state.stdout and "buffy Buffy Summers" in state.stdout
    earlier = json.loads(run(env, "state", buffy, "--at", "1", "--json").stdout)
    assert earlier["position"] == 1 and earlier["phase"] is None


def test_an_action_as_json_or_on_stdin_and_json_answers(env, buffy):
    whole = run(env, "act", buffy, '{"type": "start_fight", "player": "p1", "attacker": "spike", "defender": "buffy"}',
                "--json")
    assert whole.exit_code == 0, whole.output
    answer = json.loads(whole.stdout)
    assert answer["position"] == 2 and answer["events"][0]["type"] == "FightStarted"
    piped = run(env, "check", buffy, "-", "--json", stdin='{"type": "pass", "player": "p2"}')
    assert json.loads(piped.stdout)["position"] == 2
    listed = json.loads(run(env, "legal", buffy, "p1", "--json").stdout)
    assert listed["player"] == "p1" and listed["total"] == len(listed["actions"]) > 0
    assert all(r["id"] and r["title"] for a in listed["actions"] for r in a["rules"])


def test_refusals_are_one_line_naming_the_rule_or_the_field(env, buffy):
    illegal = run(env, "act", buffy, "p2", "start_fight", "attacker=buffy", "defender=spike")
    assert illegal.exit_code == 1 and illegal.stdout == ""
    assert illegal.stderr.startswith("error: illegal at position 1: buffy.") and len(illegal.stderr.splitlines()) == 1
    unknown = run(env, "act", buffy, "p1", "start_fight", "attacker=spike", "colour=red")
    assert unknown.exit_code == 1 and "colour" in unknown.stderr and len(unknown.stderr.splitlines()) == 1
    stale = run(env, "act", buffy, "p1", "start_fight", "attacker=spike", "defender=buffy", "--expect", "7")
    assert stale.exit_code == 1 and "you expected position 7, it is at 1" in stale.stderr
    usage = run(env, "act", buffy, "p1")
    assert usage.exit_code == 2 and "PLAYER TYPE" in usage.stderr
    stranger = run(env, "legal", buffy, "zed")
    assert stranger.exit_code == 1 and "'zed' is not a player" in stranger.stderr


def test_record_mode_appends_an_illegal_action_flagged(env, buffy):
    flagged = run(env, "act", buffy, "p2", "start_fight", "attacker=buffy", "defender=spike", "--mode", "record")
    assert flagged.exit_code == 0, flagged.output
    assert "recorded against the rules:" in flagged.stdout and "buffy." in flagged.stdout


def test_games_lists_position_status_and_winner_without_decks(env, buffy):
    run(env, "act", buffy, "p1", "start_fight", "attacker=spike", "defender=buffy")
    text = run(env, "games")
    assert f"{buffy}  buffy" in text.stdout and "position 2  in_progress  winner -" in text.stdout
    listed = json.loads(run(env, "games", "--json").stdout)["games"]
    assert [(g["id"], g["position"], g["status"], g["winner"]) for g in listed] == [(buffy, 2, "in_progress", None)]
    assert all("deck" not in p for g in listed for p in g["players"])


def test_a_game_with_one_player_is_refused_where_the_rules_need_an_opponent(env):
    for game, rule in (("spoils", "spoils.102.1"), ("buffy", "buffy.multiplayer")):
        alone = run(env, "games", "create", "--game", game, "--player", "solo")
        assert alone.exit_code == 1 and f"{game} needs at least 2 players, got 1 (solo)" in alone.stderr, alone.output
        assert rule in alone.stderr
    party = run(env, "games", "create", "--game", "wowmini", "--player", "horde")  # an action-bar situation
    assert party.exit_code == 0, party.output


@pytest.fixture()
def spoils_env(env, tmp_path) -> dict[str, str]:
    if not SETS.is_dir():
        pytest.skip("the shared OCTGN sets are not present")
    cards = Path(env["ADJUDICATOR_CARDS_DIR"])
    cards.mkdir()
    for xml in SETS.glob("*.xml"):
        (cards / xml.name).symlink_to(xml)
    return env


def test_the_format_is_chosen_at_creation(spoils_env):
    made = run(spoils_env, "games", "create", "--game", "spoils", "--format", "limited", "--first-player", "alice",
               "--deck", f"alice={DECKS / 'gearsmith-starter.txt'}", "--deck", f"bob={DECKS / 'rogue-starter.txt'}",
               "--json")
    assert made.exit_code == 0, made.output
    doc = json.loads(made.stdout)
    assert doc["format"] == "limited"
    assert doc["format"] == "limited" and doc["deck_problems"] == {}
    assert json.loads(run(spoils_env, "state", doc["id"], "--json").stdout)["format"] == "limited"
    constructed = run(spoils_env, "games", "create", "--game", "spoils", "--first-player", "alice",
                      "--deck", f"alice={DECKS / 'gearsmith-starter.txt'}", "--deck", f"bob={DECKS / 'rogue-starter.txt'}")
    assert constructed.exit_code == 0 and "constructed" in constructed.stdout
    assert "alice's deck: spoils.103.1b" in constructed.stdout  # 47 cards: played, its problem shown
    gid = constructed.stdout.split()[0]
    assert json.loads(run(spoils_env, "state", gid, "--json").stdout)["format"] == "constructed"
    listed = {g["id"]: g for g in json.loads(run(spoils_env, "games", "--json").stdout)["games"]}
    assert [d["rule"] for d in listed[gid]["players"][0]["deck_problems"]] == ["spoils.103.1b"]
    assert "deck_problems" not in listed[doc["id"]]["players"][0]


def test_a_bad_deck_names_the_file_the_player_the_line_and_the_card(spoils_env, tmp_path):
    bad = tmp_path / "bob.txt"
    bad.write_text("Faction\n1 The Tournament Faction\nGame Deck\n20 Deception\n2 Agile Highway\n")
    made = run(spoils_env, "games", "create", "--game", "spoils", "--deck", f"alice={DECKS / 'gearsmith-starter.txt'}",
               "--deck", f"bob={bad}")
    assert made.exit_code == 1 and len(made.stderr.splitlines()) == 1, made.output
    assert f"{bad} (player bob), line 5: unknown card 'Agile Highway'" in made.stderr
    assert "InvalidSetup" not in made.stderr and "players.1.deck" not in made.stderr
    bad.write_text("Game Deck\n0 Deception\n")
    zero = run(spoils_env, "games", "create", "--game", "spoils", "--deck", f"alice={DECKS / 'gearsmith-starter.txt'}",
               "--deck", f"bob={bad}")
    assert f"{bad} (player bob), line 2:" in zero.stderr and "quantity 0" in zero.stderr


def test_decks_validate_names_the_unknown_card(spoils_env, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Faction\n1 The Tournament Faction\nGame Deck\n44 Elitism\n1 Agile Highway\n")
    done = run(spoils_env, "decks", "validate", "--format", "limited", str(deck))
    assert done.exit_code == 0, done.output
    assert "spoils.deck.unknown-card" in done.stdout and "Agile Highway" in done.stdout


def test_export_text_is_the_readable_record(env, buffy):
    run(env, "act", buffy, "p1", "start_fight", "attacker=spike", "defender=buffy")
    record = run(env, "export", buffy, "--format", "text")
    assert record.exit_code == 0
    lines = record.stdout.splitlines()
    assert lines[0] == '[Game "buffy"]' and lines[-1] == '[Result "in progress at position 2"]'
    assert any(line.startswith("2.    p1       start fight: attacker spike, defender buffy") for line in lines)
