"""Issue 24, judge in the loop: what a card leaves to the judge waits in the state for a ruling.

A card the engine enforces in part (coverage "partial") acts as far as the engine goes; when its text acts
(played, its ability used) the state's ``for_the_judge`` lists each sentence the engine does not enforce,
for the judge, with the card's id and name and the rule spoils.engine.script-judge, until a judge's ruling
on that rule answers it (``POST /games/{id}/rulings``: a ``RulingRecorded`` event, replayed like any other).
The item does not stop the game.  Each card is played by name through the API."""
from __future__ import annotations

from adjudicator.spoils.model.state import SpoilsState
from api import create_app
from api.terminal.words import state_text
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data
JUDGE = "spoils.engine.script-judge"


def _waiting(t, at: int | None = None) -> list[dict]:
    query = {} if at is None else {"at": at}
    return t.client.get(f"/games/{t.gid}/state", query_string=query).get_json()["for_the_judge"]


def _rule(t, **ruling) -> dict:
    r = t.client.post(f"/games/{t.gid}/rulings", json={"judge": "head judge", "rule": JUDGE, "effect": {},
                                                        "reason": "ruled at the table", **ruling})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def _comeuppance(client):
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Hustler's Comeuppance"]}, icons={"alice": "DDDDD"}))
    types = t.act(play_card("Hustler's Comeuppance"))
    return t, types


def test_a_partial_tactic_played_lists_its_sentence_for_the_judge_until_a_ruling_answers_it(client):
    """Hustler's Comeuppance (tactic, partial): "characters that inflicted damage to your faction this turn" is not
    read by the engine.  Played: the state lists that sentence for the judge (the card's id and name, the rule);
    the game goes on (bob passes, the tactic resolves) and the item stays, listed once; the judge's ruling citing
    it answers it and the state lists nothing."""
    t, types = _comeuppance(client)
    assert "LeftToTheJudge" in types
    [item] = _waiting(t)
    assert item["who"] == "judge" and item["rule"] == JUDGE and item["name"] == "Hustler's Comeuppance"
    assert "damage to your faction this turn" in item["sentence"] and item["card_id"]
    t.act({"type": "pass", "player": "bob"})  # not blocked: the play resolves (607.2)
    assert t.state()["pending"] == [] and _waiting(t) == [item]
    answer = _rule(t, card=item["card_id"], cites=[item["id"]], reason="no character damaged alice's faction")
    assert [e["type"] for e in answer["events"]] == ["RulingRecorded"] and answer["state"]["for_the_judge"] == []
    assert _waiting(t) == [] and t.audit_valid()


def test_an_ability_used_lists_its_sentence_and_a_ruling_naming_the_card_answers_it(client):
    """Rune of Concealment (item, partial): PROTECT used lists its "the next time ... destroy it instead" for the
    judge (spoils.506.3 "the next" replacements are the judge's here), while its costs are paid.  A ruling on
    spoils.engine.script-judge naming the card (by name, no item cited) answers every item of that card; a
    ruling on another rule answers none."""
    cards = {"r1": {"card": "Rune of Concealment", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "EEE"}))
    t.act({"type": "use_ability", "player": "alice", "card": "r1", "ability": "PROTECT", "targets": ["a1"]})
    waiting = _waiting(t)
    assert waiting and all(i["card_id"] == "r1" and i["name"] == "Rune of Concealment" for i in waiting)
    assert any("instead" in i["sentence"] for i in waiting) and t.card("r1")["depleted"] is True
    _rule(t, rule="spoils.506.3", card="Rune of Concealment")
    assert _waiting(t) == waiting
    _rule(t, card="Rune of Concealment")
    assert _waiting(t) == []


def test_a_card_the_engine_enforces_in_full_lists_nothing(client):
    """Pinch (tactic, full): neither its play nor its resolution lists anything for the judge."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Pinch"]}, icons={"alice": "RR"}))
    assert "LeftToTheJudge" not in t.act(play_card("Pinch", "b1"))
    assert _waiting(t) == []
    t.act({"type": "pass", "player": "bob"})
    assert _waiting(t) == [] and t.card("b1")["damage"] == 1


def test_the_record_replays_the_item_and_its_ruling(client):
    """The log is the truth: the state at each position lists the item from the play on and nothing after the
    ruling; the audit re-decides the log to the same events; an exported log imported elsewhere replays to
    the same state; the text CLI's state lists the item for the judge."""
    t, _ = _comeuppance(client)
    played = t.last["position"]
    [item] = _waiting(t)
    doc = t.state()
    assert any("for the judge" in line for line in state_text(t.gid, doc, "in_progress", None))
    assert any(item["id"] in line and "Hustler's Comeuppance" in line and JUDGE in line
               for line in state_text(t.gid, doc, "in_progress", None))
    assert SpoilsState.model_validate({k: v for k, v in doc.items() if k != "position"}).for_the_judge[0].id == item["id"]
    ruled = _rule(t, cites=[item["id"]])["position"]
    assert _waiting(t, played - 1) == [] and _waiting(t, played) == [item] and _waiting(t, ruled) == []
    assert t.audit_valid()
    exported = t.client.get(f"/games/{t.gid}/export").get_data()
    elsewhere = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    try:
        there = elsewhere.test_client()
        r = there.post("/games/import", data=exported, content_type="application/x-ndjson")
        assert r.status_code == 201 and r.get_json()["audit"]["valid"], r.get_json()
        again = there.get(f"/games/{t.gid}/state", query_string={"at": played}).get_json()["for_the_judge"]
        assert again == [item] and there.get(f"/games/{t.gid}/state").get_json()["for_the_judge"] == []
    finally:
        elsewhere.extensions["games"].close()


def test_a_card_the_converter_could_not_read_lists_its_text_for_the_judge(client):
    """Mendacious Brigand (character, none): the converter read nothing of its text ("If this card is blocked,
    you may pick ..."), so the engine plays it as a character without text.  Played, the state lists that text
    for the judge, under the card's id; the game goes on (bob may act)."""
    t = new_game(client, position(hands={"alice": ["Mendacious Brigand"]}, icons={"alice": "OGEDRRRRRRR"}))
    t.act(play_card("Mendacious Brigand"))
    [item] = _waiting(t)
    assert item["name"] == "Mendacious Brigand" and item["sentence"].startswith("If this card is blocked")
    t.act({"type": "pass", "player": "bob"})
    assert t.named("Mendacious Brigand") == [item["card_id"]] and _waiting(t) == [item]
