"""Precedence as a mechanism: rules are named checks and parameters, and cards in play, lasting
effects and judge rulings override them by name.  The engine consults this module at named points;
every answer carries the rule consulted and the card or ruling that overrode it.

The precedence order is the kernel's (``adjudicator.kernel.precedence``, one order for the three
games); this module names The Spoils' ids for it (``SPOILS``) and says what is The Spoils' own: which
effects bear on a check (``claims``), the selector language, statistics, costs, icons, thresholds.

* ``spoils.engine.judge-ruling`` a judge's ruling in force decides the check it names, above card text.
* ``spoils.101.1`` golden rule: card text beats the rules (a card's ``permit``/``forbid``).
* ``spoils.402.6`` "lose" beats "gain" (keywords such as covert).
* ``spoils.402.7`` "cannot" beats "can" (a ``forbid`` beats a ``permit``).
* ``spoils.410.3`` increases are applied before reductions.
* ``spoils.410.4`` a number reduced below zero stays at zero (406.6 for numeric costs).

The effect language of cards in play (``CardSpec.effects``), of lasting effects and of rulings::

    {"permit": "spoils.608.1b", "applies_to": "self"}        # lift what a rule forbids
    {"forbid": "spoils.608.1a", "applies_to": "opponent"}    # forbid what a rule permits
    {"modify": {"parameter": "strength", "by": 1}, "applies_to": "your_characters"}
    {"modify": {"parameter": "cost", "by": -1}, "applies_to": {"controller": "you", "type": "item"}}
    {"modify": {"parameter": "damage", "by": -1}, "applies_to": "your_faction"}
    {"modify": {"parameter": "strength", "by": 1, "per": "token_on_it"}, "applies_to": "attached"}  # x its tokens
    {"gain": "covert", "applies_to": "attached"}   {"lose": "covert", "applies_to": "opponent_characters"}
    {"provides": "OO"}                                       # 311.1 icons for thresholds

``applies_to`` selects the subject of the check: ``self`` (default), ``attached`` (the card this one
is attached to), ``you``, ``opponent``, ``any``, ``your_characters``, ``opponent_items``,
``characters``, ``your_faction``, ``opponent_faction``, ``factions``, a card id or a card name, or a
mapping ``{"controller": "you"|"opponent"|"any", "type": ..., "subtype": ..., "name": ..., "party": "opposing"}``.
A ruling (``RulingRecorded``) applies to the card it names, or to everything when it names none.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from adjudicator.core import Overrider, TraceEntry
from adjudicator.kernel import Change, Claim, Precedence, Verdict, combine, resolve, ruling_in_force
from adjudicator.kernel import keywords as kernel_keywords
from adjudicator.spoils import scripts as S
from adjudicator.spoils.scripted_blank_text import blanked
from adjudicator.spoils.state import CardSpec, SpoilsState

SPOILS = Precedence(golden_rule="spoils.101.1", cannot_beats_can="spoils.402.7", ruling="spoils.engine.judge-ruling",
                    lose_beats_gain="spoils.402.6", increases_first="spoils.410.3", floor_at_zero="spoils.410.4")
"""The Spoils' ids for the kernel's one precedence order."""

STATS = ("strength", "life", "speed", "structure")


@dataclass(frozen=True)
class Source:
    """Where an override comes from: a card in play, a lasting effect, or a judge ruling (``order``
    is the ruling's place in the log, later is larger)."""

    who: Overrider
    effect: dict[str, Any]
    controller: str | None
    card_id: str | None = None
    ruling_card: str | None = None
    order: int = 0

    @property
    def is_ruling(self) -> bool:
        return self.who.kind == "ruling"


@dataclass
class Subject:
    """What a check or a parameter is about: a card in play, a card being played, a player or a
    player's faction."""

    card_id: str | None = None
    spec: CardSpec | None = None
    controller: str | None = None
    faction: bool = False

    @classmethod
    def card(cls, state: SpoilsState, card_id: str) -> "Subject":
        c = state.cards[card_id]
        return cls(card_id=card_id, spec=c, controller=c.controller)

    @classmethod
    def player(cls, player: str) -> "Subject":
        return cls(controller=player)

    @classmethod
    def faction_of(cls, player: str) -> "Subject":
        return cls(controller=player, faction=True)

    @classmethod
    def being_played(cls, spec: CardSpec, player: str) -> "Subject":
        return cls(spec=spec, controller=player)


def sources(state: SpoilsState) -> Iterator[Source]:
    """Every effect that might override a rule at this position."""
    for order, ruling in enumerate(state.rulings):
        if not ruling_in_force(ruling, state.position):
            continue
        effect = ruling.get("effect") or {}
        yield Source(Overrider(kind="ruling", name=ruling.get("card") or "judge ruling", effect=_show(effect),
                               ruling_id=ruling.get("ruling_id")),
                     effect, None, None, ruling.get("card"), order)
    for cid, card in state.cards.items():
        if blanked(state, cid):  # "treat it as though it has no rules text" (scripted_blank_text)
            continue
        scripted = S.static_effects(state, cid, card, card.controller,
                                    lambda p=card.controller: provided_icons(state, p)) if card.script else []
        for effect in [*card.effects, *scripted]:
            yield Source(Overrider(kind="card", name=card.name, effect=_show(effect)), effect, card.controller, cid)
    for lasting in state.effects:
        yield Source(Overrider(kind="card", name=lasting.source, effect=_show(lasting.effect)),
                     lasting.effect, lasting.controller, None)


def _show(effect: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in effect.items() if k != "applies_to") or str(effect)


def _matches_card_name(state: SpoilsState, named: str, subj: Subject) -> bool:
    named = named.lower()
    if subj.card_id is not None and subj.card_id.lower() == named:
        return True
    if subj.spec is not None and subj.spec.name.lower() == named:
        return True
    if subj.card_id is None and subj.spec is None and subj.controller is not None:
        # A player-level check: the named card must be one the player controls (or its faction).
        if state.players[subj.controller].faction.name.lower() == named:
            return True
        return any(c.controller == subj.controller and (c.name.lower() == named or cid.lower() == named)
                   for cid, c in state.cards.items())
    return False


def selects(state: SpoilsState, src: Source, subj: Subject) -> bool:
    """Whether ``src`` applies to ``subj``."""
    if src.is_ruling:
        return src.ruling_card is None or _matches_card_name(state, src.ruling_card, subj)
    selector = src.effect.get("applies_to", src.effect.get("card", "self"))
    return select(state, selector, subj, src.controller, src.card_id)


def select(state: SpoilsState, selector: Any, subj: Subject, controller: str | None,
           source_card: str | None) -> bool:
    """The ``applies_to`` selector language (see the module docstring)."""
    if isinstance(selector, dict):
        if selector.get("other") and subj.card_id is not None and subj.card_id == source_card:
            return False  # "all other ...": not the card whose text it is
        of = selector.get("party_of", source_card)  # a lasting effect names its card (scripted_while_battle)
        if selector.get("party") and subj.card_id not in S._party(state, selector["party"], of):
            return False  # "characters in the opposing party": the battle party opposing the card's own
        return _select_mapping(state, selector, subj, controller)
    s = str(selector).lower()
    is_card = subj.spec is not None
    if s == "self":
        if source_card is None:
            return not is_card and not subj.faction and subj.controller == controller
        if is_card:
            return subj.card_id == source_card
        return not subj.faction and subj.controller == controller
    if s == "attached":
        src = state.cards.get(source_card) if source_card else None
        return is_card and src is not None and subj.card_id == src.attached_to
    if s in ("any", "all", "everyone", "each"):
        return True
    if s in ("you", "controller"):
        return not is_card and not subj.faction and subj.controller == controller
    if s in ("opponent", "opponents"):
        return not is_card and not subj.faction and subj.controller != controller
    if s in ("your_faction", "opponent_faction", "factions"):
        if not subj.faction:
            return False
        return s == "factions" or (subj.controller == controller) == (s == "your_faction")
    for prefix, whose in (("your_", "you"), ("opponent_", "opponent"), ("", "any")):
        if s.startswith(prefix) and s[len(prefix):].rstrip("s") in ("character", "item", "location", "tactic", "card"):
            kind = s[len(prefix):].rstrip("s")
            return _select_mapping(state, {"controller": whose, "type": None if kind == "card" else kind},
                                   subj, controller)
    return _matches_card_name(state, s, subj) if is_card else False


def _select_mapping(state: SpoilsState, sel: dict[str, Any], subj: Subject, controller: str | None) -> bool:
    if subj.spec is None:
        return False
    whose = sel.get("controller", "any")
    if whose == "you" and subj.controller != controller:
        return False
    if whose == "opponent" and subj.controller == controller:
        return False
    if sel.get("type") and subj.spec.type != sel["type"]:
        return False
    if sel.get("subtype") and str(sel["subtype"]).lower() not in subj.spec.subtypes:
        return False
    if sel.get("name") and subj.spec.name.lower() != str(sel["name"]).lower():
        return False
    if sel.get("id") and subj.card_id != sel["id"]:
        return False
    return True


# --------------------------------------------------------------------------------- checks

def claims(state: SpoilsState, rule: str, subject: Subject) -> list[Claim]:
    """What the cards in play, lasting effects and rulings in force say about ``rule`` for ``subject``:
    a ``permit`` naming the rule lifts a prohibition, a ``forbid`` naming it forbids what it allows."""
    found: list[Claim] = []
    for src in sources(state):
        for verb in ("permit", "forbid"):
            if src.effect.get(verb) == rule and selects(state, src, subject):
                found.append(Claim(verb, src.who, src.order))  # type: ignore[arg-type]
    return found


def verdict(state: SpoilsState, rule: str, *, allowed_by_rules: bool, subject: Subject, detail: str = "") -> Verdict:
    """What ``rule`` says here once cards in play and rulings have had their say (the kernel's order)."""
    return resolve(rule, allowed_by_rules, claims(state, rule, subject), SPOILS, detail=detail)


# --------------------------------------------------------------------------------- numbers

def _modifier_changes(state: SpoilsState, name: str, subj: Subject) -> list[Change]:
    found: list[Change] = []
    for src in sources(state):
        mod = src.effect.get("modify")
        if isinstance(mod, dict) and mod.get("parameter") == name and selects(state, src, subj):
            per = mod.get("per")
            by = int(mod.get("by", 0)) * (_tokens(state, subj) if per == "token_on_it" else
                                          _printed_less(state, subj, name, mod) if per == "printed" else 1)
            if by or per not in ("token_on_it", "printed"):
                found.append(Change(by, src.who.name))
    return found


def _printed_less(state: SpoilsState, subj: Subject, name: str, mod: dict[str, Any]) -> int:
    """"X, where X is their printed life minus 2": the printed value of each card modified, less
    ``minus``, never below 0 (410.4)."""
    card = state.cards.get(subj.card_id or "")
    printed = getattr(card, mod.get("of", name), None) if card is not None else None
    return max((printed or 0) - int(mod.get("minus") or 0), 0)


def _tokens(state: SpoilsState, subj: Subject) -> int:
    """The tokens on the card a "for each token on it (them)" modifies (409.1)."""
    card = state.cards.get(subj.card_id or "")
    return card.tokens if card is not None else 0


def stat(state: SpoilsState, card_id: str, name: str) -> tuple[int | None, list[TraceEntry]]:
    """A combat statistic (201.7) or structure: printed value, gear (201.7c), resolved effects and
    continuous effects, increases before reductions, floored at 0."""
    card = state.cards[card_id]
    base = getattr(card, name)
    if base is None:
        return None, []
    changes: list[Change] = []
    for other in state.cards.values():
        if other.attached_to == card_id and other.type == "item":
            n = getattr(other, name)
            if n:
                changes.append(Change(n, other.name))
    for m in card.modifiers:
        if m.get(name):
            changes.append(Change(int(m[name]), str(m.get("source", "effect"))))
    changes.extend(_modifier_changes(state, name, Subject.card(state, card_id)))
    return combine(base, changes, f"{card.name} {name}", SPOILS)


def keywords(state: SpoilsState, card_id: str) -> tuple[set[str], list[TraceEntry]]:
    """Printed keywords plus gained ones, minus lost ones: "lose" beats "gain" (402.6)."""
    card = state.cards[card_id]
    gains: dict[str, str] = {}
    losses: dict[str, str] = {}
    subj = Subject.card(state, card_id)
    for m in card.modifiers:
        for kw in _as_list(m.get("gain")):
            gains[kw] = str(m.get("source", "effect"))
        for kw in _as_list(m.get("lose")):
            losses[kw] = str(m.get("source", "effect"))
    for src in sources(state):
        if not selects(state, src, subj):
            continue
        for kw in _as_list(src.effect.get("gain")):
            gains[kw] = src.who.name
        for kw in _as_list(src.effect.get("lose")):
            losses[kw] = src.who.name
    printed = [] if blanked(state, card_id) else card.keywords  # no rules text: no printed keyword
    return kernel_keywords(printed, gains, losses, card.name, SPOILS)


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value.lower()]
    return [str(v).lower() for v in value]


