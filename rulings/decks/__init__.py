"""Deck lists and deck-construction checks, each finding citing its rule.

A :class:`DeckList` is a game, a format and entries (name, count, section); importers build it
from OCTGN ``.o8d`` files (:func:`rulings.importers.load_o8d`) or from the JSON deck-list format
(:func:`rulings.importers.load_deck_json`, documented there and in ``rulings/data/README.md``).

:func:`validate_deck` never raises on a bad deck: every problem is a :class:`Finding` with the
rule id, a severity, a message and the cards concerned, so a starter deck that is short of the
constructed minimum is reported, not refused.

- The Spoils (CR 103): constructed ``spoils.103.1a`` one Faction, ``spoils.103.1b`` at least 75
  cards besides it, ``spoils.103.1c`` at most 4 cards of a name (staple resources, the "staple"
  supertype and cards saying otherwise are exempt); limited ``spoils.103.2a`` one Faction,
  ``spoils.103.2b`` at least 45 cards, no copy limit (``spoils.103.2c``).  Cards with the same name
  are the same card (``spoils.201.1b``), whatever their printing.
- Buffy (rules summary, deck requirements): ``buffy.deck.essence``, ``buffy.deck.alignment``,
  ``buffy.deck.minimum-size``, ``buffy.deck.copies``, ``buffy.deck.actions-half``,
  ``buffy.deck.characters-half``, ``buffy.deck.locations``, ``buffy.deck.challenges``.
- Cards missing from the catalog: ``spoils.deck.unknown-card`` / ``buffy.deck.unknown-card``
  warnings (what could be checked without them still is).

Where: ``model`` (the deck list and its findings), ``spoils`` and ``buffy`` (each game's rules).
"""
from __future__ import annotations

from rulings.cards import CardCatalog
from rulings.decks.buffy import validate_buffy
from rulings.decks.model import ERROR, WARNING, DeckEntry, DeckError, DeckList, Finding
from rulings.decks.spoils import validate_spoils

__all__ = ["ERROR", "FORMATS", "WARNING", "DeckEntry", "DeckError", "DeckList", "Finding", "validate_deck"]

FORMATS = {"spoils": ("constructed", "limited"), "buffy": ("constructed",)}


def validate_deck(game: str, deck: DeckList, catalog: CardCatalog) -> list[Finding]:
    """Checks a deck against its game's deck-construction rules; an empty list means legal.

    Raises DeckError when the game has no deck rules (WoW Miniatures), the deck belongs to
    another game, or the format is not one of the game's (spoils: constructed, limited;
    buffy: constructed).
    """
    if game not in FORMATS:
        raise DeckError(
            f"no deck-construction rules for {game!r}"
            + (" (WoW Miniatures action bars are checked in play, wowmini.300.2)" if game == "wowmini" else "")
        )
    if deck.game != game:
        raise DeckError(f"the deck is a {deck.game!r} deck, not a {game!r} deck")
    if deck.format not in FORMATS[game]:
        raise DeckError(f"unknown {game} format {deck.format!r} (expected {', '.join(FORMATS[game])})")
    if game == "spoils":
        return validate_spoils(deck, catalog)
    return validate_buffy(deck, catalog)
