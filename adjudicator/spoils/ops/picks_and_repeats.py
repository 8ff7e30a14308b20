"""More of the round-4 new texts (``scripted_location_marks`` asks this module's ``judge``): a card revealed as
it is put back by the mulligan ("If you control at least [D] and choose to put this card on the bottom of
your deck as part of your mulligan at the start of a game, you may reveal it. If you do, draw a card at the
start of your turn.", asked by ``turn.decide_mulligan``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.effects import Node, dump, parse_effects
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.costs import AsThoughPicked, PickInstead
from adjudicator.effects.hands import MulliganReveal
from adjudicator.effects.plays import EffectTwice
from adjudicator.effects.timing import OnlyInResponseToPick
from adjudicator.effects.tokens import TokenCountModes, TokenLine
from adjudicator.spoils.model import actions as AC
from adjudicator.spoils.ops import delayed as _DELAYED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import must_pick as _MUST_PICK  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops.hand_counts import _up_to
from adjudicator.spoils.ops.interpreter import RUN, handles
from adjudicator.spoils.ops.players import _as_theirs
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.rules import triggers as TP
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from events.models import spoils as E
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, (TokenCountModes, TokenLine)):
        return False  # _token_count_modes: the line for the new count; a line of spend_tokens: paid by the tokens removed
    if isinstance(node, (OnlyInResponseToPick, PickInstead, AsThoughPicked)):
        return False  # _answering_a_pick, _pick_instead (costs), _as_though_picked (the play answered, projection)
    if isinstance(node, S.OP["use_ability"]) and node.use_ability == "the card" or isinstance(node, EffectTwice):
        return False  # _use_its_ability (plays.decide_use_ability as the effect resolves), _effect_twice (projection)
    if isinstance(node, MulliganReveal):
        return False  # mulligan_reveals: revealed with the mulligan (choices.reveal), a draw as the turn starts
    return None


def _reveal_text(ctx: SpoilsContext, name: str) -> MulliganReveal | None:
    spec = ctx.lookup(name)
    script = S.script_of(spec) if spec is not None and spec.script else None
    return next((op for op in M.top_statics(script) if isinstance(op, MulliganReveal)), None)


def mulligan_reveals(ctx: SpoilsContext, action: Any) -> None:
    """The cards the mulligan puts back that the player reveals (``choices.reveal``, names): each must be put
    back and say so, and its icons must be there (405.2); a delayed draw waits for the start of the player's
    next turn, their first (``scripted_delayed.delayed_triggers``)."""
    said = action.choices.get("reveal") or []
    put_back = list(action.cards)
    for name in [said] if isinstance(said, str) else said:
        text = _reveal_text(ctx, str(name))
        if text is None or name not in put_back:
            ctx.violate("spoils.601.1f", f"{name}: only a card put on the bottom of the deck by this mulligan whose "
                                         f"text says so may be revealed")
            continue
        put_back.remove(name)
        have = _SUBJECTS.provided_icons(ctx.work, action.player)
        missing = {i: n for i in set(text.mulligan_reveal) if (n := text.mulligan_reveal.count(i)) > have.get(i, 0)}
        if missing:
            ctx.violate("spoils.405.2", f"{name}: {action.player} does not control "
                                        + "".join(f"[{i}]" * n for i, n in missing.items()) + ": it cannot be revealed")
            continue
        ctx.emit(E.CardsRevealed(player=action.player, cards=[str(name)], zone="hand", source=str(name)))
        draw = {"script": {"card": str(name), "ops": [{"draw": text.cards_drawn}]}}
        ctx.emit(E.EffectStarted(effect={"delayed": "start_of_turn", "player": action.player, "card_id": None,
                                         "name": f"{name}: draw a card at the start of your turn", "effect": [draw]},
                                 source=str(name), controller=action.player, until=f"start_of:{action.player}"))
        ctx.note("spoils.601.1f", f"{action.player} reveals {name} as the mulligan puts it back: "
                                  f"{text.cards_drawn} more card(s) as {action.player}'s turn starts")


# --------------------------------------------------------------------------------- "if a player draws ..."

_TRIGGER_MATCHERS.MATCH["player_draws"] = lambda h, cid, card: [] if h.when == "you_draw" else None
""""If a player draws any number of cards": any player's draw (consequences.draw fires "you_draw" for them)."""


