"""Parties and attacks (608): declaring an attack with its party and target, the limits on a party's size
and who may be attacked, and where battle damage goes past or instead of the blockers."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Iterable

from adjudicator.core import InvalidAction
from adjudicator.effects import abilities as EA
from adjudicator.spoils.evolve.projection import opponents
from adjudicator.spoils.model.state import SpoilsState
from adjudicator.spoils.rules import composed_able as CA
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text.battle_says import STATIC_CANS, _saying, covert_party, says  # noqa: F401  (read here and by ops)
from adjudicator.spoils.text.happens_read import party_concerns
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.position_memo import text_memo
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E


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
        once = CA.attacks_once(s, cid) if card.attacks else None  # a composition ("<cards> can attack only ...")
        if once is not None:
            ctx.violate("spoils.101.1", f"{once} says {card.name} can attack only once each turn: it already "
                                        f"attacked this turn")
    party_limits(ctx, attackers, attacking=True)

    attack_limits(ctx, p, attackers)  # "players can attack only once each turn" (101.1)
    tax = attack_tax(ctx, p, attackers)  # "your opponent must pay 2 to attack" (505.1)
    if ctx.blocked:
        return False
    kws = [_CONTINUOUS.keywords(s, cid)[0] for cid in attackers]
    covert = covert_party(s, attackers)  # all Covert, or "... the party is Covert" (101.1)
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
    pay_attack(ctx, p, tax)
    _TRIGGERS_PLAYERS.fire(ctx, "attack", player=p)
    for cid in attackers:
        _TRIGGERS_PLAYERS.fire(ctx, "attacks", card_id=cid)
    stage(ctx, E.BattleStageStarted(stage="attack_tactics", to_act=p, rule="spoils.608.1c"))
    return True


SIZES: dict[str, Any] = {"only": lambda n, k: n == k, "at_least": lambda n, k: n >= k, "even": lambda n, k: n % 2 == 0}


def party_limits(ctx: SpoilsContext, party: list[str], attacking: bool) -> None:
    """608.1b, 608.1d: a party being formed, with the number of members the cards in play demand
    (their text over the rules, 101.1). Requirements that no party could meet all together ask for as
    many of them as a party could meet, and at least one (505.2c, spoils.faq.conflicting-requirements)."""
    unmet, met_at_best = size_unmet(ctx.work, party, attacking)
    if met_at_best:
        ctx.note("spoils.505.2c", met_at_best)
    for card, ability in unmet:
        ctx.violate("spoils.101.1", f"{card.name}: \"{ability.words()}\" - this "
                                    f"{'attacking' if attacking else 'blocking'} party has {len(party)} "
                                    f"member(s)")


def size_unmet(s: SpoilsState, party: list[str], attacking: bool) -> tuple[list[tuple[Any, Any]], str]:
    """The cards' demands on the size of this party that it does not meet, (card, its trigger) each: none
    when it meets them all, or as many as any party could (505.2c; then what the trace says of it)."""
    demands = list(_size_demands(s, party, attacking))
    unmet = [(card, ability) for card, ability, op in demands if not SIZES[op.party_size](len(party), op.n or 0)]
    if not unmet:
        return [], ""
    best = max((sum(SIZES[op.party_size](k, op.n or 0) for _, _, op in demands)
                for k in range(1, _pool(s, party, attacking) + 1)), default=0)
    if best and len(demands) - len(unmet) == best:
        return [], (f"no party meets every requirement on its size: this one meets {best} of {len(demands)}, "
                    f"as many as any party could")
    return unmet, ""


def _size_demands(s: SpoilsState, party: list[str], attacking: bool) -> Iterator[tuple[Any, Any, Any]]:
    """The cards' demands on the size of this party: (card, its trigger, its "must have ..." node)."""
    for cid, card, ability, op in _party_size_triggers(s):
        if party_concerns(ability.happens, party, cid, card, blocking=not attacking):
            yield card, ability, op  # "if an attacking (or blocking) party is formed [including ...], it must have ..."


def any_size_demand(s: SpoilsState) -> bool:
    """Whether a card in play says anything of the size of a party being formed (none: every size is allowed)."""
    return next(_party_size_triggers(s), None) is not None


