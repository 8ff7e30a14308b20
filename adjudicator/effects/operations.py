"""Operations: one model per thing an effect does.  Each accepts the documents the engines read
today (``{"draw": 1}``, ``{"damage": {"amount": 2, "to": "c1"}}``...) unchanged, and the richer
fields card scripts need; each says itself in words.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series
from adjudicator.effects.games import (TALENT_WORDS, AvoidFatigue, FightTalent, GrantTraits, Set, TakeForm,
                                       Talent)
from adjudicator.effects.phrases import (Amount, Cards, Condition, ForEach, PlayerRef, Stat, Target, Until, amount_words,
                                         is_plural, player_words, possessive, ref_words, until_words)

Refs = Union[Target, list[str]]


def _refs(value: Refs | None, say: Say, pronoun: bool = False) -> str:
    if isinstance(value, list):
        return series([ref_words(v, say) for v in value])
    return ref_words(value, say, pronoun)


def _third(verb: str, subject: str) -> str:
    """"draw" -> "draws" unless the subject is "you"."""
    if subject == "you":
        return verb
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def _act(who: str, verb: str, what: str) -> str:
    """"draw a card" (you: imperative), "your opponent draws a card"."""
    return f"{verb} {what}" if who == "you" else f"{who} {_third(verb, who)} {what}"


class _Lasting(Node):
    """An operation that may last: ``until`` ("turn", "battle"...), said first ("This turn, ...")
    or last ("... this turn")."""

    until: Until | None = None
    until_last: bool | None = None
    until_comma: bool = True

    def timed(self, clause: str) -> str:
        when = until_words(self.until)
        if not when:
            return clause
        return f"{clause} {when}" if self.until_last else f"{when}{',' if self.until_comma else ''} {clause}"


# ------------------------------------------------------------------------------ cards and hands

class CountSpec(Node):
    count: Amount = 1
    player: PlayerRef | None = None
    cards: list[str] | None = None


class Draw(Node):
    HEAD = "draw"
    draw: Amount | CountSpec
    player: PlayerRef | None = None
    cards: list[str] | None = None
    up_to: bool = False
    numeral: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.draw if isinstance(self.draw, CountSpec) else None
        n = spec.count if spec else self.draw
        who = player_words((spec.player if spec else None) or self.player)
        what = "1 card" if n == 1 and self.numeral else "a card" if n == 1 and not self.up_to else f"{'up to ' if self.up_to else ''}{amount_words(n, say)} cards"
        return sentence(_act(who, "draw", what))


class Discard(Node):
    HEAD = "discard"
    discard: Amount | CountSpec | Literal["hand"]
    what: Cards | None = None
    player: PlayerRef | None = None
    at_random: bool = False
    another: bool = False
    that: Literal["card", "character", "item", "location", "tactic", "those cards"] | None = None
    numeral: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.discard if isinstance(self.discard, CountSpec) else None
        n = spec.count if spec else self.discard
        who = player_words((spec.player if spec else None) or self.player)
        what = self.what.words(say) if self.what is not None else \
            (self.that if self.that.startswith("those") else f"that {self.that}") if self.that else \
            ("their hand" if self.player not in (None, "you") else "your hand") if n == "hand" else \
            "another card" if self.another else ("1 card" if self.numeral else "a card") if n == 1 else f"{amount_words(n, say)} cards"
        return sentence(_act(who, "discard", what) + (" at random" if self.at_random else ""))


class PlayResource(Node):
    HEAD = "play_resource"
    play_resource: int | dict[str, Any] = 1
    up_to: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.up_to:
            return f"Play up to {self.play_resource} resources."
        return "Play a resource."


class AmountSpec(Node):
    amount: Amount = 0
    to: Refs | None = None
    player: PlayerRef | None = None


class Damage(Node):
    """"Inflict 2 damage to the character." (``to``: a card, a faction reference, a selector)."""

    HEAD = "damage"
    damage: Amount | AmountSpec
    to: Refs | None = None
    for_each: ForEach | None = None
    where: Stat | None = None
    up_to: bool = False
    divided: bool = False
    by_self: bool = False
    additional: bool = False

    def words(self, say: Say = PLAIN) -> str:
        spec = self.damage if isinstance(self.damage, AmountSpec) else None
        n = spec.amount if spec else self.damage
        to = (spec.to if spec else None) or self.to
        tail = f" {self.for_each.words(say)}" if self.for_each else ""
        tail += f", where X is {self.where.words(say)}" if self.where is not None else ""
        how = " divided however you want" if self.divided else ""
        verb = f"{say.self_name} inflicts" if self.by_self else "inflict"
        n_said = amount_words(n, say) + (" additional" if self.additional else "")
        return sentence(f"{verb} {'up to ' if self.up_to else ''}{n_said} damage{how} to "
                        f"{_refs(to, say)}{tail}")


class _Influence(Node):
    DEFAULT: ClassVar[str] = "you"

    def _say(self, verb: str, value: Any, player: PlayerRef | None, say: Say) -> str:
        spec = value if isinstance(value, AmountSpec) else None
        n = spec.amount if spec else value
        who = (spec.player if spec else None) or player
        where = getattr(self, "where", None)
        tail = f", where X is {where.words(say)}" if where is not None else ""
        subject = "it" if who == "it" else f"{possessive(who, self.DEFAULT)} faction"
        return sentence(f"{subject} {verb} {amount_words(n, say)} influence{tail}")


class LoseInfluence(_Influence):
    HEAD = "lose_influence"
    DEFAULT: ClassVar[str] = "opponent"
    lose_influence: Amount | AmountSpec
    player: PlayerRef | None = None
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        return self._say("loses", self.lose_influence, self.player, say)


class GainInfluence(_Influence):
    HEAD = "gain_influence"
    DEFAULT: ClassVar[str] = "you"
    gain_influence: Amount | AmountSpec
    player: PlayerRef | None = None
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        return self._say("gains", self.gain_influence, self.player, say)


# ------------------------------------------------------------------------------ moving cards

class _Move(Node):
    """An operation on cards named by reference or selector."""

    VERB: ClassVar[str] = ""
    if_you_can: bool = False

    def target(self) -> Refs:
        return getattr(self, self.HEAD)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.VERB.format(_refs(self.target(), say)) + (" if you can" if self.if_you_can else ""))


class Destroy(_Move):
    HEAD, VERB = "destroy", "destroy {}"
    destroy: Refs


class ReturnToHand(_Move):
    HEAD, VERB = "return_to_hand", "put {} into its owner's hand"
    return_to_hand: Refs


class RemoveFromGame(_Move):
    HEAD, VERB = "remove_from_game", "remove {} from the game"
    remove_from_game: Refs
    face_down: bool = False

    def words(self, say: Say = PLAIN) -> str:
        text = super().words(say)
        return text[:-1] + " face-down." if self.face_down else text


class ShuffleIntoDeck(_Move):
    HEAD, VERB = "shuffle_into_deck", "shuffle {} into its owner's deck"
    shuffle_into_deck: Refs
    into_yours: bool = False

    def words(self, say: Say = PLAIN) -> str:
        text = super().words(say)
        return text.replace("into its owner's deck", "into your deck") if self.into_yours else text


class PutInDiscard(_Move):
    HEAD, VERB = "put_in_discard", "put {} into its owner's discard pile"
    put_in_discard: Refs


class Deplete(_Move):
    HEAD, VERB = "deplete", "deplete {}"
    deplete: Refs


class Restore(_Move):
    HEAD, VERB = "restore", "restore {}"
    restore: Refs


class RemoveFromBattle(_Move):
    HEAD, VERB = "remove_from_battle", "remove {} from the battle"
    remove_from_battle: Refs


class AddToBattle(_Move):
    HEAD = "add_to_battle"
    add_to_battle: Refs
    party: Literal["attacking", "blocking"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{_refs(self.add_to_battle, say)} joins the {self.party or 'attacking'} party")


class GainControl(_Lasting):
    HEAD = "gain_control"
    gain_control: Refs
    player: PlayerRef | None = None

    def words(self, say: Say = PLAIN) -> str:
        if self.player in ("opponent", "opponents"):
            return sentence(self.timed(f"your opponent takes control of {_refs(self.gain_control, say)}"))
        return sentence(self.timed(f"take control of {_refs(self.gain_control, say)}"))


class PutIntoPlay(Node):
    """A card put into play (402.8): by name or description (engine documents) or a reference."""

    HEAD = "put_into_play"
    put_into_play: Annotated[Union[Cards, str, dict[str, Any]], Field(union_mode="left_to_right")]
    id: str | None = None
    attach_to: str | None = None
    under: Literal["you", "owner", "opponent"] | None = None
    face_down: bool = False
    as_resource: bool = False
    as_attacker: bool = False
    as_blocker: bool = False
    resource_first: bool = False
    attached_to_self: bool = False
    depleted: bool = False

    def words(self, say: Say = PLAIN) -> str:
        what = self.put_into_play
        name = what.words(say) if isinstance(what, Cards) else ref_words(what, say) if isinstance(what, str) \
            else str(what.get("name", "a card"))
        under = {"you": " under your control", "owner": " under its owner's control",
                 "opponent": " under your opponent's control", None: ""}[self.under]
        if self.as_resource and self.resource_first:
            return sentence(f"put {name} into play as a face-down resource{under}")
        face = " as a face-down resource" if self.as_resource else " face-down" if self.face_down else \
            " as a member of the attacking party" if self.as_attacker else \
            " as a member of the blocking party" if self.as_blocker else ""
        attached = f" attached to {say.self_name}" if self.attached_to_self else ""
        text = sentence(f"put {name} into play{under}{face}{attached}")
        return text + (" Deplete it." if self.depleted else "")


class CreateToken(Node):
    HEAD = "create_token"
    create_token: str | dict[str, Any]
    count: int = 1
    id: str | None = None
    under: Literal["you"] | None = None
    with_: str | None = Field(None, alias="with")

    def words(self, say: Say = PLAIN) -> str:
        name = self.create_token if isinstance(self.create_token, str) else str(self.create_token.get("name"))
        name = "Micromajig" if name.lower() in ("micromajig", "micromajig token") else name
        what = f"a {name} token" if self.count == 1 else f"{self.count} {name} tokens"
        if self.with_:
            what += f" with {self.with_}"
        return sentence(f"put {what} into play" + (" under your control" if self.under else ""))


class Tokens(Node):
    """Tokens put on (positive) or removed from (negative) a card."""

    HEAD = "tokens"
    tokens: int | Literal["X", "-X", "-all"]
    card: Target | None = None
    up_to: bool = False
    divided: bool = False

    def words(self, say: Say = PLAIN) -> str:
        n = self.tokens
        where = ref_words(self.card or "self", say)
        if self.up_to:
            how = " divided however you want" if self.divided else ""
            return sentence(f"put up to {n} tokens{how} on {where}")
        if n == "-all":
            return sentence(f"remove all tokens from {where}")
        if n in ("X", "-X"):
            return sentence(f"{'put' if n == 'X' else 'remove'} X tokens {'on' if n == 'X' else 'from'} {where}")
        many = "a token" if abs(n) == 1 else f"{abs(n)} tokens"
        return sentence(f"put {many} on {where}" if n > 0 else f"remove {many} from {where}")


class Heal(Node):
    HEAD = "heal"
    heal: Amount
    card: Target | None = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"remove {amount_words(self.heal, say)} damage from {ref_words(self.card or 'it', say)}")


class Terminate(Node):
    """A play or ability terminated (``previous``: the one just played, "the ability")."""

    HEAD = "terminate"
    terminate: Union[str, Cards]

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"terminate {ref_words(self.terminate, say) if self.terminate != 'previous' else 'the ability'}")


# ------------------------------------------------------------------------------ statistics and keywords

STATS = ("strength", "life", "speed", "structure")


class Parameter(Node):
    parameter: str
    by: int | Literal["X", "-X"] = 0


class CardChanges(Node):
    """The statistics a resolved effect changes on cards (``{"card": id, "life": -2}``);
    ``commas`` and ``loses_first`` say how the printed sentence lists them."""

    card: Target | None = None
    commas: bool = False
    loses_first: bool = False
    additional: bool = False
    also: bool = False
    strength: int | Literal["X", "-X", "Y", "-Y"] | None = None
    life: int | Literal["X", "-X", "Y", "-Y"] | None = None
    speed: int | Literal["X", "-X"] | None = None
    structure: int | Literal["X", "-X"] | None = None

    def changes(self) -> list[tuple[str, int | str]]:
        return [(s, getattr(self, s)) for s in STATS if getattr(self, s) is not None]


def _gains_loses(changes: list[tuple[str, int | str]], plural: bool = False, commas: bool = False,
                 loses_first: bool = False, open_end: bool = False) -> str:
    """"gains 2 strength and 1 life", "loses 1 speed", "gains 2 strength and loses 1 life"."""
    def amount(v: int | str) -> str:
        return str(abs(v)) if isinstance(v, int) else v.lstrip("-")

    def neg(v: int | str) -> bool:
        return (isinstance(v, int) and v < 0) or v in ("-X", "-Y")

    ups = [f"{amount(v)} {s}" for s, v in changes if not neg(v)]
    downs = [f"{amount(v)} {s}" for s, v in changes if neg(v)]
    gain, lose = ("gain", "lose") if plural else ("gains", "loses")
    groups = [(gain, ups), (lose, downs)]
    if loses_first:
        groups.reverse()
    if commas:  # "gains 4 strength, 4 life, and loses 1 speed"
        items = [f"{verb} {g[0]}" if i == 0 else x for verb, g in groups if g for i, x in enumerate(g)]
        if open_end:  # the list goes on after it (", and gains Covert")
            return ", ".join(items)
        return ", ".join(items[:-1]) + ", and " + items[-1] if len(items) > 1 else "".join(items)
    return " and ".join(f"{verb} {series(g)}" for verb, g in groups if g)


def _with_keyword(said: str, keyword: dict[str, str], first: bool, commas: bool) -> str:
    """Statistics and a keyword in one clause: "loses Covert and gains 1 strength", "gains 1
    strength and Covert", "gains 2 strength, 2 life, and loses Covert"."""
    (verb, kw), = keyword.items()
    verb_s, name = verb + "s", kw.capitalize()
    if first:
        return f"{verb_s} {name} and {said}"
    if said.startswith(verb_s) and not commas:
        return f"{said} and {name}"
    return f"{said}, and {verb_s} {name}"


