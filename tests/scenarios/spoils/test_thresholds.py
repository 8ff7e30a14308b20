"""Icons and thresholds, played by name through the API: cards that provide icons, icons controlled
for a turn, abilities under a threshold, costs and effects that count icons (spoils.311.1,
spoils.405).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import respond as _respond
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as play, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_dwarvish_grimalkin_draws_for_each_threshold_met(client):
    """Dwarvish Grimalkin: "[G][G]: When this card enters play, draw a card. [G]x5: ... draw a card.
    [G]x9: ... draw a card." (spoils.311.1, spoils.410.3): played with one Greed it draws nothing, with
    two one card, with five two cards (both triggers, in the order alice chooses, spoils.503.4)."""
    for icons, drawn in (("G", 0), ("GG", 1), ("GGGGG", 2)):
        t = new_game(client, position(hands={"alice": ["Dwarvish Grimalkin"]}, icons={"alice": icons}))
        t.resolve("alice", "bob", _play("Dwarvish Grimalkin"))
        for _ in range(4):
            choice = t.state().get("choice")
            if not choice:
                break
            t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})
        p = t.state()["players"]["alice"]
        assert (p["hand"], p["deck"]) == (drawn, 30 - drawn), icons
        assert t.audit_valid()


def test_unscrupuls_of_victory_reads_the_icons_alice_controls(client):
    """Unscrupuls of Victory: "If you control at least [O][O], your opponent discards 1 card. If you
    control at least [G][G], draw 1 card. ... If you control at least [R][R], you may pick a character.
    If you do, inflict 2 damage to it."  The pick is made as the tactic resolves (choices.targets).  The icons counted are those alice's resources provide
    (spoils.311.1, spoils.405.5), never spent by paying (spoils.405.6): with [R][R] she damages bob's
    soldier and neither draws nor makes bob discard; with [G][G] she draws and the soldier is unharmed."""
    for icons in ("RR", "GG"):
        cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
        t = new_game(client, position(cards=cards, icons={"alice": icons},
                                      hands={"alice": ["Unscrupuls of Victory"], "bob": ["Stalwart Soldier"]}))
        t.resolve("alice", "bob", _play("Unscrupuls of Victory", targets=["b1"]))
        players = t.state()["players"]
        assert players["bob"]["hand"] == 1
        if icons == "RR":
            assert t.card("b1")["damage"] == 2 and players["alice"]["hand"] == 0
        else:
            assert t.card("b1")["damage"] == 0 and players["alice"]["hand"] == 1


def test_headhunting_needs_as_many_deception_as_the_cost(client):
    """Headhunting: "COST: Play this only in response to a character with numeric cost X or less being
    played, where X is number of [D] you control. EFFECT: The character enters play under your
    control."  Against Stalwart Soldier (numeric cost 3), alice with two [D] cannot answer
    (spoils.401.3a, nothing appended); with three she does and the Soldier enters play under her
    control (spoils.604.1h)."""
    for icons in ("DDRRR", "DDDRR"):
        t = new_game(client, position(active="bob", icons={"alice": icons, "bob": "RRR"},
                                      hands={"alice": ["Headhunting"], "bob": ["Stalwart Soldier"]}))
        t.act(_play("Stalwart Soldier", player="bob"))
        if icons == "DDRRR":
            before = t.state()["position"]
            assert "spoils.401.3a" in [v["rule"]["id"] for v in t.refuse(_respond("Headhunting"))]
            assert t.state()["position"] == before
            continue
        t.act(_respond("Headhunting"))
        t.act({"type": "pass", "player": "bob"})
        t.act({"type": "pass", "player": "alice"})
        assert [t.card(c)["controller"] for c in t.named("Stalwart Soldier")] == ["alice"]


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


def test_31337_gives_an_additional_4_elitism_icons_this_turn(client):
    """31337!: "This turn, you control an additional [E][E][E][E]." The icons count for thresholds
    (spoils.311.1, spoils.405) until the turn ends (spoils.602.1b): with a single [E] resource, alice
    cannot play Goloam (threshold [E][E][E][E]); after 31337! resolves she can, and the 4 icons are
    gone on bob's turn."""
    setup = position(hands={"alice": ["31337!", "Goloam"]}, icons={"alice": "EGGGGGG"})
    t = new_game(client, setup)
    assert "spoils.405.2" in [v["rule"]["id"] for v in t.refuse(play("Goloam"))]
    t.resolve("alice", "bob", play("31337!"))
    assert t.state()["players"]["alice"]["icons"]["E"] == 5
    t.resolve("alice", "bob", play("Goloam"))
    assert t.named("Goloam", "alice")
    t.end_turn("alice", "bob")
    assert t.state()["players"]["alice"]["icons"]["E"] == 1
