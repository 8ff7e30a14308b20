"""The ground the effect language stands on: the node every model derives from, the way a union
of nodes is told apart by its head key, how a node says itself in words, and the normaliser that
compares those words with a printed text.

Every model is strict (``extra="forbid"``): a field the language does not know is refused with
its name, and a mapping that names no operation, or two, is refused rather than guessed at.
"""
from __future__ import annotations

import difflib
import re
import sys
import threading
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, Iterable, Iterator, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Tag, TypeAdapter
from pydantic_core import PydanticCustomError


@dataclass(frozen=True)
class Say:
    """What a rendering needs to know about the card it speaks for: how its text calls the card
    itself ("this card", or a name such as "BUFFY"), the game, and the pronoun its text uses
    for the character it names ("her" for Faith)."""

    self_name: str = "this card"
    game: str | None = None
    pronoun: str = "them"


PLAIN = Say()


TYPES_NAMESPACE: dict[str, Any] = {}
"""The names the nodes' annotations use for the language's unions (``Effects``, ``Abilities``...),
filled by ``adjudicator.effects.language`` once it has assembled them."""


def language_adapter(tp: Any) -> TypeAdapter[Any]:
    """A validator of ``tp``, a type made of the language's nodes and unions, built now with the
    unions' names (``TYPES_NAMESPACE``) and the recursion limit raised (see ``Node``)."""
    with _deep_build():
        adapter: TypeAdapter[Any] = TypeAdapter(tp)
        if not adapter.pydantic_complete:
            adapter.rebuild(force=True, _types_namespace=TYPES_NAMESPACE)
        return adapter


_BUILDING = threading.RLock()


@contextmanager
def _deep_build() -> Iterator[None]:
    """One build of the language's schemas at a time in a process (a server's threads may ask for
    the same node at once), with the recursion limit raised while it lasts and then put back."""
    with _BUILDING:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 5000))
        try:
            yield
        finally:
            sys.setrecursionlimit(limit)


