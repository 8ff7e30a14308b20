"""More operations the engine applies as the printed texts say, registered into
``adjudicator.spoils.ops.interpreter.RUN`` over the handlers before them:

- a face-down resource revealed as a cost ("Reveal a face-down resource card you control. X is its
  numeric cost. Destroy it.", Implosive Explosion): X is the printed cost of the card revealed (406.3)
  and "destroy it" destroys that resource, which goes to its owner's discard pile (304.1);
- damage reduced to 0 (408.2, 410.4; ``amounts.TO_ZERO_BY``): "Reduce all battle damage inflicted to your
  faction by characters in Covert parties to 0." (a card in play), and for a while, once an effect says
  it: "all battle damage inflicted during this battle", "all damage inflicted by it" this turn, "the
  attached character's battle damage during this battle", "all damage the character inflicts to your
  faction" this turn (a lasting effect, ``REDUCE_TO_ZERO``);
- "If your opponent plays a tactic, inflict 2 damage to their faction." (their: the opponent who played
  it); "If your opponent plays a resource, you may pay 1. If you do, attach that resource to your
  opponent's faction." (the resource just played, 605; attached, 203.3a);
- amounts changed as damage happens (``amounts.WHEN``): "If any amount of damage greater than 4 is
  inflicted to this card, reduce it to 0.", "If battle damage is inflicted to a character in a party
  with this card, reduce the amount by 1." (408.2, 410.3);
- requirements to block (505.1): "If you are attacked, this card must block if it can." (this battle),
  "If this card attacks, you may pick a character. If you do, it must block this card if it can this
  turn.", "Those characters must block during this battle if they can, and only those characters can
  block." (a lasting effect, ``MUST_BLOCK``, checked by ``block_requirements`` as blocks are declared);
- "Until the start of your next turn, treat the card as though it has no rules text." (a ``blank``
  modifier on the card: ``scripted_blank_text``);
- "If a character you control is put into your discard pile from play, you may pay 1 and remove a token
  from this card. If you do, put that character into play under your control. Deplete it." (what the
  "you may" says is done all or not at all, 402.5; the character comes back from the discard pile)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.rules import amounts as AM
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.text.subjects import Subject
from adjudicator.spoils.rules.references import lasts, targets
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.ops.interpreter import handles, handles_can
from adjudicator.spoils.text.blank_text import BLANK, blanked
from adjudicator.spoils.ops.zones import REVEALED_RESOURCE
from adjudicator.spoils.ops.resources_picked import resource_owner
from adjudicator.spoils.text.scripts import OP
from adjudicator.spoils.rules.trigger_matchers import MATCH, Happening, _trigger_n
from events.models import spoils as E
from adjudicator.spoils.ops import interpreter as _SCRIPTED  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import play_mechanics as _MECHANICS  # the handler(s) this module's handlers extend
from adjudicator.spoils.ops import zones_decks as _ZONES_DECKS  # the handler(s) this module's handlers extend
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.rules import parties as _PARTIES
from adjudicator.spoils.ops import flow as _FLOW



def _revealed_resource(ctx: SpoilsContext, env: Env) -> str | None:
    """The face-down resource this script revealed (``_reveal_face_down``), while it is still in play."""
    rid = env.choices.get(REVEALED_RESOURCE)
    if env.zone != "resource" or not env.found or not isinstance(rid, str):
        return None
    return rid if resource_owner(ctx, rid) is not None else None


def _x_is_revealed(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"X is its numeric cost." just after a face-down resource was revealed: its printed cost."""
    stat = op.x_is
    if getattr(stat, "stat", None) != "numeric_cost" or stat.of not in (None, "it") or _revealed_resource(ctx, env) is None:
        _FLOW._x_is(ctx, op, env)
        return
    spec = ctx.lookup(env.found[0])
    env.x = (spec.cost or 0) if spec is not None else 0
    ctx.note("spoils.406.3", f"{env.source}: X is the numeric cost of the revealed {env.found[0]}: {env.x}")


