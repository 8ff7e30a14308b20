"""Round 2 of the Spoils' card families, played by name through the API: what a permanent's play
picked as its cost seen by its own "when this card enters play" trigger, damage divided however the
player wants, "until the start of your next turn".  Every test cites the rules it exercises and the
card, and the card's text visibly changes the outcome."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _rules(violations: list[dict]) -> set[str]:
    return {v["rule"]["id"] for v in violations}


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "play_card", "player": player, "card": card, "targets": list(targets), "choices": choices}


# --------------------------------------------------------------------------------- picked as part of its cost

def test_caboodling_gladhander_destroys_the_picked_character_and_the_opponent_gains_its_strength(client):
    """Caboodling Gladhander: "COST: You may pick a character. When this card enters play, if you picked a
    character as part of its cost, destroy that character. Your opponent's faction gains X influence, where
    X is the strength of that character." Alice picks bob's Plodding Brute (strength 5) as she plays it
    (spoils.401.3); when the Gladhander enters play (spoils.604.1h, spoils.503.1) the Brute is destroyed
    (spoils.304.1) and bob's faction gains 5 (its strength as it last was in play, spoils.engine.last-known)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Caboodling Gladhander"]}, icons={"alice": "GGGGGGG"}))
    t.resolve("alice", "bob", _play("Caboodling Gladhander", "b1"))
    assert not t.named("Plodding Brute") and t.named("Caboodling Gladhander", "alice")
    assert t.influence("bob") == 30
    assert t.state()["players"]["bob"]["discard"] == ["Plodding Brute"]


def test_caboodling_gladhander_without_a_pick_destroys_nothing(client):
    """Caboodling Gladhander, the pick left out ("you may"): the condition "if you picked a character as
    part of its cost" fails (spoils.504.1), the Brute stays and no influence is gained."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Caboodling Gladhander"]}, icons={"alice": "GGGGGGG"}))
    t.resolve("alice", "bob", _play("Caboodling Gladhander"))
    assert t.named("Plodding Brute", "bob") and t.influence("bob") == 25


def test_impressive_hero_depletes_the_picked_character_and_cannot_pick_an_item(client):
    """Impressive Hero: "COST: You may pick a character. When this card enters play, if you picked a
    character as part of its cost, deplete that character." Picking bob's Inadequate Wand is refused
    (spoils.310.1: an item is not a character); bob's Plodding Brute, picked, is depleted once the Hero enters
    play (spoils.303.1)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "i1": {"card": "Inadequate Wand", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Impressive Hero"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Impressive Hero", "i1")))
    assert not t.card("b1").get("depleted")
    t.resolve("alice", "bob", _play("Impressive Hero", "b1"))
    assert t.card("b1")["depleted"] is True and not t.card("i1").get("depleted")


