"""Games from real decks: card data (the effective printings of a card catalog, e.g. the OCTGN
sets imported by ``rulings.importers``) turned into the engine's card specs, and deck lists
(``rulings.decks.DeckList``, e.g. from ``load_o8d``) turned into the ``players`` and ``setup`` of
``SpoilsEngine.create``.  Pure: the caller reads the files.

What the printed text says in words stays text (``CardSpec.text``); the builder reads what the
engine checks by rule: type, cost, threshold, statistics, structure, keywords (Covert, Tactical,
Unique, Attach to, "cannot be blocked"), the icons a card provides (311.1), abilities with their
"Pay N" and "Deplete this card" costs, and a faction's influence, starting resources and draws.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Protocol

from adjudicator.spoils.model import state as _STATE
from adjudicator.spoils.model.state import STAPLES, Ability, CardSpec, Faction, default_faction_abilities
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.model import script_docs as _SCRIPT_DOCS

TYPES = {"character", "item", "location", "tactic", "resource"}


class _Deck(Protocol):
    name: str
    format: str
    entries: Iterable[Any]


def _int(value: Any) -> int | None:
    if value is None:
        return None
    m = re.fullmatch(r"\s*([+-]?\d+)\s*", str(value))
    return int(m.group(1)) if m else None


def _icons(text: str) -> str:
    return "".join(re.findall(r"\[([OGEDRV])\]", text.upper()))


def abilities_from_text(text: str) -> list[Ability]:
    """Ability blocks (502.1): a name line in capitals, a ``COST:`` line, an ``EFFECT:`` line."""
    lines = [ln.strip() for ln in (text or "").splitlines()]
    found: list[Ability] = []
    for i, line in enumerate(lines[:-1]):
        nxt = lines[i + 1]
        if not nxt.upper().startswith("COST:") or not line or line.upper() != line:
            continue
        name = line.strip("<> ")
        name, _, threshold = name.partition(" ")
        cost_text = nxt[5:].strip()
        pay = re.search(r"pay (\d+)", cost_text, re.I)
        effect = next((ln[7:].strip() for ln in lines[i + 2:i + 3] if ln.upper().startswith("EFFECT:")), "")
        full_name = line.strip("<> ")
        found.append(Ability(name=full_name, cost=int(pay.group(1)) if pay else 0,
                             threshold=_icons(full_name[len(name):]),
                             deplete=bool(re.search(r"deplete this card", cost_text, re.I)),
                             text=f"COST: {cost_text} EFFECT: {effect}".strip()))
    return found


def spec_from_card(name: str, card_type: str | None, cost: Any, text: str,
                   fields: Mapping[str, Any]) -> CardSpec | None:
    """The engine's view of a printed card; None for a faction (see ``faction_from_card``)."""
    kind = (card_type or "").strip().lower()
    if kind not in TYPES:
        return None
    text = text or ""
    upper = text.upper()
    keywords: list[str] = []
    subtypes = [s.strip().lower() for s in str(fields.get("subtype") or "").split(",") if s.strip()]
    if "staple" in subtypes:
        keywords.append("staple")
        subtypes.remove("staple")
    if re.search(r"^\s*COVERT\s*$", upper, re.M):
        keywords.append("covert")
    if re.search(r"^\s*TACTICAL\s*$", upper, re.M):
        keywords.append("tactical")
    if re.search(r"^\s*THIS (CARD|CHARACTER) CANNOT BE BLOCKED", upper, re.M):  # not "While ..., this card ..."
        keywords.append("unblockable")
    unique = re.search(r"^\s*UNIQUE\s+(.+?)\s*$", text, re.M | re.I)
    attach = re.search(r"^\s*ATTACH to\s+(\w+)", text, re.M | re.I)
    # "PROVIDES: [E][E]" on any card type, "Provides - [O]" on resources (311.1); not "provides at least".
    provided = re.search(r"^\s*provides\s*[-:]?\s*((?:\[[A-Z]\]\s*)+)", text, re.I | re.M)
    provides = _icons(provided.group(1)) if provided else ""
    if kind == "resource" and not provides:
        provides = STAPLES.get(name.lower(), "")
    return CardSpec(
        name=name, type=kind, cost=_int(cost), threshold=str(fields.get("threshold") or ""),
        strength=_int(fields.get("strength")), life=_int(fields.get("life")), speed=_int(fields.get("speed")),
        structure=_int(fields.get("structure")), subtypes=subtypes, keywords=keywords,
        unique=unique.group(1) if unique else None, attach_to=attach.group(1).lower() if attach else None,
        provides=provides, abilities=abilities_from_text(text) if kind != "resource" else [],
        trade=fields.get("trade"), text=text,
    )


