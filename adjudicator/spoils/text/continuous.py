"""The continuous effects of card families, as the lasting documents precedence reads (``scripts._static``
asks these): counted effects, zones revealed at all times, marks a card leaves."""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Callable, Iterator, Mapping

from adjudicator.core import Overrider, TraceEntry
from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.characteristics import ModifyKinds
from adjudicator.effects.permissions import Able, KeptDepleted
from adjudicator.kernel import Change, combine, ruling_in_force
from adjudicator.kernel import keywords as kernel_keywords
from adjudicator.spoils.model.card_types import gained_as_character_lost
from adjudicator.spoils.model.state import CardSpec, SpoilsState
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text import static_amounts
from adjudicator.spoils.text.conditions_read import (
    count, counted_control, icons_held, influence_holds, resources_held, there_are)
from adjudicator.spoils.model.shared_cards import CARD
from adjudicator.spoils.text.position_memo import SourceIndex, kept, text_memo
from adjudicator.spoils.text.position_memo import memo as position_memo
from adjudicator.spoils.text.position_states import (  # MOVER-BACKREF
    NEEDS_N, Check, _attacking_location, _card, characters, opponent_controls_more, opponent_discard_at_least,
    opponent_played_same_name, tokens_at_least)
from adjudicator.spoils.text.scripts import (
    CAN_APPLIES, CAN_RULES, CANNOT_RULES, COSTS_OF, OP, PLAYED, REDUCED_TO_ZERO, TO_ZERO, _during, _kinds, _named,
    active_abilities, matches, script_of, selector)
from adjudicator.spoils.text.subjects import (
    SPOILS, Source, Subject, _as_list, _printed_less, _show, _tokens, provided_icons, selects)
from adjudicator.spoils.text.kinds_read import is_kind, read_kind
from adjudicator.spoils.text.typed_cards import gear, typed
from adjudicator.spoils.text.able_read import COVERT_BLOCKS
from adjudicator.spoils.text.able_read import static_docs as able_docs
from adjudicator.spoils.text.static_docs import counted_docs, revealed_docs
from adjudicator.spoils.text.unchanging import kept_effects, unchanging

RESTORE_RULE, RESTORED = "spoils.202.7", "spoils.303.3"
DEPLETED_BY = "depleted_by"


def depleted_by(card: Any) -> str | None:
    """The card whose "characters depleted by this card ..." depleted ``card`` last (None: none, or
    it was restored since)."""
    return next((m[DEPLETED_BY] for m in reversed(card.modifiers) if DEPLETED_BY in m), None)


_READING: ContextVar[bool] = ContextVar("amount_reading", default=False)
"""Set while the statistics a static X reads are read: no static X gives anything then (a loop otherwise)."""


def _x_docs(state: SpoilsState, op: Any, card_id: str, controller: str) -> list[dict[str, Any]]:
    """"<changes>, where X is <a number read off the game>" in a static ability (502.2): X read now (410.4: never
    below 0) and the changes made with it.  The statistics X reads do not count any static X (asked while they are
    read, one gives nothing: "it gains X speed, where X is its speed ..." would loop); an X this reader cannot
    read (``static_amounts.amount``) changes nothing."""
    if _READING.get() or not op.plain_x():
        return []
    token = _READING.set(True)
    try:
        x = static_amounts.amount(state, op.x_where, card_id, controller, stat)
    finally:
        _READING.reset(token)
    if x is None:
        return []
    return [doc for sub in op.then for doc in _static(state, static_amounts.with_x(sub, x), card_id, controller)]


def marks_docs(state: SpoilsState, op: Node, card_id: str, controller: str) -> list[dict[str, Any]] | None:
    """The continuous effects of ``op`` for the card ``card_id`` in play (None: not of this family)."""
    if isinstance(op, ModifyKinds):
        first = op.modify_kinds[0]
        kinds = [read_kind(kind, first) for kind in op.modify_kinds]
        hit = [cid for cid in state.cards if any(is_kind(state, cid, kind, controller, card_id) for kind in kinds)]
        return [{"modify": {"parameter": stat, "by": by}, "applies_to": {"id": cid}}
                for cid in hit for stat, by in op.changes.changes() if isinstance(by, int)]
    if isinstance(op, KeptDepleted):  # 202.7 forbidden for the characters it depleted, while depleted
        return [{"forbid": RESTORE_RULE, "applies_to": {"id": cid}} for cid, card in state.cards.items()
                if card.depleted and depleted_by(card) == card_id]
    return None


