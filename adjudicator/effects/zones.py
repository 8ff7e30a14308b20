"""Cards moved between zones and changing control: destroyed, returned to hand, removed from the
game, shuffled into a deck, put into play, depleted and restored, joining or leaving a battle,
flipped, attached, taken control of.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.durations import _Lasting
from adjudicator.effects.selectors import ZONE_WORDS, Cards, PlayerRef, Refs, Target, ref_words, refs_words


class _Move(Node):
    """An operation on cards named by reference or selector."""

    VERB: ClassVar[str] = ""
    if_you_can: bool = False

    def target(self) -> Refs:
        return getattr(self, self.HEAD)

    def words(self, say: Say = PLAIN) -> str:
        return sentence(self.VERB.format(refs_words(self.target(), say)) + (" if you can" if self.if_you_can else ""))


class Destroy(_Move):
    HEAD, VERB = "destroy", "destroy {}"
    destroy: Refs


class ReturnToHand(_Move):
    HEAD, VERB = "return_to_hand", "put {} into its owner's hand"
    return_to_hand: Refs


class RemoveFromGame(_Move):
    HEAD, VERB = "remove_from_game", "remove {} from the game"
    remove_from_game: Refs
    face_down: bool = False

    def words(self, say: Say = PLAIN) -> str:
        text = super().words(say)
        return text[:-1] + " face-down." if self.face_down else text


class ShuffleIntoDeck(_Move):
    HEAD, VERB = "shuffle_into_deck", "shuffle {} into its owner's deck"
    shuffle_into_deck: Refs
    into_yours: bool = False

    def words(self, say: Say = PLAIN) -> str:
        text = super().words(say)
        return text.replace("into its owner's deck", "into your deck") if self.into_yours else text


class PutInDiscard(_Move):
    HEAD, VERB = "put_in_discard", "put {} into its owner's discard pile"
    put_in_discard: Refs


class Deplete(_Move):
    HEAD, VERB = "deplete", "deplete {}"
    deplete: Refs


class Restore(_Move):
    HEAD, VERB = "restore", "restore {}"
    restore: Refs


class RemoveFromBattle(_Move):
    HEAD, VERB = "remove_from_battle", "remove {} from the battle"
    remove_from_battle: Refs


class AddToBattle(_Move):
    HEAD = "add_to_battle"
    add_to_battle: Refs
    party: Literal["attacking", "blocking"] | None = None

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{refs_words(self.add_to_battle, say)} joins the {self.party or 'attacking'} party")


class GainControl(_Lasting):
    HEAD = "gain_control"
    gain_control: Refs
    player: PlayerRef | None = None

    def words(self, say: Say = PLAIN) -> str:
        if self.player in ("opponent", "opponents"):
            return sentence(self.timed(f"your opponent takes control of {refs_words(self.gain_control, say)}"))
        return sentence(self.timed(f"take control of {refs_words(self.gain_control, say)}"))


class PutIntoPlay(Node):
    """A card put into play (402.8): by name or description (engine documents) or a reference."""

    HEAD = "put_into_play"
    put_into_play: Annotated[Union[Cards, str, dict[str, Any]], Field(union_mode="left_to_right")]
    id: str | None = None
    attach_to: str | None = None
    under: Literal["you", "owner", "opponent"] | None = None
    face_down: bool = False
    as_resource: bool = False
    as_attacker: bool = False
    as_blocker: bool = False
    resource_first: bool = False
    attached_to_self: bool = False
    attached_to: Target | None = None
    depleted: bool = False

    def words(self, say: Say = PLAIN) -> str:
        what = self.put_into_play
        name = what.words(say) if isinstance(what, Cards) else ref_words(what, say) if isinstance(what, str) \
            else str(what.get("name", "a card"))
        under = {"you": " under your control", "owner": " under its owner's control",
                 "opponent": " under your opponent's control", None: ""}[self.under]
        if self.as_resource and self.resource_first:
            return sentence(f"put {name} into play as a face-down resource{under}")
        face = " as a face-down resource" if self.as_resource else " face-down" if self.face_down else \
            " as a member of the attacking party" if self.as_attacker else \
            " as a member of the blocking party" if self.as_blocker else ""
        attached = f" attached to {say.self_name}" if self.attached_to_self else \
            f" attached to {ref_words(self.attached_to, say)}" if self.attached_to is not None else ""
        text = sentence(f"put {name} into play{under}{face}{attached}")
        return text + (" Deplete it." if self.depleted else "")


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
    or_all_if_fewer: bool = False
    """", or their entire hand if they have less than X cards in it": as many as the zone holds, up to the count."""

    @model_validator(mode="after")
    def _counted_from_a_zone(self) -> "Put":
        ref = self.put
        if self.or_all_if_fewer and not (isinstance(ref, Cards) and ref.zone in ZONE_WORDS and (
                ref.count is not None or isinstance(ref.quantity, int))):
            raise ValueError("'or their entire <zone>' needs a number of cards from a zone")
        return self

    def words(self, say: Say = PLAIN) -> str:
        verb = "put" if self.by == "you" else "your opponent puts"
        can = (" if you can" if self.by == "you" else " if they can") if self.if_can else ""
        whose = {"you": "your", "owner": "its owner's", "opponent": "your opponent's",
                 "controller": "its controller's", "their": "their"}[self.whose]
        order = " in any order" if self.any_order else ""
        return sentence(f"{verb} {ref_words(self.put, say)} {PLACE_WORDS[self.to].format(whose)}{order}{self._or_all()}{can}")

    def _or_all(self) -> str:
        if not self.or_all_if_fewer or not isinstance(self.put, Cards):
            return ""
        ref = self.put
        whose, they = ("your", "you") if ref.zone_owner == "you" else ("their", "they")
        n = ref.quantity if ref.count is None else ref.count
        return f", or {whose} entire {ZONE_WORDS[ref.zone]} if {they} have less than {n} cards in it"


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


class EntersUnderYou(Node):
    """"The character enters play under your control." (a card being played changes hands)."""

    HEAD = "enters_under_you"
    enters_under_you: Target

    def words(self, say: Say = PLAIN) -> str:
        return sentence(f"{ref_words(self.enters_under_you, say)} enters play under your control")
