"""Operations and abilities that printed card texts need beyond what the engines read today:
choosing X, "you may ... If you do, ...", conditions, moving cards between zones, searching,
revealing, flipping, attaching, restrictions ("cannot attack or block"), cost reductions.
"""
from __future__ import annotations

from typing import ClassVar, Literal, Union

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series
from adjudicator.effects.factions import FACTION_ABILITIES
from adjudicator.effects.flow import FLOW_OPERATIONS
from adjudicator.effects.phrases import Cards, Stat, Target, Until, possessive, ref_words, until_words


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _say(effects: list[Node], say: Say) -> str:
    return " ".join(e.words(say) for e in effects)


class _Phrase(Node):
    """An operation said in fixed words (its field only says it is there)."""

    PHRASE: ClassVar[str] = ""

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.PHRASE.format(self=say.self_name))


class PickX(Node):
    """"Pick a number for X, where X is less than or equal to the number of [O] you control."."""

    HEAD = "pick_x"
    pick_x: Stat

    def words(self, say: Say = PLAIN) -> str:
        return f"Pick a number for X, where X is less than or equal to {self.pick_x.words(say)}."


class ChooseX(Node):
    """"Choose a number for X." (X is then the number chosen, recorded with the action), with a
    bound when the text gives one: "that is less than or equal to the number of [E] you control",
    "that is greater than 0", "that is 3 or less"."""

    HEAD = "choose_x"
    choose_x: Literal[True] = True
    at_most: Union[int, Stat, None] = None
    greater_than: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        if isinstance(self.at_most, Stat):
            bound = f" that is less than or equal to {self.at_most.words(say)}"
        elif self.at_most is not None:
            bound = f" that is {self.at_most} or less"
        else:
            bound = f" that is greater than {self.greater_than}" if self.greater_than is not None else ""
        return f"Choose a number for X{bound}."


class TheyPick(Node):
    """"Your opponent picks an item they control if they can." (their choice is recorded)."""

    HEAD = "they_pick"
    they_pick: Cards
    if_they_can: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"your opponent picks {self.they_pick.words(say)}" + (" if they can" if self.if_they_can else ""))


class RevealHand(Node):
    HEAD = "reveal_hand"
    reveal_hand: Literal["opponent", "you"] = "opponent"

    def words(self, say: Say = PLAIN) -> str:
        return "Your opponent reveals their hand." if self.reveal_hand == "opponent" else "Reveal your hand."


class Attack(Node):
    """"Attack your opponent." (an attack made by an effect, 608)."""

    HEAD = "attack_player"
    attack_player: Literal["opponent"] = "opponent"

    def words(self, say: Say = PLAIN) -> str:
        return "Attack your opponent."


class XIs(Node):
    """"X is its strength.": what X (or Y) stands for in the sentences around it."""

    HEAD = "x_is"
    x_is: Union[int, Stat]
    name: Literal["X", "Y"] = "X"
    twice: bool = False

    def words(self, say: Say = PLAIN) -> str:
        value = str(self.x_is) if isinstance(self.x_is, int) else self.x_is.words(say)
        return sentence(f"{self.name} is {'twice ' if self.twice else ''}{value}")


Place = Literal["hand", "deck_top", "deck_bottom", "discard", "deck", "bottom", "the_top_of_deck"]
PLACE_WORDS = {"hand": "into {} hand", "deck_top": "on top of {} deck", "deck_bottom": "on the bottom of {} deck",
               "discard": "into {} discard pile", "deck": "into {} deck", "bottom": "on the bottom",
               "the_top_of_deck": "on the top of {} deck"}


