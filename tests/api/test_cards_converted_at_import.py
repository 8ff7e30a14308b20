"""Issue 24, must show 1: a set the project has never seen gets a script for each card at import.

The set is made here: real texts read from the shared OCTGN data under new names, new combinations of
phrases the templates use, and one real card kept under its own name (its packaged script, the reviewed
baseline, is used and not converted again).  ``adjudicator cards import`` converts each card the
packaged scripts lack (``rulings.imported_scripts``), prints the coverage of what it imported, keeps the
scripts in the cards directory; ``adjudicator cards coverage spoils`` counts them; ``GET /cards/spoils/{name}``
says where a script came from; a game plays a converted script like any other."""
from __future__ import annotations

import copy
import json
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator.effects import text_sha
from api import create_app
from api.cli import main
from rulings.scripts import CONVERTED, PACKAGED
from tests.scenarios.spoils_table import DATA, needs_data, new_game, play_card, position

pytestmark = needs_data

RENAMED = {"Anesthetizing Opulence": "Quiet Dispatch", "Acidic Phlegm": "Caustic Drizzle",
           "Arcanology Recruitment Officer": "Veiled Recruiter", "Auction House": "Bidding Hall"}
"""Real cards of the shared data under names the packaged scripts do not know."""
KEPT = "Sleeping Guard"
"""A real card under its own name: the packaged script stays its script."""
ERRATA = {"Barbaric Rifleman": "When this card enters play, inflict 2 damage to your opponent's faction."}
"""A real card whose printed text changed (a new printing): its packaged script, written from the old
text, is stale (another ``text_sha``), so the import converts the new text."""
COMBINED = {  # name: (type, threshold, cost, text): known phrases in combinations no printed card has
    "Sapping Whisper": ("Tactic", "R", "2", "COST: Pick a character.\n\nEFFECT: This turn, the character loses 2 "
                                             "strength. Your opponent draws a card."),
    "Ember Herald": ("Character", "EE", "3", "When this card enters play, your faction loses 1 influence.\n\n"
                                              "This card gains 1 strength for each [E] you control."),
    "Sweeping Cinders": ("Tactic", "RR", "3", "Inflict 2 damage to all characters. Draw a card."),
    "Grizzled Warden": ("Character", "RR", "2", "When Grizzled Warden enters play, inflict 1 damage to your "
                                                 "opponent's faction."),  # calls itself by its name
}


def _real_cards() -> dict[str, ET.Element]:
    wanted = set(RENAMED) | {KEPT} | set(ERRATA)
    found: dict[str, ET.Element] = {}
    for path in sorted((DATA / "sets").glob("*.xml")):
        for card in ET.parse(path).getroot().iter("card"):
            if card.get("name") in wanted and card.get("name") not in found:
                found[card.get("name")] = card
    assert set(found) == wanted, wanted - set(found)
    return found


def _combined(name: str, kind: str, threshold: str, cost: str, text: str) -> ET.Element:
    card = ET.Element("card", id=str(uuid.uuid4()), name=name)
    props = {"Card Number": "", "Rarity": "Common", "Trade": "Warlord", "Type": kind, "Subtype": "",
             "Threshold": threshold, "Cost": cost, "Strength": "2" if kind == "Character" else "",
             "Life": "3" if kind == "Character" else "", "Speed": "2" if kind == "Character" else "",
             "Card Text": text.replace("\n", "\r\n"), "Flavor": ""}
    for key, value in props.items():
        ET.SubElement(card, "property", name=key, value=value)
    return card


def unseen_set(path: Path) -> dict[str, str]:
    """Writes the set as an OCTGN set.xml at ``path``; returns each card's name and text."""
    root = ET.Element("set", name="Unseen Test Set", id=str(uuid.uuid4()),
                      gameId="844d5fe3-bdb5-4ad2-ba83-88c2c2db6d88", gameVersion="1.3.0", version="1.0")
    cards = ET.SubElement(root, "cards")
    texts: dict[str, str] = {}
    for real, card in _real_cards().items():
        card = copy.deepcopy(card)
        card.set("name", RENAMED.get(real, real))
        card.set("id", str(uuid.uuid4()))
        for prop in card.iter("property"):
            if prop.get("name") == "Card Text" and real in ERRATA:
                prop.set("value", ERRATA[real])
        cards.append(card)
        texts[card.get("name")] = next(p.get("value") for p in card.iter("property") if p.get("name") == "Card Text")
    for name, (kind, threshold, cost, text) in COMBINED.items():
        cards.append(_combined(name, kind, threshold, cost, text))
        texts[name] = text.replace("\n", "\r\n")
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return texts


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> tuple[Path, dict[str, str], str]:
    source = tmp_path_factory.mktemp("unseen") / "Unseen_Test_Set.xml"
    texts = unseen_set(source)
    directory = tmp_path_factory.mktemp("cards")
    result = CliRunner().invoke(main, ["cards", "import", str(source), "--cards-dir", str(directory)])
    assert result.exit_code == 0, result.output
    return directory, texts, result.output


