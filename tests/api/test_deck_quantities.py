"""Issue 23, item 2: deck quantities are bounded before anything large is built.  A ``.o8d`` card's
``qty`` takes the bound of a JSON deck entry (1 to 1000); a deck holds at most 1000 cards in all,
whatever its form; anything else is a 422 problem+json naming the line or entry, answered at once,
with nothing stored."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from rulings.importers.octgn import MAX_DECK_CARDS, MAX_QUANTITY

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "spoils-octgn"
DECK_FILES = sorted((DATA / "decks").glob("*.o8d")) if DATA.exists() else []
pytestmark = pytest.mark.skipif(not DECK_FILES, reason="the shared OCTGN data is not present")
PROBLEM = "application/problem+json"
OVERSIZE = {
    "5,000 digits": "9" * 5000,
    "past 64 bits": "9223372036854775808",
    "a million": "1000000",
    "ten million": "10000000",
    "one past the bound": str(MAX_QUANTITY + 1),
    "zero": "0",
    "arabic-indic digits": "\u0661\u0662",
}


@pytest.fixture
def deck_client(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
    app.extensions["cards"] = spoils_cards
    yield app.test_client()
    app.extensions["games"].close()


def deck_text() -> str:
    return DECK_FILES[0].read_text(encoding="utf-8-sig")


def with_first_qty(qty: str) -> str:
    return re.sub(r'qty="\d+"', f'qty="{qty}"', deck_text(), count=1)


def create(client, deck, **extra):
    body = {"game": "spoils", "players": [{"id": "alice", "deck": deck}, {"id": "bob", "deck": deck_text()}],
            "first_player": "alice", "cards_as_of": "2020-01-01", "allow_unknown": True, **extra}
    return client.post("/games", json=body)


def games(client) -> int:
    return len(client.get("/games?limit=1000").get_json()["games"])


@pytest.mark.parametrize("name", list(OVERSIZE))
def test_an_o8d_quantity_out_of_bounds_is_refused_at_once_on_create(deck_client, name):
    started = time.perf_counter()
    r = create(deck_client, with_first_qty(OVERSIZE[name]))
    elapsed = time.perf_counter() - started
    assert r.status_code == 422 and r.mimetype == PROBLEM, r.get_data(as_text=True)[:300]
    assert "quantity" in r.get_json()["detail"] and "line" in r.get_json()["detail"]
    assert elapsed < 2, elapsed
    assert games(deck_client) == 0


@pytest.mark.parametrize("name", list(OVERSIZE))
def test_an_o8d_quantity_out_of_bounds_is_refused_by_validate(deck_client, name):
    started = time.perf_counter()
    r = deck_client.post("/decks/spoils/validate", data=with_first_qty(OVERSIZE[name]).encode(),
                         content_type="application/xml")
    assert r.status_code == 422 and r.mimetype == PROBLEM, r.get_data(as_text=True)[:300]
    assert "quantity" in r.get_json()["detail"]
    assert time.perf_counter() - started < 2


def test_the_bound_itself_is_a_quantity_that_reads(deck_client):
    r = deck_client.post("/decks/spoils/validate", data=with_first_qty("3").encode(), content_type="application/xml")
    assert r.status_code == 200, r.get_json()


def test_a_deck_of_more_cards_than_the_bound_is_refused_in_every_form(deck_client):
    # every card at the largest quantity one card may have: the deck passes the total bound
    text = re.sub(r'qty="\d+"', f'qty="{MAX_QUANTITY}"', deck_text())
    r = create(deck_client, text)
    assert r.status_code == 422 and r.mimetype == PROBLEM, r.get_json()
    assert str(MAX_DECK_CARDS) in r.get_json()["detail"]
    r = deck_client.post("/decks/spoils/validate", data=text.encode(), content_type="application/xml")
    assert r.status_code == 422 and str(MAX_DECK_CARDS) in r.get_json()["detail"], r.get_json()
    entries = [{"name": "Obsession", "count": MAX_QUANTITY}, {"name": "Rage", "count": MAX_QUANTITY},
               {"name": "The Tournament Faction", "count": 1, "section": "Faction"}]
    r = create(deck_client, entries)
    assert r.status_code == 422 and str(MAX_DECK_CARDS) in r.get_json()["detail"], r.get_json()
    assert games(deck_client) == 0


def test_a_json_deck_entry_takes_the_same_bound(deck_client):
    r = create(deck_client, [{"name": "Obsession", "count": MAX_QUANTITY + 1}])
    assert r.status_code == 422 and r.mimetype == PROBLEM
    assert f"1 to {MAX_QUANTITY}" in r.get_json()["detail"]


@pytest.mark.parametrize("form", ["json", "text"])
def test_validate_bounds_json_and_text_decks_the_same_way(deck_client, form):
    def post(counts: list[int]):
        if form == "json":
            cards = [{"name": name, "count": n} for name, n in zip(("Obsession", "Rage", "Gnat"), counts)]
            return deck_client.post("/decks/spoils/validate", json={"game": "spoils", "cards": cards})
        text = "Game Deck:\n" + "".join(f"{n} {name}\n" for name, n in zip(("Obsession", "Rage", "Gnat"), counts))
        return deck_client.post("/decks/spoils/validate", data=text.encode(), content_type="text/plain")

    for counts, words in (([10**15], f"1 to {MAX_QUANTITY}"), ([MAX_QUANTITY] * 3, str(MAX_DECK_CARDS))):
        r = post(counts)
        assert r.status_code == 422 and r.mimetype == PROBLEM, r.get_json()
        assert words in r.get_json()["detail"], r.get_json()
    assert post([30, 14]).status_code == 200