def _party_size_triggers(s: SpoilsState) -> Iterator[tuple[str, Any, Any, Any]]:
    """Each "when a party is formed ..., it must have ..." of the cards in play: (card id, card, trigger, node)."""
    for cid, card in s.cards.items():
        script = S.script_of(card) if card.script else None
        for ability in script.abilities if script else []:
            happens = ability.happens if isinstance(ability, EA.Trigger) else None
            if happens is None or happens.event != "party_formed":
                continue
            for op in ability.effect if isinstance(ability.effect, list) else [ability.effect]:
                if isinstance(op, S.OP["party_size"]):
                    yield cid, card, ability, op


def _pool(s: SpoilsState, party: list[str], attacking: bool) -> int:
    """How many members a party of this player's could have: the characters they control that are not
    depleted (and, to attack, may attack this turn: 608.1b, 608.1d)."""
    owner = s.cards[party[0]].controller if party and party[0] in s.cards else None
    return sum(1 for card in s.cards.values() if card.controller == owner and card.type == "character"
               and not card.depleted and (card.can_attack or not attacking))


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


PAST_BLOCKERS = "spoils.609.1c"
"""What "you may assign its battle damage to the target of the attack instead of the blocking party"
permits (``scripts.CAN_RULES``): the one exception to 609.1c's "to the blocking party" an attacker's
assignment asks about (``attacks.decide_assign_damage``), only ever toward the attack's target."""


def past_blockers(ctx: SpoilsContext, source: str) -> bool:
    """Whether an attacking character may assign its battle damage to the target of the attack
    instead of the blocking party (its text, while it is attacking, lifts 609.1c for it)."""
    s = ctx.work
    if source not in s.cards or s.battle is None or source not in s.battle.attackers:
        return False
    return any(c.verb == "permit" for c in P.claims(s, PAST_BLOCKERS, _SUBJECTS.Subject.card(s, source)))


LASTING = {"all_able_must_block_picked": "must_block_it", "picked_attacks_alone": "attacks_alone",
           "picked_must_attack": "must_attack", "picked_assigns_past_blockers": "past_blockers_instead"}
"""What a play or an ability says of the cards it picked this turn: the key of its lasting effect."""


def _lasting(s: SpoilsState, key: str) -> list[tuple[str, Any]]:
    """The cards a lasting effect of this turn names under ``key``, with the effect's source."""
    return [(cid, x.source) for x in s.effects if key in x.effect for cid in x.effect[key]]


def attack_limits(ctx: SpoilsContext, player: str, attackers: list[str]) -> None:
    """608.1a-b as the cards say: "players can attack only once each turn"; "when an attacking party is
    formed including the character, it must have only 1 member"."""
    s = ctx.work
    done = s.attacks_this_turn.get(player, 0)
    for cid, _ in _saying(s, "players_attack_once")[:1]:
        if done:
            ctx.violate("spoils.101.1", f"{s.cards[cid].name} says \"players can attack only once each turn\": "
                                        f"{player} already attacked this turn (603.2c)")
    once = CA.players_attack_once(s) if done else None  # the same, composed
    if once is not None:
        ctx.violate("spoils.101.1", f"{once} says players can attack only once each turn: {player} already "
                                    f"attacked this turn (603.2c)")
    for cid, source in _lasting(s, LASTING["picked_attacks_alone"]):
        if cid in attackers and len(attackers) > 1:
            ctx.violate("spoils.101.1", f"{source}: an attacking party including {s.cards[cid].name} must have "
                                        f"only 1 member (this one has {len(attackers)})")


def instead_of_blockers(ctx: SpoilsContext, assignments: list[dict[str, Any]], target: str | None) -> list[dict[str, Any]]:
    """"If the character assigns battle damage to the blocking party during this battle, assign it to the
    target of the attack instead." (506.1): its assignments to blockers go to the target."""
    b = ctx.work.battle
    chosen = {cid: source for cid, source in _lasting(ctx.work, LASTING["picked_assigns_past_blockers"])}
    if not chosen or target is None:
        return assignments
    out = []
    for a in assignments:
        if a["source"] in chosen and a["to"] in b.blockers and int(a["amount"]) > 0:
            ctx.note("spoils.506.1", f"{chosen[a['source']]}: {a['source']}'s battle damage assigned to "
                                     f"{a['to']} is assigned to the target of the attack, {target}, instead")
            a = {**a, "to": target}
        out.append(a)
    return out


