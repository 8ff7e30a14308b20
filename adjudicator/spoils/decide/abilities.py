"""Using abilities (606: a card's, one from the discard pile, a faction's) and responding to a play (607):
who may, when, at what cost, and the play that waits for responses."""
from __future__ import annotations

from typing import Any

from adjudicator.core import InvalidAction
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.decide.plays import card_spec, decide_play_card, resource_spec
from adjudicator.spoils.decide.resource_abilities import decide_resource_ability
from adjudicator.spoils.decide.timing import _cost, awaiting, fast_timing
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.ops import costs as TX
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops import zones as SZ
from adjudicator.spoils.ops.statics import acting_as, anyone_may_use, faction_ability_cost
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import parties as _PARTIES
from adjudicator.spoils.rules import settling as T
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext
from adjudicator.spoils.rules.effect_documents import check_effect
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E


@HANDLERS.on(A.UseAbility)
def decide_use_ability(ctx: SpoilsContext, a: A.UseAbility, responding: bool = False) -> None:
    s = ctx.work
    p = a.player
    found = _ability_to_use(ctx, a, responding)
    if found is None:
        return
    card, ability = found
    if TX.scripted_costs_history.used_again(ctx, a.card, ability.name):  # "it cannot be used again this turn"
        return
    effect = a.effect if a.effect is not None else ability.effect
    check_effect(effect)
    act = M.ability_named(S.script_of(card), ability.name) if a.effect is None else None
    if M.from_discard(act):
        ctx.violate("spoils.faq.recur-is-ability", f"{ability.name} is used only while {card.name} is in "
                                                   f"{p}'s discard pile", blocking=True)
        return
    env = _PAYING.env_for(ctx, p, card.name, a.card, a) if act is not None else None
    if env is not None and card.controller != p:  # "... costs must be satisfied as though your opponent is using the ability"
        env.controller = acting_as(ctx, p, card, ability.name)
        _known_to_the_user(ctx, p, act, env)
    cost_value = ability.cost
    if act is not None and env is not None:
        _PAYING.prepare(ctx, list(act.cost), env, depletes_self=ability.deplete)
        SZ.precheck(ctx, list(act.effect), env)  # the cards its effect will play, as the action names them
        if ctx.blocked:
            return
        effect, cost_value = [env.doc(list(act.effect))], env.pay
        if env.controller != p:  # "The ability's effect happens as if your opponent used it."
            effect[0]["script"]["as"] = env.controller
    subject = Subject.card(s, a.card)
    ok, response_to = fast_timing(ctx, p, "spoils.502.3", f"use {card.name}'s {ability.name}", subject, responding)
    if not ok and ctx.blocked:
        return
    missing = _SUBJECTS.missing_threshold(s, p, ability.threshold)
    ctx.check("spoils.405.3", not missing, subject, f"{ability.name} needs threshold {ability.threshold}: "
              f"{p} lacks {missing} (606.1b)", f"{p} meets the threshold of {ability.name}")
    if ability.deplete:
        ctx.require(not card.depleted, "spoils.303.2", f"{card.name} is already depleted: it cannot be depleted to "
                    f"pay for {ability.name} (606.1d)", f"{card.name} depletes to pay for {ability.name}",
                    blocking=True)
        if ctx.blocked:
            return
    tax = _PARTIES.charge(ctx, p, "use_character_ability", "use a character's ability") if card.type == "character" else 0
    cost_value += tax
    spent = _PAYING.spent_by_costs(ctx, env)
    paid = _cost(ctx, p, ability.name, cost_value, f"{p} pays {cost_value} (406.4)", tax + (env.tax if env else 0),
                 len(spent))
    ctx.emit(E.AbilityUsed(player=p, pending_id=f"q{s.next_id}", card_id=a.card, ability=ability.name,
                           cost=cost_value, effect=effect, response_to=response_to))
    C.pay(ctx, p, paid, spent=spent)
    if ability.deplete:
        ctx.emit(E.CardsDepleted(cards=[a.card], rule="spoils.606.1c"))
    if env is not None:
        _PAYING.perform(ctx, env)
    awaiting(ctx, ability.name, "spoils.606.1f")
    T.settle(ctx)