def sources(state: SpoilsState) -> list[Source]:
    """Every effect that might override a rule at this position (read once per position)."""
    return indexed(state).every


def indexed(state: SpoilsState) -> SourceIndex:
    """The effects at this position, indexed by what they bear on (``position_memo``)."""
    memo, key = position_memo(state), ("sources", _READING.get())
    found = memo.get(key)
    if found is None:
        attached = {cid: card.attached_to for cid, card in state.cards.items() if card.attached_to}
        found = memo[key] = SourceIndex(list(_each_source(state)), attached)
    return found


def _each_source(state: SpoilsState) -> Iterator[Source]:
    for order, ruling in enumerate(state.rulings):
        if not ruling_in_force(ruling, state.position):
            continue
        effect = ruling.get("effect") or {}
        yield Source(Overrider(kind="ruling", name=ruling.get("card") or "judge ruling", effect=_show(effect),
                               ruling_id=ruling.get("ruling_id")),
                     effect, None, None, ruling.get("card"), order)
    for run in _card_runs(state):  # the sources of a run of cards, or a card read again at each position
        yield from run if isinstance(run, list) else _card_sources(state, run, state.cards[run], blanked(state, run),
                                                                     read=True) or []
    for lasting in state.effects:
        yield Source(Overrider(kind="card", name=lasting.source, effect=_show(lasting.effect)),
                     lasting.effect, lasting.controller, None)


def _card_runs(state: SpoilsState) -> list[list[Source] | str]:
    """Each card in play with continuous effects, in order: the sources its own text says (kept with the
    card), or its id when they depend on the position (a "while", a count: read at each position)."""
    text = text_memo(state)
    runs = text.get("source_runs")
    if runs is None:
        runs = text["source_runs"] = []
        for cid, card in state.cards.items():
            blank, kept_for = blanked(state, cid), text.get((CARD, cid, "sources"))
            found = kept_for[1] if kept_for is not None and kept_for[0] == blank else _card_sources(state, cid, card, blank)
            if found is not None:
                text[(CARD, cid, "sources")] = (blank, found)
            if found is None or found:
                runs.append(cid if found is None else found)
    return runs


def _card_sources(state: SpoilsState, cid: str, card: Any, blank: str | None,
                  read: bool = False) -> list[Source] | None:
    """The continuous effects of the card in play ``cid`` as sources, or None when they depend on
    more than the card's own text (a "while", a count...) and ``read`` is false."""
    if blank:  # "treat it as though it has no rules text" (scripted_blank_text)
        return []
    script = script_of(card) if card.script else None
    if script is not None and not read and not unchanging(script):
        return None
    scripted = static_effects(state, cid, card, card.controller,
                              lambda p=card.controller: provided_icons(state, p)) if card.script else []
    return [Source(Overrider(kind="card", name=card.name, effect=_show(effect)), effect, card.controller, cid)
            for effect in [*card.effects, *scripted]]


def _modifier_changes(state: SpoilsState, name: str, subj: Subject) -> list[Change]:
    found: list[Change] = []
    index = indexed(state)
    for src in index.modifying_card(name, subj.card_id) if subj.card_id is not None and subj.spec is not None \
            else index.modifying(name):
        mod = src.effect["modify"]
        if selects(state, src, subj):
            per = mod.get("per")
            by = int(mod.get("by", 0)) * (_tokens(state, subj) if per == "token_on_it" else
                                          _printed_less(state, subj, name, mod) if per == "printed" else 1)
            if by or per not in ("token_on_it", "printed"):
                found.append(Change(by, src.who.name))
    return found


def stat(state: SpoilsState, card_id: str, name: str) -> tuple[int | None, list[TraceEntry]]:
    """A combat statistic (201.7) or structure: printed value, gear (201.7c), resolved effects and
    continuous effects, increases before reductions, floored at 0."""
    card = state.cards[card_id]
    memo, key = position_memo(state), ("stat", card_id, name, _READING.get())
    if key not in memo:
        memo[key] = _stat(state, card_id, card, name)
    value, trace = memo[key]
    return value, list(trace)


