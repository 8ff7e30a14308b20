"""A card's script as its document carries it: parsed once per distinct document into the typed effect
language, a bad one refused naming the field."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Mapping

from pydantic import ValidationError

from adjudicator.effects import CardScript
from adjudicator.effects.base import json_path, telling_error


@lru_cache(maxsize=4096)
def _parse(text: str) -> CardScript:
    return CardScript.model_validate(json.loads(text))


def parse(doc: Mapping[str, Any] | None) -> CardScript | None:
    """The script a card document carries (None without one).  Raises ValueError for a document
    the effect language refuses (naming the field)."""
    if not doc:
        return None
    try:
        return _parse(json.dumps(doc, sort_keys=True))
    except ValidationError as exc:
        first = telling_error(exc.errors())
        raise ValueError(f"{json_path(first['loc'], 'script')}: {first['msg']}") from None
