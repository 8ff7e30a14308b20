"""Effects chosen by the number of tokens on a card, composed sentence by sentence (issue 24: a grammar of the
text, not a list of cards): "you may add or remove N tokens from <card>" is a "may" and a choice between putting
tokens on and taking them off (409.1, checked as it is made), "If you do, generate the effect which corresponds to
the (new) number of tokens on <card>: N TOKENS: ... AT LEAST N TOKENS: ..." a switch on the count whose lines are
the menu, and a trigger on a player's draw names "that player" (503.1).  A card nobody printed, combining the same
parts otherwise, converts whole and acts; Meat of the Mountain's own test stays in ``test_tokens``."""
from __future__ import annotations

from adjudicator.effects import normalise
from adjudicator.effects.base import Say
from adjudicator.effects.language import CardScript
from adjudicator.spoils.enforcement import unenforced
from rulings.convert_spoils.card_scripts import script_for
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, rule_ids as _rules)

pytestmark = needs_data

NAME = "Quorble Abacus"
TEXT = ("If you draw any number of cards, you may add or remove 2 tokens from this card. If you do, generate the "
        "effect which corresponds to the number of tokens on this card:\n\n0 TOKENS: Your opponent discards a card."
        "\nAT LEAST 4 TOKENS: Inflict 1 damage to your opponent's faction.")
"""A card no set prints: Meat of the Mountain's parts (a "may", "add or remove", "if you do", a menu by the count)
said of "you", with 2 tokens at a time and other lines."""


def _script() -> dict:
    return script_for("Item", TEXT, NAME)


def test_a_new_token_menu_converts_sentence_by_sentence_and_says_itself_back():
    """The parts the converter composes: a trigger on the controller's draw, "you may" holding the choice of
    putting or removing tokens, "If you do" holding the switch on the count (409.1) with its two lines."""
    doc = _script()
    assert not doc.get("not_covered"), doc.get("not_covered")
    [ability] = doc["abilities"]
    assert ability["when"] == "you_draw"
    may, if_you_do = ability["effect"]
    assert may == {"may": [{"tokens": 2, "card": "self", "either": True}]}
    [switch] = if_you_do["if_you_do"]
    assert switch["by_tokens_on"] == "self" and "new" not in switch
    assert [(line["tokens"], line.get("at_least", False)) for line in switch["lines"]] == [(0, False), (4, True)]
    script = CardScript.model_validate(doc)
    assert normalise(script.words(Say(game="spoils"))) == normalise(" ".join(TEXT.split()))
    assert unenforced(script) == []  # every part is enforced: the card is full


def _game(client, tokens: int):
    pool = {NAME: {"name": NAME, "type": "item", "cost": 2, "threshold": "O", "text": TEXT, "script": _script()}}
    setup = position(cards={"q1": {"card": NAME, "controller": "alice", "tokens": tokens}}, stage="develop",
                     hands={"bob": ["Gnat"]})
    setup["card_pool"] = pool
    return new_game(client, setup)


def test_the_line_for_the_count_after_the_choice_happens(client):
    """spoils.503.1, spoils.409.1: alice draws as she develops; adding 2 tokens (2 -> 4) reaches the "AT LEAST 4"
    line (bob's faction loses 1 influence, spoils.408.3b); removing them (2 -> 0) makes bob discard his Gnat
    (spoils.305.1); saying nothing leaves the card and the table as they were."""
    t = _game(client, 2)
    t.act({"type": "develop", "player": "alice", "choice": "draw", "choices": {"add_or_remove": "add"}})
    assert t.card("q1")["tokens"] == 4 and t.influence("bob") == 24
    u = _game(client, 2)
    u.act({"type": "develop", "player": "alice", "choice": "draw",
           "choices": {"add_or_remove": "remove", "discarded": ["Gnat"]}})
    assert u.card("q1")["tokens"] == 0 and u.state()["players"]["bob"]["discard"] == ["Gnat"]
    v = _game(client, 2)
    v.act({"type": "develop", "player": "alice", "choice": "draw"})
    assert v.card("q1")["tokens"] == 2 and v.influence("bob") == 25 and v.state()["players"]["bob"]["discard"] == []
    assert t.audit_valid() and u.audit_valid() and v.audit_valid()


def test_the_choice_is_checked_as_it_is_made(client):
    """A choice the text does not offer ("sideways": spoils.409.1) or a removal of more tokens than the card holds
    (1 token, 2 to remove: spoils.402.5) is refused as it is made; nothing is appended."""
    t = _game(client, 1)
    before = t.state()["position"]
    draw = {"type": "develop", "player": "alice", "choice": "draw"}
    assert "spoils.409.1" in _rules(t.refuse({**draw, "choices": {"add_or_remove": "sideways"}}))
    assert "spoils.402.5" in _rules(t.refuse({**draw, "choices": {"add_or_remove": "remove"}}))
    assert t.state()["position"] == before and t.card("q1")["tokens"] == 1
    t.act({**draw, "choices": {"add_or_remove": "add"}})
    assert t.card("q1")["tokens"] == 3 and t.influence("bob") == 25  # 3: no line says it, nothing happens


def test_a_menu_line_holds_sentences_of_its_own():
    """The converter keeps a menu's lines with the sentence that opens it, each line's sentences read by the
    same rules ("That player may ... If they do, ..."), the player named after the trigger's: "that player's
    opponent" (503.1)."""
    text = ("If a player draws any number of cards, that player may add or remove a token from this card. If they "
            "do, generate the effect which corresponds to the new number of tokens on this card:\n\n0 TOKENS: That "
            "player's opponent discards a card.\n1 TOKEN: That player may draw a card. If they do, that player's "
            "opponent discards a card.")
    doc = script_for("Item", text, "Quorble Ledger")
    assert not doc.get("not_covered"), doc.get("not_covered")
    [ability] = doc["abilities"]
    lines = ability["effect"][1]["then"][0]["lines"]
    assert lines[0]["effects"] == [{"discard": 1, "player": "that_players_opponent"}]
    assert [next(iter(op)) for op in lines[1]["effects"]] == ["may", "if_they"]
