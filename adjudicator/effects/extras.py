"""Operations and conditions a few Spoils cards print and the rest of the language did not say:
"... instead." after a trigger, a coin reflipped, a subtype gained, cards shared between two
places ("Put 1 into your hand and the rest into your discard pile."), the next time a character
is destroyed, "if it is a \\"kaiser\\" character".  Each says itself in words, like the rest.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.extras_2 import NEW_TEXT_OPERATIONS
from adjudicator.effects.phrases import Cards, Stat, Target, ref_words


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _say(effects: list[Node], say: Say) -> str:
    return " ".join(e.words(say) for e in effects)


class Instead(Node):
    """"<effects> instead.": what a trigger does in place of what would have happened (a
    replacement said as a trigger: "If this card is destroyed, ... instead.")."""

    HEAD = "instead"
    instead: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(_say(self.instead, say).rstrip(".") + " instead")


class ReflipCoin(Node):
    """"Reflip that coin." (the coin flip just lost is flipped again)."""

    HEAD = "reflip_coin"
    reflip_coin: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Reflip that coin."


class GainSubtype(Node):
    """"It gains the \\"sarcophyle\\" subtype."."""

    HEAD = "gain_subtype"
    gain_subtype: str = Field(pattern=r"^[a-z][a-z -]*$")
    card: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f'{ref_words(self.card, say)} gains the "{self.gain_subtype}" subtype')


SharePlace = Literal["hand", "discard", "deck_bottom", "deck_top", "that_deck_bottom", "the_top"]
SHARE_WORDS = {"hand": "into {} hand", "discard": "into {} discard pile", "deck_bottom": "on the bottom of {} deck",
               "deck_top": "on top of {} deck", "that_deck_bottom": "on the bottom of that deck", "the_top": "on the top"}


class Share(Node):
    """One part of a ``split``: how many (``the_rest``: all the others) and where they go."""

    count: Union[int, Literal["the_rest", "the_chosen"]]
    to: SharePlace
    noun: bool = False

    def words(self, say: Say = PLAIN, whose: str = "your") -> str:
        n = {"the_rest": "the rest", "the_chosen": "the chosen cards"}.get(str(self.count), str(self.count))
        n += " card" if self.noun else ""
        return f"{n} {SHARE_WORDS[self.to].format(whose)}"


class Split(Node):
    """Cards just looked at, searched or revealed shared between places: "Put 1 into your hand and
    1 on the bottom of your deck.", "Put 1 into your hand and the rest into your discard pile."."""

    HEAD = "split"
    split: list[Share] = Field(min_length=2, max_length=2)
    by: Literal["you", "they"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        whose = "your" if self.by == "you" else "their"
        verb = "put" if self.by == "you" else "they put"
        first, second = (s.words(say, whose) for s in self.split)
        return sentence(f"{verb} {first} and {second}")


DESTROYED_HOW = {"battle": "during this battle", "battle_damage_turn": "by battle damage this turn"}


class NextTimeDestroyed(Node):
    """"The next time the character is destroyed during this battle, take control of it instead."
    (a replacement set up by an effect, for a while)."""

    HEAD = "next_time_destroyed"
    next_time_destroyed: Target
    how: Literal[tuple(DESTROYED_HOW)]  # type: ignore[valid-type]
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return (f"The next time {ref_words(self.next_time_destroyed, say)} is destroyed {DESTROYED_HOW[self.how]}, "
                + _lower(_say(self.then, say)))


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
            return f"If {cond}, " + _lower(_say(self.then, say))
        return sentence(_say(self.then, say).rstrip(".") + f" if {cond}")


PRINTED_AS = {"its_owner": ("into its owner's", "into it's owner's"), "combat": ("from the battle", "from combat"),
              "their_deck": ("into its owner's deck", "into their deck"),
              "their_owner": ("into its owner's hand", "into their owner's hand"),
              "the_the": ("If the picked", "If the the picked"), "destoy": ("Destroy ", "Destoy "),
              "back": ("into your hand", "back into your hand"),
              "that_players_opponent": ("Your opponent discards", "That player's opponent discards")}
"""Words a card prints for what the language says otherwise: what is said, and how the card says it."""


class AsPrinted(Node):
    """Operations said in the words the card prints ("into it's owner's hand", "remove it from
    combat"): the same operations, their words changed as ``printed`` names."""

    HEAD = "as_printed"
    as_printed: "Effects" = Field(min_length=1)
    printed: Literal[tuple(PRINTED_AS)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        said, printed = PRINTED_AS[self.printed]
        return _say(self.as_printed, say).replace(said, printed)


class DoTheSame(Node):
    """"(Your opponent may) do the same.": what was just done, done again by that player."""

    HEAD = "do_the_same"
    do_the_same: Literal[True] = True

    def words(self, say: Say = PLAIN) -> str:
        return "Do the same."


class ControlAdditional(Node):
    """"This turn, you control an additional [E][E][E][E]." (icons counted for thresholds, 311)."""

    HEAD = "control_additional"
    control_additional: str = Field(pattern=r"^[OGEDRV]+$")
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        return "This turn, you control an additional " + "".join(f"[{i}]" for i in self.control_additional) + "."


class OpponentChoosesOf(Node):
    """"Your opponent chooses X of those cards." (the cards chosen are recorded with the action)."""

    HEAD = "opponent_chooses_of"
    opponent_chooses_of: Union[int, Literal["X"]]

    def words(self, say: Say = PLAIN) -> str:
        return f"Your opponent chooses {self.opponent_chooses_of} of those cards."


class SearchCopies(Node):
    """"Search your deck for any number of copies of the card and reveal them." (the named card)."""

    HEAD = "search_copies"
    search_copies: Literal["your"] = "your"
    and_reveal: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"search {self.search_copies} deck for any number of copies of the card"
                        + (" and reveal them" if self.and_reveal else ""))


class ByThem(Node):
    """"They destroy X characters they control.": operations the opponent carries out."""

    HEAD = "by_them"
    by_them: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return "They " + _lower(_say(self.by_them, say))


DELAYED = {"start_of_your_next_turn": "At the start of your next turn", "end_of_turn": "At the end of the turn"}


class Later(Node):
    """A delayed effect an effect sets up: "At the start of your next turn, ...", "At the end of
    the turn, ..."."""

    HEAD = "later"
    later: Literal[tuple(DELAYED)]  # type: ignore[valid-type]
    do: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return f"{DELAYED[self.later]}, " + _lower(_say(self.do, say))


class RevealUntil(Node):
    """"Reveal cards from the top of your deck until a character with numeric cost X or less is
    revealed or no cards are left."."""

    HEAD = "reveal_until"
    reveal_until: Cards
    who: Literal["you", "that_player"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        lead = "Reveal cards from the top of your deck" if self.who == "you" else \
            "That player reveals cards from the top of their deck"
        return f"{lead} until {self.reveal_until.words(say)} is revealed or no cards are left."


class AfterThat(Node):
    """"Then, <effects>." (what follows, in order)."""

    HEAD = "after_that"
    after_that: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return "Then, " + _lower(_say(self.after_that, say))


class OpponentDivides(Node):
    """"Inflict Y damage divided however your opponent wants to the attacking party." (the opponent
    divides the damage, not the controller)."""

    HEAD = "opponent_divides"
    opponent_divides: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return _say(self.opponent_divides, say).replace("divided however you want", "divided however your opponent wants")


class XIfItIs(Node):
    """"If it is an \"adriel\" card then X is 0, otherwise X is 3."."""

    HEAD = "x_if_it_is"
    x_if_it_is: Cards
    then: int
    otherwise_: int = Field(alias="else")

    def words(self, say: Say = PLAIN) -> str:
        return f"If it is {self.x_if_it_is.words(say)} then X is {self.then}, otherwise X is {self.otherwise_}."


class YWhere(Node):
    """"<effect>, where Y is <a number read off the game>." (Y, as ``x_where`` says X)."""

    HEAD = "y_where"
    y_where: Stat
    then: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(_say(self.then, say).rstrip(".") + f", where Y is {self.y_where.words(say)}")


class PlayFor(Node):
    """"You may play this card for 1." (a card played from where it is, for another numeric cost)."""

    HEAD = "play_for"
    play_for: Target = "self"
    cost: int = Field(ge=0)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"play {ref_words(self.play_for, say)} for {self.cost}")


class PlayTotal(Node):
    """"Play any number of cards for free with total numeric cost X or less."."""

    HEAD = "play_total"
    play_total: Cards
    free: bool = False
    at_most: Literal["X"] = "X"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"play {self.play_total.words(say)}{' for free' if self.free else ''} with total numeric "
                        f"cost {self.at_most} or less")


