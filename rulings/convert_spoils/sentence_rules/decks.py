"""Sentences about decks: searched, shuffled, put back in order, revealed from the top, split
between places ("Search your deck for a card.")."""
from __future__ import annotations

import re
from typing import Any

from adjudicator.effects.decks import SEARCHED_BY_NAME
from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, sentence
from rulings.convert_spoils.nouns import selector, target

PLACES = {("into", "hand"): "hand", ("into", "discard pile"): "discard", ("on the bottom of", "deck"): "deck_bottom",
          ("on top of", "deck"): "deck_top"}
_PLACE = r"(?:into|on the bottom of|on top of) (?:your|their) (?:hand|deck|discard pile)|on the bottom of that deck|" \
         r"on the top"
SHARES = {"the rest": "the_rest", "the chosen cards": "the_chosen"}


def share_place(place: str) -> str:
    if place in ("on the bottom of that deck", "on the top"):
        return {"on the bottom of that deck": "that_deck_bottom", "on the top": "the_top"}[place]
    how, zone = re.match(r"(into|on the bottom of|on top of) (?:your|their) (hand|deck|discard pile)", place).groups()
    return PLACES[(how, zone)]


@sentence(r"search (?P<whose>your|your opponent's|their) deck for (?P<t>.+?)(?P<rev> and reveal it)?"
          r"(?P<then>, reveal it, and put it (?:into your hand|on top of your deck)| and put them into play)?\.")
def search(m: re.Match[str], read: Reader) -> Any:
    """A search of a deck for what a noun phrase names, or for cards named by another ("any number of
    copies of the card", "a card with the same name"); revealed, then put into a hand, on top of the deck
    or into play."""
    by_name = {said: key for key, said in SEARCHED_BY_NAME.items()}.get(m.group("t").lower())
    doc: Doc = {"search": by_name or target(m.group("t"))}
    if not (by_name or isinstance(doc["search"], dict)):
        raise NoMatch(m.group(0))
    if m.group("whose").lower() != "your":
        doc["deck"] = "opponent" if m.group("whose").lower() != "their" else "their"
    if m.group("then"):
        places = {"hand": "reveal_and_hand", "deck": "reveal_and_deck_top"}
        doc["then"] = places.get(m.group("then").split()[-1], "into_play")
    if m.group("rev"):
        doc["and_reveal"] = True
    return doc


@sentence(r"put them back in any order\.")
def put_back(m: re.Match[str], read: Reader) -> Any:
    return {"put_back": "any_order"}


@sentence(r"shuffle (?P<whose>your|your opponent's) deck\.")
def shuffle(m: re.Match[str], read: Reader) -> Any:
    """Shuffling a player's deck: a verb of the game."""
    return {"shuffle": "you" if m.group("whose").lower() == "your" else "opponent"}


@sentence(r"shuffle (?P<t>.+?) into (?P<whose>its owner's|your) deck\.")
def shuffle_in(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"shuffle_into_deck": target(m.group("t"))}
    if m.group("whose").lower() == "your":
        doc["into_yours"] = True
    return doc


@sentence(rf"(?P<they>they )?put (?P<a>\d+|the chosen cards)(?P<na> card)? (?P<pa>{_PLACE}) and "
          rf"(?P<b>\d+|the rest)(?P<nb> card)? (?P<pb>{_PLACE})\.")
def split(m: re.Match[str], read: Reader) -> Any:
    shares = []
    for n, noun, place in ((m.group("a"), m.group("na"), m.group("pa")), (m.group("b"), m.group("nb"), m.group("pb"))):
        shares.append({"count": int(n) if n.isdigit() else SHARES[n], "to": share_place(place),
                       **({"noun": True} if noun else {})})
    return {"split": shares, **({"by": "they"} if m.group("they") else {})}


@sentence(r"(?P<who>reveal cards from the top of your deck|that player reveals cards from the top of their deck) "
          r"until (?P<t>.+?) is revealed or no cards are left\.")
def reveal_until(m: re.Match[str], read: Reader) -> Any:
    who = "you" if m.group("who").lower().startswith("reveal") else "that_player"
    return {"reveal_until": selector(m.group("t")), **({"who": who} if who != "you" else {})}