def test_confounding_conjurer_returns_the_picked_character_to_its_owners_hand(client):
    """Confounding Conjurer: "... if you picked a character as part of its cost, put that character into its
    owner's hand." Bob's Plodding Brute goes back to bob's hand (spoils.403.1)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Confounding Conjurer"]}, icons={"alice": "OOOO"}))
    t.resolve("alice", "bob", _play("Confounding Conjurer", "b1"))
    assert not t.named("Plodding Brute") and t.state()["players"]["bob"]["hand_cards"] == ["Plodding Brute"]


def test_flaming_barduse_divides_its_damage_among_the_picked_characters(client):
    """Flaming Barduse: "COST: You may pick 2 or fewer characters. When this card enters play, if you picked
    characters as part of its cost, inflict up to 2 damage divided however you want to those characters."
    Three damage is more than the text allows (refused, spoils.402.1); 1 and 1 destroy both 1-life Surplus
    Soldiers (spoils.408.4), and bob's unpicked Plodding Brute is untouched."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}, "s2": {"card": "Surplus Soldier", "controller": "bob"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Flaming Barduse"]}, icons={"alice": "RRR"}))
    t.act(_play("Flaming Barduse", ["s1", "s2"], divided={"s1": 2, "s2": 1}))
    assert "spoils.402.1" in _rules(t.refuse({"type": "pass", "player": "bob"}))
    t = new_game(client, position(cards=cards, hands={"alice": ["Flaming Barduse"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", _play("Flaming Barduse", ["s1", "s2"], divided={"s1": 1, "s2": 1}))
    assert not t.named("Surplus Soldier") and t.card("b1")["damage"] == 0


def test_mesmerizing_enchantress_stops_the_picked_characters_attacking_until_alices_next_turn(client):
    """Mesmerizing Enchantress: "COST: You may pick 4 or fewer characters. When this card enters play, if you
    picked characters as part of its cost, they cannot attack until the start of your next turn." On bob's
    turn his picked Plodding Brute cannot attack (spoils.608.1b forbidden by the card, spoils.402.7), his
    unpicked Surplus Soldier can; on alice's next turn the effect is gone (spoils.602.1b)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Mesmerizing Enchantress"]}, icons={"alice": "OOOOO"}))
    t.resolve("alice", "bob", _play("Mesmerizing Enchantress", ["b1"]))
    assert len(t.state()["effects"]) == 1
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert "spoils.608.1b" in _rules(t.refuse({"type": "attack", "player": "bob", "attackers": ["b1"]}))
    t.act({"type": "attack", "player": "bob", "attackers": ["s1"]})
    t.fight()
    t.end_turn("bob", "alice")
    assert t.state()["effects"] == []


def test_dragon_archer_trades_damage_with_the_picked_character(client):
    """Dragon Archer: "COST: You may pick a character. When this card enters play, if you picked a character
    as part of its cost, X is that character's strength and Y is this card's strength. Inflict X damage to
    this card. Inflict Y damage to that character." Bob's Surplus Soldier (strength 1) deals the Archer 1,
    the Archer's 3 destroys the Soldier (spoils.406.3, spoils.408.4)."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Dragon Archer"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", _play("Dragon Archer", "s1"))
    archer = t.named("Dragon Archer", "alice")
    assert archer and t.card(archer[0])["damage"] == 1 and not t.named("Surplus Soldier")


# --------------------------------------------------------------------------------- terminate a card

def test_snooty_doorman_terminates_the_character_being_played(client):
    """Snooty Doorman: "DENIED! COST: Use this only in response to a character being played. Destroy this
    card. EFFECT: Terminate the character." Bob plays Stalwart Soldier; alice answers with DENIED!; once
    bob passes it resolves and the Soldier's play stops before it resolves (spoils.314.1): the Soldier never
    enters play and goes to bob's discard pile, and nothing is left waiting for responses."""
    t = new_game(client, position(active="bob", cards={"d1": {"card": "Snooty Doorman", "controller": "alice"}},
                                  hands={"bob": ["Stalwart Soldier"]}, icons={"bob": "RRR"}))
    t.act(_play("Stalwart Soldier", player="bob"))
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
    assert "PlayTerminated" in t.act(_play("Blow Up", "i1"))
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
    t.act(_play("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Tactician Vacation"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert "i1" in s["cards"] and t.influence("alice") == 25 and s["pending"] == []
    assert sorted(s["players"]["bob"]["discard"]) == ["Blow Up"]


# --------------------------------------------------------------------------------- face-down resource instead of the discard pile

def _resources(t, player: str) -> dict:
    return t.state()["players"][player]["resources"]


def test_sprint_becomes_a_face_down_resource_instead_of_going_to_the_discard_pile(client):
    """Sprint: "COST: Pick a character. EFFECT: This turn, the character gains 1 speed. Put this card into
    play under its owner's control as a face-down resource instead of into their discard pile." Alice's
    Plodding Brute gains 1 speed (3), and Sprint is now one of her resources, face down (spoils.411.1: it
    provides one Volition), not in her discard pile (spoils.205.2 replaced)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Sprint"]}, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", _play("Sprint", "b1"))
    assert t.card("b1")["effective"]["speed"] == 3
    p = t.state()["players"]["alice"]
    assert p["discard"] == [] and len(p["resources"]) == 4
    assert any(r.get("name") == "Sprint" and not r["face_up"] for r in p["resources"].values())


def test_cock_block_terminates_the_ability_and_becomes_a_face_down_resource(client):
    """Cock Block: "COST: Play this only in response to an ability. EFFECT: Terminate the ability. Put this
    card into play under its owner's control as a face-down resource instead of into its owner's discard
    pile." Bob's Research Assistant's RESEARCH is terminated (spoils.314.1: no cost reduction waits), and
    Cock Block is alice's face-down resource (spoils.411.1). Played with no ability to answer, it is refused
    (spoils.401.3a)."""
    cards = {"r1": {"card": "Research Assistant", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"alice": ["Cock Block"]}, icons={"alice": "EEE"}))
    assert "spoils.607.1" in _rules(t.refuse({"type": "respond", "player": "alice", "card": "Cock Block"}))
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
    t.act(_play("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "A Blazing Zero"})
    t.act({"type": "pass", "player": "bob"})
    s = t.state()
    assert "i1" in s["cards"] and t.influence("alice") == 25
    assert s["players"]["bob"]["discard"] == [] and s["players"]["alice"]["discard"] == ["A Blazing Zero"]
    assert any(r.get("name") == "Blow Up" and not r["face_up"] for r in _resources(t, "bob").values())


def test_hidden_ruins_comes_back_from_the_discard_pile_as_a_resource_when_a_greed_provider_enters(client):
    """Hidden Ruins: "While this card is in your discard pile, if a card that provides at least [G] enters play
    under your control, you may pay 2. If you do, put this card into play under your control as a face-down
    resource." Alice plays Greed face up (spoils.605.1, spoils.311.1), pays 2 and Hidden Ruins leaves her
    discard pile for her resources, face down (spoils.411.1). A Rage, which provides no [G], does nothing."""
    for played, back in (("Rage", False), ("Greed", True)):
        setup = position(stage="develop", hands={"alice": [played]}, icons={"alice": "GG"})
        setup["players"]["alice"]["discard"] = ["Hidden Ruins"]
        t = new_game(client, setup)
        t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": played, "face_up": True}})
        p = t.state()["players"]["alice"]
        assert (p["discard"] == []) is back
        assert any(r.get("name") == "Hidden Ruins" and not r["face_up"] for r in p["resources"].values()) is back
        assert sum(1 for r in p["resources"].values() if r.get("attached")) == (2 if back else 0)


# --------------------------------------------------------------------------------- an option as the rules text

def test_essence_of_greed_has_the_rules_text_of_the_option_chosen(client):
    """Essence of Greed: "Choose one of the following as this card's rules text: OPTION 1 Draw a card. OPTION 2
    COST: Pick a character. EFFECT: This turn, the character gains 2 life. OPTION 3 Your faction gains 4
    influence." A play choosing no option, or an OPTION 4, is refused (spoils.engine.rules-text-choice);
    OPTION 3 gives alice 4 influence and draws nothing; OPTION 2 needs its pick (spoils.401.3) and gives the
    character 2 life."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Essence of Greed"]}, icons={"alice": "GG"}))
    assert "spoils.engine.rules-text-choice" in _rules(t.refuse(_play("Essence of Greed")))
    assert "spoils.engine.rules-text-choice" in _rules(t.refuse(_play("Essence of Greed", option=4)))
    t.act(_play("Essence of Greed", option=3))
    played = next(e["data"] for e in t.events() if e["type"] == "CardPlayed")
    assert played["effect"][0]["script"]["choices"]["option"] == 3  # recorded with the play
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 29 and t.state()["players"]["alice"]["hand"] == 0
    u = new_game(client, position(cards=cards, hands={"alice": ["Essence of Greed"]}, icons={"alice": "GG"}))
    assert "spoils.310.1" in _rules(u.refuse(_play("Essence of Greed", option=2)))
    u.resolve("alice", "bob", _play("Essence of Greed", "b1", option=2))
    assert u.card("b1")["effective"]["life"] == 5 and u.influence("alice") == 25


def test_overindulge_option_2_draws_a_card_option_1_does_not(client):
    """Overindulge: "OPTION 1 COST: Pick a character. EFFECT: This turn, the character loses 2 life. OPTION 2
    COST: Pick a character. EFFECT: This turn, the character loses 1 life. Draw a card." Bob's Plodding Brute
    (3 life) has 1 life left after OPTION 1 and alice draws nothing; after OPTION 2 it has 2 life and alice
    draws Greed (spoils.410.3, spoils.306.1, spoils.engine.rules-text-choice)."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Overindulge"]}, icons={"alice": "DD"},
                                  decks={"alice": ["Greed"]}))
    t.resolve("alice", "bob", _play("Overindulge", "b1", option=1))
    assert t.card("b1")["effective"]["life"] == 1 and t.state()["players"]["alice"]["hand"] == 0
    u = new_game(client, position(cards=cards, hands={"alice": ["Overindulge"]}, icons={"alice": "DD"},
                                  decks={"alice": ["Greed"]}))
    u.act(_play("Overindulge", "b1", option=2, drawn=["Greed"]))
    u.act({"type": "pass", "player": "bob"})
    assert u.card("b1")["effective"]["life"] == 2 and u.state()["players"]["alice"]["hand_cards"] == ["Greed"]


# --------------------------------------------------------------------------------- ties, life, picks, attacks, parties, tokens

def test_executive_poaching_destroys_the_costliest_character_and_the_tie_is_alices_to_decide(client):
    """Executive Poaching: "Destroy the character your opponent controls with the highest numeric cost. If there
    is a tie, you decide which character is destroyed." Against Plodding Brute (4) and Surplus Soldier (1) the
    Brute is destroyed (spoils.304.1); against two Brutes the play must say which (spoils.engine.tie-choice):
    without a choice it is refused, with b2 only b2 goes."""
    one = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=one, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play("Executive Poaching"))
    assert not t.named("Plodding Brute") and t.named("Surplus Soldier", "bob")
    two = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "b2": {"card": "Plodding Brute", "controller": "bob"}}
    u = new_game(client, position(cards=two, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    u.act(_play("Executive Poaching"))
    assert "spoils.engine.tie-choice" in _rules(u.refuse({"type": "pass", "player": "bob"}))
    u = new_game(client, position(cards=two, hands={"alice": ["Executive Poaching"]}, icons={"alice": "GGGGG"}))
    u.resolve("alice", "bob", _play("Executive Poaching", tie="b2"))
    assert "b1" in u.state()["cards"] and "b2" not in u.state()["cards"]


def test_strangulate_destroys_a_character_with_4_life_or_less_only(client):
    """Strangulate: "COST: Pick a character. EFFECT: If the character has 4 life or less, destroy it." Plodding
    Brute (3 life) is destroyed (spoils.504.1, spoils.304.1); Dragon Archer (5 life) is not."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}, "d1": {"card": "Dragon Archer", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", _play("Strangulate", "d1"))
    assert "d1" in t.state()["cards"]
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    t.resolve("alice", "bob", _play("Strangulate", "b1"))
    assert "b1" not in t.state()["cards"] and "d1" in t.state()["cards"]


def test_martial_artist_cannot_be_picked_by_the_opponent(client):
    """Martial Artist: "Your opponent cannot pick this card." Alice's Strangulate cannot pick bob's Martial
    Artist (spoils.101.1 over spoils.310.1), and it can pick her own."""
    cards = {"m1": {"card": "Martial Artist", "controller": "bob"}, "m2": {"card": "Martial Artist", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    assert "spoils.101.1" in _rules(t.refuse(_play("Strangulate", "m1")))
    t.resolve("alice", "bob", _play("Strangulate", "m2"))
    assert "m2" not in t.state()["cards"] and "m1" in t.state()["cards"]


def test_high_court_of_demands_keeps_the_faction_from_being_attacked(client):
    """High Court of Demands: "Your opponent cannot attack your faction." Alice's attack on bob's faction is
    refused, named or by default (spoils.101.1 over spoils.608.1a); attacking the Court itself, a location, is
    allowed (spoils.207.3)."""
    cards = {"h1": {"card": "High Court of Demands", "controller": "bob"}, "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "bob"}))
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "target": "h1"})
    assert t.state()["battle"]["target"] == {"kind": "location", "card": "h1", "player": "bob"}


def test_hangdog_alley_allows_attacking_parties_of_one_member_only(client):
    """Hangdog Alley: "If an attacking party is formed, it must have only 1 member." Alice's party of two is
    refused (spoils.101.1 over spoils.608.1b); a party of one attacks."""
    cards = {"h1": {"card": "Hangdog Alley", "controller": "bob"}, "a1": {"card": "Plodding Brute", "controller": "alice"},
             "a2": {"card": "Surplus Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1", "a2"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert t.state()["battle"]["attackers"] == ["a1"]


def test_insect_appreciator_blocks_only_in_a_party_with_an_even_number_of_members(client):
    """Insect Appreciator: "When an attacking or blocking party is formed including this card, it must have an
    even number of members." Bob's block with the Appreciator alone is refused (spoils.101.1 over
    spoils.608.1d); with a Surplus Soldier beside it, two members, it blocks."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"}, "i1": {"card": "Insect Appreciator", "controller": "bob"},
             "s1": {"card": "Surplus Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(stop="blocks")
    assert "spoils.101.1" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["i1"]}))
    t.act({"type": "block", "player": "bob", "blockers": ["i1", "s1"]})
    assert t.state()["battle"]["blockers"] == ["i1", "s1"]


def test_runic_circuitry_powers_up_only_without_tokens(client):
    """Runic Circuitry: "POWER-UP COST: Use this only if there are no tokens on this card. Deplete this card.
    EFFECT: Reduce the next numeric cost you pay this turn by 3." With a token on it the ability is refused
    (spoils.401.3a); without, it is used and the reduction waits (spoils.406.5a)."""
    t = new_game(client, position(cards={"r1": {"card": "Runic Circuitry", "controller": "alice", "tokens": 1}}))
    assert "spoils.401.3a" in _rules(t.refuse({"type": "use_ability", "player": "alice", "card": "r1",
                                               "ability": "POWER-UP"}))
    t = new_game(client, position(cards={"r1": {"card": "Runic Circuitry", "controller": "alice"}}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "r1", "ability": "POWER-UP"})
    assert any("reduce_next_cost" in e["effect"] for e in t.state()["effects"])


def test_enormous_and_uncooperative_golem_enters_play_with_x_tokens(client):
    """Enormous and Uncooperative Golem: "COST: Choose a number for X. Pay X. This card enters play with X tokens
    on it. ... While there is a token on this card, it gains 5 strength and 5 life." With X = 2 alice pays
    1 + 2 (spoils.406.3) and the Golem enters play with 2 tokens (spoils.409.1), a 6/6 while they last."""
    t = new_game(client, position(hands={"alice": ["Enormous and Uncooperative Golem"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _play("Enormous and Uncooperative Golem", x=2))
    golem = t.card(t.named("Enormous and Uncooperative Golem", "alice")[0])
    assert golem["tokens"] == 2 and golem["effective"]["strength"] == 6
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 3


# --------------------------------------------------------------------------------- played using FLIP UP

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
    t.resolve("alice", "bob", _play("Nattering Stoopswaggler", flip_up="alice.r9"))
    card = t.card(t.named("Nattering Stoopswaggler", "alice")[0])
    assert card["tokens"] == 1 and card["effective"]["strength"] == 4 and "covert" not in card["effective"]["keywords"]
    u = new_game(client, position(hands={"alice": ["Nattering Stoopswaggler", "Strangulate"]}, icons={"alice": "OOOOODDDD"}))
    u.resolve("alice", "bob", _play("Nattering Stoopswaggler"))
    nid = u.named("Nattering Stoopswaggler", "alice")[0]
    assert u.card(nid)["tokens"] == 0 and "covert" in u.card(nid)["effective"]["keywords"]
    u.resolve("alice", "bob", _play("Strangulate", nid))
    alice = u.state()["players"]["alice"]
    assert nid not in u.state()["cards"] and alice["discard"] == ["Strangulate"] and len(alice["resources"]) == 10


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
        t.act(_play("Plodding Brute", player="bob"))
        return t
    t = table("GGG", False)
    assert "spoils.309.1" in _rules(t.refuse({"type": "respond", "player": "alice", "card": "Anatidaephobia"}))
    t = table("GGGG", False)
    t.act({"type": "respond", "player": "alice", "card": "Anatidaephobia"})
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 4
    t = table("G", True)
    t.act({"type": "respond", "player": "alice", "card": "Anatidaephobia", "choices": {"flip_up": "alice.r9"}})
    t.act({"type": "pass", "player": "bob"})
    assert t.influence("alice") == 20 and not t.named("Plodding Brute")
    assert t.state()["players"]["bob"]["discard"] == ["Plodding Brute"]


# --------------------------------------------------------------------------------- more cards of the same families

def test_idol_smasher_destroys_the_picked_item(client):
    """Idol Smasher: "COST: You may pick an item. When this card enters play, if you picked an item as part of
    its cost, destroy that item." Bob's Inadequate Wand, picked, is destroyed (spoils.304.1); a character
    cannot be picked (spoils.310.1)."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Idol Smasher"]}, icons={"alice": "RRRR"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Idol Smasher", "b1")))
    t.resolve("alice", "bob", _play("Idol Smasher", "i1"))
    assert "i1" not in t.state()["cards"] and t.state()["players"]["bob"]["discard"] == ["Inadequate Wand"]


def test_emphatic_ecto_manipulator_puts_2_tokens_on_alices_picked_character(client):
    """Emphatic Ecto-Manipulator: "COST: You may pick a character you control. When this card enters play, if you
    picked a character as part of its cost, put 2 tokens on that character." Bob's character is refused
    (spoils.310.1); alice's Plodding Brute gets 2 tokens (spoils.409.1)."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Emphatic Ecto-Manipulator"]}, icons={"alice": "OOOOO"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Emphatic Ecto-Manipulator", "b1")))
    t.resolve("alice", "bob", _play("Emphatic Ecto-Manipulator", "a1"))
    assert t.card("a1")["tokens"] == 2 and t.card("b1")["tokens"] == 0


def test_subordinate_demotivation_destroys_the_cheapest_opposing_character(client):
    """Subordinate Demotivation: "Destroy the character your opponent controls with the lowest numeric cost. If
    there is a tie, you decide which character is destroyed." Surplus Soldier (1) goes, Plodding Brute (4)
    stays; alice's own Surplus Soldier is not the opponent's (spoils.304.1, spoils.engine.tie-choice)."""
    cards = {"s1": {"card": "Surplus Soldier", "controller": "bob"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "s2": {"card": "Surplus Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Subordinate Demotivation"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play("Subordinate Demotivation"))
    left = t.state()["cards"]
    assert "s1" not in left and "b1" in left and "s2" in left


def test_impeccable_timing_picks_only_a_depleted_character(client):
    """Impeccable Timing: "COST: Pick a depleted character. EFFECT: If the character has 4 life or less, destroy
    it." Bob's Plodding Brute, not depleted, cannot be picked (spoils.310.1); depleted, it is destroyed (3 life,
    spoils.504.1)."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Impeccable Timing"]}, icons={"alice": "DDD"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Impeccable Timing", "b1")))
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}},
                                  hands={"alice": ["Impeccable Timing"]}, icons={"alice": "DDD"}))
    t.resolve("alice", "bob", _play("Impeccable Timing", "b1"))
    assert "b1" not in t.state()["cards"]


