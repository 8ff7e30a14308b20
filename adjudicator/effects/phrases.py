"""The phrases operations are built from: who (players), which cards (selectors), how many
(counts), for how long (durations) and on what condition (conditions).  Each says itself in words.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, series, tagged

# ------------------------------------------------------------------------------ players

PlayerWord = Literal["you", "opponent", "each", "each_player", "all", "everyone", "controller", "self", "opponents",
                     "owner", "its_controller", "attacker", "defender"]
PlayerRef = Union[PlayerWord, str]
"""A player: one of the words above, or a player id of the game (the engines accept both)."""
PLAYER_WORDS = {"that_cards_controller": "that card's controller", "that_player": "that player", "you": "you", "controller": "you", "self": "you", "opponent": "your opponent",
                "opponents": "your opponent", "each": "each player", "each_player": "each player", "all": "each player",
                "everyone": "each player", "owner": "its owner", "its_controller": "its controller",
                "attacker": "the attacking player", "defender": "the defending player"}
POSSESSIVE = {"that_cards_controller": "that card's controller's", "that_player": "that player's", "you": "your", "controller": "your", "self": "your", "opponent": "your opponent's",
              "opponents": "your opponent's", "each": "each player's", "each_player": "each player's",
              "all": "each player's", "everyone": "each player's", "owner": "its owner's",
              "its_controller": "its controller's", "attacker": "the attacking player's",
              "defender": "the defending player's"}


def player_words(ref: str | None, default: str = "you") -> str:
    return PLAYER_WORDS.get(ref or default, str(ref))


def possessive(ref: str | None, default: str = "you") -> str:
    return POSSESSIVE.get(ref or default, f"{ref}'s")


# ------------------------------------------------------------------------------ counts

FIXED_STATS = {"tokens_removed": "the number of tokens removed this way",
               "characters_depleted": "the number of characters you deplete this way",
               "characters_destroyed": "the number of characters destroyed this way",
               "cards_drawn": "the number of cards drawn",
               "opposing_party_strength": "the total strength of the opposing party",
               "their_printed_life": "their printed life",
               "destroyed_character_strength": "the destroyed character's strength when it was destroyed",
               "cards_put_on_bottom_plus_one": "the number of cards you put on the bottom plus 1",
               "tactics_shuffled_in": "the number of tactics shuffled into their deck",
               "total_cost_you_control": "the total numeric cost of all non-resource cards you control",
               "seven_minus_rage": "7 minus the number of [R] you control",
               "removed_cost_difference": "the numeric cost of your opponent's removed card minus the numeric cost "
                                          "of your removed card"}


class Stat(Node):
    """A number read off the game: "its strength", "the strength of that character", "the number
    of tokens on this card", "the number of [R] you control"."""

    HEAD = "stat"
    stat: Literal["strength", "life", "speed", "structure", "numeric_cost", "damage", "tokens", "influence",
                  "cards_in_hand", "cards_in_deck", "icons", "count", "tokens_removed", "characters_depleted",
                  "characters_destroyed", "cards_drawn", "opposing_party_strength", "their_printed_life",
                  "destroyed_character_strength", "cards_put_on_bottom_plus_one", "tactics_shuffled_in",
                  "total_cost_you_control", "removed_cost_difference", "seven_minus_rage"]
    of: Union[str, "Cards"] = "it"
    phrase: Literal["its", "of", "possessive"] = "its"
    twice: bool = False
    icon: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]$")] | None = None
    half: bool = False
    minus: "Stat | int | None" = None

    def words(self, say: Say = PLAIN) -> str:
        base = self._base(say)
        if self.twice:
            base = f"twice {base}"
        if self.minus is None:
            return base
        return f"{base} minus {self.minus if isinstance(self.minus, int) else self.minus.words(say)}"

    def _base(self, say: Say) -> str:
        if self.stat == "icons":
            return f"the number of [{self.icon}] you control"
        if self.stat in FIXED_STATS:
            return FIXED_STATS[self.stat]
        if self.half:
            return "half " + Stat.model_construct(stat=self.stat, of=self.of, phrase=self.phrase)._base(say) + ", rounded up"
        if self.stat == "tokens":
            return f"the number of tokens on {ref_words(self.of, say)}"
        if self.stat == "count" and isinstance(self.of, Cards):
            return f"the number of {self.of.words(say, single=True)}"
        name = self.stat.replace("_", " ")
        if self.phrase == "its":
            return f"its {name}"
        if self.phrase == "possessive":
            return f"{ref_words(self.of, say)}'s {name}"
        return f"the {name} of {ref_words(self.of, say)}"


