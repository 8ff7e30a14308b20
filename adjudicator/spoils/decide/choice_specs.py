"""The choices a play's or an ability's text asks of its player, read off its script (issue 25): for
each node that asks something, where the answer goes in the action and what it may be, so that a form
or a generated client can play the card without reading the engine.

Each choice is a document (``ChoiceSpec`` in the contract): ``kind`` (what is asked), ``path`` (where
the answer goes: ``["targets", 0]`` for the first card the costs pick, ``["choices", "targets", 0]``
for one picked as the effect resolves, ``["choices", "x"]``...), ``text`` (the printed words that ask
it) and, by kind, ``allowed`` (card ids with their names), ``minimum``/``maximum``, ``options`` (a
menu), ``total``/``among`` (a division), ``optional``.  One function per kind of node, found by the
node's head in ``ASKS``; the picks of any operation (a selector that chooses: "a character", "2 or
fewer cards") are read the same way whatever the operation, so no card has a rule of its own.

The values offered are those the rules allow at the position as far as a script says them before it
runs (a pick's kind, controller, zone and qualifiers; X's bounds and what it costs); a value that
depends on another answer (a qualifier reading X) is offered with ``depends_on``.
"""
from __future__ import annotations

import pickle
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.decide import pick_domains as D
from adjudicator.spoils.decide.pick_domains import pool as _pool
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.ops.cards_out_of_play import CARD_TYPES
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.references import CHOOSING, PRONOUNS, _stat, targets
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.position_memo import kept, memo

Spec = dict[str, Any]
X_CEILING = 20  # the largest X offered when nothing in the text bounds it: a form's range, not a rule
NOT_A_PICK = frozenset({"search", "reveal", "look_at", "put", "play_card", "they_pick", "create_token",
                        "if", "while", "only", "during", "control", "has", "provided", "x_is", "x_where",
                        "x_if", "if_it_is", "x_if_it_is", "token_on", "can", "cannot", "for_each", "both_players",
                        "when", "requires", "static", "there_are", "all_of"})
"""Nodes whose selectors do not ask the player for a card (a search names what it finds, a condition
reads the game, another player picks)."""
PAY_X = {"X": 1, "X+X": 2, "X+X+X": 3}


@dataclass
class Reading:
    """What the reading of one script knows: the position, its player and card, where the next pick
    goes, and the choices found so far."""

    s: SpoilsState
    player: str
    card: str | None
    source: str
    ctx: SpoilsContext
    due: int = 0  # what the play already costs besides X (the card's numeric cost, fixed payments)
    x_unit: int = 0  # how much each point of X costs (``Pay X+X``: 2)
    in_cost: bool = True
    picks: int = 0
    late_picks: int = 0
    out: list[Spec] = field(default_factory=list)
    by_x: list[tuple[Spec, Ph.Cards]] = field(default_factory=list)  # required picks reading X ("cost X or less")

    def env(self) -> Env:
        return Env(self.player, self.source, self.card)

    def next_pick(self) -> list[Any]:
        if self.in_cost:
            self.picks += 1
            return ["targets", self.picks - 1]
        self.late_picks += 1
        return ["choices", "targets", self.late_picks - 1]

    def last_pick(self) -> list[Any] | None:
        return next((c["path"] for c in reversed(self.out) if c["kind"] == "target"), None)


def needs(s: SpoilsState, player: str, cost: list[Node] | None, effect: list[Node] | None, *,
          card: str | None = None, source: str = "", numeric_cost: int = 0) -> list[Spec]:
    """The choices a play (``cost`` its COST:, ``effect`` its EFFECT:) asks of ``player`` at ``s``:
    ``card`` is the card in play whose ability it is, ``source`` the name it goes by, ``numeric_cost``
    what playing it costs before its COST: (a tactic's printed cost)."""
    r = Reading(s, player, card, source, SpoilsContext(s), due=numeric_cost)
    cost, effect = list(cost or []), list(effect or [])
    for op in cost:  # what X costs, before X's range is read
        _costs(r, op)
    for op in cost:
        _read(r, op)
    r.in_cost = False
    for op in effect:
        _read(r, op)
    _narrow_x(r)
    return r.out


