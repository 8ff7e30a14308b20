"""Play mechanics of The Spoils named by real cards, played by name through the API: FLIP UP
(507.4), RECUR and abilities used from the discard pile (spoils.faq.recur-is-ability), HANDOFF and
"attach this card to the character" (507.2), flipping a card face down (411.4), tactic timing for
non-tactics, "only in response to ...", "your opponent cannot respond to this card" (607.1), "this
card cannot be blocked" (413.1), "this card can attack only once each turn" and "this card enters
play with N tokens on it" (409.1).  Each test cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    play_with_choices as _play_choosing, use_ability as _ability, use_ability_choosing as _use)
from tests.scenarios.spoils.positions import face_down as _face_down
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_unexpected_boobysnake_played_as_a_tactic_discards_a_card_or_is_destroyed_as_it_enters_play(client):
    """Unexpected Boobysnake: "You may play this card whenever you could play a tactic. If you do, when this
    card enters play discard a card or destroy this card." spoils.507.6a, spoils.503.1: played in answer to
    bob's Stalwart Soldier, it enters and alice discards Greed; with no card left in hand it is destroyed
    (402.5: the option that can be done); played in her own turn, nothing happens."""
    def answered(hand: list[str]):
        t = new_game(client, position(active="bob", hands={"alice": ["Unexpected Boobysnake", *hand],
                                                           "bob": ["Stalwart Soldier"]},
                                      icons={"alice": "DDDD", "bob": "RRR"}))
        t.act(_play("Stalwart Soldier", player="bob"))
        t.act({"type": "respond", "player": "alice", "card": "Unexpected Boobysnake", "choices": {"discarded": hand}})
        t.act({"type": "pass", "player": "bob"})
        return t
    t = answered(["Greed"])
    assert t.named("Unexpected Boobysnake", "alice") and "Greed" in t.state()["players"]["alice"]["discard"]
    u = answered([])
    assert not u.named("Unexpected Boobysnake") and "Unexpected Boobysnake" in u.state()["players"]["alice"]["discard"]
    v = new_game(client, position(hands={"alice": ["Unexpected Boobysnake", "Greed"]}, icons={"alice": "DDDD"}))
    v.resolve("alice", "bob", _play("Unexpected Boobysnake"))
    assert v.named("Unexpected Boobysnake", "alice") and v.state()["players"]["alice"]["hand_cards"] == ["Greed"]


def test_ravenous_wolf_played_as_a_tactic_destroys_a_deception_or_itself(client):
    """Ravenous Wolf: "You may play this card whenever you could play a tactic. If you do, when this card enters
    play destroy a card named "Deception" you control or destroy this card." spoils.503.1, spoils.304.1: in
    answer to bob's play, alice destroys her Deception resource alice.r2 (a staple resource is a card she
    controls) and keeps the Wolf; choosing the other option (choices.option 2), the Wolf is destroyed."""
    def answered(choices: dict):
        t = new_game(client, position(active="bob", hands={"alice": ["Ravenous Wolf"], "bob": ["Stalwart Soldier"]},
                                      icons={"alice": "DDDD", "bob": "RRR"}))
        t.act(_play("Stalwart Soldier", player="bob"))
        t.act({"type": "respond", "player": "alice", "card": "Ravenous Wolf", "choices": choices})
        t.act({"type": "pass", "player": "bob"})
        return t
    t = answered({"targets": ["alice.r2"]})
    assert t.named("Ravenous Wolf", "alice") and "alice.r2" not in t.state()["players"]["alice"]["resources"]
    assert "Deception" in t.state()["players"]["alice"]["discard"]
    u = answered({"option": 2})
    assert not u.named("Ravenous Wolf") and len(u.state()["players"]["alice"]["resources"]) == 4


def test_eccentric_technician_attacks_only_once_and_restores(client):
    """3cc3n7r1c 73chn1c14n: "This card can attack only once each turn. ... RESTORE: [E][E][E] COST: Pay
    3. EFFECT: Restore this card." (spoils.606.1, spoils.101.1): after attacking (and being depleted,
    spoils.609.1h) it restores itself for 3, yet a second attack the same turn is refused by its text,
    and nothing is appended."""
    cards = {"e1": {"card": "3cc3n7r1c 73chn1c14n", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEE"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["e1"]})
    t.fight()
    assert t.card("e1")["depleted"] is True and t.influence("bob") == 24
    t.resolve("alice", "bob", _ability("e1", "RESTORE: [E][E][E]"))
    assert t.card("e1")["depleted"] is False
    before = t.state()["position"]
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["e1"]}))
    assert t.state()["position"] == before
    assert t.audit_valid()


def test_the_garbageman_attacks_once_rummages_and_sifts(client):
    """The Garbageman: "This card can attack only once each turn. SIFT COST: Deplete this card. EFFECT: Draw
    a card. Discard a card. RUMMAGE COST: Pay 2. Remove 3 cards in your discard pile from the game. EFFECT:
    Restore this card." (spoils.608.1b, spoils.606.1, spoils.303.1, spoils.306.1, spoils.305.1): it attacks,
    RUMMAGE removes three Key Men from alice's discard pile and restores it, yet its second attack is
    refused (spoils.101.1); it may SIFT instead: alice draws a Key Man and discards Rumply Ruse."""
    cards = {"g1": {"card": "The Garbageman", "controller": "alice"}}
    setup = position(cards=cards, icons={"alice": "GGGG"}, hands={"alice": ["Rumply Ruse"]},
                     decks={"alice": ["Key Man", "Stalwart Soldier"]})
    setup["players"]["alice"]["discard"] = ["Key Man", "Key Man", "Key Man", "Stalwart Soldier"]
    t = new_game(client, setup)
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight()
    assert t.card("g1")["depleted"] is True and t.influence("bob") == 24
    t.resolve("alice", "bob", _use("g1", "RUMMAGE", ["Key Man", "Key Man", "Key Man"]))
    alice = t.state()["players"]["alice"]
    assert t.card("g1")["depleted"] is False and alice["unattached"] == 2
    assert (alice["discard"], alice["removed"]) == (["Stalwart Soldier"], ["Key Man"] * 3)
    before = t.state()["position"]
    assert _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["g1"]})) == ["spoils.101.1"]
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _use("g1", "SIFT", drawn=["Key Man"], discarded=["Rumply Ruse"]))
    alice = t.state()["players"]["alice"]
    assert (alice["hand_cards"], alice["discard"]) == (["Key Man"], ["Stalwart Soldier", "Rumply Ruse"])
    assert t.card("g1")["depleted"] is True and t.audit_valid()


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


def test_notion_sickness_uses_an_ability_twice_then_destroys_its_card(client):
    """Notion Sickness: "COST: Pick a card you control with an ability in its rules text. EFFECT: You may use one
    of the card's abilities. If you do, the effect happens twice instead of once. Destroy the card."
    (spoils.606.1, spoils.101.1, spoils.304.1): alice picks her PantherKaiser and uses its PANTHER SHIELD ("Pay 2.
    Deplete this card. Pick a character. ... gains 3 life") on her Stalwart Soldier: the Soldier gains 3 life twice
    (3 -> 9) and the PantherKaiser is destroyed. Her Stalwart Soldier, with no ability, cannot be picked (refused,
    nothing appended)."""
    cards = {"p1": {"card": "PantherKaiser", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = position(cards=cards, hands={"alice": ["Notion Sickness"]}, icons={"alice": "EEEEE"})
    t = new_game(client, setup)
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_play("Notion Sickness", "a1")))
    assert t.state()["position"] == before
    t.act(_play("Notion Sickness", "p1", ability="PANTHER SHIELD", ability_targets=["a1"]))
    t.act({"type": "pass", "player": "bob"})
    assert "p1" not in t.state()["cards"] and t.state()["players"]["alice"]["unattached"] == 0
    t.act({"type": "pass", "player": "bob"})
    assert t.card("a1")["effective"]["life"] == 9
    assert t.audit_valid()


def test_nattering_stoopswaggler_enters_with_a_token_only_when_flipped_up(client):
    """Nattering Stoopswaggler: "If you played this card using FLIP UP, it enters play with a token on it.
    While there is a token on this card, it loses Covert and gains 1 strength and 1 life. If there are no
    tokens on this card and it's destroyed, flip it face-down under its owner's control instead. FLIP UP: 3
    [O][O]". Flipped up from alice's resources (spoils.507.4a) it enters with a token, a 4/4 without Covert
    (spoils.409.1); played from hand it has no token and keeps Covert, and destroyed by Strangulate it
    becomes alice's face-down resource instead (spoils.506.1, spoils.411.1)."""
    setup = position(icons={"alice": "OO"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Nattering Stoopswaggler", "face_up": False}
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play_choosing("Nattering Stoopswaggler", flip_up="alice.r9"))
    card = t.card(t.named("Nattering Stoopswaggler", "alice")[0])
    assert card["tokens"] == 1 and card["effective"]["strength"] == 4 and "covert" not in card["effective"]["keywords"]
    u = new_game(client, position(hands={"alice": ["Nattering Stoopswaggler", "Strangulate"]}, icons={"alice": "OOOOODDDD"}))
    u.resolve("alice", "bob", _play_choosing("Nattering Stoopswaggler"))
    nid = u.named("Nattering Stoopswaggler", "alice")[0]
    assert u.card(nid)["tokens"] == 0 and "covert" in u.card(nid)["effective"]["keywords"]
    u.resolve("alice", "bob", _play_choosing("Strangulate", nid))
    alice = u.state()["players"]["alice"]
    assert nid not in u.state()["cards"] and alice["discard"] == ["Strangulate"] and len(alice["resources"]) == 10


def test_clam_hash_returns_to_the_hand_only_when_played_using_flip_up(client):
    """Clam Hash: "COST: Pick a character. EFFECT: This turn, the character gains 2 life. If you played this card
    using FLIP UP, put this card into its owner's hand instead of their discard pile. FLIP UP: 2 [G][G]".
    Flipped up from alice's resources (spoils.507.4a) it ends in her hand; played from hand it ends in her
    discard pile (spoils.205.2); the Brute gains 2 life either way."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    setup = position(cards=cards, icons={"alice": "GG"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Clam Hash", "face_up": False}
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play_choosing("Clam Hash", "b1", flip_up="alice.r9"))
    alice = t.state()["players"]["alice"]
    assert alice["hand"] == 1 and alice["hand_cards"] == ["Clam Hash"] and alice["discard"] == []
    assert t.card("b1")["effective"]["life"] == 5
    u = new_game(client, position(cards=cards, hands={"alice": ["Clam Hash"]}, icons={"alice": "GG"}))
    u.resolve("alice", "bob", _play_choosing("Clam Hash", "b1"))
    alice = u.state()["players"]["alice"]
    assert alice["hand"] == 0 and alice["discard"] == ["Clam Hash"] and u.card("b1")["effective"]["life"] == 5


def test_heavy_sword_cannot_hand_off_to_a_depleted_character(client):
    """Heavy Sword: "HANDOFF COST: Pay 4. Deplete a character you control that is not in a battle.
    EFFECT: Attach this card to the character."  A card can be depleted only while it is not depleted
    (spoils.303.2), and a cost whose instruction cannot be followed cannot be paid (spoils.401.2): the
    handoff to an already depleted Stalwart Soldier is refused and nothing is appended (the engine once
    let it through, depleting nothing); to the undepleted one it moves the sword (spoils.507.2)."""
    cards = {"g1": {"card": "Sleeping Guard", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True},
             "s2": {"card": "Stalwart Soldier", "controller": "alice"},
             "w1": {"card": "Heavy Sword", "controller": "alice", "attached_to": "g1"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRRR"}))
    before = t.state()["position"]
    assert "spoils.303.2" in _rules(t.refuse(_ability("w1", "HANDOFF", "s1")))
    assert t.state()["position"] == before and t.card("w1")["attached_to"] == "g1"
    t.resolve("alice", "bob", _ability("w1", "HANDOFF", "s2"))
    assert t.card("w1")["attached_to"] == "s2" and t.card("s2")["depleted"] is True