class ForEach(Node):
    """"for each token on it", "for each character you control": a multiplier."""

    HEAD = "for_each"
    for_each: "Cards | TokensOn | IconsYouControl"

    def words(self, say: Say = PLAIN) -> str:
        return f"for each {self.for_each.words(say, single=True)}"


class TokensOn(Node):
    """Tokens on a card, counted or required."""

    HEAD = "tokens_on"
    tokens_on: str = "self"

    def words(self, say: Say = PLAIN, single: bool = False) -> str:
        return f"token on {ref_words(self.tokens_on, say)}"


class IconsYouControl(Node):
    """Resource icons you control, counted: "for each [E] you control"."""

    HEAD = "icons_you_control"
    icons_you_control: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]$")]

    def words(self, say: Say = PLAIN, single: bool = False) -> str:
        return f"[{self.icons_you_control}] you control"


Amount = Union[int, Literal["X", "Y", "X+X", "any", "same"], Annotated[str, StringConstraints(pattern=r"^X[+-]\d+$")], Stat]
"""How many: a number, X (defined by an ``x_is`` sentence or chosen), or a stat read off a card."""


def amount_words(n: Amount | None, say: Say = PLAIN) -> str:
    if n is None:
        return ""
    if isinstance(n, Node):
        return n.words(say)
    return {"any": "any amount of", "same": "the same amount of"}.get(str(n), str(n))


# ------------------------------------------------------------------------------ selectors

CardType = Literal["character", "item", "location", "tactic", "resource", "card", "faction", "token",
                   "micromajig token", "staple resource", "character card", "non-tactic card", "non-resource card",
                   "non-token character", "ability", "member", "opponent", "resource card"]
WITH = r"^(Covert|a token on it|no tokens on it|(\d+|X) or (more|less) (strength|life|speed)|numeric cost (\d+|X|X\+\d+) or (less|more)|the (lowest|highest) (numeric cost|strength)|different names|a different name than this card|the chosen name|numeric cost X|X strength|the UNIQUE keyword in its rules text|an ability in its rules text|at least \d+ tokens? on it|(\d+|X) (strength|life|speed) or (less|more))$"
Quantity = Union[Literal["a", "an", "each", "all", "another", "any", "the", "that", "those", "other", "all_other",
                         "any_number", "the_top", "the_bottom", "one", "up_to", "or_fewer", "up_to_the_top", "at_least",
                         "of_the", "bare", "another_one"], int]
"""How many: a number, "up to" a count, or a determiner; ``bare`` for a bare noun ("characters")."""
Adjective = Literal["attacking or blocking", "picked", "named", "revealed", "those", "remaining", "discarded", "random", "gearsmith", "rogue", "arcanist", "warlord", "banker",
                    "non-rogue", "non-gearsmith", "non-arcanist", "non-warlord", "non-banker", "depleted", "restored", "attacking", "blocking", "face-down", "face-up", "unique", "other",
                    "non-token", "undepleted", "damaged", "covert", "attached", "new", "removed"]
Zone = Literal["play", "hand", "discard", "deck", "battle", "top_of_deck", "bottom_of_deck", "game"]
ZONE_WORDS = {"hand": "hand", "discard": "discard pile", "deck": "deck"}
REF_WORDS = {"searched_card": "the card you searched for", "first_picked": "the first picked card",
             "second_picked": "the second picked card", "gear_carrier": "the character the \"gear\" card is attached to", "they": "they", "controllers_faction": "the character's controller's faction",
             "last_tactic": "the last tactic played this turn", "each_member_of_blocking_party": "each member of the blocking party",
             "all_members_of_blocking_party": "all members of the blocking party",
             "all_members_of_attacking_party": "all members of the attacking party",
             "each_of_the_characters": "each of the characters",
             "characters_in_opposing_party": "characters in the opposing party",
             "all_characters_in_opposing_party": "all characters in the opposing party", "this_location": "this location",
             "other_members_of_its_party": "all other members of its party", "attacking_party": "the attacking party", "blocking_party": "the blocking party", "self": "this card", "it": "it", "them": "them", "attached": "the attached character",
             "picked": "the character", "that": "that card", "each": "each card", "itself": "itself",
             "opponent_faction": "your opponent's faction", "your_faction": "your faction",
             "faction": "your faction", "each_faction": "each faction", "factions": "each faction",
             "opponent": "your opponent's faction", "you": "your faction"}