class Put(Node):
    """A card moved between zones: "Put it into your hand.", "Put the character on the bottom of
    its owner's deck."."""

    HEAD = "put"
    put: Target
    to: Place
    whose: Literal["you", "owner", "opponent", "controller", "their"] = "owner"
    by: Literal["you", "opponent"] = "you"
    if_can: bool = False
    any_order: bool = False

    def words(self, say: Say = PLAIN) -> str:
        verb = "put" if self.by == "you" else "your opponent puts"
        can = (" if you can" if self.by == "you" else " if they can") if self.if_can else ""
        whose = {"you": "your", "owner": "its owner's", "opponent": "your opponent's",
                 "controller": "its controller's", "their": "their"}[self.whose]
        order = " in any order" if self.any_order else ""
        return sentence(f"{verb} {ref_words(self.put, say)} {PLACE_WORDS[self.to].format(whose)}{order}{can}")


class Search(Node):
    """"Search your deck for a \\"node\\" card and reveal it." (the card found is recorded)."""

    HEAD = "search"
    search: Cards
    deck: Literal["you", "opponent", "their"] = "you"
    and_reveal: bool = False
    then: Literal["reveal_and_hand", "into_play"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        whose = "their" if self.deck == "their" else possessive(self.deck)
        tail = {"reveal_and_hand": ", reveal it, and put it into your hand", "into_play": " and put them into play",
                None: ""}[self.then]
        return sentence(f"search {whose} deck for {self.search.words(say)}"
                        + (" and reveal it" if self.and_reveal else "") + tail)


class Reveal(Node):
    HEAD = "reveal"
    reveal: Target

    def words(self, say: Say = PLAIN) -> str:
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


class Flip(Node):
    """"Flip this card face-down under its owner's control." (it becomes a resource, 411)."""

    HEAD = "flip"
    flip: Target = "self"
    face: Literal["down", "up"] = "down"
    under: Literal["owner", "you"] = "owner"

    def words(self, say: Say = PLAIN) -> str:
        under = "its owner's" if self.under == "owner" else "your"
        return sentence(f"flip {ref_words(self.flip, say)} face-{self.face} under {under} control")


class Attach(Node):
    """"Attach this card to the character."."""

    HEAD = "attach"
    attach: Target = "self"
    to: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"attach {ref_words(self.attach, say)} to {ref_words(self.to, say)}")


Act = Literal["attack", "block", "respond", "be_blocked", "be_picked", "attack_or_block", "be_attacked",
              "leave_play", "be_destroyed", "attack_your_faction", "pick_self", "draw", "be_restored",
              "be_restored_by_controller_rule", "be_restored_by_your_rule", "take_control_of_self",
              "be_played", "be_used_again"]
ACT_WORDS = {"attack": "attack", "block": "block", "respond": "respond to {self}", "be_blocked": "be blocked",
             "attack_your_faction": "attack your faction", "pick_self": "pick {self}", "draw": "draw cards",
             "be_restored": "be restored", "take_control_of_self": "take control of {self}", "be_played": "be played",
             "be_used_again": "be used again",
             "be_restored_by_controller_rule": "be restored by its controller's faction's Restore Rule",
             "be_restored_by_your_rule": "be restored by your faction's Restore Rule",
             "be_picked": "be picked", "be_attacked": "be attacked", "leave_play": "leave play",
             "be_destroyed": "be destroyed"}


class Cannot(Node):
    """A restriction ("cannot" beats "can", 402.7): "This card cannot be blocked.", "The attached
    character cannot attack or block.", "Your opponent cannot respond to this card."."""

    HEAD = "cannot"
    cannot: list[Act] = Field(min_length=1)
    who: Union[Literal["opponent", "you"], Target] = "self"
    until: Until | None = None
    until_last: bool = False

    def words(self, say: Say = PLAIN) -> str:
        who = {"opponent": "your opponent", "you": "you"}.get(self.who, None) if isinstance(self.who, str) else None
        acts = series([ACT_WORDS[a].format(self=say.self_name) for a in self.cannot], "or")
        clause = f"{who or ref_words(self.who, say)} cannot {acts}"
        when = until_words(self.until)
        if when and self.until_last:
            return sentence(f"{clause} {when}")
        return sentence(f"{when}, {clause}" if when else clause)


