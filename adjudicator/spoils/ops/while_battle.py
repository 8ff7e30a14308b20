""""This turn, while this card is in a battle, all characters in the opposing party lose 2 speed."
(Jumping Screamspider's SCREAM): a lasting effect until the turn ends whose change applies only while
the card is in a battle, to the party opposing it there (``precedence.select`` reads the party of the
card the selector names, ``party_of``; out of a battle there is no such party: nothing changes).  A "while"
that restricts the parties able to block a card is a lasting restriction with its condition
(``party_blocks.lasting_while``).  The other "while" instructions of an effect stay the judge's, as before, and
the coverage report shows them not covered (``runs_exactly``, asked by ``enforcement.unenforced``)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.references import UNTIL, lasts
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops import party_blocks
from adjudicator.spoils.ops.interpreter import handles
from adjudicator.spoils.text.scripts import OP, walk
from events.models import spoils as E

PARTY_OF = {"all_characters_in_opposing_party": "opposing", "characters_in_opposing_party": "opposing",
            "other_members_of_its_party": "your"}
"""The parties a change in battle names, as ``scripts._party`` reads them."""


def battle_party_changes(op: Any) -> list[O.Modify] | None:
    """The changes of "while this card is in a battle, <party> gain/lose <numbers> ..." (None: another "while",
    or changes this reader would not make in full: X, a keyword, "and cannot ...", a duration of their own)."""
    if not (isinstance(op.while_, Ph.During) and op.while_.during == "in_battle" and op.then):
        return None
    ok = all(isinstance(m, O.Modify) and isinstance(m.modify, O.CardChanges) and m.card in PARTY_OF
             and m.modify.card is None and m.for_each is None and m.condition is None and m.keyword is None
             and not m.and_cannot and m.until is None and m.modify.changes()
             and all(isinstance(by, int) for _, by in m.modify.changes()) for m in op.then)
    return list(op.then) if ok else None


def runs_exactly(op: Any, until: str | None) -> bool:
    """Whether ``_while`` does what the "while" of an effect (a play's, an ability's, a trigger's: not a static
    ability's) says, ``until`` the duration it lasts for (its own, or the one its sentence says once for every
    part, ``flow._and``): the party changes of a card in a battle, or the restriction on the parties able to block
    it, for a duration the engine ends (602.1b).  Any other is the judge's, and the coverage judge says so."""
    lasting = until == "next_turn" or until in UNTIL
    return lasting and (battle_party_changes(op) is not None or party_blocks.lasting_form(op))


@handles(OP["while"])
def _while(ctx: SpoilsContext, op: Any, env: Env) -> None:
    if party_blocks.lasting_while(ctx, op, env):
        return
    changes = battle_party_changes(op)
    if changes is None or env.card is None or lasts(op, env) is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is not enforced by the engine: "
                                               f"the judge resolves it (resolve_trigger or a ruling)")
        return
    until = lasts(op, env)
    for m in changes:
        applies = {"type": "character", "party": PARTY_OF[m.card], "party_of": env.card}
        for stat, by in m.modify.changes():
            ctx.emit(E.EffectStarted(effect={"modify": {"parameter": stat, "by": by}, "applies_to": applies},
                                     source=env.source, controller=env.controller, until=until))
    ctx.note("spoils.504.1", f"{env.source}: {op.words()}")


def not_run(script: Any, held: set[int]) -> set[int]:
    """The ids of the "while"s of the effects of ``script`` (not those its static abilities hold, ``held``) that
    ``_while`` does not run as they say (``runs_exactly``, with the duration their sentence says once, if any)."""
    said_once = {id(part): node.until for node in walk(script.abilities) if isinstance(node, OP["and"]) and node.until
                 for part in node.and_ if getattr(part, "until", None) is None}  # "This turn, A and while C, B"
    return {id(node) for node in walk(script.abilities) if isinstance(node, OP["while"]) and id(node) not in held
            and not runs_exactly(node, node.until or said_once.get(id(node)))}