def test_theocratic_senate_of_marduun_keeps_the_faction_from_being_attacked(client):
    """Theocratic Senate of Marduun: "Your opponent cannot attack your faction." Alice's attack on bob's faction is
    refused (spoils.101.1 over spoils.608.1a); bob's own attack on alice's faction is not."""
    cards = {"t1": {"card": "Theocratic Senate of Marduun", "controller": "bob"},
             "a1": {"card": "Plodding Brute", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    u = new_game(client, position(active="bob", cards=cards))
    u.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    assert u.state()["battle"]["target"]["kind"] == "faction"


def test_anxious_oaf_attacks_only_with_company(client):
    """Anxious Oaf: "When an attacking or blocking party is formed including this card, it must have at least 2
    members." Alone it cannot attack (spoils.101.1 over spoils.608.1b); with Plodding Brute it does."""
    cards = {"o1": {"card": "Anxious Oaf", "controller": "alice"}, "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    assert "spoils.101.1" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["o1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["o1", "a1"]})
    assert t.state()["battle"]["attackers"] == ["o1", "a1"]


def test_essence_of_rage_option_1_damages_a_faction(client):
    """Essence of Rage: "OPTION 1 COST: Pick a character or faction. EFFECT: Inflict 1 damage to the character or
    faction. ... OPTION 3 COST: Pick a character. EFFECT: Deplete the character." OPTION 1 aimed at bob's faction
    costs bob 1 influence (spoils.408.3); OPTION 3 cannot pick a faction (spoils.310.1)."""
    t = new_game(client, position(hands={"alice": ["Essence of Rage"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Essence of Rage", "faction:bob", option=3)))
    t.resolve("alice", "bob", _play("Essence of Rage", "faction:bob", option=1))
    assert t.influence("bob") == 24


def test_tactician_vacation_forbids_tactics_for_the_rest_of_the_turn(client):
    """Tactician Vacation: "... If you played this card in response to a tactic, terminate the tactic. This turn,
    tactics cannot be played." After it answers bob's Blow Up, bob's Extortify is refused (spoils.604.1a
    forbidden by the card, spoils.402.7); his character is still played; the next turn
    tactics are played again (spoils.602.1b)."""
    cards = {"i1": {"card": "Inadequate Wand", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"bob": ["Blow Up", "Extortify", "Surplus Soldier"],
                                                                    "alice": ["Tactician Vacation"]},
                                  icons={"bob": "RRRRGG", "alice": "RRRR"}))
    t.act(_play("Blow Up", "i1", player="bob"))
    t.act({"type": "respond", "player": "alice", "card": "Tactician Vacation"})
    t.act({"type": "pass", "player": "bob"})
    assert "spoils.604.1a" in _rules(t.refuse(_play("Extortify", player="bob")))
    t.resolve("bob", "alice", _play("Surplus Soldier", player="bob"))
    assert t.named("Surplus Soldier", "bob")
    t.end_turn("bob", "alice")
    assert t.state()["effects"] == []


def test_clam_hash_returns_to_the_hand_only_when_played_using_flip_up(client):
    """Clam Hash: "COST: Pick a character. EFFECT: This turn, the character gains 2 life. If you played this card
    using FLIP UP, put this card into its owner's hand instead of their discard pile. FLIP UP: 2 [G][G]".
    Flipped up from alice's resources (spoils.507.4a) it ends in her hand; played from hand it ends in her
    discard pile (spoils.205.2); the Brute gains 2 life either way."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "alice"}}
    setup = position(cards=cards, icons={"alice": "GG"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Clam Hash", "face_up": False}
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play("Clam Hash", "b1", flip_up="alice.r9"))
    alice = t.state()["players"]["alice"]
    assert alice["hand"] == 1 and alice["hand_cards"] == ["Clam Hash"] and alice["discard"] == []
    assert t.card("b1")["effective"]["life"] == 5
    u = new_game(client, position(cards=cards, hands={"alice": ["Clam Hash"]}, icons={"alice": "GG"}))
    u.resolve("alice", "bob", _play("Clam Hash", "b1"))
    alice = u.state()["players"]["alice"]
    assert alice["hand"] == 0 and alice["discard"] == ["Clam Hash"] and u.card("b1")["effective"]["life"] == 5
