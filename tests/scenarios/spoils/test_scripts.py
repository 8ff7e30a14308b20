"""Cards carry their scripts into a game: the script written from the printing in force at the game's
``cards_as_of`` is recorded in the creation event (a stale one is left off and the card is its text),
the engine's registry of what it enforces agrees with its handlers, and every card the coverage
report counts as exercised is played by a scenario test."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


HERE = Path(__file__).resolve().parent


def test_the_creation_event_records_each_named_cards_script(client):
    """spoils.engine.script, spoils.105.1: the pool card carries the script whose text_sha is the hash
    of its text in force; the log's first event holds it, so a replay does not depend on data files."""
    from adjudicator.effects import text_sha

    t = new_game(client, position(cards={"g1": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Eye Gouge"]}))
    created = client.get(f"/games/{t.gid}/events").get_json()["events"][0]["data"]["state"]
    guard = created["cards"]["g1"]
    assert guard["script"]["text_sha"] == text_sha(guard["text"])
    assert created["card_pool"]["Eye Gouge"]["script"]["abilities"][0]["cost"][0]["pick"]["adjectives"] == ["blocking"]


def _reprinted(tmp_path: Path):
    """The real card data plus a later printing of Sleeping Guard with another text."""
    from rulings.importers import SEED_FILES, build_catalog
    from tests.scenarios.spoils_table import DATA

    path = tmp_path / "reprint.yaml"
    path.write_text("game: spoils\nsource: test\ncards:\n"
                    "  - {name: Sleeping Guard, edition: 'Seed 3: Fall of Marmothoa', type: Character, cost: 2,"
                    " text: 'This card cannot block.', strength: 1, life: 1, speed: 3, threshold: 'R'}\n",
                    encoding="utf-8")
    catalog, _ = build_catalog([DATA / "sets"], [*SEED_FILES, path])
    return catalog


def test_a_reprint_with_another_text_leaves_the_script_off(tmp_path):
    """spoils.105.1 (most recent version as of the game's date), spoils.engine.script: before the
    reprint the script is in force (Sleeping Guard is 2/2 while its opponent controls a character);
    after it, the script written from the old text is stale and left off (the card stays 1/1)."""
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    app.extensions["cards"] = _reprinted(tmp_path)
    client = app.test_client()
    cards = {"g1": {"card": "Sleeping Guard", "controller": "bob"}, "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    old = new_game(client, position(cards=cards), cards_as_of="2008-01-01")
    new = new_game(client, position(cards=cards), cards_as_of="2014-01-01")
    assert old.card("g1")["effective"]["strength"] == 2 and old.card("g1")["script"]
    assert new.card("g1")["text"] == "This card cannot block."
    assert new.card("g1")["effective"]["strength"] == 1 and not new.card("g1").get("script")
    app.extensions["games"].close()


def test_every_enforced_operation_has_its_handler():
    """adjudicator.spoils.text.scripts.ENFORCED names only operations the engine applies (one handler per
    operation of the effect language, adjudicator.spoils.ops.interpreter.RUN)."""
    from adjudicator.effects import OPERATIONS
    from adjudicator.spoils.ops import families  # noqa: F401  (every family registers what it owns into RUN)
    from adjudicator.spoils.ops import interpreter as scripted
    from adjudicator.spoils.text import scripts

    handled = {cls.HEAD for cls in scripted.RUN}
    by_head = {cls.HEAD for cls in OPERATIONS}
    assert scripts.ENFORCED["operations"] <= handled | scripts.STATIC_OPERATIONS
    assert scripts.ENFORCED["operations"] <= by_head


def test_every_card_counted_as_exercised_is_played_by_a_scenario():
    """rulings/data/spoils_scenarios.yaml lists only cards the scenario tests name."""
    listed = yaml.safe_load((HERE.parents[2] / "rulings" / "data" / "spoils_scenarios.yaml").read_text())["cards"]
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    named = set(re.findall(r'"card": "([^"]+)"', text)) | set(re.findall(r'"([^"]+)"\]', text)) | \
        set(re.findall(r"factions=\{\"alice\": \"([^\"]+)\"", text))
    missing = [n for n in listed if n not in named and f"{n} (" not in text and f"{n}:" not in text]
    assert not missing, missing
    assert len(listed) >= 40


def test_the_coverage_report_counts_rehearsed_cards_full(spoils_cards):
    """A card is full only when its script round-trips, every part of it is enforced and the pool rehearsal,
    which checks each node's meaning, holds for it (rulings.engine_coverage, issue 24); a card the scenario
    tests saw act but no rehearsal checks is partial ("not rehearsed"); Emergency Obfuscation round-trips but
    its "both players switch seats" is not enforced: partial."""
    from rulings.engine_coverage import NOT_REHEARSED, exercised, rehearsed
    from rulings.scripts import automation

    def level(name):
        return automation("spoils", name, spoils_cards.effective("spoils", name).text)

    assert "anathematize" in rehearsed("spoils") and level("Anathematize").level == "full"
    seen_only = [n for n in spoils_cards.names("spoils") if n.casefold() in exercised("spoils") - rehearsed("spoils")]
    assert seen_only and all(level(n).level != "full" for n in seen_only)
    assert any(level(n).not_covered == (NOT_REHEARSED,) for n in seen_only)
    node = level("Emergency Obfuscation")
    assert node.level == "partial" and any("switch seats" in s for s in node.not_covered)


def test_a_setup_with_a_misspelt_script_is_refused_naming_the_field(client):
    """A card described inline with a script the effect language refuses ("damge") is a 422 naming
    the path of the bad operation; nothing is created (spoils.engine.script)."""
    bad = {"name": "Homemade", "type": "tactic", "cost": 0,
           "script": {"text_sha": "0123456789abcdef", "abilities": [{"play": [{"damge": 2}]}]}}
    r = client.post("/games", json={"game": "spoils", "players": [{"id": "alice"}, {"id": "bob"}], "first_player": "alice",
                                    "setup": {**position(), "card_pool": {"Homemade": bad}}})
    assert r.status_code == 422 and "damge" in str(r.get_json()) and "script.abilities.0.play.0" in str(r.get_json())
