"""Issue 25, must-show 3 (the API half): the legal actions of a play or an ability carry the choices its
text asks (``needs``: targets with their allowed ids and names, X with its range, a division, a menu,
"you may", a revealed card, tokens removed, a card type, a card named), read off the card's script
(``adjudicator.spoils.decide.choice_specs``); every value a choice allows passes /check, and the card
played with the answers resolves as its text says.  The cards are real (tests/api/spoils_choice_cases.py)."""
from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

import jsonschema
import pytest

from adjudicator.effects import abilities as A
from adjudicator.spoils.decide import choice_specs
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.text import scripts as S
from api import spec
from events.service.decks import spec_for
from tests.api.spoils_choice_cases import CASES, ChoiceCase
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data
IDS = [c.name for c in CASES]


def entry_for(client: Any, gid: str, case: ChoiceCase) -> dict[str, Any]:
    """The legal action of the case's card (a play from hand, or its ability)."""
    listed = client.get(f"/games/{gid}/legal-actions", query_string={"player": "alice"}).get_json()
    for legal in listed["actions"]:
        a = legal["action"]
        if case.ability is None and a["type"] == "play_card" and a.get("card") == case.name:
            return legal
        if case.ability is not None and a["type"] == "use_ability" and a["card"] == case.card_id \
                and a["ability"] == case.ability:
            return legal
    raise AssertionError(f"{case.name} is not among the legal actions: {listed['actions']}")


def put(action: dict[str, Any], path: list[Any] | str, value: Any) -> dict[str, Any]:
    """``action`` with ``value`` at ``path`` (``["targets", 0]`` or ``"targets.0"``)."""
    keys = [int(k) if isinstance(k, str) and k.isdigit() else k
            for k in (path.split(".") if isinstance(path, str) else path)]
    out = copy.deepcopy(action)
    node: Any = out
    for i, key in enumerate(keys):
        last = i == len(keys) - 1
        empty = None if last else [] if isinstance(keys[i + 1], int) else {}
        if isinstance(key, int):
            node.extend([empty] * (key + 1 - len(node)))
            if last or node[key] is None:
                node[key] = value if last else empty
        elif last:
            node[key] = value
        else:
            node.setdefault(key, empty)
        node = node[key]
    return out


def answered(legal: dict[str, Any], answers: dict[str, Any]) -> dict[str, Any]:
    action = legal["action"]
    for path, value in answers.items():
        action = put(action, path, value)
    return action


def values_of(need: dict[str, Any]) -> list[Any]:
    """Every value a choice offers, as the action carries it."""
    if need["kind"] == "target":
        return [[a["id"]] if need["maximum"] > 1 else a["id"] for a in need["allowed"]]
    if need["kind"] == "x":
        return list(range(need["minimum"], need["maximum"] + 1))
    if need["kind"] in ("option", "coin", "card_type"):
        return [o["value"] for o in need["options"]]
    if need["kind"] == "revealed":
        return [[n] for n in need["suggestions"]]
    if need["kind"] == "named":
        return need["suggestions"]
    if need["kind"] == "may":
        return [True, False]
    return []


def dotted(path: list[Any]) -> str:
    return ".".join(str(k) for k in path)


def divided_among(needs: list[dict[str, Any]], answers: dict[str, Any]) -> dict[str, Any]:
    """The answers with each division over the cards its pick now names (all of it, or 1 when "up to")."""
    out = dict(answers)
    for need in needs:
        if need["kind"] == "divided" and need.get("among") and dotted(need["among"]) in answers:
            ids = answers[dotted(need["among"])]
            ids = ids if isinstance(ids, list) else [ids]
            out[dotted(need["path"])] = {ids[0]: 1 if need["up_to"] else need["total"]}
    return out


