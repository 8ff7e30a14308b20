"""What the rules make happen with no player's decision: triggers (503), the immediate checks
(destruction 408.4-5, influence 102.1, uniqueness 507.5a), turns starting and ending (602, 610), and
plays resolving once their responses are done (607.2)."""
from __future__ import annotations

from adjudicator.spoils.evolve.projection import in_game, opponents
from adjudicator.spoils.model.state import PendingPlay
from adjudicator.spoils.rules import battle as B
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.forbidden import ONLY_COSTS, discard_arrivals, kept_at_zero, restorable
from adjudicator.spoils.rules.standing import static_destroys, unique_as
from adjudicator.spoils.rules.triggers import fire
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.rules import replacement_choice as RC
from adjudicator.spoils.rules import asked as ASKED
from adjudicator.spoils.model.card_types import types_of
from events.models import spoils as E

TRIGGER_REPEAT_LIMIT = 20
"""414.1 (inferred bound): the same trigger resolving this many times within one action, with no
player able to stop it, is the endless loop that ends the game in a draw (spoils.engine.loop-bound)."""
SETTLE_LIMIT = 1000
UNIQUE_WAITS = "unique_waits"
"""The key of a lasting effect naming the extra unique copies Unique stopped trying to destroy (507.5b)."""


def resolve_trigger(ctx: SpoilsContext, trigger_id: str) -> None:
    s = ctx.work
    trig = next(t for t in s.triggers if t.id == trigger_id)
    key = f"{trig.card_id}:{trig.name}"
    ctx.trigger_counts[key] = ctx.trigger_counts.get(key, 0) + 1
    if ctx.trigger_counts[key] > TRIGGER_REPEAT_LIMIT:
        ctx.note("spoils.414.1", f"{trig.name} keeps triggering itself and no player can stop it")
        ctx.emit(E.GameDrawn(players=in_game(s), rule="spoils.414.1",
                              reason=f"endless loop of effects: {trig.name}"))
        return
    ctx.emit(E.TriggerResolved(trigger_id=trig.id, card_id=trig.card_id, name=trig.name, controller=trig.controller))
    FX.apply_effect(ctx, trig.effect, trig.controller, trig.name, trig.card_id)


def settle(ctx: SpoilsContext) -> None:
    """Applies everything the rules make happen without a player's decision, until a player
    has to act or the game is over; nothing when the decision asks only whether the action itself is
    legal (``SpoilsContext.consequences``)."""
    if not ctx.consequences:
        return
    for _ in range(SETTLE_LIMIT):
        s = ctx.work
        if s.winner is not None:
            return
        if _destructions(ctx) or discard_arrivals(ctx):  # "if this card is put into your discard pile ..."
            continue
        if static_destroys(ctx):
            continue
        if _hosts_changed_type(ctx):
            continue
        if _game_end(ctx):
            return
        if s.choice is not None:
            return
        if _uniqueness(ctx):
            return
        if s.triggers:
            if len(s.triggers) == 1:
                resolve_trigger(ctx, s.triggers[0].id)
                continue
            controllers = {t.controller for t in s.triggers}
            chooser = controllers.pop() if len(controllers) == 1 else s.active_player
            rule = "spoils.503.4"
            ctx.emit(E.ChoiceRequired(kind="trigger_order", player=chooser or s.seating[0],
                                       options=[t.id for t in s.triggers], rule=rule,
                                       detail="triggers that fired at once: choose the one that resolves next"))
            return
        if s.stage == "end":
            finish_turn(ctx)
            continue
        if s.battle is not None and not s.pending and B.battle_step(ctx):
            continue
        return
    ctx.emit(E.GameDrawn(players=in_game(ctx.work), rule="spoils.414.1", reason="endless loop of effects"))


def settle_position(ctx: SpoilsContext) -> None:
    """A position set up (``setup.stage`` given) as the immediate checks leave it before its first action is
    decided: a character whose damage this turn reaches its life (408.4; 0 life: spoils.faq.zero-life) or a
    location whose damage reaches its structure (408.5) is destroyed at once, as after any action.  The
    triggers that sets off resolve with the decision's ``settle``."""
    for _ in range(SETTLE_LIMIT):
        if not _destructions(ctx):
            return


