"""What the card catalog and its importers raise."""
from __future__ import annotations

from pathlib import Path

from rulings.printings import EffectiveCard


class CardDataError(ValueError):
    """A card or deck file cannot be used: names the file, the line when known, and the problem.

    Importers raise it before touching the catalog, so a failed import leaves it unchanged.
    """

    def __init__(self, path: str | Path, line: int | None, problem: str):
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}, line {line}" if line else self.path
        super().__init__(f"{where}: {problem}")


class CardNotFound(LookupError):
    """No printing of that name (or none released by the date asked) is in the catalog."""


class AmbiguousCard(LookupError):
    """The name covers several distinct cards (e.g. Buffy character levels); ``cards`` lists them."""

    def __init__(self, message: str, cards: list[EffectiveCard]):
        super().__init__(message)
        self.cards = cards

