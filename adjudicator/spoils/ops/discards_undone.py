"""Discards an opponent's effect causes, undone, and a cost's X set by the card picked (round 4, hands):
"If an effect controlled by your opponent causes you to discard any number of cards, you may put them
back into your hand.", "COST: Pick a character. If it is an "adriel" card then X is 0, otherwise X is 3.
Pay X."

The discards are those a resolving scripted effect makes (``scripted._discard``; a cost's are the
player's own doing): as they happen, each card in play of the discarding player's whose trigger says so
(not blanked) runs it with the cards discarded as "them"; whether its controller takes the "you may" is
the action's ``choices.put_back`` (yes by default, spoils.engine.may-choice).  Registered by
``scripted_hands``.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.ops import paying as _PAYING

def judge(node: Any) -> bool | None:
    if _discards(node) is not None or isinstance(node, OP["x_if_it_is"]):
        return False  # the cards an effect discarded, as the discard happens; X by the card picked (a cost)
    return None


DISCARD_EVENT = "discards"
"""The event of the triggers this module fires as an effect makes a player discard (305.1, 503.1): "if an effect
controlled by your opponent causes you to discard any number of cards" (``Happens.by``: whose effect)."""
CHOICE = "put_back"


def _discards(ability: Any) -> Any:
    """The composition of a trigger of a player discarding by an effect (``DISCARD_EVENT``), else None."""
    happens = ability.happens if isinstance(ability, A.Trigger) else None
    return happens if happens is not None and happens.event == DISCARD_EVENT else None


def _player_is(said: str | None, player: str, controller: str) -> bool:
    """Whether ``player`` is the one a composition names ("you", "opponent", "a_player") for ``controller``."""
    return said == "a_player" or (player == controller) == (said == "you")


def _puts_them_back(trigger: A.Trigger) -> bool:
    """"(You may) put them back into your hand.": the cards discarded back, whoever knows them."""
    nodes = list(S.walk(list(trigger.effect)))
    puts = [n for n in nodes if isinstance(n, OP["put"])]
    return bool(puts) and all(op.put == "them" and op.to == "hand" for op in puts) and all(
        isinstance(n, (OP["put"], OP["may"], OP["as_printed"])) for n in nodes)



@handles(O.Discard)
def _discard_undone(ctx: SpoilsContext, op: O.Discard, env: Env) -> None:
    start = len(ctx.events)
    _SCRIPTED._discard(ctx, op, env)
    if not env.resolving:
        return
    # The effect's controller: that of the card whose effect it is ("both players discard a card" runs each
    # part as its player's), else the player running it.
    owner = ctx.work.cards[env.card].controller if env.card in ctx.work.cards else env.controller
    for e in [e for e in ctx.events[start:] if isinstance(e, E.CardsDiscarded)]:
        _put_back(ctx, e, env, owner)


def _put_back(ctx: SpoilsContext, e: E.CardsDiscarded, cause: Env, owner: str) -> None:
    """The triggers of cards in play of a player discarding by an effect whose controller they name ("... you may put
    them back into your hand", 503.1), as the discard happens, the cards discarded "them"."""
    s = ctx.work
    for cid, card in list(s.cards.items()):
        if not card.script or P.blanked(s, cid):
            continue
        script = S.script_of(card)
        for trigger in [a for a in (script.abilities if script else []) if _discards(a) is not None and
                        _player_is(a.happens.subject, e.player, card.controller) and
                        _player_is(a.happens.by, owner, card.controller)]:
            said = bool(ctx.choices.get(CHOICE, True))
            ctx.note("spoils.503.1", f"{card.name}: {e.player} discarded {e.count} card(s) by {cause.source}, an "
                                     f"effect {owner} controls")
            env = Env(card.controller, card.name, cid, resolving=True, choices={**ctx.choices, "may": said})
            SCC.hold(env, list(e.cards), e.player, "discard")
            env.looked_n = e.count
            if not e.cards and said and _puts_them_back(trigger):  # unnamed: back by number (engine.hidden-choice)
                ctx.emit(E.CardsMoved(player=e.player, count=e.count, cards=[], from_zone="discard", to="hand",
                                      source=card.name, rule=_ZONE_READS.HIDDEN))
                continue
            SC.do_all(ctx, list(trigger.effect), env)


# --------------------------------------------------------------------------------- "If it is ... then X is 0, otherwise X is 3"

def _x_if_it_is(ctx: SpoilsContext, op: Any, env: Env) -> bool:
    """A cost's "If it is an "adriel" card then X is 0, otherwise X is 3." about the card just picked:
    X is fixed as the play is announced (401.3, 406.3), before "Pay X" reads it."""
    if not isinstance(op, OP["x_if_it_is"]):
        return False
    picked = [c for c in (env.it or (env.picks[-1] if env.picks else [])) if c in ctx.work.cards]
    if not picked:
        ctx.violate("spoils.401.2", f"{env.source}: {op.words()} needs the card picked before it", blocking=True)
        return True
    fits = S.matches(ctx.work, picked[0], op.x_if_it_is.model_copy(update={"quantity": "a"}), env.controller, env.card)
    env.x = op.then if fits else op.otherwise_
    ctx.note("spoils.406.3", f"{env.source}: {ctx.work.cards[picked[0]].name} is {'' if fits else 'not '}"
                             f"{op.x_if_it_is.words()}: X is {env.x}")
    return True


_PAYING.cost_pick(_x_if_it_is)


__all__ = ["DISCARD_EVENT"]
