"""The effect language assembled: the unions of operations and abilities, the documents the
engines exchange, a card's script, and the functions that read and check them.

``parse_effect(doc, game)`` reads one effect document (an operation, a trigger or a replacement),
``parse_effects(docs, game)`` a list, ``parse_play(doc)`` Buffy's ``play_effect`` record; each
raises ``EffectError`` naming the JSON path of the first bad field.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any, Iterable, Literal, Union

from pydantic import Field, TypeAdapter, ValidationError

from adjudicator.effects import (abilities, battle, characteristics, choices, coins, costs, counts, damage, decks,
                                 factions, flow, games, hands, influence, keywords, numbers, old_heads, permissions,
                                 plays, replacements, resources, switches, timing, tokens, triggers, zones)
from adjudicator.effects.abilities import CardPlay
from adjudicator.effects.base import (PLAIN, TYPES_NAMESPACE, Node, Say, json_path, language_adapter, normalise,
                                     tagged, telling_error)
from adjudicator.effects.selectors import Cards

ENGINE_OPERATIONS: list[type[Node]] = [
    hands.Draw, resources.PlayResource, hands.Discard, damage.Damage, influence.LoseInfluence, influence.GainInfluence,
    zones.Destroy, zones.ReturnToHand, zones.RemoveFromGame, zones.ShuffleIntoDeck, zones.PutInDiscard, zones.Deplete,
    zones.Restore, characteristics.Modify, characteristics.ModifyEither, characteristics.Gain, characteristics.Lose,
    permissions.Permit, permissions.Forbid, zones.GainControl, zones.RemoveFromBattle, zones.AddToBattle, tokens.Tokens,
    tokens.CreateToken, zones.PutIntoPlay, damage.Heal, plays.Terminate, resources.Provides, games.Set,
    games.AvoidFatigue, games.FightTalent, games.GrantTraits, permissions.Note, games.TakeForm
]
"""The operations the engines read today, each with the documents it accepts."""

TEXT_OPERATIONS: list[type[Node]] = [
    numbers.PickX, numbers.ChooseX, numbers.XIs, zones.Put, decks.Search, decks.Reveal, decks.LookAt, zones.Flip,
    zones.Attach, permissions.Cannot, permissions.Can, permissions.Able, costs.ReduceNextCost, tokens.EntersWithTokens,
    coins.FlipCoin,
    resources.Detach, decks.PutBack, decks.Shuffle, resources.ResolveAsResource, choices.NameACard,
    choices.ChooseCardType, plays.PlayCard, replacements.AdjustAmount, battle.PartySize, numbers.Where,
    characteristics.Blank, zones.EntersUnderYou, costs.ReduceCost, choices.TheyPick, battle.Attack,
    choices.TieBreak, flow.May, flow.Provided, flow.IfYouDo, flow.IfThen, flow.IfYouDont, flow.CoinOutcome,
    flow.IfThey, flow.Otherwise, flow.While, flow.Or, flow.And, flow.BothPlayers,
    flow.TheyChoose, flow.XIfElse, flow.WhenItEntersPlay
]
"""Operations and conditions that printed card texts need beyond those: choosing X, "you may ... If you
do, ...", moving cards between zones, searching, restrictions, cost reductions..."""

SWITCH_OPERATIONS: list[type[Node]] = [
    switches.Tax, switches.ReduceAllDamage, switches.Duplicate, switches.UseAbility,
    switches.ChangeAttackTarget, switches.ChooseCard, switches.NextDamage
]
"""Operations that change how the rules treat play for a while (taxes, damage reductions...)."""

SPOILS_TEXT_OPERATIONS: list[type[Node]] = [
    replacements.Instead, coins.ReflipCoin, characteristics.GainSubtype, decks.Split, replacements.NextTimeDestroyed,
    flow.AsPrinted, flow.IfItIs, flow.DoTheSame, resources.ControlAdditional, choices.OpponentChoosesOf,
    flow.ByThem, flow.Later, decks.RevealUntil,
    numbers.XIfItIs, plays.PlayTotal, choices.AmongThem,
    plays.TerminateToHand, hands.OwnerPutsOnTop, timing.OnlyInResponseToPick, costs.PickInstead, costs.AsThoughPicked,
    plays.EffectTwice, tokens.ByTokenCount,
    tokens.SpendTokens, choices.ChooseOfEachType, characteristics.CharacterType,
    characteristics.ModifyKinds, permissions.KeptDepleted, flow.OrShared,
    battle.OnlyPartiesBlock, characteristics.GainRulesText
]
"""Operations a few Spoils cards print that the rest of the language did not say."""

