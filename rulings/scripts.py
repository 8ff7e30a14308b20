"""Card scripts: each card's text written in the effect language (``adjudicator.effects``), one
YAML file per game under ``rulings/data/scripts/``, validated when loaded.

File format (documented in ``rulings/data/README.md``)::

    game: spoils
    source: how the scripts were written
    cards:
      Sleeping Guard:                 # the card's name, as the card data spells it
        text_sha: 0123456789abcdef    # adjudicator.effects.text_sha of the text it was written from
        abilities: [...]              # the effect language's abilities
        not_covered: [...]            # printed sentences the script does not cover (a partial script)

A script is *fresh* when its ``text_sha`` is the hash of the card's text in force, *stale* when a
newer printing changed the text (the card then falls back to its text).  The automation level of a
card: ``full`` when its fresh script renders back to the printed text (``words()`` compared through
``adjudicator.effects.normalise``), ``partial`` when the script covers part of it (``not_covered``
lists the printed sentences it does not), ``none`` when there is no fresh script.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml
from pydantic import ValidationError

from adjudicator.effects import CardScript, normalise, text_sha
from adjudicator.effects.base import json_path, telling_error

SCRIPTS_DIR = Path(__file__).resolve().parent / "data" / "scripts"
GAMES = ("buffy", "spoils", "wowmini")
LEVELS = ("full", "partial", "none")


class ScriptError(ValueError):
    """A script file the loader refuses: ``path``, ``card`` and ``field`` say where."""

    def __init__(self, path: str | Path, card: str | None, field_path: str | None, problem: str):
        self.path, self.card, self.field, self.problem = str(path), card, field_path, problem
        where = f"{Path(path).name}"
        if card:
            where += f", card {card!r}"
        if field_path:
            where += f", field {field_path}"
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class ScriptFile:
    game: str
    path: Path
    scripts: Mapping[str, CardScript]
    source: str = ""

    def get(self, name: str) -> CardScript | None:
        found = self.scripts.get(name)
        if found is None:
            key = name.strip().casefold()
            found = next((s for n, s in self.scripts.items() if n.casefold() == key), None)
        return found


def load_script_file(path: str | Path) -> ScriptFile:
    """Reads and validates one script file.  Raises ScriptError naming the file, the card and
    the field of the first problem (a misspelt field or operation, a bad value)."""
    path = Path(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise ScriptError(path, None, None, f"not valid YAML: {' '.join(str(exc).split())}") from exc
    except OSError as exc:
        raise ScriptError(path, None, None, f"cannot be read: {exc.strerror}") from exc
    if not isinstance(data, dict):
        raise ScriptError(path, None, None, "expected a mapping with game, source and cards")
    unknown = sorted(set(data) - {"game", "source", "cards"})
    if unknown:
        raise ScriptError(path, None, unknown[0], "unknown top-level field (expected game, source, cards)")
    game = data.get("game")
    if game not in GAMES:
        raise ScriptError(path, None, "game", f"expected one of {', '.join(GAMES)}, got {game!r}")
    cards = data.get("cards") or {}
    if not isinstance(cards, dict):
        raise ScriptError(path, None, "cards", "expected a mapping from card names to scripts")
    scripts: dict[str, CardScript] = {}
    for name, doc in cards.items():
        try:
            scripts[str(name)] = CardScript.model_validate(doc)
        except ValidationError as exc:
            err = telling_error(exc.errors())
            raise ScriptError(path, str(name), json_path(err["loc"]) or None, err["msg"]) from None
    return ScriptFile(game=game, path=path, scripts=scripts, source=str(data.get("source") or ""))


@lru_cache(maxsize=None)
def scripts(game: str, directory: str | None = None) -> ScriptFile:
    """The packaged scripts of ``game`` (empty when it has no file).  Raises ScriptError."""
    path = Path(directory or SCRIPTS_DIR) / f"{game}.yaml"
    if not path.is_file():
        return ScriptFile(game=game, path=path, scripts={})
    return load_script_file(path)


def script_of(game: str, name: str) -> CardScript | None:
    """The packaged script of a card, fresh or not (see ``automation``)."""
    return scripts(game).get(name)


PACKAGED = "packaged"
CONVERTED = "converted at import"
"""Where a card's script came from: the reviewed scripts packaged with the project, or the converter
(``rulings.convert_spoils``) run on the card's text when its set was imported (``rulings.imported_scripts``)."""


def script_for(game: str, name: str, text: str | None,
               imported: ScriptFile | None = None) -> tuple[CardScript | None, str | None]:
    """The script a card whose text in force is ``text`` plays with, and where it came from: the
    packaged one when it was written from that text, else the one converted at import from that text;
    a packaged script written from another text (stale) when there is nothing fresher; (None, None)
    without any.  The packaged scripts stay the reviewed baseline: they win over a converted one."""
    packaged = script_of(game, name)
    if packaged is not None and packaged.text_sha == text_sha(text):
        return packaged, PACKAGED
    converted = imported.get(name) if imported is not None else None
    if converted is not None and converted.text_sha == text_sha(text):
        return converted, CONVERTED
    return (packaged, PACKAGED) if packaged is not None else (None, None)


# --------------------------------------------------------------------------------- coverage

