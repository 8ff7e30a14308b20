"""Searching, revealing and looking at cards: "Search your deck for a "node" card and reveal
it.", "Look at the top 3 cards of your deck.", cards shared between places, decks shuffled.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, _Phrase, Say, sentence
from adjudicator.effects.selectors import Cards, Target, possessive, ref_words


SEARCHED_BY_NAME = {"copies_of_the_card": "any number of copies of the card", "same_name": "a card with the same name"}
"""Searches for cards by the name of another: "any number of copies of the card" (the card an earlier
instruction named), "a card with the same name" (as the card the trigger speaks of)."""


class Search(Node):
    """"Search your deck for a \\"node\\" card and reveal it." (the card found is recorded); what is
    searched for is a selector, or a card named by another (``SEARCHED_BY_NAME``)."""

    HEAD = "search"
    search: Union[Cards, Literal["copies_of_the_card", "same_name"]]
    deck: Literal["you", "opponent", "their"] = "you"
    and_reveal: bool = False
    then: Literal["reveal_and_hand", "into_play", "reveal_and_deck_top"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        whose = "their" if self.deck == "their" else possessive(self.deck)
        tail = {"reveal_and_hand": ", reveal it, and put it into your hand", "into_play": " and put them into play",
                "reveal_and_deck_top": ", reveal it, and put it on top of your deck", None: ""}[self.then]
        what = SEARCHED_BY_NAME[self.search] if isinstance(self.search, str) else self.search.words(say)
        them = "them" if self.search == "copies_of_the_card" else "it"
        return sentence(f"search {whose} deck for {what}" + (f" and reveal {them}" if self.and_reveal else "") + tail)


HANDS_REVEALED = {"your_hand": "Reveal your hand.", "opponent_hand": "Your opponent reveals their hand.",
                  "their_hand": "Reveal their hand."}
"""A hand revealed: by its owner, who shows it to both players (403.2a set aside by the text); "their hand":
that of the player a "both players"/"each opponent" sentence names."""


class Reveal(Node):
    """Cards shown to both players: "Reveal the card.", a hand revealed by its owner ("Reveal your hand.",
    "Your opponent reveals their hand."): any noun phrase, either hand."""

    HEAD = "reveal"
    reveal: Target

    def words(self, say: Say = PLAIN) -> str:
        if isinstance(self.reveal, str) and self.reveal in HANDS_REVEALED:
            return HANDS_REVEALED[self.reveal]
        return sentence(f"reveal {ref_words(self.reveal, say)}")


class LookAt(Node):
    """"Look at your opponent's hand." / "Look at the top 3 cards of your deck." / "Look at your
    opponent's hand and choose a character in it." (the choice is recorded with the action)."""

    HEAD = "look_at"
    look_at: Union[Literal["opponent_hand", "your_hand", "opponent_hand_deck_top_resources"], Target]
    choose: Cards | None = None
    verb: Literal["choose", "pick"] = "choose"

    def words(self, say: Say = PLAIN) -> str:
        what = {"opponent_hand": "your opponent's hand", "your_hand": "your hand",
                "opponent_hand_deck_top_resources": "your opponent's hand, the top card of their deck, and their "
                                                    "face-down resources"}.get(str(self.look_at)) \
            if isinstance(self.look_at, str) else None
        chosen = f" and {self.verb} {self.choose.words(say)} in it" if self.choose is not None else ""
        return sentence(f"look at {what or ref_words(self.look_at, say)}{chosen}")


class PutBack(_Phrase):
    """"Put them back in any order." (after looking at cards on top of a deck)."""

    HEAD, PHRASE = "put_back", "put them back in any order"
    put_back: Literal["any_order"] = "any_order"


class Shuffle(Node):
    """A player's deck shuffled (313.1): "Shuffle your deck.". A verb of the game, general in the player."""

    HEAD = "shuffle"
    shuffle: Literal["you", "opponent"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"shuffle {'your' if self.shuffle == 'you' else 'your opponent'} deck")


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


class RevealUntil(Node):
    """Cards revealed one at a time from the top of a deck until one of a kind is revealed or none are
    left (the one found is what "it" names next). General in the kind looked for and whose deck."""

    HEAD = "reveal_until"
    reveal_until: Cards
    who: Literal["you", "that_player"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        lead = "Reveal cards from the top of your deck" if self.who == "you" else \
            "That player reveals cards from the top of their deck"
        return f"{lead} until {self.reveal_until.words(say)} is revealed or no cards are left."
