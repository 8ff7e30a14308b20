"""The machine-readable side of each game's vocabulary, from the pydantic models that validate it:
JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the actions, the setups and the state
documents, and fillable templates for the legal actions of a position.

One source: the schemas are generated from the same models ``decide`` parses actions with and
``state_from`` reads setups with, so the published contract cannot drift from what is accepted.
Schema names are prefixed by the game (``BuffyStartFight``, ``SpoilsAttack``) since the games
share action names.
"""
from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from importlib import import_module
from typing import Any

from pydantic import BaseModel, TypeAdapter

from adjudicator import engine_for

GAMES = ("buffy", "spoils", "wowmini")
PREFIX = {"buffy": "Buffy", "spoils": "Spoils", "wowmini": "WowMini"}
_REF = "#/components/schemas/"
# Values a template offers for a field, read from the legal actions of a position: a field whose
# every legal value is a scalar becomes an ``enum`` of those values.
_SCALAR = (str, int, float, bool)


ACTIONS = {"buffy": "adjudicator.buffy.actions", "spoils": "adjudicator.spoils.model.actions",
           "wowmini": "adjudicator.wowmini.actions"}
"""The module of each game's actions (The Spoils keeps its model in a layer of its own)."""


def _adapter(game: str) -> TypeAdapter[Any]:
    """The TypeAdapter of the game's discriminated action union (in ``ACTIONS[game]``).
    Raises LookupError when the module has none."""
    module = import_module(ACTIONS[game])
    for value in vars(module).values():
        if isinstance(value, TypeAdapter):
            return value
    raise LookupError(f"{ACTIONS[game]} has no action TypeAdapter")


def action_types(game: str) -> list[str]:
    """The action types the game's parser accepts."""
    return list(import_module(ACTIONS[game]).ACTION_TYPES)


def _prefixed(schema: dict[str, Any], prefix: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the schema without $defs, its $defs) with every definition renamed ``prefix + name``."""
    defs = schema.pop("$defs", {})

    def rename(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str) and value.startswith(_REF):
                    out[key] = _REF + prefix + value[len(_REF):]
                elif key == "mapping" and isinstance(value, dict):
                    out[key] = {k: _REF + prefix + v[len(_REF):] for k, v in value.items()}
                else:
                    out[key] = rename(value)
            return out
        if isinstance(node, list):
            return [rename(v) for v in node]
        return node

    named = {prefix + name: {**_untitled(rename(body)), "title": prefix + name} for name, body in defs.items()}
    return _untitled(rename(schema)), named


_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")


def _untitled(node: Any) -> Any:
    """The schema without pydantic's ``title`` keywords below its top: client generators name
    types by title, and the games share titles (three ``Winner``, two ``Pass``); each named
    definition carries its prefixed name as its title instead."""
    if isinstance(node, list):
        return [_untitled(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "title" and isinstance(value, str):
            continue
        if key in _MAPS and isinstance(value, dict):
            out[key] = {name: _untitled(sub) for name, sub in value.items()}
        else:
            out[key] = _untitled(value)
    return out


@lru_cache(maxsize=None)
def action_schema(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the game's action union, the definitions it refers to): a ``oneOf`` discriminated on
    ``type``, one schema per action type (a model that parses several types, such as The Spoils'
    ``play_card`` and ``play_tactic``, is published once per type, its ``type`` a constant)."""
    schema = _adapter(game).json_schema(ref_template=_REF + "{model}")
    union, defs = _prefixed(schema, PREFIX[game])
    return _one_model_per_type(union, defs, PREFIX[game])


def _camel(action_type: str) -> str:
    return "".join(part.capitalize() for part in action_type.split("_"))


