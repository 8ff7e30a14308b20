"""What X and Y stand for: numbers picked or chosen, "X is its strength.", "..., where X is ...",
the lower of two numbers, a number that depends on the card's kind.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, say_all, sentence
from adjudicator.effects.counts import Stat
from adjudicator.effects.selectors import Cards


class PickX(Node):
    """X picked by the player up to a number read off the game ("Pick a number for X, where X is less
    than or equal to <a number>."). General: any number the amounts grammar reads."""

    HEAD = "pick_x"
    pick_x: Stat

    def words(self, say: Say = PLAIN) -> str:
        return f"Pick a number for X, where X is less than or equal to {self.pick_x.words(say)}."


class ChooseX(Node):
    """"Choose a number for X." (X is then the number chosen, recorded with the action), with a
    bound when the text gives one: "that is less than or equal to the number of [E] you control",
    "that is greater than 0", "that is 3 or less"; chosen by the controller, or by the player a
    trigger names ("that player chooses ...": the player whose turn starts)."""

    HEAD = "choose_x"
    choose_x: Literal[True] = True
    at_most: Union[int, Stat, None] = None
    greater_than: int | None = None
    who: Literal["you", "that_player"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        if isinstance(self.at_most, Stat):
            bound = f" that is less than or equal to {self.at_most.words(say)}"
        elif self.at_most is not None:
            bound = f" that is {self.at_most} or less"
        else:
            bound = f" that is greater than {self.greater_than}" if self.greater_than is not None else ""
        return f"{'That player chooses' if self.who == 'that_player' else 'Choose'} a number for X{bound}."


class XIs(Node):
    """"X is its strength.": what X (or Y) stands for in the sentences around it."""

    HEAD = "x_is"
    x_is: Union[int, Stat]
    name: Literal["X", "Y"] = "X"
    twice: bool = False

    def words(self, say: Say = PLAIN) -> str:
        value = str(self.x_is) if isinstance(self.x_is, int) else self.x_is.words(say)
        return sentence(f"{self.name} is {'twice ' if self.twice else ''}{value}")


class Where(Node):
    """"<effect>, where X is <a number read off the game>.": the letter (X, or Y where X already
    names another number) is a field, as in ``x_is``; "where X is either 5 or <the number>, whichever
    is lower" bounds it (``lower_of``)."""

    HEAD = "x_where"
    x_where: Stat
    then: "Effects"
    name: Literal["X", "Y"] = "X"
    lower_of: int | None = None

    def plain_x(self) -> bool:
        """X as the number read, nothing else (the form static effects read as a per-card figure)."""
        return self.name == "X" and self.lower_of is None

    def words(self, say: Say = PLAIN) -> str:
        value = self.x_where.words(say)
        if self.lower_of is not None:
            value = f"either {self.lower_of} or {value}, whichever is lower"
        return sentence(say_all(self.then, say).rstrip(".") + f", where {self.name} is {value}")


class XIfItIs(Node):
    """X set by the kind of the card named: one number if it is of the kind, another otherwise. General
    in the kind and the two numbers."""

    HEAD = "x_if_it_is"
    x_if_it_is: Cards
    then: int
    otherwise_: int = Field(alias="else")

    def words(self, say: Say = PLAIN) -> str:
        return f"If it is {self.x_if_it_is.words(say)} then X is {self.then}, otherwise X is {self.otherwise_}."

