"""Battle rules cards set: who must attack or block, who can block, party size and Covert, where battle damage goes, attacks redirected (round 4, battle).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``.

What the cards in play say of a battle, read where the engine decides (101.1, the card over the rules):

- "While this card is a member of an attacking party, the party is Covert." (``covert_party``, 507.3a);
- "Players can attack only once each turn." (``attack_limits``, 603.2c);
- "While this card is the only member of an attacking party, only characters with at least X speed can
  block it, where X is this card's speed." (``block_limits``, 608.1d);
- "All battle damage that could be assigned to this card must be assigned to it." (``assignment_limits``,
  609.1c-d, 505.1);
- lasting effects a play or an ability starts ("this turn", ``EffectStarted``): "all characters able to
  block the character must do so", "when an attacking party is formed including the character, it must
  have only 1 member", "the characters must attack if they can" (``end_turn_limits``, 505.1), "if the
  character assigns battle damage to the blocking party during this battle, assign it to the target of the
  attack instead" (``instead_of_blockers``, 506.1);
- triggers on a battle: "if an attacking party is formed including this character", "if this card is
  destroyed during a battle" (with "the total strength of the opposing party", ``opposing_strength``);
- "flip a coin. If you lose, ...", "inflict 6 damage to each of the characters" (those picked) and "to all
  factions", "both players remove 6 cards in their hand from the game".
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import Node
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.ops import (
    battle_references as _BATTLE_REFERENCES,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops import conditions as _CONDITIONS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import (
    revealed_and_reduced as _REVEALED_AND_REDUCED,  # the handler(s) this module's handlers extend
)
from adjudicator.spoils.ops.interpreter import chosen, handles, handles_can
from adjudicator.spoils.ops.revealed_and_reduced import MUST_BLOCK, _can_block
from adjudicator.spoils.rules import composed_able as CA
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.parties import LASTING, STATIC_CANS, _lasting, _saying
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.effects.permissions import Able
from adjudicator.spoils.text import able_read
from adjudicator.spoils.text.continuous import STATES
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E
from adjudicator.spoils.rules import trigger_matchers as _TRIGGER_MATCHERS

OWN_STATES = {"only_attacking_member": lambda s, cid, me, n: s.battle is not None and s.battle.attackers == [cid],
              "damage_has_been_to_picked": lambda s, cid, me, n: cid in s.damaged_this_turn}
STATES.update(OWN_STATES)  # "while this card is the only member of an attacking party" (302.12); "if damage has
# been inflicted to the character this turn" (the cards damaged this turn, whatever their damage is now)
PICKED_REFS = ("each_of_the_characters",)
"""References to the characters the play picked ("Pick 6 characters. Inflict 6 damage to each of the characters.")."""
OWN_STATS = ("opposing_party_strength",)
"""Numbers read off the battle: "X is the total strength of the opposing party" (of this card's party)."""
_TRIGGER_MATCHERS.MATCH["destroyed_during_battle"] = lambda h, cid, card: (
    [] if h.when == "destroyed" and h.card_id == cid and h.ctx.work.battle is not None else None)


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["can"]) and (node.can in STATIC_CANS or node.can in LASTING):
        return False
    if isinstance(node, Ph.During) and node.during in OWN_STATES:
        return False
    if isinstance(node, Ph.Stat) and node.stat in OWN_STATS:
        return False
    if isinstance(node, O.RemoveFromGame) and isinstance(node.remove_from_game, Ph.Cards) and \
            node.remove_from_game.zone == "hand":
        return False
    if (isinstance(node, O.Damage) and (node.to in PICKED_REFS or _all_factions(node.to))):
        return False
    return None


# --------------------------------------------------------------------------------- what cards in play say


# --------------------------------------------------------------------------------- attacks


def may_attack(s: SpoilsState, cid: str) -> bool:
    """Whether the character could join an attack now (608.1b, and the cards' limits)."""
    card = s.cards.get(cid)
    if card is None or card.type != "character" or card.controller != s.active_player or card.depleted:
        return False
    if _saying(s, "players_attack_once") and s.attacks_this_turn.get(card.controller, 0):
        return False
    if card.attacks and S.script_of(card) is not None and any(
            isinstance(op, OP["can"]) and op.can == "attack_once_each_turn" for op in S.walk(S.script_of(card).abilities)):
        return False
    if (card.attacks and CA.attacks_once(s, cid)) or (s.attacks_this_turn.get(card.controller, 0)
                                                      and CA.players_attack_once(s)):
        return False  # the same, composed (rules.composed_able)
    return P.verdict(s, "spoils.608.1b", allowed_by_rules=card.can_attack, subject=Subject.card(s, cid)).allowed


