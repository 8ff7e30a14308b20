"""The effect language of card scripts, lasting effects and recorded triggers: one function per
operation, tried in a fixed order (the first operation an instruction names is the one it does).

    {"draw": 2}   {"damage": {"amount": 2, "to": "opponent_faction"}}   {"destroy": "c3"}
    {"modify": {"parameter": "strength", "by": 1}, "applies_to": "your_characters", "until": "end_of_turn"}
    {"gain": "covert", "card": "c2"}   {"forbid": "spoils.608.1b", "applies_to": "opponent_characters"}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from adjudicator.core import InvalidAction
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import damage as _DAMAGE
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.forbidden import restorable
from events.models import spoils as E

MICROMAJIG = CardSpec(name="Micromajig Token", type="character", strength=1, life=1, speed=3,
                      subtypes=["majig"], trade="Gearsmith")
"""409.3a: a Micromajig token is a Gearsmith character 1/1/3 with the subtype "majig"."""

OPS = ("draw", "play_resource", "discard", "damage", "lose_influence", "gain_influence", "destroy",
       "return_to_hand", "remove_from_game", "shuffle_into_deck", "put_in_discard", "deplete", "restore",
       "modify", "gain", "lose", "permit", "forbid", "gain_control", "remove_from_battle", "add_to_battle",
       "tokens", "create_token", "put_into_play", "heal", "terminate", "script")
LEAVE_WAYS = {"return_to_hand": ("hand", "returned to hand by {}", "spoils.301.4a"),
              "remove_from_game": ("removed", "removed from the game by {}", "spoils.403.6a"),
              "shuffle_into_deck": ("deck", "shuffled into its owner's deck by {}", "spoils.313.1"),
              "put_in_discard": ("discard", "put in the discard pile by {}", "spoils.403.5a")}
"""The operations that make a card leave play another way than destruction: where it goes, why, the rule."""


def check_effect(effects: list[dict[str, Any]], field: str = "effect") -> None:
    """Raises InvalidAction when an effect document uses no operation of the effect language."""
    for i, op in enumerate(effects):
        if not isinstance(op, dict) or not any(k in op for k in OPS):
            raise InvalidAction(f"{field}[{i}]: not an effect of the effect language",
                                [{"field": f"{field}.{i}", "message": f"expected one of the operations {', '.join(OPS)}"}])
        if "script" in op:
            _check_script(op, f"{field}.{i}")


def _check_script(op: dict[str, Any], field: str) -> None:
    """A ``{"script": {"card", "ops", ...}}`` document: its operations are the typed effect
    language's.  Raises InvalidAction naming the bad field."""
    from adjudicator.effects import EffectError, parse_effects

    spec = op["script"]
    if not isinstance(spec, dict) or not isinstance(spec.get("ops", []), list):
        raise InvalidAction(f"{field}.script: expected {{\"card\", \"ops\": [...]}}",
                            [{"field": f"{field}.script", "message": "expected an object with ops"}])
    try:
        parse_effects(spec.get("ops") or [], "spoils", field=f"{field}.script.ops")
    except EffectError as exc:
        raise InvalidAction(str(exc), exc.errors) from None


@dataclass(frozen=True)
class By:
    """Who an instruction acts for: its controller, the source's name, the source card (if in play)."""

    controller: str
    source: str
    card: str | None


def apply_effect(ctx: SpoilsContext, effects: list[dict[str, Any]], controller: str, source: str,
                 source_card: str | None = None) -> None:
    """Follows each instruction in order, as much as possible (402.5): a card that has left
    play is simply not affected (402.4, 402.5a); an instruction that says the effect stops (407.6)
    ends it there."""
    by = By(controller, source, source_card)
    for op in effects:
        if ctx.work.winner is not None:
            return
        for matches, run in _OPERATIONS:
            if matches(op):
                if run(ctx, op, by) is STOPS:
                    return
                break


def _spec(op: dict[str, Any], key: str, short: str) -> dict[str, Any]:
    """An operation's parameters: a mapping, or the short form ``{key: value}`` meaning ``{short: value}``."""
    return op[key] if isinstance(op[key], dict) else {short: op[key]}