def _destroy_revealed(ctx: SpoilsContext, op: O.Destroy, env: Env) -> None:
    """"Destroy it." of the face-down resource just revealed (no card in play is "it"): the resource
    leaves play for its owner's discard pile (304.1)."""
    rid = _revealed_resource(ctx, env)
    if rid is None or op.destroy not in ("it", []) or targets(ctx, op.destroy, env):
        _SCRIPTED._destroy(ctx, op, env)
        return
    player = resource_owner(ctx, rid)
    name = ctx.work.players[player].resources[rid].name or env.found[0]
    ctx.emit(E.ResourceDestroyed(player=player, resource_id=rid, name=name, source=env.source))
    ctx.note("spoils.304.1", f"{env.source}: the revealed resource {rid} ({name}) is destroyed: to {player}'s "
                             f"discard pile")
    env.choices.pop(REVEALED_RESOURCE, None)



# --------------------------------------------------------------------------------- damage reduced to 0

REDUCE_TO_ZERO = "reduce_damage_to_zero"
"""The key of a lasting effect (``EffectStarted``) reducing some damage to 0: ``{REDUCE_TO_ZERO: kind,
"cards": [...], "player": ...}``."""
LASTS = {"this_battle": "battle", "attached_battle_damage": "battle"}


def _reduce_all_damage(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """An effect saying which damage is reduced to 0 for a while (this battle, this turn)."""
    kind = op.reduce_all_damage
    if kind not in S.LASTING_TO_ZERO - {"covert_to_your_faction"} or op.to != 0:
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" is the judge's to apply")
        return
    if kind == "attached_battle_damage":
        host = ctx.work.cards.get(env.card or "")
        cards = [host.attached_to] if host is not None and host.attached_to else []
    else:
        cards = list(env.it or (env.picks[-1] if env.picks else [])) if kind in ("by_it", "picked_to_your_faction") else []
    until = LASTS.get(kind) or lasts(op, env)
    ctx.emit(E.EffectStarted(effect={REDUCE_TO_ZERO: kind, "cards": cards, "player": env.controller},
                             source=env.source, controller=env.controller, until=until))
    ctx.note("spoils.410.4", f"{env.source}: {op.words()}" + (f" ({', '.join(cards)})" if cards else ""))


def _covert_party(ctx: SpoilsContext) -> bool:
    """The attacking party is a Covert party: all its members have Covert, or a member's text makes the
    party Covert (507.3a, 302.11a), as the blockers' declaration reads it (``attacks``)."""

    b = ctx.work.battle
    return b is not None and bool(b.attackers) and _PARTIES.covert_party(ctx.work, b.attackers)


def _applies(ctx: SpoilsContext, kind: str, cards: list[str], player: str, h: AM.Happening) -> bool:
    b = ctx.work.battle
    if kind == "this_battle":
        return h.battle
    if kind == "by_it":
        return any(c in h.sources for c in cards)
    if kind == "attached_battle_damage":
        return h.battle and any(c in h.sources for c in cards)
    if kind == "picked_to_your_faction":
        return h.target == f"faction:{player}" and any(c in h.sources for c in cards)
    return (kind == "covert_to_your_faction" and h.battle and h.target == f"faction:{player}" and b is not None
            and any(c in b.attackers for c in h.sources) and _covert_party(ctx))


def _static_kinds(card: Any) -> list[str]:
    script = S.script_of(card) if card.script else None
    return [op.reduce_all_damage for ability in (script.abilities if script else []) if isinstance(ability, A.Static)
            for op in ability.static if isinstance(op, OP["reduce_all_damage"]) and op.to == 0
            and op.reduce_all_damage == "covert_to_your_faction"]


def _to_zero(ctx: SpoilsContext, h: AM.Happening) -> list[str]:
    """What reduces this damage to 0: the cards in play saying so, the lasting effects started."""
    if h.kind != "damage":
        return []
    out = [card.name for cid, card in ctx.work.cards.items() if not blanked(ctx.work, cid)
           for kind in _static_kinds(card) if _applies(ctx, kind, [], card.controller, h)]
    out += [x.source for x in ctx.work.effects if REDUCE_TO_ZERO in x.effect
            and _applies(ctx, x.effect[REDUCE_TO_ZERO], list(x.effect.get("cards") or []),
                         str(x.effect.get("player") or x.controller), h)]
    return out


AM.to_zero_by(_to_zero)


# --------------------------------------------------------------------------------- their faction, that resource



def _their_faction(ref: Any) -> bool:
    return isinstance(ref, Ph.Cards) and ref.cards == "faction" and ref.whose == "their"