def end_turn_limits(ctx: SpoilsContext, player: str) -> None:
    """505.1: "this turn, the characters must attack if they can": the turn does not end while one of
    them has not attacked and could."""
    s = ctx.work
    for cid, source in _lasting(s, LASTING["picked_must_attack"]):
        card = s.cards.get(cid)
        if card is not None and card.controller == player and not card.attacks and may_attack(s, cid):
            ctx.violate("spoils.505.1", f"{source}: {card.name} must attack this turn if it can, and it can")
    for source, cid in CA.must_attack(s):  # "<cards> must attack if it can" (a static ability, composed)
        card = s.cards[cid]
        if card.controller == player and not card.attacks and may_attack(s, cid):
            ctx.violate("spoils.505.1", f"{source}: {card.name} must attack if it can, and it can")


# --------------------------------------------------------------------------------- blocks

def block_limits(ctx: SpoilsContext, blockers: list[str]) -> None:
    """608.1d as the cards say: "only characters with at least X speed can block it"; "all characters
    able to block the character must do so" (505.1)."""
    s, b = ctx.work, ctx.work.battle
    for cid, x in _saying(s, "only_speed_x_blocks", b.attackers):
        for blocker in blockers:
            speed = _CONTINUOUS.stat(s, blocker, "speed")[0] or 0
            if x is not None and speed < x:
                ctx.violate("spoils.101.1", f"{s.cards[cid].name}: only characters with at least {x} speed can "
                                            f"block it ({s.cards[blocker].name} has {speed})")
    for cid, source in _lasting(s, LASTING["all_able_must_block_picked"]):
        if cid not in b.attackers:
            continue
        for able in [c for c in s.cards if c not in blockers and _can_block(ctx, c) and _may_block_it(ctx, c)]:
            ctx.violate("spoils.505.1", f"{source}: every character able to block {s.cards[cid].name} must do so "
                                        f"({s.cards[able].name} does not)")
    for source, cid in CA.must_block(s, list(b.attackers)):  # "<cards> must block (this card) if it can", composed
        if cid not in blockers and _can_block(ctx, cid) and _may_block_it(ctx, cid):
            ctx.violate("spoils.505.1", f"{source}: {s.cards[cid].name} must block if it can, and it can")


def _may_block_it(ctx: SpoilsContext, cid: str) -> bool:
    """Whether adding ``cid`` to the blocking party breaks no card's limit ("only characters with at
    least X speed")."""
    s, b = ctx.work, ctx.work.battle
    speed = _CONTINUOUS.stat(s, cid, "speed")[0] or 0
    return all(x is None or speed >= x for _, x in _saying(s, "only_speed_x_blocks", b.attackers))


# --------------------------------------------------------------------------------- damage assignment

def assignment_limits(ctx: SpoilsContext, assignments: list[Any], opposing: list[str]) -> None:
    """609.1c-d, 505.1: "all battle damage that could be assigned to this card must be assigned to it"
    (a card of the opposing party)."""
    s = ctx.work
    drawing = [cid for cid, _ in _saying(s, "draws_battle_damage", opposing)]
    if not drawing:
        return
    for x in assignments:
        if x.amount and x.to not in drawing:
            names = ", ".join(s.cards[c].name for c in drawing)
            ctx.violate("spoils.505.1", f"{names}: all battle damage that could be assigned to it must be "
                                        f"({x.amount} assigned to {x.to})")


# --------------------------------------------------------------------------------- lasting effects


