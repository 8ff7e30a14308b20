"""Cards the pool rehearsal found the engine did not hold (round 3d), played by name through the API:
each test shows the card's text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "play_card", "player": player, "card": card, "targets": list(targets)}
    if choices:
        action["choices"] = choices
    return action


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def _rules(violations: list[dict]) -> list[str]:
    return [v["rule"]["id"] for v in violations]


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
