"""What every importer shares: reading files, XML with line numbers, the import report."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from xml.parsers import expat

from pydantic import ValidationError

from rulings.cards import CardDataError, ReprintReport

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as an import advances, e.g. to draw a progress bar."""

_ENCODING_DECLARATION = re.compile(rb"^(<\?xml[^>]*?encoding=)([\"'])([^\"']*)\2")


@dataclass(frozen=True)
class ImportReport:
    """What an import read, and the figures of the game's catalog after it."""

    game: str
    files: tuple[str, ...]
    printings_read: int
    reprints: ReprintReport
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def distinct_cards(self) -> int:
        return self.reprints.distinct_cards

    @property
    def reprinted_cards(self) -> int:
        return len(self.reprints.reprinted_cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "files": list(self.files),
            "printings_read": self.printings_read,
            "distinct_cards": self.distinct_cards,
            "reprinted_cards": self.reprinted_cards,
            "text_changes": [c.to_dict() for c in self.reprints.text_changes],
            "encoding_only_differences": list(self.reprints.encoding_only),
            "warnings": list(self.warnings),
        }


def read_text(path: Path, warnings: list[str] | None = None) -> str:
    """A file's text: UTF-8 (with or without BOM), else Windows-1252 with a warning.

    Raises CardDataError when the file cannot be read.
    """
    raw = read_bytes(path)
    return decode(raw, path, warnings)


def read_bytes(path: Path) -> bytes:
    """Raises CardDataError when the file cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CardDataError(path, None, f"cannot read the file: {exc.strerror or exc}") from exc


def decode(raw: bytes, path: Path, warnings: list[str] | None = None, declared: str | None = None) -> str:
    """Bytes to text: the declared encoding when there is one, else UTF-8; bytes that are not
    valid in it are read as Windows-1252 (the usual culprit) with a warning."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    encoding = declared or "utf-8"
    try:
        return raw.decode(encoding)
    except LookupError:
        encoding = "utf-8"
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            pass
    except UnicodeDecodeError:
        pass
    if warnings is not None:
        warnings.append(f"{path}: not valid {encoding}, read as Windows-1252")
    return raw.decode("cp1252", errors="replace")


def parse_xml(path: Path, warnings: list[str] | None = None) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parses an XML file into an ElementTree element and the line each element starts on.

    Raises CardDataError naming the file, line and column when the XML is malformed.
    """
    raw = read_bytes(path)
    match = _ENCODING_DECLARATION.match(raw.removeprefix(b"\xef\xbb\xbf"))
    declared = match.group(3).decode("ascii", "replace") if match else None
    text = decode(raw, path, warnings, declared)
    # The text is decoded already; tell expat so, whatever the declaration said.
    data = _ENCODING_DECLARATION.sub(rb"\1\2utf-8\2", text.encode("utf-8"), count=1)
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
        root = builder.close()
    except expat.ExpatError as exc:
        problem = f"malformed XML: {expat.ErrorString(exc.code)} (column {exc.offset + 1})"
        raise CardDataError(path, exc.lineno, problem) from exc
    except AssertionError as exc:  # TreeBuilder: no root element
        raise CardDataError(path, None, "malformed XML: no root element") from exc
    return root, lines


def pydantic_problem(exc: ValidationError) -> str:
    """A validation error as one line: ``where: what`` for each problem."""
    problems = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"])
        problems.append(f"{where}: {error['msg']}" if where else error["msg"])
    return "; ".join(problems)
