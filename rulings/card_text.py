"""Card text as stored and compared: one newline style, mojibake repaired, names matched whatever
the case, accents, typographic apostrophes or broken characters (card data comes from old files
whose encodings differ, and an encoding difference is never an errata)."""
from __future__ import annotations

import re
import unicodedata

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


def rendering_score(text: str) -> int:
    """How much of a text survived its encoding: letters and in-word apostrophes, minus defects."""
    defects = text.count("\ufffd") + len(_MOJIBAKE_RUN.findall(text))
    return len(_WORD_CHAR.findall(text)) - 10 * defects

