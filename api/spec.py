"""The served OpenAPI 3.1 contract, generated: the hand-written paths and responses of
``openapi.base.yaml`` plus the schemas of ``events.service.contract`` (each game's actions, setups
and state documents, from the pydantic models that validate them), the problem types of
``api.errors.PROBLEMS`` and the package's version.

``python -m api.spec > openapi.yaml`` writes the copy kept at the top of the repository for
readers of a clone; tests/api/test_openapi.py fails when that copy and the models disagree.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import yaml

from api.errors import PROBLEMS, problem_uri
from events.service import contract
from events.service.limits import MAX_POSITION

BASE = Path(__file__).resolve().parent / "openapi.base.yaml"
_REF = "#/components/schemas/"


def package_version() -> str:
    """The installed distribution's version (pyproject.toml's), or 0+unknown when not installed."""
    try:
        return version("ccg-adjudicator")
    except PackageNotFoundError:
        return "0+unknown"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": _REF + name}


def _game_schemas(schemas: dict[str, Any]) -> None:
    schemas.update(contract.schemas())
    names = [contract.PREFIX[g] for g in contract.GAMES]
    for game, name in zip(contract.GAMES, names):
        union = schemas[f"{name}Action"]
        union["description"] = (f"One {game} action: a oneOf discriminated on type "
                                f"({', '.join(contract.action_types(game))}).")
        state = schemas[f"{name}State"]
        state.setdefault("properties", {})["position"] = {
            "type": "integer", "minimum": 1, "description": "the position this state is at"}
        state["required"] = sorted({*state.get("required", []), "position"})
        setup = schemas[f"{name}Setup"]
        setup["description"] = (f"A {game} position to start from: the fields of a {name}State document "
                                "(a round trip, like a chess FEN); what it leaves out takes defaults.")
        variant = copy.deepcopy(schemas["CreateGame"])
        variant["properties"]["game"] = {"type": "string", "enum": [game]}
        variant["properties"]["setup"] = {"anyOf": [_ref(f"{name}Setup"), {"type": "null"}]}
        variant["title"] = f"Create{name}Game"
        schemas[f"Create{name}Game"] = variant
    _typed_spoils_choices(schemas)
    schemas["Action"] = {
        "description": "One action of the game's vocabulary; the game decides which of the three applies. "
                       "GET /games/{game_id}/legal-actions gives a fillable schema per legal action.",
        "anyOf": [_ref(f"{n}Action") for n in names],
    }
    schemas["State"] = {"description": "The state document of the game at a position.",
                        "anyOf": [_ref(f"{n}State") for n in names]}
    schemas["CreateGame"] = {
        "oneOf": [_ref(f"Create{n}Game") for n in names],
        "discriminator": {"propertyName": "game",
                          "mapping": {g: _REF + f"Create{n}Game" for g, n in zip(contract.GAMES, names)}},
    }


def _typed_spoils_choices(schemas: dict[str, Any]) -> None:
    """Each Spoils action's ``choices`` (a free mapping in the model: its keys are the scripts') as the
    ``SpoilsChoices`` the base file types, the keys the engine reads (GET legal-actions' ``needs`` says
    which a card asks)."""
    for ref in schemas["SpoilsAction"]["discriminator"]["mapping"].values():
        props = schemas[ref[len(_REF):]].get("properties", {})
        if "choices" in props:
            props["choices"] = {**_ref("SpoilsChoices"), "description": props["choices"].get("description",
                                "the choices the card's script asks of the player")}


def _problem_types(schemas: dict[str, Any]) -> None:
    problem = schemas["Problem"]
    problem["properties"]["type"] = {
        "type": "string", "enum": [problem_uri(slug) for slug in PROBLEMS],
        "description": "A stable problem type; GET it for a page describing the problem. "
                       + "; ".join(f"{slug} ({status}): {title}" for slug, (status, title, _) in PROBLEMS.items()),
    }


def _bounded(node: Any) -> Any:
    """Every integer without an upper bound gets the service's (positions, counts)."""
    if isinstance(node, dict):
        out = {k: _bounded(v) for k, v in node.items()}
        kinds = out.get("type")
        if kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds):
            out.setdefault("maximum", MAX_POSITION)
            out.setdefault("minimum", -MAX_POSITION)
        return out
    if isinstance(node, list):
        return [_bounded(v) for v in node]
    return node


# Where a created game's id goes next: OpenAPI links from POST /games, so a client (and
# schemathesis' stateful phase) can follow a game from its creation.
_FOLLOW = {"GetGame": "getGame", "AppendAction": "appendAction", "GetState": "getState",
           "LegalActions": "legalActions", "CheckAction": "checkAction", "ListEvents": "listEvents",
           "AuditGame": "auditGame", "AppendRuling": "appendRuling", "ExportGame": "exportGame"}


def _links(doc: dict[str, Any]) -> None:
    operations = {op.get("operationId"): (path, op) for path, ops in doc["paths"].items()
                  for op in ops.values() if isinstance(op, dict)}
    created = operations["createGame"][1]["responses"]["201"]
    created["links"] = {name: {"operationId": op, "parameters": {"game_id": "$response.body#/id"}}
                        for name, op in _FOLLOW.items() if op in operations}
    appended = operations["appendAction"][1]["responses"]["201"]
    appended["links"] = {"GetState": {"operationId": "getState", "parameters": {
        "game_id": "$request.path.game_id", "at": "$response.body#/position"}}}


@lru_cache(maxsize=1)
def build() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document.  Raises OSError when the base file is missing."""
    doc = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    doc["info"]["version"] = package_version()
    schemas = doc["components"]["schemas"]
    _game_schemas(schemas)
    _problem_types(schemas)
    doc["components"]["parameters"] = _bounded(doc["components"]["parameters"])
    _links(doc)
    return doc


@lru_cache(maxsize=1)
def text() -> str:
    """The document as YAML."""
    return yaml.safe_dump(build(), sort_keys=False, width=110, allow_unicode=True)


if __name__ == "__main__":
    import sys

    sys.stdout.write(text())