@handles(TokenCountModes)
def _token_count_modes(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"That player may add or remove a token from this card. If they do, generate the effect which corresponds to
    the new number of tokens on this card: ...": the player who just drew says ``choices.add_or_remove`` ("add",
    "remove"; none: they do not); the line for the new count runs as theirs ("their deck" is theirs, 409.1)."""
    card = ctx.work.cards.get(env.card or "")
    drawer = next((e.player for e in reversed(ctx.events) if isinstance(e, E.CardsDrawn)), env.controller)
    said = env.choices.get("add_or_remove")
    if card is None or said not in ("add", "remove") or (said == "remove" and card.tokens == 0):
        ctx.note("spoils.engine.may-choice", f"{env.source}: {drawer} does not add or remove a token "
                                             f"(choices.add_or_remove: add or remove)")
        return
    RUN[O.Tokens](ctx, O.Tokens.model_validate({"tokens": 1 if said == "add" else -1, "card": "self"}), env)
    n = ctx.work.cards[env.card].tokens
    mode = next((m for m in op.token_count_modes if (n >= m.tokens if m.at_least else n == m.tokens)), None)
    ctx.note("spoils.409.1", f"{env.source}: {drawer} {'adds' if said == 'add' else 'removes'} a token: {n} on it"
                             + (f", {mode.words()}" if mode else ", no effect for that number"))
    if mode is None:
        return
    ops = parse_effects(_as_theirs(dump(list(mode.effects))), "spoils", field="token_count_modes")
    SC.do_all(ctx, ops, replace(env, controller=drawer, picks=list(env.picks), it=[], rest=[]))


# --------------------------------------------------------------------------------- "put up to 2 Micromajig tokens"



@handles(O.PutIntoPlay)
def _tokens_up_to(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Put up to 2 Micromajig tokens into play under your control.": as many as the player says
    (``choices.up_to``, all of them when not said; 409.3c); a card put into play attached to another
    (``attached_to``): ``must_pick.put_attached``."""
    if op.attached_to is not None:
        _MUST_PICK.put_attached(ctx, op, env)
        return
    what = op.put_into_play
    if not (isinstance(what, Ph.Cards) and what.cards == "micromajig token" and what.quantity == "up_to"
            and isinstance(what.count, int)):
        _DELAYED._back_from_removed(ctx, op, env)
        return
    n = _up_to(ctx, env, what.count, "puts Micromajig tokens into play:")
    if n:
        _DELAYED._back_from_removed(ctx, op.model_copy(update={"put_into_play": what.model_copy(update={"count": n})}), env)


# --------------------------------------------------------------------------------- "as though ... had picked the other"

def _answered(ctx: SpoilsContext, env: Env) -> Any:
    """The opponent's play this one answers: the most recent of theirs waiting for responses."""
    return next((p for p in reversed(ctx.work.pending) if p.player != env.controller and p.kind != "end_turn"), None)


def _picked_character(ctx: SpoilsContext, play: Any) -> str | None:
    """The character in play the play picked paying its costs (its first pick that is one)."""
    for doc in play.effect:
        script = doc.get("script") if isinstance(doc, dict) else None
        for group in (script or {}).get("picks") or []:
            for cid in group:
                card = ctx.work.cards.get(cid)
                if card is not None and card.type == "character":
                    return cid
    return None


