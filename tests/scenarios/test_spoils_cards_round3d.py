"""Cards the pool rehearsal found the engine did not hold (round 3d), played by name through the API:
each test shows the card's text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


# ------------------------------------------------------------------------------ a cost that depletes

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


# ------------------------------------------------------------------------------ PROVIDES on non-resources

def test_embittered_cadet_provides_rage_for_a_threshold(client):
    """Embittered Cadet (a character): "PROVIDES: [R]".  Icons a card says it provides count toward
    thresholds (spoils.311.1): with the Cadet in play alice, whose resources are two Greed, meets Dragon
    Juice's [R] threshold and plays it; without it the play is refused (spoils.405.2)."""
    for cadet in (True, False):
        cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        if cadet:
            cards["a1"] = {"card": "Embittered Cadet", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Dragon Juice"]}, icons={"alice": "GG"}))
        if cadet:
            t.resolve("alice", "bob", _play("Dragon Juice", "b1"))
            assert t.card("b1")["effective"]["strength"] == 8
        else:
            assert "spoils.405.2" in _rules(t.refuse(_play("Dragon Juice", "b1")))


def test_minion_of_thabbash_and_the_crests_provide_their_icons(client):
    """Minion of Thabbash (a character): "PROVIDES: [O]"; Crest of Elitism and Crest of Deception (items,
    both UNIQUE Crest): "PROVIDES: [E][E]", "PROVIDES: [D][D]" (spoils.311.1): alice's icons count one
    [O] and two [E], bob's two [D] (the Crests once gave none, or one); with the Crest of Elitism alice
    plays Kaiser Wave ([E][E]) from two Greed resources, which she could not do without it (spoils.405.2)."""
    cards = {"a1": {"card": "Minion of Thabbash", "controller": "alice"},
             "a2": {"card": "Crest of Elitism", "controller": "alice"},
             "b2": {"card": "Crest of Deception", "controller": "bob"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Kaiser Wave"]}, icons={"alice": "GG"}))
    icons, bobs = t.state()["players"]["alice"]["icons"], t.state()["players"]["bob"]["icons"]
    assert (icons.get("O"), icons.get("E"), icons.get("D"), icons.get("G")) == (1, 2, None, 2)
    assert bobs.get("D") == 2
    t.resolve("alice", "bob", _play("Kaiser Wave", "b1"))
    assert t.card("b1")["effective"]["strength"] == 4
    del cards["a2"]
    u = new_game(client, position(cards=cards, hands={"alice": ["Kaiser Wave"]}, icons={"alice": "GG"}))
    assert "spoils.405.2" in _rules(u.refuse(_play("Kaiser Wave", "b1")))


# ------------------------------------------------------------------------------ "for each token on it (them)"

def test_ectological_hazard_suit_counts_the_tokens_on_the_attached_character(client):
    """Ectological Hazard Suit (ATTACH to Character): "When this card enters play, put a token on the
    attached character. The attached character gains 1 strength and 1 life for each token on it."  "it"
    is the attached character (spoils.409.1): played onto a Stalwart Soldier (3/3/3) it puts a token on
    the Soldier, which becomes 4/4 (spoils.507.2a, spoils.503.1); a Soldier holding 2 tokens under a Suit
    holding 3 is 5/5: the Suit's own tokens do not count (the engine once counted those)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice", "tokens": 2},
             "w2": {"card": "Ectological Hazard Suit", "controller": "alice", "attached_to": "a2", "tokens": 3}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Ectological Hazard Suit"]}, icons={"alice": "OOO"}))
    assert (t.card("a2")["effective"]["strength"], t.card("a2")["effective"]["life"]) == (5, 5)
    t.resolve("alice", "bob", _play("Ectological Hazard Suit", attach_to="a1"))
    a1 = t.card("a1")
    assert a1["tokens"] == 1 and (a1["effective"]["strength"], a1["effective"]["life"]) == (4, 4)


def test_dragon_catheter_gives_each_character_strength_for_its_own_tokens(client):
    """Dragon Catheter: "All characters gain 1 strength for each token on them." (spoils.409.1): alice's
    Stalwart Soldier with 2 tokens is at 5 strength, bob's with 1 token at 4, a Soldier with none stays
    at 3, and the Catheter's own tokens count for no one (the engine once gave nothing; no Catheter, no
    gain).  Its trigger, "at the start of your turn, put a token on the character with the highest
    strength", then puts the next token on alice's 5-strength Soldier (spoils.503.1), now at 6."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "tokens": 2},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob", "tokens": 1},
             "c1": {"card": "Dragon Catheter", "controller": "alice", "tokens": 4}}
    t = new_game(client, position(cards=cards, active="bob"))
    assert [t.card(c)["effective"]["strength"] for c in ("a1", "a2", "b1")] == [5, 3, 4]
    t.end_turn("bob", "alice")
    for _ in range(4):
        s = t.state()
        if not s.get("to_act") or not (s.get("pending") or s.get("triggers")):
            break
        t.act({"type": "pass", "player": s["to_act"]})
    assert t.card("a1")["tokens"] == 3 and t.card("a1")["effective"]["strength"] == 6
    del cards["c1"]
    u = new_game(client, position(cards=cards))
    assert [u.card(c)["effective"]["strength"] for c in ("a1", "a2", "b1")] == [3, 3, 3]


