""""Cannot" read where the act happens (402.7: "cannot" beats "can"): a draw, a change of control, a
restore, a destruction or damage forbidden by a card in play or a lasting effect, and what a card kept
at 0 or a discard pile that takes no arrivals says."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.blank_text import blanked
from adjudicator.spoils.text.continuous import RESTORE_RULE, RESTORED
from adjudicator.spoils.text.happens_read import arrives_in_discard
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E


def restorable(ctx: SpoilsContext, cards: list[str], by_rule: bool) -> list[str]:
    """Of ``cards``, those that may be restored now: by the Restore Rule (``by_rule``: neither rule
    forbidden) or by an effect (303.3 not forbidden); each one kept depleted is traced."""
    s = ctx.work
    out = []
    for cid in cards:
        subject = Subject.card(s, cid)
        for rule in (RESTORE_RULE, RESTORED) if by_rule else (RESTORED,):
            verdict = P.verdict(s, rule, allowed_by_rules=True, subject=subject)
            if not verdict.allowed:
                ctx.because.extend(verdict.trace)
                ctx.note(rule, f"{s.cards[cid].name} cannot be restored"
                               f"{' by its faction’s Restore Rule' if rule == RESTORE_RULE else ''}: it stays depleted",
                         "forbidden", verdict.overridden_by)
                break
        else:
            out.append(cid)
    return out


def draw_forbidden(ctx: SpoilsContext, player: str) -> str | None:
    """The card that says ``player`` "cannot draw cards" now (None: none does)."""
    s = ctx.work
    for cid, card in s.cards.items():
        if card.controller != player or not card.script:
            continue
        for op in M.top_statics(S.script_of(card)):
            ops = list(op.then) if isinstance(op, OP["while"]) and _CONTINUOUS.holds(s, op.while_, cid, player) else [op]
            if any(isinstance(o, OP["cannot"]) and o.cannot == ["draw"] and o.who == "you" for o in ops):
                return card.name
    return None


def control_kept(ctx: SpoilsContext, card_id: str) -> bool:
    """"Your opponent cannot take control of this card." (402.7): the control change does not happen."""
    card = ctx.work.cards[card_id]
    if not card.script or not any(isinstance(op, OP["cannot"]) and op.cannot == ["take_control_of_self"]
                                  and op.who == "opponent" for op in M.top_statics(S.script_of(card))):
        return False
    ctx.note("spoils.402.7", f"{card.name}: {card.controller}'s opponent cannot take control of it", "forbidden")
    return True


def removed_on_arrival(ability: Any) -> bool:
    """"If this card is put into your (a) discard pile from anywhere, remove it from the game." (503.1): the
    trigger ``discard_arrivals`` carries out (no other effect of it)."""
    if not isinstance(ability, A.Trigger) or not arrives_in_discard(ability):
        return False
    effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
    return all(isinstance(op, O.RemoveFromGame) and op.remove_from_game in ("it", "self") for op in effect)


def discard_arrivals(ctx: SpoilsContext) -> bool:
    """"If this card is put into your discard pile from anywhere, remove it from the game." (503.1): each
    such card more in a discard pile than before the decision is removed; whether any was."""
    removed = False
    for player, mine in ctx.work.players.items():
        pile = mine.discard
        before = ctx.state.players[player].discard if player in ctx.state.players else []
        for name in dict.fromkeys(pile):
            extra = pile.count(name) - before.count(name)
            spec = ctx.lookup(name) if extra > 0 else None
            script = S.script_of(spec) if spec is not None and spec.script else None
            if script is None or not any(removed_on_arrival(a) for a in script.abilities):
                continue
            ctx.note("spoils.503.1", f"{name} was put into {player}'s discard pile: it is removed from the game")
            ctx.emit(E.RemovedFromGame(player=player, cards=[name] * extra, from_zone="discard", source=name,
                                       rule="spoils.503.1"))
            removed = True
    return removed


ONLY_COSTS = "only_costs_destroy"
"""The key of the lasting "this turn, cards can only be destroyed by costs, and all inflicted damage is
reduced to 0" (``EffectStarted``, until the end of the turn)."""


