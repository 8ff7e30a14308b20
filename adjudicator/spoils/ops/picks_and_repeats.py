"""More of the round-4 new texts (``scripted_location_marks`` asks this module's ``judge``): a card's own triggers
on its player's mulligan putting it back (601.1f, asked by ``turn.decide_mulligan``), effects chosen by the number
of tokens on a card (409.1), picks answered and abilities used again."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import CardScript, Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.costs import AsThoughPicked, PickInstead
from adjudicator.effects.plays import EffectTwice
from adjudicator.effects.timing import OnlyInResponseToPick
from adjudicator.effects.tokens import ByTokenCount, TokenLine
from adjudicator.spoils.model import actions as AC
from adjudicator.spoils.ops import delayed as _DELAYED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import must_pick as _MUST_PICK  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops.hand_counts import _up_to
from adjudicator.spoils.ops import flow as _FLOW
from adjudicator.spoils.ops.interpreter import handles, targets
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.rules import triggers as TP
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from events.models import spoils as E
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, (ByTokenCount, TokenLine)):
        return False  # _by_token_count: the line for the count; a line of spend_tokens: paid by the tokens removed
    if isinstance(node, (OnlyInResponseToPick, PickInstead, AsThoughPicked)):
        return False  # _answering_a_pick, _pick_instead (costs), _as_though_picked (the play answered, projection)
    if isinstance(node, S.OP["use_ability"]) and node.use_ability == "the card" or isinstance(node, EffectTwice):
        return False  # _use_its_ability (plays.decide_use_ability as the effect resolves), _effect_twice (projection)
    return None


# --------------------------------------------------------------------------------- "as part of your mulligan"

MULLIGAN = "puts_back_by_mulligan"
"""The event of a card's own trigger read as its player's mulligan puts it back (601.1f)."""


def mulligan_triggers(script: CardScript | None) -> list[A.Trigger]:
    """A card's triggers on its player putting it on the bottom of their deck with their mulligan ("If you ...
    choose to put this card on the bottom of your deck as part of your mulligan at the start of a game, ...")."""
    return mulligan_triggers_of(script.abilities if script else [])


def mulligan_triggers_of(abilities: list[Any]) -> list[A.Trigger]:
    return [a for a in abilities if isinstance(a, A.Trigger) and a.happens is not None
            and a.happens.event == MULLIGAN and a.happens.subject == "you"]


def condition_unread(trigger: A.Trigger) -> list[str]:
    """A trigger's condition the engine does not check: any but a mulligan's (``put_back_by_mulligan``; a
    trigger fired in play reads none)."""
    if trigger.condition is None or mulligan_triggers_of([trigger]):
        return []
    return [f"if {trigger.condition.words()} (a condition of the trigger)"]


def put_back_card(ability: Node, node: Node) -> bool:
    """"Reveal it." in a mulligan trigger: the card put back, revealed as it goes (``put_back_by_mulligan``)."""
    return isinstance(node, S.OP["reveal"]) and node.reveal == "it" and isinstance(ability, A.Trigger) \
        and bool(mulligan_triggers_of([ability]))


CONDITION_RULES = {"control_icons": "spoils.405.2"}
"""The rule a trigger's condition reads, by its head, cited when a choice needs it and it does not hold (503.1
otherwise)."""


def put_back_by_mulligan(ctx: SpoilsContext, action: Any) -> None:
    """The triggers of the cards this mulligan puts on the bottom of the deck (601.1f) that wait for it, each as the
    card goes, run as its player's: its condition checked (``CONDITION_RULES``), "it" the card put back.  The
    player's "you may" for a card is whether ``choices.reveal`` names it (the card shown as it goes: "you may reveal
    it"); a card named there must be put back by this mulligan, have such a trigger and meet its condition, or the
    mulligan is refused as it is made (601.1f, 405.2)."""
    said = action.choices.get("reveal") or []
    left = [str(n) for n in ([said] if isinstance(said, str) else said)]
    for name in [str(n) for n in action.cards]:
        spec = ctx.lookup(name)
        triggers = mulligan_triggers(S.script_of(spec) if spec is not None and spec.script else None)
        named = bool(triggers) and name in left
        if named:
            left.remove(name)
        for trigger in triggers:
            env = Env(action.player, name, None, choices={**action.choices, "may": named}, resolving=True)
            env.found, env.searched, env.zone, env.it = [name], action.player, "hand", [name]
            env.found_by = "spoils.601.1f"  # revealed as the mulligan puts it back, not found by a search (312.1)
            if trigger.condition is not None and not _condition_holds(ctx, trigger, env, named):
                continue
            effect = list(trigger.effect) if isinstance(trigger.effect, list) else [trigger.effect]
            ctx.note("spoils.503.1", f"{name}: {trigger.words()}")
            SC.do_all(ctx, effect, env)
    for name in left:
        ctx.violate("spoils.601.1f", f"{name}: only a card put on the bottom of the deck by this mulligan whose text "
                                     f"says so may be revealed")


def _condition_holds(ctx: SpoilsContext, trigger: A.Trigger, env: Env, named: bool) -> bool:
    cond = trigger.condition
    verdict = _FLOW.condition(ctx, cond, env)
    if verdict is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: whether {cond.words()} is the judge's call")
        return False
    if not verdict and named:
        ctx.violate(CONDITION_RULES.get(cond.HEAD, "spoils.503.1"),
                    f"{env.source}: {env.controller} does not meet \"{cond.words()}\": it cannot be revealed")
    return verdict


# --------------------------------------------------------------------------------- "if a player draws ..."

_TRIGGER_MATCHERS.MATCH["player_draws"] = lambda h, cid, card: [] if h.when == "you_draw" else None
""""If a player draws any number of cards": any player's draw (consequences.draw fires "you_draw" for them)."""


@handles(ByTokenCount)
def _by_token_count(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Generate the effect which corresponds to the (new) number of tokens on this card: 0 TOKENS: ...": the line
    matching the count on the card now (409.1), none when no line says it; its effects run as the rest of the
    effect ("that player" is still the player the trigger's event happened to)."""
    cards = [c for c in targets(ctx, op.by_tokens_on, env) if c in ctx.work.cards]
    if len(cards) != 1:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\": no one card in play to count the "
                                               f"tokens of")
        return
    n = ctx.work.cards[cards[0]].tokens
    line = next((one for one in op.lines if (n >= one.tokens if one.at_least else n == one.tokens)), None)
    ctx.note("spoils.409.1", f"{env.source}: {n} token(s) on {ctx.work.cards[cards[0]].name}"
                             + (f": {line.words()}" if line else ": no effect for that number"))
    if line is not None:
        SC.do_all(ctx, list(line.effects), env)


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
