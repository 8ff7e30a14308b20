"""Handlers of a battle's player decisions: declaring an attack (608.1), blocking (608.1d),
assigning damage at a speed level (609.1c-d)."""
from __future__ import annotations

from typing import Any

from adjudicator.core import InvalidAction
from adjudicator.effects import abilities as EA
from adjudicator.spoils import actions as A
from adjudicator.spoils import battle as B
from adjudicator.spoils import mechanics as M
from adjudicator.spoils import precedence as P
from adjudicator.spoils import scripts as S
from adjudicator.spoils import scripted_costs as TX
from adjudicator.spoils import settling as T
from adjudicator.spoils.context import HANDLERS, SpoilsContext, game_started
from adjudicator.spoils.subjects import Subject
from adjudicator.spoils.projection import opponents
from events.models import spoils as E
from adjudicator.spoils import continuous as _CONTINUOUS


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


def declare(ctx: SpoilsContext, p: str, attackers: list[str], target_ref: str | None) -> bool:
    """608.1a-b: the target and the attacking party, checked and declared (by the player in the turn, or
    by an effect: "Attack your opponent."); False when it is not."""
    s = ctx.work
    ctx.check("spoils.608.1a", True, Subject.player(p), "", f"{p} may declare an attack")
    target, defender = target_of(ctx, p, target_ref)
    if target is None:
        return False
    if len(set(attackers)) != len(attackers):
        raise InvalidAction("an attacker is named twice", [{"field": "attackers", "message": "distinct card ids"}])
    for cid in attackers:
        card = s.cards.get(cid)
        if not ctx.require(card is not None and card.controller == p and card.type == "character", "spoils.608.1b",
                           f"{cid} is not a character {p} controls", blocking=True):
            return False
        ctx.require(not card.depleted, "spoils.303.2", f"{card.name} is depleted: only characters that are not "
                    f"depleted attack (608.1b)", f"{card.name} is not depleted")
        ctx.check("spoils.608.1b", card.can_attack, Subject.card(s, cid),
                  f"{card.name} has not been under {p}'s control since the start of the turn (204.3): it cannot "
                  f"attack this turn", f"{card.name} has been under {p}'s control since the start of the turn")
        if card.attacks and M.can(S.script_of(card), "attack_once_each_turn"):
            ctx.violate("spoils.101.1", f"{card.name} says \"this card can attack only once each turn\": it "
                                        f"already attacked this turn")
    party_limits(ctx, attackers, attacking=True)
    from adjudicator.spoils import scripted_battle_rules as SBR  # (it reads scripted, which reads this module)

    SBR.attack_limits(ctx, p, attackers)  # "players can attack only once each turn" (101.1)
    tax = TX.attack_tax(ctx, p, attackers)  # "your opponent must pay 2 to attack" (505.1)
    if ctx.blocked:
        return False
    kws = [_CONTINUOUS.keywords(s, cid)[0] for cid in attackers]
    covert = SBR.covert_party(s, attackers)  # all Covert, or "... the party is Covert" (101.1)
    unblockable = all("unblockable" in k or _cannot_be_blocked(ctx, cid) for k, cid in zip(kws, attackers))
    if covert:
        ctx.note("spoils.507.3a", "every attacker has Covert: a covert party")
    if unblockable:
        ctx.note("spoils.413.1", "every attacker cannot be blocked: no blocking party may form")
    ctx.emit(E.AttackDeclared(player=p, target=target, defender=defender, attackers=attackers,
                              covert=covert, unblockable=unblockable))
    to_deplete = [cid for cid in attackers if not s.cards[cid].depleted]
    if to_deplete:
        ctx.emit(E.CardsDepleted(cards=to_deplete, rule="spoils.608.1b"))
    TX.pay_attack(ctx, p, tax)
    T.fire(ctx, "attack", player=p)
    for cid in attackers:
        T.fire(ctx, "attacks", card_id=cid)
    B.stage(ctx, E.BattleStageStarted(stage="attack_tactics", to_act=p, rule="spoils.608.1c"))
    return True


PARTY_FORMED: dict[str, Any] = {
    "attacking_party_formed": lambda card, cid, party, attacking: attacking,
    "party_formed": lambda card, cid, party, attacking: True,
    "party_formed_with_self": lambda card, cid, party, attacking: cid in party,
    "attacking_party_with_attached": lambda card, cid, party, attacking: attacking and card.attached_to in party,
}
"""The cards' "if an attacking (or blocking) party is formed [including this card, the attached
character], it must have ...": which parties each concerns."""
SIZES: dict[str, Any] = {"only": lambda n, k: n == k, "at_least": lambda n, k: n >= k, "even": lambda n, k: n % 2 == 0}


