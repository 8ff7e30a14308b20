"""Spoils cards the engine enforces but no scenario played (final d, after final c), played by name
through the API: each test shows the card's printed text changing the game, and cites the card and the
rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data

SOLDIERS = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
            "b1": {"card": "Stalwart Soldier", "controller": "bob"}}


def _faction(name: str) -> dict:
    return {"type": "faction_ability", "player": "alice", "ability": name}


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


def test_land_shark_grows_with_the_opponents_face_down_resources(client):
    """Land Shark (0/0/3): "This card gains 1 strength and 1 life for each face-down resource your
    opponent controls." (spoils.203.4a, spoils.faq.zero-life): bob controls two face-down resources and a
    Greed: it enters play 2/2 (alice's own face-down resource does not count); against bob without
    face-down resources it has 0 life and is destroyed as it enters play."""
    for bob, stays in (("VVG", True), ("GG", False)):
        t = new_game(client, position(hands={"alice": ["Land Shark"]}, icons={"alice": "VOOO", "bob": bob}))
        t.resolve("alice", "bob", _play("Land Shark"))
        shark = t.named("Land Shark")
        assert bool(shark) is stays and t.state()["players"]["alice"]["discard"] == ([] if stays else ["Land Shark"])
        if stays:
            assert (t.card(shark[0])["effective"]["strength"], t.card(shark[0])["effective"]["life"]) == (2, 2)
        assert t.audit_valid()


def test_hulking_vigilante_works_alone(client):
    """Hulking Vigilante (5/5/4): "If you control any other characters you own, destroy this card."
    (spoils.101.1, spoils.304.1): alone it stays in play, next to a Stalwart Soldier alice controls but
    bob owns as well; once alice plays her own Gnat, the Vigilante is destroyed."""
    borrowed = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "owner": "bob"}}
    t = new_game(client, position(cards=borrowed, hands={"alice": ["Hulking Vigilante", "Gnat"]},
                                  icons={"alice": "DDDDDO"}))
    t.resolve("alice", "bob", _play("Hulking Vigilante"))
    assert t.named("Hulking Vigilante")
    t.resolve("alice", "bob", _play("Gnat"))
    assert not t.named("Hulking Vigilante") and t.named("Gnat")
    assert t.state()["players"]["alice"]["discard"] == ["Hulking Vigilante"] and t.audit_valid()


def _settle(t) -> None:
    """Triggers that fired together resolve, each pending choice taking its first option."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})


def test_gold_summit_pays_one_influence_per_card_drawn(client):
    """Gold Summit: "If you draw any number of cards, your faction gains X influence, where X is the number
    of cards drawn." (spoils.306.1, spoils.503.1, spoils.202.3): alice (20 influence) draws a card with
    her faction's DRAW and gains 1; Dwarvish Grimalkin's two draws as it enters play give 2 more; without
    the Summit the same draws leave her at 20."""
    for summit in (True, False):
        cards = {"g1": {"card": "Gold Summit", "controller": "alice"}} if summit else {}
        t = new_game(client, position(cards=cards, icons={"alice": "GGGGGGGG"}, influence=20,
                                      hands={"alice": ["Dwarvish Grimalkin"]}))
        t.resolve("alice", "bob", _faction("DRAW"))
        assert t.influence("alice") == (21 if summit else 20)
        t.resolve("alice", "bob", _play("Dwarvish Grimalkin"))
        _settle(t)
        assert t.state()["players"]["alice"]["hand"] == 3 and t.influence("alice") == (23 if summit else 20)
        assert t.audit_valid()


def test_jumping_screamspider_slows_the_opposing_party_in_its_battle(client):
    """Jumping Screamspider (1/1/4, Covert): "SCREAM COST: This card loses Covert this turn. EFFECT: This
    turn, while this card is in a battle, all characters in the opposing party lose 2 speed." (spoils.504.1,
    spoils.609.1b): after SCREAM it attacks with a Stalwart Soldier; bob's blocking Soldier is at speed 1
    (his other Soldier, out of the battle, keeps 3) and is destroyed before it strikes: alice loses
    nothing; without SCREAM it strikes alice's Soldier at speed 3 and both Soldiers are destroyed."""
    cards = {"j1": {"card": "Jumping Screamspider", "controller": "alice"}, **SOLDIERS,
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    damage = {"bob": [{"source": "b1", "to": "a1", "amount": 3}],
              "alice": [{"source": "j1", "to": "b1", "amount": 1}, {"source": "a1", "to": "b1", "amount": 3}]}
    for scream in (True, False):
        t = new_game(client, position(cards=cards))
        if scream:
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "j1", "ability": "SCREAM",
                                       "targets": []})
            assert "covert" not in t.card("j1")["effective"]["keywords"] and t.card("b1")["effective"]["speed"] == 3
        t.act({"type": "attack", "player": "alice", "attackers": ["j1", "a1"]})
        t.fight(blockers=["b1"], stop="tactics_a")
        assert [t.card(c)["effective"]["speed"] for c in ("b1", "b2")] == ([1, 3] if scream else [3, 3])
        t.fight(blockers=["b1"], assignments=damage)
        assert sorted(t.state()["cards"]) == (["a1", "b2", "j1"] if scream else ["b2", "j1"])
        assert t.audit_valid()


