"""Battle rules cards set, continued (round 4, battle; ``scripted_battle_rules`` asks its ``judge`` and
imports it so that its handlers are registered into ``scripted.RUN``):

- "If it is destroyed by that damage, ..." (Chain Reaction): the card "it" names was destroyed for its
  damage (408.4) by this effect, before the condition is read;
- "Play this only while you are attacking and your opponent is blocking." (401.3a, Bask Bomb; its damage
  "divided however your opponent wants" is ``Damage.divided_by``, read by ``rules.selection.divided``);
- "Change the target of your opponent's attack to the location." (Architectural Restitution: the location
  the effect put into play, under the defending player's control; ``AttackRetargeted``, 608.1a);
- "Pick 3 characters. Deplete one of the characters. Inflict 1 damage to another one of the characters.
  The remaining character gains 2 strength this turn." (Manful Skirmish): each "one of the characters"
  is one of those picked the player chooses as it resolves (``choices.targets``; in the order of the
  picks otherwise), never one already chosen, and "the remaining character" the one left;
- "Attack your opponent. Draw a card. (... You must resolve the battle before you draw the card.)"
  (Counter Attack): the attack the play's ``choices.attackers`` declare as it resolves (``attacks.declare``,
  608.1), in the opponent's turn too (the card over 603.2c); the plays it responded to wait for the
  battle's end (``Battle.below``), and so does the rest of its effect.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import battle_rules as _BATTLE_RULES  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import flow as _FLOW
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops.interpreter import do_all, handles, targets
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import effect_documents as FX
from adjudicator.spoils.rules.context import ON_EMIT, SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.parties import declare
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text.position_states import ONLY
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E

OWN_STATES = ("it_destroyed_by_that_damage",)
"""Conditions read off what this effect did: "if it is destroyed by that damage"."""
OWN_OPS = ("change_attack_target", "among_picked", "attack_player")
ONLY["attacking_opponent_blocking"] = lambda s, cid, me, n: (  # "while you are attacking and your opponent is blocking"
    s.battle is not None and s.battle.attacker == me and bool(s.battle.blockers))


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, Ph.During) and node.during in OWN_STATES:
        return False
    if node.HEAD in OWN_OPS:
        return False
    if node.HEAD == "only" and getattr(node, "only", None) == "attacking_opponent_blocking":
        return False
    return None


# --------------------------------------------------------------------------------- "destroyed by that damage"



@handles(OP["if"])
def _if_destroyed(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Inflict 3 damage to the location. If it is destroyed by that damage, ...": the card "it" names
    (the last picked) left play destroyed by lethal damage (408.4) during this effect."""
    if not (isinstance(op.if_, Ph.During) and op.if_.during in OWN_STATES):
        _FLOW._if(ctx, op, env)
        return
    it = [c for c in env.it if isinstance(c, str)]
    verdict = bool(it) and all([_destroyed_by_damage(ctx, c) for c in it])
    env.last_if = verdict
    ctx.note("spoils.504.1", f"{env.source}: {op.if_.words()} ({', '.join(it) or 'nothing'}): "
                             f"{'yes' if verdict else 'no'}")
    if verdict:
        do_all(ctx, list(op.then), env)


def _destroyed_by_damage(ctx: SpoilsContext, cid: str) -> bool:
    """The card this effect damaged has lethal damage (408.4: life; 408.5: structure): it is destroyed
    now, before the text goes on (True when it was; a replacement may keep it in play, 506.1)."""
    card = ctx.work.cards.get(cid)
    damaged = any(isinstance(e, E.DamageDealt) and e.target == cid and not e.battle for e in ctx.events)
    if card is None or not damaged:
        return damaged and any(isinstance(e, E.CardDestroyed) and e.card_id == cid for e in ctx.events)
    stat, rule = ("structure", "spoils.408.5") if card.type == "location" else ("life", "spoils.408.4")
    limit = _CONTINUOUS.stat(ctx.work, cid, stat)[0]
    if limit is None or card.damage < limit:
        return False
    ctx.note(rule, f"{card.name} has {card.damage} damage and {limit} {stat}: destroyed by that damage")
    return bool(C.destroy(ctx, cid, f"{card.damage} damage >= {limit} {stat}", rule)) and cid not in ctx.work.cards


# --------------------------------------------------------------------------------- the attack's target