class Node(BaseModel):
    """A node of the effect language: strict, immutable, and able to say itself in English.

    A node whose fields hold the language's unions (``Effects``, ``Abilities``...) cannot be built
    when its class is defined, before the unions exist; its validator and serializer are built the
    first time it is used, not when the language is imported.  Each holds the whole recursive
    language (an operation holds effects, which hold operations...), about 10 ms to build, and a
    process (a CLI command, a test) uses a few of the ~140 node types; a server's master builds
    them all before it forks (``language.build_all``).  ``model_rebuild`` is where pydantic builds
    them, so it resolves the unions' names itself and raises the recursion limit while it builds
    (the unions nest deep, and pydantic recurses once per level)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    HEAD: ClassVar[str] = ""
    """The key that names this node inside a union (its operation, trigger, cost... name)."""

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Any = None) -> bool | None:
        if not force and cls.__pydantic_complete__:
            return None
        with _deep_build():
            if not force and cls.__pydantic_complete__:  # another thread built it meanwhile
                return None
            return super().model_rebuild(force=force, raise_errors=raise_errors,
                                         _parent_namespace_depth=_parent_namespace_depth + 1,
                                         _types_namespace={**TYPES_NAMESPACE, **(_types_namespace or {})})

    def words(self, say: Say = PLAIN) -> str:
        """This node in English, as a card would print it."""
        raise NotImplementedError(type(self).__name__)

    def dump(self) -> Any:
        """The document this node was read from (unset fields left out, aliases used)."""
        return self.model_dump(mode="json", exclude_unset=True, by_alias=True)


def _heads_error(doc: Any, heads: dict[str, type[Node]], kind: str,
                 known: dict[str, type[Node]]) -> PydanticCustomError | None:
    if not isinstance(doc, dict):
        return PydanticCustomError("not_an_object", "{kind}: expected an object naming one operation, got {value}",
                                   {"kind": kind, "value": repr(doc)})
    found = [k for k in doc if k in heads]
    if len(found) == 1:
        return None
    if len(found) > 1:
        return PydanticCustomError(
            "two_operations", "{kind}: one object names {count} operations ({names}); write one object each",
            {"kind": kind, "count": len(found), "names": ", ".join(found)})
    guesses = []
    for key in doc:
        close = difflib.get_close_matches(str(key), list(known), n=1, cutoff=0.6)
        guesses.append(f"{key!r} (did you mean {close[0]!r}?)" if close else repr(key))
    return PydanticCustomError(
        "unknown_operation", "{kind}: no known operation in {keys}; expected one of {heads}",
        {"kind": kind, "keys": ", ".join(guesses) or "an empty object", "heads": ", ".join(sorted(known))})


def _head_of(doc: Any, heads: dict[str, type[Node]], fallback: dict[str, type[Node]]) -> dict[str, type[Node]]:
    """The heads ``doc`` is read against: the primary ones, or the fallback ones when the
    mapping names no primary head (a trigger's ``when`` is also a field of some operations)."""
    if isinstance(doc, dict) and not any(k in heads for k in doc) and any(k in fallback for k in doc):
        return fallback
    return heads


def tagged(kind: str, classes: Iterable[type[Node]], *, fallback: Iterable[type[Node]] = (),
           also: Callable[[Any], Any] | None = None) -> Any:
    """A discriminated union of ``classes``, told apart by which class's ``HEAD`` key the
    mapping holds (``fallback`` classes only when it holds no head of ``classes``).  A mapping
    with no head, or with two, is refused naming the keys.  ``also`` may turn a shorthand into a
    mapping first."""
    classes, spare = list(classes), list(fallback)
    heads = {c.HEAD: c for c in classes}
    back = {c.HEAD: c for c in spare}
    if len(heads) + len(back) != len(classes) + len(spare) or set(heads) & set(back):
        raise TypeError(f"{kind}: two classes share a head key")
    for c in classes:
        clash = {f.alias or n for n, f in c.model_fields.items()} & set(heads) - {c.HEAD}
        if clash:
            raise TypeError(f"{kind}: {c.__name__} has a field named like the operation {sorted(clash)[0]!r}")

    def check(doc: Any) -> Any:
        if also is not None:
            doc = also(doc)
        if isinstance(doc, Node):
            return doc
        problem = _heads_error(doc, _head_of(doc, heads, back), kind, {**heads, **back})
        if problem is not None:
            raise problem
        return doc

    def head(doc: Any) -> str | None:
        if isinstance(doc, Node):
            return f"<{doc.HEAD}>"
        if isinstance(doc, dict):
            found = [k for k in doc if k in _head_of(doc, heads, back)]
            return f"<{found[0]}>" if len(found) == 1 else None
        return None

    # Tags are written <head> so an error's location can drop them (see ``json_path``).
    members = tuple(Annotated[c, Tag(f"<{h}>")] for h, c in {**heads, **back}.items())
    return Annotated[Union[members], Discriminator(head), BeforeValidator(check)]  # type: ignore[valid-type]


def json_path(loc: Iterable[Any], prefix: str = "") -> str:
    """The JSON path of a pydantic error location: union tags and pydantic's internal steps left
    out, e.g. ``effects.0.damage.to``."""
    parts = [prefix] if prefix else []
    for step in loc:
        if isinstance(step, str) and (step.startswith("<") or "[" in step or step.startswith(("function-",))
                                      or step in ("int", "str", "bool", "list", "dict")):
            continue
        parts.append(str(step))
    return ".".join(parts)


def telling_error(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """Of pydantic's errors for one document, the one to show: the deepest (the union branch
    that got furthest), and a misspelt key (extra, unknown operation) before the missing field it
    leaves behind."""
    def rank(err: dict[str, Any]) -> tuple[int, int]:
        return len(json_path(err["loc"]).split(".")), err["type"] in ("extra_forbidden", "unknown_operation")
    return max(errors, key=rank)


def one_or_many(value: Any) -> list[Any]:
    """A field written as one item or a list of items, as a list."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


# --------------------------------------------------------------------------------- words

ICON_WORDS = {"O": "obsession", "G": "greed", "E": "elitism", "D": "deception", "R": "rage", "V": "volition"}
_ICON = re.compile(r"\[([OGEDRV])\]", re.I)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def normalise(text: str | None) -> str:
    """A text reduced to what its words say: case, punctuation, quotes, whitespace and resource
    symbols (``[O]`` and ``{O}`` alike) do not count.  The one normaliser the round trip uses."""
    t = unicodedata.normalize("NFKC", text or "").translate(_QUOTES)
    t = re.sub(r"\{([OGEDRV])\}", r"[\1]", t, flags=re.I)
    t = _ICON.sub(lambda m: f" icon{m.group(1).lower()} ", t)
    t = t.lower().replace("'s ", " s ").replace("'", "")
    t = re.sub(r"[^a-z0-9+\-]+", " ", t)
    t = re.sub(r"(?<![a-z0-9])[-+](?![0-9])", " ", t)
    return " ".join(t.split())


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop, as a printed sentence."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:)\"" else text + "."


def join_words(parts: Iterable[str], sep: str = " ") -> str:
    return sep.join(p for p in parts if p)


def series(items: list[str], conj: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


NUMBER_WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def plural(n: int | str, noun: str) -> str:
    """"1 card", "2 cards", "X cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s" if not noun.endswith("s") else f"{n} {noun}"


def lower_first(text: str) -> str:
    """``text`` with a small first letter, to follow a lead-in ("If you do, draw a card.")."""
    return text[:1].lower() + text[1:]


def lower_clause(text: str) -> str:
    """``text`` with a small first letter after a comma, the pronoun "I" left as it is."""
    return text[:1].lower() + text[1:] if text[:2] != "I " else text


def say_all(effects: Any, say: Say = PLAIN) -> str:
    """Operations (one or a list) said one after the other."""
    return " ".join(e.words(say) for e in one_or_many(effects))


class _Phrase(Node):
    """An operation said in fixed words (its field only says it is there)."""

    PHRASE: ClassVar[str] = ""

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.PHRASE.format(self=say.self_name))


__all__ = ["Node", "Say", "PLAIN", "tagged", "normalise", "sentence", "series", "plural", "join_words"]