CAN_WORDS = {
    "attack_at_once": "{self} can attack even if it has not been in play under your control since the start of the turn",
    "attack_once_each_turn": "{self} can attack only once each turn",
    "play_as_tactic": "you may play {self} whenever you could play a tactic",
    "assign_past_blockers": "you may assign its battle damage to the target of the attack instead of the blocking party",
    "must_be_picked": "anything that can pick {self} must pick it",
    "draws_battle_damage": "all battle damage that could be assigned to {self} must be assigned to it",
    "covert_party": "while {self} is a member of an attacking party, the party is Covert",
    "no_loss_at_zero_influence": "you do not lose the game because your faction has 0 influence",
    "covert_parties_blockable": "covert parties can be blocked by characters without Covert",
    "enters_under_opponent": "{self} enters play under your opponent's control",
    "must_block": "{self} must block if it can",
    "block_covert_parties": "it can block Covert parties",
    "self_blocks_covert_parties": "{self} can block Covert parties",
    "enters_depleted": "{self} enters play depleted",
    "top_card_revealed": "the top card of your deck is revealed at all times",
    "players_attack_once": "players can attack only once each turn",
    "opponent_hand_revealed": "your opponent's hand is revealed at all times",
    "any_number_in_deck": "you may include as many copies of {self} in your deck as you want",
    "picked_must_block_self": "this turn, the character must block {self} if it can",
    "picked_must_attack": "this turn, the characters must attack if they can",
    "it_must_block_self": "it must block {self} if it can this turn",
    "both_may_use": "both players may use this ability",
    "resolve_to_hand": "put {self} into its owner's hand instead of their discard pile",
    "opponents_first_resource_attached": "the first resource each opponent plays each turn enters play attached to "
                                         "that opponent's faction",
    "play_removed_cards": "for the rest of the game, you may play the removed cards as though they were in your hand "
                          "even if you cannot meet their threshold",
    "use_opponents_abilities": "you may use abilities on your opponent's cards, but you must pay any numeric cost "
                               "with your own resources",
    "opponent_satisfies_costs": "any additional costs must be satisfied as though your opponent is using the ability",
    "effect_as_opponents": "the ability's effect happens as if your opponent used it",
    "everything_unique": "all non-resource cards gain the rules text \"Unique X\", where X is the card's name",
    "only_costs_destroy": "this turn, cards can only be destroyed by costs, and all inflicted damage is reduced to 0",
    "control_opponent_side": "both players are in control of their opponent's side",
    "winning_deck_owner_wins": "if the game ends, the owner of the winning deck wins the game",
    "those_must_block": "those characters must block during this battle if they can, and only those characters can "
                        "block",
    "face_down_tactics_flip_up": "all your face-down tactics gain FLIP UP with numeric cost and threshold equal to "
                                 "their regular numeric cost and threshold",
    "its_unblockable": "it's unblockable",
    "not_destroyed_by_node": "{self} cannot be destroyed by the effects of \"node\" cards",
    "gear_as_tactics": "you may play \"gear\" cards whenever you could play a tactic",
    "switch_seats": "both players switch seats",
    "cover_cannot_damage": "characters with Cover cannot inflict damage to {self}",
    "unresolved_terminated": "all unresolved cards are terminated",
    "all_able_must_block_picked": "this turn, all characters able to block the character must do so",
    "picked_attacks_alone": "when an attacking party is formed including the character, it must have only 1 member",
    "play_tactics_removed_by_self": "for the rest of the game, you may play tactics removed from the game by {self} as "
                                    "though they were in your hand without meeting their threshold",
    "picked_assigns_past_blockers": "if the character assigns battle damage to the blocking party during this "
                                    "battle, assign it to the target of the attack instead",
    "hand_to_discard_this_turn": "this turn, if a card is put into a player's hand, put it into their discard pile "
                                 "instead",
    "repeat_until_opponent_hand_empty": "repeat {self}'s effect until your opponent has no cards in their hand",
    "reveal_as_resource_played": "while {self} is in your hand you may reveal {self} as you are playing a resource",
    "can_block_covert_parties": "can block Covert parties",
    "only_speed_x_blocks": "only characters with at least X speed can block it",
}


