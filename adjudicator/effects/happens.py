"""What a trigger waits for (503.1), composed: a subject and an event (``Happens``).

The subject is this card, the attached character, or any noun phrase of cards ("a character you control", "an
attacking Gearsmith character your opponent controls"), a player, a faction (408.3b) or a battle party (302.6,
302.7); the event is one of a small closed set (``EVENTS``: enters play [under whose control], leaves play, is
destroyed, attacks, inflicts [battle] damage [to a noun phrase] ...), with the parts only some events take
(``PARTS_OF``), or the start or end of whose turn (``TURNS``, ``TURN_OF``).  ``effects.triggers`` names the
compositions scripts have written by a name (its ``ALIASES``) and holds the ``Trigger`` that waits for one.
"""
from __future__ import annotations

import json
from typing import Literal

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say
from adjudicator.effects.selectors import Cards

EVENTS: dict[str, tuple[str, str]] = {
    "enters_play": ("when", "enters play"), "leaves_play": ("when", "leaves play"),
    "destroyed": ("if", "is destroyed"), "damaged": ("if", "is damaged"),
    "attacks": ("if", "attacks"), "blocks": ("if", "blocks"), "blocked": ("if", "is blocked"),
    "picked": ("if", "is picked"), "becomes_depleted": ("if", "becomes depleted"),
    "put_in_discard_from_play": ("if", "is put into {pile} discard pile from play"),
    "put_in_discard": ("if", "is put into {pile} discard pile from anywhere"),
    "put_in_hand_from_play": ("if", "is put into {hand} hand from play"),
    "discards": ("if", "discards any number of cards"),
    "inflicts_damage": ("if", "inflicts damage"),
    "inflicts_battle_damage": ("if", "inflicts battle damage"),
    "attacked": ("if", "is attacked"),
    "draws": ("if", "draws any number of cards"),
    "plays": ("if", "plays"),
    "flips_coin": ("if", "flips a coin"),
    "loses_influence": ("if", "loses influence"),
    "party_formed": ("if", "is formed"), "has_tokens": ("if", "has at least {tokens} tokens on it"),
    "puts_back_by_mulligan": ("if", "chooses to put {self} on the bottom of their deck as part of their mulligan at "
                                    "the start of a game"),
}
"""What happens to the subject of a trigger (503.1): the opener it is printed with by default, its verb."""
PLAYERS = {"you": "you", "opponent": "your opponent", "a_player": "a player"}
"""The players a trigger's subject may be ("if your opponent attacks", "if a player plays a tactic")."""
SAID_TO_YOU = {"attacks": "attack", "is attacked": "are attacked", "plays": "play",
               "draws any number of cards": "draw any number of cards", "flips a coin": "flip a coin",
               "loses a coin flip": "lose a coin flip",
               EVENTS["puts_back_by_mulligan"][1]: "choose to put {self} on the bottom of your deck as part of your "
                                                   "mulligan at the start of a game"}
"""The verbs said with "you"."""
OF_PLAYERS, OF_BOTH = frozenset({"attacked", "draws", "plays", "flips_coin", "puts_back_by_mulligan", "discards"}), \
    frozenset({"attacks"})
"""The events that happen to a player only, and to a card or a player.  A player putting this card back with
their mulligan (601.1f) is read of the card in their hand (the card the trigger is printed on, ``{self}``)."""
FACTIONS = {"your_faction": "your faction", "opponent_faction": "your opponent's faction"}
"""The factions a trigger's subject may be: "if your faction loses influence" (408.3b: influence lost, not damage)."""
PARTIES = {"attacking_party": "an attacking party", "blocking_party": "a blocking party",
           "attacking_or_blocking_party": "an attacking or blocking party"}
"""The battle parties a trigger's subject may be (302.6, 302.7): "if an attacking party is formed" (608.1b, 608.1d)."""
OF_SUBJECTS = {"loses_influence": FACTIONS, "party_formed": PARTIES}
"""The events whose subject is a faction or a party, and the subjects they take (no card, no player)."""
SAID = {"becomes_depleted": ("is depleted",)}
"""Other printed verbs of an event (``Happens.said``)."""
TURNS = {"start_of_turn": "the start", "end_of_turn": "the end"}
"""The times of a turn a trigger names (602.1, 602.5)."""
TURN_OF = {"each": "each turn", "you": "your turn", "opponent": "your opponent's turn",
           "each_player": "each player's turn"}
PILES, UNDER = {"your": "your", "a": "a"}, {"you": "your", "opponent": "your opponent's"}
HANDS = {"you": "your", "opponent": "your opponent's", "a_player": "a player's"}
"""Whose hand a card is put into from play (``put_in_hand_from_play``; a card goes to its owner's, 301.4)."""
INFLICTS = ("inflicts_damage", "inflicts_battle_damage")
PILED = ("put_in_discard_from_play", "put_in_discard")
"""The events of a card put into a discard pile (301.4: its owner's), from play or from anywhere (a hand, a deck)."""
PARTS_OF = {"under": ("enters_play",), "to": INFLICTS, "lost": ("flips_coin",), "including": ("party_formed",),
            "more_than": ("attacks", "blocks"), "covert": ("blocks",), "attached_to": ("plays",),
            "passive": ("damaged", "flips_coin"), "battle": ("damaged", "destroyed"), "amount_over": ("damaged",)}
