"""Conventions app developers know (issue 22): Scryfall's named/autocomplete lookups, plain-text
deck lists wherever an .o8d goes, a readable game record, game lists with position, status and
winner and without decks, Link headers, Vary: Origin, weak ETags, the invalid-deck problem type, a
game with too few players, and one schema per action type in the contract."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

DECKS = Path(__file__).resolve().parents[2] / "docs" / "decks"
GEARSMITH = (DECKS / "gearsmith-starter.txt").read_text(encoding="utf-8")
ROGUE = (DECKS / "rogue-starter.txt").read_text(encoding="utf-8")


@pytest.fixture
def app(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0",
                      "CORS_ORIGINS": "https://table.example"})
    app.extensions["cards"] = spoils_cards
    yield app
    app.extensions["games"].close()


@pytest.fixture
def client(app):
    return app.test_client()


def spoils_game(client, alice=GEARSMITH, bob=ROGUE, **extra):
    return client.post("/games", json={"game": "spoils", "first_player": "alice", "cards_as_of": "2016-12-31",
                                       "players": [{"id": "alice", "deck": alice}, {"id": "bob", "deck": bob}],
                                       **extra})


# ----------------------------------------------------------------------------- names as typed
@pytest.mark.parametrize("typed, meant", [("Agile Highway", "Agile Highwayman"), ("micro mak", "Micromajig Maker"),
                                          ("MICROMAJG MAKR", "Micromajig Maker"), ("jacques trap", "Jacque's Trap")])
def test_named_fuzzy_finds_the_card_meant(client, typed, meant):
    r = client.get("/cards/spoils/named", query_string={"fuzzy": typed})
    assert r.status_code == 200, r.get_json()
    doc = r.get_json()
    assert doc["name"] == meant and doc["rule"]["id"] and doc["cards"][0]["name"] == meant


def test_named_fuzzy_answers_none_and_ambiguity_as_problems(client):
    none = client.get("/cards/spoils/named?fuzzy=zzzz%20qqqq")
    assert none.status_code == 404 and none.content_type == "application/problem+json"
    assert none.get_json()["type"] == "/problems/not-found" and none.get_json()["ambiguous"] is False
    several = client.get("/cards/spoils/named?fuzzy=guardforce")
    problem = several.get_json()
    assert several.status_code == 404 and problem["ambiguous"] is True and problem["title"] == "Ambiguous card name"
    assert {"Guardforce Alpha Prime 31f", "Guardforce Morphmajig"} <= set(problem["candidates"])
    assert "add more words" in problem["detail"]


def test_named_exact_and_its_arguments(client):
    assert client.get("/cards/spoils/named?exact=micromajig%20maker").get_json()["name"] == "Micromajig Maker"
    assert client.get("/cards/spoils/named?exact=Micromajig%20Make").status_code == 404
    for query in ("", "?fuzzy=a&exact=b"):
        r = client.get(f"/cards/spoils/named{query}")
        assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-request"
    assert client.get("/cards/chess/named?fuzzy=king").status_code == 404


def test_autocomplete_gives_up_to_20_names_starting_with_first(client):
    doc = client.get("/cards/spoils/autocomplete?q=micro").get_json()
    assert doc["object"] == "catalog" and doc["data"][:3] == ["Micromajig Avalanche", "Micromajig Factory",
                                                              "Micromajig Maker"]
    assert doc["total_values"] == len(doc["data"]) <= 20
    mixed = client.get("/cards/spoils/autocomplete?q=elitism").get_json()["data"]
    assert mixed[0] == "Elitism" and "Crest of Elitism" in mixed[1:]
    assert len(client.get("/cards/spoils/autocomplete?q=an").get_json()["data"]) == 20
    assert client.get("/cards/spoils/autocomplete?q=m").get_json()["data"] == []
    assert client.get("/cards/spoils/autocomplete").status_code == 422


# ----------------------------------------------------------------------------- plain-text decks
def test_a_text_deck_validates_like_an_o8d(client):
    r = client.post("/decks/spoils/validate?format=limited", data=GEARSMITH, content_type="text/plain")
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["valid"] is True and r.get_json()["cards"] == 48
    unknown = client.post("/decks/spoils/validate?format=limited", content_type="text/plain",
                          data="Faction\n1 The Tournament Faction\nGame Deck\n44 Elitism\n1 Agile Highway\n").get_json()
    assert [f["cards"] for f in unknown["findings"] if f["rule_id"] == "spoils.deck.unknown-card"] == [["Agile Highway"]]
    bad = client.post("/decks/spoils/validate", data="Game Deck\n1001 Elitism\n", content_type="text/plain")
    assert bad.status_code == 422 and bad.get_json()["type"] == "/problems/invalid-deck"
    assert "line 2" in bad.get_json()["detail"] and "1 to 1000" in bad.get_json()["detail"]


def test_a_game_from_text_decks_and_a_bad_deck_is_invalid_deck_naming_the_player(client):
    made = spoils_game(client)
    assert made.status_code == 201, made.get_json()
    state = client.get(f"/games/{made.get_json()['id']}/state").get_json()
    assert state["players"]["bob"]["faction"]["name"] == "The Tournament Faction"
    assert "Micromajig Maker" in state["card_pool"]
    bad = spoils_game(client, bob=ROGUE + "2 Agile Highway\n")
    problem = bad.get_json()
    assert bad.status_code == 422 and problem["type"] == "/problems/invalid-deck"
    assert "players.1.deck (player bob), line" in problem["detail"] and "'Agile Highway'" in problem["detail"]
    page = client.get("/problems/invalid-deck")
    assert page.status_code == 200
    assert len(client.get("/games").get_json()["games"]) == 1  # nothing created by the refusal


def test_the_format_is_the_setup_s(client):
    made = spoils_game(client, setup={"format": "limited"})
    assert client.get(f"/games/{made.get_json()['id']}/state").get_json()["format"] == "limited"
    players = client.get(f"/games/{made.get_json()['id']}").get_json()["players"]
    assert all(not p.get("deck_problems") for p in players)


# ----------------------------------------------------------------------------- records and lists
def test_the_readable_record_reads_like_a_move_list(client):
    gid = spoils_game(client).get_json()["id"]
    for action in ({"type": "mulligan", "player": "alice", "count": 0}, {"type": "mulligan", "player": "bob", "count": 0},
                   {"type": "play_resource", "player": "alice", "card": "Elitism", "face_up": True},
                   {"type": "play_card", "player": "alice", "card": "Micromajig Maker"},
                   {"type": "concede", "player": "bob"}):
        assert client.post(f"/games/{gid}/actions", json=action).status_code == 201
    r = client.get(f"/games/{gid}/export?format=text")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    lines = r.get_data(as_text=True).splitlines()
    assert lines[:3] == ['[Game "spoils"]', f'[Id "{gid}"]', '[Players "alice, bob"]']
    assert re.match(r"^1\. +- +created: players alice, bob; first player alice +\(GameCreated\)$", lines[4])
    assert any(re.match(r"^\d+\. +alice +play card: card Micromajig Maker +\(CardPlayed\)$", x) for x in lines)
    assert any(re.match(r"^\d+\. +bob +concede", x) for x in lines)
    assert lines[-1].startswith('[Result "alice wins') and all("hash" not in x for x in lines)
    assert client.get(f"/games/{gid}/export").mimetype == "application/x-ndjson"  # the JSON Lines stay the default
    assert client.get(f"/games/{gid}/export?format=pgn").status_code == 422


def test_game_list_items_carry_position_status_and_winner_without_decks(client):
    first = spoils_game(client).get_json()["id"]
    client.post(f"/games/{first}/actions", json={"type": "concede", "player": "bob"})
    second = spoils_game(client).get_json()["id"]
    r = client.get("/games")
    items = {g["id"]: g for g in r.get_json()["games"]}
    assert items[first]["status"] == "finished" and items[first]["winner"]["player"] == "alice"
    assert items[second]["status"] == "in_progress" and items[second]["winner"] is None
    assert items[first]["position"] > items[second]["position"] == 1
    assert all("deck" not in p and "faction" in p for g in items.values() for p in g["players"])
    assert len(r.get_data()) < 2000  # two games; each player's deck made it 2.7 kB a game


def test_paginated_lists_send_a_link_header(client):
    ids = [spoils_game(client).get_json()["id"] for _ in range(3)]
    r = client.get("/games?limit=2")
    assert r.headers["Link"] == f'<{r.get_json()["next"]}>; rel="next"'
    last = client.get(r.get_json()["next"])
    assert "Link" not in last.headers and [g["id"] for g in last.get_json()["games"]] == ids[2:]
    client.post(f"/games/{ids[0]}/actions", json={"type": "mulligan", "player": "alice", "count": 0})
    events = client.get(f"/games/{ids[0]}/events?limit=1")
    assert events.headers["Link"] == f'<{events.get_json()["next"]}>; rel="next"'
    cards = client.get("/cards/spoils?limit=5")
    assert cards.headers["Link"] == f'<{cards.get_json()["next"]}>; rel="next"'


# ----------------------------------------------------------------------------- HTTP conventions
def test_every_answer_varies_on_origin_when_cors_is_on(client):
    for r in (client.get("/games", headers={"Origin": "https://table.example"}), client.get("/games"),
              client.options("/games", headers={"Origin": "https://table.example",
                                                "Access-Control-Request-Method": "POST"}),
              client.get("/games", headers={"Origin": "https://elsewhere.example"})):
        assert "Origin" in r.headers.get("Vary", ""), r.headers
    assert client.get("/games", headers={"Origin": "https://table.example"}).headers[
        "Access-Control-Allow-Origin"] == "https://table.example"


def test_weak_etags_match_in_if_none_match(client):
    gid = spoils_game(client).get_json()["id"]
    for path in (f"/games/{gid}", f"/games/{gid}/state"):
        assert client.get(path).headers["ETag"] == '"1"'
        for held in ('W/"1"', '"1"', 'W/"7", W/"1"'):
            r = client.get(path, headers={"If-None-Match": held})
            assert r.status_code == 304 and r.headers["ETag"] == '"1"', (path, held)
        assert client.get(path, headers={"If-None-Match": 'W/"2"'}).status_code == 200


def test_too_few_players_is_refused_citing_the_rule(client):
    for game, rule in (("spoils", "spoils.102.1"), ("buffy", "buffy.multiplayer")):
        r = client.post("/games", json={"game": game, "players": [{"id": "solo"}]})
        problem = r.get_json()
        assert r.status_code == 422 and problem["type"] == "/problems/invalid-request"
        assert problem["rules"] == [rule] and problem["violations"][0]["rule"]["id"] == rule
        assert "at least 2 players, got 1 (solo)" in problem["detail"]
    assert client.post("/games", json={"game": "wowmini", "players": [{"id": "horde"}]}).status_code == 201


def test_each_action_type_has_its_own_schema_with_a_constant_type(client):
    import yaml

    schemas = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))["components"]["schemas"]
    for name, kind in (("SpoilsPlayCard", "play_card"), ("SpoilsPlayTactic", "play_tactic"),
                       ("WowMiniPass", "pass"), ("WowMiniEndTurn", "end_turn")):
        assert schemas[name]["properties"]["type"] == {"const": kind, "type": "string"}, name
    mapping = schemas["SpoilsAction"]["discriminator"]["mapping"]
    assert mapping["play_tactic"].endswith("/SpoilsPlayTactic") and len(set(mapping.values())) == len(mapping)