def is_plural(ref: "str | Cards | None") -> bool:
    """Whether a reference stands for several cards (the verb then agrees: "gain", not "gains")."""
    if isinstance(ref, Cards):
        return ref.plural or ref.quantity in ("all", "those", "any_number", "all_other", "up_to", "or_fewer") or (
            isinstance(ref.quantity, int) and ref.quantity != 1)
    return ref in ("them", "other_members_of_its_party", "characters_in_opposing_party",
                   "all_characters_in_opposing_party", "all_members_of_blocking_party",
                   "all_members_of_attacking_party", "they")


def ref_words(ref: "str | Cards | None", say: Say = PLAIN, pronoun: bool = False) -> str:
    """A reference in words: "this card" (or the card's own name), "it", a selector's words, or
    a card id as given."""
    if ref is None:
        return ""
    if isinstance(ref, Node):
        return ref.words(say)
    if isinstance(ref, dict):
        whose = {"you": "your ", "opponent": "your opponent's ", "any": ""}.get(str(ref.get("controller", "any")), "")
        kind = " ".join(str(ref[k]) for k in ("subtype", "type") if ref.get(k)) or "card"
        named = f" named {ref['name']}" if ref.get("name") else ""
        return f"{whose}{kind}s{named}" if whose else f"each {kind}{named}"
    if ref == "self":
        return "it" if pronoun else say.self_name
    if ref in REF_WORDS:
        return REF_WORDS[ref]
    if isinstance(ref, str) and ref.startswith(("your_", "opponent_")) and ref.endswith("s"):
        return ref.replace("opponent_", "your opponent's ").replace("your_", "your ").replace("_", " ")
    return str(ref)


class Cards(Node):
    """Which cards: quantity, adjectives, subtype, type, and who controls them where.

    Words follow the printed template: "each depleted character your opponent controls",
    "a \\"node\\" card in your discard pile", "up to 2 characters", "the character"."""

    HEAD = "cards"
    cards: CardType | list[CardType] = "card"
    quantity: Quantity = "a"
    count: int | Literal["X", "X+X"] | Annotated[str, StringConstraints(pattern=r"^X-\d+$")] | None = None
    adjectives: list[Adjective] = Field(default_factory=list)
    subtype: str | None = None
    controller: Literal["you", "opponent", "any", "your_opponent", "they"] | None = None
    owner: Literal["you", "opponent", "they"] | None = None
    zone: Zone | None = None
    zone_owner: Literal["you", "opponent", "its_owner", "any", "either", "their", "an_opponent", "that_opponent"] = "you"
    from_zone: bool = False
    whose: Literal["your", "your opponent's", "its owner's", "their"] | None = None
    named: str | None = None
    with_: Annotated[str, StringConstraints(pattern=WITH)] | None = Field(None, alias="with")
    not_in_battle: bool | Literal["short"] = False
    in_party_with_self: bool = False
    in_party: Literal["attacking", "blocking", "opposing", "your", "that"] | None = None
    party_of: bool = False
    being_played: bool = False
    attached_to_faction: bool = False
    damaged_your_faction_this_turn: bool = False
    discarded_this_way: bool = False
    revealed_this_way: bool = False
    conj: Literal["or", "and", "and/or"] = "or"
    same_type_as: Literal["the card", "the discarded card", "the removed card"] | None = None
    zone_first: bool = False
    plural: bool = False

    @model_validator(mode="after")
    def _counted(self) -> "Cards":
        if self.quantity in ("up_to", "or_fewer") and self.count is None:
            raise ValueError(f"quantity {self.quantity} needs a count")
        return self

    def _noun(self) -> str:
        kinds = self.cards if isinstance(self.cards, list) else [self.cards]
        many = self.plural or self.quantity in ("all", "those", "any_number", "all_other", "up_to", "or_fewer",
                                                "up_to_the_top", "at_least") or (
            isinstance(self.quantity, int) and self.quantity != 1) or self.count not in (None, 1)
        nouns = [k + ("s" if many else "") for k in kinds]
        return series(nouns, self.conj)

    def _quantity(self) -> str:
        q = self.quantity
        if isinstance(q, int):
            return str(q)
        if q == "up_to":
            return f"up to {self.count}"
        if q == "or_fewer":
            return f"{self.count} or fewer"
        if q == "at_least":
            return f"at least {self.count}"
        if q == "of_the":
            return f"{self.count} of the"
        if q == "up_to_the_top":
            return f"up to the top {self.count}"
        if q in ("a", "an"):
            return q
        if q == "bare":
            return ""
        return {"any_number": "any number of", "all_other": "all other", "the_top": "the top",
                "the_bottom": "the bottom", "one": "one of the", "another_one": "another one of the"}.get(q, q)

    def words(self, say: Say = PLAIN, single: bool = False) -> str:
        parts = [] if single else [self._quantity()]
        if self.count is not None and self.quantity not in ("up_to", "or_fewer", "up_to_the_top", "at_least", "of_the"):
            parts.append(str(self.count))
        if self.whose:
            parts.append(self.whose)
        parts += list(self.adjectives)
        if self.subtype:
            parts.append(f'"{self.subtype}"')
        parts.append(self._noun())
        where = self._where()
        if self.zone_first:
            parts.extend(where)
            where = []
        if self.named:
            parts.append(f"named {self.named}")
        if self.with_:
            parts.append(f"with {self.with_}")
        parts.extend(where)
        return " ".join(p for p in parts if p)

    def _where(self) -> list[str]:
        out = []
        if self.controller in ("you",):
            out.append("you control")
        elif self.controller in ("opponent", "your_opponent"):
            out.append("your opponent controls")
        elif self.controller == "they":
            out.append("they control")
        if self.owner == "they":
            out.append("and own" if self.controller == "they" else "they own")
        elif self.owner == "you":
            out.append("you own")
        elif self.owner == "opponent":
            out.append("your opponent owns")
        if self.zone in ZONE_WORDS:
            whose = {"you": "your", "opponent": "your opponent's", "its_owner": "its owner's",
                     "any": "a", "either": "either", "their": "their", "an_opponent": "an opponent's",
                     "that_opponent": "that opponent's"}[self.zone_owner]
            of = "of" if self.quantity in ("the_top", "the_bottom", "up_to_the_top") else "from" if self.from_zone else "in"
            out.append(f"{of} {whose} {ZONE_WORDS[self.zone]}")
        elif self.zone == "battle":
            out.append("in the battle")
        elif self.zone == "play":
            out.append("in play")
        if self.not_in_battle:
            out.append("not in a battle" if self.not_in_battle == "short" else "that is not in a battle")
        if self.in_party_with_self:
            out.append("in a party with this card")
        if self.in_party:
            at = "of" if self.party_of else "in"
            out.append(f"{at} {self.in_party} party" if self.in_party in ("your", "that") else
                       f"{at} the {self.in_party} party")
        if self.being_played:
            out.append("being played")
        if self.attached_to_faction:
            out.append("attached to your faction")
        if self.discarded_this_way:
            out.append("discarded this way")
        if self.revealed_this_way:
            out.append("revealed this way")
        if self.damaged_your_faction_this_turn:
            out.append("that inflicted damage to your faction this turn")
        if self.same_type_as:
            out.append(f"of the same type as {self.same_type_as}")
        return out