def _only_costs(ctx: SpoilsContext) -> str | None:
    return next((x.source for x in ctx.work.effects if x.effect.get(ONLY_COSTS)), None)


DESTROYER = "destroying_card"
"""The context key naming the card whose effect is destroying cards now (``_destroy_by``)."""


def _known(ctx: SpoilsContext, cid: str | None) -> Any:
    """A card in play, or as it last was (it left play since: spoils.engine.last-known)."""
    return None if not cid else ctx.work.cards.get(cid) or ctx.state.cards.get(cid) or _ZONE_READS.last_seen(ctx, cid)


def _spared_from(ctx: SpoilsContext, card_id: str) -> str | None:
    """"This card cannot be destroyed by the effects of "node" cards": the node card destroying it."""
    by, card = _known(ctx, ctx.__dict__.get(DESTROYER)), ctx.work.cards[card_id]
    if by is None or "node" not in [t.lower() for t in by.subtypes] or not card.script or blanked(ctx.work, card_id):
        return None
    return by.name if M.can(S.script_of(card), "not_destroyed_by_node") else None


def destruction_forbidden(ctx: SpoilsContext, card_id: str) -> bool:
    """A destruction that is not a cost paid (``ctx.cost_cards``) while "cards can only be destroyed by
    costs" lasts, or by the effect of a card the destroyed card says cannot destroy it: ignored (402.7a),
    the card stays in play."""
    node = _spared_from(ctx, card_id) if card_id in ctx.work.cards else None
    if node is not None:
        ctx.note("spoils.402.7a", f"{ctx.work.cards[card_id].name} cannot be destroyed by the effects of \"node\" "
                                  f"cards ({node}): the destruction is ignored")
        ctx.spared.add(card_id)
        return True
    source = _only_costs(ctx)
    if source is None or card_id in ctx.cost_cards or card_id not in ctx.work.cards:
        return False
    ctx.note("spoils.402.7a", f"{ctx.work.cards[card_id].name} cannot be destroyed this turn but by a cost "
                              f"({source}): the destruction is ignored")
    ctx.spared.add(card_id)
    return True


def kept_at_zero(ctx: SpoilsContext, player: str) -> bool:
    """"You do not lose the game because your faction has 0 influence.": a card in play the player
    controls says so (its text beats 102.1, 101.1); noted with the card."""
    s = ctx.work
    keeper = next((c.name for cid, c in s.cards.items() if c.controller == player and c.script and not blanked(s, cid)
                   and M.can(S.script_of(c), "no_loss_at_zero_influence")), None)
    if keeper is not None:
        ctx.note("spoils.101.1", f"{player}'s faction has 0 influence, but {keeper} says {player} does not lose the "
                                 f"game because of it (102.1 set aside)")
    return keeper is not None


COVER = "cover_cannot_damage"


def _shielded_from(ctx: SpoilsContext, source: str, target: str) -> str | None:
    """The card ``target`` is when it says characters with Covert cannot inflict damage to it and
    ``source`` is such a character (as last known)."""
    s = ctx.work
    card, by = s.cards.get(target), _known(ctx, source)
    if card is None or by is None or by.type != "character" or not card.script or blanked(s, target) \
            or not M.can(S.script_of(card), COVER):
        return None
    covert = "covert" in (_CONTINUOUS.keywords(s, source)[0] if source in s.cards else {k.lower() for k in by.keywords})
    return card.name if covert else None


def damage_allowed(ctx: SpoilsContext, source: str, target: str) -> bool:
    name = _shielded_from(ctx, source, target)
    if name is not None:
        ctx.note("spoils.402.7", f"{name}: characters with Covert cannot inflict damage to it: "
                                 f"{_known_name(ctx, source)}'s damage is not inflicted")
    return name is None


def _known_name(ctx: SpoilsContext, cid: str) -> str:

    card = _known(ctx, cid)
    return card.name if card is not None else cid


DESTROYING_PLAYER = "destroying_player"
"""... and the player whose effect it is (a tactic's too)."""
