"""Issue 24, judge in the loop: a card whose text the engine leaves in part to the judge (coverage "partial")
lists that part where it acts.  Each card is played by name through the API; the trace of the play and of its
resolution names the sentence the engine does not enforce (spoils.engine.script-judge), the rest of the card is
done, and a card the engine enforces in full lists nothing.  Before, a partial card acted silently (Hustler's
Comeuppance destroyed nobody and said nothing)."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data
JUDGE = "spoils.engine.script-judge"


def _judged(t) -> list[str]:
    return [b["detail"] for b in t.last.get("because", []) if b["rule"]["id"] == JUDGE]


def test_hustlers_comeuppance_lists_its_unread_sentence_and_destroys_nothing_by_itself(client):
    """Hustler's Comeuppance (tactic, partial): "characters that inflicted damage to your faction this turn" is
    not read by the engine.  Played, then resolved: both traces name the sentence for the judge; no character
    is destroyed by the engine (fail closed: an unread qualifier matches no card, never every card)."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Hustler's Comeuppance"]}, icons={"alice": "DDDDD"}))
    t.act(play_card("Hustler's Comeuppance"))
    assert any("Hustler's Comeuppance" in d and "damage to your faction this turn" in d for d in _judged(t))
    t.act({"type": "pass", "player": "bob"})
    assert any("damage to your faction this turn" in d for d in _judged(t)) and "b1" in t.state()["cards"]


def test_rune_of_concealment_does_its_costs_and_lists_its_replacement_for_the_judge(client):
    """Rune of Concealment (item, partial): PROTECT's costs (pay 2, deplete it, pick a character) are done by the
    engine; its "the next time ... destroy it instead" is listed for the judge when it is used and when it
    resolves (spoils.506.3 "the next" replacements are the judge's here)."""
    cards = {"r1": {"card": "Rune of Concealment", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEE"}))
    t.act({"type": "use_ability", "player": "alice", "card": "r1", "ability": "PROTECT", "targets": ["a1"]})
    assert t.card("r1")["depleted"] is True and t.state()["players"]["alice"]["unattached"] == 1
    assert any("Rune of Concealment" in d and "instead" in d for d in _judged(t))
    t.act({"type": "pass", "player": "bob"})
    assert any("instead" in d for d in _judged(t))


def test_sarcophyle_matriculation_lists_its_control_change_for_the_judge(client):
    """Sarcophyle Matriculation (tactic, partial): played while bob attacks (its restriction, spoils.401.3a) on
    bob's attacking Stalwart Soldier, its "take control of it instead" is listed for the judge."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, hands={"alice": ["Sarcophyle Matriculation"]},
                                  icons={"alice": "DDDDDD"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(stop="tactics_a")
    if t.state()["to_act"] != "alice":
        t.act({"type": "pass", "player": "bob"})
    t.act(play_card("Sarcophyle Matriculation", "b1"))
    assert any("Sarcophyle Matriculation" in d and "take control" in d for d in _judged(t))


def test_a_card_the_engine_enforces_in_full_lists_nothing_for_the_judge(client):
    """Pinch (tactic, full): neither its play nor its resolution lists anything for the judge."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Pinch"]}, icons={"alice": "RR"}))
    t.act(play_card("Pinch", "b1"))
    assert _judged(t) == []
    t.act({"type": "pass", "player": "bob"})
    assert _judged(t) == [] and t.card("b1")["damage"] == 1
