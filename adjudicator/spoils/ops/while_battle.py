""""This turn, while this card is in a battle, all characters in the opposing party lose 2 speed."
(Jumping Screamspider's SCREAM): a lasting effect until the turn ends whose change applies only while
the card is in a battle, to the party opposing it there (``precedence.select`` reads the party of the
card the selector names, ``party_of``; out of a battle there is no such party: nothing changes).  A "while"
that restricts the parties able to block a card is a lasting restriction with its condition
(``party_blocks.lasting_while``).  The other "while" instructions of an effect stay the judge's, as before."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.references import lasts
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops import party_blocks
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP
from events.models import spoils as E

PARTY_OF = {"all_characters_in_opposing_party": "opposing", "characters_in_opposing_party": "opposing",
            "other_members_of_its_party": "your"}
"""The parties a change in battle names, as ``scripts._party`` reads them."""


def battle_party_changes(op: Any) -> list[O.Modify] | None:
    """The changes of "while this card is in a battle, <party> gain/lose ..." (None: another "while")."""
    if not (isinstance(op.while_, Ph.During) and op.while_.during == "in_battle" and op.then):
        return None
    ok = all(isinstance(m, O.Modify) and isinstance(m.modify, O.CardChanges) and m.card in PARTY_OF
             and m.for_each is None and m.condition is None for m in op.then)
    return list(op.then) if ok else None


@handles(OP["while"])
def _while(ctx: SpoilsContext, op: Any, env: Env) -> None:
    if party_blocks.lasting_while(ctx, op, env):
        return
    changes = battle_party_changes(op)
    if changes is None or env.card is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is not enforced by the engine: "
                                               f"the judge resolves it (resolve_trigger or a ruling)")
        return
    until = lasts(op, env)
    for m in changes:
        applies = {"type": "character", "party": PARTY_OF[m.card], "party_of": env.card}
        for stat, by in m.modify.changes():
            if isinstance(by, int):
                ctx.emit(E.EffectStarted(effect={"modify": {"parameter": stat, "by": by}, "applies_to": applies},
                                         source=env.source, controller=env.controller, until=until))
    ctx.note("spoils.504.1", f"{env.source}: {op.words()}")