STARTING = re.compile(r"^STARTING RESOURCES:\s*(?:Any\s+)?(.+?)\.?\s*$", re.I | re.M)
PLACEHOLDER = "staple resource"
"""A starting resource the faction leaves to the player: any staple resource (203.5)."""


def starting_from_text(text: str) -> list[str] | None:
    """202.5: the starting resources a faction's text lists ("1 Elitism, 1 staple resource": Elitism
    and any staple), None when it lists none."""
    m = STARTING.search(text or "")
    if m is None:
        return None
    out: list[str] = []
    for part in re.split(r",|\band\b", m.group(1)):
        said = re.match(r"\s*(\d+)\s+(.+?)\s*$", part)
        if said is None:
            return None
        what = said.group(2).strip().lower()
        name = PLACEHOLDER if what.startswith(PLACEHOLDER) else what.title() if what in STAPLES else None
        if name is None:
            return None
        out += [name] * int(said.group(1))
    return out


def starting_problems(text: str, starting: list[str]) -> list[dict[str, str]]:
    """601.1b: the resources a deck puts into play are the ones its faction's Starting Resources section
    lists (each one named there, the others any staple resource), as many as it lists."""
    want = starting_from_text(text)
    if want is None:
        return []
    named = [n for n in want if n != PLACEHOLDER]
    left = [str(n) for n in starting]
    fits = len(left) == len(want) and all(n.lower() in STAPLES for n in left)
    for n in named:
        fits = fits and n in left
        if n in left:
            left.remove(n)
    message = f"the starting resources are {', '.join(starting) or 'none'}; the faction's text asks for {', '.join(want)}"
    return [] if fits else [{"rule": "spoils.601.1b", "message": message}]


def faction_from_card(name: str, text: str) -> Faction:
    """202.3a influence, 202.5 starting resources, 202.6 starting draw, and the abilities; DRAW
    and RESOURCE get their structured effect, the others keep their text."""
    influence = re.search(r"influence\s+(\d+)", text or "", re.I)
    first = re.search(r"(\d+)\s+going first", text or "", re.I)
    second = re.search(r"(\d+)\s+going second", text or "", re.I)
    abilities = []
    defaults = {a.name: a for a in default_faction_abilities()}
    for ability in abilities_from_text(text):
        base = defaults.get(ability.name.upper())
        abilities.append(ability.model_copy(update={"effect": base.effect}) if base else ability)
    starting = 25 if influence is None else int(influence.group(1))
    return Faction(name=name, influence=starting, starting_influence=starting,
                   starting_resources=starting_from_text(text) or [PLACEHOLDER, PLACEHOLDER],
                   starting_draw={"first": int(first.group(1)) if first else 8,
                                  "second": int(second.group(1)) if second else 9},
                   abilities=abilities or default_faction_abilities(), text=text or "")


def _effective(catalog: Any, name: str, as_of: Any = None) -> tuple[str | None, Any, str, Mapping[str, Any]]:
    card = catalog.effective("spoils", name, as_of)
    p = card.printing
    return p.card_type, p.cost, card.text, p.fields