def _stat(state: SpoilsState, card_id: str, card: Any, name: str) -> tuple[int | None, list[TraceEntry]]:
    base = getattr(card, name)
    if base is None:
        return None, []
    changes: list[Change] = []
    for other in gear(state).get(card_id, ()) if kept() else state.cards.values():
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
    memo, key = position_memo(state), ("keywords", card_id, _READING.get())
    if key not in memo:
        memo[key] = _keywords(state, card_id, card)
    found, trace = memo[key]
    return set(found), list(trace)


def _keywords(state: SpoilsState, card_id: str, card: Any) -> tuple[set[str], list[TraceEntry]]:
    gains: dict[str, str] = {}
    losses: dict[str, str] = {}
    subj = Subject.card(state, card_id)
    gone = gained_as_character_lost(card.modifiers)  # 508.3
    for i, m in enumerate(card.modifiers):
        for kw in [] if i in gone else _as_list(m.get("gain")):
            gains[kw] = str(m.get("source", "effect"))
        for kw in _as_list(m.get("lose")):
            losses[kw] = str(m.get("source", "effect"))
    for src in indexed(state).keywording_card(card_id):  # only what might bear on this card
        if not selects(state, src, subj):
            continue
        for kw in _as_list(src.effect.get("gain")):
            gains[kw] = src.who.name
        for kw in _as_list(src.effect.get("lose")):
            losses[kw] = src.who.name
    printed = [] if blanked(state, card_id) else card.keywords  # no rules text: no printed keyword
    return kernel_keywords(printed, gains, losses, card.name, SPOILS)


def _covert(s: SpoilsState, cid: str) -> bool:
    return cid in s.cards and "covert" in keywords(s, cid)[0]


STATES: dict[str, Check] = {
    "tokens_at_least": tokens_at_least,
    "it_tokens_at_least": lambda s, cid, me, n: _card(s, cid).tokens >= n,
    "opponent_discard_at_least": opponent_discard_at_least,
    "hand_at_least": lambda s, cid, me, n: s.players[me].hand >= n,
    "hand_even": lambda s, cid, me, n: s.players[me].hand % 2 == 0,
    "opponent_hand_at_most": lambda s, cid, me, n: all(s.players[p].hand <= n for p in s.seating if p != me),
    "control_even_characters": lambda s, cid, me, n: characters(s, me) % 2 == 0,
    "control_only_characters": lambda s, cid, me, n: characters(s, me) == n,
    "control_character_not_owned": lambda s, cid, me, n: any(
        c.type == "character" and c.controller == me and c.owner != me for c in s.cards.values()),
    "opponent_controls_more": opponent_controls_more,
    "opponent_played_same_name": opponent_played_same_name,
    "attacking_location": lambda s, cid, me, n: _attacking_location(s, cid),
    "picked_is_covert": lambda s, cid, me, n: _covert(s, cid),
    # Damage on characters is cleared as each turn starts (602.1a): damage on it now was received
    # this turn.
    "picked_received_damage": lambda s, cid, me, n: _card(s, cid).damage > 0,
    # ``can_attack`` is set for the cards their controller had as the turn started (602.1c) and
    # cleared when a card changes control; ``attacks`` counts this turn's attacks.
    "started_turn_no_attack": lambda s, cid, me, n: _card(s, cid).controller == me
    and _card(s, cid).can_attack and _card(s, cid).attacks == 0,
    # The cards its play picked, kept on it as it entered play (scripted_costs_history.keep_picks).
    "picked_location_in_play": lambda s, cid, me, n: any(
        p in s.cards and s.cards[p].type == "location" for m in _card(s, cid).modifiers for p in m.get("picked") or []),
}
"""Each state a "while" or an "if" reads, by the name the scripts give it."""


def state_holds(s: SpoilsState, what: str, card_id: str | None, controller: str, n: int | str | None,
                table: dict[str, Check] = STATES) -> bool | None:
    """Whether the state ``what`` holds now (None: not one of ``table``'s, or its number is X
    and none was given)."""
    check = table.get(what)
    if check is None or (what in NEEDS_N and not isinstance(n, int)):
        return None
    return check(s, card_id or "", controller, n if isinstance(n, int) else 0)


