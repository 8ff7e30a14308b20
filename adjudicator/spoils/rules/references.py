"""References of a running script: what a script's words name on the table now ("it", "that
character", "the attacking party", a selector the action's targets fill), the numbers it says (X,
a statistic), how long a lasting change lasts, and ``Env``, what a running script knows (who
controls it, the targets picked, X, the action's choices).  ``adjudicator.spoils.ops.interpreter`` runs the
operations over them.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.effects.selectors import PLAYER_WORDS
from adjudicator.spoils.rules import at_random as AR
from adjudicator.spoils.rules import counts
from adjudicator.spoils.rules import selection as SEL
from adjudicator.spoils.rules.context import SpoilsContext, as_list
from adjudicator.spoils.rules.environment import Env
from adjudicator.spoils.rules.selection import divided  # MOVER-BACKREF
from adjudicator.spoils.rules.zone_reads import checked, last_seen, owner_of
from adjudicator.spoils.text import conditions_read as _CONDITIONS_READ
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.text import that_player as THAT
from adjudicator.spoils.evolve.projection import opponents
from events.models import spoils as E

FACTION_WORDS = ("opponent_faction", "your_faction", "each_faction", "factions", "faction", "opponent", "you")
PRONOUNS = ("it", "them", "that", "picked", "itself", "those", "they")
CHOOSING = ("a", "an", "another", "one", "any", "up_to", "or_fewer", "any_number")
UNTIL = {"turn": "turn", "this_turn": "turn", "end_of_turn": "turn", "battle": "battle"}


def lasts(op: Any, env: "Env") -> str | None:
    """How long a lasting change lasts (``until`` of its event): this turn, this battle, or "until
    the start of your next turn" (``start_of:<player>``, ended when that player's turn starts, 602.1)."""
    if op.until == "next_turn":
        return f"start_of:{env.controller}"
    return UNTIL.get(op.until or "", None)


# --------------------------------------------------------------------------------- references

