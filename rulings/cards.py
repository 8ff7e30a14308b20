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

Pure Python: no Flask, marshmallow or eventsourcing.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from rulings.editions import Editions, ReleaseBounds

GAMES = ("buffy", "spoils", "wowmini")

MOST_RECENT_RULE = {
    "buffy": "buffy.most-recent-edition",
    "spoils": "spoils.105.1",
    "wowmini": "wowmini.most-recent-edition",
}
SAME_NAME_RULE = {"spoils": "spoils.201.1b"}
# Card types whose printings stay distinct cards instead of reading as the most recent edition.
DISTINCT_PRINTING_TYPES: dict[str, frozenset[str]] = {"buffy": frozenset({"character", "essence"})}
# Fields besides text, type and cost whose change between printings is a rules change (an errata);
# rarity, flavour and collector numbers are not.
RULES_FIELDS: dict[str, tuple[str, ...]] = {
    "spoils": ("subtype", "threshold", "strength", "life", "speed", "structure"),
    "buffy": (
        "alignment", "role", "traits", "talents", "boosts", "requirements", "trait_requirements",
        "destiny", "destiny_requirement", "goals", "unique",
    ),
    "wowmini": ("category", "kind", "restriction", "tics"),
}


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


# --------------------------------------------------------------------------------------------
# Text: cleaning, name keys, comparison modulo encoding

_MOJIBAKE_RUN = re.compile(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]{1,3}"
)
_LOST_APOSTROPHE = re.compile(r"(?<=\w)\ufffd(?=(?:s|t|d|m|ll|re|ve)\b)")
_APOSTROPHES = re.compile("['\u2018\u2019\u02bc`\u00b4\ufffd]")
_WORD_CHAR = re.compile(r"\w|(?<=\w)['\u2019](?=\w)")


def repair_mojibake(text: str) -> str:
    """Undoes UTF-8 text that was decoded as Windows-1252 (``donâ€™t`` -> ``don’t``).

    Only runs that decode cleanly are changed, so legitimate accented text is left alone.
    """

    def fix(match: re.Match[str]) -> str:
        chunk = match.group(0)
        try:
            return chunk.encode("cp1252").decode("utf-8")
        except UnicodeError:
            return chunk

    return _MOJIBAKE_RUN.sub(fix, text)


def clean_text(text: str | None) -> str:
    """Card text as stored: one newline style, mojibake repaired, a replacement character that
    stood for an apostrophe (``player�s``) turned back into one, no trailing blanks."""
    if not text:
        return ""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = repair_mojibake(unicodedata.normalize("NFC", text))
    text = _LOST_APOSTROPHE.sub("\u2019", text)
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()


def name_key(name: str) -> str:
    """The key names are matched on: case, accents, apostrophes and punctuation do not count."""
    text = unicodedata.normalize("NFKD", repair_mojibake(name))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = _APOSTROPHES.sub("", text)
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


def loose_name_key(name: str) -> str:
    """A second key for names whose accented letters were lost rather than mangled
    (``Dethmrderbldgeon`` for ``Dethmürderblüdgeon``)."""
    return name_key("".join(c for c in repair_mojibake(name) if c.isascii()))


def _skeleton(text: str, fold_accents: bool) -> str:
    text = clean_text(text)
    if fold_accents:
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = "".join(c for c in text if c.isascii())
    text = re.sub("[\"'`]", "", text)
    return " ".join(text.split())


def same_text(a: str | None, b: str | None) -> bool:
    """True when two texts differ at most by encoding: line endings and spacing, typographic or
    lost quotes and apostrophes, accents kept, folded or dropped, mojibake, stray symbols."""
    a, b = a or "", b or ""
    if a == b:
        return True
    return _skeleton(a, False) == _skeleton(b, False) or _skeleton(a, True) == _skeleton(b, True)


def _rendering_score(text: str) -> int:
    """How much of a text survived its encoding: letters and in-word apostrophes, minus defects."""
    defects = text.count("\ufffd") + len(_MOJIBAKE_RUN.findall(text))
    return len(_WORD_CHAR.findall(text)) - 10 * defects


# --------------------------------------------------------------------------------------------
# Printings and answers