def party_limits(ctx: SpoilsContext, party: list[str], attacking: bool) -> None:
    """608.1b, 608.1d: a party being formed, with the number of members the cards in play demand
    (their text over the rules, 101.1)."""
    s = ctx.work
    for cid, card in s.cards.items():
        script = S.script_of(card) if card.script else None
        for ability in script.abilities if script else []:
            concerns = PARTY_FORMED.get(getattr(ability, "when", ""))
            if not isinstance(ability, EA.Trigger) or concerns is None or not concerns(card, cid, party, attacking):
                continue
            for op in ability.effect if isinstance(ability.effect, list) else [ability.effect]:
                if isinstance(op, S.OP["party_size"]) and not SIZES[op.party_size](len(party), op.n or 0):
                    ctx.violate("spoils.101.1", f"{card.name}: \"{ability.words()}\" - this "
                                                f"{'attacking' if attacking else 'blocking'} party has {len(party)} "
                                                f"member(s)")


def faction_attackable(ctx: SpoilsContext, p: str, player: str) -> bool:
    """"Your opponent cannot attack your faction." (a card ``player`` controls; 101.1 over 608.1a)."""
    for card in ctx.work.cards.values():
        if card.controller != player or card.controller == p or not card.script:
            continue
        if any(isinstance(op, S.OP["cannot"]) and "attack_your_faction" in op.cannot and op.who == "opponent"
               for op in M.top_statics(S.script_of(card))):
            ctx.violate("spoils.101.1", f"{card.name} says \"your opponent cannot attack your faction\": {p} "
                                        f"cannot attack {player}'s faction (attack a location instead)", blocking=True)
            return False
    return True


def _cannot_be_blocked(ctx: SpoilsContext, cid: str) -> bool:
    """413.1: an effect says the character cannot be blocked (a script's "cannot be blocked",
    continuous or for this turn)."""
    verdict = P.verdict(ctx.work, "spoils.413.1", allowed_by_rules=True, subject=Subject.card(ctx.work, cid))
    if not verdict.allowed:
        ctx.because.extend(verdict.trace)
    return not verdict.allowed


def target_of(ctx: SpoilsContext, p: str, ref: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """608.1a: a faction or a location the attacker does not control; the opponent's faction by default."""
    s = ctx.work
    if ref is None:
        opp = opponents(s, p)
        if not opp:
            ctx.violate("spoils.608.1a", "there is no opponent to attack", blocking=True)
            return None, None
        ctx.note("spoils.608.1a", f"no target named: {p} attacks {opp[0]}'s faction by default")
        if not faction_attackable(ctx, p, opp[0]):
            return None, None
        return {"kind": "faction", "player": opp[0]}, opp[0]
    player = ref.split(":", 1)[1] if ref.startswith("faction:") else ref if ref in s.seating else None
    if player is not None:
        if not ctx.require(player in s.seating and player != p and not s.players[player].lost, "spoils.608.1a",
                           f"{p} cannot attack {player}'s faction", f"{p} attacks {player}'s faction",
                           blocking=True):
            return None, None
        if not faction_attackable(ctx, p, player):
            return None, None
        return {"kind": "faction", "player": player}, player
    card = s.cards.get(ref)
    if not ctx.require(card is not None and card.type == "location" and card.controller != p, "spoils.608.1a",
                       f"{ref} is not a faction or a location {p} does not control", blocking=True):
        return None, None
    ctx.note("spoils.207.3", f"{p} attacks the location {card.name}", "allowed")
    return {"kind": "location", "card": ref, "player": card.controller}, card.controller


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
    from adjudicator.spoils import scripted_battle_rules as SBR  # (it reads scripted, which reads this module)

    covert = b.covert and SBR.covert_party(s, b.attackers)
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
    from adjudicator.spoils.scripted_revealed_and_reduced import block_requirements  # "must block if it can" (505.1)

    block_requirements(ctx, a.blockers)
    SBR.block_limits(ctx, a.blockers)  # "only characters with at least X speed can block it" (101.1)
    if a.blockers:
        party_limits(ctx, a.blockers, attacking=False)
        from adjudicator.spoils.scripted_type_changes import block_limits as alone_limits  # "only parties with ..."

        alone_limits(ctx, list(a.blockers))
    ctx.emit(E.BlockersDeclared(player=a.player, blockers=a.blockers))
    ctx.note("spoils.608.1d", f"{a.player} blocks with {', '.join(a.blockers)}; blockers do not deplete"
             if a.blockers else f"{a.player} does not block: there is no blocking party in this battle")
    for cid in a.blockers:
        T.fire(ctx, "blocks", card_id=cid)
    if a.blockers:  # "if this card is blocked" (triggers_players)
        T.TP.blocked(ctx, b.attackers)
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
    from adjudicator.spoils import scripted_battle_references as SBX  # (it reads scripts, which read this module)
    from adjudicator.spoils import scripted_battle_rules as SBR

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
