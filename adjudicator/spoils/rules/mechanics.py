"""The play mechanics card scripts name, read off a card's script for the handlers in ``plays``
and ``attacks``: keyword abilities (RECUR, HANDOFF: a keyword followed by its COST:/EFFECT:),
FLIP UP (507.4), abilities used from the discard pile (spoils.faq.recur-is-ability), the
permissions and restrictions of a card on itself ("you may play this card whenever you could play
a tactic", "this card can attack only once each turn", "your opponent cannot respond to this
card"), "this card enters play with N tokens on it", and the "only in response to ..." checks.
"""
from __future__ import annotations

from typing import Any

from adjudicator.effects import CardScript, Node, dump
from adjudicator.effects import abilities as A
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.model.state import PendingPlay, SpoilsState

KEYWORD_ABILITIES = ("recur", "handoff", "retire")  # retire: scripted_costs_history ("not in a battle")
"""Keywords printed as the name of an ability block (a COST: and an EFFECT: follow them)."""
FROM_DISCARD = ("in_discard", "while_in_discard")
""""Use this only if (while) this card is in your discard pile": the ability is used from there."""
CANS = ("play_as_tactic", "attack_once_each_turn")
"""The permissions and restrictions a card gives itself that the engine applies (``can``)."""


def top_statics(script: CardScript | None) -> list[Node]:
    """The unconditional continuous operations of a script (its ``static`` abilities, not under a
    "while" or a threshold)."""
    if script is None:
        return []
    return [op for ability in script.abilities if isinstance(ability, A.Static) for op in ability.static]


def can(script: CardScript | None, what: str) -> bool:
    """Whether the card gives itself ``what`` (a ``can`` of the effect language)."""
    return any(isinstance(op, S.OP["can"]) and op.can == what for op in top_statics(script))


def enters_with_tokens(script: CardScript | None) -> Node | None:
    """"This card enters play with N (X) tokens on it." (X: what the play's costs chose)."""
    return next((op for op in top_statics(script) if isinstance(op, S.OP["enters_with_tokens"])
                 and op.subject == "self"), None)


def no_response(script: CardScript | None) -> bool:
    """"Your opponent cannot respond to this card." (printed on the card being played)."""
    if script is None:
        return False
    return any(isinstance(op, S.OP["cannot"]) and op.cannot == ["respond"] and op.who == "opponent"
               for op in S.walk(script.abilities))


def flip_up(script: CardScript | None) -> A.Keyword | None:
    """507.4: the card's FLIP UP keyword (its cost, threshold and the extra costs in ``then``)."""
    if script is None:
        return None
    return next((a for a in script.abilities if isinstance(a, A.Keyword) and a.keyword == "flip_up"), None)


def keyword_ability(script: CardScript | None, name: str) -> A.Activated | None:
    """The ability printed under a keyword (``RECUR: [G]``, ``HANDOFF``): the keyword, then the
    COST:/EFFECT: block that follows it, as an activated ability with the keyword's threshold."""
    if script is None:
        return None
    key = S._ability_key(name)
    abilities = list(script.abilities)
    for i, ability in enumerate(abilities[:-1]):
        after = abilities[i + 1]
        if isinstance(ability, A.Keyword) and ability.keyword == key and key in KEYWORD_ABILITIES \
                and isinstance(after, A.Play):
            return A.Activated(ability=name, threshold=ability.threshold, cost=list(after.cost or []),
                               effect=list(after.play))
    return None


def tactic_play(script: CardScript | None) -> A.Play | None:
    """What a tactic does when played: its first COST:/EFFECT: (or sentences) that is neither a
    keyword's ability (RECUR) nor only "your opponent cannot respond to this card"."""
    if script is None:
        return None
    abilities = list(script.abilities)
    for i, ability in enumerate(abilities):
        keyword_block = i > 0 and isinstance(abilities[i - 1], A.Keyword) and abilities[i - 1].keyword in KEYWORD_ABILITIES
        if isinstance(ability, A.Play) and not keyword_block and not _only_no_response(ability):
            return _with_following(ability, abilities[i + 1:])
    return None


def _with_following(play: A.Play, after: list[Any]) -> A.Play:
    """The play and the paragraphs of plain sentences printed right after it (205.2: a tactic's
    instructions are all of them, "All unresolved cards are terminated. / If an opponent ... ")."""
    more = []
    for ability in after:
        if not isinstance(ability, A.Play) or ability.cost:
            break
        more.extend(ability.play)
    return play.model_copy(update={"play": [*play.play, *more]}) if more else play


