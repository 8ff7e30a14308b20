"""The card catalog: every printing of every card, and the text a card has at a given date.

A *printing* is one card as printed in one edition.  Which printing a judge reads is decided by
each game's most-recent-edition rule:

- The Spoils: cards with the same name are the same card (``spoils.201.1b``), and every card is
  played as its most recent version (``spoils.105.1``).
- Buffy: cards sharing a title read as their most recent edition (``buffy.most-recent-edition``),
  except Character and Essence cards, whose printings stay distinct cards (keyed by name, type,
  edition and level): two Buffy Summers printings are two cards.
- WoW Miniatures: the rules documents are silent; the project reads an action-bar card as its most
  recent printing, by name (``wowmini.most-recent-edition``, an inferred catalog entry).

With ``as_of`` a date, the text in force at a tournament that day is the one of the most recent
printing released on or before it (release dates come from ``rulings/data/editions.yaml``).

Names match whatever the case, accents, typographic apostrophes or broken characters: card data
comes from old files whose encodings differ, and an encoding difference is never an errata
(:func:`same_text`).

The pieces live below this module: ``card_text`` (cleaning and name keys), ``printings`` (a
printing and the answers), ``most_recent`` (the rule that picks the printing), ``errors``; their
names are importable from here too.

Pure Python: no Flask, marshmallow or eventsourcing.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from rulings.card_text import (
    clean_text,
    loose_name_key,
    name_key,
    repair_mojibake,
    same_text,
)
from rulings.editions import Editions, ReleaseBounds, load_editions, release_bounds
from rulings.errors import AmbiguousCard, CardDataError, CardNotFound
from rulings.most_recent import MOST_RECENT_RULE, SAME_NAME_RULE, resolve
from rulings.printings import (
    DISTINCT_PRINTING_TYPES,
    GAMES,
    RULES_FIELDS,
    EffectiveCard,
    Printing,
    ReprintReport,
    TextChange,
    folded,
    rules_differences,
)

__all__ = [
    "DISTINCT_PRINTING_TYPES", "GAMES", "MOST_RECENT_RULE", "RULES_FIELDS", "SAME_NAME_RULE", "AmbiguousCard",
    "CardCatalog", "CardDataError", "CardNotFound", "EffectiveCard", "Printing", "ReprintReport", "TextChange",
    "clean_text", "loose_name_key", "name_key", "repair_mojibake", "rules_differences", "same_text",
]


class CardCatalog:
    """Every printing of every game, looked up by name (tolerantly) or by source card id.

    ``editions`` supplies release dates for ``as_of`` questions; by default the packaged
    ``rulings/data/editions.yaml`` is read on first need.
    """

    def __init__(self, printings: Iterable[Printing] = (), *, editions: Editions | None = None):
        self._editions = editions
        self._groups: dict[tuple[str, str], list[Printing]] = {}
        self._loose: dict[tuple[str, str], str] = {}
        self._by_identity: dict[tuple[Any, ...], Printing] = {}
        self._by_id: dict[tuple[str, str], Printing] = {}
        self.scripts: dict[str, Any] = {}
        """Scripts converted when the cards were imported, by game (``rulings.imported_scripts``: a
        ``rulings.scripts.ScriptFile`` for the cards the packaged scripts lack or wrote from another text)."""
        self.add_all(printings)

    # -- building ------------------------------------------------------------------------------

    @property
    def editions(self) -> Editions:
        if self._editions is None:
            self._editions = load_editions()
        return self._editions

    def copy(self) -> CardCatalog:
        """A catalog with the same printings, to import into before swapping."""
        out = CardCatalog(self.all_printings(), editions=self._editions)
        out.scripts = dict(self.scripts)
        return out

    def add(self, printing: Printing) -> None:
        """Adds one printing (replacing a previous import of the same record).

        Raises CardDataError when the printing is unusable (unknown game, empty name, a card id
        already used by a different card); the catalog is then unchanged.
        """
        self.add_all([printing])

    def add_all(self, printings: Iterable[Printing], *, editions: Editions | None = None) -> None:
        """Adds printings all together or not at all; ``editions``, when given, replaces the
        catalog's editions in the same step (an import that declares new editions).

        Raises CardDataError naming the printing's source when one is unusable.
        """
        batch = list(printings)
        ids: dict[tuple[str, str], Printing] = {}
        for printing in batch:
            problem = self._problem(printing, ids)
            if problem:
                raise CardDataError(printing.source or "<memory>", None, problem)
            if printing.card_id:
                ids[(printing.game, printing.card_id)] = printing
        if editions is not None:
            self._editions = editions
        for printing in batch:
            self._insert(printing)

    def _problem(self, printing: Printing, ids: Mapping[tuple[str, str], Printing]) -> str | None:
        if printing.game not in GAMES:
            return f"unknown game {printing.game!r} (expected one of {', '.join(GAMES)})"
        if not name_key(printing.name):
            return f"card {printing.name!r} has no usable name"
        if printing.card_id:
            key = (printing.game, printing.card_id)
            other = ids.get(key) or self._by_id.get(key)
            if other is not None and name_key(other.name) != name_key(printing.name):
                return f"card id {printing.card_id} is both {other.name!r} and {printing.name!r}"
        return None

    def _insert(self, printing: Printing) -> None:
        previous = self._by_identity.get(printing.identity)
        if previous is not None:
            old_group = self._groups[(previous.game, name_key(previous.name))]
            old_group.remove(previous)
        key = name_key(printing.name)
        group = self._groups.setdefault((printing.game, key), [])
        group.append(printing)
        group.sort(key=lambda p: p.edition_order)  # stable: same edition keeps import order
        self._loose.setdefault((printing.game, loose_name_key(printing.name)), key)
        self._by_identity[printing.identity] = printing
        if printing.card_id:
            self._by_id[(printing.game, printing.card_id)] = printing

    # -- reading -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._by_identity)

    def all_printings(self, game: str | None = None) -> list[Printing]:
        return [
            p for (g, _), group in self._groups.items() if game in (None, g) for p in group
        ]

    def names(self, game: str) -> list[str]:
        """One display name per distinct name of ``game`` (the most recent printing's spelling)."""
        return sorted(group[-1].name for (g, _), group in self._groups.items() if g == game and group)

    def printings(self, game: str, name: str) -> list[Printing]:
        """Every printing of ``name`` in release order (empty when unknown)."""
        group = self._groups.get((game, name_key(name)))
        if not group:
            key = self._loose.get((game, loose_name_key(name)))
            group = self._groups.get((game, key)) if key else None
        return list(group or ())

    def by_id(self, game: str, card_id: str) -> Printing | None:
        """The printing a source file calls ``card_id`` (e.g. an OCTGN card GUID)."""
        return self._by_id.get((game, card_id))

    def cards(self, game: str, name: str, as_of: date | None = None) -> list[EffectiveCard]:
        """Every distinct card the name covers (one, except for Buffy characters and essences),
        each read as the rules say; cards not yet released on ``as_of`` are left out."""
        answers = []
        for group in self._distinct(self.printings(game, name)):
            try:
                answers.append(self._resolve(group, as_of))
            except CardNotFound:
                continue
        return answers

    def effective(
        self,
        game: str,
        name: str,
        as_of: date | None = None,
        *,
        level: int | None = None,
        edition: str | None = None,
    ) -> EffectiveCard:
        """The card's effective text (at ``as_of``, else now), its printing, the deciding rule.

        ``level`` and ``edition`` choose among distinct cards sharing a name (Buffy characters
        and essences); they do not pick an older printing of a card the most-recent-edition rule
        covers (use ``as_of`` or ``printings`` for that).
        Raises CardNotFound when no printing matches or none was released by ``as_of``, and
        AmbiguousCard when the name still covers several distinct cards.
        """
        printings = self.printings(game, name)
        if not printings:
            raise CardNotFound(f"no {game} card named {name!r}")
        if level is not None:
            printings = [p for p in printings if not p.is_distinct_card or p.level == level]
        if edition is not None:
            printings = [
                p for p in printings if not p.is_distinct_card or name_key(p.edition) == name_key(edition)
            ]
        if not printings:
            wanted = ", ".join(
                f"{k} {v}" for k, v in (("level", level), ("edition", edition)) if v is not None
            )
            raise CardNotFound(f"no printing of {game} card {name!r} with {wanted}")
        groups = self._distinct(printings)
        if len(groups) > 1:
            found = [self._resolve(g, None) for g in groups]
            labels = "; ".join(card.printing.label() for card in found)
            raise AmbiguousCard(
                f"{name!r} names {len(groups)} distinct cards ({labels}); choose a level or an edition",
                found,
            )
        return self._resolve(groups[0], as_of)

    def reprint_report(self, game: str) -> ReprintReport:
        """Counts ``game``'s cards and reprints, and lists the reprints whose rules really changed
        (an encoding difference alone is listed apart, never as a change)."""
        groups = [
            g
            for (gm, _), printings in sorted(self._groups.items())
            if gm == game
            for g in self._distinct(printings)
        ]
        reprinted, changes, encoding_only = [], [], []
        for group in groups:
            editions = {name_key(p.edition) for p in group}
            if len(editions) < 2:
                continue
            name = group[-1].name
            reprinted.append(name)
            raw_difference = False
            for before, after in zip(group, group[1:]):
                if name_key(before.edition) == name_key(after.edition):
                    continue
                changed = rules_differences(before, after)
                if changed:
                    changes.append(TextChange(name, before, after, changed))
                elif before.text != after.text:
                    raw_difference = True
            if raw_difference and not any(c.name == name for c in changes):
                encoding_only.append(name)
        return ReprintReport(
            game=game,
            printings=len(self.all_printings(game)),
            distinct_cards=len(groups),
            reprinted_cards=tuple(reprinted),
            text_changes=tuple(changes),
            encoding_only=tuple(encoding_only),
        )

    # -- the rules -----------------------------------------------------------------------------

    def _distinct(self, printings: list[Printing]) -> list[list[Printing]]:
        """Splits a name's printings into distinct cards: one, except excluded types per printing."""
        shared: list[Printing] = []
        own: dict[tuple[Any, ...], list[Printing]] = {}
        for printing in printings:
            if printing.is_distinct_card:
                key = (folded(printing.card_type), printing.level, name_key(printing.edition))
                own.setdefault(key, []).append(printing)
            else:
                shared.append(printing)
        return ([shared] if shared else []) + list(own.values())

    def _bounds(self, printing: Printing) -> ReleaseBounds:
        edition = self.editions.get(printing.game, printing.edition)
        if edition is not None:
            return self.editions.bounds(edition)
        return release_bounds(printing.released)

    def _resolve(self, group: list[Printing], as_of: date | None) -> EffectiveCard:
        return resolve(group, as_of, self._bounds)

