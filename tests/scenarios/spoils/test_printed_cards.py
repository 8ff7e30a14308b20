"""Issue 25, item 1: a named card is what its printing says (spoils.engine.printed-card, 105.1).

A card of the game's pool described inline with other values, given an ``effect`` of its own, played
``free`` with no text allowing it, or played as a resource with other icons is refused in enforce
mode (422 naming the field and the card, nothing appended), appended flagged in record mode, and
reported by the audit of a log whose play used other values; a card the pool lacks is still
described inline."""
from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest

from events.service.audit import audit_log
from events.service.envelope import GENESIS
from events.service.export import export_lines, parse_line
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, rule_ids)

pytestmark = needs_data

RULE = "spoils.engine.printed-card"
ASSISTANT = {"name": "Research Assistant", "type": "character"}  # printed 2, EE, 1/1/2
PLAY = {"type": "play_card", "player": "alice"}

# (the field named in the refusal, the action overriding it)
OVERRIDES: list[tuple[str, dict[str, Any]]] = [
    ("card.cost", {**PLAY, "card": {**ASSISTANT, "cost": 0}}),
    ("card.threshold", {**PLAY, "card": {**ASSISTANT, "threshold": ""}}),
    ("card.strength", {**PLAY, "card": {**ASSISTANT, "strength": 99}}),
    ("card.life", {**PLAY, "card": {**ASSISTANT, "life": 99}}),
    ("card.speed", {**PLAY, "card": {**ASSISTANT, "speed": 9}}),
    ("card.keywords", {**PLAY, "card": {**ASSISTANT, "keywords": ["covert"]}}),
    ("card.text", {**PLAY, "card": {**ASSISTANT, "text": "This card cannot be destroyed."}}),
    ("card.effect", {**PLAY, "card": {"name": "1337!", "type": "tactic", "effect": [{"draw": 3}]}}),
    ("effect", {**PLAY, "card": "1337!", "effect": [{"draw": 3}]}),
    ("free", {**PLAY, "card": "Research Assistant", "free": True}),
    ("resource.icons", {"type": "develop", "player": "alice", "choice": "resource",
                        "resource": {"card": "Elitism", "face_up": True, "icons": "EEEE"}}),
    ("resource.card.provides", {"type": "develop", "player": "alice", "choice": "resource",
                                "resource": {"card": {"name": "Elitism", "type": "resource", "provides": "OGED"},
                                             "face_up": True}}),
]


def table(client, stage: str = "main"):
    return new_game(client, position(stage=stage, hands={"alice": ["Research Assistant", "1337!", "Elitism"]},
                                     icons={"alice": "EEEE"}, decks={"alice": ["Elitism"] * 5, "bob": ["Elitism"] * 5}))


def post(t, action: dict[str, Any], mode: str = "enforce"):
    return t.client.post(f"/games/{t.gid}/actions", json=action, query_string={"mode": mode})


def stage_of(action: dict[str, Any]) -> str:
    return "develop" if action["type"] == "develop" else "main"


@pytest.mark.parametrize("field, action", OVERRIDES, ids=[f for f, _ in OVERRIDES])
def test_an_override_of_a_printed_value_is_refused_in_enforce_mode(client, field, action):
    t = table(client, stage_of(action))
    before = t.state()["position"]
    r = post(t, action)
    assert r.status_code == 422, r.get_json()
    violations = r.get_json()["violations"]
    assert RULE in rule_ids(violations)
    mine = [v["message"] for v in violations if v["rule"]["id"] == RULE]
    card = "Elitism" if field.startswith("resource") else "1337!" if "effect" in field else "Research Assistant"
    assert any(m.startswith(f"{field}:") and card in m for m in mine), mine
    assert t.state()["position"] == before  # nothing appended


@pytest.mark.parametrize("field, action", OVERRIDES, ids=[f for f, _ in OVERRIDES])
def test_an_override_is_appended_flagged_in_record_mode(client, field, action):
    t = table(client, stage_of(action))
    before = t.state()["position"]
    r = post(t, action, "record")
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["recorded"] is True and any(v["message"].startswith(f"{field}:") for v in body["violations"])
    assert t.state()["position"] > before
    audit = t.client.get(f"/games/{t.gid}/audit").get_json()
    flagged = [f for f in audit["violations"] if f["kind"] == "violation"]
    assert flagged and flagged[0]["recorded"] is True and RULE in [r["id"] for r in flagged[0]["rules"]]


