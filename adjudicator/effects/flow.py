"""How a card's sentences hang together: "you may ... If you do, ...", "if <condition>, ...",
"while <condition>, ...", "otherwise", coin flips' outcomes, choices between options, effects set up
for later ("At the start of your next turn, ..."), what follows ("Then, ..."), and operations said
together in one sentence ("... and ...", "... or ...") or in the words the card prints."""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, lower_first, say_all, sentence
from adjudicator.effects.conditions import Condition
from adjudicator.effects.counts import Stat
from adjudicator.effects.durations import Until, until_words
from adjudicator.effects.selectors import Cards, Target, ref_words


class _LeadIn(Node):
    """Effects after a lead-in that ties them to what came before ("If you do, ...")."""

    LEAD: ClassVar[str] = ""

    def words(self, say: Say = PLAIN) -> str:
        return f"{self.LEAD}, " + lower_first(say_all(getattr(self, self.HEAD), say))


class May(Node):
    """"You may <effects>" (or "Your opponent may ..."): that player chooses whether to (the
    action records it)."""

    HEAD = "may"
    may: "Effects"
    who: Literal["you", "opponent", "that_player", "their_opponent"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        who = {"you": "You", "opponent": "Your opponent", "that_player": "That player",
               "their_opponent": "Their opponent"}[self.who]
        return f"{who} may " + lower_first(say_all(self.may, say))


class Provided(Node):
    """"<effect> if it has X strength or less, where X is ...": an effect that happens only if
    its condition holds."""

    HEAD = "provided"
    provided: Condition
    then: "Effects"
    where: Stat | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = f", where X is {self.where.words(say)}" if self.where is not None else ""
        return sentence(say_all(self.then, say).rstrip(".") + f" if {self.provided.words(say)}{where}")


class IfYouDo(_LeadIn):
    """"If you do, <effects>": follows a "you may" and happens only if the controller did; "If you do
    and <condition>, ...": and only if a condition of the game holds too (``also_if``: any condition the
    conditions grammar reads)."""

    HEAD, LEAD = "if_you_do", "If you do"
    if_you_do: "Effects"
    also_if: Condition | None = None

    def words(self, say: Say = PLAIN) -> str:
        lead = self.LEAD + (f" and {self.also_if.words(say)}" if self.also_if is not None else "")
        return f"{lead}, " + lower_first(say_all(self.if_you_do, say))


class IfThen(Node):
    """"If <condition>, <effects>."""

    HEAD = "if"
    if_: Condition = Field(alias="if")
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"If {self.if_.words(say)}, " + lower_first(say_all(self.then, say))


class IfYouDont(_LeadIn):
    """"If you don't, <effects>": follows a "you may" and happens only if the controller did not."""

    HEAD, LEAD = "if_you_dont", "If you don't"
    if_you_dont: "Effects"


class CoinOutcome(Node):
    """"If you win, <effects>" or "If you lose, <effects>": follows a coin flip, and happens only on
    the outcome named (won or lost by the controller)."""

    HEAD = "if_you"
    if_you: Literal["win", "lose"]
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"If you {self.if_you}, " + lower_first(say_all(self.then, say))


class IfThey(Node):
    """"If they do, <effects>" or "If they don't, <effects>": follows a choice offered to the opponent
    ("your opponent picks ... if they can", "your opponent may ...") and happens only if they did (or
    did not) take it. General: any effects, either answer."""

    HEAD = "if_they"
    if_they: Literal["do", "dont"]
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        said = {"do": "do", "dont": "don't"}[self.if_they]
        return f"If they {said}, " + lower_first(say_all(self.then, say))


class Otherwise(_LeadIn):
    """"Otherwise, <effects>": when the "if" before it did not happen."""

    HEAD, LEAD = "otherwise", "Otherwise"
    otherwise: "Effects"


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
        return f"{lead} {self.while_.words(say)}, " + lower_first(say_all(self.then, say))


class Or(Node):
    """A choice said in one sentence: "Pay 2 or remove 2 tokens from this card."."""

    HEAD = "or"
    or_: "Effects" = Field(alias="or", min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        parts = [e.words(say).rstrip(".") for e in self.or_]
        return sentence(parts[0] + "".join(" or " + lower_first(p) for p in parts[1:]))


class And(Node):
    """Two or more operations said in one sentence: "Inflict 1 damage to all characters and draw a
    card.", "pay 2 and remove a token from this card"; a duration said once first lasts for each of them
    ("This turn, this card gains 2 speed and while ..., ...": ``until``)."""

    HEAD = "and"
    and_: "Effects" = Field(alias="and", min_length=2)
    until: Until | None = None

    def words(self, say: Say = PLAIN) -> str:
        parts = [e.words(say).rstrip(".") for e in self.and_]
        said = parts[0] + "".join(" and " + lower_first(p) for p in parts[1:])
        when = until_words(self.until)
        return sentence(f"{when}, {lower_first(said)}" if when else said)


PLAYERS_SAID = {"both": "Both players", "each": "Each player", "each_opponent": "Each opponent"}
"""The players a "both players" sentence names (``who``): both, each player, each opponent of the controller."""


def _third_person(clause: str) -> str:
    """"reveal their hand" -> "reveals their hand" (the verb said of one player)."""
    verb, _, rest = clause.partition(" ")
    verb += "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{verb} {rest}" if rest else verb


class BothPlayers(Node):
    """"Both players draw a card." / "Both players may play up to 2 resources." / "Each opponent reveals
    their hand, chooses ..., and discards ...": each player named (``who``: both players, each player, each
    opponent) does what the operations say, as that player, the active player first (402.2). Said of
    "each" one, the verbs take the third person, the operations said in one series."""

    HEAD = "both_players"
    both_players: "Effects"
    optional: bool = False
    who: Literal[tuple(PLAYERS_SAID)] = "both"  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        subject = PLAYERS_SAID[self.who]
        if self.who == "both" or self.optional:
            return f"{subject} {'may ' if self.optional else ''}" + lower_first(say_all(self.both_players, say))
        parts = [_third_person(lower_first(op.words(say).rstrip("."))) for op in self.both_players]
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ("," if len(parts) > 2 else "") + \
            " and " + parts[-1]
        return sentence(f"{subject} {said}")


class TheyChoose(Node):
    """"That player chooses one of the following: OPTION 1: ... OPTION 2: ..." (the option
    chosen is recorded with the action)."""

    HEAD = "they_choose"
    they_choose: list["Effects"] = Field(min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        return "That player chooses one of the following: " + " ".join(
            f"OPTION {i}: {say_all(option, say)}" for i, option in enumerate(self.they_choose, 1))


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
        return f"when {say.self_name} enters play " + lower_first(say_all(self.when_it_enters_play, say))


class IfItIs(Node):
    """"<effects> if it is a \"kaiser\" character.": effects that happen only if the card is of
    that kind (type, subtype)."""

    HEAD = "if_it_is"
    if_it_is: Cards
    subject: Target = "it"
    then: "Effects" = Field(min_length=1)
    leading: bool = False

    def words(self, say: Say = PLAIN) -> str:
        cond = f"{ref_words(self.subject, say)} is {self.if_it_is.words(say)}"
        if self.leading:
            return f"If {cond}, " + lower_first(say_all(self.then, say))
        return sentence(say_all(self.then, say).rstrip(".") + f" if {cond}")


PRINTED_AS = {"its_owner": ("into its owner's", "into it's owner's"), "combat": ("from the battle", "from combat"),
              "their_deck": ("into its owner's deck", "into their deck"),
              "their_owner": ("into its owner's hand", "into their owner's hand"),
              "the_the": ("If the picked", "If the the picked"), "destoy": ("Destroy ", "Destoy "),
              "back": ("into your hand", "back into your hand"),
              "win_comma": ("win, X", "win X,"), "then": ("", "Then, "),
              "each_bare_verb": ("Each player chooses ", "Each player choose ")}
"""Words a card prints for what the language says otherwise: what is said, and how the card says it (nothing
said: a lead-in the card prints first, "Then, ...", the sentences being done in order anyway, 402.5)."""


class AsPrinted(Node):
    """Operations said in the words the card prints ("into it's owner's hand", "remove it from
    combat"): the same operations, their words changed as ``printed`` names."""

    HEAD = "as_printed"
    as_printed: "Effects" = Field(min_length=1)
    printed: Literal[tuple(PRINTED_AS)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        said, printed = PRINTED_AS[self.printed]
        if not said:
            return printed + lower_first(say_all(self.as_printed, say))
        return say_all(self.as_printed, say).replace(said, printed)


class DoTheSame(Node):
    """"(Your opponent may) do the same.": the action just described, done again by the player now
    named. General: any action before it."""

    HEAD = "do_the_same"
    do_the_same: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Do the same."


class ByThem(Node):
    """Operations carried out by the opponent just named rather than the controller ("They destroy X
    characters they control."). General: any operations the language reads."""

    HEAD = "by_them"
    by_them: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return "They " + lower_first(say_all(self.by_them, say))


DELAYED = {"start_of_your_next_turn": "At the start of your next turn", "end_of_turn": "At the end of the turn",
           "start_of_your_turn": "At the start of your turn"}
"""The moments a delayed effect waits for; "the start of your turn", said by an effect, is the next one to come
(602.1: the start of the controller's next turn, as "your next turn" says it)."""


class Later(Node):
    """A delayed effect an effect sets up: "At the start of your next turn, ...", "At the end of
    the turn, ..."; said after its effects ("draw a card at the start of your turn", ``after``: wording only)."""

    HEAD = "later"
    later: Literal[tuple(DELAYED)]  # type: ignore[valid-type]
    do: "Effects" = Field(min_length=1)
    after: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.after:
            return sentence(say_all(self.do, say).rstrip(".") + " " + lower_first(DELAYED[self.later]))
        return f"{DELAYED[self.later]}, " + lower_first(say_all(self.do, say))


class OrShared(Node):
    """A choice of two operations said once, the words they share said once: "Remove an item or 2
    cards in your discard pile from the game." (remove an item in your discard pile, or 2 cards)."""

    HEAD = "or_shared"
    or_shared: "Effects" = Field(min_length=2, max_length=2)

    def words(self, say: Say = PLAIN) -> str:
        a, b = (e.words(say).rstrip(".").split(" ") for e in self.or_shared)
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        mid_a, mid_b = a[head:len(a) - tail], b[head:len(b) - tail]
        return sentence(" ".join(a[:head] + mid_a + ["or"] + mid_b + a[len(a) - tail:]))