"""The parts of a composition only some events take, and those events."""


def _either(first: str, second: str) -> str:
    """Two verbs joined by "or", the words they end with said once: "enters or leaves play"."""
    a, b = first.split(), second.split()
    n = 0
    while n < min(len(a), len(b)) - 1 and a[-1 - n] == b[-1 - n]:
        n += 1
    tail = a[len(a) - n:]
    return " ".join([*a[:len(a) - n], "or", *b[:len(b) - n], *tail])


def _ref(value: "Cards | str", say: Say) -> str:
    if isinstance(value, Cards):
        return value.words(say)
    return {"self": say.self_name, "attached": "the attached character", **PLAYERS, **FACTIONS, **PARTIES}[value]


class Happens(Node):
    """What a trigger waits for (503.1), composed: ``subject`` (``self``, ``attached``, a noun phrase of cards, a
    player of ``PLAYERS``, a faction, a party) and an ``event`` of ``EVENTS`` -- entering play ``under`` whose
    control, inflicting damage ``to`` a noun phrase (or ``self``), a player playing ``what`` ... (``PARTS_OF``) --
    or the start or end of a ``turn`` (``TURNS``, ``TURN_OF``).  "If a character you control is destroyed",
    "If your opponent plays an item", "At the end of your opponent's turn"."""

    event: Literal[tuple([*EVENTS, *TURNS])]  # type: ignore[valid-type]
    subject: Cards | Literal["self", "attached", "you", "opponent", "a_player", *FACTIONS, *PARTIES] | None = None
    under: Literal["you", "opponent"] | None = None
    pile: Literal["your", "a"] | None = None
    hand: Literal["you", "opponent", "a_player"] | None = None
    """Whose hand the card is put into from play (``put_in_hand_from_play``): "into your opponent's hand"."""
    by: Literal["you", "opponent"] | None = None
    """Who controls the effect that causes a player to discard (``discards``, 305.1): "if an effect controlled by
    your opponent causes you to discard any number of cards"."""
    """Whose hand the card is put into from play (``put_in_hand_from_play``): "into your opponent's hand"."""
    to: Cards | Literal["self"] | None = None
    turn: Literal["each", "you", "opponent", "each_player"] | None = None
    what: Cards | None = None
    """What a player plays (``plays``): "a tactic", "a \"gear\" card"."""
    battle: bool = False
    """Battle damage only (609.1): "battle damage is inflicted to ...", "... is destroyed by battle damage" (408.4)."""
    passive: bool = False
    """The damage said first: "damage is inflicted to <the subject>" for "<the subject> is damaged" (words only)."""
    said: Literal["is depleted"] | None = None
    """The verb as printed when it is another wording of the event ("if a card is depleted": becomes depleted)."""
    during: Literal["a battle"] | None = None
    """When the event happens: "if a character you control is destroyed during a battle" (a battle in progress)."""
    while_: Literal["attacking", "blocking"] | None = Field(None, alias="while")
    """What the subject is doing as the event happens: "... is inflicted to this card while it's blocking"."""
    lost: bool = False
    """A coin flip the player loses (``flips_coin``): "if you lose a coin flip"."""
    including: Literal["self", "attached"] | None = None
    """A member of the party formed (``party_formed``): "... is formed including this card" (302.5)."""
    others: int | None = None
    """How many other members the party formed has at least: "including this card and at least 2 other characters"."""
    more_than: int | None = None
    """The size of the party the subject attacks or blocks in: "... attacks in a party with more than 1 member"."""
    covert: bool = False
    """The party the subject blocks is a Covert party (302.11, 507.3): "if this card blocks a Covert party"."""
    attached_to: Literal["self"] | None = None
    """What the card played is attached to as it is played (301.1): "if you play a \"gear\" card attached to ..."."""
    amount_over: int | None = None
    """The damage inflicted is more than N (408.1): "if any amount of damage greater than 4 is inflicted to ..."."""
    tokens: int | None = None
    """The tokens the card has reach N (409): "if this card has at least 2 tokens on it"."""
    or_event: Literal[tuple(EVENTS)] | None = None  # type: ignore[valid-type]
    """Another event of the same subject that sets the trigger off as well: "enters or leaves play", "attacks
    or blocks", "blocks or is blocked"."""

    @model_validator(mode="after")
    def _parts_fit(self) -> "Happens":
        timed = self.event in TURNS
        if timed != (self.turn is not None) or (timed and self.subject is not None):
            raise ValueError(f"{self.event}: a time of the turn names whose turn and no subject")
        if not timed and self.subject is None:
            raise ValueError(f"{self.event}: an event names its subject")
        for part, events in PARTS_OF.items():
            if getattr(self, part) not in (None, False) and self.event not in events:
                raise ValueError(f"{part}: said only of {', '.join(events)}")
        if (self.pile is not None) != (self.event in PILED):
            raise ValueError("pile: the discard pile a card is put into (from play, from anywhere), and only then")
        if (self.hand is not None) != (self.event == "put_in_hand_from_play"):
            raise ValueError("hand: whose hand a card is put into from play, and only then")
        if (self.by is not None) != (self.event == "discards"):
            raise ValueError("by: who controls the effect that causes a player to discard, and only then")
        player = isinstance(self.subject, str) and self.subject in PLAYERS
        named = isinstance(self.subject, str) and self.subject in {*FACTIONS, *PARTIES}
        if (self.event in OF_SUBJECTS) != named or (
                self.event in OF_SUBJECTS and self.subject not in OF_SUBJECTS[self.event]):
            kind = "a faction or a party" if self.event in OF_SUBJECTS else "a card or a player"
            raise ValueError(f"{self.event}: {kind} as its subject, as the event says")
        if not timed and self.event not in OF_SUBJECTS and player != (self.event in OF_PLAYERS) and \
                self.event not in OF_BOTH:
            raise ValueError(f"{self.event}: happens to {'a player' if self.event in OF_PLAYERS else 'a card'}")
        if (self.others is not None and self.including is None) or (self.more_than is not None and player):
            raise ValueError("others: beside the member named; more_than: the party a card attacks or blocks in")
        if (self.what is None) == (self.event == "plays") or (self.tokens is None) == (self.event == "has_tokens"):
            raise ValueError("what: what a player plays; tokens: how many a card has; each then only")
        if self.battle and self.event == "damaged" and not self.passive:
            raise ValueError("battle: 'battle damage is inflicted to' a card, or a card 'destroyed by battle damage'")
        if self.said is not None and self.said not in SAID.get(self.event, ()):
            raise ValueError(f"said: {self.said!r} is not a wording of {self.event}")
        if self.passive and self.event == "flips_coin" and (self.subject != "a_player" or self.lost):
            raise ValueError("passive: 'a coin is flipped' (by any player)")
        if (self.during or self.while_) and (player or self.event in TURNS or self.event in OF_SUBJECTS):
            raise ValueError("during, while: when a card's event happens")
        plain = not {*PARTS_OF, "pile", "hand", "by", "what", "said", "during", "while_"} & self.model_fields_set
        if self.or_event is not None and (self.or_event == self.event or player or self.or_event in OF_PLAYERS or
                                          not plain):
            raise ValueError("or_event: another event of the same card, both said plainly")
        return self

    def __hash__(self) -> int:  # (a trigger's ``when`` is looked up in sets of names: a composition is none)
        return hash(json.dumps(self.dump(), sort_keys=True))

    @property
    def opener(self) -> str:
        return "at" if self.event in TURNS else EVENTS[self.event][0]

    def clause(self, say: Say = PLAIN) -> str:
        """The words after the opener: "a character you control is destroyed"."""
        if self.event in TURNS:
            return f"{TURNS[self.event]} of {TURN_OF[self.turn or 'each']}"
        during = f" in a party with more than {self.more_than} member{'s' * (self.more_than != 1)}" \
            if self.more_than is not None else ""
        during += f" during {self.during}" if self.during else ""
        during += f" while it's {self.while_}" if self.while_ else ""
        if self.passive and self.event == "flips_coin":
            return "a coin is flipped"
        if self.event == "discards":  # the cause said first (305.1): "an effect controlled by ... causes you to"
            return f"an effect controlled by {'you' if self.by == 'you' else PLAYERS[self.by or 'opponent']} causes " \
                   f"{_ref(self.subject or 'you', say)} to discard any number of cards"
        if self.passive:
            over = f"any amount of damage greater than {self.amount_over}" if self.amount_over is not None else "damage"
            return f"{'battle ' * self.battle}{over} is inflicted to {_ref(self.subject or 'self', say)}{during}"
        verb = self.said or EVENTS[self.event][1]
        verb = "loses a coin flip" if self.lost else verb
        verb += " by battle damage" if self.battle else ""
        if self.or_event is not None:
            verb = _either(verb, EVENTS[self.or_event][1])
        if self.subject == "you":
            verb = SAID_TO_YOU[verb]
        verb = verb.format(pile=PILES[self.pile or "your"], hand=HANDS[self.hand or "you"], tokens=self.tokens,
                           self=say.self_name)
        under = f" under {UNDER[self.under]} control" if self.under else ""
        to = f" to {_ref(self.to, say)}" if self.to is not None else ""
        what = f" {self.what.words(say)}" if self.what is not None else ""
        what += f" attached to {_ref(self.attached_to, say)}" if self.attached_to else ""
        what += " a Covert party" if self.covert else ""
        what += f" including {_ref(self.including, say)}" if self.including else ""
        others = self.others
        what += f" and at least {others} other character{'s' * (others != 1)}" if others is not None else ""
        return f"{_ref(self.subject or 'self', say)} {verb}{what}{under}{to}{during}"

    def words(self, say: Say = PLAIN) -> str:
        return f"{self.opener} {self.clause(say)}"
