"""Responses and terminations, played by name through the API: a card or ability terminated by the
card that answers it ("use this only in response to ...", spoils.607.1), tactics forbidden for the
rest of the turn, a terminated card sent to a hand or made a face-down resource, an opponent's tactic
taken over.  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing
from tests.scenarios.spoils.readings import (
    resources_of as _resources, rule_set as _rule_set, unattached as _unattached_of)
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_subsection_5_paragraph_12_terminates_an_ability_that_cannot_be_used_again_this_turn(client):
    """Subsection 5, Paragraph 12: "COST: Play this only in response to an ability that's source was not a
    faction. EFFECT: Terminate the ability. It cannot be used again this turn. Draw a card." spoils.314.1
    (bob's Erotic Assassin's RESTORE is terminated: it stays depleted), spoils.402.7 (bob's second RESTORE
    this turn is refused), spoils.306.1 (alice draws)."""
    t = new_game(client, position(active="bob", cards={"e1": {"card": "Erotic Assassin", "controller": "bob",
                                                              "depleted": True}},
                                  hands={"alice": ["Subsection 5, Paragraph 12"]},
                                  icons={"alice": "GG", "bob": "GGGG"}))
    restore = {"type": "use_ability", "player": "bob", "card": "e1", "ability": "RESTORE"}
    t.act(restore)
    t.act({"type": "respond", "player": "alice", "card": "Subsection 5, Paragraph 12"})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("e1")["depleted"] is True and t.state()["players"]["alice"]["hand"] == 1
    assert t.state()["pending"] == []
    assert "spoils.402.7" in _rules(t.refuse(restore))


def test_voidal_interference_sends_the_card_back_to_the_hand(client):
    """Voidal Interference: "COST: Play this only in response to a card being played. EFFECT: Terminate the
    card, but put it into its owner's hand instead of their discard pile. Its owner puts a card from their
    hand on the top of their deck." (spoils.314.1, spoils.506.1, spoils.402.2): alice plays a Stalwart
    Soldier; bob answers with Voidal Interference: the Soldier never enters play and is back in alice's
    hand, not her discard pile, and alice puts Pinch from her hand on top of her deck (hand 1, deck 31)."""
    t = new_game(client, position(hands={"alice": ["Stalwart Soldier", "Pinch"], "bob": ["Voidal Interference"]},
                                  icons={"alice": "RRR", "bob": "OOO"}))
    t.act(_play("Stalwart Soldier"))
    t.resolve("bob", "alice", _play("Voidal Interference", player="bob", put=["Pinch"]))
    alice = t.state()["players"]["alice"]
    assert t.state()["cards"] == {} and alice["discard"] == []
    assert (alice["hand"], alice["deck"]) == (1, 31)
    assert alice["hand_cards"] == ["Stalwart Soldier"]
    assert t.audit_valid()


def test_hilarious_refrigerator_alarm_terminates_and_punishes_a_repeated_name(client):
    """Hilarious Refrigerator Alarm: "All unresolved cards are terminated. If an opponent played at least 2
    cards with the same name this turn, put up to 2 Micromajig tokens into play under your control. Otherwise,
    each opponent may put 3 Micromajig tokens into play under their control." (spoils.314.1, spoils.607.2,
    spoils.409.3c): bob Pinches alice's Stalwart Soldier, then plays a second Pinch; alice answers it with the
    Alarm: the second Pinch is terminated (the Soldier keeps 1 damage) and alice gets 2 Micromajigs (1 when she
    says so, choices.up_to). When bob
    played a single Pinch, the Alarm terminates it and bob gets 3 Micromajigs instead."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Hilarious Refrigerator Alarm"],
                                                       "bob": ["Pinch", "Pinch"]}, icons={"alice": "EE", "bob": "RR"})
    t = new_game(client, setup)
    t.resolve("bob", "alice", _play("Pinch", "a1", player="bob"))
    t.act(_play("Pinch", "a1", player="bob"))
    t.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm"))
    state = t.state()
    assert state["pending"] == [] and state["players"]["bob"]["discard"] == ["Pinch", "Pinch"]
    assert t.card("a1")["damage"] == 1
    tokens = {p: len([c for c in state["cards"].values() if c.get("token") and c["controller"] == p])
              for p in ("alice", "bob")}
    assert tokens == {"alice": 2, "bob": 0}
    u = new_game(client, setup)
    u.act(_play("Pinch", "a1", player="bob"))
    u.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm"))
    state = u.state()
    assert u.card("a1")["damage"] == 0 and state["players"]["bob"]["discard"] == ["Pinch"]
    tokens = {p: len([c for c in state["cards"].values() if c.get("token") and c["controller"] == p])
              for p in ("alice", "bob")}
    assert tokens == {"alice": 0, "bob": 3}
    w = new_game(client, setup)  # "up to 2": alice takes 1 (choices.up_to)
    w.resolve("bob", "alice", _play("Pinch", "a1", player="bob"))
    w.act(_play("Pinch", "a1", player="bob"))
    w.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm", up_to=1))
    assert len([c for c in w.state()["cards"].values() if c.get("token") and c["controller"] == "alice"]) == 1
    assert t.audit_valid() and u.audit_valid() and w.audit_valid()