class Can(Node):
    """A permission the card gives itself (the golden rule lifting a named rule)."""

    HEAD = "can"
    can: Literal[tuple(CAN_WORDS)]  # type: ignore[valid-type]

    def words(self, say: Say = PLAIN) -> str:
        return sentence(CAN_WORDS[self.can].format(self=say.self_name))


class ReduceNextCost(Node):
    """"Reduce the next numeric cost you pay this turn by 2." (410)."""

    HEAD = "reduce_next_cost"
    reduce_next_cost: Union[int, Literal["X"]]
    of: Literal["cost", "card", "item_or_ability"] = "cost"

    def words(self, say: Say = PLAIN) -> str:
        what = {"cost": "the next numeric cost you pay", "card": "the numeric cost of the next card you play",
                "item_or_ability": "the next item's or item's ability's numeric cost you pay"}[self.of]
        return sentence(f"reduce {what} this turn by {self.reduce_next_cost}")


class EntersWithTokens(Node):
    """"This card enters play with 3 tokens on it."."""

    HEAD = "enters_with_tokens"
    enters_with_tokens: Union[int, Literal["X"]]
    subject: Literal["self", "it"] = "self"
    numeral: bool = False
    comes: bool = False

    def words(self, say: Say = PLAIN) -> str:
        n = self.enters_with_tokens
        who = say.self_name if self.subject == "self" else "it"
        many = f"{n} token" if self.numeral and n == 1 else "a token" if n == 1 else f"{n} tokens"
        return sentence(f"{who} {'comes into' if self.comes else 'enters'} play with {many} on it")


class EntersUnderYou(Node):
    """"The character enters play under your control." (a card being played changes hands)."""

    HEAD = "enters_under_you"
    enters_under_you: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{ref_words(self.enters_under_you, say)} enters play under your control")


COSTS_OF = {"characters": "characters you play", "items": "items you play", "tactics": "tactics you play",
            "faction_abilities": "your faction's abilities"}


class ReduceCost(Node):
    """A lasting cost reduction with a floor: "Reduce the numeric cost of characters you play by 2,
    to a minimum of 1." (or said "The numeric cost of items you play is reduced by 1, ...")."""

    HEAD = "reduce_cost"
    reduce_cost: int = Field(ge=1)
    of: Literal[tuple(COSTS_OF)]  # type: ignore[valid-type]
    minimum: int = 0
    passive: bool = False

    def words(self, say: Say = PLAIN) -> str:
        floor = f", to a minimum of {self.minimum}" if self.minimum else ""
        if self.passive:
            return sentence(f"the numeric cost of {COSTS_OF[self.of]} is reduced by {self.reduce_cost}{floor}")
        return sentence(f"reduce the numeric cost of {COSTS_OF[self.of]} by {self.reduce_cost}{floor}")


class PartySize(Node):
    """"It must have only 1 member." / "... at least 2 members." / "... an even number of members."
    (a party being formed, 608)."""

    HEAD = "party_size"
    party_size: Literal["only", "at_least", "even"]
    n: int | None = None

    def words(self, say: Say = PLAIN) -> str:
        if self.party_size == "even":
            return "It must have an even number of members."
        noun = "member" if self.n == 1 else "members"
        return sentence(f"it must have {'only' if self.party_size == 'only' else 'at least'} {self.n} {noun}")


class AdjustAmount(Node):
    """After a replacement's "if ...": "increase the amount by 1", "reduce the amount to 0"
    ("reduce it to 0")."""

    HEAD = "adjust_amount"
    adjust_amount: int
    to: bool = False
    it: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.to:
            return sentence(f"reduce {'it' if self.it else 'the amount'} to {self.adjust_amount}")
        verb = "increase" if self.adjust_amount > 0 else "reduce"
        return sentence(f"{verb} the amount by {abs(self.adjust_amount)}")


class FlipCoin(_Phrase):
    """"Flip a coin." (the judge records the result; "If you win, ..." and "Otherwise, ..." follow)."""

    HEAD, PHRASE = "flip_coin", "flip a coin"
    flip_coin: Literal[True] = True