def _destructions(ctx: SpoilsContext) -> bool:
    s = ctx.work
    for cid, card in list(s.cards.items()):
        if cid in ctx.spared or cid not in s.cards:
            continue
        if card.type == "character":
            life, _ = _CONTINUOUS.stat(s, cid, "life")
            if life is not None and card.damage >= life:
                rule = "spoils.408.4" if card.damage > 0 else "spoils.faq.zero-life"
                ctx.note(rule, f"{card.name} has {card.damage} damage this turn and {life} life: destroyed")
                if C.destroy(ctx, cid, f"{card.damage} damage >= {life} life", rule):
                    return True
        elif card.type == "location" and card.structure is not None:
            structure, _ = _CONTINUOUS.stat(s, cid, "structure")
            if structure is not None and card.damage >= structure:
                ctx.note("spoils.408.5", f"{card.name} has {card.damage} damage and {structure} structure: destroyed")
                if C.destroy(ctx, cid, f"{card.damage} damage >= {structure} structure", "spoils.408.5"):
                    return True
    return False


def _hosts_changed_type(ctx: SpoilsContext) -> bool:
    """507.2e: a card attached to a card that is no longer of the type it attaches to is destroyed at once."""
    s = ctx.work
    for cid, card in list(s.cards.items()):
        host = s.cards.get(card.attached_to or "")
        if host is None or not card.attach_to or cid in ctx.spared or card.attach_to.lower() in types_of(host):
            continue
        ctx.note("spoils.507.2e", f"{card.name} attaches to a {card.attach_to.lower()}; {host.name} is no longer "
                                  f"one: {card.name} is destroyed")
        if C.destroy(ctx, cid, f"{host.name} is no longer a {card.attach_to.lower()}", "spoils.507.2e"):
            return True
    return False


def _game_end(ctx: SpoilsContext) -> bool:
    s = ctx.work
    losers = [p for p in in_game(s) if s.players[p].faction.influence <= 0 and not kept_at_zero(ctx, p)]
    if not losers:
        return False
    remaining = [p for p in in_game(s) if p not in losers]
    for p in losers:
        ctx.emit(E.PlayerLost(player=p, rule="spoils.102.1", reason="its faction's influence is 0"))
    if not remaining:
        ctx.note("spoils.102.2", f"{', '.join(losers)} lose at the same moment: the game is a draw")
        ctx.emit(E.GameDrawn(players=losers, rule="spoils.102.2", reason="every remaining player lost at once"))
        return True
    if len(remaining) == 1:
        ctx.note("spoils.102.1", f"{remaining[0]} brought the opposing influence to 0")
        ctx.emit(E.GameWon(player=remaining[0], by="influence", rule="spoils.102.1"))
        return True
    return False


def _uniqueness(ctx: SpoilsContext) -> bool:
    s = ctx.work
    groups: dict[tuple[str, str], list[str]] = {}
    waiting = {cid for x in s.effects for cid in x.effect.get(UNIQUE_WAITS) or []}
    for cid, card in s.cards.items():
        if unique_as(s, card) and cid not in ctx.spared and cid not in waiting:
            groups.setdefault((card.controller, unique_as(s, card).lower()), []).append(cid)
    for (controller, ident), ids in groups.items():
        if len(ids) > 1:
            ctx.emit(E.ChoiceRequired(kind="unique", player=controller, options=ids, rule="spoils.507.5a",
                                       detail=f"{controller} controls {len(ids)} cards 'Unique {ident}': "
                                              f"choose the one that stays, the others are destroyed"))
            return True
    return False


def choose_unique(ctx: SpoilsContext, keep: str) -> None:
    s = ctx.work
    card = s.cards[keep]
    ident = unique_as(s, card) or ""
    others = [cid for cid, c in s.cards.items()
              if cid != keep and (unique_as(s, c) or "").lower() == ident.lower() and ident
              and c.controller == card.controller]
    spared = [cid for cid in others
              if not C.destroy(ctx, cid, f"Unique {ident}: {card.controller} kept {keep}", "spoils.507.5a")
              and cid in s.cards]
    if spared:
        _unique_waits(ctx, spared, ident, card.controller)


def _unique_waits(ctx: SpoilsContext, spared: list[str], ident: str, controller: str) -> None:
    """507.5b: the extra copies whose destruction was prevented stay; Unique does not try again until
    the prevention ends (the end of the lasting effect that prevents it, else this turn)."""
    until = next((x.until for x in ctx.work.effects if x.effect.get(ONLY_COSTS)), "turn")
    names = ", ".join(ctx.work.cards[cid].name for cid in spared)
    ctx.note("spoils.507.5b", f"Unique {ident}: destroying {names} was prevented, so {controller} keeps "
                              f"{len(spared) + 1} copies until the prevention ends")
    ctx.emit(E.EffectStarted(effect={UNIQUE_WAITS: spared}, source=f"Unique {ident}", controller=controller,
                             until=until))


def choose_replacement(ctx: SpoilsContext, source: str) -> None:
    """506.4: the destruction that waited is carried out with the replacement of ``source``."""
    waiting = RC.pick(ctx, source)
    if waiting is not None:
        C.destroy(ctx, waiting["card"], waiting["reason"], waiting["rule"])


