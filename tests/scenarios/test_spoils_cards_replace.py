"""Replacements, redirects and icon conditions (round 3e), played by name through the API: each test
shows the card's text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, play_card as _play  # noqa: F401

pytestmark = needs_data


# ------------------------------------------------------------------------------ "if you control [R][R]"

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


# ------------------------------------------------------------------------------ "enters play under your control"

def _respond(card: str, player: str = "alice", **extra) -> dict:
    return {"type": "respond", "player": player, "card": card, **extra}


def test_forced_recruitment_takes_the_character_being_played(client):
    """Forced Recruitment: "COST: Play this only in response to a character being played. Pay X, where
    X is its numeric cost. EFFECT: The character enters play under your control."  Bob plays Stalwart
    Soldier; alice answers (spoils.607.1), paying 2 + 3; hers resolves first (spoils.607.2) and when the
    Soldier resolves it enters play under alice's control, bob still its owner (spoils.604.1h)."""
    t = new_game(client, position(active="bob", icons={"alice": "DDDDD", "bob": "RRR"},
                                  hands={"alice": ["Forced Recruitment"], "bob": ["Stalwart Soldier"]}))
    t.act(_play("Stalwart Soldier", player="bob"))
    t.act(_respond("Forced Recruitment"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    soldier = t.named("Stalwart Soldier")
    assert len(soldier) == 1 and t.card(soldier[0])["controller"] == "alice" and t.card(soldier[0])["owner"] == "bob"
    assert "Forced Recruitment" in t.state()["players"]["alice"]["discard"]


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


def test_patent_enforcement_takes_the_item_and_its_icons(client):
    """Patent Enforcement: "COST: Play this only in response to an item being played. Pay X, where X
    is its numeric cost. EFFECT: The item enters play under your control."  Bob plays Crest of Elitism
    ("PROVIDES: [E][E]"); alice answers and the Crest enters play under her control (spoils.604.1h):
    its icons count for her (spoils.311.1), not for bob."""
    t = new_game(client, position(active="bob", icons={"alice": "EEE", "bob": "G"},
                                  hands={"alice": ["Patent Enforcement"], "bob": ["Crest of Elitism"]}))
    t.act(_play("Crest of Elitism", player="bob"))
    t.act(_respond("Patent Enforcement"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    crest = t.named("Crest of Elitism")
    assert len(crest) == 1 and t.card(crest[0])["controller"] == "alice"
    players = t.state()["players"]
    assert players["alice"]["icons"].get("E") == 5 and not players["bob"]["icons"].get("E")