_REMINDER = re.compile(r"\([^()]*\)")


def printed_sentences(text: str | None) -> list[str]:
    """The sentences (and keyword lines) of a printed text, reminder text in parentheses left
    out: it explains a rule and is not rules text (it has no effect of its own)."""
    out: list[str] = []
    for line in _REMINDER.sub(" ", text or "").splitlines():
        for part in re.split(r"(?<=[.!?])\s+(?=[A-Z\[\"0-9])", line.strip()):
            if normalise(part):
                out.append(part.strip())
    return out


def rules_text(text: str | None) -> str:
    """``normalise`` of the printed text without its reminder text: what a full script says."""
    return normalise(_REMINDER.sub(" ", text or ""))


@dataclass(frozen=True)
class Automation:
    """How much of a card the engine knows from its script."""

    level: str
    not_covered: tuple[str, ...] = ()
    script: CardScript | None = None
    stale: bool = False
    rendered: str = ""
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "not_covered": list(self.not_covered), "stale": self.stale, "source": self.source}


def automation(game: str, name: str, text: str | None, script: CardScript | None = None,
               *, use_packaged: bool = True, imported: ScriptFile | None = None) -> Automation:
    """The automation level of a card whose text in force is ``text``: ``full`` when its fresh
    script renders back to the text, ``partial`` when it renders part of it, ``none`` without a
    fresh script (a stale one, written from another text, counts as none).  For the packaged script
    (``script`` not given), "full" also needs the engine to enforce all of it and a scenario test to
    play the card (``rulings.engine_coverage``); a given ``script`` is judged on its words alone.
    ``imported``: the scripts converted when the card's set was imported (``script_for``); they are
    held to the same engine check as the packaged ones, since a game plays them alike."""
    packaged = script is None and use_packaged
    source: str | None = None
    if packaged:
        script, source = script_for(game, name, text, imported)
    if script is None:
        return Automation("none", tuple(printed_sentences(text)))
    if script.text_sha != text_sha(text):
        return Automation("none", tuple(printed_sentences(text)), script, stale=True, source=source)
    rendered = script.words(script.say(game))
    if normalise(rendered) == rules_text(text) and not script.not_covered:
        from rulings.engine_coverage import engine_gaps  # the engine's side of "full" (issue 13)

        gaps = engine_gaps(game, name, script) if packaged else []
        return Automation("partial", tuple(gaps), script, rendered=rendered, source=source) if gaps else \
            Automation("full", (), script, rendered=rendered, source=source)
    said = normalise(rendered)
    missing = tuple(s for s in printed_sentences(text) if normalise(s) not in said)
    level = "partial" if (script.abilities or script.play) and missing != tuple(printed_sentences(text)) else "none"
    return Automation(level, missing, script, rendered=rendered, source=source)


@dataclass
class Coverage:
    game: str
    total: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {level: 0 for level in LEVELS})
    cards: dict[str, Automation] = field(default_factory=dict)

    def add(self, name: str, auto: Automation) -> None:
        self.total += 1
        self.counts[auto.level] += 1
        self.cards[name] = auto

    def share(self, level: str) -> float:
        return self.counts[level] / self.total if self.total else 0.0


def coverage(game: str, texts: Mapping[str, str | None], *, engine: bool = True,
             imported: ScriptFile | None = None) -> Coverage:
    """The automation level of every card of ``texts`` (name -> text in force), with the scripts
    converted at import (``imported``) for the cards the packaged ones lack.  With ``engine=False``,
    the scripts' round trip alone (what the language says back, whatever the engine enforces)."""
    report = Coverage(game)
    for name in sorted(texts):
        script = None if engine else script_for(game, name, texts[name], imported)[0]
        report.add(name, automation(game, name, texts[name], script, use_packaged=engine, imported=imported))
    return report


def catalog_texts(catalog: Any, game: str) -> dict[str, str]:
    """Each card name of ``game`` in ``catalog`` with its text in force today (the first card of
    a name that stands for several, e.g. the first level of a Buffy character)."""
    out: dict[str, str] = {}
    for name in catalog.names(game):
        found = catalog.cards(game, name)
        if found:
            out[found[0].name] = found[0].text
    return out


def catalog_coverage(catalog: Any, game: str, *, engine: bool = True) -> Coverage:
    """The automation level of every card of ``game`` in ``catalog`` (``coverage`` over its
    texts in force today), its imported cards with the scripts converted at their import."""
    imported = getattr(catalog, "scripts", {}).get(game)
    return coverage(game, catalog_texts(catalog, game), engine=engine, imported=imported)


def coverage_report(report: Coverage, *, limit: int | None = None) -> list[str]:
    """The coverage as lines of text: the counts, then each card that is not full with the
    printed sentences its script does not cover."""
    lines = [f"{report.game}: {report.total} cards; "
             + ", ".join(f"{report.counts[level]} {level} ({100 * report.share(level):.1f}%)" for level in LEVELS)]
    rest = [(name, auto) for name, auto in report.cards.items() if auto.level != "full"]
    for name, auto in rest[:limit] if limit is not None else rest:
        lines.append(f"- {name} [{auto.level}{', stale script' if auto.stale else ''}]")
        lines.extend(f"    not covered: {sentence}" for sentence in auto.not_covered)
    return lines
