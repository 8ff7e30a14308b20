"""Issue 24, "fail closed": a trigger whose effect changes the happening as it happens -- the amount ("reduce the
amount by 1", ``AdjustAmount``, 408.2, 410.3) or the event itself ("destroy this card instead", ``Instead``,
506.1) -- is covered only where the engine applies it so.

``rules.amounts`` changes an amount for a card's own trigger by the names it reads (``amounts.WHEN``); a
composition would fire after the amount happened, so ``trigger_read.fires`` never fires it, and an "instead"
of a trigger fired as a composition replaces nothing (a replacement is read by name only).  Such a trigger
is not covered (``enforcement.as_it_happens``): the sentence is left to the judge when the card acts, never
counted as enforced.  The names the engine applies stay covered."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.effects import CardScript
from adjudicator.spoils import enforcement
from rulings.convert_spoils import script_for
from tests.api.made_sets import imported_set, served
from tests.scenarios.spoils_table import needs_data, new_game, play_card, position

REDUCES = "If damage is inflicted to a Gearsmith character you control, reduce the amount by 1."
REPLACES = "If a Gearsmith character you control is destroyed, destroy this card instead."
MADE = {  # name: (type, trade, threshold, cost, strength/life/speed, text)
    "Gear Warden": ("Character", "Gearsmith", "O", "2", (0, 3, 1), REDUCES),
    "Spare Warden": ("Character", "Gearsmith", "O", "2", (0, 3, 1), REPLACES),
    "Shield Wall": ("Character", "Warlord", "R", "2", (0, 3, 1),
                    "If battle damage is inflicted to a character you control, reduce the amount by 1."),
    "Cog Adept": ("Character", "Gearsmith", "O", "1", (1, 3, 1), "COVERT"),
    "Dented Guard": ("Character", "Warlord", "R", "2", (0, 5, 1), "If this card is damaged, reduce the amount by 1."),
    "Singe": ("Tactic", "Warlord", "R", "0", None,
              "COST: Pick a character.\n\nEFFECT: Inflict 2 damage to the character."),
}
"""Made-up cards: two compositions that change what happens as it happens, one old name the engine applies."""


def _script(text: str) -> CardScript:
    return CardScript.model_validate(script_for("character", text, "Made Up"))


@pytest.mark.parametrize("text,left", [
    (REDUCES, "reduce the amount by 1"),
    (REPLACES, "destroy this card instead"),
    ("If a Gearsmith character you control inflicts battle damage to a character, increase the amount by 1.",
     "increase the amount by 1"),
    ("If this card is damaged, reduce the amount by 1.", "reduce the amount by 1"),  # a name amounts does not read
])
def test_a_change_as_it_happens_the_engine_does_not_apply_is_left_to_the_judge(text, left):
    [sentence] = enforcement.unenforced(_script(text))
    assert sentence.lower().startswith(text.rstrip(".").lower()) and left in sentence.split("not read:")[1]


@pytest.mark.parametrize("text", [
    "If battle damage is inflicted to a character you control, reduce the amount by 1.",
    "If any amount of damage greater than 4 is inflicted to this card, reduce it to 0.",
    "If your faction loses influence, reduce the amount by 1.",
    "If you draw any number of cards, increase the amount by 1.",
    "If a Gearsmith character you control is destroyed, draw a card.",
])
def test_the_names_the_engine_applies_as_it_happens_and_plain_compositions_stay_covered(text):
    assert enforcement.unenforced(_script(text)) == []


def test_a_name_amounts_reads_applies_only_as_a_cards_own_trigger_not_one_a_threshold_gives():
    """``rules.amounts`` reads the triggers among a script's abilities: the same trigger given by a threshold
    ability is not applied, so it is not covered there."""
    [trigger] = _script("If your faction loses influence, reduce the amount by 1.").abilities
    assert enforcement.as_it_happens(trigger) == []
    assert enforcement.as_it_happens(trigger, top=False) == ["reduce the amount by 1 as the amount happens"]


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    return imported_set(tmp_path_factory, "Changing Happenings Test Set", MADE)


@pytest.fixture(scope="module")
def client(imported):
    yield from served(imported)


@needs_data
def test_imported_compositions_changing_the_happening_are_not_covered_the_old_name_is(imported, client):
    kept = yaml.safe_load((imported / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))["cards"]
    for name in ("Gear Warden", "Spare Warden"):
        [ability] = kept[name]["abilities"]
        assert isinstance(ability["when"], dict), (name, ability)  # composed, read whole by the converter
        automation = client.get(f"/cards/spoils/{name}").get_json()["automation"]
        assert automation["level"] == "partial" and any(MADE[name][5].rstrip(".").lower() in gap.lower()
                                                      for gap in automation["not_covered"]), (name, automation)
    automation = client.get("/cards/spoils/Shield Wall").get_json()["automation"]  # only "no scenario plays it"
    assert automation["not_covered"] and all("scenario" in gap for gap in automation["not_covered"]), automation


@needs_data
def test_gear_warden_played_leaves_its_sentence_to_the_judge_and_the_damage_is_not_reduced(client):
    """Gear Warden in play: Singe inflicts its full 2 damage to Cog Adept (spoils.408.2, nothing reduces it);
    played, Gear Warden lists "reduce the amount by 1" for the judge (spoils.engine.script-judge)."""
    cards = {"c1": {"card": "Cog Adept", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Gear Warden", "Singe"]}, icons={"alice": "OOR"}))
    t.resolve("alice", "bob", play_card("Gear Warden"))
    waiting = t.client.get(f"/games/{t.gid}/state").get_json()["for_the_judge"]
    assert [i["name"] for i in waiting] == ["Gear Warden"] and REDUCES.rstrip(".").lower() in waiting[0]["sentence"].lower()
    t.resolve("alice", "bob", play_card("Singe", "c1"))
    assert t.card("c1")["damage"] == 2 and t.audit_valid()


@needs_data
def test_a_name_amounts_does_not_read_changes_no_amount_then_or_later(client):
    """Dented Guard: "If this card is damaged, reduce the amount by 1." -- by the name "damaged", which
    ``rules.amounts`` does not read, so the sentence is left to the judge.  It is not a trigger either: it
    never resolves after the damage (a lasting -1 would shrink the next damage instead, 408.2, 410.3), as a
    composition changing an amount never fires.  Two Singes inflict 2 and 2 (spoils.408.2): 4 damage."""
    cards = {"d1": {"card": "Dented Guard", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Singe", "Singe"]}, icons={"alice": "R"}))
    assert t.client.get("/cards/spoils/Dented Guard").get_json()["automation"]["level"] == "partial"
    for _ in range(2):
        t.resolve("alice", "bob", play_card("Singe", "d1"))
        assert "TriggersPending" not in [e["type"] for e in t.events()]
    assert t.card("d1")["damage"] == 4 and t.state()["effects"] == [] and t.audit_valid()