RULE = "spoils.505.1"


def due(state: SpoilsState, player: str, act: str, *, attackers: Iterable[str] = (),
        picked: str | None = None) -> list[tuple[str, int]]:
    """The taxes ``player`` owes to do ``act`` now: (the card that says so, how much), one entry per
    card and per character it concerns."""
    out: list[tuple[str, int]] = []
    attackers = list(attackers)
    for cid, op in _taxers(state):
        card = state.cards[cid]
        out += [(card.name, op.tax)] * _times(state, card, op.on, player, act, attackers, picked)
    return out


def _taxers(state: SpoilsState) -> list[tuple[str, Any]]:
    """Each "must pay N to ..." of the cards in play, with its card's id, in the table's order (read once
    per text of the table: ``position_memo.text_memo``)."""
    memo = text_memo(state)
    found = memo.get("taxers")
    if found is None:
        found = memo["taxers"] = [(cid, op) for cid, card in state.cards.items() if card.script
                                  for op in M.top_statics(S.script_of(card)) if isinstance(op, OP["tax"])]
    return found


def _times(state: SpoilsState, card: Any, on: str, player: str, act: str, attackers: list[str],
           picked: str | None) -> int:
    theirs = card.controller != player
    if act == "attack" and on == "attack":
        return int(theirs)
    if act == "attack" and on == "attack_with_attached":  # "the attached character's controller must pay 3"
        return int(card.attached_to in attackers)
    if act == "pick" and on == "pick_your_character":
        target = state.cards.get(picked or "")
        return int(theirs and target is not None and target.type == "character" and target.controller == card.controller)
    return int(theirs and on == act)


def charge(ctx: SpoilsContext, player: str, act: str, what: str, **kw: Any) -> int:
    """The total of the taxes ``player`` owes to do ``act`` (``what``, as the trace says it), each
    traced citing its card."""
    taxes = due(ctx.work, player, act, **kw)
    for name, n in taxes:
        ctx.note(RULE, f"{name}: {player} must pay {n} to {what}")
    return sum(n for _, n in taxes)


def short(ctx: SpoilsContext, player: str, tax: int, cost: int, available: int, what: str) -> bool:
    """Whether the act cannot be paid because of its taxes (a violation of 505.1: the player cannot
    take the action); ``cost``: all it costs, taxes included."""
    if tax <= 0 or cost <= available:
        return False
    ctx.violate(RULE, f"{what} costs {cost}, of which {tax} its player must pay to do it: {player} has {available} "
                      f"unattached resource(s), so {player} cannot do it (505.1)")
    return True


def attack_tax(ctx: SpoilsContext, player: str, attackers: list[str]) -> int:
    """What ``player`` pays to declare this attack; a blocking violation when they cannot."""
    tax = charge(ctx, player, "attack", "attack", attackers=attackers)
    available = ctx.unattached(player)
    if short(ctx, player, tax, tax, available, "the attack"):
        ctx.blocked = True
    return tax


def pay_attack(ctx: SpoilsContext, player: str, tax: int) -> None:
    if tax > 0:
        ctx.note(RULE, f"{player} pays {tax} to attack by attaching resources to the faction (309.1)")
        C.pay(ctx, player, tax)


STAGE_TEXT = {
    "blocks": "the blockers step: {to_act} may form a blocking party with characters that are not depleted",
    "repeat": "the battle goes on to its speed levels",
    "tactics_a": "tactics and abilities: {to_act}, the attacking player, first, then the defending player",
    "assign_attacker": "speed level {speed}: the attacking characters of speed {speed} assign their damage",
    "assign_blocker": "speed level {speed}: the blocking characters of speed {speed} assign their damage",
    "tactics_e": "tactics and abilities again before the damage of speed {speed} is applied",
    "attack_tactics": "tactics and abilities: {to_act}, the attacking player, first, then the defending player",
}


def stage(ctx: SpoilsContext, event: E.BattleStageStarted) -> None:
    """A battle step begins; the trace says which and who acts."""
    text = STAGE_TEXT.get(event.stage, event.stage)
    ctx.note(event.rule, text.format(to_act=event.to_act, speed=event.speed))
    ctx.emit(event)
