"""Whom "that player" names: the player the text named before it (503.1, 310.1).  "Pick an opponent." names the
player picked (Devilfang Thunderhoof's DISRUPT); a trigger on a player's happening or at the start of each player's
turn names that player; where nothing before names a player the engine cannot know whom it names, so the sentence
is the judge's (not covered) and resolving it does nothing of it, never an error.  Cards nobody printed, converted
from their text, combine the same parts otherwise."""
from __future__ import annotations

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript
from adjudicator.spoils.enforcement import unenforced
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, rule_ids as _rules)

pytestmark = needs_data


def _disrupt(t, *targets: str, **choices) -> dict:
    return {"type": "use_ability", "player": "alice", "card": "d1", "ability": "DISRUPT", "targets": list(targets),
            "choices": choices}


def _devilfang(client):
    cards = {"d1": {"card": "Devilfang Thunderhoof", "controller": "alice", "tokens": 2}}
    return new_game(client, position(cards=cards, hands={"bob": ["Gnat"]}, icons={"alice": "OOOO"}))


def test_devilfang_thunderhoof_disrupt_makes_the_opponent_picked_discard(client):
    """Devilfang Thunderhoof: "DISRUPT COST: Pay 2. Remove a token from this card. Pick an opponent. EFFECT: That
    player discards a card." "That player" is the opponent the cost picked (spoils.310.1), named by player id in
    targets: bob discards his Gnat (spoils.305.1), one token comes off, and the card is listed as full."""
    t = _devilfang(client)
    t.resolve("alice", "bob", _disrupt(t, "bob", discarded=["Gnat"]))
    bob = t.state()["players"]["bob"]
    assert (bob["hand"], bob["discard"]) == (0, ["Gnat"]) and t.state()["players"]["alice"]["discard"] == []
    assert t.card("d1")["tokens"] == 1
    assert t.audit_valid()


def test_only_an_opponent_can_be_picked_as_that_player(client):
    """The pick is checked as the cost is paid (spoils.310.1): alice herself, a card, or nobody is not an opponent;
    nothing is appended."""
    t = _devilfang(client)
    before = t.state()["position"]
    for targets in (["alice"], ["d1"], []):
        assert "spoils.310.1" in _rules(t.refuse(_disrupt(t, *targets)))
    assert t.state()["position"] == before and t.card("d1")["tokens"] == 2


ITEM = "Quorble Grudge"


def _item_game(client, text: str, **setup):
    script = script_for("Item", text, ITEM)
    pool = {ITEM: {"name": ITEM, "type": "item", "cost": 1, "threshold": "O", "text": text, "script": script,
                   "abilities": [{"name": a["ability"], "cost": 1} for a in script["abilities"] if "ability" in a]}}
    game = position(cards={"q1": {"card": ITEM, "controller": "alice"}}, **setup)
    game["card_pool"] = pool
    return new_game(client, game), script


def test_each_players_turn_names_the_player_whose_turn_starts(client):
    """A card nobody printed: "At the start of each player's turn, that player discards a card." (503.1): as
    alice's turn starts it is alice who discards, not bob; the card says itself back and is full."""
    text = "At the start of each player's turn, that player discards a card."
    t, script = _item_game(client, text, active="bob", hands={"alice": ["Gnat"], "bob": ["Cowslaw"]})
    parsed = CardScript.model_validate(script)
    assert normalise(parsed.words(Say(game="spoils"))) == normalise(text) and unenforced(parsed) == []
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {"discarded": ["Gnat"]}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert (alice["discard"], bob["discard"], bob["hand"]) == (["Gnat"], [], 1)
    assert t.audit_valid()


def test_that_player_with_no_player_named_before_is_the_judges(client):
    """Fail closed: "DISRUPT COST: Pay 1. EFFECT: That player discards a card." names no player before "that
    player": the sentence is not covered, and used, the ability resolves without an error and nobody discards
    (spoils.engine.script-judge)."""
    text = "DISRUPT\nCOST: Pay 1.\nEFFECT: That player discards a card."
    t, script = _item_game(client, text, hands={"alice": ["Gnat"], "bob": ["Cowslaw"]}, icons={"alice": "O"})
    assert unenforced(CardScript.model_validate(script)) == ["That player discards a card."]
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "q1", "ability": "DISRUPT",
                               "targets": [], "choices": {"discarded": ["Gnat"]}})
    assert "spoils.engine.script-judge" in [b["rule"]["id"] for b in t.last["because"]]
    assert t.state()["players"]["alice"]["discard"] == [] and t.state()["players"]["bob"]["discard"] == []


def test_a_pick_of_a_player_the_engine_does_not_read_is_not_covered():
    """A player picked with more said of them than "an opponent" (or another kind with it) is not a pick the
    engine makes: not covered, never read as any opponent."""
    doc = script_for("Item", "DISRUPT\nCOST: Pay 1. Pick an opponent.\nEFFECT: That player discards a card.", ITEM)
    assert unenforced(CardScript.model_validate(doc)) == []
    doc["abilities"][0]["cost"][1]["pick"]["cards"] = ["character", "opponent"]
    assert unenforced(CardScript.model_validate(doc))


def test_every_way_of_saying_that_player_is_covered_only_after_a_player_is_named():
    """The same words are the engine's after a player is named (a player's draw, 503.1; each player's turn; "both
    players", each in turn) and the judge's after none (this card entering play names no player)."""
    named = ["If a player draws any number of cards, that player may draw a card.",
             "At the start of each player's turn, that player chooses a number for X. Draw X cards.",
             "When this card enters play, choose a number for X. Both players put X cards from their hand on the bottom "
             "of their deck in any order. Both players put the top Y cards of their deck into their hand, where Y is "
             "the number of cards that player put on the bottom of their deck."]
    for text in named:
        assert unenforced(CardScript.model_validate(script_for("Item", text, ITEM))) == [], text
    unnamed = {"When this card enters play, that player may draw a card.": "That player may draw a card.",
               "When this card enters play, that player chooses a number for X. Draw X cards.":
                   "That player chooses a number for X.",
               "When this card enters play, put the top Y cards of your deck into your hand, where Y is the number of "
               "cards that player put on the bottom of their deck.":
                   "the number of cards that player put on the bottom of their deck"}
    for text, left in unnamed.items():
        assert left in unenforced(CardScript.model_validate(script_for("Item", text, ITEM))), text
