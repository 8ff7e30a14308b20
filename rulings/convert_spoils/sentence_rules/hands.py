"""Sentences about cards in hand: drawing, discarding, revealing and looking at them ("Draw a
card.", "Your opponent discards a card at random.")."""
from __future__ import annotations

import re
from typing import Any

from rulings.convert_spoils.grammar import Doc, NoMatch, Reader, number, sentence
from rulings.convert_spoils.nouns import selector, target


@sentence(r"draw (?:a card|(?P<one>1 card)|(?P<up>up to )?(?P<n>\d+|X|X\+\d+) cards)\.")
def draw(m: re.Match[str], read: Reader) -> Any:
    """Drawing cards: any amount ("a card", or the numeral "1 card" kept as printed)."""
    return {"draw": number(m.group("n") or "1"), **({"up_to": True} if m.group("up") else {}),
            **({"numeral": True} if m.group("one") else {})}


@sentence(r"discard (?P<t>(?!a card\b).+?)\.")
def discard_kind(m: re.Match[str], read: Reader) -> Any:
    return {"discard": 1, "what": selector(m.group("t"))}


@sentence(r"(?P<who>your opponent|each player) draws? (?:a card|(?P<n>\d+|X) cards)\.")
def they_draw(m: re.Match[str], read: Reader) -> Any:
    return {"draw": number(m.group("n") or "1"), "player": "opponent" if m.group("who").lower() == "your opponent" else "each"}


@sentence(r"(?:(?P<who>your opponent|each player|that player's opponent|that player) )?discards? (?:a card|(?P<one>1 card)|(?P<another>another card)|(?P<n>\d+|X) cards|that (?P<that>card|character|item|location|tactic)|(?P<those>those cards)|(?P<hand>your|their) hand)(?P<random> at random)?\.")
def discard(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"discard": "hand" if m.group("hand") else number(m.group("n") or "1")}
    who = (m.group("who") or "").lower()
    if who:
        doc["player"] = {"your opponent": "opponent", "that player": "that_player",
                         "that player's opponent": "that_players_opponent"}.get(who, "each")
    if m.group("another"):
        doc["another"] = True
    if m.group("that") or m.group("those"):
        doc["that"] = (m.group("that") or m.group("those")).lower()
    if m.group("random"):
        doc["at_random"] = True
    if m.group("one"):
        doc["numeral"] = True
    return doc


@sentence(r"(?:(?P<theirs>your opponent reveals their hand)|reveal (?P<t>.+?))\.")
def reveal(m: re.Match[str], read: Reader) -> Any:
    """Cards revealed: any noun phrase, or a whole hand, revealed by its owner (the controller's or their
    opponent's)."""
    if m.group("theirs"):
        return {"reveal": "opponent_hand"}
    if m.group("t").lower() in ("your hand", "their hand"):
        return {"reveal": f"{m.group('t').lower().split()[0]}_hand"}
    return {"reveal": target(m.group("t"))}


@sentence(r"look at (?P<t>.+?)\.")
def look(m: re.Match[str], read: Reader) -> Any:
    hands = {"your opponent's hand": "opponent_hand", "your hand": "your_hand",
             "your opponent's hand, the top card of their deck, and their face-down resources":
                 "opponent_hand_deck_top_resources"}
    t = m.group("t").lower()
    return {"look_at": hands[t] if t in hands else target(m.group("t"))}


@sentence(r"look at your opponent's hand and (?P<verb>choose|pick) (?P<t>.+?) in it\.")
def look_choose(m: re.Match[str], read: Reader) -> Any:
    doc: Doc = {"look_at": "opponent_hand", "choose": selector(m.group("t"))}
    if m.group("verb").lower() == "pick":
        doc["verb"] = "pick"
    return doc


@sentence(r"its owner puts a card from their hand on the top of their deck\.")
def owner_puts(m: re.Match[str], read: Reader) -> Any:
    """The owner of the card named puts a card from their hand on their deck: a choice of that player."""
    return {"owner_puts_on_top": "a card from their hand"}