@handles(OP["change_attack_target"])
def _change_attack_target(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Change the target of your opponent's attack to the location." (a location the defending player
    controls, 608.1a: not one the attacker controls)."""
    b = ctx.work.battle
    if b is None or b.defender != env.controller:
        ctx.note("spoils.608.1a", f"{env.source}: {env.controller} is not being attacked: no target changes")
        return
    entered = [e.card_id for e in ctx.events if isinstance(e, E.CardEnteredPlay)]
    named = [c for c in targets(ctx, op.change_attack_target, env) + entered[::-1] if c in ctx.work.cards]
    found = next((c for c in named if ctx.work.cards[c].type == "location" and ctx.work.cards[c].controller == b.defender),
                 None)
    if found is None:
        ctx.note("spoils.608.1a", f"{env.source}: no location of {b.defender}'s to be the target: it stays")
        return
    ctx.emit(E.AttackRetargeted(target={"kind": "location", "card": found, "player": b.defender}, source=env.source,
                                rule="spoils.608.1a"))
    ctx.note("spoils.101.1", f"{env.source}: the attack's target is now the location {ctx.work.cards[found].name}")


# --------------------------------------------------------------------------------- "one of the characters"

def _among_ref(ref: Any) -> str | None:
    if isinstance(ref, Ph.Cards) and ref.plural and ref.quantity in ("one", "another_one"):
        return "one"
    if isinstance(ref, Ph.Cards) and ref.quantity == "the" and "remaining" in ref.adjectives:
        return "remaining"
    return None


def _among(ctx: SpoilsContext, op: Any, env: Env) -> Any:
    """``op`` with its "one (another one) of the characters" and "the remaining character" naming the
    cards picked (the largest group the play picked), each chosen once."""
    group = max(env.picks, key=len, default=[])
    taken: list[str] = env.__dict__.setdefault("among_taken", [])
    update: dict[str, Any] = {}
    for name in type(op).model_fields:
        how = _among_ref(getattr(op, name))
        if how == "remaining":
            update[name] = [c for c in group if c not in taken]
        elif how == "one":
            left = [c for c in group if c not in taken]
            said = [str(x) for x in as_list(env.queue.pop(0))] if env.queue else left[:1]
            if not ctx.require(len(said) == 1 and said[0] in left, "spoils.310.1", f"{env.source}: choose one of the "
                               f"characters picked and not chosen yet ({', '.join(left) or 'none'}; {said} given)",
                               f"{env.source}: {op.words()}: {', '.join(said)}", blocking=True):
                update[name] = []
                continue
            taken.append(said[0])
            update[name] = said
    return op.model_copy(update=update) if update else op


def deplete_naming_among(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A deplete naming "one of the characters picked": the card chosen among them, then as usual."""
    _SCRIPTED._deplete(ctx, _among(ctx, op, env), env)


def damage_naming_among(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """Damage naming "one of the characters picked": the card chosen among them, then as usual."""
    _BATTLE_RULES._damage_each_picked(ctx, _among(ctx, op, env), env)


def modify_naming_among(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A change naming "one of the characters picked": the card chosen among them, then as usual."""
    _SCRIPTED._modify(ctx, _among(ctx, op, env), env)


@handles(OP["among_picked"])
def _among_picked(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"... to another one of the characters": what it says, on one of the characters picked."""
    do_all(ctx, list(op.among_picked), env)


# --------------------------------------------------------------------------------- "Attack your opponent."

AFTER_BATTLE = "after_battle"
"""The key of a lasting effect holding what an effect does once the battle it started is over."""


@handles(OP["attack_player"])
def _attack_player(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Attack your opponent." (the characters ``choices.attackers`` names, on the opponent's faction or
    ``choices.target``); the rest of the effect resolves after the battle."""
    attackers = [str(c) for c in as_list(env.choices.get("attackers"))]
    if not ctx.require(bool(attackers) and ctx.work.battle is None, "spoils.608.1b", f"{env.source}: name the "
                       f"attacking characters (choices.attackers) for \"{op.words()}\"",
                       f"{env.source}: {env.controller} attacks with {', '.join(attackers)}", blocking=True):
        return
    if not declare(ctx, env.controller, attackers, env.choices.get("target")):
        return
    if env.rest:
        ctx.emit(E.EffectStarted(effect={AFTER_BATTLE: env.doc(env.rest)}, source=env.source,
                                 controller=env.controller, until="battle"))
        ctx.note("spoils.101.1", f"{env.source}: the rest of its effect resolves once the battle is over")
        env.halted = True


def _after_battle(ctx: SpoilsContext, event: Any) -> Any:
    """As a battle ends: what an effect left for then runs once it has ended (the lasting effect ends
    with the battle)."""
    waiting = [(x.effect[AFTER_BATTLE], x.controller, x.source) for x in ctx.work.effects if AFTER_BATTLE in x.effect]
    before = _BATTLE_ENDED(ctx, event) if _BATTLE_ENDED is not None else None
    if not waiting:
        return before

    def then() -> None:
        if before is not None:
            before()
        for doc, controller, source in waiting:
            FX.apply_effect(ctx, [doc], controller, source, None)
    return then


_BATTLE_ENDED = ON_EMIT.get(E.BattleEnded)
ON_EMIT[E.BattleEnded] = _after_battle


__all__ = ["judge"]
