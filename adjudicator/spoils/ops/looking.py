""""Look at up to the top 5 cards of either deck. Put them back in any order." checked as the card is
played or its ability used: the cards the action names as looked at (``choices.looked``) are no more
than the text lets the player look at (the deck ``choices.deck`` says, its size, X+X as X was chosen),
and the order they go back in (``choices.order``, top first) is those cards.  A wrong choice refuses
that action (401.2: the player's choice), not the opponent's pass that lets the effect resolve."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import cards_out_of_play as SCC
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.rules import zone_reads as _ZONE_READS
from adjudicator.spoils.ops import hidden_cards as _HIDDEN_CARDS


def precheck_looked(ctx: SpoilsContext, ops: list[Any], env: Env) -> None:
    looks = [n for n in S.walk(ops) if isinstance(n, OP["look_at"]) and isinstance(n.look_at, Ph.Cards)
             and n.look_at.zone == "deck"]
    if not looks or "looked" not in env.choices:
        return
    player, limit = _HIDDEN_CARDS.look_limit(ctx, looks[0].look_at, env)
    said = SCC.names(env.choices.get("looked"))
    ctx.require(len(said) <= limit, _ZONE_READS.HIDDEN, f"{env.source}: up to {limit} card(s) of {player}'s deck may be "
                f"looked at ({len(said)} named in choices.looked)", "", blocking=True)
    order = SCC.names(env.choices.get("order"))
    if order and any(isinstance(n, OP["put_back"]) for n in S.walk(ops)):
        ctx.require(sorted(order) == sorted(said), _ZONE_READS.HIDDEN, f"{env.source}: the order given (choices.order) "
                    f"is not the cards looked at ({', '.join(said) or 'none named'})", "", blocking=True)