OPERATIONS: list[type[Node]] = [*ENGINE_OPERATIONS, costs.Pay, costs.Pick, timing.OnlyWhen, *TEXT_OPERATIONS,
                                *SWITCH_OPERATIONS, *SPOILS_TEXT_OPERATIONS]
Operation = tagged("operation", OPERATIONS, also=old_heads.read)
Effects = list[Operation]  # type: ignore[valid-type]
OneOrMore = Union[Operation, list[Operation]]  # type: ignore[valid-type]
"""Where the engines' documents write one operation or a list (a trigger's ``effect``)."""

TEXT_ABILITIES: list[type[Node]] = [
    factions.Influence, factions.StartingResources, factions.StartingDraw, factions.FactionRule
]
"""Abilities of the factions' printed texts (influence, starting resources and draw, rules)."""

ABILITIES: list[type[Node]] = [
    keywords.Keyword, abilities.Activated, abilities.Play, abilities.ExtraCost, abilities.Static, abilities.Threshold,
    abilities.Choice, triggers.Trigger, replacements.Replacement, replacements.ChangeAmount, *TEXT_ABILITIES
]
Ability = tagged("ability", ABILITIES)
Abilities = list[Ability]  # type: ignore[valid-type]

_NS = {"Effects": Effects, "OneOrMore": OneOrMore, "Abilities": Abilities, "Cards": Cards,
       "TokensOn": counts.TokensOn}


TYPES_NAMESPACE.update(_NS)
"""The nodes are built on first use (``Node.model_rebuild``), with these names for the unions."""

GAME_ONLY: dict[type[Node], str] = {
    games.FightTalent: "buffy", games.GrantTraits: "buffy", games.AvoidFatigue: "buffy", games.Set: "buffy",
    games.TakeForm: "wowmini", resources.PlayResource: "spoils", resources.Provides: "spoils",
    tokens.CreateToken: "spoils",
}


class EffectError(ValueError):
    """An effect document the language does not accept.  ``errors`` lists ``{"field",
    "message"}`` items, ``field`` being the JSON path (``effect.0.damage``) of the bad value."""

    def __init__(self, message: str, errors: list[dict[str, str]]):
        super().__init__(message)
        self.errors = errors


def _raise(exc: ValidationError, doc: Any, prefix: str) -> None:
    shown = telling_error(exc.errors())
    first = {"field": json_path(shown["loc"], prefix), "message": shown["msg"]}
    errors = [first] + [{"field": json_path(e["loc"], prefix), "message": e["msg"]} for e in exc.errors()
                        if e is not shown]
    raise EffectError(f"{first['field'] or prefix}: {first['message']}", errors) from None


def _check_game(node: Any, game: str | None, path: str) -> None:
    if game is None:
        return
    for sub, where in _walk(node, path):
        owner = GAME_ONLY.get(type(sub))
        if owner and owner != game:
            raise EffectError(f"{where}: {sub.HEAD} is a {owner} operation, not a {game} one",
                              [{"field": where, "message": f"{sub.HEAD} is not an operation of {game}"}])
        for key in ("permit", "forbid"):
            rule = getattr(sub, key, None) if isinstance(sub, (permissions.Permit, permissions.Forbid)) else None
            if isinstance(rule, str) and not rule.startswith(f"{game}."):
                raise EffectError(f"{where}.{key}: {rule!r} is not a rule of {game}",
                                  [{"field": f"{where}.{key}", "message": f"expected a {game} rule id"}])
        if game == "buffy" and isinstance(sub, (characteristics.Gain, characteristics.Lose)) and not isinstance(getattr(sub, sub.HEAD), dict):
            raise EffectError(f"{where}.{sub.HEAD}: Buffy cards gain talents, e.g. {{\"butt_kicking\": 1}}",
                              [{"field": f"{where}.{sub.HEAD}", "message": "expected talents and amounts"}])