def test_cowslaw_fetches_a_tactic_no_dearer_than_the_tactics_it_removes(client):
    """Cowslaw: "COST: Choose a number for X that is greater than 0. Remove X tactics in your discard pile
    from the game. EFFECT: You may search your deck for a tactic with numeric cost X or less and reveal it.
    If you do, put it into your hand." (spoils.401.3, spoils.401.2, spoils.312.1): X = 0 is refused, and so
    is removing a Key Man (no tactic); removing two tactics (X = 2), Rumply Ruse (cost 3) is not taken;
    removing three (X = 3), it is put into alice's hand."""
    setup = position(hands={"alice": ["Cowslaw"]}, icons={"alice": "OO"},
                     decks={"alice": ["Rumply Ruse", "Unnatural Alteration", "Key Man"]})
    setup["players"]["alice"]["discard"] = ["Cowslaw", "Penetrate", "Rumply Ruse", "Key Man"]
    t = new_game(client, setup)
    assert _rules(t.refuse(_play("Cowslaw", [], x=0))) == ["spoils.401.3"]
    assert _rules(t.refuse(_play("Cowslaw", ["Cowslaw", "Key Man"], x=2, found=["Rumply Ruse"]))) == ["spoils.401.2"]
    for removed, hand in ((["Cowslaw", "Penetrate"], []), (["Cowslaw", "Penetrate", "Rumply Ruse"], ["Rumply Ruse"])):
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Cowslaw", removed, x=len(removed), found=["Rumply Ruse"]))
        alice = t.state()["players"]["alice"]
        assert (alice["hand_cards"], alice["removed"]) == (hand, removed)
        assert alice["deck"] == 3 - len(hand) and alice["discard"][-1] == "Cowslaw" and t.audit_valid()


def test_flailing_knife_comes_back_onto_another_character_when_the_type_is_revealed(client):
    """Flailing Knife: "ATTACH to Character. The attached character gains 2 strength. If this card is put
    into your discard pile from play, you may choose a card type. If you do, reveal the top card of your
    deck. If it is the chosen type, put this card into play. Put the top card of your deck on the bottom."
    (spoils.301.4, spoils.507.2b, spoils.507.2c, spoils.306.1): alice's Soldier with the Knife (5/3/3)
    trades with bob's blocker; the Knife goes with it; alice says "character" and reveals Key Man: the Knife
    comes back attached to her other Soldier (now 5 strength; a host out of play is refused), and Key Man
    goes to the bottom; saying "item", the Knife stays in the discard pile."""
    cards = {**SOLDIERS, "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "k1": {"card": "Flailing Knife", "controller": "alice", "attached_to": "a1"}}
    for said, back in ("character", True), ("item", False):
        t = new_game(client, position(cards=cards, decks={"alice": ["Key Man", "Gnat", "Greed"]}))
        assert t.card("a1")["effective"]["strength"] == 5
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"], stop="tactics_e")
        t.act({"type": "pass", "player": "alice"})
        choices = {"card_type": said, "revealed": ["Key Man"], "attach_to": "a2"}
        if back:
            gone = {"type": "pass", "player": "bob", "choices": choices | {"attach_to": "a1"}}
            assert _rules(t.refuse(gone)) == ["spoils.507.2b"]
        t.act({"type": "pass", "player": "bob", "choices": choices})
        knife = t.named("Flailing Knife")
        assert bool(knife) is back and sorted(t.state()["cards"]) == sorted(["a2"] + knife)
        assert t.card("a2")["effective"]["strength"] == (5 if back else 3)
        alice = t.state()["players"]["alice"]
        assert alice["discard"] == ["Stalwart Soldier"] + ([] if back else ["Flailing Knife"])
        assert alice["deck_cards"] == ["Gnat", "Greed", "Key Man"] and t.audit_valid()


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
