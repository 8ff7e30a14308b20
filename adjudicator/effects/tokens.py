"""Tokens on cards and token cards: tokens put on and removed, Micromajig tokens put into play,
cards entering play with tokens, and menus of effects paid for or chosen by tokens.
"""
from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, field_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.selectors import Target, ref_words


class CreateToken(Node):
    """Token cards put into play (409.3): by the controller ("Put 2 Micromajig tokens into play."), or
    by each opponent if they choose, under their own control (``who``: "Each opponent may put 3
    Micromajig tokens into play under their control.", each opponent's choice, 409.3c)."""

    HEAD = "create_token"
    create_token: str | dict[str, Any]
    count: int = 1
    id: str | None = None
    under: Literal["you"] | None = None
    with_: str | None = Field(None, alias="with")
    who: Literal["you", "each_opponent"] = "you"

    def words(self, say: Say = PLAIN) -> str:
        name = self.create_token if isinstance(self.create_token, str) else str(self.create_token.get("name"))
        name = "Micromajig" if name.lower() in ("micromajig", "micromajig token") else name
        what = f"a {name} token" if self.count == 1 else f"{self.count} {name} tokens"
        if self.with_:
            what += f" with {self.with_}"
        if self.who == "each_opponent":
            return sentence(f"each opponent may put {what} into play under their control")
        return sentence(f"put {what} into play" + (" under your control" if self.under else ""))


class Tokens(Node):
    """Tokens put on (positive) or removed from (negative) a card; all of them removed ("-all"), or as
    many again as it has ("double": "Double the number of tokens on the card.", 409.1)."""

    HEAD = "tokens"
    tokens: int | Literal["X", "-X", "-all", "double"]
    card: Target | None = None
    up_to: bool = False
    divided: bool = False
    either: bool = False
    """The player chooses whether the tokens are put on or removed (409.1): "add or remove a token from this
    card" (``choices.add_or_remove``, "add" or "remove"); ``tokens`` is how many, a number."""

    @field_validator("either")
    @classmethod
    def _a_number_either_way(cls, either: bool, info: Any) -> bool:
        n = info.data.get("tokens")
        if either and not (isinstance(n, int) and n > 0):
            raise ValueError("either: a number of tokens put on or removed, 1 or more")
        return either

    def words(self, say: Say = PLAIN) -> str:
        n = self.tokens
        where = ref_words(self.card or "self", say)
        if self.either:
            return sentence(f"add or remove {'a token' if n == 1 else f'{n} tokens'} from {where}")
        if self.up_to:
            how = " divided however you want" if self.divided else ""
            return sentence(f"put up to {n} tokens{how} on {where}")
        if n == "-all":
            return sentence(f"remove all tokens from {where}")
        if n == "double":
            return sentence(f"double the number of tokens on {where}")
        if n in ("X", "-X"):
            return sentence(f"{'put' if n == 'X' else 'remove'} X tokens {'on' if n == 'X' else 'from'} {where}")
        many = "a token" if abs(n) == 1 else f"{abs(n)} tokens"
        return sentence(f"put {many} on {where}" if n > 0 else f"remove {many} from {where}")


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


class TokenLine(Node):
    """One line of a token menu: a number of tokens (exactly, or at least) and the effects it generates:
    a line paid with that many tokens ("2 TOKENS: Draw a card.") or the line that matches the number of
    tokens on a card ("AT LEAST 3 TOKENS: ..."). General in the number and the effects."""

    tokens: int = Field(ge=0)
    at_least: bool = False
    effects: "Effects" = Field(min_length=1)

    def words(self, say: Say = PLAIN) -> str:
        head = f"{'AT LEAST ' if self.at_least else ''}{self.tokens} TOKEN{'' if self.tokens == 1 else 'S'}:"
        return head + " " + " ".join(e.words(say) for e in self.effects)


class SpendTokens(Node):
    """A token menu: tokens removed from cards the controller controls pay for lines "N TOKENS:
    <effect>", each generated any number of times. General in the lines and their effects."""

    HEAD = "spend_tokens"
    spend_tokens: list[TokenLine] = Field(min_length=1)

    @field_validator("spend_tokens")
    @classmethod
    def _paid_lines(cls, lines: list[TokenLine]) -> list[TokenLine]:
        if any(line.at_least or line.tokens < 1 for line in lines):
            raise ValueError("a line paid with tokens costs 1 or more tokens, exactly")
        return lines

    def words(self, say: Say = PLAIN) -> str:
        return ("You may remove any number of tokens from cards you control. Use the tokens to generate the following "
                "effects any number of times: " + " ".join(m.words(say) for m in self.spend_tokens))


class ByTokenCount(Node):
    """Effects chosen by how many tokens are on a card (409.1): "Generate the effect which corresponds to the
    (new) number of tokens on this card:" followed by lines "N TOKENS: ..." (exactly N) and "AT LEAST N TOKENS:
    ..."; the line that matches the count as it resolves happens, none when no line does. General in the card
    counted, the lines and their effects; "new" is wording only (the count after a change just made)."""

    HEAD = "by_tokens_on"
    by_tokens_on: Target = "self"
    lines: list[TokenLine] = Field(min_length=1)
    new: bool = False

    @field_validator("lines")
    @classmethod
    def _one_line_per_count(cls, lines: list[TokenLine]) -> list[TokenLine]:
        exact = [line.tokens for line in lines if not line.at_least]
        least = [line.tokens for line in lines if line.at_least]
        if len(set(exact)) != len(exact) or len(least) > 1 or (least and any(n >= least[0] for n in exact)):
            raise ValueError("each number of tokens has one line at most")
        return lines

    def words(self, say: Say = PLAIN) -> str:
        return (f"Generate the effect which corresponds to the {'new ' if self.new else ''}number of tokens on "
                f"{ref_words(self.by_tokens_on, say)}: " + " ".join(m.words(say) for m in self.lines))