class TieBreak(Node):
    """"If there is a tie, you decide which character is destroyed." (the choice is recorded)."""

    HEAD = "tie_break"
    tie_break: Literal["is destroyed", "gets the token", "is affected"]

    def words(self, say: Say = PLAIN) -> str:
        return f"If there is a tie, you decide which character {self.tie_break}."


class Where(Node):
    """"<effect>, where X is <a number read off the game>."."""

    HEAD = "x_where"
    x_where: Stat
    then: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(_say(self.then, say).rstrip(".") + f", where X is {self.x_where.words(say)}")


class Blank(Node):
    """"Treat the attached character as though it has no rules text." (for how long: ``until``)."""

    HEAD = "blank"
    blank: Target
    until: Until | None = None

    def words(self, say: Say = PLAIN) -> str:
        clause = f"treat {ref_words(self.blank, say)} as though it has no rules text"
        when = until_words(self.until)
        return sentence(f"{when}, {clause}" if when else clause)


class Detach(Node):
    """"Detach up to 2 resources from your faction." (309)."""

    HEAD = "detach"
    detach: Union[int, Literal["X", "all", "it"]]
    up_to: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.detach in ("all", "it"):
            return f"Detach {'all resources' if self.detach == 'all' else 'it'} from your faction."
        many = "a resource" if self.detach == 1 and not self.up_to else f"{self.detach} resources"
        return sentence(f"detach {'up to ' if self.up_to else ''}{many} from your faction")


class PutBack(_Phrase):
    """"Put them back in any order." (after looking at cards on top of a deck)."""

    HEAD, PHRASE = "put_back", "put them back in any order"
    put_back: Literal["any_order"] = "any_order"


class Shuffle(Node):
    HEAD = "shuffle"
    shuffle: Literal["you", "opponent"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"shuffle {'your' if self.shuffle == 'you' else 'your opponent'} deck")


class ResolveAsResource(Node):
    """A tactic that, once resolved, becomes a face-down resource instead of going to the discard
    pile."""

    HEAD = "resolve_as_resource"
    resolve_as_resource: Literal[True] = True
    what: Literal["self", "that tactic"] = "self"
    whose: Literal["their", "its owner's"] = "their"

    def words(self, say: Say = PLAIN) -> str:
        what = say.self_name if self.what == "self" else self.what
        return sentence(f"put {what} into play under its owner's control as a face-down resource "
                        f"instead of into {self.whose} discard pile")


class ChooseCardType(_Phrase):
    """"Choose a card type." (the type chosen is recorded with the action)."""

    HEAD, PHRASE = "choose_card_type", "choose a card type"
    choose_card_type: Literal[True] = True


class PlayCard(Node):
    """"Play it.", "Play up to 2 non-tactic cards for free." (a card played by an effect)."""

    HEAD = "play_card"
    play_card: Target
    free: bool = False

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"play {ref_words(self.play_card, say)}" + (" for free" if self.free else ""))


class NameACard(Node):
    """"Name a card." / "Name a non-resource card." / "Name a card subtype." (recorded with the action)."""

    HEAD = "name_a_card"
    name_a_card: Literal[True] = True
    kind: Literal["card", "non-resource card", "card subtype"] = "card"

    def words(self, say: Say = PLAIN) -> str:
        return f"Name a {self.kind}."


TEXT_OPERATIONS: list[type[Node]] = [PickX, ChooseX, XIs, Put, Search, Reveal, LookAt, Flip, Attach, Cannot, Can,
                                     ReduceNextCost, EntersWithTokens, FlipCoin, Detach, PutBack, Shuffle,
                                     ResolveAsResource, NameACard, ChooseCardType, PlayCard, AdjustAmount, PartySize,
                                     Where, Blank, EntersUnderYou, ReduceCost, TheyPick, RevealHand, Attack, TieBreak,
                                     *FLOW_OPERATIONS]


TEXT_ABILITIES: list[type[Node]] = FACTION_ABILITIES