def game_from_decks(decks: Mapping[str, _Deck], catalog: Any,
                    as_of: Any = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """``players`` and ``setup`` for ``SpoilsEngine.create`` from one deck list per player id, each
    card read as its most recent printing released by ``as_of`` (105.1; the latest when None).

    A deck's "Faction" section gives the faction card and the starting resources (601.1b, put in
    play face up, 601.1d); its "Game Deck" section is the deck (103.1b counts it without the
    faction).  Every card of every deck goes into the game's ``card_pool`` so actions can name
    cards; a card the catalog lacks stays in the deck by name (``players[i]["unknown_cards"]``) and
    is described inline when played.
    """
    players: list[dict[str, Any]] = []
    pool: dict[str, Any] = {}
    player_setup: dict[str, Any] = {}
    fmt = "constructed"
    for pid, deck in decks.items():
        fmt = getattr(deck, "format", fmt) or fmt
        faction: Faction | None = None
        starting: list[str] = []
        cards: list[str] = []
        unknown: list[str] = []
        for entry in deck.entries:
            in_faction = str(entry.section).strip().lower() == "faction"
            try:
                card_type, cost, text, fields = _effective(catalog, entry.name, as_of)
            except LookupError:
                # Not in the card data: it stays in the deck by name; actions describe it inline.
                unknown.append(entry.name)
                (starting if in_faction else cards).extend([entry.name] * entry.count)
                continue
            if (card_type or "").lower() == "faction":
                faction = faction_from_card(entry.name, text)
                continue
            spec = spec_from_card(entry.name, card_type, cost, text, fields)
            if spec is not None:
                pool[spec.name] = spec.model_dump(mode="json", exclude_defaults=True)
            (starting if in_faction else cards).extend([entry.name] * entry.count)
        faction = faction or Faction()
        faction = faction.model_copy(update={"starting_resources": starting or faction.starting_resources})
        players.append({"id": pid, "deck": cards, "deck_name": getattr(deck, "name", ""),
                        "faction": faction.model_dump(mode="json"), "unknown_cards": sorted(set(unknown)),
                        "deck_problems": deck_problems(cards, pool, getattr(deck, "format", "constructed"))
                        + starting_problems(faction.text, starting)})
        player_setup[pid] = {"resources": {
            f"{pid}.r{i}": {"name": n, "face_up": True, "icons": (pool.get(n) or {}).get("provides", STAPLES.get(n.lower(), ""))}
            for i, n in enumerate(starting, start=1)}}
    return players, {"card_pool": pool, "format": fmt if fmt in ("constructed", "limited") else "constructed",
                     "players": player_setup}


def deck_problems(cards: Iterable[str], pool: Mapping[str, Any], fmt: str = "constructed") -> list[dict[str, str]]:
    """103: the deck-size minimum (75 constructed, 103.1b; 45 limited, 103.2b) and, in
    constructed, at most four cards of a name except staple resources and staples (103.1c).
    ``cards`` is the deck without its faction; ``pool`` maps names to card specs (or their dicts)."""
    names = list(cards)
    problems: list[dict[str, str]] = []
    minimum, rule = (45, "spoils.103.2b") if fmt == "limited" else (75, "spoils.103.1b")
    if len(names) < minimum:
        problems.append({"rule": rule, "message": f"{len(names)} cards besides the faction; at least {minimum}"})
    if fmt != "limited":
        counts: dict[str, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        for n, k in sorted(counts.items()):
            spec = pool.get(n)
            keywords = (spec.get("keywords", []) if isinstance(spec, dict) else getattr(spec, "keywords", [])) or []
            staple = n.lower() in STAPLES or "staple" in keywords
            if k > 4 and not staple and not _any_number(spec):
                problems.append({"rule": "spoils.103.1c", "message": f"{k} copies of {n}; at most 4"})
    return problems


def _any_number(spec: Any) -> bool:
    """"You may include as many copies of this card in your deck as you want." (101.1: its text beats 103.1c)."""
    doc = spec.get("script") if isinstance(spec, dict) else getattr(spec, "script", None)
    return M.can(_SCRIPT_DOCS.parse(doc), "any_number_in_deck")
