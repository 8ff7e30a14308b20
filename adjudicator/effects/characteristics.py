"""What a card is and has: its statistics changed ("gains 2 strength and loses 1 life"), rules
parameters changed, keywords and talents gained or lost, subtypes and types gained, rules text
gained or blanked.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series
from adjudicator.effects.conditions import Condition
from adjudicator.effects.counts import ForEach
from adjudicator.effects.durations import _Lasting, Until, until_words
from adjudicator.effects.games import TALENT_WORDS, Talent
from adjudicator.effects.selectors import Cards, Target, is_plural, ref_words


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


class Blank(Node):
    """"Treat the attached character as though it has no rules text." (for how long: ``until``)."""

    HEAD = "blank"
    blank: Target
    until: Until | None = None

    def words(self, say: Say = PLAIN) -> str:
        clause = f"treat {ref_words(self.blank, say)} as though it has no rules text"
        when = until_words(self.until)
        return sentence(f"{when}, {clause}" if when else clause)


class GainSubtype(Node):
    """"It gains the \\"sarcophyle\\" subtype."."""

    HEAD = "gain_subtype"
    gain_subtype: str = Field(pattern=r"^[a-z][a-z -]*$")
    card: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f'{ref_words(self.card, say)} gains the "{self.gain_subtype}" subtype')


class ModifyKinds(Node):
    """A continuous change to the cards of either of two kinds, the owner words of the first
    kind ("your opponent's") holding for both: "All your opponent's \\"mau\\" characters and
    Arcanist characters lose 1 strength and 1 life." (a card of both kinds changes once)."""

    HEAD = "modify_kinds"
    modify_kinds: list[Cards] = Field(min_length=2, max_length=2)
    changes: CardChanges

    def words(self, say: Say = PLAIN) -> str:
        first, second = (c.words(say) for c in self.modify_kinds)
        return sentence(f"{first} and {second} {_gains_loses(self.changes.changes(), plural=True)}")


class GainRulesText(Node):
    """Cards named gain rules text: the quoted abilities become their own, "this card" and "you" in
    them meaning each such card and its controller. General in the cards and the abilities quoted."""

    HEAD = "gain_rules_text"
    gain_rules_text: Cards
    text: "Abilities" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        quoted = " ".join(a.words(PLAIN) for a in self.text)
        return f'{self.gain_rules_text.words(say)[:1].upper()}{self.gain_rules_text.words(say)[1:]} gain the rules ' \
               f'text "{quoted}"'


class CharacterType(Node):
    """A change of a card's type to or from character for the turn (208.1a, 208.3): the card named
    "gains the \"character\" type and has" stated statistics, "is a \"<subtype>\" character with" statistics
    (stated, or equal to its numeric cost), or "loses the \"character\" type" (its printed type again).
    General in the card named, the subtype and the statistics."""

    HEAD = "character_type"
    character_type: Literal["gains", "is", "loses"]
    card: Target = "self"
    subtype: str | None = Field(default=None, pattern=r"^[a-z][a-z -]*$")
    strength: int | Literal["numeric_cost"] | None = Field(default=None)
    life: int | Literal["numeric_cost"] | None = Field(default=None)
    speed: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _stats_fit_the_verb(self) -> "CharacterType":
        stats = (self.strength, self.life, self.speed)
        if (self.character_type == "loses") != all(v is None for v in stats):
            raise ValueError("a card that gains or is a character has strength, life and speed; one that loses it none")
        if (self.subtype is not None) != (self.character_type == "is"):
            raise ValueError("a subtype goes with \"is a ... character\" only")
        if any(isinstance(v, int) and v < 0 for v in stats):
            raise ValueError("strength, life and speed are 0 or more")
        return self

    def _stats(self) -> str:
        if self.strength == self.life == "numeric_cost":
            return f"strength and life equal to its numeric cost and {self.speed} speed"
        return f"{self.strength} strength, {self.life} life, and {self.speed} speed"

    def words(self, say: Say = PLAIN) -> str:
        card = ref_words(self.card, say)
        if self.character_type == "loses":
            return sentence(f"{card} loses the \"character\" type")
        if self.character_type == "gains":
            return f"This turn, {card} gains the \"character\" type and has {self._stats()}."
        return f"This turn, {card} is a \"{self.subtype}\" character with {self._stats()}."
