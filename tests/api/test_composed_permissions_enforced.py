"""Issue 24, "a grammar, not a list": what cards can or must do, composed, applied by its meaning.

A set made here, of cards whose static abilities are new combinations of a subject noun phrase, "can"/"must"
and an act ("Other characters you control must attack if they can.", "Characters your opponent controls must
block this card if they can.", "Gearsmith characters you control can block Covert parties."): ``adjudicator
cards import`` converts each to a composition (``effects.permissions.Able``) with nothing left to the judge, and
a game through the API applies each to the cards its subject selects, and to no other (``rules.composed_able``):
spoils.505.1 (requirements), spoils.101.1 over spoils.608.1b (attack only once), spoils.507.3b (Covert)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.api.made_sets import imported_set, served
from tests.scenarios.spoils_table import (
    needs_data,
    new_game,
    play_card,
    position,
    rule_ids,
)

pytestmark = needs_data

MADE = {  # name: (type, trade, threshold, cost, strength/life/speed, text)
    "Parade Marshal": ("Character", "Warlord", "R", "2", (1, 2, 1),
                       "Other characters you control must attack if they can."),
    "Gate Warden": ("Character", "Banker", "G", "2", (1, 3, 1),
                    "Characters your opponent controls must block if they can."),
    "Lure Dancer": ("Character", "Rogue", "D", "2", (1, 2, 1),
                    "Characters your opponent controls must block this card if they can."),
    "Drill Tutor": ("Character", "Warlord", "R", "2", (1, 2, 1),
                    "Characters you control can attack only once each turn."),
    "Lantern Keeper": ("Character", "Gearsmith", "O", "2", (1, 2, 1),
                       "Gearsmith characters you control can block Covert parties."),
    "Night Watch": ("Character", "Banker", "G", "2", (1, 2, 1),
                    "Characters your opponent controls can block Covert parties."),
    "Plain Recruit": ("Character", "Warlord", "R", "1", (1, 1, 1), "UNIQUE Plain Recruit"),
    "Cog Recruit": ("Character", "Gearsmith", "O", "1", (1, 1, 1), "UNIQUE Cog Recruit"),
    "Shadow Recruit": ("Character", "Rogue", "D", "1", (1, 1, 1), "COVERT"),
    "Rallying Horn": ("Tactic", "Warlord", "R", "1", None,
                      "COST: Pick a character you control.\n\nEFFECT: This turn, the character must attack if it can."),
    "Taunting Call": ("Tactic", "Rogue", "D", "1", None,
                      ("COST: Pick a character your opponent controls.\n\nEFFECT: This turn, the character must "
                       "block if it can.")),
    "Lantern Oath": ("Tactic", "Gearsmith", "O", "1", None,
                     ("COST: Pick a character you control.\n\nEFFECT: This turn, the character can block Covert "
                      "parties.")),
}
"""Made-up cards: compositions of known parts no printed card has, and plain characters they bear on."""
COMPOSED = {"Parade Marshal", "Gate Warden", "Lure Dancer", "Drill Tutor", "Lantern Keeper", "Night Watch"}
RUN = {"Rallying Horn", "Taunting Call", "Lantern Oath"}
"""Tactics whose effect is a composed requirement for the character they picked (``battle_rules._able``)."""


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    return imported_set(tmp_path_factory, "Composed Permissions Test Set", MADE)


@pytest.fixture(scope="module")
def client(imported):
    yield from served(imported)


def _attack(*attackers: str) -> dict:
    return {"type": "attack", "player": "alice", "attackers": list(attackers)}


def _block(*blockers: str) -> dict:
    return {"type": "block", "player": "bob", "blockers": list(blockers)}


def test_each_new_combination_converts_to_a_composition_with_nothing_left_to_the_judge(imported, client):
    kept = yaml.safe_load((imported / "scripts" / "spoils.yaml").read_text(encoding="utf-8"))["cards"]
    for name in COMPOSED:
        [ability] = kept[name]["abilities"]
        [able] = ability["static"]
        assert able["able"] in ("can", "must") and not kept[name].get("not_covered"), (name, ability)
        answer = client.get(f"/cards/spoils/{name}").get_json()
        assert all("scenario" in gap for gap in answer["automation"]["not_covered"]), (name, answer["automation"])
    for name in RUN:
        [ability] = kept[name]["abilities"]
        assert ability["play"][0]["able"] in ("can", "must") and not kept[name].get("not_covered"), (name, ability)
        answer = client.get(f"/cards/spoils/{name}").get_json()
        assert all("scenario" in gap for gap in answer["automation"]["not_covered"]), (name, answer["automation"])


def test_other_characters_you_control_must_attack_if_they_can(client):
    """Parade Marshal: "Other characters you control must attack if they can." (spoils.505.1): alice cannot end
    her turn while her Plain Recruit has not attacked and could; the Marshal itself (not "other") and bob's
    recruit are not held to it.  After the Recruit attacks the turn ends.  Under bob's control, the Marshal
    asks nothing of alice's Recruit."""
    cards = {"m1": {"card": "Parade Marshal", "controller": "alice"},
             "p1": {"card": "Plain Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    refused = t.refuse({"type": "end_turn", "player": "alice"})
    assert [v["message"] for v in refused] == ["Parade Marshal: Plain Recruit must attack if it can, and it can"]
    assert rule_ids(refused) == ["spoils.505.1"]  # the Marshal itself and bob's Recruit are not named
    t.act(_attack("p1"))
    t.fight()
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob" and t.audit_valid()
    alone = new_game(client, position(cards={"m1": cards["m1"], "b1": cards["b1"]}))
    alone.end_turn("alice", "bob")  # the Marshal alone: nobody "other" must attack
    theirs = new_game(client, position(cards={**cards, "m1": {"card": "Parade Marshal", "controller": "bob"}}))
    theirs.end_turn("alice", "bob")  # bob's Marshal: bob's characters, not alice's
    assert alone.audit_valid() and theirs.audit_valid()


def test_characters_your_opponent_controls_must_block_if_they_can(client):
    """Gate Warden (alice's): "Characters your opponent controls must block if they can." (spoils.505.1): alice
    attacks, bob's not-blocking and blocking without his ready Recruit are refused; his depleted Recruit cannot
    block, so it is not required (spoils.608.1d).  Under bob's control the Warden asks nothing of bob."""
    cards = {"w1": {"card": "Gate Warden", "controller": "alice"},
             "p1": {"card": "Plain Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"},
             "b2": {"card": "Cog Recruit", "controller": "bob", "depleted": True}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("p1"))
    t.fight(stop="blocks")
    assert "spoils.505.1" in rule_ids(t.refuse(_block()))
    t.act(_block("b1"))
    assert t.audit_valid()
    u = new_game(client, position(cards={**cards, "w1": {"card": "Gate Warden", "controller": "bob"}}))
    u.act(_attack("p1"))
    u.fight(stop="blocks")
    u.act(_block())
    assert u.audit_valid()


def test_characters_your_opponent_controls_must_block_this_card_only_when_it_attacks(client):
    """Lure Dancer: "Characters your opponent controls must block this card if they can." (spoils.505.1): when
    alice's Recruit attacks without the Dancer bob may leave it unblocked; when the Dancer attacks, bob's
    not blocking is refused and his Recruit blocks."""
    cards = {"d1": {"card": "Lure Dancer", "controller": "alice"},
             "p1": {"card": "Plain Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("p1"))
    t.fight(stop="blocks")
    t.act(_block())
    t.fight()
    t.act(_attack("d1"))
    t.fight(stop="blocks")
    assert "spoils.505.1" in rule_ids(t.refuse(_block()))
    t.act(_block("b1"))
    assert t.audit_valid()


def test_characters_you_control_can_attack_only_once_each_turn(client):
    """Drill Tutor: "Characters you control can attack only once each turn." (spoils.101.1 over spoils.608.1b):
    alice's Recruit that already attacked this turn (restored since) cannot attack again; her other Recruit that
    has not attacked can.  Under bob's control the Tutor does not
    hold alice's Recruit back."""
    cards = {"t1": {"card": "Drill Tutor", "controller": "alice"},
             "p1": {"card": "Plain Recruit", "controller": "alice", "attacks": 1},
             "p2": {"card": "Cog Recruit", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in rule_ids(t.refuse(_attack("p1")))
    t.act(_attack("p2"))
    t.fight()
    assert t.influence("bob") == 24 and t.audit_valid()
    u = new_game(client, position(cards={**cards, "t1": {"card": "Drill Tutor", "controller": "bob"}}))
    u.act(_attack("p1"))
    u.fight()
    assert u.influence("bob") == 24 and u.audit_valid()


def test_the_legal_actions_leave_out_only_the_character_that_attacked_once(client):
    """Drill Tutor's "can attack only once each turn" (spoils.101.1 over spoils.608.1b) in the legal actions:
    the attack offered to alice is made by her characters that may still attack, the Tutor and the Recruit
    that has not attacked, and it is accepted; the Recruit that already attacked is left out, not the whole
    attack."""
    cards = {"t1": {"card": "Drill Tutor", "controller": "alice"},
             "p1": {"card": "Plain Recruit", "controller": "alice", "attacks": 1},
             "p2": {"card": "Cog Recruit", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    listed = client.get(f"/games/{t.gid}/legal-actions?player=alice").get_json()
    attacks = [la["action"] for la in listed["actions"] if la["action"]["type"] == "attack"]
    assert [sorted(a["attackers"]) for a in attacks] == [["p2", "t1"]]
    assert t.check(attacks[0])["legal"] is True


def test_gearsmith_characters_you_control_can_block_covert_parties(client):
    """Lantern Keeper (bob's): "Gearsmith characters you control can block Covert parties." (spoils.507.3b
    lifted, 101.1): alice's Shadow Recruit attacks alone, a Covert party (spoils.507.3a); bob's Warlord Recruit
    cannot block it, his Gearsmith Cog Recruit can.  Under alice's control, bob's Cog Recruit cannot."""
    cards = {"k1": {"card": "Lantern Keeper", "controller": "bob"},
             "s1": {"card": "Shadow Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"},
             "b2": {"card": "Cog Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("s1"))
    t.fight(stop="blocks")
    assert "spoils.507.3b" in rule_ids(t.refuse(_block("b1")))
    t.act(_block("b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards={**cards, "k1": {"card": "Lantern Keeper", "controller": "alice"}}))
    u.act(_attack("s1"))
    u.fight(stop="blocks")
    assert "spoils.507.3b" in rule_ids(u.refuse(_block("b2")))


def test_characters_your_opponent_controls_can_block_covert_parties(client):
    """Night Watch (alice's): "Characters your opponent controls can block Covert parties." (spoils.507.3b
    lifted for bob's characters): bob's Warlord Recruit blocks alice's Covert Shadow Recruit.  Under bob's
    control it lifts the rule for alice's characters only, and bob's block is refused."""
    cards = {"n1": {"card": "Night Watch", "controller": "alice"},
             "s1": {"card": "Shadow Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("s1"))
    t.fight(stop="blocks")
    t.act(_block("b1"))
    assert t.audit_valid()
    u = new_game(client, position(cards={**cards, "n1": {"card": "Night Watch", "controller": "bob"}}))
    u.act(_attack("s1"))
    u.fight(stop="blocks")
    assert "spoils.507.3b" in rule_ids(u.refuse(_block("b1")))


def test_legal_blocks_and_positions_read_the_same_kept_or_re_derived(client):
    """The blocks bob is offered follow the compositions (Lantern Keeper: his Gearsmith characters block the
    Covert party, his Warlord Recruit does not; Gate Warden: not blocking is not offered; Parade Marshal: ending
    the turn is not offered while alice's Recruit must attack), and at each of these
    positions the state and legal actions are the same with what is read of a position kept or re-derived for
    every question (issue 26: ``unchanging`` keeps the documents of a selector-only composition, the cards a
    trade selects are looked up again)."""
    from adjudicator.spoils.text import position_memo
    from tests.scenarios.spoils.random_games import answers

    def blocks(t) -> list[list[str]]:
        legal = client.get(f"/games/{t.gid}/legal-actions?player=bob&limit=1000").get_json()["actions"]
        return sorted(a["action"]["blockers"] for a in legal if a["action"]["type"] == "block")

    def same(t) -> None:
        kept = answers(client, t.gid)
        with position_memo.unkept():
            assert answers(client, t.gid) == kept

    keeper = new_game(client, position(cards={"k1": {"card": "Lantern Keeper", "controller": "bob"},
                                              "s1": {"card": "Shadow Recruit", "controller": "alice"},
                                              "b1": {"card": "Plain Recruit", "controller": "bob"},
                                              "b2": {"card": "Cog Recruit", "controller": "bob"}}))
    keeper.act(_attack("s1"))
    keeper.fight(stop="blocks")
    assert ["b2"] in blocks(keeper) and ["k1"] in blocks(keeper) and not any("b1" in b for b in blocks(keeper))
    warden = new_game(client, position(cards={"w1": {"card": "Gate Warden", "controller": "alice"},
                                              "p1": {"card": "Plain Recruit", "controller": "alice"},
                                              "b1": {"card": "Plain Recruit", "controller": "bob"}}))
    warden.act(_attack("p1"))
    warden.fight(stop="blocks")
    assert blocks(warden) == [["b1"]]
    watch = new_game(client, position(cards={"n1": {"card": "Night Watch", "controller": "alice"},
                                             "s1": {"card": "Shadow Recruit", "controller": "alice"},
                                             "b1": {"card": "Plain Recruit", "controller": "bob"}}))
    watch.act(_attack("s1"))
    watch.fight(stop="blocks")
    marshal = new_game(client, position(cards={"m1": {"card": "Parade Marshal", "controller": "alice"},
                                               "p1": {"card": "Plain Recruit", "controller": "alice"}}))
    assert "end_turn" not in marshal.legal("alice") and "attack" in marshal.legal("alice")  # 505.1
    for t in (keeper, warden, watch, marshal):
        same(t)


def test_this_turn_the_picked_character_must_attack_if_it_can(client):
    """Rallying Horn: "COST: Pick a character you control. EFFECT: This turn, the character must attack if it
    can." (spoils.505.1): alice picks her Plain Recruit; she cannot end the turn before it attacks, her Cog Recruit
    (not picked) is not held to it."""
    cards = {"p1": {"card": "Plain Recruit", "controller": "alice"},
             "p2": {"card": "Cog Recruit", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Rallying Horn"]}, icons={"alice": "R"}))
    t.resolve("alice", "bob", play_card("Rallying Horn", "p1"))
    refused = t.refuse({"type": "end_turn", "player": "alice"})
    assert rule_ids(refused) == ["spoils.505.1"] and "Plain Recruit" in refused[0]["message"], refused
    t.act(_attack("p1"))
    t.fight()
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob" and t.audit_valid()


def test_this_turn_the_picked_opposing_character_must_block_if_it_can(client):
    """Taunting Call: "COST: Pick a character your opponent controls. EFFECT: This turn, the character must block
    if it can." (spoils.505.1): alice picks bob's Plain Recruit and attacks; bob not blocking, or blocking with
    his Cog Recruit only, is refused; blocking with the picked Recruit is allowed."""
    cards = {"p1": {"card": "Plain Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"},
             "b2": {"card": "Cog Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Taunting Call"]}, icons={"alice": "D"}))
    t.resolve("alice", "bob", play_card("Taunting Call", "b1"))
    t.act(_attack("p1"))
    t.fight(stop="blocks")
    assert "spoils.505.1" in rule_ids(t.refuse(_block()))
    assert "spoils.505.1" in rule_ids(t.refuse(_block("b2")))
    t.act(_block("b1"))
    assert t.audit_valid()


def test_this_turn_the_picked_character_can_block_covert_parties(client):
    """Lantern Oath: "COST: Pick a character you control. EFFECT: This turn, the character can block Covert
    parties." (spoils.507.3b lifted for it): alice's Shadow Recruit attacks alone, a Covert party; bob plays the
    Oath picking his Plain Recruit, which then blocks; his Cog Recruit (not picked) cannot."""
    cards = {"s1": {"card": "Shadow Recruit", "controller": "alice"},
             "b1": {"card": "Plain Recruit", "controller": "bob"},
             "b2": {"card": "Cog Recruit", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Lantern Oath"]}, icons={"bob": "O"}))
    t.act(_attack("s1"))
    t.act({"type": "pass", "player": "alice"})
    t.resolve("bob", "alice", play_card("Lantern Oath", "b1", player="bob"))
    t.fight(stop="blocks")
    assert "spoils.507.3b" in rule_ids(t.refuse(_block("b2")))
    t.act(_block("b1"))
    assert t.audit_valid()
