"""The environment a script runs in: who controls it, its card and source, the targets picked, X and
Y, the choices the action gave, and what the operations before have done (``it``, ``did``, ...)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.effects import Node, dump


@dataclass
class Env:
    """What a running script knows: who controls it, its card, the targets picked (one group per
    pick, in order), X, the action's choices, and what the last "you may" / "if" / coin decided."""

    controller: str
    source: str
    card: str | None
    picks: list[list[str]] = field(default_factory=list)
    x: int | None = None
    y: int | None = None
    choices: dict[str, Any] = field(default_factory=dict)
    queue: list[Any] = field(default_factory=list)
    it: list[str] = field(default_factory=list)
    did: bool = False
    last_if: bool = False
    deferred: list[Node] = field(default_factory=list)
    pay: int = 0
    tax: int = 0
    """Of ``pay``, what taxes on the costs' picks add (505.1; not part of a numeric cost: ``scripted_costs``)."""
    found: list[str] = field(default_factory=list)
    found_by: str | None = None
    """The rule the cards in ``found`` were set aside by when not a search (312.1): a card its player's mulligan
    puts back (601.1f).  What revealing them cites."""
    searched: str | None = None
    revealed: bool = False
    zone: str | None = None
    card_type: str | None = None
    resolving: bool = False
    rest: list[Node] = field(default_factory=list)
    """The operations after the one running (an instruction that changes what an earlier one does)."""
    cost_picks: list[list[str]] = field(default_factory=list)
    """The targets the play's extra costs picked, for "if you picked a character as part of its cost"."""
    discarded: list[tuple[str, str]] = field(default_factory=list)
    """The cards this script made players discard (player, name), for "any items discarded this way"."""
    from_hand: str | None = None
    """The card whose own play's costs these are, when it is played from its player's hand: it has left
    the hand as it is played (604.1c), so it cannot pay them (a discard)."""
    halted: bool = False
    """The rest of the effect waits ("You must resolve the battle before you draw the card."): not run now."""
    that_player: str | None = None
    """Whom "that player" names: the player named before it (``text.that_player``): the one a trigger's happening
    names ("If a player draws any number of cards, that player may ...", 503.1), the player picked ("Pick an
    opponent.", 310.1); None when nothing named one (then what it says is the judge's, never a guess)."""

    def doc(self, ops: list[Node]) -> dict[str, Any]:
        """The engine document that runs ``ops`` later with what was paid now."""
        doc = {"card": self.source, "ops": dump(list(ops)), "picks": self.picks, "x": self.x, "choices": self.choices}
        if self.y is not None:  # "Y is its strength" fixed with the cost (Bask Bomb)
            doc["y"] = self.y
        if self.found:  # cards picked out of play (a discard pile), where they are
            doc["found"] = {"cards": self.found, "player": self.searched, "zone": self.zone}
        if self.that_player is not None:
            doc["that_player"] = self.that_player
        return {"script": doc}
