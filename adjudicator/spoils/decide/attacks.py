"""Handlers of a battle's player decisions: declaring an attack (608.1), blocking (608.1d),
assigning damage at a speed level (609.1c-d)."""
from __future__ import annotations

from adjudicator.core import InvalidAction
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.ops import battle_references as SBX
from adjudicator.spoils.ops import battle_rules as SBR
from adjudicator.spoils.ops.revealed_and_reduced import block_requirements
from adjudicator.spoils.ops.party_blocks import block_limits as party_limits_said
from adjudicator.spoils.rules import battle as B
from adjudicator.spoils.rules import parties as _PARTIES
from adjudicator.spoils.rules import settling as T
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext, game_started
from adjudicator.spoils.rules.parties import _cannot_be_blocked, declare, party_limits
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E


@HANDLERS.on(A.Attack)
def decide_attack(ctx: SpoilsContext, a: A.Attack) -> None:
    s = ctx.work
    p = a.player
    if not game_started(ctx):
        return
    if not ctx.require(not s.pending and s.battle is None and s.stage in ("main", "develop"), "spoils.608.1a",
                       "an attack is declared in the free-form turn, not while a play waits for responses or "
                       "another battle is on", blocking=True):
        return
    if s.stage == "develop":
        ctx.violate("spoils.202.8", f"{p} must develop first (draw a card or play a resource)")
    ctx.check("spoils.603.2c", p == s.active_player, Subject.player(p),
              f"{p} attacks only during {p}'s own turn", f"{p} may attack during the turn, as often as the "
              f"characters allow")
    if declare(ctx, p, list(a.attackers), a.target):
        T.settle(ctx)


@HANDLERS.on(A.Block)
def decide_block(ctx: SpoilsContext, a: A.Block) -> None:
    s = ctx.work
    b = s.battle
    if not ctx.require(b is not None and b.stage == "blocks", "spoils.608.1d",
                       "blockers are declared at the blockers step of a battle",
                       "the blockers step of the battle", blocking=True):
        return
    if not ctx.require(a.player == b.defender, "spoils.608.1d", f"{b.defender} is the defending player",
                       f"{a.player} is the defending player", blocking=True):
        return
    if len(set(a.blockers)) != len(a.blockers):
        raise InvalidAction("a blocker is named twice", [{"field": "blockers", "message": "distinct card ids"}])
    covert = b.covert and _PARTIES.covert_party(s, b.attackers)
    if b.covert and not covert:
        ctx.note("spoils.302.11a", "a member of the party lost Covert: the whole party lost it")
    unblockable = b.unblockable or all(  # also "while this card is attacking a location, it cannot be blocked"
        "unblockable" in _CONTINUOUS.keywords(s, c)[0] or _cannot_be_blocked(ctx, c) for c in b.attackers if c in s.cards)
    if unblockable and a.blockers:
        ctx.violate("spoils.413.1", "every attacker cannot be blocked: no blocking party may form (412)")
    for cid in a.blockers:
        card = s.cards.get(cid)
        if not ctx.require(card is not None and card.controller == a.player and card.type == "character",
                           "spoils.608.1d", f"{cid} is not a character {a.player} controls", blocking=True):
            return
        if not ctx.require(cid not in b.attackers, "spoils.608.1d", f"{card.name} is attacking", blocking=True):
            return
        ctx.require(not card.depleted, "spoils.608.1d", f"{card.name} is depleted: only characters that are not "
                    f"depleted block", f"{card.name} blocks (blocking does not deplete it)")
        ctx.check("spoils.608.1d", True, Subject.card(s, cid), f"{card.name} cannot block", f"{card.name} may block")
        has_covert = "covert" in _CONTINUOUS.keywords(s, cid)[0]
        if covert:
            ctx.check("spoils.507.3b", has_covert, Subject.card(s, cid),
                      f"{card.name} has no Covert: only characters with Covert block a covert party",
                      f"{card.name} has Covert and may block the covert party")
        else:
            ctx.check("spoils.507.3c", not has_covert, Subject.card(s, cid),
                      f"{card.name} has Covert: covert characters block only covert parties",
                      f"{card.name} may block")
    block_requirements(ctx, a.blockers)
    SBR.block_limits(ctx, a.blockers)  # "only characters with at least X speed can block it" (101.1)
    if a.blockers:
        party_limits(ctx, a.blockers, attacking=False)
        party_limits_said(ctx, list(a.blockers))  # "only parties with at least 3 members can block it" (101.1)
    added = [c for c in b.blockers if c in s.cards and c not in a.blockers]  # put in before it formed (608.1c)
    if added:
        ctx.note("spoils.intro.forced-blockers", f"{', '.join(added)} joined the blocking party before it formed: "
                 f"{'added to it' if a.blockers else 'they are the blocking party'} (nothing of its forming applies)")
    ctx.emit(E.BlockersDeclared(player=a.player, blockers=[*a.blockers, *added]))
    ctx.note("spoils.608.1d", f"{a.player} blocks with {', '.join(a.blockers)}; blockers do not deplete"
             if a.blockers else f"{a.player} does not block: there is no blocking party in this battle")
    for cid in a.blockers:
        _TRIGGERS_PLAYERS.fire(ctx, "blocks", card_id=cid)
    if a.blockers:  # "if this card is blocked" (triggers_players)
        _TRIGGERS_PLAYERS.blocked(ctx, b.attackers)
    T.settle(ctx)


@HANDLERS.on(A.AssignDamage)
def decide_assign_damage(ctx: SpoilsContext, a: A.AssignDamage) -> None:
    s = ctx.work
    b = s.battle
    if not ctx.require(b is not None and b.stage in ("assign_attacker", "assign_blocker"), "spoils.609.1c",
                       "damage is assigned at a battle's speed levels", blocking=True):
        return
    attacking = b.stage == "assign_attacker"
    rule = "spoils.609.1c" if attacking else "spoils.609.1d"
    owner = b.attacker if attacking else b.defender
    if not ctx.require(a.player == owner, rule, f"{owner} assigns this damage",
                       f"{owner} assigns the damage of speed {b.speed}", blocking=True):
        return
    expected = B.sources_at(ctx, "attacking" if attacking else "blocking")
    opposing = [c for c in (b.blockers if attacking else b.attackers) if c in s.cards]
    totals: dict[str, int] = {}
    for x in a.assignments:
        if not ctx.require(x.source in expected, rule, f"{x.source} does not assign damage at speed {b.speed} "
                           f"(the characters that do: {', '.join(expected) or 'none'})", blocking=True):
            return
        if not (attacking and x.to not in opposing and SBX.assigned_past_blockers(ctx, x.source, x.to)) and \
                not ctx.require(x.to in opposing, rule, f"{x.to} is not in the opposing party "
                           f"({', '.join(opposing) or 'empty'})", blocking=True):
            return
        totals[x.source] = totals.get(x.source, 0) + x.amount
    SBR.assignment_limits(ctx, a.assignments, opposing)  # "... must be assigned to it" (505.1)
    for cid in expected:
        strength = B.strength(ctx, cid)
        ctx.require(totals.get(cid, 0) == strength, rule,
                    f"{s.cards[cid].name} assigns damage equal to its strength, {strength} (assigned {totals.get(cid, 0)})",
                    f"{s.cards[cid].name} assigns its {strength} damage")
    assignments = [{"source": x.source, "to": x.to, "amount": x.amount} for x in a.assignments]
    assignments += [{"source": c, "to": None, "amount": 0} for c in expected if c not in totals]
    ctx.emit(E.DamageAssigned(player=a.player, speed=b.speed or 0, assignments=assignments))
    T.settle(ctx)
