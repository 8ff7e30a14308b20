"""Deciding the resource step's actions: playing a character, ascending, learning a skill, receiving
or trading an item, resurrecting a main character (``buffy.resource.*``, ``buffy.uniqueness``)."""
from __future__ import annotations

from adjudicator.buffy import actions as A
from adjudicator.buffy import cards, overrides, uniqueness
from adjudicator.buffy.context import (
    HANDLERS, BuffyContext, board_character, own_character, fatiguing_act, free_id, in_hand, requirement, slug,
    space_owner, trait_requirement,
)
from adjudicator.buffy.state import Character
from adjudicator.core import InvalidAction
from events.models import buffy as E
from events.models.base import DomainEvent


@HANDLERS.on(A.PlayCharacter)
def decide_play_character(ctx: BuffyContext, a: A.PlayCharacter) -> list[DomainEvent]:
    s = ctx.state
    card = a.character
    ctx.require(a.at in s.adjacency and space_owner(a.at) == a.player, "buffy.resource.play-character",
                f"{a.player} may play characters only on their own four spaces, not {a.at}",
                f"{a.at} is one of {a.player}'s spaces")
    ctx.require(card.level == 1, "buffy.resource.play-character", "only level-1 characters are played from hand",
                "a level-1 character")
    in_hand(ctx, a.player, card.name, "buffy.resource.play-character")
    replay = None
    mine_main = {cid: ch for cid, ch in s.characters.items() if ch.owner == a.player and ch.main}
    if card.main:
        for cid, ch in mine_main.items():
            if ch.location == "hand" and ch.name.lower() == card.name.lower():
                replay = cid
                ctx.require("resurrected" not in ch.used_once_per_turn, "buffy.resource.resurrect",
                            f"{ch.name} came back to hand this turn and may be played from the next turn on",
                            f"{ch.name} comes back into play")
        others = {cid: ch for cid, ch in mine_main.items() if cid != replay}
        for cid, ch in others.items():
            if ch.location == "discard" and ch.name.lower() == card.name.lower():
                ctx.require(False, "buffy.resource.resurrect",
                            f"{ch.name} is in the discard pile: resurrect it first")
            else:
                ctx.require(False, "buffy.resource.play-character",
                            f"{a.player} already has a main character ({ch.name})")
    _uniqueness(ctx, a.player, card, replay)
    cid = replay or _new_character_id(ctx, card.name, a.id)
    doc = cards.with_seed(Character(owner=a.player, location=a.at, **card.model_dump()).model_dump(mode="json"))
    for key in ("effective_talents", "total_talents"):
        doc.pop(key, None)
    return [E.CharacterPlayed(player=a.player, character_id=cid, character=doc)]


def _new_character_id(ctx: BuffyContext, name: str, wanted: str | None) -> str:
    s = ctx.state
    if wanted is not None:
        if wanted in s.characters:
            raise InvalidAction(f"a character with id {wanted!r} exists already", [{"field": "id", "message": "taken"}])
        return wanted
    return free_id(slug(name), s.characters)


def _uniqueness(ctx: BuffyContext, player: str, card: A.CharacterCard, replay: str | None) -> None:
    """The duplication limits (``uniqueness.clash``) between the card played and every character."""
    clash = None
    for cid, other in ctx.state.characters.items():
        if cid == replay:
            continue
        if card.main and other.main and other.owner != player and other.name.casefold() == card.name.casefold():
            ctx.note("buffy.uniqueness", f"both players may play {card.name} as their main character")
        if card.main and other.main and other.owner == player:
            continue  # your own main character: the main-character checks above decide
        clash = uniqueness.clash(card.name, card.kind, card.main, player, other)
        if clash:
            break
    ctx.require(clash is None, "buffy.uniqueness", clash or "", f"{card.name} is not in play yet")


def _once_this_turn(ctx: BuffyContext, a: A.Ascend | A.AttachSkill, rule: str, flag: str, done: str) -> Character:
    """``a.character``, the player's own, which has not yet done this once-a-turn act (``flag``).
    Raises InvalidAction when no such character is in play."""
    ch = own_character(ctx, a.character, a.player, rule)
    ctx.require(not getattr(ch, flag), rule, f"{ch.name} has already {done} this turn",
                f"{ch.name} has not {done} this turn")
    return ch

@HANDLERS.on(A.Ascend)
def decide_ascend(ctx: BuffyContext, a: A.Ascend) -> list[DomainEvent]:
    s = ctx.state
    ch = _once_this_turn(ctx, a, "buffy.resource.ascension", "ascended_this_turn", "ascended")
    level = a.level or ch.level + 1
    ctx.require(level == ch.level + 1, "buffy.resource.ascension", f"{ch.name} ascends to level {ch.level + 1}, not {level}",
                f"level {ch.level} to {level}")
    aliases = () if a.card else (ch.name,)
    named = in_hand(ctx, a.player, a.card or f"{ch.name} level {level}", "buffy.resource.ascension", *aliases)
    have = s.players[a.player].destiny
    ctx.require(have >= a.destiny_requirement, "buffy.resource.ascension",
                f"the level-{level} card needs {a.destiny_requirement} destiny; {a.player} has {have}",
                f"{a.player} has {have} destiny, the card needs {a.destiny_requirement}")
    if ch.attachments:
        ctx.note("buffy.resource.ascension", f"{ch.name} keeps {', '.join(x.name for x in ch.attachments)}")
    return [E.CharacterAscended(player=a.player, character=a.character, level=level, card=named or a.card,
                                talents=a.talents, traits=a.traits, effects=a.effects)]


