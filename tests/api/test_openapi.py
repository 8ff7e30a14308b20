"""The served contract: OpenAPI 3.1 generated from the models that validate requests, the routes
and the spec agree both ways, the copy at the top of the repository is current, and what the
models accept is what the spec says."""
from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource

from api import create_app
from api.errors import PROBLEMS
from events.service import contract
from tests.unit.test_wowmini_table import druid, orc

ROOT = Path(__file__).resolve().parents[2]
IGNORED = {"/static/<path:filename>"}  # Flask's own static route
SPIKE = {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2",
         "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]}
BUFFY = {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2",
         "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}}


def flask_routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.rule in IGNORED:
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((method.lower(), path))
    return out


def spec_routes(spec) -> set[tuple[str, str]]:
    return {(m, p) for p, ops in spec["paths"].items() for m in ops if m in ("get", "post", "put", "patch", "delete")}


def normalise(routes):
    return {(m, re.sub(r"\{[^}]+\}", "{}", p)) for m, p in routes}


@pytest.fixture(scope="module")
def served():
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
    return app, yaml.safe_load(app.test_client().get("/openapi.yaml").get_data(as_text=True))


def validator(spec, name: str) -> Draft202012Validator:
    """A validator for the spec's components/schemas/<name>, resolving refs inside the spec."""
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", **spec}
    registry = Registry().with_resource("urn:spec", Resource.from_contents(document))
    return Draft202012Validator({"$ref": f"urn:spec#/components/schemas/{name}"}, registry=registry)


def test_the_spec_is_valid_openapi_3_1_with_the_package_version(served):
    _, spec = served
    validate(spec)
    assert spec["openapi"].startswith("3.1")
    assert spec["info"]["version"] == version("ccg-adjudicator")


def test_every_route_is_in_the_spec_and_every_spec_path_is_served(served):
    app, spec = served
    served_routes, described = normalise(flask_routes(app)), normalise(spec_routes(spec))
    assert served_routes - described == set(), "routes missing from the spec (api/openapi.base.yaml)"
    assert described - served_routes == set(), "the spec describes routes the app does not serve"


def test_the_copy_in_the_repository_is_the_served_spec(served):
    _, spec = served
    kept = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert kept == spec, "openapi.yaml is out of date with the models: run `python -m api.spec > openapi.yaml`"


@pytest.mark.parametrize("game", contract.GAMES)
def test_each_game_publishes_its_actions_as_a_oneof_discriminated_on_type(served, game):
    _, spec = served
    union = spec["components"]["schemas"][f"{contract.PREFIX[game]}Action"]
    assert union["discriminator"]["propertyName"] == "type"
    assert set(union["discriminator"]["mapping"]) == set(contract.action_types(game))
    for ref in union["oneOf"]:
        model = spec["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]
        assert model["properties"]["type"].get("const") or model["properties"]["type"].get("enum"), model
        assert model.get("additionalProperties") is False and "player" in model["required"]
    for kind in ("State", "Setup"):
        assert spec["components"]["schemas"][f"{contract.PREFIX[game]}{kind}"]["properties"], kind


def test_the_problem_types_are_listed_and_every_raised_type_is_one_of_them(served):
    _, spec = served
    listed = spec["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert listed == [f"/problems/{slug}" for slug in PROBLEMS] and "/problems/invalid-deck" in listed
    raised = set()
    for source in (ROOT / "api").rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        raised |= set(re.findall(r'(?:Problem|problem_response)\(\s*\d{3},\s*"([a-z-]+)"', text))
    assert raised and raised - set(PROBLEMS) == set(), "problem types missing from api.errors.PROBLEMS"


def _game(client, game: str) -> str:
    setups = {"buffy": {"step": "conflict", "characters": {"spike": SPIKE, "buffy": BUFFY}}, "spoils": None,
              "wowmini": {"characters": {"malfurion": druid(square=(2, 2)), "grunt": orc((3, 3), clock=20)}}}
    made = client.post("/games", json={"game": game, "players": [{"id": "p1"}, {"id": "p2"}],
                                       "first_player": "p1", "setup": setups[game]})
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]


def _relaxed(schema: dict) -> dict:
    """The schema with only ``type`` required: legal actions may leave a field for the player to
    fill (a play_effect's card), which the template's schema still requires of the final action."""
    return {**schema, "required": [r for r in schema.get("required", []) if r == "type"]}


@pytest.mark.parametrize("game", contract.GAMES)
def test_what_the_models_accept_the_spec_accepts_and_the_reverse(served, game):
    """The legal actions the engine offers fit the spec's schema of their action type and the
    template's schema; complete ones are parsed by the model; an action with a field the model
    does not know fails the spec and the model alike."""
    app, spec = served
    client = app.test_client()
    gid = _game(client, game)
    schemas = spec["components"]["schemas"]
    mapping = schemas[f"{contract.PREFIX[game]}Action"]["discriminator"]["mapping"]
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", **spec}
    registry = Registry().with_resource("urn:spec", Resource.from_contents(document))
    union = validator(spec, f"{contract.PREFIX[game]}Action")
    legal = []
    for player in ("p1", "p2"):
        answer = client.get(f"/games/{gid}/legal-actions?player={player}").get_json()
        legal += [a["action"] for a in answer["actions"]]
        assert {t["type"] for t in answer["templates"]} == {a["action"]["type"] for a in answer["actions"]}
        for template in answer["templates"]:
            check = Draft202012Validator(_relaxed(template["schema"]))
            for action in template["actions"]:
                assert not list(check.iter_errors(action)), (template["type"], action)
    assert legal
    complete = 0
    for action in legal:
        model = schemas[mapping[action["type"]].rsplit("/", 1)[1]]
        relaxed = Draft202012Validator({**_relaxed(model), "$schema": document["$schema"]}, registry=registry)
        assert not list(relaxed.iter_errors(action)), action
        if not list(union.iter_errors(action)):
            complete += 1
            verdict = client.post(f"/games/{gid}/check", json={"action": action}).get_json()
            assert "legal" in verdict, verdict  # the model parsed it: no invalid-action problem
    assert complete
    whole = next(a for a in legal if not list(union.iter_errors(a)))
    odd = {**whole, "not_a_field": 1}
    assert list(union.iter_errors(odd))
    refused = client.post(f"/games/{gid}/check", json={"action": odd})
    assert refused.status_code == 422 and refused.get_json()["type"] == "/problems/invalid-action"
    state = validator(spec, "State")
    assert not list(state.iter_errors(client.get(f"/games/{gid}/state").get_json()))


def test_the_docs_page_is_a_real_api_docs_ui_served_from_this_service(served):
    app, spec = served
    client = app.test_client()
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets and all(a.startswith("/") for a in assets), "no asset from another origin"
    for asset in assets:
        assert client.get(asset).status_code == 200, asset
    assert "/openapi.yaml" in html
