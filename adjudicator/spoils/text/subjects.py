"""What a rule check is about and who overrides it: the subject of a check (a card, a card being
played, a player), the source of an override (a card in play, a lasting effect, a ruling), the
selectors that say which cards an effect applies to, and the precedence order The Spoils uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.core import Overrider
from adjudicator.kernel import Precedence
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.model.state import CardSpec, SpoilsState
from adjudicator.spoils.text.position_memo import memo as position_memo
from adjudicator.spoils.text.position_memo import text_memo

SPOILS = Precedence(golden_rule="spoils.101.1", cannot_beats_can="spoils.402.7", ruling="spoils.engine.judge-ruling",
                    lose_beats_gain="spoils.402.6", increases_first="spoils.410.3", floor_at_zero="spoils.410.4")
"""The Spoils' ids for the kernel's one precedence order."""


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


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value.lower()]
    return [str(v).lower() for v in value]


def provided_icons(state: SpoilsState, player: str) -> dict[str, int]:
    """405, 311: icons of the player's resources in play (attached or not; never spent, 405.6),
    face-down cards giving Volition, plus cards in play that provide icons (counted once per position)."""
    memo = position_memo(state)
    found = memo.get(("icons", player))
    if found is None:
        found = memo[("icons", player)] = _provided_icons(state, player)
    return dict(found)


def _provided_icons(state: SpoilsState, player: str) -> dict[str, int]:
    counts = {i: 0 for i in "OGEDRV"}
    for res in state.players[player].resources.values():
        for icon in res.provided():
            counts[icon] = counts.get(icon, 0) + 1
    for icon, n in _icons_of_cards(state, player).items():
        counts[icon] += n
    for lasting in state.effects:  # "this turn, you control an additional [E][E][E][E]" (scripted_battle_references)
        if lasting.controller == player and "applies_to" not in lasting.effect:
            for icon in str(lasting.effect.get("provides", "")).upper():
                if icon in counts:
                    counts[icon] += 1
    return counts


def _icons_of_cards(state: SpoilsState, player: str) -> dict[str, int]:
    """The icons the player's cards in play provide, printed or given (read once per text of the table:
    what a card provides is its text)."""
    memo = text_memo(state)
    found = memo.get(("icons_of_cards", player))
    if found is None:
        found = memo[("icons_of_cards", player)] = {}
        for card in state.cards.values():
            if card.controller != player:
                continue
            for icon in card.provides:
                found[icon] = found.get(icon, 0) + 1
            for effect in card.effects:
                for icon in str(effect.get("provides", "")).upper():
                    if icon in "OGEDRV":
                        found[icon] = found.get(icon, 0) + 1
    return found


def missing_threshold(state: SpoilsState, player: str, threshold: str) -> str:
    """The icons of ``threshold`` the player does not have (empty when it is met)."""
    have = provided_icons(state, player)
    need: dict[str, int] = {}
    for icon in threshold:
        need[icon] = need.get(icon, 0) + 1
    return "".join(icon * (n - have.get(icon, 0)) for icon, n in need.items() if n > have.get(icon, 0))
