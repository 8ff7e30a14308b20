"""Editions (sets) of each game, their release order and release dates, as data.

The data lives in ``rulings/data/editions.yaml`` (see ``rulings/data/README.md``); every entry
names its source, and dates nobody could establish stay ``null``.  Release order is what the
most-recent-edition rules need; dates are only needed to answer "which text was in force at a
tournament on day D".

A date may be known to the day (``2006-11-15``), the month (``2006-11``) or the year
(``2012``).  A period is turned into bounds: released no earlier than its first day and no later
than its last day.  An edition without a date borrows bounds from its neighbours in release order
(it came out no earlier than the last dated edition before it, and no later than the first dated
edition after it) and from optional ``released_after`` / ``released_by`` bounds.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterable

import yaml

from rulings.card_text import name_key
from rulings.errors import CardDataError

EDITIONS_FILE = Path(__file__).parent / "data" / "editions.yaml"

_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


@dataclass(frozen=True)
class ReleaseBounds:
    """When an edition came out, as an interval; ``None`` means unbounded on that side."""

    earliest: date | None
    latest: date | None

    def released_on_or_before(self, day: date) -> bool | None:
        """True when certainly out by ``day``, False when certainly not, None when unknown."""
        if self.latest is not None and self.latest <= day:
            return True
        if self.earliest is not None and self.earliest > day:
            return False
        return None


@dataclass(frozen=True)
class Edition:
    game: str
    name: str
    order: int
    released: date | None = None
    precision: str | None = None  # "day" | "month" | "year" | None (unknown)
    released_by: date | None = None
    released_after: date | None = None
    aliases: tuple[str, ...] = ()
    source: str = ""
    notes: str = ""

    @property
    def own_bounds(self) -> ReleaseBounds:
        if self.released is None:
            return ReleaseBounds(self.released_after, self.released_by)
        return ReleaseBounds(self.released, _period_end(self.released, self.precision))

    @property
    def release_label(self) -> str | None:
        """The release date at the precision known (``2006-11``, ``2012``), or None."""
        return _format_date(self.released, self.precision)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "order": self.order,
            "released": self.release_label,
            "released_by": self.released_by.isoformat() if self.released_by else None,
            "released_after": self.released_after.isoformat() if self.released_after else None,
            "source": self.source,
            "notes": self.notes,
        }


class Editions:
    """Every known edition of every game; lookups by name or alias, tolerant of case and accents."""

    def __init__(self, editions: Iterable[Edition] = ()):
        self._by_game: dict[str, list[Edition]] = {}
        self._by_key: dict[tuple[str, str], Edition] = {}
        for edition in editions:
            self.add(edition)

    def add(self, edition: Edition) -> None:
        """Registers an edition.  Raises ValueError when a name or alias is already taken."""
        keys = [(edition.game, name_key(n)) for n in (edition.name, *edition.aliases)]
        for key in keys:
            existing = self._by_key.get(key)
            if existing is not None and existing.name != edition.name:
                raise ValueError(
                    f"{edition.game} edition name {key[1]!r} is used by both "
                    f"{existing.name!r} and {edition.name!r}"
                )
        for key in keys:
            self._by_key[key] = edition
        editions = self._by_game.setdefault(edition.game, [])
        editions.append(edition)
        editions.sort(key=lambda e: e.order)

    def copy(self) -> Editions:
        return Editions(e for editions in self._by_game.values() for e in editions)

    def get(self, game: str, name: str) -> Edition | None:
        return self._by_key.get((game, name_key(name)))

    def of_game(self, game: str) -> list[Edition]:
        """The game's editions in release order."""
        return list(self._by_game.get(game, ()))

    def bounds(self, edition: Edition) -> ReleaseBounds:
        """The release interval of ``edition``, narrowed by the dated editions around it."""
        own = edition.own_bounds
        earliest, latest = own.earliest, own.latest
        for other in self._by_game.get(edition.game, ()):
            other_bounds = other.own_bounds
            if other.order < edition.order and other_bounds.earliest is not None:
                if earliest is None or other_bounds.earliest > earliest:
                    earliest = other_bounds.earliest
            if other.order > edition.order and other_bounds.latest is not None:
                if latest is None or other_bounds.latest < latest:
                    latest = other_bounds.latest
        return ReleaseBounds(earliest, latest)


def parse_release(value: Any) -> tuple[date | None, str | None]:
    """Reads ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` (or a YAML date) into (first day, precision).

    Raises ValueError for anything else.
    """
    if value is None:
        return None, None
    if isinstance(value, date):
        return value, "day"
    match = _DATE.match(str(value).strip())
    if not match:
        raise ValueError(f"release date {value!r} is not YYYY, YYYY-MM or YYYY-MM-DD")
    year, month, day = match.groups()
    if day:
        return date(int(year), int(month), int(day)), "day"
    if month:
        return date(int(year), int(month), 1), "month"
    return date(int(year), 1, 1), "year"


def load_editions(path: Path = EDITIONS_FILE) -> Editions:
    """Reads the editions file.

    Raises CardDataError naming the file, the line where YAML gives one, and the problem.
    """
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(path, None, f"cannot read the file: {exc}") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise CardDataError(path, mark.line + 1 if mark else None, f"not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise CardDataError(path, None, "expected a mapping of game -> {source, editions}")
    editions = Editions()
    for game, section in raw.items():
        if not isinstance(section, dict) or not isinstance(section.get("editions"), list):
            raise CardDataError(path, None, f"{game}: expected a mapping with an 'editions' list")
        for index, entry in enumerate(section["editions"], start=1):
            where = f"{game} edition {index}"
            if not isinstance(entry, dict) or not entry.get("name") or "order" not in entry:
                raise CardDataError(path, None, f"{where}: needs at least 'name' and 'order'")
            try:
                released, precision = parse_release(entry.get("released"))
                by_start, by_precision = parse_release(entry.get("released_by"))
                released_by = _period_end(by_start, by_precision) if by_start else None
                released_after, _ = parse_release(entry.get("released_after"))
                editions.add(
                    Edition(
                        game=str(game),
                        name=str(entry["name"]),
                        order=int(entry["order"]),
                        released=released,
                        precision=precision,
                        released_by=released_by,
                        released_after=released_after,
                        aliases=tuple(str(a) for a in entry.get("aliases") or ()),
                        source=" ".join(str(entry.get("source") or section.get("source") or "").split()),
                        notes=" ".join(str(entry.get("notes") or "").split()),
                    )
                )
            except (TypeError, ValueError) as exc:
                raise CardDataError(path, None, f"{where} ({entry.get('name')}): {exc}") from exc
    return editions


def release_bounds(value: Any) -> ReleaseBounds:
    """The interval a release date written ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` stands for.

    Raises ValueError when the value is none of these.
    """
    start, precision = parse_release(value)
    if start is None:
        return ReleaseBounds(None, None)
    return ReleaseBounds(start, _period_end(start, precision))


def _period_end(start: date, precision: str | None) -> date:
    if precision == "year":
        return date(start.year, 12, 31)
    if precision == "month":
        return date(start.year, start.month, calendar.monthrange(start.year, start.month)[1])
    return start


def _format_date(value: date | None, precision: str | None) -> str | None:
    if value is None:
        return None
    if precision == "year":
        return f"{value.year:04d}"
    if precision == "month":
        return f"{value.year:04d}-{value.month:02d}"
    return value.isoformat()