def completions(needs: list[dict[str, Any]], answers: dict[str, Any], path: str, value: Any) -> list[dict[str, Any]]:
    """The case's answers with ``value`` at ``path``, then the same with one other choice changed to each
    of its values or, when it may be left out, left out: some completion must be accepted."""
    first = {**answers, path: value}
    out = [divided_among(needs, first)]
    for other in needs:
        at = dotted(other["path"])
        if at == path:
            continue
        out += [divided_among(needs, {**first, at: v}) for v in values_of(other)]
        if not other["required"] and at in first:
            out.append(divided_among(needs, {k: v for k, v in first.items() if k != at}))
    return out


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_template_carries_the_choices_the_text_asks(client, case):
    t = new_game(client, case.setup)
    legal = entry_for(client, t.gid, case)
    needs = legal["needs"]
    assert [n["kind"] for n in needs] == case.kinds
    cards = t.state()["cards"]
    for n in needs:
        assert n["text"] and isinstance(n["path"], list)
        for allowed in n.get("allowed", []):  # ids with the names a form shows
            assert allowed["name"] == cards[allowed["id"]]["name"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_value_a_choice_allows_passes_check(client, case):
    """Soundness: each value (with the case's other answers, and for a value that depends on another
    choice, some value of that choice) is accepted by /check."""
    t = new_game(client, case.setup)
    legal = entry_for(client, t.gid, case)
    checked = 0
    for need in legal["needs"]:
        for value in values_of(need):
            verdict: dict[str, Any] = {}
            for answers in completions(legal["needs"], case.answers, dotted(need["path"]), value):
                verdict = t.check(answered(legal, answers))
                if verdict["legal"]:
                    break
            assert verdict["legal"], (need["text"], value, verdict["violations"])
            checked += 1
    assert checked >= 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_card_played_with_its_answers_resolves(client, case):
    t = new_game(client, case.setup)
    action = answered(entry_for(client, t.gid, case), case.answers)
    t.act(action)
    t.act({"type": "pass", "player": "bob"})
    state = t.state()
    events = client.get(f"/games/{t.gid}/events", query_string={"limit": 1000}).get_json()["events"]
    assert not state["pending"], state["pending"]
    assert case.outcome({**state, "events": [e["type"] for e in events]}), state["cards"]
    assert t.audit_valid()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_choices_are_typed_in_the_contract(client, case):
    """Each ``needs`` entry is a ``SpoilsChoiceNeeded`` of openapi.yaml, and the answered action's
    ``choices`` a ``SpoilsChoices``, which every Spoils action's ``choices`` refers to."""
    doc = spec.build()
    schemas = doc["components"]["schemas"]

    def validator(name: str) -> Any:
        return jsonschema.Draft202012Validator({**schemas[name], "components": doc["components"]})

    t = new_game(client, case.setup)
    legal = entry_for(client, t.gid, case)
    for need in legal["needs"]:
        validator("SpoilsChoiceNeeded").validate(need)
    validator("SpoilsChoices").validate(answered(legal, case.answers).get("choices", {}))
    kind = schemas["SpoilsAction"]["discriminator"]["mapping"][legal["action"]["type"]].rsplit("/", 1)[1]
    assert schemas[kind]["properties"]["choices"]["$ref"] == "#/components/schemas/SpoilsChoices"


def test_every_play_and_ability_of_the_pool_is_read(client, spoils_cards):
    """The choices of every tactic's play and every ability in the shared sets are read without error
    (a reader that raised would break GET legal-actions), each of a kind and shape the contract types."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice", "tokens": 2},
                                         "b1": {"card": "Dock Sentinel", "controller": "bob"}},
                                  hands={"alice": ["Pinch"], "bob": ["Pinch"]}, icons={"alice": "RRGGOODDEE"},
                                  decks={"alice": ["Pinch", "Greed"]}))
    s = client.application.extensions["games"].state_at(UUID(t.gid), None).state
    schemas = spec.build()["components"]["schemas"]
    check = jsonschema.Draft202012Validator(schemas["SpoilsChoiceNeeded"])
    read, kinds = 0, set()
    for name in spoils_cards.names("spoils"):
        doc = spec_for(spoils_cards, name, None)
        script = S.script_of(CardSpec.model_validate(doc)) if doc else None
        for ability in script.abilities if script else []:
            if isinstance(ability, (A.Play, A.Activated)):
                effect = ability.play if isinstance(ability, A.Play) else ability.effect
                for need in choice_specs.needs(s, "alice", ability.cost, effect, card="a1", source=name):
                    check.validate(need)
                    kinds.add(need["kind"])
                read += 1
    assert read > 400 and {"target", "x", "divided", "option", "may", "coin", "named", "card_type", "revealed",
                           "tokens_removed", "generate"} <= kinds
