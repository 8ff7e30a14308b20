"""Factions of The Spoils, played by name through the API: faction abilities (ENHANCE, DRAW,
RESOURCE, SNEAK), a faction picked and then named "it", starting resources, and a faction kept in the
game at 0 influence (spoils.202.3, spoils.102.1).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import faction_ability as _faction
from tests.scenarios.spoils.positions import SOLDIERS, characters_of as _chars
from tests.scenarios.spoils.readings import effective as _eff
from tests.scenarios.spoils.steps import refused_by as _refused_by
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_drowned_catacombs_sneaks_a_character_no_stronger_than_bobs_headcount(client):
    """Drowned Catacombs (faction): "SNEAK COST: X is the number of characters your opponent controls.
    Pay X. Pick a character with X strength or less. EFFECT: This turn, the character gains COVERT."
    Bob controls two characters: X is 2; Creaky Old Swordsman (strength 3) is refused (spoils.310.1),
    Agile Highwayman (strength 2) gains Covert (spoils.202.9, spoils.502.2)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "a2": {"card": "Creaky Old Swordsman", "controller": "alice"},
                                         **_chars("bob", 2)},
                                  icons={"alice": "DD"}, factions={"alice": "Drowned Catacombs"}))
    sneak = {"type": "faction_ability", "player": "alice", "ability": "SNEAK"}
    assert _refused_by(t, sneak | {"targets": ["a2"]}, "spoils.310.1")
    t.resolve("alice", "bob", sneak | {"targets": ["a1"]})
    assert "covert" in _eff(t, "a1")["keywords"] and t.state()["players"]["alice"]["unattached"] == 0


def test_armored_keep_keeps_its_controller_in_the_game_at_0_influence(client):
    """Armored Keep: "You do not lose the game because your faction has 0 influence." (spoils.101.1 over
    spoils.102.1, spoils.410.4): bob's Bask Bile inflicts 5 damage to alice's faction at 4 influence: it
    stays at 0 and alice, controlling the Keep, plays on (no winner); without the Keep bob wins."""
    for keep in (True, False):
        cards = {"k1": {"card": "Armored Keep", "controller": "alice"}} if keep else {}
        faction = {"name": "alice's faction", "influence": 4, "starting_influence": 25}
        t = new_game(client, position(cards=cards, hands={"bob": ["Bask Bile"]}, icons={"bob": "RRRRRRR"},
                                      active="bob", factions={"alice": faction}))
        t.resolve("bob", "alice", _play("Bask Bile", "faction:alice", player="bob"))
        state = t.state()
        assert state["players"]["alice"]["faction"]["influence"] == 0
        if keep:
            assert state["winner"] is None and "Armored Keep" in t.trace_text()
            t.act({"type": "end_turn", "player": "bob"})
        else:
            assert state["winner"]["player"] == "bob"
        assert t.audit_valid()


def _influence(t, player: str) -> int:
    return t.state()["players"][player]["faction"]["influence"]


def test_crest_of_greed_gives_influence_to_the_faction_picked(client):
    """Crest of Greed: when a card providing [G] enters play under alice's control, she may pick a
    faction; if she does, that faction gains 2 influence (spoils.202.3).  Alice plays a Greed staple
    in her develop step and picks bob's faction: bob's faction gains 2, hers does not."""
    cards = {"cg": {"card": "Crest of Greed", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop"))
    alice, bob = _influence(t, "alice"), _influence(t, "bob")
    t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True,
           "choices": {"targets": ["faction:bob"]}})
    assert (_influence(t, "alice"), _influence(t, "bob")) == (alice, bob + 2)
    assert "Crest of Greed" in t.trace_text()
    assert t.audit_valid()