class ModifyEither(_Lasting):
    """A choice between changes: "the character gains 1 speed or loses 1 life", "loses 2 strength
    or 1 speed", "either gains or loses 1 speed", "loses 1 strength or 1 life and gains 1 speed"
    (``also``: what comes with either option)."""

    HEAD = "modify_either"
    modify_either: list[CardChanges] = Field(min_length=2)
    card: Target
    also: CardChanges | None = None

    def words(self, say: Say = PLAIN) -> str:
        options = [o.changes() for o in self.modify_either]
        said = [_gains_loses(o) for o in options]
        if len(options) == 2 and len(options[0]) == len(options[1]) == 1 and options[0][0][0] == options[1][0][0] \
                and said[0].split()[0] != said[1].split()[0] and said[0].split()[1:] == said[1].split()[1:]:
            clause = f"either {said[0].split()[0]} or {said[1].split()[0]} {' '.join(said[0].split()[1:])}"
        elif len({s.split()[0] for s in said}) == 1:
            clause = said[0] + "".join(" or " + s.split(" ", 1)[1] for s in said[1:])
        else:
            clause = " or ".join(said)
        if self.also is not None:
            clause += " and " + _gains_loses(self.also.changes())
        return sentence(self.timed(f"{ref_words(self.card, say)} {clause}"))


