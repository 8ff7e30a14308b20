"""A Buffy fight stage by stage (000, VII-VIII): who acts first in each stage, the talent stacks,
the resolution, destiny and fatigue that follow, and a character that leaves the fight."""
from __future__ import annotations

from tests.scenarios.buffy.table import Table, character, cited, events, fight_at

ANGEL = character("p1", "Angel", "x", talents={"butt_kicking": 3, "smarts": 1, "weirdness": 1, "charm": 1})
XANDER = character("p2", "Xander", "x", talents={"butt_kicking": 2, "smarts": 1, "weirdness": 1, "charm": 1})
ACTION = {"name": "Slayer's Kick", "kind": "action", "icons": {"butt_kicking": 2}}


def test_the_attacker_acts_first_in_the_choose_stage(memory_client):
    """buffy.fight.choose: the fight opens in its choose stage, the attacking player first; the
    defending player may not act before the attacker has."""
    t = Table(memory_client, {"step": "conflict", "characters": {
        "a": {**ANGEL, "location": "p1.2"}, "d": {**XANDER, "location": "p1.2"}}})
    started = t.act({"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    assert (started["state"]["phase"]["stage"], started["state"]["to_act"]) == ("choose", "p1")
    assert "buffy.fight.choose" in cited(started)
    t.refuse({"type": "pass", "player": "p2"}, "buffy.one-card-at-a-time")


def test_the_battle_stage_takes_talent_stacks_attacker_first(memory_client):
    """buffy.fight.battle: once both players drew, the battle stage begins with the attacker to act,
    and cards go into the talent stacks there."""
    t = Table(memory_client, fight_at("draw", ANGEL, XANDER))
    t.act({"type": "draw", "player": "p1", "count": 5})
    opened = t.act({"type": "draw", "player": "p2", "count": 5})
    assert (opened["state"]["phase"]["stage"], opened["state"]["to_act"]) == ("battle", "p1")
    assert "buffy.fight.battle" in cited(opened)
    t.act({"type": "boost", "player": "p1", "talent": "butt_kicking", "card": ACTION})


def test_a_talent_stack_is_built_only_in_the_battle_stage(memory_client):
    """buffy.talent-stack: cards go into talent stacks during the battle stage of a fight or
    challenge; in the choose stage a boost is refused citing the rule."""
    t = Table(memory_client, fight_at("choose", ANGEL, XANDER))
    t.refuse({"type": "boost", "player": "p1", "talent": "butt_kicking", "card": ACTION}, "buffy.talent-stack")


def test_the_fight_resolves_when_both_pass_in_the_resolve_stage(memory_client):
    """buffy.fight.resolve: the resolve stage ends with both players passing, and only then is the
    fight resolved; a single pass resolves nothing."""
    t = Table(memory_client, fight_at("resolve", ANGEL, XANDER))
    one = t.act({"type": "pass", "player": "p1"})
    assert not events(one, "FightResolved")
    two = t.act({"type": "pass", "player": "p2"})
    assert events(two, "FightResolved") and "buffy.fight.resolve" in cited(two)


def test_the_higher_resolving_talent_wins_and_the_loser_is_discarded(memory_client):
    """buffy.fight.resolution: Angel's 3 butt-kicking beats Xander's 2; Xander is discarded."""
    t = Table(memory_client, fight_at("resolve", ANGEL, XANDER))
    answer = t.passes("p1", "p2")
    fight = events(answer, "FightResolved")[0]
    assert (fight["winner"], fight["losers"], fight["totals"]) == ("a", ["d"], {"a": 3, "d": 2})
    assert answer["state"]["characters"]["d"]["location"] == "discard"
    assert "buffy.fight.resolution" in cited(answer)


def test_the_winner_gains_one_destiny(memory_client):
    """buffy.fight.winner-destiny: the player whose character wins gains one destiny."""
    t = Table(memory_client, fight_at("resolve", ANGEL, XANDER))
    answer = t.passes("p1", "p2")
    gain = events(answer, "DestinyChanged")
    assert gain == [{"player": "p1", "delta": 1, "destiny": 1, "rule": "buffy.fight.winner-destiny",
                     "reason": "Angel won the fight"}]


def test_a_beaten_main_character_costs_its_owner_one_destiny(memory_client):
    """buffy.fight.main-beaten: when p2's main character loses, p2 loses one destiny; losing a
    supporting character costs nothing."""
    t = Table(memory_client, fight_at("resolve", ANGEL, {**XANDER, "main": True}, players={"p2": {"destiny": 3}}))
    answer = t.passes("p1", "p2")
    assert answer["state"]["players"]["p2"]["destiny"] == 2
    assert "buffy.fight.main-beaten" in cited(answer)


def test_a_surviving_attacker_is_fatigued_and_a_surviving_defender_is_not(memory_client):
    """buffy.fatigue.attacker-wins and buffy.fatigue.defender-stays: Angel, who attacked and won, is
    fatigued; in a fight the defender wins, the defender stays refreshed."""
    won = Table(memory_client, fight_at("resolve", ANGEL, XANDER)).passes("p1", "p2")
    assert won["state"]["characters"]["a"]["fatigued"] is True and "buffy.fatigue.attacker-wins" in cited(won)
    strong = {**XANDER, "talents": {"butt_kicking": 5, "smarts": 0, "weirdness": 0, "charm": 0}}
    held = Table(memory_client, fight_at("resolve", ANGEL, strong)).passes("p1", "p2")
    assert held["state"]["characters"]["d"]["fatigued"] is False
    assert "buffy.fatigue.defender-stays" in cited(held)


def test_a_fatigued_character_may_defend_and_fights_at_minus_one(memory_client):
    """buffy.fight.defender-may-be-fatigued with buffy.fatigue.penalty: a fatigued Xander can be
    attacked and defends with 2 - 1 = 1 butt-kicking."""
    t = Table(memory_client, {"step": "conflict", "characters": {
        "a": {**ANGEL, "location": "p1.2"}, "d": {**XANDER, "location": "p1.2", "fatigued": True}}})
    started = t.act({"type": "start_fight", "player": "p1", "attacker": "a", "defender": "d"})
    assert "buffy.fight.defender-may-be-fatigued" in cited(started)
    assert started["state"]["phase"]["standing"]["totals"] == {"a": 3, "d": 1}
    assert started["state"]["characters"]["d"]["effective_talents"]["butt_kicking"] == 1
    u = Table(memory_client, fight_at("resolve", ANGEL, {**XANDER, "fatigued": True}))
    resolved = u.passes("p1", "p2")
    assert events(resolved, "FightResolved")[0]["totals"] == {"a": 3, "d": 1}
    assert any(b["rule"]["id"] == "buffy.fatigue.penalty" and "Xander" in b["detail"] for b in resolved["because"])


def test_the_fatigue_penalty_lowers_every_talent_even_below_zero(memory_client):
    """buffy.fatigue.penalty: a fatigued character has one less in every talent, and a talent of 0
    goes to -1."""
    t = Table(memory_client, {"characters": {"w": character("p1", "Willow", "p1.1", fatigued=True, talents={
        "butt_kicking": 0, "smarts": 4, "weirdness": 2, "charm": 1})}})
    assert t.state()["characters"]["w"]["effective_talents"] == {"butt_kicking": -1, "smarts": 3, "weirdness": 1,
                                                                  "charm": 0}


def test_an_item_in_a_stack_adds_one_to_the_talent_chosen(memory_client):
    """buffy.talent-stack.plus-one: an item (or skill, or episode) in a talent stack adds 1 to
    whichever talent its player picks."""
    t = Table(memory_client, fight_at("battle", ANGEL, XANDER))
    answer = t.act({"type": "boost", "player": "p1", "talent": "butt_kicking", "card": {"name": "Axe", "kind": "item"}})
    assert events(answer, "TalentBoosted")[0]["card"]["value"] == 1
    assert "buffy.talent-stack.plus-one" in cited(answer)
    assert answer["state"]["phase"]["standing"]["totals"] == {"a": 4, "d": 2}


def test_a_stack_does_not_count_for_a_talent_requirement(memory_client):
    """buffy.talent-stack.counts-at-resolution: the stack counts only when the phase resolves; an
    effect needing 5 butt-kicking is refused though Angel's 3 plus his stack of 2 make 5."""
    t = Table(memory_client, fight_at("battle", ANGEL, XANDER, players={"p1": {"hand": 5}}))
    boosted = t.act({"type": "boost", "player": "p1", "talent": "butt_kicking", "card": ACTION})
    assert "buffy.talent-stack.counts-at-resolution" in cited(boosted)
    t.act({"type": "pass", "player": "p2"})
    t.refuse({"type": "play_effect", "player": "p1", "card": "Mighty Blow",
              "effect": {"requirement": {"butt_kicking": 5}}}, "buffy.talent-requirement")


def test_a_character_taken_out_of_the_fight_loses_at_once_and_is_not_discarded(memory_client):
    """buffy.fight.leave: a card takes Xander out of the fight; the fight resolves at once, Angel
    wins, and Xander stays in play."""
    t = Table(memory_client, fight_at("battle", ANGEL, XANDER))
    t.act({"type": "pass", "player": "p1"})
    answer = t.act({"type": "play_effect", "player": "p2", "card": "Run Away", "effect": {"leave_fight": "d"}})
    fight = events(answer, "FightResolved")[0]
    assert fight["winner"] == "a" and answer["state"]["phase"]["stage"] == "discard"
    assert answer["state"]["characters"]["d"]["location"] == "p1.2"
    assert "buffy.fight.leave" in cited(answer)


def test_after_the_fight_the_conflict_step_resumes(memory_client):
    """buffy.fight.suspends-step: the conflict step waits while the fight runs; when its discard
    stage ends, the conflict step goes on with the next player."""
    t = Table(memory_client, fight_at("discard", ANGEL, XANDER))
    over = t.passes("p1", "p2")
    assert over["state"]["phase"] is None and over["state"]["step"] == "conflict" and over["state"]["to_act"] == "p2"
    assert "buffy.fight.suspends-step" in cited(over)
