"""Continuous abilities of The Spoils, played by name through the API: statistics gained or lost by
other cards (node, kaiser, "mau" characters), every character's life set, deck limits and uniqueness
changed (spoils.402.1).  Each test shows the card's printed text changing the game and cites the card
and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


def test_padamose_weakens_the_opponents_mau_and_arcanist_characters(client):
    """Padamose, Emperor of Marduun: "All your opponent's \\"mau\\" characters and Arcanist characters
    lose 1 strength and 1 life." (spoils.402.1, spoils.201.7b): with Padamose in alice's play, bob's
    Dandy Day-Trader (a Banker "mau", 1/5) and Kinky Asp (an Arcanist, 4/2) each lose 1 strength and
    1 life, bob's Stalwart Soldier (neither) and alice's own Gnat (an Arcanist) keep theirs; without
    Padamose nobody changes."""
    cards = {"p1": {"card": "Padamose, Emperor of Marduun", "controller": "alice"},
             "g1": {"card": "Gnat", "controller": "alice"},
             "d1": {"card": "Dandy Day-Trader", "controller": "bob"},
             "k1": {"card": "Kinky Asp", "controller": "bob"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    stats = {c: (t.card(c)["effective"]["strength"], t.card(c)["effective"]["life"]) for c in ("g1", "d1", "k1", "s1")}
    assert stats == {"g1": (1, 1), "d1": (0, 4), "k1": (3, 1), "s1": (3, 3)}
    u = new_game(client, position(cards={k: v for k, v in cards.items() if k != "p1"}))
    assert (u.card("d1")["effective"]["strength"], u.card("k1")["effective"]["life"]) == (1, 2)
    assert t.audit_valid() and u.audit_valid()


def test_node_cards_grow_with_the_other_nodes_and_go_down_together(client):
    """Hub Node: "... This card gains 1 strength and 1 life for each other "node" card in play." and
    Basic Node: "If this card is destroyed, destroy all other "node" cards." spoils.503.1 (the trigger),
    spoils.304.1: Hub Node counts the two other nodes (both players'), not itself (it once did); Pinch
    destroys alice's Basic Node, which takes Hub Node and bob's Basic Node with it; bob's Swordsman
    stays."""
    cards = {"n1": {"card": "Basic Node", "controller": "alice"}, "n2": {"card": "Hub Node", "controller": "alice"},
             "n3": {"card": "Basic Node", "controller": "bob"}, "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Pinch"]}, icons={"alice": "RRRRR"}))
    hub = t.card("n2")["effective"]
    assert (hub["strength"], hub["life"]) == (4, 4)  # printed 2/2, itself not counted
    t.act(_play("Pinch", "n1"))
    t.act({"type": "pass", "player": "bob"})
    assert sorted(t.state()["cards"]) == ["b1"]


def test_fornicaves_leaves_every_character_two_life(client):
    """Fornicaves: "All characters lose X life, where X is their printed life minus 2." (spoils.502.2,
    spoils.410.4): with it in play bob's Union Leader (5/8/3) is at 2 life, and blocking alice's Stalwart
    Soldier (3/3/3) it is destroyed by 3 damage, which it survives without Fornicaves."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Union Leader", "controller": "bob"}}
    for caves in (True, False):
        more = {"f1": {"card": "Fornicaves", "controller": "alice"}} if caves else {}
        t = new_game(client, position(cards=cards | more))
        assert (t.card("b1")["effective"]["life"], t.card("a1")["effective"]["life"]) == ((2, 2) if caves else (8, 3))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert ("b1" in t.state()["cards"]) is not caves
        assert t.audit_valid()


def test_kaiser_wave_gives_more_to_a_kaiser_character(client):
    """Kaiser Wave: "This turn, the character gains 1 strength and 1 life. It gains an additional 1 strength
    and 1 life for each "kaiser" card in play. It gains an additional 1 strength and 1 life if it is a
    "kaiser" character." (spoils.504.1, spoils.502.2, spoils.410.1): with one kaiser in play (alice's LeoKaiser,
    3/3/3), her Stalwart Soldier (3/3/3) gets +2/+2 and is 5/5, while LeoKaiser itself gets +3/+3 and is 6/6;
    all of it ends with the turn."""
    cards = {"k1": {"card": "LeoKaiser", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    for target, stats in (("a1", (5, 5)), ("k1", (6, 6))):
        t = new_game(client, position(cards=cards, hands={"alice": ["Kaiser Wave"]}, icons={"alice": "EE"}))
        t.resolve("alice", "bob", _play("Kaiser Wave", target))
        eff = t.card(target)["effective"]
        assert (eff["strength"], eff["life"]) == stats, target
        t.end_turn("alice", "bob")
        eff = t.card(target)["effective"]
        assert (eff["strength"], eff["life"]) == (3, 3), target
        assert t.audit_valid()


def test_party_clowns_may_fill_a_deck_beyond_four_copies(client):
    """Party Clowns: "You may include as many copies of this card in your deck as you want." (spoils.101.1
    over spoils.103.1c): a constructed deck of 75 cards with 8 Party Clowns starts a game with no deck
    problem, while the same deck with 8 Sly Bilker is reported for spoils.103.1c (at most 4 of a name)."""
    def deck(name: str) -> list[dict]:
        return [{"name": "Drowned Catacombs", "section": "Faction"}, {"name": "Deception", "count": 2, "section": "Faction"},
                {"name": "Deception", "count": 67}, {"name": name, "count": 8}]

    for name, problems in (("Party Clowns", []), ("Sly Bilker", ["spoils.103.1c"])):
        body = {"game": "spoils", "players": [{"id": "alice", "deck": deck(name)}, {"id": "bob", "deck": deck(name)}],
                "first_player": "alice"}
        r = client.post("/games", json=body)
        assert r.status_code == 201, r.get_json()
        summary = client.get(f"/games/{r.get_json()['id']}").get_json()
        assert [p["rule"] for p in summary["players"][0]["deck_problems"]] == problems, name


def test_gods_autograph_makes_every_card_unique(client):
    """God's Autograph: "All non-resource cards gain the rules text "Unique X", where X is the card's name."
    (spoils.507.5a): alice controls a Stalwart Soldier and plays another; with the Autograph in play she
    must keep one and the other is destroyed, without it she keeps both."""
    for autograph in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
        if autograph:
            cards["g1"] = {"card": "God's Autograph", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
        t.resolve("alice", "bob", _play("Stalwart Soldier"))
        choice = t.state().get("choice")
        assert (choice is not None and choice["kind"] == "unique") is autograph
        if autograph:
            t.act({"type": "choose", "player": "alice", "choice": "a1"})
        assert len(t.named("Stalwart Soldier", "alice")) == (1 if autograph else 2)
        assert t.audit_valid()