@dataclass(frozen=True)
class Printing:
    """One card as printed in one edition.

    ``fields`` holds everything else the source gives (stats, threshold, talents, rarity...);
    treat it as read-only.  ``released`` is the edition's release date at the precision known
    (``2006-11``, ``2012``), or None.
    """

    game: str
    name: str
    edition: str
    edition_order: int
    text: str = ""
    card_type: str | None = None
    cost: str | None = None
    level: int | None = None
    released: str | None = None
    card_id: str | None = None
    source: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def identity(self) -> tuple[Any, ...]:
        """What makes two printings the same record (a re-import replaces, never duplicates)."""
        if self.card_id:
            return (self.game, "id", self.card_id)
        return (self.game, name_key(self.name), name_key(self.edition), self.level, _lower(self.card_type))

    @property
    def is_distinct_card(self) -> bool:
        """True when this printing is a card of its own, outside the most-recent-edition rule."""
        return _lower(self.card_type) in DISTINCT_PRINTING_TYPES.get(self.game, frozenset())

    def label(self) -> str:
        parts = [self.card_type or "card"]
        if self.level is not None:
            parts.append(f"level {self.level}")
        parts.append(self.edition)
        return f"{self.name} ({', '.join(parts)})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "edition": self.edition,
            "edition_order": self.edition_order,
            "released": self.released,
            "type": self.card_type,
            "cost": self.cost,
            "level": self.level,
            "text": self.text,
            "fields": dict(self.fields),
            "card_id": self.card_id,
            "source": self.source,
        }


@dataclass(frozen=True)
class EffectiveCard:
    """The answer to "what does this card say": the text in force, the printing it comes from,
    the rule that decided it (first of ``rules``) and every printing of the card.

    ``text_rendered_from`` is set when the deciding printing's characters were damaged by an old
    encoding and an older printing with the same text, better preserved, supplies the characters.
    ``differs_from`` lists printings whose text really differs (errata).  ``uncertain`` is set when
    a release date is not known well enough to be sure which printing was in force on ``as_of``.
    """

    game: str
    name: str
    text: str
    printing: Printing
    rule_id: str
    reason: str
    printings: tuple[Printing, ...]
    rules: tuple[str, ...] = ()
    as_of: date | None = None
    text_rendered_from: Printing | None = None
    differs_from: tuple[Printing, ...] = ()
    uncertain: bool = False
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "text": self.text,
            "printing": self.printing.to_dict(),
            "rule": self.rule_id,
            "rules": list(self.rules or (self.rule_id,)),
            "reason": self.reason,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "text_rendered_from": self.text_rendered_from.edition if self.text_rendered_from else None,
            "differs_from": [p.edition for p in self.differs_from],
            "uncertain": self.uncertain,
            "notes": list(self.notes),
            "printings": [p.to_dict() for p in self.printings],
        }


@dataclass(frozen=True)
class TextChange:
    """A reprint whose rules really changed (text, type, cost or a rules field)."""

    name: str
    before: Printing
    after: Printing
    changed: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "before": self.before.edition,
            "after": self.after.edition,
            "changed": list(self.changed),
            "text_before": self.before.text,
            "text_after": self.after.text,
        }


@dataclass(frozen=True)
class ReprintReport:
    """Figures on one game's printings: how many cards, which are reprinted, which changed."""

    game: str
    printings: int
    distinct_cards: int
    reprinted_cards: tuple[str, ...]
    text_changes: tuple[TextChange, ...]
    encoding_only: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "printings": self.printings,
            "distinct_cards": self.distinct_cards,
            "reprinted_cards": len(self.reprinted_cards),
            "text_changes": [c.to_dict() for c in self.text_changes],
            "encoding_only_differences": list(self.encoding_only),
        }