def numeric_cost(state: SpoilsState, spec: CardSpec, player: str, *, extra: int = 0,
                 free: bool = False) -> tuple[int, list[TraceEntry]]:
    """406.3: the cost value plus extra "pay" costs, then increases, then reductions, never below
    zero (406.6, 410.4).  A card played for free costs 0 (308.1)."""
    if free:
        return 0, [TraceEntry(rule="spoils.308.1", outcome="applied", detail=f"{spec.name} is played for free"),
                   TraceEntry(rule="spoils.engine.free-cost", outcome="applied",
                              detail="a free card's numeric cost is 0, with no increase or reduction on top")]
    base = (spec.cost or 0) + spec.extra_cost + extra
    trace = [TraceEntry(rule="spoils.406.3", outcome="applied",
                        detail=f"{spec.name}: cost value {spec.cost or 0}"
                               + (f" + extra costs {spec.extra_cost + extra}" if spec.extra_cost + extra else "")
                               + ("" if spec.cost is not None else " (no cost value: 0, 406.2)"))]
    subj = Subject.being_played(spec, player)
    changes = _modifier_changes(state, "cost", subj)
    value, more = combine(base, changes, f"{spec.name} numeric cost", SPOILS)
    floor = min(_cost_floor(state, subj), base + sum(c.amount for c in changes if c.amount > 0))
    if value < floor:  # "reduce the numeric cost of characters you play by 2, to a minimum of 1"
        value = floor
        more.append(TraceEntry(rule="spoils.406.3", outcome="applied",
                               detail=f"{spec.name}: its cost reductions stop at a minimum of {floor}"))
    return value, trace + more