@HANDLERS.on(A.AttachSkill)
def decide_attach_skill(ctx: BuffyContext, a: A.AttachSkill) -> list[DomainEvent]:
    s = ctx.state
    ch = _once_this_turn(ctx, a, "buffy.resource.skills", "skill_this_turn", "learnt a skill")
    in_hand(ctx, a.player, a.skill.name, "buffy.resource.skills")
    requirement(ctx, ch, a.skill.requirement)
    trait_requirement(ctx, ch, a.skill.trait_requirements)
    doc = cards.with_seed(a.skill.model_dump(exclude={"requirement", "trait_requirements"}))
    events: list[DomainEvent] = [E.SkillAttached(player=a.player, character=a.character, skill=doc)]
    events.extend(fatiguing_act(s, ctx, a.character, "learn a skill", "learnt a skill", "buffy.fatigue.skill"))
    return events


@HANDLERS.on(A.AttachItem)
def decide_attach_item(ctx: BuffyContext, a: A.AttachItem) -> list[DomainEvent]:
    s = ctx.state
    ch = own_character(ctx, a.character, a.player, "buffy.resource.items")
    items = [x.name for x in ch.attachments if x.kind == "item"]
    limit, rule, who = overrides.parameter(s, "max_items", ch)
    if a.replaces is not None:
        ctx.require(a.replaces in items, rule, f"{ch.name} carries no item {a.replaces!r}",
                    f"{a.item.name} replaces {a.replaces}, which goes to the discard pile")
    else:
        ctx.require(len(items) < limit, rule, f"{ch.name} already carries {len(items)} items (at most {limit}); "
                                              "name the item it replaces",
                    f"{ch.name} carries {len(items)} of {limit} items")
    in_hand(ctx, a.player, a.item.name, "buffy.resource.items")
    requirement(ctx, ch, a.item.requirement)
    trait_requirement(ctx, ch, a.item.trait_requirements)
    ctx.note("buffy.resource.items", "receiving an item does not fatigue; a fatigued character may receive one")
    doc = cards.with_seed(a.item.model_dump(exclude={"requirement", "trait_requirements"}))
    return [E.ItemAttached(player=a.player, character=a.character, item=doc, replaces=a.replaces)]


@HANDLERS.on(A.TradeItem)
def decide_trade_item(ctx: BuffyContext, a: A.TradeItem) -> list[DomainEvent]:
    src = board_character(ctx, a.from_character, "from")
    dst = board_character(ctx, a.to_character, "to")
    ctx.require(a.from_character != a.to_character, "buffy.resource.trade", "an item is traded to another character")
    ctx.require(src.owner == a.player and dst.owner == a.player, "buffy.resource.trade",
                "items are traded between your own characters")
    ctx.require(src.location == dst.location, "buffy.resource.trade",
                f"{src.name} and {dst.name} are not at the same location", f"both are at {src.location}")
    item = next((x for x in src.attachments if x.kind == "item" and x.name == a.item), None)
    if item is None:
        raise InvalidAction(f"{src.name} carries no item {a.item!r}", [{"field": "item", "message": "not carried"}])
    ctx.require(not item.traded_this_turn, "buffy.resource.trade", f"{a.item} has already been traded this turn",
                f"{a.item} has not been traded this turn")
    limit, rule, _ = overrides.parameter(ctx.state, "max_items", dst)
    ctx.require(sum(1 for x in dst.attachments if x.kind == "item") < limit, rule, f"{dst.name} cannot carry another item")
    ctx.note("buffy.resource.trade", "trading counts as playing a card: play passes to the next player")
    return [E.ItemTraded(player=a.player, item=a.item, from_character=a.from_character, to_character=a.to_character)]


@HANDLERS.on(A.ResurrectMain)
def decide_resurrect_main(ctx: BuffyContext, a: A.ResurrectMain) -> list[DomainEvent] | None:
    ch = ctx.state.characters.get(a.character)
    if ch is None:
        raise InvalidAction(f"no character {a.character!r}", [{"field": "character", "message": "unknown"}])
    ctx.require(ch.owner == a.player and ch.main, "buffy.resource.resurrect", f"{ch.name} is not {a.player}'s main character")
    ctx.require(ch.location == "discard", "buffy.resource.resurrect", f"{ch.name} is not in the discard pile",
                f"{ch.name} is in the discard pile")
    ctx.note("buffy.resource.resurrect", f"{ch.name} goes back to hand without levels, skills or items; "
                                         "it may be played again from the next turn on")
    return [E.MainCharacterResurrected(player=a.player, character=a.character)]