def test_alliance_of_handy_weirdos_enhances_a_character_for_the_turn(client):
    """Alliance of Handy Weirdos (faction, influence 20): "<ENHANCE> COST: Pay 3. Pick a character.
    EFFECT: This turn, the characters gains 1 strength and 1 life." (spoils.202.3, spoils.309.1,
    spoils.faq.faction-ability-timing, spoils.310.1): alice's Stalwart Soldier (3/3/3), enhanced to 4/4,
    attacks bob's blocking Soldier and survives it; without ENHANCE both are destroyed; the next turn
    it is 3/3 again."""
    for enhance in (True, False):
        t = new_game(client, position(cards=SOLDIERS, icons={"alice": "EEE"},
                                      factions={"alice": "Alliance of Handy Weirdos"}))
        assert t.influence("alice") == 20
        if enhance:
            t.resolve("alice", "bob", _faction("ENHANCE") | {"targets": ["a1"]})
            assert t.card("a1")["effective"]["strength"] == t.card("a1")["effective"]["life"] == 4
            assert t.state()["players"]["alice"]["unattached"] == 0
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert sorted(t.state()["cards"]) == (["a1"] if enhance else [])
        if enhance:
            t.end_turn("alice", "bob")
            assert (t.card("a1")["effective"]["strength"], t.card("a1")["effective"]["life"]) == (3, 3)
        assert t.audit_valid()


def test_the_tournament_faction_draws_for_3_and_plays_a_resource_for_4(client):
    """The Tournament Faction (influence 25): "DRAW COST: Pay 3. EFFECT: Draw a card. RESOURCE COST: Pay 4.
    EFFECT: Play a resource." (spoils.202.3, spoils.309.1, spoils.306.1, spoils.605.1): alice starts at 25
    influence; with two resources DRAW is refused (spoils.309.1); with seven, she draws a card for 3 and
    plays it (face down) as a resource for 4; it has no ENHANCE (spoils.606.1a)."""
    faction = {"alice": "The Tournament Faction"}
    poor = new_game(client, position(icons={"alice": "GG"}, factions=faction))
    assert poor.influence("alice") == 25
    assert "spoils.309.1" in _rules(poor.refuse(_faction("DRAW")))
    assert _rules(poor.refuse(_faction("ENHANCE"))) == ["spoils.606.1a"]
    t = new_game(client, position(icons={"alice": "GGGGGGG"}, factions=faction, decks={"alice": ["Greed", "Gnat"]}))
    t.resolve("alice", "bob", _faction("DRAW"))
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], alice["deck"], alice["unattached"]) == (1, 1, 4)
    t.resolve("alice", "bob", _faction("RESOURCE"))
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], len(alice["resources"]), alice["unattached"]) == (0, 8, 1)
    assert t.audit_valid()


def test_a_factions_starting_resources_are_the_ones_its_text_lists(client):
    """Alliance of Handy Weirdos: "STARTING RESOURCES: 1 Elitism, 1 staple resource."; Moist Cave of the
    Darkpump: "... 1 Obsession, 1 staple resource."; The Tournament Faction: "... Any 2 staple resources."
    (spoils.202.5, spoils.601.1b): a deck starting with Elitism and Greed under the Alliance is in order and
    both are in play; the same resources under the Moist Cave are reported (no Obsession), as is a single
    Greed under The Tournament Faction."""
    def deck(faction: str, starting: list[str]) -> list[dict]:
        return [{"name": faction, "section": "Faction"},
                *({"name": n, "count": 1, "section": "Faction"} for n in starting), {"name": "Elitism", "count": 75}]

    for faction, starting, problems in (("Alliance of Handy Weirdos", ["Elitism", "Greed"], []),
                                        ("Moist Cave of the Darkpump", ["Elitism", "Greed"], ["spoils.601.1b"]),
                                        ("The Tournament Faction", ["Greed"], ["spoils.601.1b"])):
        body = {"game": "spoils", "first_player": "alice", "players": [
            {"id": "alice", "deck": deck(faction, starting)},
            {"id": "bob", "deck": deck("The Tournament Faction", ["Rage"] * 2)}]}
        r = client.post("/games", json=body)
        assert r.status_code == 201, r.get_json()
        summary = client.get(f"/games/{r.get_json()['id']}").get_json()
        assert [p["rule"] for p in summary["players"][0]["deck_problems"]] == problems, faction
        assert summary["players"][1]["deck_problems"] == []
        state = client.get(f"/games/{r.get_json()['id']}/state").get_json()
        assert sorted(r["name"] for r in state["players"]["alice"]["resources"].values()) == sorted(starting)
