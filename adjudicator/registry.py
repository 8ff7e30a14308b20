"""Which engine plays which game."""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from adjudicator.core import Engine

_ENGINES = {
    "buffy": "adjudicator.buffy.engine:BuffyEngine",
    "spoils": "adjudicator.spoils.engine:SpoilsEngine",
    "wowmini": "adjudicator.wowmini.engine:WowMiniEngine",
}


def games() -> list[str]:
    """The games this build can adjudicate (an engine whose module is absent is left out)."""
    available = []
    for game in _ENGINES:
        try:
            engine_for(game)
        except (ImportError, KeyError):
            continue
        available.append(game)
    return available


@lru_cache(maxsize=None)
def engine_for(game: str) -> Engine:
    """The engine of ``game``.  Raises KeyError for an unknown game, ImportError if not built."""
    module_name, _, class_name = _ENGINES[game].partition(":")
    return getattr(import_module(module_name), class_name)()