class AmongThem(Node):
    """Operations on one of the cards picked before that no operation named yet: "Inflict 1 damage
    to another one of the characters." (said as the operations say it)."""

    HEAD = "among_picked"
    among_picked: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        return _say(self.among_picked, say)


class PutAttached(Node):
    """"Put the \"gear\" card into play under your control attached to the character." (402.8, 507.2)."""

    HEAD = "put_attached"
    put_attached: Target
    to: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"put {ref_words(self.put_attached, say)} into play under your control attached to "
                        f"{ref_words(self.to, say)}")


class TerminateToHand(Node):
    """"Terminate the card, but put it into its owner's hand instead of their discard pile." (607)."""

    HEAD = "terminate_to_hand"
    terminate_to_hand: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"terminate {ref_words(self.terminate_to_hand, say)}, but put it into its owner's hand "
                        f"instead of their discard pile")


class OwnerPutsOnTop(Node):
    """"Its owner puts a card from their hand on the top of their deck." (their choice, recorded)."""

    HEAD = "owner_puts_on_top"
    owner_puts_on_top: Literal["a card from their hand"] = "a card from their hand"

    def words(self, say: Say = PLAIN) -> str:
        return f"Its owner puts {self.owner_puts_on_top} on the top of their deck."


EXTRA_OPERATIONS: list[type[Node]] = [Instead, ReflipCoin, GainSubtype, Split, NextTimeDestroyed, AsPrinted,
                                      IfItIs, DoTheSame, ControlAdditional, OpponentChoosesOf, SearchCopies, ByThem,
                                      Later, RevealUntil, AfterThat, OpponentDivides, XIfItIs, YWhere,
                                      PlayFor, PlayTotal, AmongThem, PutAttached, TerminateToHand, OwnerPutsOnTop,
                                      *NEW_TEXT_OPERATIONS]
