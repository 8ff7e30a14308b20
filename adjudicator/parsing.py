"""Turning a raw action document into a game's action model, with errors that name fields."""
from __future__ import annotations

from typing import Any, Collection

from pydantic import TypeAdapter, ValidationError

from adjudicator.core import InvalidAction


def field_errors(exc: ValidationError, action_types: Collection[str] = (), prefix: str = "") -> list[dict[str, str]]:
    """``[{"field", "message"}]`` from a pydantic error, without the union's discriminator tags."""
    out = []
    for err in exc.errors():
        loc = [str(p) for p in err.get("loc", ()) if not (isinstance(p, str) and p in action_types)]
        out.append({"field": prefix + (".".join(loc) or "action"), "message": err.get("msg", "invalid")})
    return out


def parse_action(adapter: TypeAdapter[Any], action_types: Collection[str], raw: Any, game: str) -> Any:
    """The action model for ``raw``.  Raises InvalidAction naming the fields that do not fit."""
    if not isinstance(raw, dict):
        raise InvalidAction("an action is a JSON object", [{"field": "action", "message": "expected an object"}])
    kind = raw.get("type")
    if kind not in action_types:
        raise InvalidAction(
            f"unknown {game} action type {kind!r}",
            [{"field": "type", "message": f"expected one of {', '.join(action_types)}"}],
        )
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        errors = field_errors(exc, action_types)
        raise InvalidAction(f"{kind}: " + "; ".join(f"{e['field']}: {e['message']}" for e in errors), errors) from None