def start_turn(ctx: SpoilsContext, player: str, turn: int) -> None:
    s = ctx.work
    mine = [cid for cid, c in s.cards.items() if c.controller == player]
    # 602.1c: the active player's cards may attack; the other player's too were under their control since
    # the start of the turn (204.3), for an effect that lets them attack now ("Attack your opponent.")
    ctx.emit(E.TurnStarted(turn=turn, active_player=player, can_attack=list(s.cards)))
    ctx.note("spoils.602.1", f"turn {turn} of {player}: damage on characters cleared (602.1a), "
                              f"'this turn' effects end (602.1b), {player}'s cards may attack (602.1c)")
    depleted = restorable(ctx, [cid for cid in mine if s.cards[cid].depleted], by_rule=True)
    attached = [rid for rid, r in s.players[player].resources.items() if r.attached]
    ctx.emit(E.CardsRestored(player=player, cards=depleted, resources=attached))
    fire(ctx, "start_of_turn", player=player)


def finish_turn(ctx: SpoilsContext) -> None:
    s = ctx.work
    player = s.active_player or s.seating[0]
    ctx.emit(E.TurnEnded(turn=s.turn, player=player))
    nxt = opponents(s, player)
    if nxt:
        start_turn(ctx, nxt[0], s.turn + 1)


def resolve_top(ctx: SpoilsContext) -> None:
    """607.2: the most recent play resolves once its responders are done, unless it waits for a choice
    its text gives another player (``asked``: each player makes their own choices)."""
    top = ctx.work.pending[-1]
    if ASKED.waits(ctx, top):
        return
    ASKED.resolving(ctx, top)
    try:
        _resolve(ctx, top)
    finally:
        ASKED.resolved(ctx)


def _resolve(ctx: SpoilsContext, top: PendingPlay) -> None:
    s = ctx.work
    ctx.emit(E.PlayResolved(pending_id=top.id, kind=top.kind, player=top.player, name=top.name))
    if top.kind == "end_turn":
        ctx.note("spoils.610.1", "the responses are done: the turn ends")
        fire(ctx, "end_of_turn", player=top.player)
        return
    if top.kind == "card":
        spec = top.card
        assert spec is not None and top.card_id is not None
        if spec.type == "tactic":
            ctx.note("spoils.205.2", f"{spec.name} resolves: follow its instructions, then to the discard pile")
            before = len(ctx.events)
            FX.apply_effect(ctx, top.effect, top.player, spec.name, None)
            if not any(isinstance(e, (E.ResourcePlayed, E.CardsMoved)) and e.from_zone == "being_played"
                       and spec.name in (e.cards if isinstance(e, E.CardsMoved) else [e.name])
                       for e in ctx.events[before:]):  # "... instead of into their discard pile"
                ctx.emit(E.CardPutInDiscard(player=top.owner or top.player, name=spec.name, rule="spoils.205.2"))
        else:
            ctx.note("spoils.604.1h", f"{spec.name} resolves and enters play under {top.player}'s control")
            C.enter_play(ctx, top.card_id, spec, top.player, top.owner or top.player, how="played", rule="spoils.604.1h",
                         attach_to=top.attach_to, paid=top.paid)
            if top.effect and top.card_id in s.cards:
                FX.apply_effect(ctx, top.effect, top.player, spec.name, top.card_id)
        return
    ctx.note("spoils.606.1g" if top.kind == "ability" else "spoils.faq.faction-ability-timing",
             f"{top.name} resolves as it was when used (502.4)")
    FX.apply_effect(ctx, top.effect, _effects_controller(ctx, top), top.name, top.card_id)


def _effects_controller(ctx: SpoilsContext, top: PendingPlay) -> str:
    """407.1a, 407.2: an ability's effects belong to whoever controls its card as it resolves, so control
    taken in response makes them (and its "you", "your opponent") the new controller's; not when the
    card lets a player use it without controlling it (both players may use it, 101.1)."""
    card = ctx.work.cards.get(top.card_id or "")
    if top.kind != "ability" or card is None or card.controller == top.player:
        return top.player
    act = S.activated(S.script_of(card), top.name) if card.script else None
    if act is not None and any(isinstance(op, OP["can"]) and op.can == "both_may_use" for op in act.cost or []):
        return top.player
    if any(c.controller == top.player and c.script and M.can(S.script_of(c), "use_opponents_abilities")
           for c in ctx.work.cards.values()):
        return top.player
    ctx.note("spoils.407.1a", f"{card.name} is {card.controller}'s now: the effects of {top.name}, used by "
                              f"{top.player}, are {card.controller}'s (\"you\" is {card.controller}, 407.2)")
    return card.controller