def _narrow_x(r: Reading) -> None:
    """X's range where each required pick reading X has a card, and those picks' cards some such X allows."""
    x = next((c for c in r.out if c["kind"] == "x"), None)
    if x is None or not r.by_x:
        return
    good = [n for n in range(x["minimum"], x["maximum"] + 1)
            if all(any(counts.within(r.s, a["id"], ref.with_, n) for a in spec["allowed"]) for spec, ref in r.by_x)]
    if good:
        x["minimum"], x["maximum"] = min(good), max(good)
    for spec, ref in r.by_x:
        spec["allowed"] = [a for a in spec["allowed"] if any(counts.within(r.s, a["id"], ref.with_, n) for n in good)]


def for_action(s: SpoilsState, action: dict[str, Any]) -> list[Spec] | None:
    """The choices a legal action's card text asks (``needs``), for a card played (a tactic's COST: and
    EFFECT:, a permanent's extra cost: ``play_card``, ``respond`` with a card) or an ability used
    (``use_ability``, ``respond`` with a source); None for any other action or a card without a script.
    Read once per position and action (the position's memo); each caller gets its own copy."""
    if not kept():
        return _for_action(s, action)
    found = memo(s)
    key = ("choice_specs", getattr(s, "position", None), json.dumps(action, sort_keys=True, default=str))
    if key not in found:  # kept pickled: each caller's copy is one C-level load, not a deep copy
        found[key] = pickle.dumps(_for_action(s, action), protocol=pickle.HIGHEST_PROTOCOL)
    return pickle.loads(found[key])


def _for_action(s: SpoilsState, action: dict[str, Any]) -> list[Spec] | None:
    p, kind = str(action.get("player")), action.get("type")
    name = action.get("card") if kind in ("play_card", "respond") else None
    if isinstance(name, str) and not action.get("ability"):
        spec = _pool(s, name)
        script = S.script_of(spec) if spec is not None else None
        play = S.play_ability(script) if spec is not None and spec.type == "tactic" else None
        extra = S.extra_cost(script) if spec is not None and spec.type != "tactic" else None
        if play is None and extra is None:
            return None
        cost, effect = (play.cost, play.play) if play is not None else (extra.extra_cost, None)
        return needs(s, p, cost, effect, source=spec.name, numeric_cost=spec.cost or 0) or None
    cid = action.get("card") if kind == "use_ability" else action.get("source") if kind == "respond" else None
    card = s.cards.get(str(cid)) if cid is not None else None
    act = S.activated(S.script_of(card), str(action.get("ability") or "")) if card is not None else None
    if act is None:
        return None
    return needs(s, p, act.cost, act.effect, card=str(cid), source=card.name) or None


def _costs(r: Reading, op: Node) -> None:
    if isinstance(op, A.Pay):
        if isinstance(op.pay, int):
            r.due += op.pay
        elif op.pay in PAY_X:
            r.x_unit += PAY_X[op.pay]
        elif isinstance(op.pay, str) and op.pay.endswith("+X"):
            r.due, r.x_unit = r.due + int(op.pay.split("+")[0]), r.x_unit + 1


def _read(r: Reading, node: Node) -> None:
    head = getattr(node, "HEAD", None)
    ask = ASKS.get(head or "")
    if ask is not None:
        ask(r, node)
    elif head not in NOT_A_PICK:
        _picks_in(r, node)
    if head in NOT_A_PICK and head not in ("if", "while", "x_is", "x_where", "for_each"):
        return
    if head == "may" and node.who != "you":  # another player's choice, not asked of this one
        return
    for child in _children(node):
        _read(r, child)


def _children(node: Node) -> list[Node]:
    out: list[Node] = []
    for name in type(node).model_fields:
        value = getattr(node, name, None)
        for item in (value if isinstance(value, list) else [value]):
            if isinstance(item, Node) and not isinstance(item, (Ph.Cards, Ph.Stat)):
                out.append(item)
    return out


# ----------------------------------------------------------------------------------------- picks