def test_mistaken_identity_makes_the_answered_pick_another_character(client):
    """Mistaken Identity: "COST: Play this only in response to a card or ability that picked a character as an
    extra cost. Pick another character that can be picked by that card or ability. EFFECT: When the card or
    ability resolves, its effect happens as though your opponent had picked the other character instead."
    (spoils.401.3a, spoils.607.2, spoils.101.1): bob Pinches alice's Puddle of Goo; alice answers with Mistaken
    Identity picking bob's own Puddle of Goo, which takes the damage and is destroyed while hers survives. Played
    with nothing to answer it is refused, nothing appended."""
    cards = {"g1": {"card": "Puddle of Goo", "controller": "alice"},
             "g2": {"card": "Puddle of Goo", "controller": "bob"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Mistaken Identity"], "bob": ["Pinch"]},
                     icons={"alice": "DD", "bob": "RR"})
    t = new_game(client, setup)
    t.act(_play("Pinch", "g1", player="bob"))
    t.resolve("alice", "bob", _play("Mistaken Identity", "g2"))
    t.act({"type": "pass", "player": "alice"})
    assert "g1" in t.state()["cards"] and "g2" not in t.state()["cards"]
    assert sorted(t.state()["players"]["bob"]["discard"]) == ["Pinch", "Puddle of Goo"]
    u = new_game(client, position(cards=cards, hands={"alice": ["Mistaken Identity"]}, icons={"alice": "DD"}))
    before = u.state()["position"]
    assert "spoils.401.3a" in _rules(u.refuse(_play("Mistaken Identity", "g2")))
    assert u.state()["position"] == before
    assert t.audit_valid() and u.audit_valid()


def test_snooty_doorman_terminates_the_character_being_played(client):
    """Snooty Doorman: "DENIED! COST: Use this only in response to a character being played. Destroy this
    card. EFFECT: Terminate the character." Bob plays Stalwart Soldier; alice answers with DENIED!; once
    bob passes it resolves and the Soldier's play stops before it resolves (spoils.314.1): the Soldier never
    enters play and goes to bob's discard pile, and nothing is left waiting for responses."""
    t = new_game(client, position(active="bob", cards={"d1": {"card": "Snooty Doorman", "controller": "alice"}},
                                  hands={"bob": ["Stalwart Soldier"]}, icons={"bob": "RRR"}))
    t.act(_play_choosing("Stalwart Soldier", player="bob"))
    t.act({"type": "respond", "player": "alice", "ability": "DENIED!", "source": "d1"})
    assert "PlayTerminated" in t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert not t.named("Stalwart Soldier") and s["players"]["bob"]["discard"] == ["Stalwart Soldier"]
    assert s["pending"] == [] and t.audit_valid()


def test_the_great_wall_terminates_every_tactic_played_and_takes_damage(client):
    """The Great Wall of Keeping Stuff Out: "If a player plays a tactic, terminate it and inflict 1 damage to
    this card." Alice's own Blow Up is terminated as it is played (spoils.503.1, spoils.314.1): bob's item
    stays, bob keeps his influence, the Wall has 1 damage and Blow Up is in alice's discard pile."""
    cards = {"w1": {"card": "The Great Wall of Keeping Stuff Out", "controller": "alice"},
             "i1": {"card": "Inadequate Wand", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Blow Up"]}, icons={"alice": "RRRR"}))
    assert "PlayTerminated" in t.act(_play_choosing("Blow Up", "i1"))
    s = t.state()
    assert "i1" in s["cards"] and t.influence("bob") == 25 and s["cards"]["w1"]["damage"] == 1
    assert s["players"]["alice"]["discard"] == ["Blow Up"] and s["pending"] == []


def test_tactician_vacation_terminates_the_tactic_it_answers(client):
    """Tactician Vacation: "Your opponent cannot respond to this card. If you played this card in response to
    a tactic, terminate the tactic." Played in answer to bob's Blow Up (spoils.607.1), it terminates it
    (spoils.314.1): alice's Inadequate Wand survives and alice keeps her influence."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Blow Up"], "alice": ["Tactician Vacation"]},
                                  icons={"bob": "RRRR", "alice": "RRRR"}))
    t.act(_play_choosing("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Tactician Vacation"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert "i1" in s["cards"] and t.influence("alice") == 25 and s["pending"] == []
    assert sorted(s["players"]["bob"]["discard"]) == ["Blow Up"]


def test_cock_block_terminates_the_ability_and_becomes_a_face_down_resource(client):
    """Cock Block: "COST: Play this only in response to an ability. EFFECT: Terminate the ability. Put this
    card into play under its owner's control as a face-down resource instead of into its owner's discard
    pile." Bob's Research Assistant's RESEARCH is terminated (spoils.314.1: no cost reduction waits), and
    Cock Block is alice's face-down resource (spoils.411.1). Played with no ability to answer, it is refused
    (spoils.401.3a)."""
    cards = {"r1": {"card": "Research Assistant", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"alice": ["Cock Block"]}, icons={"alice": "EEE"}))
    assert "spoils.607.1" in _rule_set(t.refuse({"type": "respond", "player": "alice", "card": "Cock Block"}))
    t.act({"type": "use_ability", "player": "bob", "card": "r1", "ability": "RESEARCH"})
    t.act({"type": "respond", "player": "alice", "card": "Cock Block"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert s["effects"] == [] and s["pending"] == [] and s["players"]["alice"]["discard"] == []
    assert any(r.get("name") == "Cock Block" and not r["face_up"] for r in _resources(t, "alice").values())


def test_a_blazing_zero_turns_the_answered_tactic_into_its_owners_face_down_resource(client):
    """A Blazing Zero: "If you played this card in response to a tactic, terminate that tactic. Put that
    tactic into play under its owner's control as a face-down resource instead of into their discard pile."
    Bob's Blow Up is terminated (spoils.314.1): alice's Inadequate Wand survives, and Blow Up is bob's
    face-down resource (spoils.411.1), not in his discard pile; A Blazing Zero itself goes to alice's."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Blow Up"], "alice": ["A Blazing Zero"]},
                                  icons={"bob": "RRRR", "alice": "R"}))
    t.act(_play_choosing("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "A Blazing Zero"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert "i1" in s["cards"] and t.influence("alice") == 25
    assert s["players"]["bob"]["discard"] == [] and s["players"]["alice"]["discard"] == ["A Blazing Zero"]
    assert any(r.get("name") == "Blow Up" and not r["face_up"] for r in _resources(t, "bob").values())


def test_anatidaephobia_costs_the_characters_numeric_cost_unless_flipped_up(client):
    """Anatidaephobia: "COST: Play this only in response to a character being played. If you did not play this
    card using FLIP UP, pay X, where X is the character's numeric cost. EFFECT: Terminate the character. FLIP
    UP: 1 [G] and your faction loses 5 influence." Against bob's Plodding Brute (cost 4) alice's 3 resources
    do not pay from hand (spoils.309.1); flipped up she pays 1 and loses 5 influence (spoils.507.4c), and the
    Brute's play is terminated (spoils.314.1)."""
    def table(icons: str, face_down: bool):
        setup = position(active="bob", hands={"bob": ["Plodding Brute"], "alice": [] if face_down else ["Anatidaephobia"]},
                         icons={"bob": "RRRR", "alice": icons})
        if face_down:
            setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Anatidaephobia", "face_up": False}
        t = new_game(client, setup)
        t.act(_play_choosing("Plodding Brute", player="bob"))
        return t
    t = table("GGG", False)
    assert "spoils.309.1" in _rule_set(t.refuse({"type": "respond", "player": "alice", "card": "Anatidaephobia"}))
    t = table("GGGG", False)
    t.act({"type": "respond", "player": "alice", "card": "Anatidaephobia"})
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 4
    t = table("G", True)
    t.act({"type": "respond", "player": "alice", "card": "Anatidaephobia", "choices": {"flip_up": "alice.r9"}})
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 20 and not t.named("Plodding Brute")
    assert t.state()["players"]["bob"]["discard"] == ["Plodding Brute"]


def test_tactician_vacation_forbids_tactics_for_the_rest_of_the_turn(client):
    """Tactician Vacation: "... If you played this card in response to a tactic, terminate the tactic. This turn,
    tactics cannot be played." After it answers bob's Blow Up, bob's Extortify is refused (spoils.604.1a
    forbidden by the card, spoils.402.7); his character is still played; the next turn
    tactics are played again (spoils.602.1b)."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Blow Up", "Extortify", "Surplus Soldier"],
                                                                    "alice": ["Tactician Vacation"]},
                                  icons={"bob": "RRRRGG", "alice": "RRRR"}))
    t.act(_play_choosing("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Tactician Vacation"})
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.604.1a" in _rule_set(t.refuse(_play_choosing("Extortify", player="bob")))
    t.resolve("bob", "alice", _play_choosing("Surplus Soldier", player="bob"))
    assert t.named("Surplus Soldier", "bob")
    t.end_turn("bob", "alice")
    assert t.state()["effects"] == []


def test_high_priest_of_thabbash_terminates_a_character_being_played_for_a_discarded_character(client):
    """High-Priest of Thabbash: "NEGATE COST: Pay 2. Deplete this card. Discard a card. Pick a card
    being played of the same type as the discarded card. EFFECT: Terminate the card being played."
    spoils.403.3 (a card being played), spoils.310.1 (picked by its id), spoils.314.1 (terminated):
    discarding a tactic cannot pick bob's character; discarding a character can, and the character
    never enters play.  No card being played could be picked before."""
    t = new_game(client, position(active="bob", cards={"x1": {"card": "High-Priest of Thabbash", "controller": "alice"}},
                                  hands={"alice": ["Brash Basher", "Pinch"], "bob": ["Creaky Old Swordsman"]},
                                  icons={"alice": "OOOO", "bob": "RRRR"}))
    t.act(_play("Creaky Old Swordsman", player="bob"))
    negate = {"type": "respond", "player": "alice", "source": "x1", "ability": "NEGATE", "targets": ["c1"]}
    assert "spoils.310.1" in _rules(t.refuse({**negate, "choices": {"discarded": ["Pinch"]}}))
    t.act({**negate, "choices": {"discarded": ["Brash Basher"]}})
    assert "PlayTerminated" in t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert sorted(s["cards"]) == ["x1"] and s["players"]["bob"]["discard"] == ["Creaky Old Swordsman"]
    assert s["players"]["alice"]["discard"] == ["Brash Basher"] and s["pending"] == []


def test_muddle_takes_over_the_opponents_tactic(client):
    """Muddle: "COST: Play this only in response to a tactic being played. Pay X, where X is its numeric
    cost. EFFECT: Duplicate the tactic. Terminate the tactic." spoils.307.1 (the copy resolves for alice:
    her faction gains the 2 influence and she draws), spoils.314.1 (bob's Rate Hike is terminated)."""
    t = new_game(client, position(active="bob", hands={"alice": ["Muddle"], "bob": ["Rate Hike"]},
                                  icons={"alice": "OOO", "bob": "GGG"}))
    t.act(_play("Rate Hike", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Muddle"})
    assert _unattached_of(t, "alice") == 0  # X = 3, Rate Hike's numeric cost
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 27 and t.influence("bob") == 25
    assert t.state()["players"]["alice"]["hand"] == 1 and t.state()["players"]["bob"]["hand"] == 0
    assert t.state()["pending"] == [] and "Rate Hike" in t.state()["players"]["bob"]["discard"]


def test_cock_block_is_offered_from_the_face_down_resources_using_flip_up(client):
    """Cock Block ("COST: Play this only in response to an ability. ... FLIP UP: 4 [E] and discard a card."),
    a face-down resource of alice's: once bob uses Research Assistant's RESEARCH, her legal actions offer it
    as a response using FLIP UP (spoils.507.4a, spoils.607.2; its timing stays a tactic's, 507.4d), and the
    action offered terminates RESEARCH (spoils.314.1), discards her Brash Basher (507.4c) and makes Cock Block
    a face-down resource again (spoils.411.1)."""
    cards = {"r1": {"card": "Research Assistant", "controller": "bob"}}
    setup = position(active="bob", cards=cards, hands={"alice": ["Brash Basher"]}, icons={"alice": "EEEE"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Cock Block", "face_up": False}
    t = new_game(client, setup)
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    assert not [a for a in listed if a["action"].get("card") == "Cock Block"]
    t.act({"type": "use_ability", "player": "bob", "card": "r1", "ability": "RESEARCH"})
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    (flip,) = [a["action"] for a in listed if a["action"].get("card") == "Cock Block"]
    assert flip == {"type": "respond", "player": "alice", "card": "Cock Block", "choices": {"flip_up": "alice.r9"}}
    t.act({**flip, "choices": {**flip["choices"], "discarded": ["Brash Basher"]}})  # the card she discards
    assert "PlayTerminated" in t.act({"type": "pass", "player": "bob"})
    alice = t.state()["players"]["alice"]
    assert alice["discard"] == ["Brash Basher"] and "alice.r9" not in alice["resources"]
    assert any(r.get("name") == "Cock Block" and not r["face_up"] for r in alice["resources"].values())
    assert t.audit_valid()