# ------------------------------------------------------------------------------ the opposing party

def test_topplemajig_slows_the_opposing_party_while_in_a_battle(client):
    """Topplemajig: "While this card is in a battle, all characters in the opposing party lose 1 speed."
    (spoils.608.1b, spoils.608.1d: the parties): alice attacks with Topplemajig and a Stalwart Soldier;
    once bob's Stalwart Soldier blocks, it is at speed 2 while alice's party keeps its speed (1 and 3);
    before the block, and for bob's Soldier standing aside, nothing changes (the engine once applied
    nothing)."""
    cards = {"t1": {"card": "Topplemajig", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["t1", "a1"]})
    t.fight(stop="blocks")
    assert t.card("b1")["effective"]["speed"] == 3
    t.act({"type": "block", "player": "bob", "blockers": ["b1"]})
    speeds = {c: t.card(c)["effective"]["speed"] for c in ("b1", "b2", "t1", "a1")}
    assert speeds == {"b1": 2, "b2": 3, "t1": 1, "a1": 3}


def test_horrendous_behemoth_weakens_and_slows_the_opposing_party(client):
    """Horrendous Behemoth (4/4/2): "While this card is in a battle, characters in the opposing party lose
    1 strength and 1 speed." (spoils.608.1b, spoils.608.1d): bob attacks with a Topplemajig (4/4/1,
    whose own text slows the Behemoth to 1) and the Behemoth blocks: the Topplemajig is 3/4/0, so the
    Behemoth, faster, deals its damage first (spoils.204.4c, spoils.609.1b) and destroys it before it
    strikes: the Behemoth ends the battle undamaged (with speeds 1 and 1 both would have died)."""
    cards = {"h1": {"card": "Horrendous Behemoth", "controller": "alice"},
             "t1": {"card": "Topplemajig", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    t.act({"type": "attack", "player": "bob", "attackers": ["t1"]})
    t.fight(stop="blocks")
    t.act({"type": "block", "player": "alice", "blockers": ["h1"]})
    assert (t.card("t1")["effective"]["strength"], t.card("t1")["effective"]["speed"]) == (3, 0)
    assert (t.card("h1")["effective"]["strength"], t.card("h1")["effective"]["speed"]) == (4, 1)
    t.fight()
    assert "t1" not in t.state()["cards"] and t.card("h1")["damage"] == 0


# ------------------------------------------------------------------------------ gear that gives a keyword

def test_cunning_disguise_gives_covert_to_the_attached_character(client):
    """Cunning Disguise (gear, -1 strength -1 life): "The attached character loses 1 strength, 1 life, and
    gains Covert." (spoils.201.7c: the gear's modifiers; spoils.402.6: the gained keyword): the Stalwart
    Soldier it is played onto is 2/2 and covert, so bob's non-covert character cannot block it
    (spoils.507.3b; the engine once dropped the Covert with the gear's printed modifiers)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Cunning Disguise"]}, icons={"alice": "DD"}))
    t.resolve("alice", "bob", _play("Cunning Disguise", attach_to="a1"))
    eff = t.card("a1")["effective"]
    assert "covert" in eff["keywords"] and (eff["strength"], eff["life"]) == (2, 2)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(stop="blocks")
    assert "spoils.507.3b" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]}))