def targets(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The cards (or ``faction:<player>``) a reference names now."""
    return [c for c in _named(ctx, ref, env) if c in ctx.work.cards or _is_faction(ctx, c)]


def last_known(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    """The cards a reference names, also those that left play during this decision ("destroy that
    character ... X is the strength of that character": spoils.engine.last-known)."""
    return [c for c in _named(ctx, ref, env) if c in ctx.work.cards or c in ctx.state.cards or _is_faction(ctx, c)
            or last_seen(ctx, c) is not None]


def _named(ctx: SpoilsContext, ref: Any, env: Env) -> list[str]:
    s = ctx.work
    if ref is None or ref in PRONOUNS:
        found = env.it or ([env.card] if env.card else [])
    elif ref == "self":
        found = [env.card] if env.card else []
    elif ref == "attached":
        host = s.cards.get(env.card or "")
        found = [host.attached_to] if host is not None and host.attached_to else []
    elif isinstance(ref, str) and ref in FACTION_WORDS:
        return ctx.targets_ref(ref, env.controller)
    elif isinstance(ref, str) and ref in PARTIES:
        found = _party(ctx, ref, env)
    elif isinstance(ref, str) and ref in NAMED:  # references a round-4 family resolves (scripted_damage)
        return NAMED[ref](ctx, env)
    elif isinstance(ref, list):
        found = [t for r in ref for t in _named(ctx, r, env)]
    elif isinstance(ref, Ph.Cards):
        found = _cards(ctx, ref, env)
    else:
        found = [str(ref)]
    return found


NAMED: dict[str, Any] = {}
"""Word references resolved by the module that reads them: ``(ctx, env) -> card ids or factions``."""
PARTIES = ("attacking_party", "all_members_of_attacking_party", "blocking_party", "all_members_of_blocking_party",
           "each_member_of_blocking_party", "characters_in_opposing_party", "all_characters_in_opposing_party",
           "other_members_of_its_party")
"""References to the parties of the battle in progress (608.1b, 608.1d): the attacking party, the
blocking party, the party opposing this card's, the other members of this card's party."""


def _party(ctx: SpoilsContext, ref: str, env: Env) -> list[str]:
    b = ctx.work.battle
    if b is None:
        return []
    if "attacking" in ref:
        return list(b.attackers)
    if "blocking" in ref:
        return list(b.blockers)
    mine = list(b.attackers) if env.card in b.attackers else list(b.blockers) if env.card in b.blockers else []
    if ref == "other_members_of_its_party":
        return [c for c in mine if c != env.card]
    return list(b.blockers) if env.card in b.attackers else list(b.attackers) if env.card in b.blockers else []


def _is_faction(ctx: SpoilsContext, ref: str) -> bool:
    return ref.startswith("faction:") and ref.split(":", 1)[1] in ctx.work.seating


def _cards(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> list[str]:
    s = ctx.work
    kept = getattr(env, "kept", None)
    if "remaining" in ref.adjectives and kept is not None:  # the cards a choice before did not keep (402.5b)
        plain = ref.model_copy(update={"quantity": "all", "adjectives": [a for a in ref.adjectives if a != "remaining"]})
        return [cid for cid in s.cards if cid not in kept and S.matches(s, cid, plain, env.controller, env.card)]
    if ref.with_ and SEL.EXTREME.match(ref.with_):
        return SEL.extreme(ctx, ref, env)
    if "attached" in ref.adjectives and ref.quantity in ("the", "that"):
        return targets(ctx, "attached", env)
    if ref.quantity in ("the", "that", "those"):
        for group in reversed(env.picks):
            if group and all(S.matches(s, c, ref.model_copy(update={"quantity": "a", "adjectives": []}),
                                       s.cards[c].controller) for c in group if c in s.cards):
                return group
        if not env.it and {"attacking", "blocking"} & set(ref.adjectives):  # "the attacking characters": all of them
            return [cid for cid in s.cards if S.matches(s, cid, ref.model_copy(update={"quantity": "all"}), env.controller,
                                                        env.card)]
        return env.it
    if ref.quantity in CHOOSING or isinstance(ref.quantity, int):
        return chosen(ctx, ref, env)
    return [cid for cid in s.cards if S.matches(s, cid, ref, env.controller, env.card)
            and counts.within(s, cid, ref.with_, env.x)]  # "with numeric cost X or less"


def chosen(ctx: SpoilsContext, ref: Ph.Cards, env: Env, rule: str = "spoils.310.1") -> list[str]:
    """The cards the player chose for a selector ("pick a character", "a character you control"):
    the next entry of the action's ``targets``, checked against the selector (kind, controller,
    adjectives, how many; in play, 402.3).  A blocking violation when they do not fit."""
    s = ctx.work
    if "random" in ref.adjectives and SR.random_read(ref):  # drawn, not chosen (spoils.engine.at-random)
        return AR.cards_drawn(ctx, ref, env)
    entry = env.queue.pop(0) if env.queue else None
    ids = [str(x) for x in as_list(entry)]
    if THAT.picks_a_player(ref):
        return _chosen_player(ctx, ref, env, ids, rule)
    if ref.zone in ("discard", "hand", "deck"):
        return _chosen_out_of_play(ctx, ref, env, ids, rule)
    if ref.being_played:
        return _chosen_being_played(ctx, ref, env, ids, rule)
    need = how_many(ref, env)
    words = ref.words()
    ok_count = (len(ids) <= need[1] and len(ids) >= need[0])
    if not ctx.require(ok_count, rule, f"{env.source}: choose {words} (give its card id in targets; "
                       f"{len(ids)} given)", f"{env.source}: {words}: {', '.join(ids) or 'none'}", blocking=True):
        return []
    earlier = {c for g in env.picks for c in g}
    want = same_type(ctx, ref, env)
    for cid in ids:
        fits = (S.matches(s, cid, ref, env.controller, env.card) and counts.within(s, cid, ref.with_, env.x)
                or _faction_fits(ctx, cid, ref, env)) and not (ref.quantity == "another" and cid in earlier) \
            and (want is None or cid in s.cards and s.cards[cid].type == want)
        if not fits and _is_faction(ctx, cid) and "faction" not in S._kinds(ref):
            ctx.note("spoils.faq.faction-not-pickable", f"{env.source} says {words}, not a faction: no faction "
                                                        f"can be picked by it")
            ctx.violate("spoils.202.9a", f"{env.source}: {cid} is a faction, and a faction is picked only by a "
                                         f"card that says it may pick a faction", blocking=True)
            ctx.violate(rule, f"{env.source}: {cid} is a faction, not {words}", blocking=True)
            return []
        what = s.cards[cid].name if cid in s.cards else f"{cid!r} (not a card in play, 402.3)"
        if not ctx.require(fits, rule, f"{env.source}: {what} is not {words}", blocking=True):
            return []
        if SEL.unpickable(ctx, cid, env):
            ctx.violate("spoils.101.1", f"{s.cards[cid].name} says \"your opponent cannot pick this card\": "
                                        f"{env.controller} cannot pick it (310.1)", blocking=True)
            return []
    env.picks.append(ids)
    env.it = ids
    return ids


def _chosen_player(ctx: SpoilsContext, ref: Ph.Cards, env: Env, said: list[str], rule: str) -> list[str]:
    """"Pick an opponent." (310.1): one of the controller's opponents, named by their player id in ``targets``;
    the player picked is whom a "that player" after it names (``Env.that_player``, ``text.that_player``)."""
    can = opponents(ctx.work, env.controller)
    words = ref.words()
    if not ctx.require(len(said) == 1 and said[0] in can, rule, f"{env.source}: pick {words} (give one of "
                       f"{', '.join(can) or 'no player'} in targets; {', '.join(said) or 'none'} given)",
                       f"{env.source}: {words}: {', '.join(said)}", blocking=True):
        return []
    env.that_player = said[0]
    return said


def that_players(ctx: SpoilsContext, ref: Any, env: Env) -> list[str] | None:
    """"That player", "that player's opponent": the player named before it (``Env.that_player``,
    ``text.that_player``); none when nothing before named one (the judge's: fail closed, never a guess); None when
    ``ref`` names some other player."""
    if ref not in THAT.THAT_PLAYER:
        return None
    if env.that_player is None:
        ctx.note("spoils.engine.script-judge", f"{env.source}: no player is named before \"{PLAYER_WORDS[ref]}\": "
                                               f"the judge resolves what it says of them")
        return []
    return [env.that_player] if ref == "that_player" else ctx.players_ref("opponent", env.that_player)


def _chosen_out_of_play(ctx: SpoilsContext, ref: Ph.Cards, env: Env, said: list[str], rule: str) -> list[str]:
    """A card picked out of play ("a character in your discard pile"): the action names it in
    ``targets``; it must fit the selector and be in that zone (a discard pile is open to all)."""
    player = owner_of(ctx, ref.zone_owner, env)
    low, high = how_many(ref, env)
    if not ctx.require(low <= len(said) <= high, rule, f"{env.source}: choose {ref.words()} (give its name in "
                       f"targets; {len(said)} given)", f"{env.source}: {ref.words()}: {', '.join(said)}", blocking=True):
        return []
    found = checked(ctx, env, said, player, ref.zone or "discard", ref.model_copy(update={"zone": None}), "picked")
    if not ctx.require(len(found) == len(said), rule, f"{env.source}: {', '.join(sorted(set(said) - set(found)))} "
                       f"is not {ref.words()}", "", blocking=True):
        return []
    env.found, env.searched, env.zone = found, player, ref.zone
    env.picks.append(found)
    return found


def _chosen_being_played(ctx: SpoilsContext, ref: Ph.Cards, env: Env, said: list[str], rule: str) -> list[str]:
    """"Pick a card being played of the same type as the discarded card": a play waiting for
    responses (403.3), named by its id or its card's, of the kind the text says (and of the type of
    the card the cost discards, ``choices.discarded``)."""
    plays = [p for p in ctx.work.pending if p.card is not None and said and said[0] in (p.id, p.card_id)]
    kinds, want = S._kinds(ref), same_type(ctx, ref, env)
    ok = len(said) == 1 and bool(plays) and any(k in ("card", plays[0].card.type) for k in kinds) and \
        (want is None or plays[0].card.type == want)
    if not ctx.require(ok, rule, f"{env.source}: choose {ref.words()} (give the id of its play in targets; "
                       f"{', '.join(said) or 'none'} given)", f"{env.source}: {ref.words()}: "
                       f"{plays[0].name if plays else ''}", blocking=True):
        return []
    env.picks.append([plays[0].id])
    env.it = [plays[0].id]
    return [plays[0].id]


def same_type(ctx: SpoilsContext, ref: Ph.Cards, env: Env) -> str | None:
    """The card type "of the same type as the discarded (removed) card" asks for: the card this
    script made a player discard (or the one the action names, ``choices.discarded``), the card its
    cost removed from a discard pile, the card it revealed ("the card"); None when the text says no
    such thing or the card is unknown."""
    if ref.same_type_as == "the discarded card":
        said = [n for _, n in env.discarded] or [str(n) for n in as_list(env.choices.get("discarded"))]
    elif ref.same_type_as == "the removed card":
        said = next((g for g in reversed(env.picks) if g and not any(c in ctx.work.cards or str(c).startswith("faction:")
                                                                     for c in g)), [])
    elif ref.same_type_as == "the card":  # the card this script revealed ("Reveal the top card ... Put it ...")
        said = next((list(e.cards) for e in reversed(ctx.events) if isinstance(e, E.CardsRevealed)
                     and e.source == env.source and e.cards), [])
    else:
        return None
    spec = ctx.lookup(str(said[0])) if said else None
    return spec.type if spec is not None else None


def _faction_fits(ctx: SpoilsContext, ref_id: str, ref: Ph.Cards, env: Env) -> bool:
    """A faction is picked only by a card that says so ("pick a character or faction",
    spoils.faq.faction-not-pickable)."""
    if "faction" not in S._kinds(ref) or not _is_faction(ctx, ref_id):
        return False
    whose = S._whose(ref.controller)
    owner = ref_id.split(":", 1)[1]
    return whose == "any" or (whose == "you") == (owner == env.controller)


def how_many(ref: Ph.Cards, env: Env) -> tuple[int, int]:
    n = ref.count if isinstance(ref.count, int) else (env.x or 0) if ref.count == "X" else None
    if ref.quantity in ("up_to", "or_fewer"):
        return 0, n or 0
    if ref.quantity == "any_number":
        return 0, 1000
    if ref.quantity == "bare" and n is not None:  # "Remove X cards in your discard pile from the game"
        return n, n
    if isinstance(ref.quantity, int):
        return ref.quantity, ref.quantity
    return 1, 1


def amount(ctx: SpoilsContext, n: Any, env: Env) -> int:
    """A number an operation says: a figure, X (X+X, X+2), or a statistic of the card it names."""
    if isinstance(n, O.AmountSpec):
        n = n.amount
    if isinstance(n, O.CountSpec):
        n = n.count
    if isinstance(n, int):
        return n
    if isinstance(n, Ph.Stat):
        return _stat(ctx, n, env)
    x = env.x or 0
    if n in ("X", "same"):  # "the same amount": what the trigger that fired measured (settling.fire's x)
        return x
    if n == "Y":
        return env.y or 0
    if n == "X+X":
        return 2 * x
    if isinstance(n, str) and n.startswith("X+") and n[2:].isdigit():
        return x + int(n[2:])
    return 0


def _stat(ctx: SpoilsContext, stat: Ph.Stat, env: Env) -> int:
    played = SEL.card_being_played(ctx, stat, env, last_known(ctx, stat.of, env) if stat.of is not None else [])
    if played is not None:
        return played
    return counts.value(ctx, stat, env.controller, lambda ref: last_known(ctx, None if ref in PRONOUNS else ref, env))


def precheck_divided(ctx: SpoilsContext, ops: list, env: "Env") -> None:
    """As a card is played or an ability used: when its effect begins with damage "divided however
    you want", the split its action gives (``choices.divided``) is checked against the cards the
    damage aims at and its amount then (402.1), so that a split it cannot take is refused at once
    rather than left to stop the play from resolving."""
    op = ops[0] if ops else None
    if "divided" not in env.choices or not isinstance(op, O.Damage) or not op.divided:
        return
    pass  # (scripted imports this module)

    n, aimed = damage_aim(ctx, op, env)
    divided(ctx, op, n, aimed, env)


def damage_aim(ctx: SpoilsContext, op: O.Damage, env: Env) -> tuple[int, list[str]]:
    """How much damage an "inflict" deals and the cards (or factions) it aims at now."""
    spec = op.damage if isinstance(op.damage, O.AmountSpec) else None
    n = amount(ctx, op.damage, env)
    if op.for_each is not None:
        n *= _CONDITIONS_READ.count(ctx.work, op.for_each, env.card, env.controller)
    return n, targets(ctx, (spec.to if spec else None) or op.to, env)