def _damage_their_faction(ctx: SpoilsContext, op: O.Damage, env: Env) -> None:
    """"If your opponent plays a tactic, inflict 2 damage to their faction.": their faction is the one
    of the opponent the trigger is about (the triggers that say it are about an opponent)."""
    spec = op.damage if isinstance(op.damage, O.AmountSpec) else None
    if _their_faction(op.to):
        op = op.model_copy(update={"to": "opponent_faction"})
    elif spec is not None and _their_faction(spec.to):
        op = op.model_copy(update={"damage": spec.model_copy(update={"to": "opponent_faction"})})
    _SCRIPTED._damage(ctx, op, env)


def _opponent_resource(h: Happening, cid: str, card: Any) -> list[str] | None:
    """"If your opponent plays a resource": the resource just played (``consequences.play_resource``)."""
    if h.when != "resource_entered" or h.player is None or h.player == card.controller:
        return None
    return list(h.bind or [])


MATCH["opponent_plays_resource"] = _opponent_resource


@handles(OP["attach"])
def _attach_resource(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Attach that resource to your opponent's faction.": the resource the trigger names, unattached,
    is attached to its controller's faction (203.3a) without paying anything."""
    ids = env.it or (env.picks[-1] if env.picks else [])
    found = [(p, r) for r in ids for p in ctx.work.seating if p != env.controller and r in ctx.work.players[p].resources]
    if op.to != "opponent_faction" or not found:
        _MECHANICS._attach(ctx, op, env)
        return
    for player, rid in found:
        if ctx.work.players[player].resources[rid].attached:
            ctx.note("spoils.402.5", f"{env.source}: the resource {rid} is already attached")
            continue
        ctx.emit(E.ResourcesAttached(player=player, resources=[rid], amount=0))
        ctx.note("spoils.203.3a", f"{env.source}: the resource {rid} is attached to {player}'s faction")



# --------------------------------------------------------------------------------- amounts as damage happens

def _greater_than(s: Any, cid: str, card: Any, h: AM.Happening) -> bool:
    """"If any amount of damage greater than N is inflicted to this card" (N: the trigger's)."""
    return h.target == cid and h.amount > _trigger_n(card, "damage_greater_than")


def _to_party_member(s: Any, cid: str, card: Any, h: AM.Happening) -> bool:
    """"If battle damage is inflicted to a character in a party with this card" (302.6: its own party,
    the card itself one of its members)."""
    b = s.battle
    party = [] if b is None else b.attackers if cid in b.attackers else b.blockers if cid in b.blockers else []
    return h.battle and h.target in party and s.cards[h.target].type == "character"


AM.WHEN["damage_greater_than"] = ("damage", _greater_than)
AM.WHEN["battle_damage_to_party_member"] = ("damage", _to_party_member)


# --------------------------------------------------------------------------------- must block

MUST_BLOCK = "must_block"
"""The key of a lasting effect naming characters that must block if they can (``attacker``: only while
that card attacks, "it must block this card")."""


@handles_can("must_block", "it_must_block_self", "those_must_block")
def _must_block(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"This card must block if it can." (this battle); "it must block this card if it can this turn"."""
    mine, only = op.can == "must_block", op.can == "those_must_block"
    cards = [env.card] if mine and env.card else list(env.it or (env.picks[-1] if env.picks else []))
    if not cards and not only:
        return
    effect = {MUST_BLOCK: cards, "attacker": None if mine or only else env.card, "only": only}
    ctx.emit(E.EffectStarted(effect=effect, source=env.source, controller=env.controller,
                             until="turn" if op.can == "it_must_block_self" else "battle"))
    ctx.note("spoils.505.1", f"{env.source}: {', '.join(cards) or 'no character'} must block if it can"
             + (", and only those can block" if only else ""))


def _can_block(ctx: SpoilsContext, cid: str) -> bool:
    """Whether the character could be one of the blockers now (608.1d, 507.3b-c, "cannot block")."""
    s, b = ctx.work, ctx.work.battle
    card = s.cards.get(cid)
    if b is None or card is None or card.type != "character" or card.controller != b.defender or card.depleted \
            or cid in b.attackers:
        return False
    subject = Subject.card(s, cid)
    covert = "covert" in _CONTINUOUS.keywords(s, cid)[0]
    rule, ok = ("spoils.507.3b", covert) if _covert_party(ctx) else ("spoils.507.3c", not covert)
    return P.verdict(s, rule, allowed_by_rules=ok, subject=subject).allowed and \
        P.verdict(s, "spoils.608.1d", allowed_by_rules=True, subject=subject).allowed


def block_requirements(ctx: SpoilsContext, blockers: list[str]) -> None:
    """505.1: a character that must block and can is among the blockers, or the declaration is refused."""
    b = ctx.work.battle
    for x in ctx.work.effects:
        if MUST_BLOCK not in x.effect or (x.effect.get("attacker") and x.effect["attacker"] not in b.attackers):
            continue
        for cid in x.effect[MUST_BLOCK]:
            if cid not in blockers and _can_block(ctx, cid):
                ctx.violate("spoils.505.1", f"{ctx.work.cards[cid].name} must block if it can ({x.source})")
        for cid in [c for c in blockers if x.effect.get("only") and c not in x.effect[MUST_BLOCK]]:
            ctx.violate("spoils.608.1d", f"{x.source}: only the characters picked can block, not {cid}")



# --------------------------------------------------------------------------------- no rules text

@handles(OP["blank"])
def _blank(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"Until the start of your next turn, treat the card as though it has no rules text." (101.1)."""
    until = lasts(op, env)
    if until is None:  # "treat the attached character ...": continuous, read while this card is in play
        ctx.note("spoils.engine.script-judge", f"{env.source}: \"{op.words()}\" lasts as long as it says")
        return
    for cid in targets(ctx, op.blank, env):
        ctx.emit(E.CardModified(card_id=cid, changes={BLANK: True}, source=env.source, until=until))
        ctx.note("spoils.101.1", f"{env.source}: {ctx.work.cards[cid].name} has no rules text ({until})")



# --------------------------------------------------------------------------------- back from the discard pile



def _to_discard_from_play(h: Happening, cid: str, card: Any) -> list[str] | None:
    """"If a character you control is put into your discard pile from play": that character."""
    gone = h.card() if h.when == "put_in_discard_from_play" else None
    if gone is None or h.card_id == cid or gone.type != "character" or gone.controller != card.controller \
            or gone.owner != card.controller:
        return None
    return [str(h.card_id)]


MATCH["your_character_to_discard_from_play"] = _to_discard_from_play


def _may_pay_and_remove(ctx: SpoilsContext, op: Any, env: Env) -> None:
    """"You may pay 1 and remove a token from this card.": done only if both can be (402.5)."""
    body = list(op.may)
    parts = list(body[0].and_) if len(body) == 1 and isinstance(body[0], OP["and"]) else []
    tokens = sum(-p.tokens for p in parts if isinstance(p, O.Tokens) and isinstance(p.tokens, int) and p.tokens < 0
                 and p.card in (None, "self"))
    pay = sum(p.pay for p in parts if isinstance(p, A.Pay) and isinstance(p.pay, int))
    card = ctx.work.cards.get(env.card or "")
    if tokens and (card is None or card.tokens < tokens or ctx.unattached(env.controller) < pay):
        env.did = False
        ctx.note("spoils.402.5", f"{env.source}: {op.words()}: {env.controller} cannot do it all, so does none of it")
        return
    _FLOW._may(ctx, op, env)


def _back_into_play(ctx: SpoilsContext, op: O.PutIntoPlay, env: Env) -> None:
    """"Put that character into play under your control.": the character that just went from play to
    its owner's discard pile (the trigger names it) comes back as a new card (402.8, 301.4)."""
    what = op.put_into_play
    gone = [c for c in (env.it or []) if c not in ctx.work.cards and c in ctx.state.cards]
    if env.found or not (isinstance(what, Ph.Cards) and what.quantity in ("that", "the")) or not gone:
        _ZONES_DECKS._into_play(ctx, op, env)
        return
    entered = []
    for old in gone:
        card = ctx.state.cards[old]
        spec = ctx.lookup(card.name)
        if spec is None or card.name not in ctx.work.players[card.owner].discard:
            ctx.note("spoils.402.5", f"{env.source}: {card.name} is no longer in {card.owner}'s discard pile")
            continue
        ctx.emit(E.CardsMoved(player=card.owner, count=1, cards=[card.name], from_zone="discard", to="play",
                              source=env.source, rule="spoils.402.8"))
        cid = ctx.new_id("c")
        C.enter_play(ctx, cid, spec, env.controller, card.owner, how="put_into_play", rule="spoils.402.8")
        entered += [cid] if cid in ctx.work.cards else []
    env.it = entered


__all__ = ["block_requirements"]