def _cost_floor(state: SpoilsState, subj: Subject) -> int:
    """The highest "to a minimum of N" among the cost reductions that apply to a card being played."""
    return max((int(src.effect["modify"]["minimum"]) for src in sources(state)
                if isinstance(src.effect.get("modify"), dict) and src.effect["modify"].get("parameter") == "cost"
                and src.effect["modify"].get("minimum") and selects(state, src, subj)), default=0)


def damage_amount(state: SpoilsState, amount: int, subject: Subject) -> tuple[int, list[TraceEntry]]:
    """408.2: damage increases and reductions apply to damage above 0 (not to influence loss, 408.3b)."""
    if amount <= 0:
        return 0, []
    return combine(amount, _modifier_changes(state, "damage", subject), "damage", SPOILS)


def provided_icons(state: SpoilsState, player: str) -> dict[str, int]:
    """405, 311: icons of the player's resources in play (attached or not; never spent, 405.6),
    face-down cards giving Volition, plus cards in play that provide icons."""
    counts = {i: 0 for i in "OGEDRV"}
    for res in state.players[player].resources.values():
        for icon in res.provided():
            counts[icon] = counts.get(icon, 0) + 1
    for cid, card in state.cards.items():
        if card.controller != player:
            continue
        for icon in card.provides:
            counts[icon] += 1
        for effect in card.effects:
            for icon in str(effect.get("provides", "")).upper():
                if icon in counts:
                    counts[icon] += 1
    for lasting in state.effects:  # "this turn, you control an additional [E][E][E][E]" (scripted_battle_references)
        if lasting.controller == player and "applies_to" not in lasting.effect:
            for icon in str(lasting.effect.get("provides", "")).upper():
                if icon in counts:
                    counts[icon] += 1
    return counts


def missing_threshold(state: SpoilsState, player: str, threshold: str) -> str:
    """The icons of ``threshold`` the player does not have (empty when it is met)."""
    have = provided_icons(state, player)
    need: dict[str, int] = {}
    for icon in threshold:
        need[icon] = need.get(icon, 0) + 1
    return "".join(icon * (n - have.get(icon, 0)) for icon, n in need.items() if n > have.get(icon, 0))
