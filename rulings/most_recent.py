"""Each game's most-recent-edition rule: which printing of a card is read, at a date or today, and
the reason given with it.

- The Spoils: cards with the same name are the same card (``spoils.201.1b``), played as their most
  recent version (``spoils.105.1``).
- Buffy: a card reads as its most recent edition (``buffy.most-recent-edition``), except Character
  and Essence cards, whose printings stay distinct cards.
- WoW Miniatures: the rules are silent; the project reads the most recent printing
  (``wowmini.most-recent-edition``, an inferred catalog entry).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import date

from rulings.card_text import rendering_score, same_text
from rulings.editions import ReleaseBounds
from rulings.errors import CardNotFound
from rulings.printings import EffectiveCard, Printing

MOST_RECENT_RULE = {
    "buffy": "buffy.most-recent-edition",
    "spoils": "spoils.105.1",
    "wowmini": "wowmini.most-recent-edition",
}
SAME_NAME_RULE = {"spoils": "spoils.201.1b"}


def resolve(group: list[Printing], as_of: date | None, bounds: Callable[[Printing], ReleaseBounds]) -> EffectiveCard:
    """The card a group of printings (one distinct card, in release order) is read as on ``as_of``
    (today when None); ``bounds`` says when a printing was released.  Raises CardNotFound when
    none was released by ``as_of``."""
    game = group[-1].game
    chosen, uncertain, notes = _chosen(group, as_of, bounds)
    rule_id, rules, why = reason(group, chosen, as_of)
    same = [p for p in group if not chosen.is_distinct_card and same_text(p.text, chosen.text)]
    best = max(same or [chosen], key=lambda p: (rendering_score(p.text), p is chosen))
    rendered_from = None
    if best is not chosen and best.text != chosen.text:
        rendered_from = best
        notes.append(
            f"the {chosen.edition} text differs from the {best.edition} text only by character "
            f"encoding; shown with the {best.edition} characters"
        )
    differs = tuple(p for p in group if p is not chosen and not same_text(p.text, chosen.text))
    return EffectiveCard(
        game=game,
        name=chosen.name,
        text=best.text,
        printing=chosen,
        rule_id=rule_id,
        reason=why,
        printings=tuple(group),
        rules=rules,
        as_of=as_of,
        text_rendered_from=rendered_from,
        differs_from=differs,
        uncertain=uncertain,
        notes=tuple(notes),
    )


def _chosen(
    group: list[Printing], as_of: date | None, bounds: Callable[[Printing], ReleaseBounds]
) -> tuple[Printing, bool, list[str]]:
    """The printing in force on ``as_of``, whether that is uncertain, and notes saying why."""
    game, name = group[-1].game, group[-1].name
    notes: list[str] = []
    uncertain = False
    if as_of is None:
        return group[-1], uncertain, notes
    status = {id(p): bounds(p).released_on_or_before(as_of) for p in group}
    certain = [p for p in group if status[id(p)] is True]
    possible = [p for p in group if status[id(p)] is None]
    if certain:
        chosen = certain[-1]
        later = [p for p in possible if p.edition_order > chosen.edition_order]
    elif possible:
        chosen, later = possible[0], possible[1:]
        uncertain = True
        notes.append(
            f"{chosen.edition} may not have been released yet on {as_of.isoformat()}; "
            "its release date is not known precisely"
        )
    else:
        raise CardNotFound(
            f"no printing of {game} card {name!r} was released on or before {as_of.isoformat()}"
        )
    if later:
        uncertain = True
        notes.append(
            "may already have been released on "
            f"{as_of.isoformat()}: {', '.join(p.edition for p in later)} "
            "(release date not known precisely)"
        )
    return chosen, uncertain, notes


def reason(group: list[Printing], chosen: Printing, as_of: date | None) -> tuple[str, tuple[str, ...], str]:
    """The deciding rule's id, every rule cited, and the reason in words."""
    game = chosen.game
    rule_id = MOST_RECENT_RULE[game]
    if chosen.is_distinct_card:
        return (
            rule_id,
            (rule_id,),
            f"{chosen.card_type} cards are excluded from the most-recent-edition rule: each "
            "printing is a card of its own and reads as printed",
        )
    when = f" among those released by {as_of.isoformat()}" if as_of else ""
    if len(group) == 1:
        lead = "one printing is known"
    else:
        lead = f"{len(group)} printings share the name"
        if game == "spoils":
            lead += " and are one card (spoils.201.1b)"
    rules = (rule_id, SAME_NAME_RULE["spoils"]) if game == "spoils" else (rule_id,)
    tail = {
        "spoils": "a card is played as its most recent version (spoils.105.1)",
        "buffy": "a card reads as its most recent edition",
        "wowmini": "read as its most recent printing (a project choice; the rules are silent)",
    }[game]
    return rule_id, rules, f"{lead}; {tail}: {chosen.edition}{when}"
