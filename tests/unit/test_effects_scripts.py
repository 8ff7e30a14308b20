"""Card scripts as data: the loader refuses a bad file naming the file, the card and the field;
every packaged script renders back to its card's printed text (the round trip)."""
from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.buffy import cards as buffy_cards
from adjudicator.effects import text_sha
from rulings.importers import import_octgn_sets, seed_catalog
from rulings.cards import CardCatalog
from rulings.scripts import SCRIPTS_DIR, ScriptError, automation, load_script_file, scripts
from tests.conftest import SHARED

SETS = SHARED / "data" / "spoils-octgn" / "sets"

GOOD = """game: spoils
source: test
cards:
  Zapper:
    text_sha: {sha}
    abilities:
      - ability: ZAP
        cost: [{{deplete: self}}]
        effect: [{{damage: 1, to: opponent_faction}}]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "spoils.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path):
    loaded = load_script_file(write(tmp_path, GOOD.format(sha=text_sha("x"))))
    script = loaded.get("zapper")
    assert script is not None and script.words() == \
        "ZAP COST: Deplete this card. EFFECT: Inflict 1 damage to your opponent's faction."


@pytest.mark.parametrize("change, field", [
    (("damage: 1, to", "damage: 1, tox"), "abilities.0.effect.0.tox"),           # a misspelt field
    (("{damage: 1", "{damge: 1"), "abilities.0.effect.0"),                       # a misspelt operation
    (("cost: [{deplete: self}]", "cots: [{deplete: self}]"), "abilities.0.cots"),
    (("text_sha:", "text_sh:"), "text_sh"),
    (("- ability: ZAP", "- abilty: ZAP"), "abilities.0"),
])
def test_a_bad_file_is_refused_naming_file_card_and_field(tmp_path, change, field):
    text = GOOD.format(sha=text_sha("x")).replace(*change)
    with pytest.raises(ScriptError) as info:
        load_script_file(write(tmp_path, text))
    err = info.value
    assert (Path(err.path).name, err.card, err.field) == ("spoils.yaml", "Zapper", field), str(err)
    assert "spoils.yaml" in str(err) and "Zapper" in str(err) and field in str(err)


def test_a_misspelt_operation_suggests_the_right_one(tmp_path):
    with pytest.raises(ScriptError) as info:
        load_script_file(write(tmp_path, GOOD.format(sha=text_sha("x")).replace("{damage: 1", "{destory: 1")))
    assert "did you mean 'destroy'" in str(info.value)


def test_a_file_for_no_game_is_refused(tmp_path):
    with pytest.raises(ScriptError) as info:
        load_script_file(write(tmp_path, GOOD.format(sha=text_sha("x")).replace("game: spoils", "game: chess")))
    assert info.value.field == "game"


def test_a_stale_script_falls_back_to_text(tmp_path):
    script = load_script_file(write(tmp_path, GOOD.format(sha=text_sha("old text")))).get("Zapper")
    auto = automation("spoils", "Zapper", "ZAP COST: Deplete this card. EFFECT: Inflict 1 damage to your "
                                          "opponent's faction.", script)
    assert (auto.level, auto.stale) == ("none", True)


def test_buffy_seed_effects_come_from_the_scripts():
    assert buffy_cards.seed_effects("Tome of Mediocrity") == [{"grant_traits": ["SPELLCRAFT"]}]
    assert buffy_cards.seed_effects("faith's motel") == [{"avoid_fatigue": True, "for": "Faith", "once_per_turn": True}]
    assert buffy_cards.action_effect("Join the Pep Squad", {}) == {"requirement": {"charm": 3}, "discard_minions": True}
    assert buffy_cards.action_effect("Slayer's Handiwork", {"requirement": {"butt_kicking": 5}}) == \
        {"requirement": {"butt_kicking": 5}}
    assert buffy_cards.with_seed({"name": "Giles"}) == {"name": "Giles"}


@pytest.fixture(scope="module")
def texts() -> dict[str, dict[str, str]]:
    """Every card's text in force, per game: the seed cards, and The Spoils from OCTGN."""
    seeded = seed_catalog()
    out: dict[str, dict[str, str]] = {}
    for game in ("buffy", "wowmini"):
        out[game] = {}
        for name in seeded.names(game):
            for card in seeded.cards(game, name):
                out[game].setdefault(card.name, card.text)   # the first level of a Buffy character
    spoils = CardCatalog()
    if SETS.is_dir():
        import_octgn_sets(sorted(SETS.glob("*.xml")), spoils)
        out["spoils"] = {n: spoils.effective("spoils", n).text for n in spoils.names("spoils")}
    return out


@pytest.mark.parametrize("game", sorted(p.stem for p in SCRIPTS_DIR.glob("*.yaml")))
def test_every_script_renders_back_to_its_cards_text(game, texts):
    if game not in texts:
        pytest.skip(f"no card data for {game}")
    packaged = scripts(game)
    levels = {"full": 0, "partial": 0, "none": 0}
    for name, script in packaged.scripts.items():
        assert name in texts[game], f"{game}: a script for {name!r}, a card the data does not have"
        auto = automation(game, name, texts[game][name], script)
        assert not auto.stale, f"{game}: {name}'s script was written from another text"
        levels[auto.level] += 1
        if auto.level == "partial":
            # A partial script says only what the card says, and lists what it leaves to the judge.
            assert auto.not_covered, f"{game}: {name}: partial, yet nothing is listed as not covered"
            assert script.not_covered, f"{game}: {name}: the script does not list what it leaves out"
        if auto.level == "none":
            # A script that covers nothing is only a list of the printed text left to the judge.
            assert not script.abilities and script.not_covered, f"{game}: {name}"
    print(f"\n{game}: {levels['full']} of {len(packaged.scripts)} scripts render back to their card's text "
          f"({levels['partial']} partial, {levels['none']} covering nothing)")
    assert sum(levels.values()) == len(packaged.scripts)