def _draw(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = _spec(op, "draw", "count")
    for p in ctx.players_ref(spec.get("player", op.get("player")), by.controller):
        C.draw(ctx, p, int(spec.get("count", 1)), list(spec.get("cards", op.get("cards", []))), "spoils.306.1")


def _play_resource(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = op["play_resource"] if isinstance(op["play_resource"], dict) else {}
    C.play_resource(ctx, by.controller, spec, "spoils.203.1a")


def _discard(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = _spec(op, "discard", "count")
    for p in ctx.players_ref(spec.get("player", op.get("player")), by.controller):
        cards = list(spec.get("cards", []))
        count = min(ctx.work.players[p].hand, int(spec.get("count", len(cards) or 1)))
        if count:
            ctx.emit(E.CardsDiscarded(player=p, count=count, cards=cards[:count], rule="spoils.305.1"))


def _damage(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = op["damage"] if isinstance(op["damage"], dict) else {"amount": op["damage"], "to": op.get("to")}
    for target in ctx.targets_ref(spec.get("to"), by.controller):
        _DAMAGE.deal_damage(ctx, target, int(spec.get("amount", 0)), [by.card or by.source], battle=False)


def _lose_influence(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = _spec(op, "lose_influence", "amount")
    for p in ctx.players_ref(spec.get("player", op.get("player", "opponent")), by.controller):
        _DAMAGE.lose_influence(ctx, p, int(spec.get("amount", 0)), "effect", "spoils.408.3b")


def _gain_influence(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = _spec(op, "gain_influence", "amount")
    for p in ctx.players_ref(spec.get("player", op.get("player")), by.controller):
        n = int(spec.get("amount", 0))
        influence = ctx.work.players[p].faction.influence + n
        ctx.emit(E.InfluenceGained(player=p, amount=n, influence=influence, rule="spoils.202.3"))


def _destroy(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    for cid in ctx.card_ids(op["destroy"]):
        C.destroy(ctx, cid, f"destroyed by {by.source}", "spoils.304.1")


def _leave(key: str) -> Callable[[SpoilsContext, dict[str, Any], By], None]:
    how, reason, rule = LEAVE_WAYS[key]

    def leave(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
        for cid in ctx.card_ids(op[key]):
            C.leave_play(ctx, cid, how, reason.format(by.source), rule)
    return leave


def _deplete(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    cards = [c for c in ctx.card_ids(op["deplete"]) if not ctx.work.cards[c].depleted]  # 303.2
    if cards:
        ctx.emit(E.CardsDepleted(cards=cards, rule="spoils.303.1"))


def _restore(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:

    cards = restorable(ctx, [c for c in ctx.card_ids(op["restore"]) if ctx.work.cards[c].depleted], by_rule=False)  # 303.2
    if cards:
        ctx.emit(E.CardsRestoredByEffect(cards=cards))


def _lasting(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    """A lasting effect (a parameter modifier, a keyword or a permission for a selection)."""
    lasting = {k: v for k, v in op.items() if k != "until"}
    ctx.emit(E.EffectStarted(effect=lasting, source=by.source, controller=by.controller, until=op.get("until")))


def _modify(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    mod = dict(op["modify"])
    if "parameter" in mod:
        _lasting(ctx, op, by)
        return
    for cid in ctx.card_ids(mod.pop("card", op.get("card"))):
        ctx.emit(E.CardModified(card_id=cid, changes=mod, source=by.source, until=op.get("until")))


def _card_keyword(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    key = "gain" if "gain" in op else "lose"
    for cid in ctx.card_ids(op["card"]):
        ctx.emit(E.CardModified(card_id=cid, changes={key: op[key]}, source=by.source, until=op.get("until")))


def _gain_control(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    to = op.get("player") if op.get("player") in ctx.work.seating else by.controller
    for cid in ctx.card_ids(op["gain_control"]):
        C.change_control(ctx, cid, to)


def _remove_from_battle(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    b = ctx.work.battle
    for cid in ctx.card_ids(op["remove_from_battle"]):
        if b is not None and cid in b.attackers + b.blockers:
            ctx.emit(E.RemovedFromBattle(card_id=cid, reason=f"removed by {by.source}", rule="spoils.302.15"))


STOPS = "stops"
"""What an operation answers when the whole effect stops there (407.6)."""


def _add_to_battle(ctx: SpoilsContext, op: dict[str, Any], by: By) -> str | None:
    s = ctx.work
    b = s.battle
    for cid in ctx.card_ids(op["add_to_battle"]):
        if b is None:
            break
        party = op.get("party", "attacking" if s.cards[cid].controller == b.attacker else "blocking")
        party_owner = b.attacker if party == "attacking" else b.defender
        if s.cards[cid].controller != party_owner or s.cards[cid].type != "character":
            ctx.note("spoils.407.6", f"{s.cards[cid].name} is not controlled by the party's player: the effect stops")
            return STOPS
        ctx.emit(E.AddedToBattle(card_id=cid, party=party, rule="spoils.608.1c"))


def _tokens(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    for cid in ctx.card_ids(op.get("card", by.card)):
        card = ctx.work.cards[cid]
        now = max(0, card.tokens + int(op["tokens"]))
        ctx.emit(E.TokensChanged(card_id=cid, delta=now - card.tokens, tokens=now))


def _fresh_id(ctx: SpoilsContext, op: dict[str, Any], prefix: str) -> str:
    wanted = op.get("id")
    return wanted if wanted and wanted not in ctx.work.cards else ctx.new_id(prefix)


def _create_token(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = MICROMAJIG if str(op["create_token"]).lower() in ("micromajig", "micromajig token") \
        else CardSpec.model_validate(op["create_token"])
    for _ in range(int(op.get("count", 1))):
        C.enter_play(ctx, _fresh_id(ctx, op, "tok"), spec, by.controller, by.controller, how="token",
                     rule="spoils.409.3c")


def _put_into_play(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    spec = ctx.lookup(op["put_into_play"])
    if spec is not None:
        C.enter_play(ctx, _fresh_id(ctx, op, "c"), spec, by.controller, by.controller, how="put_into_play",
                     rule="spoils.402.8", attach_to=op.get("attach_to"))


def _terminate(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    C.terminate(ctx, str(op["terminate"]), by.source)


def _script(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    """A scripted card's typed operations (``adjudicator.spoils.ops.interpreter.run``, given by the engine)."""
    ctx.hooks.run_script(ctx, op, by.controller, by.source, by.card)


def _heal(ctx: SpoilsContext, op: dict[str, Any], by: By) -> None:
    for cid in ctx.card_ids(op.get("card")):
        n = min(int(op["heal"]), ctx.work.cards[cid].damage)
        if n:
            ctx.emit(E.DamageRemoved(card_id=cid, amount=n, rule="spoils.408.5b"))


def _has(*keys: str) -> Callable[[dict[str, Any]], bool]:
    return lambda op: any(k in op for k in keys)


_OPERATIONS: list[tuple[Callable[[dict[str, Any]], bool], Callable[[SpoilsContext, dict[str, Any], By], str | None]]] = [
    (_has("draw"), _draw), (_has("play_resource"), _play_resource), (_has("discard"), _discard),
    (_has("damage"), _damage), (_has("lose_influence"), _lose_influence), (_has("gain_influence"), _gain_influence),
    (_has("destroy"), _destroy),
    *[(_has(key), _leave(key)) for key in LEAVE_WAYS],
    (_has("deplete"), _deplete), (_has("restore"), _restore), (_has("modify"), _modify),
    (lambda op: ("gain" in op or "lose" in op) and "card" in op, _card_keyword),
    (_has("gain", "lose", "permit", "forbid"), _lasting),
    (_has("gain_control"), _gain_control), (_has("remove_from_battle"), _remove_from_battle),
    (_has("add_to_battle"), _add_to_battle), (_has("tokens"), _tokens), (_has("create_token"), _create_token),
    (_has("put_into_play"), _put_into_play), (_has("terminate"), _terminate), (_has("heal"), _heal),
    (_has("script"), _script),
]
"""Each operation with the test that picks it, in the order the effect language tries them."""