class Modify(_Lasting):
    """A number changed: a rules parameter (cost, damage, strength... of what ``applies_to``
    selects, continuous) or a card's statistics (``{"card": ..., "life": -2}``, resolved)."""

    HEAD = "modify"
    modify: Parameter | CardChanges
    applies_to: Any = None
    card: Target | None = None
    for_each: ForEach | None = None
    condition: Condition | None = None
    verb_as_printed: Literal["gains", "loses"] | None = None
    keyword: dict[Literal["gain", "lose"], Literal["covert", "tactical"]] | None = None
    keyword_first: bool = False
    and_cannot: list[Literal["attack", "block", "be_blocked"]] | None = None

    def words(self, say: Say = PLAIN) -> str:
        mod = self.modify
        if isinstance(mod, Parameter):
            verb = "increase" if (isinstance(mod.by, int) and mod.by > 0) or mod.by == "X" else "reduce"
            n = abs(mod.by) if isinstance(mod.by, int) else mod.by.lstrip("-")
            return sentence(self.timed(f"{verb} the {mod.parameter} of {ref_words(self.applies_to or 'self', say)} by {n}"))
        subject = mod.card or self.card or "self"
        # A few cards print "the characters gains": the script keeps the printed verb.
        said = _gains_loses(mod.changes(), is_plural(subject) and not self.verb_as_printed, mod.commas, mod.loses_first,
                            open_end=bool(self.keyword) and not self.keyword_first)
        if mod.additional:
            said = said.replace("gains ", "gains an additional ", 1).replace("loses ", "loses an additional ", 1)
        if mod.also:
            said = "also " + said
        if self.keyword:
            said = _with_keyword(said, self.keyword, self.keyword_first, mod.commas)
        clause = f"{ref_words(subject, say)} {said}"
        if self.for_each:
            clause += f" {self.for_each.words(say)}"
        if self.and_cannot:
            clause += " and cannot " + series([a.replace("_", " ") for a in self.and_cannot], "or")
        if self.condition is not None:
            clause = f"while {self.condition.words(say)}, {clause}"
        return sentence(self.timed(clause))