def holds(state: SpoilsState, cond: Any, card_id: str | None, controller: str, x: int | None = None) -> bool | None:
    """Whether a condition holds now (None: a condition the engine does not judge); ``x``: the X a
    running script set ("if your opponent has at least X cards in their discard pile")."""
    if isinstance(cond, Ph.YouControl):
        whose = controller if cond.who == "you" else None
        wanted = cond.control
        anyones = wanted.model_copy(update={"controller": None})
        n = wanted.count if isinstance(wanted.count, int) else x if wanted.count == "X" and counted_control(cond) else None
        if wanted.quantity == "at_least" and n is None:
            return None  # "at least X": X is the judge's to say
        enough = n if wanted.quantity == "at_least" else 1
        if counted_control(cond) and _kinds(wanted) == ["resource"]:  # resources are kept apart from cards in play
            count = sum(resources_held(state, wanted, p) for p in state.seating if (p == whose if whose else p != controller))
        else:  # counted until there are enough: whether there are is all the condition asks
            count, pool = 0, typed(state, anyones)  # only the cards of the kinds named (208.1)
            for cid, card in state.cards.items() if pool is None else ((c, state.cards[c]) for c in pool):
                if (card.controller == whose if whose else card.controller != controller) and \
                        matches(state, cid, anyones, controller, card_id):
                    count += 1
                    if count >= enough:
                        break
        found = count >= enough
        return not found if cond.negated else found
    if isinstance(cond, Ph.ControlIcons):  # "if you control [O][O][O]" (scripted_replace, 405.6)
        return icons_held(state, cond, controller)
    if isinstance(cond, Ph.TokenOnIt):
        card = state.cards.get(card_id or "")
        has = card is not None and card.tokens > 0
        return not has if cond.none else has
    if isinstance(cond, Ph.StatAtMost) and cond.has.stat == "influence":  # round 4, damage
        return influence_holds(state, cond, controller, x)
    if isinstance(cond, Ph.AllOf):  # 504.1: while every one holds (None: one the engine does not judge)
        verdicts = [holds(state, part, card_id, controller, x) for part in cond.all_of]
        return None if None in verdicts else all(verdicts)
    if isinstance(cond, Ph.ThereAre):
        return there_are(state, cond, card_id, controller)
    if isinstance(cond, Ph.During):
        verdict = _during(state, cond.during, card_id, controller)
        if verdict is None:  # adjudicator.spoils.text.position_states (counts, hands, discard piles)
            return state_holds(state, cond.during, card_id, controller, x if cond.n == "X" else cond.n)
        return verdict
    return None


def static_effects(state: SpoilsState, card_id: str, card: CardSpec, controller: str,
                   icons: Callable[[], Mapping[str, int]]) -> list[dict[str, Any]]:
    """The continuous effects of a scripted card in play, as the engine's effect documents."""
    script = script_of(card)
    if script is None:
        return []
    gear = card.type == "item" and any(getattr(card, s) is not None for s in ("strength", "life", "speed"))
    if not kept() or not unchanging(script):
        return _static_effects(state, card_id, script, controller, icons, gear)
    return kept_effects(card, (card_id, controller, card.type, gear),
                        lambda: _static_effects(state, card_id, script, controller, icons, gear))