def _choosing(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and (ref.quantity in CHOOSING or isinstance(ref.quantity, int) or (
        ref.quantity == "bare" and ref.count is not None))


def _picks_in(r: Reading, node: Node) -> None:
    """Every selector of an operation that chooses ("destroy a character you control", "inflict 2
    damage to a character") is one entry of the targets, in the order the text names them."""
    for name in type(node).model_fields:
        value = getattr(node, name, None)
        if _choosing(value):
            _target(r, value, optional=False, text=node.words())


def _pick(r: Reading, op: A.Pick) -> None:
    _target(r, op.pick, optional=op.optional or op.if_you_can, x_from=op.where, text=op.words())


def _target(r: Reading, ref: Ph.Cards, optional: bool, x_from: Any = None, text: str = "") -> None:
    low, high, by_x = _how_many(ref)
    spec: Spec = {"kind": "target", "path": r.next_pick(), "text": text or ref.words(),
                  "minimum": 0 if optional else low, "maximum": high, "optional": optional,
                  "required": not optional and low > 0}
    if by_x:
        spec["depends_on"] = ["choices", "x"]
    if ref.zone in ("discard", "hand", "deck"):
        spec["zone"] = ref.zone
        spec["allowed"] = D.out_of_play(r.s, r.player, ref)
    else:
        spec["zone"] = "play"
        reads_x = "X" in (ref.with_ or "") or x_from is not None
        spec["allowed"] = D.in_play(r.s, r.ctx, r.env(), ref, reads_x) + D.factions(r.s, r.player, ref)
        if reads_x:
            spec["depends_on"] = ["choices", "x"] if x_from is None else ["choices", "revealed"]
        if reads_x and x_from is None and spec["required"]:
            r.by_x.append((spec, ref))
    r.out.append(spec)


def _how_many(ref: Ph.Cards) -> tuple[int, int, bool]:
    """(fewest, most, whether it is X) cards a selector picks (``references.how_many`` with X unknown)."""
    by_x = ref.count == "X" or ref.quantity == "X"
    n = ref.count if isinstance(ref.count, int) else X_CEILING if by_x else None
    if ref.quantity in ("up_to", "or_fewer"):
        return 0, n or 0, by_x
    if ref.quantity == "any_number":
        return 0, 1000, False
    if ref.quantity == "bare" and n is not None:
        return (0 if by_x else n), n, by_x
    if isinstance(ref.quantity, int):
        return ref.quantity, ref.quantity, False
    return 1, 1, False


# ----------------------------------------------------------------------------------------- numbers

def _x_range(r: Reading, low: int, high: int | None) -> tuple[int, int]:
    if r.x_unit:
        spare = max(0, r.ctx.unattached(r.player) - r.due)
        high = spare // r.x_unit if high is None else min(high, spare // r.x_unit)
    return low, X_CEILING if high is None else high


def _choose_x(r: Reading, op: Any) -> None:
    low = 0 if op.greater_than is None else op.greater_than + 1
    high = op.at_most if isinstance(op.at_most, int) or op.at_most is None else _stat(r.ctx, op.at_most, r.env())
    low, high = _x_range(r, low, high)
    r.out.append({"kind": "x", "path": ["choices", "x"], "text": op.words(), "minimum": low, "maximum": high,
                  "required": True})


def _pick_x(r: Reading, op: Any) -> None:
    low, high = _x_range(r, 0, _stat(r.ctx, op.pick_x, r.env()))
    r.out.append({"kind": "x", "path": ["choices", "x"], "text": op.words(), "minimum": low, "maximum": high,
                  "required": True})


def _amount(r: Reading, n: Any) -> int | str:
    n = getattr(n, "amount", n)
    if isinstance(n, int):
        return n
    if isinstance(n, Ph.Stat):
        return _stat(r.ctx, n, r.env())
    return str(n)


def _divided(r: Reading, op: Any) -> None:
    """Damage or tokens "divided however you want": ``choices.divided`` maps card ids to amounts, among
    the cards picked before (``among``) or the cards the text names (``allowed``: a selector's cards, or
    those a word names now, "the blocking party": not the card a cost picked or destroyed, 402.1).  A
    division the opponent makes ("however your opponent wants", 402.1) is theirs, never asked of this player."""
    if getattr(op, "divided_by", "you") == "opponent":
        return
    if not getattr(op, "divided", False):
        _picks_in(r, op)
        return
    to = getattr(op, "to", None) if op.HEAD == "damage" else getattr(op, "card", None)
    spec: Spec = {"kind": "divided", "path": ["choices", "divided"], "text": op.words(),
                  "total": _amount(r, op.damage if op.HEAD == "damage" else op.tokens), "up_to": bool(op.up_to),
                  "required": False}
    if isinstance(to, Ph.Cards) and to.quantity not in ("the", "that", "those"):
        spec["allowed"] = [{"id": cid, "name": r.s.cards[cid].name} for cid in sorted(r.s.cards)
                           if S.matches(r.s, cid, to.model_copy(update={"quantity": "all"}), r.player, r.card)]
    elif isinstance(to, str) and to not in PRONOUNS:  # a word that names the cards itself ("the blocking party")
        spec["allowed"] = [{"id": cid, "name": r.s.cards[cid].name if cid in r.s.cards else cid}
                           for cid in targets(r.ctx, to, r.env())]
    else:
        spec["among"] = r.last_pick()
    r.out.append(spec)


# ----------------------------------------------------------------------------------------- menus

def _menu(key: str, options_of: Callable[[Any], list[Any]], required: bool) -> Callable[[Reading, Any], None]:
    """A choice among the options the text lists ("pay 2 or remove 2 tokens", "gains 1 speed or loses
    1 life"): their numbers as printed, from 1 (``required``: the engine takes none by default)."""
    def ask(r: Reading, op: Any) -> None:
        menu = [{"value": i, "text": _words(o)} for i, o in enumerate(options_of(op), start=1)]
        r.out.append({"kind": "option", "path": ["choices", key], "text": op.words(), "options": menu,
                      "required": required})
    return ask


def _words(node: Any) -> str:
    """An option as the text says it; a change of statistics ("gains 1 speed") has no sentence of its own."""
    changes = getattr(node, "changes", None)
    if callable(changes):
        return " and ".join(f"{'gains' if isinstance(v, int) and v >= 0 else 'loses'} "
                            f"{abs(v) if isinstance(v, int) else v} {stat}" for stat, v in changes())
    return node.words()


def _may(r: Reading, op: Any) -> None:
    key = "may" if op.who == "you" else None
    if key is not None:
        r.out.append({"kind": "may", "path": ["choices", "may"], "text": op.words(), "default": True,
                      "required": False})


def _fixed(kind: str, key: str, values: Callable[[Reading, Any], list[Any]], optional: bool = False
           ) -> Callable[[Reading, Any], None]:
    def ask(r: Reading, op: Any) -> None:
        r.out.append({"kind": kind, "path": ["choices", key], "text": op.words(), "required": not optional,
                      "options": [{"value": v, "text": str(v)} for v in values(r, op)]})
    return ask


def _named(r: Reading, op: Any) -> None:
    names = sorted(n for n, c in r.s.card_pool.items() if op.kind != "non-resource card" or c.type != "resource")
    r.out.append({"kind": "named", "path": ["choices", "named"], "text": op.words(), "suggestions": names,
                  "required": True})


def _revealed(r: Reading, op: Any) -> None:
    """The top of a deck revealed: the action names the cards (``choices.revealed``), which the
    player sees at the table; the known cards of that deck are suggested."""
    ref = op.reveal
    if not isinstance(ref, Ph.Cards) or ref.zone != "deck":
        _picks_in(r, op)
        return
    whose = r.player if ref.zone_owner in ("you", "its_owner") else next(q for q in r.s.seating if q != r.player)
    top = ref.count if isinstance(ref.count, int) else 1
    r.out.append({"kind": "revealed", "path": ["choices", "revealed"], "text": op.words(), "minimum": 0,
                  "maximum": top, "required": False, "suggestions": list(dict.fromkeys(r.s.players[whose].deck_cards))})


def _tokens_spent(r: Reading, op: Any) -> None:
    """A token menu: the tokens removed from cards the player controls (``choices.tokens_removed``: id ->
    how many) pay for the lines generated (``choices.generate``: their numbers as printed, in order)."""
    mine = [{"id": cid, "name": c.name, "maximum": c.tokens} for cid, c in sorted(r.s.cards.items())
            if c.controller == r.player and c.tokens > 0]
    r.out.append({"kind": "tokens_removed", "path": ["choices", "tokens_removed"],
                  "text": "Remove any number of tokens from cards you control.",
                  "allowed": mine, "required": False})
    r.out.append({"kind": "generate", "path": ["choices", "generate"], "many": True, "required": False,
                  "text": "Use the tokens to generate the following effects any number of times.",
                  "options": [{"value": i, "text": m.words(), "tokens": m.tokens}
                              for i, m in enumerate(op.spend_tokens, start=1)]})


ASKS: dict[str, Callable[[Reading, Any], None]] = {
    "pick": _pick,
    "choose_x": _choose_x,
    "pick_x": _pick_x,
    "damage": _divided,
    "tokens": _divided,
    "or": _menu("option", lambda op: op.or_, False),
    "modify_either": _menu("option", lambda op: op.modify_either, True),
    "may": _may,
    "flip_coin": _fixed("coin", "coin", lambda r, op: ["win", "lose"], optional=True),
    "choose_card_type": _fixed("card_type", "card_type", lambda r, op: list(CARD_TYPES)),
    "name_a_card": _named,
    "reveal": _revealed,
    "spend_tokens": _tokens_spent,
}
"""The node heads that ask something, and how each is read (any other operation: its picks)."""
