"""Play mechanics of The Spoils named by real cards, played by name through the API: FLIP UP
(507.4), RECUR and abilities used from the discard pile (spoils.faq.recur-is-ability), HANDOFF and
"attach this card to the character" (507.2), flipping a card face down (411.4), tactic timing for
non-tactics, "only in response to ...", "your opponent cannot respond to this card" (607.1), "this
card cannot be blocked" (413.1), "this card can attack only once each turn" and "this card enters
play with N tokens on it" (409.1).  Each test cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def _face_down(setup: dict, player: str, **names: str) -> dict:
    """Face-down resources of ``player`` (id -> card name), one Volition each (411.1)."""
    for rid, name in names.items():
        setup["players"][player]["resources"][rid] = {"name": name, "face_up": False}
    return setup


# ------------------------------------------------------------------------------ tokens

def test_reluctant_hiree_enters_play_with_3_tokens_and_loses_3_strength(client):
    """Reluctant Hiree (4/4/3): "This card enters play with 3 tokens on it. This card loses 1 strength
    for each token on it." spoils.409.1 (tokens), spoils.604.1h (it enters play as it resolves)."""
    t = new_game(client, position(hands={"alice": ["Reluctant Hiree"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", _play("Reluctant Hiree"))
    hiree = t.card(t.named("Reluctant Hiree")[0])
    assert hiree["tokens"] == 3 and hiree["effective"]["strength"] == 1


# ------------------------------------------------------------------------------ timing

def test_sudden_osprey_is_played_like_a_tactic_in_response_on_the_opponents_turn(client):
    """Sudden Osprey: "You may play this card whenever you could play a tactic." spoils.507.6a,
    spoils.607.2: alice plays it in response to bob's character, on bob's turn; Sleeping Guard, a
    character without that text, cannot be (spoils.607.2)."""
    t = new_game(client, position(active="bob", hands={"alice": ["Sudden Osprey", "Sleeping Guard"],
                                                       "bob": ["Stalwart Soldier"]},
                                  icons={"alice": "DDR", "bob": "RRR"}))
    t.act(_play("Stalwart Soldier", player="bob"))
    assert "spoils.607.2" in _rules(t.refuse({"type": "respond", "player": "alice", "card": "Sleeping Guard"}))
    t.act({"type": "respond", "player": "alice", "card": "Sudden Osprey", "choices": {"may": False}})
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Sudden Osprey", "alice")


def test_snooty_doorman_is_used_only_in_response_to_a_character_being_played(client):
    """Snooty Doorman: "DENIED! COST: Use this only in response to a character being played. Destroy
    this card. EFFECT: Terminate the character." spoils.401.3a (the restriction is a cost): refused
    against bob's end of turn, accepted against bob's Stalwart Soldier (the Doorman is destroyed to
    pay for it, spoils.304.1)."""
    t = new_game(client, position(active="bob", cards={"d1": {"card": "Snooty Doorman", "controller": "alice"}},
                                  hands={"bob": ["Stalwart Soldier"]}, icons={"bob": "RRR"}))
    t.act({"type": "end_turn", "player": "bob"})
    assert "spoils.401.3a" in _rules(t.refuse({"type": "respond", "player": "alice", "ability": "DENIED!",
                                               "source": "d1"}))
    u = new_game(client, position(active="bob", cards={"d1": {"card": "Snooty Doorman", "controller": "alice"}},
                                  hands={"bob": ["Stalwart Soldier"]}, icons={"bob": "RRR"}))
    u.act(_play("Stalwart Soldier", player="bob"))
    assert u.act({"type": "respond", "player": "alice", "ability": "DENIED!", "source": "d1"}) == \
        ["AbilityUsed", "CardDestroyed"]
    assert "d1" not in u.state()["cards"] and "Snooty Doorman" in u.state()["players"]["alice"]["discard"]


def test_exploding_sock_puppet_cannot_be_answered_and_destroys_the_character(client):
    """Exploding Sock Puppet!: "Your opponent cannot respond to this card. COST: Play this only in
    response to a character's ability. EFFECT: Terminate the ability. Destroy the character."
    spoils.607.1 (bob's response is refused), spoils.401.3a, spoils.314.1; Prudent Thug's RESTORE is
    the ability answered."""
    t = new_game(client, position(active="bob", cards={"p1": {"card": "Prudent Thug", "controller": "bob",
                                                              "depleted": True}},
                                  hands={"alice": ["Exploding Sock Puppet!"], "bob": ["Target Practice"]},
                                  icons={"alice": "EE", "bob": "RR"}))
    t.act(_ability("p1", "RESTORE", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Exploding Sock Puppet!", "targets": ["p1"]})
    refused = t.refuse({"type": "respond", "player": "bob", "card": "Target Practice", "targets": ["p1"]})
    assert "spoils.607.1" in _rules(refused)
    t.act({"type": "pass", "player": "bob"})
    assert "p1" not in t.state()["cards"] and "Prudent Thug" in t.state()["players"]["bob"]["discard"]


# ------------------------------------------------------------------------------ attacks

def test_prudent_thug_can_attack_only_once_each_turn(client):
    """Prudent Thug: "This card can attack only once each turn. RESTORE COST: Pay 1. Put a token on
    this card. EFFECT: Restore this card." Restored after its attack (spoils.303.3), it still cannot
    attack again (spoils.101.1, the card's text over 608.1b)."""
    t = new_game(client, position(cards={"p1": {"card": "Prudent Thug", "controller": "alice"}}, icons={"alice": "GG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["p1"]})
    t.fight()
    t.resolve("alice", "bob", _ability("p1", "RESTORE"))
    assert t.card("p1")["depleted"] is False and t.card("p1")["tokens"] == 1
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["p1"]}))


def test_cute_cutpurse_cannot_be_blocked_while_the_opponent_controls_an_item(client):
    """Cute Cutpurse: "While your opponent controls an item, this card cannot be blocked."
    spoils.413.1, spoils.504.1: while bob's Sleeping Guard carries a Heavy Sword no blocking party
    forms (the blockers step is passed over); without the item (another game) bob blocks."""
    cut = {"c1": {"card": "Cute Cutpurse", "controller": "alice"}, "g1": {"card": "Sleeping Guard", "controller": "bob"}}
    sword = {"w1": {"card": "Heavy Sword", "controller": "bob", "attached_to": "g1"}}
    t = new_game(client, position(cards={**cut, **sword}))
    t.act({"type": "attack", "player": "alice", "attackers": ["c1"]})
    assert t.state()["battle"]["unblockable"] is True and "spoils.413.1" in t.trace_text()
    t.fight(stop="tactics_a")
    battle = t.state()["battle"]
    assert battle["stage"] == "tactics_a" and battle["blocked"] is False and battle["blockers"] == []
    u = new_game(client, position(cards=cut))
    u.act({"type": "attack", "player": "alice", "attackers": ["c1"]})
    u.fight(stop="blocks")
    assert "BlockersDeclared" in u.act({"type": "block", "player": "bob", "blockers": ["g1"]})


# ------------------------------------------------------------------------------ HANDOFF

def test_heavy_sword_hands_off_to_another_character(client):
    """Heavy Sword (ATTACH to Character, +2 strength): "HANDOFF COST: Pay 4. Deplete a character you
    control that is not in a battle. EFFECT: Attach this card to the character." spoils.502.1 (an
    ability), spoils.507.2 (attached): the sword moves from Sleeping Guard to Stalwart Soldier."""
    t = new_game(client, position(cards={"g1": {"card": "Sleeping Guard", "controller": "alice"},
                                         "s1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "w1": {"card": "Heavy Sword", "controller": "alice", "attached_to": "g1"}},
                                  icons={"alice": "RRRR"}))
    assert t.card("g1")["effective"]["strength"] == 5                # 1, +2, +2 more with [R][R][R][R]
    t.resolve("alice", "bob", _ability("w1", "HANDOFF", "s1"))
    assert t.card("w1")["attached_to"] == "s1" and t.card("s1")["depleted"] is True
    assert t.card("s1")["effective"]["strength"] == 7 and t.card("g1")["effective"]["strength"] == 1


# ------------------------------------------------------------------------------ RECUR

def test_stupidify_recurs_from_the_discard_pile_and_is_removed_from_the_game(client):
    """Stupidify: "RECUR: [O] COST: Use this only if this card is in your discard pile. Pay 2. Remove
    this card from the game. EFFECT: Your opponent discards a card." spoils.faq.recur-is-ability (an
    ability, used at ability timing, spoils.502.3), spoils.405.3 (its threshold): refused without
    [O], then bob discards and Stupidify leaves the game."""
    setup = position(hands={"bob": ["Sleeping Guard"]}, icons={"alice": "OGG"})
    setup["players"]["alice"]["discard"] = ["Stupidify"]
    t = new_game(client, setup)
    t.resolve("alice", "bob", {**_ability("Stupidify", "RECUR: [O]"), "choices": {"discarded": ["Sleeping Guard"]}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert alice["discard"] == [] and alice["removed"] == ["Stupidify"] and alice["unattached"] == 1
    assert bob["hand"] == 0 and bob["discard"] == ["Sleeping Guard"]
    setup["players"]["alice"]["resources"] = {"alice.r1": {"name": "Greed", "face_up": True, "icons": "G"},
                                              "alice.r2": {"name": "Greed", "face_up": True, "icons": "G"}}
    u = new_game(client, setup)
    assert "spoils.405.3" in _rules(u.refuse(_ability("Stupidify", "RECUR: [O]")))


def test_recur_is_refused_while_the_card_is_not_in_the_discard_pile(client):
    """Fountain Diver (character, "RECUR: [G] COST: Use this only if this card is in your discard pile.
    Pay 1. ..."): in play, its RECUR is refused (spoils.faq.recur-is-ability); from the discard pile
    it gives Sleeping Guard 3 life this turn (spoils.502.3)."""
    t = new_game(client, position(cards={"d1": {"card": "Fountain Diver", "controller": "alice"},
                                         "g1": {"card": "Sleeping Guard", "controller": "alice"}},
                                  icons={"alice": "GG"}))
    assert "spoils.faq.recur-is-ability" in _rules(t.refuse(_ability("d1", "RECUR: [G]", "g1")))
    setup = position(cards={"g1": {"card": "Sleeping Guard", "controller": "alice"}}, icons={"alice": "GG"})
    setup["players"]["alice"]["discard"] = ["Fountain Diver"]
    u = new_game(client, setup)
    u.resolve("alice", "bob", _ability("Fountain Diver", "RECUR: [G]", "g1"))
    assert u.card("g1")["effective"]["life"] == 4 and u.state()["players"]["alice"]["removed"] == ["Fountain Diver"]


# ------------------------------------------------------------------------------ FLIP UP

def test_crushing_usury_is_played_from_the_resources_using_flip_up(client):
    """Crushing Usury (tactic, cost 4, [G]): "COST: Pick a character. EFFECT: Destroy the character.
    Your faction loses 3 influence. FLIP UP: 2 [G]". spoils.507.4a (played from the face-down
    resources as if from hand), spoils.406.7 (its FLIP UP cost, 2, instead of 4), spoils.507.4b (it
    pays part of its own cost): with 2 unattached resources, one of them the card, it destroys bob's
    Stalwart Soldier; from hand the same 2 resources are refused (spoils.309.1)."""
    setup = _face_down(position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                hands={"alice": ["Crushing Usury"]}, icons={"alice": "G"}), "alice",
                       **{"alice.r9": "Crushing Usury"})
    t = new_game(client, setup)
    assert "spoils.309.1" in _rules(t.refuse(_play("Crushing Usury", "s1")))
    t.resolve("alice", "bob", _play("Crushing Usury", "s1", flip_up=True))
    alice = t.state()["players"]["alice"]
    assert "s1" not in t.state()["cards"] and t.influence("alice") == 22
    assert "alice.r9" not in alice["resources"] and alice["hand_cards"] == ["Crushing Usury"]
    assert alice["discard"] == ["Crushing Usury"]


def test_flip_up_needs_its_threshold_and_a_face_down_copy(client):
    """Unimportant Wizard (character 1/2/3, cost 1 [O]): "FLIP UP: 0 [O]". spoils.507.4a: without [O]
    the flip is refused; with it the wizard is played for 0 and enters play; a FLIP UP of a card that
    is not among the face-down resources is refused."""
    setup = _face_down(position(icons={"alice": "G"}), "alice", **{"alice.r9": "Unimportant Wizard"})
    t = new_game(client, setup)
    assert "spoils.405.2" in _rules(t.refuse(_play("Unimportant Wizard", flip_up=True)))
    setup = _face_down(position(icons={"alice": "O"}), "alice", **{"alice.r9": "Unimportant Wizard"})
    u = new_game(client, setup)
    assert "spoils.507.4a" in _rules(u.refuse(_play("Sleeping Guard", flip_up="alice.r9")))
    u.resolve("alice", "bob", _play("Unimportant Wizard", flip_up="alice.r9"))
    assert u.named("Unimportant Wizard", "alice") and u.state()["players"]["alice"]["unattached"] == 1


def test_clay_node_dissolves_face_down_and_flips_back_up(client):
    """Clay Node: "DISSOLVE COST: Pay 2. EFFECT: Flip this card face-down under its owner's control.
    FLIP UP: 1 [E][E][E]". spoils.411.4 (flipped face down it leaves play and is a new resource,
    spoils.faq.flip-leaves-play), then spoils.507.4a (played again from the resources for 1)."""
    t = new_game(client, position(cards={"n1": {"card": "Clay Node", "controller": "alice"}},
                                  icons={"alice": "EEEG"}))
    t.resolve("alice", "bob", _ability("n1", "DISSOLVE"))
    resources = t.state()["players"]["alice"]["resources"]
    assert "n1" not in t.state()["cards"]
    assert [r for r in resources.values() if r["name"] == "Clay Node" and not r["face_up"]]
    t.resolve("alice", "bob", _play("Clay Node", flip_up=True, may=False))
    assert t.named("Clay Node", "alice")
