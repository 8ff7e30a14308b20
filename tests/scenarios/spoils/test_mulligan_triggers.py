"""A card's own trigger on its player's mulligan, composed sentence by sentence (issue 24): the event "you choose
to put this card on the bottom of your deck as part of your mulligan at the start of a game" (601.1f), a condition
the trigger also needs ("if you control at least [O][O] and ...", 503.1, 405.2), "you may reveal it", and "If you do,
<effect> at the start of your turn" (a delayed effect, 602.1).  A card nobody printed, combining the same parts
otherwise, converts whole and acts; Community Chest's own test stays in ``test_hands``."""
from __future__ import annotations

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript
from adjudicator.spoils.enforcement import unenforced
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, rule_ids as _rules)

pytestmark = needs_data

NAME = "Quorble Reliquary"
TEXT = ("If you control at least [O][O] and choose to put this card on the bottom of your deck as part of your "
        "mulligan at the start of a game, you may reveal it. If you do, draw 2 cards at the start of your turn.")
"""A card no set prints: Community Chest's parts with other icons and another number of cards."""


def _script() -> dict:
    return script_for("Item", TEXT, NAME)


def test_a_new_mulligan_trigger_converts_sentence_by_sentence_and_says_itself_back():
    """The event, the condition, "you may reveal it" and the delayed draw are each a part of their own."""
    doc = _script()
    assert not doc.get("not_covered"), doc.get("not_covered")
    [ability] = doc["abilities"]
    assert ability["when"] == {"event": "puts_back_by_mulligan", "subject": "you"}
    assert ability["condition"] == {"control_icons": "OO", "at_least": True}
    assert ability["effect"] == [{"may": [{"reveal": "it"}]},
                                 {"if_you_do": [{"later": "start_of_your_turn", "do": [{"draw": 2}], "after": True}]}]
    script = CardScript.model_validate(doc)
    assert normalise(script.words(Say(game="spoils"))) == normalise(TEXT)
    assert unenforced(script) == []


def test_a_condition_on_a_trigger_the_engine_does_not_check_is_not_covered():
    """Fail closed: a trigger's condition is checked only as a mulligan puts the card back; the same condition on
    a draw is left to the judge, never read as always true."""
    doc = script_for("Item", "If you control at least [O] and draw any number of cards, your opponent discards a "
                             "card.", "Quorble Sieve")
    assert not doc.get("not_covered") and doc["abilities"][0]["condition"] == {"control_icons": "O", "at_least": True}
    left = unenforced(CardScript.model_validate(doc))
    assert any("you control at least [O]" in part for part in left), left


def _game(client, icons: str):
    pool = {NAME: {"name": NAME, "type": "item", "cost": 2, "threshold": "O", "text": TEXT, "script": _script()}}
    setup = position(stage="mulligan", turn=0, hands={"alice": [NAME, "Gnat"], "bob": ["Gnat"]}, icons={"alice": icons})
    setup["to_act"] = "alice"
    setup["card_pool"] = pool
    return new_game(client, setup)


MULLIGAN = {"type": "mulligan", "player": "alice", "count": 1, "cards": [NAME], "drawn": ["Cowslaw"],
            "choices": {"reveal": [NAME]}}


def test_the_card_revealed_as_the_mulligan_puts_it_back_draws_2_at_the_first_turn(client):
    """spoils.601.1f, spoils.503.1, spoils.306.1: alice controls [O][O], puts the card back and reveals it; as her
    first turn starts she draws 2 more cards.  Not revealed, nothing more is drawn."""
    t = _game(client, "OO")
    assert "CardsRevealed" in t.act(MULLIGAN)
    t.act({"type": "mulligan", "player": "bob", "count": 0})
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], alice["deck"]) == (4, 28)
    u = _game(client, "OO")
    u.act({**MULLIGAN, "choices": {}})
    u.act({"type": "mulligan", "player": "bob", "count": 0})
    assert (u.state()["players"]["alice"]["hand"], u.state()["players"]["alice"]["deck"]) == (2, 30)
    assert t.audit_valid() and u.audit_valid()


def test_the_reveal_is_checked_as_it_is_made(client):
    """Without [O][O] the reveal is refused (spoils.405.2); a card the mulligan does not put back, or whose text
    says nothing of it, cannot be revealed (spoils.601.1f); nothing is appended."""
    t = _game(client, "O")
    before = t.state()["position"]
    assert "spoils.405.2" in _rules(t.refuse(MULLIGAN))
    u = _game(client, "OO")
    assert "spoils.601.1f" in _rules(u.refuse({**MULLIGAN, "choices": {"reveal": ["Gnat"]}}))
    assert "spoils.601.1f" in _rules(u.refuse({**MULLIGAN, "cards": ["Gnat"]}))
    assert t.state()["position"] == before


def test_the_reveal_cites_the_mulligan_not_a_search(client):
    """The card is shown as the mulligan puts it back (spoils.601.1f), not found by searching a deck (312.1 is a
    search's): the event cites the mulligan."""
    t = _game(client, "OO")
    t.act(MULLIGAN)
    [revealed] = [e["data"] for e in t.events() if e["type"] == "CardsRevealed"]
    assert (revealed["rule"], revealed["cards"], revealed["zone"]) == ("spoils.601.1f", [NAME], "hand")