def _known_to_the_user(ctx: SpoilsContext, p: str, act: Any, env: Any) -> None:
    """401.2a: a cost satisfied as though the opponent were paying it is satisfied only with what the
    user knows.  Discarding a card of some kind from the opponent's hand needs that hand shown by an
    effect in force; no card of the game keeps a hand shown, so such a cost cannot be satisfied."""
    if env.controller == p:
        return
    for op in act.cost or []:
        what = getattr(op, "what", None) if isinstance(op, S.OP["discard"]) else None
        kinds = [k for k in ([what.cards] if isinstance(what, Ph.Cards) and isinstance(what.cards, str) else
                             list(what.cards) if isinstance(what, Ph.Cards) else []) if k != "card"]
        if kinds:
            ctx.violate("spoils.401.2a", f"{p} would discard a {' or '.join(kinds)} from {env.controller}'s hand as "
                        f"though {env.controller}, without that hand being shown by any effect: \"{op.words()}\" "
                        f"cannot be satisfied", blocking=True)


def _ability_to_use(ctx: SpoilsContext, a: A.UseAbility, responding: bool) -> tuple[Any, Any] | None:
    """The card in play and its ability the action names (None: used from a discard pile or a
    face-down resource, which decide for themselves, or a blocking violation, 606.1a)."""
    s = ctx.work
    p = a.player
    card = s.cards.get(a.card)
    if card is None and a.card in s.players[p].discard:
        decide_discard_ability(ctx, a, responding)
        return None
    if card is None and a.card in s.players[p].resources:  # a face-down resource's own ability
        decide_resource_ability(ctx, a, responding)
        return None
    if not ctx.require(card is not None and (card.controller == p or anyone_may_use(card, a.ability, s, p)), "spoils.606.1a",
                       f"{p} does not control a card {a.card!r} in play",
                       f"{p} controls {a.card}", blocking=True):
        return None
    blank = P.blanked(s, a.card)  # "as though it has no rules text": no ability to use (scripted_blank_text)
    ability = None if blank else next((x for x in card.abilities if x.name.lower() == a.ability.lower()), None)
    if not ctx.require(ability is not None, "spoils.606.1a", f"{card.name} has no ability {a.ability!r}"
                       + (f" ({blank} treats it as though it has no rules text)" if blank else "")
                       + (f" (it has {', '.join(x.name for x in card.abilities)})" if card.abilities else ""),
                       blocking=True):
        return None
    return card, ability


def decide_discard_ability(ctx: SpoilsContext, a: A.UseAbility, responding: bool) -> None:
    """An ability of a card in the player's discard pile (RECUR, "use this only if this card is
    in your discard pile"): an ability, not a play of the card (spoils.faq.recur-is-ability), at
    the moments abilities are used (502.3), its threshold met (405.3) and its costs paid (606.1d)."""
    s = ctx.work
    p = a.player
    spec = card_spec(ctx, a.card)
    act = M.ability_named(S.script_of(spec), a.ability) if a.effect is None else None
    if not ctx.require(M.from_discard(act), "spoils.606.1a", f"{spec.name} in {p}'s discard pile has no ability "
                       f"{a.ability!r} used from there", f"{p} uses {a.ability} of {spec.name} from the discard "
                       f"pile: an ability, not a play of the card (spoils.faq.recur-is-ability)", blocking=True):
        return
    env = _PAYING.env_for(ctx, p, spec.name, None, a)
    removes = [op for op in act.cost if isinstance(op, S.OP["remove_from_game"]) and op.remove_from_game == "self"]
    _PAYING.prepare(ctx, [op for op in act.cost if op not in removes], env)
    if ctx.blocked:
        return
    ok, response_to = fast_timing(ctx, p, "spoils.502.3", f"use {spec.name}'s {a.ability}", Subject.player(p), responding)
    if not ok and ctx.blocked:
        return
    missing = _SUBJECTS.missing_threshold(s, p, act.threshold or "")
    ctx.check("spoils.405.3", not missing, Subject.player(p), f"{a.ability} needs threshold {act.threshold}: "
              f"{p} lacks {missing} (606.1b)", f"{p} meets the threshold of {a.ability}")
    tax = _PARTIES.charge(ctx, p, "use_character_ability", "use a character's ability") if spec.type == "character" else 0
    paid = _cost(ctx, p, a.ability, env.pay + tax, f"{p} pays {env.pay + tax} (406.4)", env.tax + tax)
    ctx.emit(E.AbilityUsedFromDiscard(player=p, pending_id=f"q{s.next_id}", name=spec.name, ability=a.ability,
                                      cost=env.pay + tax, effect=[env.doc(list(act.effect))], response_to=response_to))
    C.pay(ctx, p, paid)
    if removes:
        ctx.emit(E.RemovedFromGame(player=p, cards=[spec.name], from_zone="discard", source=spec.name,
                                   rule="spoils.401.3"))
    _PAYING.perform(ctx, env)
    awaiting(ctx, a.ability, "spoils.606.1f")
    T.settle(ctx)