def _walk(node: Any, path: str) -> Iterable[tuple[Node, str]]:
    if isinstance(node, Node):
        yield node, path
        for name in type(node).model_fields:
            yield from _walk(getattr(node, name), f"{path}.{name}" if path else name)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _walk(item, f"{path}.{i}" if path else str(i))


EffectDocument = tagged("effect", [*OPERATIONS, replacements.Replacement], fallback=[triggers.Trigger],
                        also=old_heads.read)


def build_all() -> None:
    """Builds the validators and serializers of the language's operations and abilities and of a
    card's script now, rather than on first use: what a server's master does before it forks its
    workers, so that each worker starts with them built instead of building its own."""
    for model in [counts.Stat, *OPERATIONS, *ABILITIES, counts.ForEach, CardScript]:
        model.model_rebuild()


@lru_cache(maxsize=None)
def _adapter(kind: str) -> TypeAdapter[Any]:
    """The validators, built on first use (building the language's schema takes a moment)."""
    return language_adapter({"effect": EffectDocument, "effects": list[EffectDocument],  # type: ignore[valid-type]
                             "play": CardPlay}[kind])


def _validate(kind: str, doc: Any, game: str | None, field: str) -> Any:
    try:
        node = _adapter(kind).validate_python(doc)
    except ValidationError as exc:
        _raise(exc, doc, field)
    _check_game(node, game, field)
    return node


def parse_effect(doc: Any, game: str | None = None, *, field: str = "effect") -> Node:
    """One effect document (an operation, a trigger or a replacement) as a model.  Raises
    EffectError naming the path (under ``field``) of the first bad field; with ``game``, also
    refuses an operation or a rule id of another game."""
    return _validate("effect", doc, game, field)


def parse_effects(docs: Any, game: str | None = None, *, field: str = "effects") -> list[Node]:
    """A list of effect documents (a single mapping counts as a list of one).  Raises EffectError."""
    return _validate("effects", [docs] if isinstance(docs, dict) else docs, game, field)


def parse_play(doc: Any, *, field: str = "effect") -> CardPlay:
    """Buffy's ``play_effect`` record.  Raises EffectError naming the bad field."""
    return _validate("play", doc, None, field)


def dump(nodes: Node | list[Node]) -> Any:
    """The documents ``nodes`` were read from (the round trip of ``parse_effect``)."""
    if isinstance(nodes, list):
        return [n.dump() for n in nodes]
    return nodes.dump()


def text_sha(text: str | None) -> str:
    """The hash a script records of the printed text it was written from: sha256 of the text
    as ``normalise`` sees it, 16 hex digits (a reprint that only re-encodes a quote stays fresh)."""
    return hashlib.sha256(normalise(text).encode()).hexdigest()[:16]


class CardScript(Node):
    """A card's text as a script: what it was written from (``text_sha``), its abilities, how
    its text calls the card itself, Buffy's card-play record, and the printed sentences the
    script does not cover (a partial script lists them)."""

    text_sha: str = Field(pattern=r"^[0-9a-f]{16}$")
    self_name: str | None = None
    pronoun: Literal["her", "him", "them"] | None = None
    abilities: Abilities = Field(default_factory=list)  # type: ignore[valid-type]
    play: CardPlay | None = None
    not_covered: list[str] = Field(default_factory=list)
    notes: str | None = None

    def say(self, game: str | None = None) -> Say:
        return Say(self_name=self.self_name or "this card", game=game, pronoun=self.pronoun or "them")

    def words(self, say: Say = PLAIN) -> str:
        parts = [a.words(say) for a in self.abilities]
        if self.play is not None:
            parts.append(self.play.words(say))
        return " ".join(p for p in parts if p)

    def effects(self) -> list[Node]:
        """The continuous effects of the card (its ``static`` abilities' operations), as the
        engines read them on a card in play."""
        return [op for a in self.abilities if isinstance(a, abilities.Static) for op in a.static]

