"""More sentence rules for ``rulings.convert_spoils`` (round 4, new texts), registered after those of
``convert_spoils_extra``: a card of each non-resource type kept, the rest put away ("Each player choose
a card of each non-resource type they control.", "Each opponent reveals their hand, chooses a card of
each non-resource type in it, and discards the remaining non-resource cards.")."""
from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Callable


def register(cv: ModuleType) -> None:
    """Adds the rules below to the converter module ``cv`` (once)."""
    if getattr(cv, "_EXTRA_RULES_2", False):
        return
    cv._EXTRA_RULES_2 = True
    rule: Callable[[str], Callable[[Callable[[re.Match[str]], Any]], Any]] = cv.rule

    @rule(r"each player choose a card of each non-resource type they control\.")
    def _each_type_in_play(m: re.Match[str]) -> Any:  # Spatchcocking
        return {"choose_each_type": "in_play"}

    @rule(r"each opponent reveals their hand, chooses a card of each non-resource type in it, and discards the "
          r"remaining non-resource cards\.")
    def _each_type_in_hand(m: re.Match[str]) -> Any:  # Spatchcocking's RECUR
        return {"choose_each_type": "opponents_hands"}

    @rule(r"(?P<op>this turn, this card gains .+?) and while it is the only member of an attacking party, only parties "
          r"with at least (?P<n>\d+) members can block it\.")
    def _alone_blocked(m: re.Match[str]) -> Any:  # LeoKaiser
        return {"alone_blocked_by_at_least": int(m.group("n")), "also": cv.sentence_ops(cv._cap(m.group("op")) + ".")}

    def _spend_tokens(m: re.Match[str]) -> Any:  # Voidal Poisoning
        parts = re.split(r"\s*(\d+) TOKENS?: ", " " + m.group("menu"))[1:]
        modes = [{"tokens": int(n), "effects": cv.sentences(text.strip())} for n, text in zip(parts[::2], parts[1::2])]
        return {"spend_tokens": modes}

    # First of all: its last line's "... and put it into your hand" is not an "and" of the whole sentence.
    cv.RULES.insert(0, (re.compile(r"^you may remove any number of tokens from cards you control\. use the tokens to "
                                   r"generate the following effects any number of times: (?P<menu>(?:\d+ TOKENS?: .+)+)$",
                                   re.I), _spend_tokens))

    cv.PARAGRAPHS.append((re.compile(
        r"^If you control at least (?P<icons>(?:\[[OGEDRV]\])+) and choose to put this card on the bottom of your deck "
        r"as part of your mulligan at the start of a game, you may reveal it\. If you do, draw a card at the start of "
        r"your turn\.$"), lambda m: {"static": [{"mulligan_reveal": cv._icons(m.group("icons"))}]}))  # Community Chest

    @rule(r"that player's opponent discards a card\.")
    def _their_opponent_discards(m: re.Match[str]) -> Any:  # Meat of the Mountain (run as the player who drew)
        return {"as_printed": [{"discard": 1, "player": "opponent"}], "printed": "that_players_opponent"}

    def _count_modes(m: re.Match[str]) -> Any:  # Meat of the Mountain
        parts = re.split(r"\s*((?:AT LEAST )?\d+) TOKENS?: ", " " + m.group("menu"))[1:]
        modes = [{"tokens": int(n.split()[-1]), **({"at_least": True} if n.startswith("AT LEAST") else {}),
                  "effects": cv.sentences(text.strip())} for n, text in zip(parts[::2], parts[1::2])]
        return {"when": "player_draws", "effect": [{"token_count_modes": modes}]}

    cv.PARAGRAPHS.append((re.compile(
        r"^If a player draws any number of cards, that player may add or remove a token from this card\. If they do, "
        r"generate the effect which corresponds to the new number of tokens on this card: (?P<menu>.+)$"), _count_modes))

    cv.PARAGRAPHS.append((re.compile(
        r"^At the start of each player's turn, that player chooses a number for X\. Both players put X cards from their "
        r"hand on the bottom of their deck in any order, or their entire hand if they have less than X cards in it\. "
        r"Both players put the top Y cards of their deck into their hand, where Y is the number of cards that player "
        r"put on the bottom of their deck\.$"),
        lambda m: {"when": "start_of_each_players_turn", "effect": [{"hand_cycle": "X"}]}))  # Ambiguity Embiggener

    @rule(r"play this only in response to a card or ability that picked a character as an extra cost\.")
    def _in_response_to_pick(m: re.Match[str]) -> Any:  # Mistaken Identity
        return {"only_in_response_to_pick": "character"}

    @rule(r"pick another character that can be picked by that card or ability\.")
    def _pick_instead(m: re.Match[str]) -> Any:
        return {"pick_instead": "character"}

    @rule(r"when the card or ability resolves, its effect happens as though your opponent had picked the other "
          r"character instead\.")
    def _as_though_picked(m: re.Match[str]) -> Any:
        return {"as_though_picked": "character"}

    @rule(r"use one of the card's abilities\.")
    def _use_its_ability(m: re.Match[str]) -> Any:  # Notion Sickness
        return {"use_its_ability": "the card"}

    @rule(r"the effect happens twice instead of once\.")
    def _effect_twice(m: re.Match[str]) -> Any:
        return {"effect_twice": True}