Target = Union[str, Cards]
"""A card reference (``self``, ``it``, ``attached``, a card id or name, a faction reference) or a
selector."""

# ------------------------------------------------------------------------------ durations

Until = Literal["turn", "this_turn", "battle", "end_of_turn", "next_turn", "start_of_your_next_turn",
                "end_of_your_next_turn", "permanent", "while_in_play", "while_attached"]
UNTIL_WORDS = {"turn": "this turn", "this_turn": "this turn", "battle": "this battle", "end_of_turn": "this turn",
               "next_turn": "until the start of your next turn",
               "start_of_your_next_turn": "until the start of your next turn",
               "end_of_your_next_turn": "until the end of your next turn", "permanent": "", "while_in_play": "",
               "while_attached": ""}


def until_words(until: str | None) -> str:
    return UNTIL_WORDS.get(until or "", "")


# ------------------------------------------------------------------------------ conditions

class StatAtMost(Node):
    """"if the character has 4 life or less"."""

    HEAD = "has"
    has: Stat
    at_most: int | Literal["X", "X+X"] | None = None
    at_least: int | Literal["X", "X+X"] | None = None
    exactly: int | Literal["X"] | None = None
    subject: Target = "it"

    def words(self, say: Say = PLAIN) -> str:
        if self.exactly is not None:
            return f"{ref_words(self.subject, say)} has {self.exactly} {self.has.stat.replace('_', ' ')}"
        n, bound = (self.at_most, "or less") if self.at_most is not None else (self.at_least, "or more")
        if self.has.stat == "numeric_cost":
            return f"{ref_words(self.subject, say)} has numeric cost {n} {bound}"
        return f"{ref_words(self.subject, say)} has {n} {self.has.stat.replace('_', ' ')} {bound}"