@HANDLERS.on(A.FactionAbility)
def decide_faction_ability(ctx: SpoilsContext, a: A.FactionAbility, responding: bool = False) -> None:
    s = ctx.work
    p = a.player
    faction = s.players[p].faction
    ability = next((x for x in faction.abilities if x.name.lower() == a.ability.lower()), None)
    if not ctx.require(ability is not None, "spoils.606.1a",
                       f"{faction.name} has no ability {a.ability!r} (it has "
                       f"{', '.join(x.name for x in faction.abilities)})", blocking=True):
        return
    ok, response_to = fast_timing(ctx, p, "spoils.faq.faction-ability-timing",
                                  f"use the faction ability {ability.name}", Subject.player(p), responding)
    if not ok and ctx.blocked:
        return
    act = S.activated(S.script_of(faction), ability.name) if a.effect is None and not ability.effect else None
    env = _PAYING.env_for(ctx, p, faction.name, None, a) if act is not None else None
    cost_value = ability.cost
    if a.effect is not None:
        effect = a.effect
        check_effect(effect)
    elif act is not None and env is not None:
        _PAYING.prepare(ctx, list(act.cost), env)
        SZ.precheck(ctx, list(act.effect), env)  # the choices its effect will read, as the action names them
        if ctx.blocked:
            return
        effect, cost_value = [env.doc(list(act.effect))], env.pay
    else:
        effect = _faction_effect(ctx, a, ability.effect)
    cost_value = faction_ability_cost(ctx, p, ability.name, cost_value)
    paid = _cost(ctx, p, ability.name, cost_value, f"{p} pays {cost_value} by attaching resources to the faction (309.1)",
                 env.tax if env else 0)
    ctx.emit(E.FactionAbilityUsed(player=p, pending_id=f"q{s.next_id}", ability=ability.name, cost=cost_value,
                                  effect=effect, response_to=response_to))
    C.pay(ctx, p, paid)
    if env is not None:
        _PAYING.perform(ctx, env)
    awaiting(ctx, ability.name, "spoils.606.1f")
    T.settle(ctx)


def _faction_effect(ctx: SpoilsContext, a: A.FactionAbility, printed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The faction ability's printed effect with the player's choices filled in: the cards drawn,
    the resource played (checked now, played when the ability resolves)."""
    effect: list[dict[str, Any]] = []
    for op in printed:
        if "draw" in op:
            effect.append({"draw": {"count": op["draw"], "cards": a.cards}})
        elif "play_resource" in op:
            r = a.resource or A.ResourceChoice()
            spec = None
            if ctx.work.players[a.player].hand > 0:
                spec = resource_spec(ctx, a.player, r.card, r.face_up, r.icons, r.id)
            else:
                ctx.note("spoils.402.5", f"{a.player} has no card in hand: the resource cannot be played when it resolves")
            effect.append({"play_resource": spec or {}})
        else:
            effect.append(op)
    return effect


@HANDLERS.on(A.Respond)
def decide_respond(ctx: SpoilsContext, a: A.Respond) -> None:
    if a.card is not None:
        decide_play_card(ctx, A.PlayCard(type="play_card", player=a.player, card=a.card, id=a.id, effect=a.effect,
                                        extra_cost=a.extra_cost, targets=a.targets, choices=a.choices),
                         responding=True)
    elif a.ability is not None:
        if a.source is None:
            raise InvalidAction("an ability response names its source card",
                                [{"field": "source", "message": "the id of the card whose ability is used"}])
        decide_use_ability(ctx, A.UseAbility(type="use_ability", player=a.player, card=a.source, ability=a.ability,
                                            effect=a.effect, targets=a.targets, choices=a.choices), responding=True)
    elif a.faction_ability is not None:
        decide_faction_ability(ctx, A.FactionAbility(type="faction_ability", player=a.player,
                                                    ability=a.faction_ability, cards=a.cards, resource=a.resource,
                                                    effect=a.effect, targets=a.targets, choices=a.choices), responding=True)
    else:
        raise InvalidAction("a response is a tactic, an ability or a faction ability",
                            [{"field": "card", "message": "give card, ability (+ source) or faction_ability"}])