@handles_can(*LASTING)
def _lasting_can(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This turn, all characters able to block the character must do so.", "... it must have only 1
    member.", "This turn, the characters must attack if they can." (the cards picked)."""
    key = LASTING[op.can]
    cards = [c for c in (env.picks[-1] if env.picks else env.it or []) if c in ctx.work.cards]
    if not cards:
        return
    until = "battle" if key == LASTING["picked_assigns_past_blockers"] else "turn"  # "during this battle"
    ctx.emit(E.EffectStarted(effect={key: cards}, source=env.source, controller=env.controller, until=until))
    ctx.note("spoils.505.1", f"{env.source}: {op.words()} ({', '.join(cards)})")


@handles(Able)
def _able(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """A composed requirement a play or a trigger runs (505.1): "this turn, the character must attack if it can"
    (checked as the turn ends, ``end_turn_limits``), "it must block (this card) if it can [this turn]" (checked
    as blocks are declared, ``revealed_and_reduced.block_requirements``), and "this turn, the character can block
    Covert parties" (a lasting permit of 507.3b), for the cards the text found; a static
    ability's compositions are read by ``rules.composed_able``, any other is the judge's."""
    if not able_read.run_readable(op):
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to apply")
        return
    picked = list(env.picks[-1]) if env.picks else []
    cards = [env.card] if op.who == "self" and env.card else list(env.it or picked) if op.who == "it" else picked
    cards = [c for c in cards if c in ctx.work.cards and ctx.work.cards[c].type == "character"]
    if not cards:
        return
    if op.able == "can":  # "this turn, the character can block Covert parties": 507.3b lifted for it
        for cid in cards:
            ctx.emit(E.EffectStarted(effect={"permit": able_read.COVERT_BLOCKS, "applies_to": {"id": cid}},
                                     source=env.source, controller=env.controller, until="turn"))
        ctx.note(able_read.COVERT_BLOCKS, f"{env.source}: {op.words()} ({', '.join(cards)})")
        return
    if op.act == "attack":
        effect: dict[str, Any] = {LASTING["picked_must_attack"]: cards}
    else:
        effect = {MUST_BLOCK: cards, "attacker": env.card if op.act == "block_self" else None, "only": False}
    until = "turn" if op.until == "turn" else "battle"
    ctx.emit(E.EffectStarted(effect=effect, source=env.source, controller=env.controller, until=until))
    ctx.note("spoils.505.1", f"{env.source}: {op.words()} ({', '.join(cards)})")


def _damage_each_picked(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Pick 6 characters. ... Inflict 6 damage to each of the characters." (the characters picked last)."""
    if op.to in PICKED_REFS:
        op = op.model_copy(update={"to": list(env.picks[-1] if env.picks else [])})
    elif _all_factions(op.to):  # "Inflict 6 damage to all factions." (each player's, 408.3)
        op = op.model_copy(update={"to": [f"faction:{p}" for p in ctx.work.seating if not ctx.work.players[p].lost]})
    _REVEALED_AND_REDUCED._damage_their_faction(ctx, op, env)


def _all_factions(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.cards == "faction" and ref.quantity in ("all", "each")


def _remove_from_hand(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Both players remove 6 cards in their hand from the game." (403.6a): the cards each player names
    (``targets``), taken out of that hand (the scripted handler only moved cards in play)."""
    ref = op.remove_from_game
    if not (isinstance(ref, Ph.Cards) and ref.zone == "hand"):
        _CONDITIONS._remove_from_game(ctx, op, env)
        return
    names = chosen(ctx, ref, env)
    if names and env.searched:
        ctx.emit(E.CardsMoved(player=env.searched, count=len(names), cards=names, from_zone="hand", to="removed",
                              source=env.source, rule="spoils.403.6a"))


@handles(O.GainInfluence)
def _influence_by_party(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"... gains X influence, where X is the total strength of the opposing party" (the party opposing
    this card's, as its members last were in play: spoils.engine.last-known)."""
    if isinstance(getattr(op, "where", None), Ph.Stat) and op.where.stat in OWN_STATS:
        env.x = opposing_strength(ctx, env.card)
    _BATTLE_REFERENCES._influence_of_that_controller(ctx, op, env)


def opposing_strength(ctx: SpoilsContext, cid: str | None) -> int:
    b = ctx.state.battle or ctx.work.battle  # the parties as they were before this decision destroyed it
    if b is None or cid is None:
        return 0
    opposing = b.blockers if cid in b.attackers else b.attackers if cid in b.blockers else []
    total = 0
    for c in opposing:
        table = ctx.work if c in ctx.work.cards else ctx.state if c in ctx.state.cards else None
        total += (_CONTINUOUS.stat(table, c, "strength")[0] or 0) if table is not None else 0
    ctx.note("spoils.502.2", f"the total strength of the party opposing {cid}: {total}")
    return total


__all__ = ["judge", "covert_party", "attack_limits", "block_limits", "assignment_limits", "end_turn_limits"]

