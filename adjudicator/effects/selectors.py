"""Who and which cards: players ("your opponent"), card references ("this card", "it", "the
attached character") and selectors ("each depleted character your opponent controls").  Each says
itself in words.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StringConstraints, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, series


PlayerWord = Literal["you", "opponent", "each", "each_player", "all", "everyone", "controller", "self", "opponents",
                     "owner", "its_controller", "attacker", "defender"]


PlayerRef = Union[PlayerWord, str]
"""A player: one of the words above, or a player id of the game (the engines accept both)."""


PLAYER_WORDS = {"that_cards_controller": "that card's controller", "that_player": "that player",
                "that_players_opponent": "that player's opponent", "you": "you", "controller": "you", "self": "you", "opponent": "your opponent",
                "opponents": "your opponent", "each": "each player", "each_player": "each player", "all": "each player",
                "everyone": "each player", "owner": "its owner", "its_controller": "its controller",
                "attacker": "the attacking player", "defender": "the defending player"}


POSSESSIVE = {"that_cards_controller": "that card's controller's", "that_player": "that player's",
              "that_players_opponent": "that player's opponent's", "you": "your", "controller": "your", "self": "your", "opponent": "your opponent's",
              "opponents": "your opponent's", "each": "each player's", "each_player": "each player's",
              "all": "each player's", "everyone": "each player's", "owner": "its owner's",
              "its_controller": "its controller's", "attacker": "the attacking player's",
              "defender": "the defending player's"}


def player_words(ref: str | None, default: str = "you") -> str:
    return PLAYER_WORDS.get(ref or default, str(ref))


def possessive(ref: str | None, default: str = "you") -> str:
    return POSSESSIVE.get(ref or default, f"{ref}'s")


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
    count: int | Literal["X", "X+X", "Y"] | Annotated[str, StringConstraints(pattern=r"^X-\d+$")] | None = None
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
        where = self._where(say)
        if self.zone_first:
            parts.extend(where)
            where = []
        if self.named:
            parts.append(f"named {self.named}")
        if self.with_:
            parts.append(f"with {self.with_}")
        parts.extend(where)
        return " ".join(p for p in parts if p)

    def _where(self, say: Say = PLAIN) -> list[str]:
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
            out.append(f"in a party with {say.self_name}")
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


Refs = Union[Target, list[str]]


def refs_words(value: Refs | None, say: Say, pronoun: bool = False) -> str:
    if isinstance(value, list):
        return series([ref_words(v, say) for v in value])
    return ref_words(value, say, pronoun)