class _KeywordChange(_Lasting):
    card: Target | None = None
    applies_to: Any = None
    when: Literal["fighting", "fighting_opponent_main"] | None = None
    for_: str | None = Field(None, alias="for")
    while_at: str | None = None
    once_per_turn: bool = False
    condition: Condition | None = None

    def _what(self, value: Any) -> str:
        if isinstance(value, dict):
            return series([f"+{n} {TALENT_WORDS.get(t, t)}" for t, n in value.items()])
        kws = value if isinstance(value, list) else [value]
        return series([k if k.isupper() else k.capitalize() for k in kws])

    def _say(self, verb: str, value: Any, say: Say) -> str:
        subject = self.card or self.applies_to or "self"
        who = ref_words(subject, say)
        if is_plural(subject):
            verb = verb[:-1]
        if isinstance(value, dict) and self.when:
            against = "an opponent's Main Character" if self.when == "fighting_opponent_main" else "an opponent"
            return sentence(f"{who} has {self._what(value)} in a fight against {against}")
        clause = f"{who} {verb} {self._what(value)}"
        if self.condition is not None:
            clause = f"while {self.condition.words(say)}, {clause}"
        return sentence(self.timed(clause))


class Gain(_KeywordChange):
    """A keyword gained (Spoils: covert...), or Buffy talent points (``{"butt_kicking": 1}``)."""

    HEAD = "gain"
    gain: str | list[str] | dict[Talent, int]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("gains", self.gain, say)