def test_the_import_converts_each_card_the_packaged_scripts_lack_and_prints_their_coverage(imported):
    directory, texts, output = imported
    fresh = set(RENAMED.values()) | set(COMBINED) | set(ERRATA)
    assert f"spoils: {len(texts)} imported cards, {len(fresh)} with a script converted at import" in output
    kept = yaml.safe_load((directory / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))
    assert kept["game"] == "spoils" and set(kept["cards"]) == fresh  # the packaged card is not converted again
    for name in fresh:
        doc = kept["cards"][name]
        assert doc["text_sha"] == text_sha(texts[name])
    for name in set(COMBINED) | set(ERRATA) | {"Quiet Dispatch", "Caustic Drizzle", "Veiled Recruiter"}:
        assert kept["cards"][name]["abilities"] and not kept["cards"][name].get("not_covered"), name
    assert kept["cards"]["Grizzled Warden"]["self_name"] == "Grizzled Warden"
    assert kept["cards"]["Bidding Hall"]["not_covered"]  # what the converter cannot read is said, not dropped


def test_coverage_counts_the_imported_cards_with_where_their_scripts_came_from(imported):
    directory, texts, output = imported
    result = CliRunner(env={"ADJUDICATOR_CARDS_DIR": str(directory)}).invoke(
        main, ["cards", "coverage", "spoils", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["total"] == len(texts) and sum(report["counts"].values()) == len(texts)
    assert "coverage: " + ", ".join(f"{report['counts'][k]} {k}" for k in ("full", "partial", "none")) in output
    listed = report["cards"]  # the cards that are not full, with their source
    for name in set(COMBINED) | {"Quiet Dispatch", "Caustic Drizzle", "Veiled Recruiter"}:
        level = listed.get(name, {"level": "full"})["level"]
        assert level in ("full", "partial"), (name, listed.get(name))
        assert name not in listed or listed[name]["source"] == CONVERTED
    assert listed["Bidding Hall"]["level"] == "none" and listed["Bidding Hall"]["source"] == CONVERTED


@pytest.fixture(scope="module")
def cards_client(imported):
    directory, _, _ = imported
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "CARDS_DIR": str(directory)})
    yield app.test_client()
    app.extensions["games"].close()


def test_the_card_answer_says_where_its_script_came_from(cards_client):
    converted = cards_client.get("/cards/spoils/Quiet Dispatch").get_json()
    assert converted["script_source"] == CONVERTED and converted["script"]["abilities"]
    assert converted["automation"]["source"] == CONVERTED
    packaged = cards_client.get(f"/cards/spoils/{KEPT}").get_json()
    assert packaged["script_source"] == PACKAGED and packaged["script"]["abilities"]
    [changed] = ERRATA
    errata = cards_client.get(f"/cards/spoils/{changed}").get_json()
    assert errata["script_source"] == CONVERTED and errata["script"]["text_sha"] == text_sha(ERRATA[changed])


def test_a_game_plays_the_script_converted_from_the_new_text(cards_client):
    """Barbaric Rifleman, its text changed here to "When this card enters play, inflict 2 damage to your
    opponent's faction.": the converted script, not the stale packaged one (1 damage), is played
    (spoils.503.1 trigger, spoils.408.3 damage to a faction is influence lost)."""
    t = new_game(cards_client, position(hands={"alice": ["Barbaric Rifleman"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", play_card("Barbaric Rifleman"))
    assert t.influence("bob") == 23


def test_a_game_plays_a_converted_script(cards_client):
    """Quiet Dispatch (Anesthetizing Opulence's text under a new name): "COST: Pick a character.
    EFFECT: Destroy the character. Your opponent draws a card." spoils.310.1 (pick), spoils.403.5a
    (destroyed: to its owner's discard pile), spoils.605.2 (a draw)."""
    t = new_game(cards_client, position(cards={"g1": {"card": KEPT, "controller": "bob"}},
                                        hands={"alice": ["Quiet Dispatch"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", play_card("Quiet Dispatch", "g1"))
    state = t.state()
    assert "g1" not in state["cards"] and KEPT in state["players"]["bob"]["discard"]
    assert state["players"]["bob"]["hand"] == 1


def test_a_game_plays_a_new_combination_of_known_phrases(cards_client):
    """Sweeping Cinders (made for this test): "Inflict 2 damage to all characters. Draw a card." Each
    character takes 2 damage (spoils.408.1): Sleeping Guard (2 life with its bonus) is destroyed
    (spoils.408.8), Ember Herald (3 life) keeps 2 damage; the caster draws (spoils.605.2)."""
    t = new_game(cards_client, position(cards={"g1": {"card": KEPT, "controller": "bob"},
                                               "h1": {"card": "Ember Herald", "controller": "alice"}},
                                        hands={"alice": ["Sweeping Cinders"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", play_card("Sweeping Cinders"))
    state = t.state()
    assert state["players"]["alice"]["hand"] == 1
    assert "g1" not in state["cards"] and KEPT in state["players"]["bob"]["discard"]
    assert state["cards"]["h1"]["damage"] == 2


def test_a_card_calling_itself_by_its_name_is_played_as_itself(cards_client):
    """Grizzled Warden (made for this test) says "When Grizzled Warden enters play, inflict 1 damage to
    your opponent's faction.": its name is the card itself, so the trigger is its own entering play
    (spoils.503.1) and the damage to a faction is influence lost (spoils.408.3); the card's answer says
    the text back with the name."""
    answer = cards_client.get("/cards/spoils/Grizzled Warden").get_json()
    assert answer["script_source"] == CONVERTED and answer["script"]["self_name"] == "Grizzled Warden"
    assert all("scenario" in gap for gap in answer["automation"]["not_covered"])  # every sentence read and enforced
    t = new_game(cards_client, position(hands={"alice": ["Grizzled Warden"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", play_card("Grizzled Warden"))
    assert t.influence("bob") == 24