def _static_effects(state: SpoilsState, card_id: str, script: Any, controller: str,
                    icons: Callable[[], Mapping[str, int]], gear: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ability in active_abilities(script, icons):
        if isinstance(ability, A.Static):
            for op in ability.static:
                if gear and isinstance(op, O.Modify) and isinstance(op.modify, O.CardChanges) and \
                        selector(op.modify.card or op.card) == "attached":
                    out.extend({"forbid": CANNOT_RULES[act], "applies_to": "attached"} for act in op.and_cannot or [])
                    out.extend({how: word, "applies_to": "attached"} for how, word in (op.keyword or {}).items())
                    continue  # 201.7c: the printed gear modifiers say it already (counted once, in ``stat``)
                out.extend(_static(state, op, card_id, controller))
        elif isinstance(ability, A.ChangeAmount) and ability.change_amount == "damage":
            sel = selector(ability.to)
            if sel is not None:
                out.append({"modify": {"parameter": "damage", "by": ability.by}, "applies_to": sel})
    return out


def _static(state: SpoilsState, op: Node, card_id: str, controller: str) -> list[dict[str, Any]]:

    docs = counted_docs(op)
    if docs is not None:
        return docs
    if isinstance(op, OP["cannot"]) and op.cannot == ["be_played"] and isinstance(op.who, Ph.Cards) and \
            "named" in op.who.adjectives:  # "The named card cannot be played." (402.7)
        named = _named(state, card_id, "named")
        return [{"forbid": PLAYED, "applies_to": {"name": named}}] if named else []
    if isinstance(op, OP["tax"]) and op.on == "named_subtype":  # "Players must pay 2 to play cards with ..." (406.3)
        named = _named(state, card_id, "named_subtype")
        return [{"modify": {"parameter": "cost", "by": op.tax}, "applies_to": {"subtype": named}}] if named else []
    if isinstance(op, OP["x_where"]):
        return _x_docs(state, op, card_id, controller)
    if isinstance(op, OP["while"]):
        if holds(state, op.while_, card_id, controller):
            return [doc for sub in op.then for doc in _static(state, sub, card_id, controller)]
        return []
    if isinstance(op, OP["and"]):  # "while ..., it loses 2 strength and 2 life and can block Covert parties"
        return [doc for sub in op.and_ for doc in _static(state, sub, card_id, controller)]
    if isinstance(op, O.Modify) and isinstance(op.modify, O.CardChanges) and op.condition is None:
        sel = selector(op.modify.card or op.card or "self")
        per = {"per": "token_on_it"} if sel != "self" and isinstance(op.for_each, Ph.ForEach) and getattr(
            op.for_each.for_each, "tokens_on", None) in ("it", "them") else {}  # on each card modified (precedence)
        times = count(state, op.for_each, card_id, controller) if op.for_each and not per else 1
        keywords = [{how: word, "applies_to": sel} for how, word in (op.keyword or {}).items()]
        keywords += [{"forbid": CANNOT_RULES[act], "applies_to": sel} for act in op.and_cannot or []]  # "... and cannot attack"
        return [] if sel is None else keywords + [{"modify": {"parameter": stat, "by": value * times, **per}, "applies_to": sel}
                                                  for stat, value in op.modify.changes() if isinstance(value, int)]
    if isinstance(op, (O.Gain, O.Lose)) and isinstance(getattr(op, op.HEAD), (str, list)):
        sel = selector(op.card or op.applies_to or "self")
        return [] if sel is None else [{op.HEAD: getattr(op, op.HEAD), "applies_to": sel}]
    if isinstance(op, OP["cannot"]):
        sel = "self" if op.who in ("self",) else selector(op.who)
        return [] if sel is None else [{"forbid": CANNOT_RULES[a], "applies_to": sel} for a in op.cannot
                                       if a in CANNOT_RULES]
    if isinstance(op, OP["can"]) and op.can in CAN_RULES:
        return [{"permit": CAN_RULES[op.can], "applies_to": CAN_APPLIES.get(op.can, "self")}]
    if isinstance(op, Able):  # "<cards> can block Covert parties" (507.3b); the others: rules.composed_able
        docs = able_docs(op)
        if docs is None:  # cards the selector cannot say ("Gearsmith characters"): those matching now
            return [{"permit": COVERT_BLOCKS, "applies_to": {"id": cid}} for cid in state.cards
                    if matches(state, cid, op.who, controller, card_id)]
        return docs
    if isinstance(op, OP["reduce_cost"]) and op.of in COSTS_OF:  # "... you play by 2, to a minimum of 1" (406.3)
        return [{"modify": {"parameter": "cost", "by": -op.reduce_cost, "minimum": op.minimum},
                 "applies_to": {"controller": "you", "type": COSTS_OF[op.of]}}]
    if isinstance(op, OP["can"]) and op.can == "its_unblockable":  # "it's unblockable" (413.1; attacks.declare)
        return [{"gain": "unblockable", "applies_to": "self"}]
    if isinstance(op, OP["reduce_all_damage"]) and op.reduce_all_damage in REDUCED_TO_ZERO and op.to == 0:
        return [{"modify": {"parameter": "damage", "by": TO_ZERO}, "applies_to": REDUCED_TO_ZERO[op.reduce_all_damage]}]
    if (docs := revealed_docs(op)) is not None:  # zones revealed at all times
        return docs
    return marks_docs(state, op, card_id, controller) or []  # marks a card leaves, kinds it changes