class Lose(_KeywordChange):
    HEAD = "lose"
    lose: str | list[str] | dict[Talent, int]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("loses", self.lose, say)


# ------------------------------------------------------------------------------ the golden rule

class _Claim(_Lasting):
    applies_to: Any = None
    card: Target | None = None
    while_at: str | None = None
    for_: str | None = Field(None, alias="for")
    once_per_turn: bool = False
    key: str | None = None

    def _say(self, verb: str, rule: Any) -> str:
        rule = "the rule this ruling names" if rule is True else str(rule)
        who = f" for {self.for_}" if self.for_ else ""
        where = f" while at {self.while_at}" if self.while_at else ""
        once = "once per turn, " if self.once_per_turn else ""
        return sentence(self.timed(f"{once}{verb} {rule}{who}{where}"))


class Permit(_Claim):
    """The golden rule: what ``permit`` (a rule id) forbids is allowed."""

    HEAD = "permit"
    permit: str | Literal[True]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("lift", self.permit)


class Forbid(_Claim):
    """The golden rule: what ``forbid`` (a rule id) allows is forbidden ("cannot" beats "can")."""

    HEAD = "forbid"
    forbid: str | Literal[True]

    def words(self, say: Say = PLAIN) -> str:
        return self._say("forbid what is allowed by", self.forbid)


class Provides(Node):
    """311.1: icons provided for thresholds."""

    HEAD = "provides"
    provides: str

    @model_validator(mode="after")
    def _icons(self) -> "Provides":
        bad = set(self.provides.upper()) - set("OGEDRV")
        if bad:
            raise ValueError(f"unknown resource icons {''.join(sorted(bad))!r}")
        return self

    def words(self, say: Say = PLAIN) -> str:
        return "PROVIDES: " + "".join(f"[{i}]" for i in self.provides.upper())


class Note(Node):
    """A judge's note recorded with a ruling; it changes no rule."""

    HEAD = "note"
    note: str

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.note)


ENGINE_OPERATIONS: list[type[Node]] = [
    Draw, PlayResource, Discard, Damage, LoseInfluence, GainInfluence, Destroy, ReturnToHand, RemoveFromGame,
    ShuffleIntoDeck, PutInDiscard, Deplete, Restore, Modify, ModifyEither, Gain, Lose, Permit, Forbid, GainControl,
    RemoveFromBattle, AddToBattle, Tokens, CreateToken, PutIntoPlay, Heal, Terminate, Provides, Set, AvoidFatigue,
    FightTalent, GrantTraits, Note, TakeForm,
]
"""The operations the engines read today, each with the documents it accepts."""
