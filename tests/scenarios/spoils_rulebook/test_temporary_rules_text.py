"""Temporary rules text in The Spoils (508.1-508.3) and a keyword had at most once (507.3e), through
the API with One-Legged Hopping Pogo-Bear (an item that becomes a character with RAAR!, gains Covert
with SCHPROING! while it is one, and stops being one with HIDE!)."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data

BEAR = "One-Legged Hopping Pogo-Bear"


def _use(card: str, ability: str, *targets: str) -> dict:
    return {"type": "use_ability", "player": "alice", "card": card, "ability": ability, "targets": list(targets)}


def _covert_bear(client, **extra):
    """The Bear made a character this turn (RAAR!) that has then gained Covert (SCHPROING!), beside
    alice's Living God of Thabbash (HIGHER CALLING puts a character she controls into her hand)."""
    cards = {"p1": {"card": BEAR, "controller": "alice"},
             "g1": {"card": "Living God of Thabbash", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEEEEEEOOOOO"}, **extra))
    for ability in ("RAAR!", "SCHPROING!"):
        t.resolve("alice", "bob", _use("p1", ability))
    return t


def _keywords(t, cid: str) -> list[str]:
    return t.card(cid)["effective"]["keywords"]


def test_a_gained_keyword_is_temporary_text_on_the_card(client):
    """spoils.508.2: "it gains Covert" with no duration puts Covert in the Bear's temporary rules text;
    it has the keyword as long as it stays in play (spoils.508.1), with no end of turn named."""
    t = _covert_bear(client)
    assert _keywords(t, "p1") == ["covert"], "spoils.508.2"
    gained = [m for m in t.card("p1")["modifiers"] if m.get("gain") == "covert"]
    assert gained and gained[0]["until"] is None, "spoils.508.1: kept until the card changes zone"


def test_temporary_text_is_lost_when_the_card_changes_zone(client):
    """spoils.508.1: the Living God puts the Bear into alice's hand; played again and made a character
    again the same turn, it is a new object without the Covert it had gained."""
    t = _covert_bear(client)
    t.resolve("alice", "bob", _use("g1", "HIGHER CALLING", "p1"))
    assert t.state()["players"]["alice"]["hand_cards"] == [BEAR]
    t.resolve("alice", "bob", play_card(BEAR))
    (again,) = t.named(BEAR)
    t.resolve("alice", "bob", _use(again, "RAAR!"))
    assert "character" in t.card(again)["effective"]["types"]
    assert _keywords(t, again) == [], "spoils.508.1"


def test_text_gained_as_a_character_goes_when_the_type_is_lost(client):
    """spoils.508.3: HIDE! makes the Bear lose the character type; the Covert it gained while it was a
    character is removed with it, and making it a character again does not bring it back."""
    t = _covert_bear(client)
    t.resolve("alice", "bob", _use("p1", "HIDE!"))
    assert t.card("p1")["type"] == "item"
    assert _keywords(t, "p1") == [], "spoils.508.3"
    t.resolve("alice", "bob", _use("p1", "RAAR!"))
    assert t.card("p1")["type"] == "character" and _keywords(t, "p1") == [], "spoils.508.3"


def test_text_gained_as_a_character_goes_when_the_turn_ends_that_type(client):
    """spoils.508.3 with spoils.602.1b: RAAR! made the Bear a character for this turn only; when bob's
    turn starts it is an item again, and the Covert gained as a character (which had no end of its
    own) is gone too."""
    t = _covert_bear(client, decks={"alice": ["Rage"] * 3, "bob": ["Rage"] * 3})
    t.end_turn("alice", "bob")
    assert t.card("p1")["type"] == "item"
    assert _keywords(t, "p1") == [], "spoils.508.3"
    assert not [m for m in t.card("p1")["modifiers"] if m.get("gain")], "spoils.508.3"


def test_covert_is_had_only_once(client):
    """spoils.507.3e: the Cloaked Creeper prints COVERT; Air Travel gives it Covert again, and the
    extra occurrence disappears: it has Covert once, so the one "loses Covert" of Essence of Elitism
    (option 2) leaves it without Covert this turn."""
    cards = {"c1": {"card": "Cloaked Creeper", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Air Travel", "Essence of Elitism"]},
                                  icons={"alice": "OOOEE"}, decks={"alice": ["Rage"] * 3}))
    t.resolve("alice", "bob", play_card("Air Travel", "c1"))
    assert _keywords(t, "c1") == ["covert"], "spoils.507.3e"
    t.resolve("alice", "bob", play_card("Essence of Elitism", "c1", option=2))
    assert _keywords(t, "c1") == [], "spoils.507.3e"