def test_the_table_s_values_are_what_record_mode_keeps(client):
    """Recorded as played at the table: the 99/99 Research Assistant, its printed ability kept."""
    t = table(client)
    r = post(t, {**PLAY, "card": {**ASSISTANT, "cost": 0, "threshold": "", "strength": 99, "life": 99}}, "record")
    assert r.status_code == 201
    played = next(e for e in r.get_json()["events"] if e["type"] == "CardPlayed")["data"]["card"]
    assert played["strength"] == 99 and played["cost"] == 0 and played["abilities"][0]["name"] == "RESEARCH"


def test_a_named_card_or_its_printed_values_are_accepted(client):
    """Naming the card, or describing it with its printed values, plays the pool's printing (its script
    included): nothing is flagged."""
    for card in ("Research Assistant", {**ASSISTANT, "cost": 2, "threshold": "EE", "strength": 1, "life": 1}):
        t = table(client)
        r = post(t, {**PLAY, "card": card})
        assert r.status_code == 201, r.get_json()
        played = next(e for e in r.get_json()["events"] if e["type"] == "CardPlayed")["data"]
        assert played["card"]["script"]["abilities"][0]["ability"] == "RESEARCH" and played["cost"] == 2


def test_a_card_the_pool_lacks_is_still_described_inline(client):
    setup = position(icons={"alice": "EEEE"})
    setup["players"]["alice"].update(hand=3, hand_cards=[])  # cards in hand not named
    t = new_game(client, setup)
    r = post(t, {**PLAY, "card": {"name": "Homebrew Golem", "type": "character", "cost": 1, "threshold": "E",
                                  "strength": 3, "life": 3, "speed": 1}})
    assert r.status_code == 201, r.get_json()
    assert not r.get_json().get("violations")


def rehashed(docs: list[dict[str, Any]]) -> list[Any]:
    """The exported lines with the hash chain recomputed, as someone holding the file would."""
    out, prev = [], GENESIS
    for n, doc in enumerate(docs, start=1):
        env = parse_line(json.dumps(doc), n).model_copy(update={"prev_hash": prev})
        env = env.sealed()
        prev = env.hash
        out.append(env)
    return out


def exported(t) -> list[dict[str, Any]]:
    text = t.client.get(f"/games/{t.gid}/export").get_data(as_text=True)
    return [json.loads(line) for line in text.splitlines()]


def test_the_audit_flags_a_crafted_log_whose_play_used_other_values(client):
    """Two crafted logs: a play by name whose stored CardPlayed carries a 99/99 card (the rules
    produce the printed 1/1: a mismatch); and a record-mode override restamped as enforced, its
    violations erased (deciding it again finds the override: a violation not recorded as such)."""
    t = table(client)
    assert post(t, {**PLAY, "card": "Research Assistant"}).status_code == 201
    docs = exported(t)
    played = next(d for d in docs if d["type"] == "CardPlayed")
    played["data"]["card"].update(strength=99, life=99)
    envs = rehashed(docs)
    report = audit_log(UUID(str(envs[0].originator_id)), envs)
    assert report["valid"] is False
    assert any(f["kind"] == "mismatch" and f["position"] == played["position"] for f in report["violations"])

    u = table(client)
    assert post(u, {**PLAY, "card": {**ASSISTANT, "strength": 99}}, "record").status_code == 201
    docs = exported(u)
    for d in docs:
        if d.get("mode") == "record":
            d.update(mode="enforce", violations=[])
    envs = rehashed(docs)
    report = audit_log(UUID(str(envs[0].originator_id)), envs)
    found = [f for f in report["violations"] if f["kind"] == "violation"]
    assert report["valid"] is False and found and found[0]["recorded"] is False
    assert RULE in [r if isinstance(r, str) else r["id"] for r in found[0]["rules"]]
    assert "card.strength" in found[0]["message"]
    assert export_lines(envs)  # the crafted log still exports line by line
