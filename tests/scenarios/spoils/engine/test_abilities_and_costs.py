"""The Spoils engine at an in-memory table, faction abilities and costs: a faction ability used in
response on the opponent's turn, thresholds counted and never spent, unpayable costs undone whole,
cost increases before reductions, free plays, a ruling forbidding what a rule permits, abilities
paying and depleting.  Its scenarios join the invariants run (``MECHANISMS``)."""
from __future__ import annotations

from typing import Callable

from adjudicator.spoils.table import Table
from events.models import spoils as E
from events.models.common import RulingRecorded
from tests.scenarios.spoils.engine.tables import character, events_of, in_play, prepare_game, rules_of


# --- faction abilities and responses ----------------------------------------------------------

def scenario_faction_ability_on_the_opponents_turn() -> Table:
    t = prepare_game(hand_cards=(["Gnarled Recruit"], []), hands=(1, 2))
    t.act({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    t.act({"type": "respond", "player": "p2", "faction_ability": "DRAW", "cards": ["Sting"]})
    t.act({"type": "pass", "player": "p1"})
    return t


def test_faction_draw_ability_is_used_in_response_on_the_opponents_turn():
    t = scenario_faction_ability_on_the_opponents_turn()
    used = events_of(t, E.FactionAbilityUsed)[0]
    assert used.player == "p2" and used.cost == 3
    assert sum(r.attached for r in t.state.players["p2"].resources.values()) == 3
    assert t.state.players["p2"].hand == 3 and "Sting" in t.state.players["p2"].hand_cards
    assert t.state.to_act == "p2" and t.state.pending[-1].name == "Gnarled Recruit"


def test_faction_ability_on_the_opponents_turn_needs_something_to_respond_to():
    t = prepare_game()
    d = t.check({"type": "faction_ability", "player": "p2", "ability": "DRAW"})
    assert rules_of(d) == ["spoils.faq.faction-ability-timing"]


def test_faction_resource_ability_pays_four_and_plays_a_resource():
    t = prepare_game(hands=(2, 0))
    t.act({"type": "faction_ability", "player": "p1", "ability": "RESOURCE",
           "resource": {"card": "Rage", "face_up": True}})
    t.act({"type": "pass", "player": "p2"})
    res = t.state.players["p1"].resources
    assert len(res) == 5 and sum(r.attached for r in res.values()) == 4
    assert t.state.players["p1"].hand == 1


# --- 604-606, 405, 406 ------------------------------------------------------------------------

def test_threshold_counts_icons_in_play_attached_or_not_and_never_spends_them():
    pool = {"Brute": character("Brute", 3, 3, 3, cost=2, threshold="RR"),
            "Imp": character("Imp", 1, 1, 3, cost=0, threshold="RRRR")}
    t = prepare_game(hands=(2, 0), pool=pool)
    t.act({"type": "play_card", "player": "p1", "card": "Brute"})
    t.act({"type": "pass", "player": "p2"})
    d = t.act({"type": "play_card", "player": "p1", "card": "Imp"})  # two resources attached, four icons still
    assert "spoils.405.2" in [b.rule for b in d.because if b.outcome == "allowed"]


def test_missing_threshold_is_refused_with_405_2():
    t = prepare_game(pool={"Mystic": character("Mystic", 1, 1, 3, cost=1, threshold="OO")})
    d = t.check({"type": "play_card", "player": "p1", "card": "Mystic"})
    assert rules_of(d) == ["spoils.405.2"]
    assert "lacks OO" in d.violations[0].message


def test_unpayable_cost_is_refused_and_the_play_undone_whole():
    t = prepare_game(resources=(1, 4), pool={"Giant": character("Giant", 5, 5, 1, cost=6)})
    d = t.check({"type": "play_card", "player": "p1", "card": "Giant"})
    assert rules_of(d) == ["spoils.309.1"]
    assert "spoils.604.1e" in [b.rule for b in d.because]


def test_cost_increases_apply_before_reductions_and_never_below_zero():
    pool = {"Trinket": {"name": "Trinket", "type": "item", "cost": 2}}
    t = prepare_game({
        "guild": in_play("p1", {"name": "Thrifty Guild", "type": "location", "structure": 5,
                                "effects": [{"modify": {"parameter": "cost", "by": -3},
                                             "applies_to": {"controller": "you", "type": "item"}}]}),
        "tax": in_play("p2", {"name": "Tax Office", "type": "location", "structure": 5,
                              "effects": [{"modify": {"parameter": "cost", "by": 1},
                                           "applies_to": {"controller": "opponent"}}]}),
    }, pool=pool)
    d = t.act({"type": "play_card", "player": "p1", "card": "Trinket"})
    assert events_of(t, E.CardPlayed)[0].cost == 0  # 2 + 1 - 3, not (2 - 3 -> 0) + 1
    steps = next(b for b in d.because if b.rule == "spoils.410.3")
    assert "+1 (Tax Office)" in steps.detail and "-3 (Thrifty Guild)" in steps.detail


def test_card_played_for_free_costs_nothing_but_needs_its_threshold():
    # A card the game's pool lacks, described inline: ``free`` on a pool card is an override of its
    # printed cost (spoils.engine.printed-card; tests/scenarios/spoils/test_printed_cards.py).
    t = prepare_game(resources=(0, 0))
    d = t.act({"type": "play_card", "player": "p1", "card": character("Gift", 1, 1, 1, cost=4, threshold=""), "free": True})
    assert events_of(t, E.CardPlayed)[0].cost == 0 and "spoils.308.1" in [b.rule for b in d.because]


def test_character_cannot_be_played_on_the_opponents_turn():
    t = prepare_game(active="p2")
    d = t.check({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    assert rules_of(d) == ["spoils.204.1"]


def test_a_ruling_forbids_what_a_rule_permits():
    t = prepare_game()
    t.ruling(RulingRecorded(judge="j", ruling_id="R-2", rule="spoils.204.1", card="Gnarled Recruit",
                            effect={"forbid": "spoils.204.1"}, reason="banned for this event"))
    d = t.check({"type": "play_card", "player": "p1", "card": "Gnarled Recruit"})
    assert rules_of(d) == ["spoils.204.1"] and "forbidden by Gnarled Recruit" in d.violations[0].message
    entry = next(b for b in d.because if b.rule == "spoils.204.1")
    assert entry.outcome == "overridden" and entry.overridden_by.ruling_id == "R-2"


def test_abilities_pay_costs_and_deplete():
    totem = {"name": "Blood Totem", "type": "item", "abilities": [
        {"name": "BLEED", "cost": 1, "deplete": True, "effect": {"damage": 1, "to": "opponent_faction"}}]}
    t = prepare_game({"totem": in_play("p1", totem)})
    t.act({"type": "use_ability", "player": "p1", "card": "totem", "ability": "bleed"})
    assert t.state.cards["totem"].depleted
    t.act({"type": "pass", "player": "p2"})
    assert t.state.players["p2"].faction.influence == 24
    assert rules_of(t.check({"type": "use_ability", "player": "p1", "card": "totem", "ability": "BLEED"})) == ["spoils.303.2"]



MECHANISMS: dict[str, Callable[[], Table]] = {
    "faction ability on the opponent's turn": scenario_faction_ability_on_the_opponents_turn,
}
