"""Games of The Spoils from the players' real decks, and cards named rather than described.

A ``POST /games`` (or ``adjudicator games create``) for The Spoils may give, per player, ``"deck"``
as the text of an OCTGN ``.o8d`` file or as a list ``[{"name", "count", "section"?}]``, and a
game-level ``cards_as_of`` date that fixes which printing of every card is in force for the whole
game (spoils.105.1: the most recent version, as of that day).  This module turns that request into
the ``players`` and ``setup`` the engine creates a game from: the card pool, the factions with
their starting influence, resources and draws, all read from the card catalog as of that date.

It also fills cards a setup names without describing them (a card in play given as
``{"card": "Sleeping Guard", "controller": "alice"}``, or cards in hands, on top of decks and in
discard piles) into the game's card pool, and describes an action's named card from the catalog
when the pool lacks it, so the event records the printed values that were used.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterable, Mapping

from adjudicator.core import InvalidAction, InvalidSetup
from adjudicator.spoils.builder import deck_problems, faction_from_card, game_from_decks, spec_from_card
from rulings.cards import CardCatalog, CardDataError, CardNotFound
from rulings.decks import DeckEntry, DeckList
from rulings.importers.octgn import MAX_DECK_CARDS, MAX_QUANTITY, load_o8d
from rulings.importers.text_decks import looks_like_text_list, parse_text_deck
from rulings.scripts import ScriptError, script_for
from adjudicator.effects import text_sha

GAME = "spoils"
FACTION, GAME_DECK = "Faction", "Game Deck"


@dataclass(frozen=True)
class DeckOptions:
    """What a request says about its decks: the day whose printings are in force, and whether a
    card the catalog lacks is kept as a text-only card rather than refused."""

    cards_as_of: date
    allow_unknown: bool = False


def is_deck_list(raw: Any) -> bool:
    """A deck to build the game from: the text of an ``.o8d`` file, or entries ``{"name", "count"}``.
    (A list of bare names is the engine's own deck document, in order, as before.)"""
    return isinstance(raw, str) or (isinstance(raw, list) and bool(raw)
                                    and all(isinstance(e, Mapping) for e in raw))


def wants_decks(game: str, players: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a creation request gives a deck to build the game from."""
    return game == GAME and any(isinstance(p, Mapping) and is_deck_list(p.get("deck")) for p in players)


def parse_as_of(value: Any, field: str = "cards_as_of") -> date:
    """``YYYY-MM-DD`` as a date, today when None.  Raises InvalidSetup naming the field."""
    if value is None:
        return date.today()
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise InvalidSetup(f"{field}: expected a date YYYY-MM-DD, got {value!r}",
                           [{"field": field, "message": "expected a date YYYY-MM-DD"}]) from None


def read_deck(index: int, raw: Any, catalog: CardCatalog, options: DeckOptions, fmt: str) -> DeckList:
    """A player's deck from the text of an ``.o8d`` file or a list of entries.  Raises InvalidSetup
    naming ``players[i].deck``, the line (``.o8d``) or the entry, and the unknown card."""
    field = f"players.{index}.deck"
    if isinstance(raw, str) and looks_like_text_list(raw):
        return _bounded(field, _text_list(field, raw, catalog, options, fmt))
    if isinstance(raw, str):
        return _o8d(field, raw, catalog, options, fmt)
    entries: list[DeckEntry] = []
    for n, item in enumerate(raw):
        name, count, section = _entry(f"{field}.{n}", item)
        if not options.allow_unknown and not catalog.printings(GAME, name):
            raise InvalidSetup(f"{field}, entry {n}: unknown card {name!r}: not in the card catalog "
                               "(import the sets, or send allow_unknown: true to keep it as a text-only card)",
                               [{"field": f"{field}.{n}.name", "message": f"unknown card {name!r}"}])
        entries.append(DeckEntry(name=name, count=count, section=section, line=n + 1))
        _bounded(field, entries)
    if not entries:
        raise InvalidSetup(f"{field}: the deck lists no cards", [{"field": field, "message": "empty deck"}])
    return DeckList(game=GAME, format=fmt, name=f"player {index + 1}", source="request", entries=tuple(entries))


def _bounded(field: str, deck: DeckList | list[DeckEntry]) -> Any:
    """``deck`` when it holds at most MAX_DECK_CARDS cards (the same bound as an ``.o8d`` file's),
    checked before a game is built from it.  Raises InvalidSetup."""
    entries = deck.entries if isinstance(deck, DeckList) else deck
    if sum(e.count for e in entries) > MAX_DECK_CARDS:
        raise InvalidSetup(f"{field}: the deck has more than {MAX_DECK_CARDS} cards: a deck holds at most "
                           f"{MAX_DECK_CARDS}", [{"field": field, "message": f"more than {MAX_DECK_CARDS} cards"}])
    return deck


def _entry(field: str, item: Any) -> tuple[str, int, str]:
    if not isinstance(item, Mapping) or not isinstance(item.get("name"), str) or not item["name"].strip():
        raise InvalidSetup(f"{field}: expected {{\"name\", \"count\"}}",
                           [{"field": field, "message": "expected {name, count, section?}"}])
    count = item.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_QUANTITY:
        raise InvalidSetup(f"{field}.count: expected a whole number from 1 to {MAX_QUANTITY}",
                           [{"field": f"{field}.count", "message": f"expected 1 to {MAX_QUANTITY}"}])
    section = str(item.get("section") or GAME_DECK)
    if section.lower() not in (FACTION.lower(), GAME_DECK.lower()):
        raise InvalidSetup(f"{field}.section: expected {FACTION!r} or {GAME_DECK!r}",
                           [{"field": f"{field}.section", "message": f"expected {FACTION} or {GAME_DECK}"}])
    return item["name"].strip(), count, section


def _text_list(field: str, text: str, catalog: CardCatalog, options: DeckOptions, fmt: str) -> DeckList:
    """A plain-text deck list (``2 Card Name`` lines, as OCTGN and Cockatrice export), each card
    checked against the catalog as the entries of a JSON list are.  Raises InvalidSetup naming the line."""
    try:
        deck = parse_text_deck(text, field, game=GAME, format=fmt, catalog=catalog)
    except CardDataError as exc:
        where = f", line {exc.line}" if getattr(exc, "line", None) else ""
        problem = getattr(exc, "problem", str(exc))
        raise InvalidSetup(f"{field}{where}: {problem}", [{"field": field, "message": problem}]) from None
    for entry in deck.entries:
        if not options.allow_unknown and not catalog.printings(GAME, entry.name):
            raise InvalidSetup(f"{field}, line {entry.line}: unknown card {entry.name!r}: not in the card catalog "
                               "(import the sets, or send allow_unknown: true to keep it as a text-only card)",
                               [{"field": field, "message": f"line {entry.line}: unknown card {entry.name!r}"}])
    return deck


def _o8d(field: str, text: str, catalog: CardCatalog, options: DeckOptions, fmt: str) -> DeckList:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deck.o8d"
        path.write_text(text, encoding="utf-8")
        try:
            return load_o8d(path, catalog, format=fmt, allow_unknown=options.allow_unknown)
        except CardDataError as exc:
            where = f", line {exc.line}" if getattr(exc, "line", None) else ""
            problem = getattr(exc, "problem", str(exc))
            raise InvalidSetup(f"{field}{where}: {problem}", [{"field": field, "message": f"{where[2:]}: {problem}".lstrip(": ")}]) from None


def game_from_request(players: list[dict[str, Any]], setup: dict[str, Any] | None, catalog: CardCatalog,
                      options: DeckOptions) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``players`` and ``setup`` for ``SpoilsEngine.create`` from a request whose players bring
    decks.  What the request's own setup says is kept over what the decks give.  Raises
    InvalidSetup."""
    setup = dict(setup or {})
    fmt = str(setup.get("format") or "constructed")
    decks = {str(p.get("id")): read_deck(i, p["deck"], catalog, options, fmt)
             for i, p in enumerate(players) if is_deck_list(p.get("deck"))}
    built_players, built_setup = game_from_decks(decks, catalog, as_of=options.cards_as_of)
    scripted = _scripted_pool(built_setup.get("card_pool", {}), catalog)
    for built in built_players:  # 103.1c read again with the cards' scripts ("as many copies ... as you want")
        if built.get("id") in decks and "deck_problems" in built:
            kept = [d for d in built["deck_problems"] if d.get("rule") == "spoils.601.1b"]  # (builder.starting_problems)
            built["deck_problems"] = deck_problems(built.get("deck", []), scripted, decks[built["id"]].format) + kept
    by_id = {p["id"]: {**p, "faction": with_script(p["faction"], catalog)} if isinstance(p.get("faction"), Mapping) else p
             for p in built_players}
    merged_players = []
    for p in players:
        extra = {k: v for k, v in p.items() if k != "deck"}
        merged_players.append({**by_id.get(str(p.get("id")), {}), **extra})
    merged = {**built_setup, **{k: v for k, v in setup.items() if k not in ("card_pool", "players")}}
    merged["card_pool"] = {**scripted, **setup.get("card_pool", {})}
    merged["players"] = _merge_players(built_setup.get("players", {}), setup.get("players") or {})
    merged["cards_as_of"] = options.cards_as_of.isoformat()
    return merged_players, merged


def _merge_players(built: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    out = {pid: dict(doc) for pid, doc in built.items()}
    for pid, doc in given.items():
        out[pid] = {**out.get(pid, {}), **(doc if isinstance(doc, Mapping) else {})}
    return out


def named_cards_in_setup(setup: Mapping[str, Any]) -> set[str]:
    """The card names a Spoils setup mentions without describing them: cards in play given by
    name only, and the named cards of hands, deck tops and discard piles."""
    names: set[str] = set()
    for doc in (setup.get("cards") or {}).values():
        if isinstance(doc, Mapping) and isinstance(doc.get("card"), str):
            names.add(doc["card"])
        elif isinstance(doc, Mapping) and isinstance(doc.get("name"), str) and "type" not in doc:
            names.add(doc["name"])
    for pdoc in (setup.get("players") or {}).values():
        if not isinstance(pdoc, Mapping):
            continue
        for key in ("hand_cards", "deck_cards", "discard"):
            value = pdoc.get(key)
            if isinstance(value, list):
                names.update(v for v in value if isinstance(v, str))
        for res in (pdoc.get("resources") or {}).values() if isinstance(pdoc.get("resources"), Mapping) else []:
            if isinstance(res, Mapping) and isinstance(res.get("name"), str) and res.get("face_up") is False:
                names.add(res["name"])  # a face-down card, revealed or played by name later (scripted_zones)
    return names


def with_script(doc: dict[str, Any], catalog: CardCatalog | None = None) -> dict[str, Any]:
    """A card (or faction) document with the script written from its text in force: the packaged
    script of its name when its ``text_sha`` is the hash of ``doc["text"]``, else the one converted
    from that text when its set was imported (``catalog.scripts``, ``rulings.scripts.script_for``); a
    stale script (written from another printing's text) is left off, and the card is its text for the
    judge (105.1)."""
    if doc.get("script") or not doc.get("name"):
        return doc
    try:
        imported = getattr(catalog, "scripts", {}).get(GAME)
        script, _ = script_for(GAME, str(doc["name"]), doc.get("text") or "", imported)
    except ScriptError:
        return doc
    if script is None or script.text_sha != text_sha(doc.get("text") or ""):
        return doc
    return {**doc, "script": script.dump()}


def _scripted_pool(pool: Mapping[str, Any], catalog: CardCatalog | None = None) -> dict[str, Any]:
    return {name: with_script(spec, catalog) if isinstance(spec, Mapping) else spec for name, spec in pool.items()}


def spec_for(catalog: CardCatalog, name: str, as_of: date | None) -> dict[str, Any] | None:
    """The engine's card spec of ``name`` as printed on ``as_of`` (None: not a playable card or not
    in the catalog)."""
    try:
        card = catalog.effective(GAME, name, as_of)
    except (CardNotFound, LookupError):
        return None
    p = card.printing
    spec = spec_from_card(p.name, p.card_type, p.cost, card.text, p.fields)
    return None if spec is None else with_script(spec.model_dump(mode="json", exclude_defaults=True), catalog)


def fill_setup(setup: dict[str, Any] | None, catalog: CardCatalog, as_of: date | None,
               allow_unknown: bool = False) -> dict[str, Any] | None:
    """A setup with every card it names (and the pool lacks) described from the catalog: in-play
    cards given as ``{"card": name, ...}`` become full card documents, and the pool gains every
    named card.  Raises InvalidSetup naming an unknown card unless ``allow_unknown``."""
    if not setup:
        return setup
    setup = dict(setup)
    for key in ("card_pool", "cards", "players"):  # read as mappings: anything else is refused, not a crash
        if setup.get(key) is not None and not isinstance(setup[key], dict):
            raise InvalidSetup(f"setup.{key} must be an object keyed by name or id",
                               [{"field": f"setup.{key}", "message": "expected an object"}])
    pool = dict(setup.get("card_pool") or {})
    for name in sorted(named_cards_in_setup(setup)):
        if name in pool:
            continue
        spec = spec_for(catalog, name, as_of)
        if spec is None:
            if allow_unknown or not catalog.printings(GAME, name):
                if not allow_unknown and _needs_spec(setup, name):
                    raise InvalidSetup(f"setup names unknown card {name!r}: not in the card catalog",
                                       [{"field": "setup", "message": f"unknown card {name!r}"}])
                continue
            continue
        pool[name] = spec
    cards = {}
    for cid, doc in (setup.get("cards") or {}).items():
        if isinstance(doc, Mapping) and isinstance(doc.get("card"), str):
            named = doc["card"]
            if named not in pool:
                raise InvalidSetup(f"setup.cards.{cid}: unknown card {named!r}",
                                   [{"field": f"setup.cards.{cid}.card", "message": f"unknown card {named!r}"}])
            doc = {**pool[named], **{k: v for k, v in doc.items() if k != "card"}}
        cards[cid] = doc
    if "cards" in setup:
        setup["cards"] = cards
    setup["card_pool"] = pool
    _named_factions(setup, catalog, as_of)
    if as_of is not None:
        setup.setdefault("cards_as_of", as_of.isoformat())
    return setup


def _named_factions(setup: dict[str, Any], catalog: CardCatalog, as_of: date | None) -> None:
    """Factions a setup names (``players.<id>.faction: "Hall of Great Justice"``) described from the
    catalog as of ``as_of``, with their script.  Raises InvalidSetup naming an unknown faction."""
    players = setup.get("players")
    if not isinstance(players, Mapping):
        return
    out = {}
    for pid, pdoc in players.items():
        name = pdoc.get("faction") if isinstance(pdoc, Mapping) else None
        if isinstance(name, str):
            try:
                card = catalog.effective(GAME, name, as_of)
            except LookupError:
                raise InvalidSetup(f"setup.players.{pid}.faction: unknown faction {name!r}",
                                   [{"field": f"setup.players.{pid}.faction", "message": f"unknown card {name!r}"}]) from None
            if (card.printing.card_type or "").lower() != "faction":
                raise InvalidSetup(f"setup.players.{pid}.faction: {name!r} is not a faction",
                                   [{"field": f"setup.players.{pid}.faction", "message": "not a faction card"}])
            faction = faction_from_card(card.printing.name, card.text).model_dump(mode="json")
            pdoc = {**pdoc, "faction": with_script(faction, catalog)}
        out[pid] = pdoc
    setup["players"] = out


def _needs_spec(setup: Mapping[str, Any], name: str) -> bool:
    return any(isinstance(d, Mapping) and d.get("card") == name for d in (setup.get("cards") or {}).values())


def describe_action_card(action: dict[str, Any], pool: Mapping[str, Any], catalog: CardCatalog,
                         as_of: date | None) -> dict[str, Any]:
    """An action naming a card its game's pool lacks, with the card described from the catalog as of
    the game's ``cards_as_of`` (so the event records the printed values used).  Raises
    InvalidAction naming the card when the catalog lacks it too."""
    if action.get("type") == "use_ability" or (action.get("type") == "respond" and action.get("ability")):
        return action  # there ``card`` is the id of a card in play, not a card's name
    ref = action.get("card")
    name, edition = (ref, None) if isinstance(ref, str) else (
        (ref.get("name"), ref.get("edition")) if isinstance(ref, Mapping) and set(ref) <= {"name", "edition"}
        else (None, None))
    if not isinstance(name, str) or name in pool or any(n.lower() == name.lower() for n in pool):
        if edition is None or not isinstance(name, str):
            return action
    try:
        card = catalog.effective(GAME, name, None if edition else as_of, edition=edition)
    except LookupError:
        raise InvalidAction(f"card {name!r} is neither in this game's card pool nor in the card catalog",
                            [{"field": "card", "message": f"unknown card {name!r}: describe it inline"}]) from None
    p = card.printing
    spec = spec_from_card(p.name, p.card_type, p.cost, card.text, p.fields)
    if spec is None:
        return action
    return {**action, "card": with_script(spec.model_dump(mode="json", exclude_defaults=True), catalog)}


def prepare_creation(game: str, players: list[dict[str, Any]], setup: dict[str, Any] | None,
                     catalog: CardCatalog, cards_as_of: Any = None,
                     allow_unknown: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The players and setup a game is created from.  For The Spoils, decks are read and named cards
    described from ``catalog`` as of ``cards_as_of`` (default: today); other games as given.
    Raises InvalidSetup naming the player, the line or entry, and the card."""
    if game != GAME:
        return players, setup
    options = DeckOptions(parse_as_of(cards_as_of), bool(allow_unknown))
    if wants_decks(game, players):
        players, setup = game_from_request(players, setup, catalog, options)
    return players, fill_setup(dict(setup or {}), catalog, options.cards_as_of, options.allow_unknown)


__all__ = ["prepare_creation", "DeckOptions", "describe_action_card", "fill_setup", "game_from_request", "parse_as_of",
           "read_deck", "spec_for", "wants_decks", "deck_problems"]
