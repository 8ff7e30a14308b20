"""What a card's text is made of: activated abilities, plays, extra costs, continuous effects,
thresholds and choices, and Buffy's card-play document; each says itself in words.  The parts they
combine (triggers, replacements, costs, timing, keywords) are defined in their own modules and
named here too, as the engines import them.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.effects.base import PLAIN, Node, Say, one_or_many, say_all, sentence, series
from adjudicator.effects.costs import Pay, Pick
from adjudicator.effects.counts import Stat
from adjudicator.effects.games import TALENT_WORDS, Talent
from adjudicator.effects.keywords import ALL_KEYWORDS, KEYWORDS, Keyword
from adjudicator.effects.replacements import INSTEAD, WAYS, ChangeAmount, Replacement
from adjudicator.effects.selectors import Cards, Target, ref_words
from adjudicator.effects.timing import ONLY_WORDS, OnlyWhen
from adjudicator.effects.triggers import TRIGGER_WORDS, Trigger


class Activated(Node):
    """502: a named ability with a COST: and an EFFECT: section."""

    HEAD = "ability"
    ability: str
    threshold: str | None = None
    cost: "Effects" = Field(default_factory=list)
    effect: "Effects" = Field(default_factory=list)

    def words(self, say: Say = PLAIN) -> str:
        icons = "".join(f"[{i}]" for i in (self.threshold or ""))
        return f"{self.ability}{' ' + icons if icons else ''} COST: {say_all(self.cost, say)} EFFECT: {say_all(self.effect, say)}"


class Play(Node):
    """What a card does when played and resolved (a tactic, an action card), with its costs:
    "COST: ... EFFECT: ..." when it has a cost section, its sentences otherwise."""

    HEAD = "play"
    play: "Effects"
    cost: "Effects | None" = None

    def words(self, say: Say = PLAIN) -> str:
        if self.cost is not None:
            return f"COST: {say_all(self.cost, say)} EFFECT: {say_all(self.play, say)}"
        return say_all(self.play, say)


class ExtraCost(Node):
    """A cost printed on a card that is not a tactic ("COST: You may pick a character."): paid
    when the card is played, as an extra cost (406)."""

    HEAD = "extra_cost"
    extra_cost: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return f"COST: {say_all(self.extra_cost, say)}"


class Static(Node):
    """A continuous effect while the card is in play (optionally while a condition holds)."""

    HEAD = "static"
    static: "Effects"

    def words(self, say: Say = PLAIN) -> str:
        return say_all(self.static, say)


class Threshold(Node):
    """"[D][D][D]: <ability>": an ability active only while its controller has the icons."""

    HEAD = "requires"
    requires: str
    then: "Abilities"

    def words(self, say: Say = PLAIN) -> str:
        return "".join(f"[{i}]" for i in self.requires) + ": " + " ".join(a.words(say) for a in self.then)


class Choice(Node):
    """"Choose one of the following": each option a list of abilities (or effects)."""

    HEAD = "choose"
    choose: Literal["one", "one_as_rules_text", "opponent_one_as_rules_text"] = "one"
    options: list["Abilities"] = Field(min_length=2)

    def words(self, say: Say = PLAIN) -> str:
        head = {"one_as_rules_text": f"Choose one of the following as {say.self_name}'s rules text:",
                "opponent_one_as_rules_text": f"Your opponent chooses one of the following as {say.self_name}'s rules text:",
                }.get(self.choose, "Choose one of the following:")
        opts = [f"OPTION {i} " + " ".join(a.words(say) for a in opt) for i, opt in enumerate(self.options, 1)]
        return head + " " + " ".join(opts)


class FatigueCard(Node):
    character: str
    attachment: str | None = None


class CardPlay(Node):
    """Buffy's ``play_effect`` document: where the card may be played (``stage``), what it needs
    (``requirement``: talent a character meets alone) and costs (``fatigue_card``,
    ``pay_destiny``), and what it does.  Its parts are fields of one record, every one applied."""

    stage: str | list[str] | None = None
    requirement: dict[Talent, int] | None = None
    fatigue_card: FatigueCard | None = None
    pay_destiny: int | None = Field(None, ge=0)
    gain_destiny: int | None = Field(None, ge=0)
    fight_talent: Talent | None = None
    leave_fight: str | None = None
    leave_challenge: str | None = None
    fatigue: list[str] | None = None
    discard_minions: bool | None = None

    def words(self, say: Say = PLAIN) -> str:
        parts = []
        if self.fatigue_card:
            parts.append(f"Fatigue {self.fatigue_card.attachment or self.fatigue_card.character}:")
        if self.pay_destiny:
            parts.append(f"Pay {self.pay_destiny} destiny:")
        if self.gain_destiny:
            parts.append(sentence(f"gain {self.gain_destiny} destiny"))
        if self.fight_talent:
            parts.append(sentence(f"the fight resolves on {TALENT_WORDS[self.fight_talent]}"))
        for key, phase in (("leave_fight", "fight"), ("leave_challenge", "challenge")):
            if getattr(self, key):
                parts.append(sentence(f"{getattr(self, key)} leaves the {phase}"))
        if self.fatigue:
            parts.append(sentence(f"fatigue {series(self.fatigue)}"))
        if self.discard_minions:
            parts.append("Discard every minion in play.")
        return " ".join(parts)


__all__ = ["ALL_KEYWORDS", "INSTEAD", "KEYWORDS", "ONLY_WORDS", "PLAIN", "TALENT_WORDS", "TRIGGER_WORDS", "WAYS",
           "Activated", "CardPlay", "Cards", "ChangeAmount", "Choice", "ExtraCost", "FatigueCard", "Keyword", "Node",
           "OnlyWhen", "Pay", "Pick", "Play", "Replacement", "Say", "Stat", "Static", "Talent", "Target", "Threshold",
           "Trigger", "one_or_many", "ref_words", "sentence", "series"]
