"""More sentence rules for ``rulings.convert_spoils``: the sentences a few cards print that the
first rules did not read ("If you win X, is 3.", "Put 1 into your hand and the rest into your discard
pile.", "... instead.", "It gains the \\"sarcophyle\\" subtype."...).

``register(converter)`` appends them to the converter's ``RULES`` (tried after its own, so a
sentence they already read reads the same) and its ``CONDITIONS``.  Each rule builds documents of
the effect language; the converter keeps them only when their words say the sentence again.
"""
from __future__ import annotations

import re
from types import ModuleType
from typing import Any, Callable

Doc = dict[str, Any]
PLACES = {("into", "hand"): "hand", ("into", "discard pile"): "discard", ("on the bottom of", "deck"): "deck_bottom",
          ("on top of", "deck"): "deck_top"}
_PLACE = r"(?:into|on the bottom of|on top of) (?:your|their) (?:hand|deck|discard pile)"


def register(cv: ModuleType) -> None:
    """Adds the rules below to the converter module ``cv`` (once)."""
    if getattr(cv, "_EXTRA_RULES", False):
        return
    cv._EXTRA_RULES = True
    rule: Callable[[str], Callable[[Callable[[re.Match[str]], Any]], Any]] = cv.rule

    def ops(text: str) -> list[Doc]:
        return cv.sentence_ops(cv._cap(text.strip()))

    def flagged(text: str, key: str, flag: str) -> list[Doc]:
        """The one operation ``text`` reads as, with ``flag`` set on it (or on its ``key`` part)."""
        docs = ops(text)
        if len(docs) != 1:
            raise cv.NoMatch(text)
        doc = dict(docs[0])
        if key:
            if not isinstance(doc.get(key), dict):
                raise cv.NoMatch(text)
            doc[key] = {**doc[key], flag: True}
        else:
            doc[flag] = True
        return [doc]

    @rule(r"if you win X, is (?P<n>\d+)\.")
    def _win_x(m: re.Match[str]) -> Any:  # Card Counter prints the comma after the X
        return {"if_you_win": [{"x_is": int(m.group("n"))}]}

    @rule(r"(?P<who>your opponent )?(?P<verb>draw|discards) 1 card\.")
    def _one_card(m: re.Match[str]) -> Any:
        draw = m.group("verb").lower() == "draw"
        if (m.group("who") is None) != draw:
            raise cv.NoMatch(m.group(0))
        if draw:
            return {"draw": 1, "numeral": True}
        return {"discard": 1, "player": "opponent", "numeral": True}

    @rule(r"(?P<who>.+?) also (?P<rest>(?:gains?|loses?) .+)")
    def _also(m: re.Match[str]) -> Any:
        return flagged(f"{m.group('who')} {m.group('rest')}", "modify", "also")

    @rule(r"inflict (?P<n>\d+|X) additional damage to (?P<rest>.+)")
    def _additional(m: re.Match[str]) -> Any:
        return flagged(f"inflict {m.group('n')} damage to {m.group('rest')}", "", "additional")

    @rule(r"(?P<op>.+?) if (?P<t>it|the character) is (?P<kind>an? .+?)\.")
    def _provided_kind(m: re.Match[str]) -> Any:
        return {"if_it_is": cv._selector(m.group("kind")), "subject": cv._target(m.group("t")),
                "then": ops(m.group("op") + ".")}

    @rule(r"if (?P<cond>this card is in play) (?P<rest>you may .+)")
    def _if_no_comma(m: re.Match[str]) -> Any:
        return {"if": cv.condition(m.group("cond")), "then": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"reflip that coin\.")
    def _reflip(m: re.Match[str]) -> Any:
        return {"reflip_coin": True}

    @rule(rf"(?P<they>they )?put (?P<a>\d+) (?P<pa>{_PLACE}) and (?P<b>\d+|the rest) (?P<pb>{_PLACE})\.")
    def _split(m: re.Match[str]) -> Any:
        shares = []
        for n, place in ((m.group("a"), m.group("pa")), (m.group("b"), m.group("pb"))):
            how, zone = re.match(r"(into|on the bottom of|on top of) (?:your|their) (hand|deck|discard pile)",
                                 place).groups()
            shares.append({"count": int(n) if n.isdigit() else "the_rest", "to": PLACES[(how, zone)]})
        return {"split": shares, **({"by": "they"} if m.group("they") else {})}

    @rule(r"(?P<t>it|the character|this card) gains the \"(?P<sub>[a-z -]+)\" subtype\.")
    def _subtype(m: re.Match[str]) -> Any:
        return {"gain_subtype": m.group("sub"), "card": cv._target(m.group("t"))}

    @rule(r"the next time (?P<t>the character) is destroyed (?P<how>during this battle|by battle damage this turn), "
          r"(?P<rest>.+)")
    def _next_time(m: re.Match[str]) -> Any:
        how = {"during this battle": "battle", "by battle damage this turn": "battle_damage_turn"}[m.group("how")]
        return {"next_time_destroyed": cv._target(m.group("t")), "how": how,
                "then": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"put (?P<t>.+?) into it's owner's hand\.")
    def _its_owner(m: re.Match[str]) -> Any:
        return {"as_printed": [{"return_to_hand": cv._target(m.group("t"))}], "printed": "its_owner"}

    @rule(r"remove (?P<t>.+?) from combat\.")
    def _combat(m: re.Match[str]) -> Any:
        return {"as_printed": [{"remove_from_battle": cv._target(m.group("t"))}], "printed": "combat"}

    @rule(r"(?P<a>.+?) and (?P<b>reduce .+)")
    def _and_reduce(m: re.Match[str]) -> Any:
        return {"and": ops(m.group("a") + ".") + ops(m.group("b"))}

    @rule(r"(?P<rest>.+) instead\.")
    def _instead(m: re.Match[str]) -> Any:
        return {"instead": ops(m.group("rest") + ".")}

    cv.CONDITIONS.extend([
        (re.compile(r"^(?P<t>your opponent's faction|your faction) has (?P<n>\d+) influence or (?P<dir>less|more)$",
                    re.I),
         lambda m: {"has": {"stat": "influence"}, "subject": cv.REFS[m.group("t").lower()],
                    ("at_most" if m.group("dir").lower() == "less" else "at_least"): int(m.group("n"))}),
    ])