class YouControl(Node):
    """"you control a \\"node\\" card", "your opponent controls no characters"."""

    HEAD = "control"
    control: Cards
    who: Literal["you", "opponent"] = "you"
    negated: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = "you" if self.who == "you" else "your opponent"
        verb = ("control" if self.who == "you" else "controls")
        what = self.control.words(say)
        if self.negated:
            what = "no " + self.control.words(say, single=True)
        return f"{who} {verb} {what}"


class TokenOnIt(Node):
    """"there is a token on this card", "there are no tokens on this card"."""

    HEAD = "token_on"
    token_on: str = "self"
    none: bool = False
    at_least: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        where = ref_words(self.token_on, say)
        if self.at_least is not None:
            return f"there are at least {self.at_least} tokens on {where}"
        return f"there are no tokens on {where}" if self.none else f"there is a token on {where}"


STATE_WORDS = {"attacking": "{self} is attacking", "blocking": "{self} is blocking", "in_discard": "{self} is in your discard pile",
               "in_battle": "{self} is in a battle", "in_play": "{self} is in play", "depleted": "{self} is depleted",
               "you_attacking": "you are attacking", "you_attacked": "you are being attacked",
               "your_turn": "it is your turn", "face_down_resource": "{self} is a face-down resource",
               "top_card_revealed": "the top card of your deck is revealed",
               "picked_character_as_cost": "you picked a character as part of its cost",
               "picked_characters_as_cost": "you picked characters as part of its cost",
               "played_using_flip_up": "you played {self} using FLIP UP",
               "not_played_using_flip_up": "you did not play {self} using FLIP UP",
               "picked_item_as_cost": "you picked an item as part of its cost",
               "picked_is_covert": "the character is Covert",
               "damage_to_picked_this_turn": "damage is inflicted to the character this turn",
               "that_card_chosen_type": "that card is the chosen type", "it_chosen_type": "it is the chosen type",
               "opponent_controls_more": "your opponent controls more characters than you",
               "hand_at_least": "you have at least {n} cards in your hand",
               "hand_even": "you have an even number of cards in your hand",
               "opponent_discard_at_least": "your opponent has at least {n} cards in their discard pile",
               "control_even_characters": "you control an even number of characters",
               "control_only_characters": "you control only {n} character",
               "control_character_not_owned": "you control a character you don't own",
               "attacking_location": "{self} is attacking a location",
               "gear_attached": "a \"gear\" card is attached to {self}",
               "tokens_at_least": "there are at least {n} tokens on {self}",
               "picked_location_in_play": "the picked location is in play",
               "picked_received_damage": "the character has received damage this turn",
               "started_turn_no_attack": "{self} started the turn under your control and did not attack this turn",
               "it_destroyed_by_that_damage": "it is destroyed by that damage",
               "it_tokens_at_least": "it has at least {n} tokens on it",
               "it_is_staple_resource": "it is a staple resource",
               "damage_has_been_to_picked": "damage has been inflicted to the character this turn",
               "appropriate_character_revealed": "an appropriate character is revealed",
               "opponent_hand_at_most": "your opponent has {n} or fewer cards in their hand",
               "only_attacking_member": "{self} is the only member of an attacking party",
               "removed_cost_at_least_opponents": "the numeric cost of your removed card is greater than or equal to "
                                                  "the numeric cost of your opponent's"}


class During(Node):
    """A state of the game: "this card is attacking", "you are being attacked"."""

    HEAD = "during"
    during: Literal[tuple(STATE_WORDS)]  # type: ignore[valid-type]
    n: int | Literal["X"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        return STATE_WORDS[self.during].format(self=say.self_name, n=self.n)


class ControlIcons(Node):
    """"you control [O][O][O]" / "you control at least [O][O]" (icons of resources and cards)."""

    HEAD = "control_icons"
    control_icons: Annotated[str, StringConstraints(pattern=r"^[OGEDRV]+$")]
    at_least: bool = False

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in self.control_icons)
        return f"you control {'at least ' if self.at_least else ''}{icons}"


class WhileAt(Node):
    """Buffy: "while Faith is here" (a character at this location)."""

    HEAD = "while_at"
    while_at: str

    def words(self, say: Say = PLAIN) -> str:
        return f"while {self.while_at} is here"


Condition = tagged("condition", [StatAtMost, YouControl, TokenOnIt, During, WhileAt, ControlIcons])

ForEach.model_rebuild()
Stat.model_rebuild()

__all__ = ["PlayerRef", "player_words", "possessive", "Stat", "ForEach", "TokensOn", "Amount", "amount_words",
           "Cards", "Target", "ref_words", "Until", "until_words", "Condition", "StatAtMost", "YouControl",
           "TokenOnIt", "During", "WhileAt"]