def _one_model_per_type(union: dict[str, Any], defs: dict[str, Any],
                        prefix: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The union with one definition per discriminator value: a client generator then builds each
    action with its own class whose ``type`` is a constant (``SpoilsPlayTactic(type_="play_tactic")``)
    instead of one class whose ``type`` is an enum of several actions."""
    mapping = union["discriminator"]["mapping"]
    shared: dict[str, list[str]] = {}
    for kind, ref in mapping.items():
        shared.setdefault(ref, []).append(kind)
    refs = [ref for ref, kinds in shared.items() if len(kinds) > 1]
    if not refs:
        return union, defs
    defs = dict(defs)
    mapping = dict(mapping)
    order = [o["$ref"] for o in union["oneOf"]]
    for ref in refs:
        model = defs.pop(ref[len(_REF):])
        split = []
        for kind in shared[ref]:
            name = prefix + _camel(kind)
            body = copy.deepcopy(model)
            body["properties"]["type"] = {"const": kind, "type": "string"}
            body["title"] = name
            defs[name] = body
            mapping[kind] = _REF + name
            split.append(_REF + name)
        at = order.index(ref)
        order[at:at + 1] = split
    return {**union, "oneOf": [{"$ref": r} for r in order],
            "discriminator": {**union["discriminator"], "mapping": mapping}}, defs


def _open(node: Any) -> Any:
    """The schema with ``additionalProperties: false`` removed: state documents carry read-only
    views (effective values, standings) beside the model's fields."""
    if isinstance(node, dict):
        return {k: _open(v) for k, v in node.items() if not (k == "additionalProperties" and v is False)}
    if isinstance(node, list):
        return [_open(v) for v in node]
    return node


def _state_model(game: str) -> type[BaseModel]:
    return engine_for(game).State


@lru_cache(maxsize=None)
def state_schema(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the state document of the game as GET state returns it, its definitions)."""
    schema = _state_model(game).model_json_schema(mode="serialization", ref_template=_REF + "{model}",
                                                  by_alias=True)
    schema, defs = _prefixed(schema, PREFIX[game] + "State")
    return _open(schema), _open(defs)


@lru_cache(maxsize=None)
def setup_schema(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(a setup document of the game: the state document's fields, each optional where the model
    has a default, its definitions)."""
    schema = _state_model(game).model_json_schema(mode="validation", ref_template=_REF + "{model}", by_alias=True)
    schema, defs = _prefixed(schema, PREFIX[game] + "Setup")
    schema.pop("required", None)  # seating, the active player and the players come from the request
    return schema, defs


def schemas() -> dict[str, dict[str, Any]]:
    """Every named schema of the contract: ``{Game}Action``, ``{Game}State``, ``{Game}Setup`` and
    the definitions they refer to."""
    out: dict[str, dict[str, Any]] = {}
    for game in GAMES:
        for kind, build in (("Action", action_schema), ("State", state_schema), ("Setup", setup_schema)):
            schema, defs = build(game)
            out.update(copy.deepcopy(defs))
            out[PREFIX[game] + kind] = copy.deepcopy(schema)
    return out


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema and schema["$ref"].startswith(_REF):
        schema = defs[schema["$ref"][len(_REF):]]
    return schema


def _model_for(game: str, action_type: str) -> dict[str, Any]:
    union, defs = action_schema(game)
    ref = union["discriminator"]["mapping"][action_type]
    return _resolve({"$ref": ref}, defs)


def action_template(game: str, action_type: str, instances: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON Schema of one legal action type at a position: the model's schema (its
    definitions inlined under ``$defs``) with ``type`` fixed, and, for every field the legal
    actions fill with scalars, an ``enum`` of exactly the values they use (which characters may
    attack, which locations are reachable).  ``instances`` are the concrete legal actions."""
    union, defs = action_schema(game)
    model = copy.deepcopy(_model_for(game, action_type))
    props = model.setdefault("properties", {})
    props["type"] = {**props.get("type", {}), "const": action_type, "enum": [action_type]}
    for name, prop in list(props.items()):
        if name == "type":
            continue
        values = [a[name] for a in instances if name in a]
        if values and len(values) == len(instances) and all(isinstance(v, _SCALAR) and not isinstance(v, bool)
                                                            for v in values):
            props[name] = {**_without_any_of_null(prop), "enum": sorted(set(values), key=str)}
        elif values and any(values) and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in values):
            # any set of the items the legal actions use (blockers, attackers: none, some or all of them)
            seen = sorted({x for v in values for x in v})
            props[name] = {**prop, "items": {**_without_any_of_null(prop.get("items", {})), "enum": seen}}
        elif values and len(values) == len(instances):  # squares, assignments: offer the values themselves
            distinct = {json.dumps(v, sort_keys=True): v for v in values}
            props[name] = {**_without_any_of_null(prop), "enum": [distinct[k] for k in sorted(distinct)]}
    used = _refs(model, defs)
    if used:
        model["$defs"] = {name: copy.deepcopy(defs[name]) for name in sorted(used)}
        model = _local_refs(model)
    return model


def _without_any_of_null(prop: dict[str, Any]) -> dict[str, Any]:
    """A nullable field (``anyOf: [X, null]``) offered with concrete values is just X."""
    options = prop.get("anyOf")
    if isinstance(options, list):
        concrete = [o for o in options if o.get("type") != "null"]
        if len(concrete) == 1:
            rest = {k: v for k, v in prop.items() if k != "anyOf"}
            return {**rest, **concrete[0]}
    return prop


def _refs(node: Any, defs: dict[str, Any], seen: set[str] | None = None) -> set[str]:
    seen = set() if seen is None else seen
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF):
            name = ref[len(_REF):]
            if name not in seen:
                seen.add(name)
                _refs(defs[name], defs, seen)
        for value in node.values():
            _refs(value, defs, seen)
    elif isinstance(node, list):
        for value in node:
            _refs(value, defs, seen)
    return seen


def _local_refs(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: (re.sub(r"^#/components/schemas/", "#/$defs/", v) if k == "$ref" and isinstance(v, str)
                    else _local_refs(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_local_refs(v) for v in node]
    return node


def templates(game: str, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One fillable template per legal action type of a position, in the order the types first
    appear: ``{"type", "schema", "actions"}`` where ``actions`` are the concrete legal actions of
    that type and ``schema`` says which values each field may take."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        kind = action.get("type")
        if isinstance(kind, str) and kind in _adapter_types(game):
            by_type.setdefault(kind, []).append(action)
    return [{"type": kind, "schema": action_template(game, kind, found), "actions": found}
            for kind, found in by_type.items()]


@lru_cache(maxsize=None)
def _adapter_types(game: str) -> frozenset[str]:
    union, _ = action_schema(game)
    return frozenset(union["discriminator"]["mapping"])


def action_model(game: str, action_type: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(the JSON Schema of one action type of ``game``, the definitions it refers to), or None when
    the game has no such action type: what a client reads to turn ``field=value`` words into the
    action's fields."""
    union, defs = action_schema(game)
    if action_type not in union["discriminator"]["mapping"]:
        return None
    return _model_for(game, action_type), defs