def _answering_a_pick(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """"Play this only in response to a card or ability that picked a character as an extra cost." (401.3a)."""
    if not isinstance(op, OnlyInResponseToPick):
        return False
    play = _answered(ctx, env)
    ok = play is not None and _picked_character(ctx, play) is not None
    ctx.require(ok, "spoils.401.3a", f"{env.source}: {op.words()}",
                f"{env.source} answers {play.name if play else ''}, which picked a character", blocking=True)
    return True


def _pick_instead(ctx: SpoilsContext, op: Node, env: Env) -> bool:
    """"Pick another character that can be picked by that card or ability.": the next of the action's targets, a
    character that one of the answered play's picks describes (from its player's side) and may pick."""
    if not isinstance(op, PickInstead):
        return False
    s, play = ctx.work, _answered(ctx, env)
    old = _picked_character(ctx, play) if play is not None else None
    new = str(env.queue.pop(0)) if env.queue else None
    script = S.script_of(play.card) if play is not None and play.card is not None and play.card.script else None
    picks = [n.pick for n in S.walk(script.abilities if script else []) if isinstance(n, A.Pick)]
    theirs = Env(play.player, play.name, play.card_id) if play is not None else env
    fits = new is not None and new != old and new in s.cards and s.cards[new].type == "character" and any(
        S.matches(s, old, p, play.player, play.card_id) and S.matches(s, new, p, play.player, play.card_id)
        for p in picks) and not SEL.unpickable(ctx, new, theirs)
    if ctx.require(fits, "spoils.401.2", f"{env.source}: {new or 'no character'} is not another character "
                                         f"{play.name if play else 'the play'} could pick (give it in targets)",
                   f"{env.source}: {new} instead of {old}", blocking=True):
        env.picks.append([new])
        env.it = [new]
    return True


_PAYING.cost_pick(_answering_a_pick)
_PAYING.cost_pick(_pick_instead)


@handles(AsThoughPicked)
def _as_though_picked(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """The play answered will resolve with the other character in place of the one it picked (101.1)."""
    play = _answered(ctx, env)
    old = _picked_character(ctx, play) if play is not None else None
    new = next((g[0] for g in reversed(env.picks) if g), None)
    if play is None or old is None or new is None:
        ctx.note("spoils.402.5", f"{env.source}: the play it answered is no longer waiting: nothing changes")
        return
    ctx.emit(E.PendingPicksReplaced(pending_id=play.id, old=old, new=new, source=env.source, rule="spoils.101.1"))
    ctx.note("spoils.101.1", f"{env.source}: {play.name} resolves as though {ctx.work.cards[new].name} ({new}) had "
                             f"been picked instead of {ctx.work.cards[old].name} ({old})")


# --------------------------------------------------------------------------------- "use one of the card's abilities"

WITH_ABILITY = "an ability in its rules text"


def _has_ability(ctx: SpoilsContext, cid: str) -> bool:
    card = ctx.work.cards.get(cid)
    return card is not None and bool(card.abilities) and not P.blanked(ctx.work, cid)




def _pick_with_ability(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Pick a card you control with an ability in its rules text.": the card picked must have one (606.1a)."""
    before = len(env.picks)
    _MUST_PICK._must_pick_then_fire(ctx, op, env)
    if isinstance(op.pick, Ph.Cards) and op.pick.with_ == WITH_ABILITY and len(env.picks) > before:
        for cid in env.picks[-1]:
            ctx.require(_has_ability(ctx, cid), "spoils.310.1", f"{env.source}: {cid} has no ability in its rules "
                        f"text", f"{env.source}: {cid} has an ability", blocking=True)


def _use_its_ability(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Use one of the card's abilities.": the ability ``choices.ability`` names, of the card picked, used now by
    the steps of 606.1 (its costs paid, ``choices.ability_targets`` its picks); it waits for responses."""
    cid = next((c for g in reversed(env.picks) for c in g if c in ctx.work.cards), None)
    name = env.choices.get("ability")
    env.did = False
    if cid is None or not isinstance(name, str):
        ctx.note("spoils.402.5", f"{env.source}: no ability is used (choices.ability names one of the card's)")
        return
    before = len(ctx.events)
    use = AC.UseAbility(type="use_ability", player=env.controller, card=cid, ability=name,
                        targets=list(env.choices.get("ability_targets") or []),
                        choices=dict(env.choices.get("ability_choices") or {}))
    HANDLERS.of(use)(ctx, use, responding=any(p.player != env.controller for p in ctx.work.pending))  # plays
    used = next((e for e in ctx.events[before:] if isinstance(e, E.AbilityUsed)), None)
    env.did = used is not None and not ctx.blocked
    env.used_pending = used.pending_id if used is not None else None


@handles(EffectTwice)
def _effect_twice(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"If you do, the effect happens twice instead of once.": the ability just used resolves its effect twice."""
    pid = getattr(env, "used_pending", None)
    if pid is None or not any(p.id == pid for p in ctx.work.pending):
        ctx.note("spoils.402.5", f"{env.source}: no ability waits to resolve twice")
        return
    ctx.emit(E.PendingEffectDoubled(pending_id=pid, source=env.source, rule="spoils.101.1"))
    ctx.note("spoils.101.1", f"{env.source}: the ability's effect will happen twice")