# --------------------------------------------------------------------------------------------
# The catalog


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
        self.add_all(printings)

    # -- building ------------------------------------------------------------------------------

    @property
    def editions(self) -> Editions:
        if self._editions is None:
            from rulings.editions import load_editions

            self._editions = load_editions()
        return self._editions

    def copy(self) -> CardCatalog:
        """A catalog with the same printings, to import into before swapping."""
        return CardCatalog(self.all_printings(), editions=self._editions)

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
                key = (_lower(printing.card_type), printing.level, name_key(printing.edition))
                own.setdefault(key, []).append(printing)
            else:
                shared.append(printing)
        return ([shared] if shared else []) + list(own.values())

    def _bounds(self, printing: Printing) -> ReleaseBounds:
        from rulings.editions import release_bounds

        edition = self.editions.get(printing.game, printing.edition)
        if edition is not None:
            return self.editions.bounds(edition)
        return release_bounds(printing.released)

    def _resolve(self, group: list[Printing], as_of: date | None) -> EffectiveCard:
        game, name = group[-1].game, group[-1].name
        notes: list[str] = []
        uncertain = False
        if as_of is None:
            chosen = group[-1]
        else:
            status = {id(p): self._bounds(p).released_on_or_before(as_of) for p in group}
            certain = [p for p in group if status[id(p)] is True]
            possible = [p for p in group if status[id(p)] is None]
            if certain:
                chosen = certain[-1]
                later = [p for p in possible if p.edition_order > chosen.edition_order]
            elif possible:
                chosen, later = possible[0], possible[1:]
                uncertain = True
                notes.append(
                    f"{chosen.edition} may not have been released yet on {as_of.isoformat()}; "
                    "its release date is not known precisely"
                )
            else:
                raise CardNotFound(
                    f"no printing of {game} card {name!r} was released on or before {as_of.isoformat()}"
                )
            if later:
                uncertain = True
                notes.append(
                    "may already have been released on "
                    f"{as_of.isoformat()}: {', '.join(p.edition for p in later)} "
                    "(release date not known precisely)"
                )

        rule_id, rules, reason = self._reason(group, chosen, as_of)
        same = [p for p in group if not chosen.is_distinct_card and same_text(p.text, chosen.text)]
        best = max(same or [chosen], key=lambda p: (_rendering_score(p.text), p is chosen))
        rendered_from = None
        if best is not chosen and best.text != chosen.text:
            rendered_from = best
            notes.append(
                f"the {chosen.edition} text differs from the {best.edition} text only by character "
                f"encoding; shown with the {best.edition} characters"
            )
        differs = tuple(p for p in group if p is not chosen and not same_text(p.text, chosen.text))
        return EffectiveCard(
            game=game,
            name=chosen.name,
            text=best.text,
            printing=chosen,
            rule_id=rule_id,
            reason=reason,
            printings=tuple(group),
            rules=rules,
            as_of=as_of,
            text_rendered_from=rendered_from,
            differs_from=differs,
            uncertain=uncertain,
            notes=tuple(notes),
        )

    def _reason(
        self, group: list[Printing], chosen: Printing, as_of: date | None
    ) -> tuple[str, tuple[str, ...], str]:
        game = chosen.game
        rule_id = MOST_RECENT_RULE[game]
        if chosen.is_distinct_card:
            return (
                rule_id,
                (rule_id,),
                f"{chosen.card_type} cards are excluded from the most-recent-edition rule: each "
                "printing is a card of its own and reads as printed",
            )
        when = f" among those released by {as_of.isoformat()}" if as_of else ""
        if len(group) == 1:
            lead = "one printing is known"
        else:
            lead = f"{len(group)} printings share the name"
            if game == "spoils":
                lead += " and are one card (spoils.201.1b)"
        rules = (rule_id, SAME_NAME_RULE["spoils"]) if game == "spoils" else (rule_id,)
        tail = {
            "spoils": "a card is played as its most recent version (spoils.105.1)",
            "buffy": "a card reads as its most recent edition",
            "wowmini": "read as its most recent printing (a project choice; the rules are silent)",
        }[game]
        return rule_id, rules, f"{lead}; {tail}: {chosen.edition}{when}"


def rules_differences(before: Printing, after: Printing) -> tuple[str, ...]:
    """Which rules-relevant parts differ between two printings ("text", "cost", a field...),
    ignoring encoding differences, letter case of types and empty-versus-missing values."""
    changed = []
    if not same_text(before.text, after.text):
        changed.append("text")
    if _norm(before.card_type) != _norm(after.card_type):
        changed.append("type")
    if _norm(before.cost) != _norm(after.cost):
        changed.append("cost")
    for name in RULES_FIELDS.get(before.game, ()):
        if _norm(before.fields.get(name)) != _norm(after.fields.get(name)):
            changed.append(name)
    return tuple(changed)


def _norm(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        value = " ".join(value.split()).casefold()
        return value or None
    if isinstance(value, (list, tuple)):
        return tuple(_norm(v) for v in value) or None
    if isinstance(value, Mapping):
        return tuple(sorted((k, _norm(v)) for k, v in value.items())) or None
    return value


def _lower(value: str | None) -> str:
    return (value or "").casefold()
