"""How a card's sentences hang together: "you may ... If you do, ...", "if <condition>, ...",
"while <condition>, ...", "otherwise", coin flips' outcomes, choices between options, and
operations said together in one sentence ("... and ...", "... or ...")."""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.phrases import Condition, Stat, Until, until_words


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _say(effects: list[Node], say: Say) -> str:
    return " ".join(e.words(say) for e in effects)


class _LeadIn(Node):
    """Effects after a lead-in that ties them to what came before ("If you do, ...")."""

    LEAD: ClassVar[str] = ""

    def words(self, say: Say = PLAIN) -> str:
        return f"{self.LEAD}, " + _lower(_say(getattr(self, self.HEAD), say))


class May(Node):
    """"You may <effects>" (or "Your opponent may ..."): that player chooses whether to (the
    action records it)."""

    HEAD = "may"
    may: "Effects"
    who: Literal["you", "opponent", "that_player", "their_opponent"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        who = {"you": "You", "opponent": "Your opponent", "that_player": "That player",
               "their_opponent": "Their opponent"}[self.who]
        return f"{who} may " + _lower(_say(self.may, say))


class Provided(Node):
    """"<effect> if it has X strength or less, where X is ...": an effect that happens only if
    its condition holds."""

    HEAD = "provided"
    provided: Condition
    then: "Effects"
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        return sentence(_say(self.then, say).rstrip(".") + f" if {self.provided.words(say)}{where}")


class IfYouDo(_LeadIn):
    """"If you do, <effects>": follows a "you may" and happens only if the controller did."""

    HEAD, LEAD = "if_you_do", "If you do"
    if_you_do: "Effects"


class IfThen(Node):
    """"If <condition>, <effects>."""

    HEAD = "if"
    if_: Condition = Field(alias="if")
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"If {self.if_.words(say)}, " + _lower(_say(self.then, say))


class IfYouDont(_LeadIn):
    """"If you don't, <effects>": follows a "you may" and happens only if the controller did not."""

    HEAD, LEAD = "if_you_dont", "If you don't"
    if_you_dont: "Effects"


class IfYouWin(_LeadIn):
    """"If you win, <effects>": follows a coin flip the controller won."""

    HEAD, LEAD = "if_you_win", "If you win"
    if_you_win: "Effects"


class IfYouLose(_LeadIn):
    """"If you lose, <effects>": follows a coin flip the controller lost."""

    HEAD, LEAD = "if_you_lose", "If you lose"
    if_you_lose: "Effects"


class IfTheyDo(_LeadIn):
    """"If they do, <effects>": follows the opponent's choice ("your opponent picks ... if they can")."""

    HEAD, LEAD = "if_they_do", "If they do"
    if_they_do: "Effects"


class IfTheyDont(_LeadIn):
    """"If they don't, <effects>"."""

    HEAD, LEAD = "if_they_dont", "If they don't"
    if_they_dont: "Effects"


class Otherwise(_LeadIn):
    """"Otherwise, <effects>": when the "if" before it did not happen."""

    HEAD, LEAD = "otherwise", "Otherwise"
    otherwise: "Effects"


class IfYouDoAnd(Node):
    """"If you do and it is a staple resource, <effects>."."""

    HEAD = "if_you_do_and"
    if_you_do_and: Condition
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"If you do and {self.if_you_do_and.words(say)}, " + _lower(_say(self.then, say))


class While(Node):
    """"While <condition>, <effects>." (continuous while the condition holds; "This turn, while
    ..." with ``until``)."""

    HEAD = "while"
    while_: Condition = Field(alias="while")
    then: "Effects"
    until: Until | None = None

    def words(self, say: Say = PLAIN) -> str:
        when = until_words(self.until)
        lead = f"{when[:1].upper()}{when[1:]}, while" if when else "While"
        return f"{lead} {self.while_.words(say)}, " + _lower(_say(self.then, say))


class Or(Node):
    """A choice said in one sentence: "Pay 2 or remove 2 tokens from this card."."""

    HEAD = "or"
    or_: "Effects" = Field(alias="or", min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        parts = [e.words(say).rstrip(".") for e in self.or_]
        return sentence(parts[0] + "".join(" or " + _lower(p) for p in parts[1:]))


class And(Node):
    """Two or more operations said in one sentence: "Inflict 1 damage to all characters and draw a
    card.", "pay 2 and remove a token from this card"."""

    HEAD = "and"
    and_: "Effects" = Field(alias="and", min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        parts = [e.words(say).rstrip(".") for e in self.and_]
        return sentence(parts[0] + "".join(" and " + _lower(p) for p in parts[1:]))


class BothPlayers(Node):
    """"Both players draw a card." / "Both players may play up to 2 resources.": each player does
    what the operations say (an imperative said for both)."""

    HEAD = "both_players"
    both_players: "Effects"
    optional: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return ("Both players may " if self.optional else "Both players ") + _lower(_say(self.both_players, say))


class TheyChoose(Node):
    """"That player chooses one of the following: OPTION 1: ... OPTION 2: ..." (the option
    chosen is recorded with the action)."""

    HEAD = "they_choose"
    they_choose: list["Effects"] = Field(min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        return "That player chooses one of the following: " + " ".join(
            f"OPTION {i}: {_say(option, say)}" for i, option in enumerate(self.they_choose, 1))


class XIfElse(Node):
    """"If you played this card using FLIP UP X is 4, otherwise X is 2."."""

    HEAD = "x_if"
    x_if: Condition
    then: int
    otherwise_: int = Field(alias="else")

    def words(self, say: Say = PLAIN) -> str:
        return f"If {self.x_if.words(say)} X is {self.then}, otherwise X is {self.otherwise_}."


class WhenItEntersPlay(Node):
    """A delayed trigger set up by an effect: "when this card enters play destroy ... or ..."."""

    HEAD = "when_it_enters_play"
    when_it_enters_play: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"when {say.self_name} enters play " + _lower(_say(self.when_it_enters_play, say))


FLOW_OPERATIONS: list[type[Node]] = [May, Provided, IfYouDo, IfThen, IfYouDont, IfYouWin, IfYouLose, IfTheyDo,
                                     IfTheyDont, Otherwise, IfYouDoAnd, While, Or, And, BothPlayers, TheyChoose,
                                     XIfElse, WhenItEntersPlay]