def _only_no_response(play: A.Play) -> bool:
    return not play.cost and all(isinstance(op, S.OP["cannot"]) and op.cannot == ["respond"] for op in play.play)


def ability_named(script: CardScript | None, name: str) -> A.Activated | None:
    """The script's ability printed under ``name``: a named ability or a keyword's."""
    return S.activated(script, name) or keyword_ability(script, name)


def from_discard(ability: A.Activated | None) -> bool:
    """Whether the ability is used while its card is in the discard pile."""
    return ability is not None and any(isinstance(op, A.OnlyWhen) and op.only in FROM_DISCARD for op in ability.cost)


RESPONSE_TO: dict[str, Any] = {
    "response_character_played": lambda s, top: _played(s, top, "character"),
    "response_item_played": lambda s, top: _played(s, top, "item"),
    "response_card_played": lambda s, top: top.kind == "card",
    "response_tactic": lambda s, top: _played(s, top, "tactic"),
    "response_tactic_played": lambda s, top: _played(s, top, "tactic"),
    "response_ability": lambda s, top: top.kind in ("ability", "faction_ability"),
    "response_non_faction_ability": lambda s, top: top.kind == "ability",
    "response_character_ability": lambda s, top: top.kind == "ability" and top.card_id is not None
    and top.card_id in s.cards and s.cards[top.card_id].type == "character",
}
""""Play (use) this only in response to ...": what the play waiting for responses must be."""


def _played(s: SpoilsState, top: PendingPlay, kind: str) -> bool:
    return top.kind == "card" and top.card is not None and top.card.type == kind


def responding_to(s: SpoilsState, player: str) -> PendingPlay | None:
    """The opponent's play that ``player`` would respond to now (607.1), if any."""
    top = s.pending[-1] if s.pending else None
    return top if top is not None and top.player != player else None


def text_choice(script: CardScript | None) -> A.Choice | None:
    """"Choose one of the following as this card's rules text: OPTION 1 ... OPTION 2 ..."."""
    if script is None:
        return None
    return next((a for a in script.abilities if isinstance(a, A.Choice) and a.choose in RULES_TEXT_CHOOSERS), None)


RULES_TEXT_CHOOSERS = {"one_as_rules_text": "option", "opponent_one_as_rules_text": "their.option"}
"""Who chooses a card's rules text as it is played, and where the action records it: the player
(``choices.option``) or "your opponent chooses ..." (``choices.their.option``, the opponent's choice)."""


def with_option(script: CardScript, choice: A.Choice, option: int) -> CardScript:
    """The script with the chosen option (1-based) in place of the choice: the card's rules text."""
    abilities = [x for a in script.abilities for x in (choice.options[option - 1] if a is choice else [a])]
    return script.model_copy(update={"abilities": abilities})


def response_effects(s: SpoilsState, name: str, script: CardScript | None, response_to: str | None) -> list[dict[str, Any]]:
    """"If you played this card in response to a tactic, terminate that tactic ...": known when the
    card is played (607.1), so its instructions join the play's effect, "that tactic" bound to the
    play it answers."""
    answered = next((p for p in s.pending if p.id == response_to), None)
    if script is None or answered is None or not _played(s, answered, "tactic"):
        return []
    return [{"script": {"card": name, "ops": dump(as_list(a.effect)), "picks": [[answered.id]]}}
            for a in script.abilities if isinstance(a, A.Trigger) and a.when == "played_in_response_to_tactic"]


def as_list(effect: Any) -> list[Any]:
    return list(effect) if isinstance(effect, list) else [effect]


def answered_card(s: SpoilsState, player: str, cost: list[Node]) -> str | None:
    """The card in play whose ability a "play this only in response to a character's ability"
    answers: "the character" of the effect (401.3a: the restriction names it)."""
    top = responding_to(s, player)
    restricted = any(isinstance(op, A.OnlyWhen) and op.only in RESPONSE_TO for op in cost)
    if top is None or not restricted or top.card_id is None or top.card_id not in s.cards:
        return None
    return top.card_id


__all__ = ["answered_card", "response_effects", "text_choice", "with_option", "can", "enters_with_tokens", "no_response", "flip_up", "keyword_ability", "ability_named",
           "from_discard", "RESPONSE_TO", "responding_to"]
