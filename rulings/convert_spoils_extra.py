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
_PLACE = r"(?:into|on the bottom of|on top of) (?:your|their) (?:hand|deck|discard pile)|on the bottom of that deck|" \
         r"on the top"
SHARES = {"the rest": "the_rest", "the chosen cards": "the_chosen"}
REFS = {"the card you searched for": "searched_card", "the first picked card": "first_picked",
        "the second picked card": "second_picked"}


def register(cv: ModuleType) -> None:
    """Adds the rules below to the converter module ``cv`` (once)."""
    if getattr(cv, "_EXTRA_RULES", False):
        return
    cv._EXTRA_RULES = True
    cv.REFS.update(REFS)
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

    @rule(rf"(?P<they>they )?put (?P<a>\d+|the chosen cards)(?P<na> card)? (?P<pa>{_PLACE}) and "
          rf"(?P<b>\d+|the rest)(?P<nb> card)? (?P<pb>{_PLACE})\.")
    def _split(m: re.Match[str]) -> Any:
        shares = []
        for n, noun, place in ((m.group("a"), m.group("na"), m.group("pa")), (m.group("b"), m.group("nb"), m.group("pb"))):
            shares.append({"count": int(n) if n.isdigit() else SHARES[n], "to": _share_place(place),
                           **({"noun": True} if noun else {})})
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

    @rule(r"do the same\.")
    def _same(m: re.Match[str]) -> Any:
        return {"do_the_same": True}

    @rule(r"this turn, you control an additional (?P<icons>(?:\[[OGEDRV]\])+)\.")
    def _additional_icons(m: re.Match[str]) -> Any:
        return {"control_additional": cv._icons(m.group("icons"))}

    @rule(r"your opponent chooses (?P<n>\d+|X) of those cards\.")
    def _they_choose_of(m: re.Match[str]) -> Any:
        return {"opponent_chooses_of": cv._n(m.group("n"))}

    @rule(r"search your deck for any number of copies of the card(?P<rev> and reveal them)?\.")
    def _copies(m: re.Match[str]) -> Any:
        return {"search_copies": "your", **({"and_reveal": True} if m.group("rev") else {})}

    @rule(r"they (?P<rest>(?:destroy|discard|deplete|draw) .+)")
    def _by_them(m: re.Match[str]) -> Any:
        return {"by_them": ops(m.group("rest"))}

    @rule(r"(?P<when>at the start of your next turn|at the end of the turn),? (?P<rest>.+)")
    def _later(m: re.Match[str]) -> Any:
        when = {"at the start of your next turn": "start_of_your_next_turn", "at the end of the turn": "end_of_turn"}
        return {"later": when[m.group("when").lower()], "do": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"(?P<who>reveal cards from the top of your deck|that player reveals cards from the top of their deck) "
          r"until (?P<t>.+?) is revealed or no cards are left\.")
    def _reveal_until(m: re.Match[str]) -> Any:
        who = "you" if m.group("who").lower().startswith("reveal") else "that_player"
        return {"reveal_until": cv._selector(m.group("t")), **({"who": who} if who != "you" else {})}

    @rule(r"play (?P<t>this card) for (?P<n>\d+)\.")
    def _play_for(m: re.Match[str]) -> Any:
        return {"play_for": cv._target(m.group("t")), "cost": int(m.group("n"))}

    @rule(r"pay X, where X is 7 minus the number of \[R\] you control\.")
    def _seven_minus(m: re.Match[str]) -> Any:  # Aroused Stiffbone
        return {"pay": "X", "where": {"stat": "seven_minus_rage"}}

    @rule(r"put (?P<t>.+?) into play under your control attached to (?P<to>.+?)\.")
    def _put_attached(m: re.Match[str]) -> Any:
        return {"put_attached": cv._target(m.group("t")), "to": cv._target(m.group("to"))}

    @rule(r"terminate (?P<t>.+?), but put it into its owner's hand instead of their discard pile\.")
    def _terminate_to_hand(m: re.Match[str]) -> Any:
        return {"terminate_to_hand": cv._target(m.group("t"))}

    @rule(r"its owner puts a card from their hand on the top of their deck\.")
    def _owner_puts(m: re.Match[str]) -> Any:
        return {"owner_puts_on_top": "a card from their hand"}

    @rule(r"then, (?P<rest>.+)")
    def _then(m: re.Match[str]) -> Any:
        return {"after_that": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"if (?P<t>it|the discarded card) is (?P<kind>an? [^,]+), (?P<rest>.+)")
    def _if_kind(m: re.Match[str]) -> Any:
        return {"if_it_is": cv._selector(m.group("kind")), "subject": cv._target(m.group("t")), "leading": True,
                "then": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"(?P<op>shuffle (?P<t>.+?) into) their deck\.")
    def _their_deck(m: re.Match[str]) -> Any:
        return {"as_printed": [{"shuffle_into_deck": cv._target(m.group("t"))}], "printed": "their_deck"}

    @rule(r"put (?P<t>.+?) into their owner's hand\.")
    def _their_owner(m: re.Match[str]) -> Any:
        return {"as_printed": [{"return_to_hand": cv._target(m.group("t"))}], "printed": "their_owner"}

    @rule(r"play (?P<t>.+?)(?P<free> for free)? with total numeric cost X or less\.")
    def _total_cost(m: re.Match[str]) -> Any:
        return {"play_total": cv._selector(m.group("t")), **({"free": True} if m.group("free") else {})}

    @rule(r"(?P<pre>.+) another one of the (?P<post>\w+s\b.*)")
    def _among(m: re.Match[str]) -> Any:
        """"... another one of the characters": one of the cards picked, as its own operation (the
        selector alone would name every such card in play)."""
        docs = [dict(d) for d in ops(f"{m.group('pre')} the {m.group('post')}")]
        chosen = [v for d in docs for v in d.values() if isinstance(v, dict) and v.get("quantity") == "the"]
        if len(chosen) != 1:
            raise cv.NoMatch(m.group(0))
        chosen[0]["quantity"] = "another_one"
        return {"among_picked": docs}

    @rule(r"the next X damage inflicted to (?P<src>.+?) this turn is inflicted to (?P<dst>.+?) instead\.")
    def _redirect_x(m: re.Match[str]) -> Any:
        return {"redirect": "X", "source": cv._target(m.group("src")), "to": cv._target(m.group("dst")),
                "this_turn_first": False}

    @rule(r"if the the (?P<rest>.+)")
    def _the_the(m: re.Match[str]) -> Any:  # 12 Man Brunch of Doom prints "the the"
        return {"as_printed": ops("If the " + m.group("rest")), "printed": "the_the"}

    @rule(r"destoy (?P<t>.+?)\.")
    def _destoy(m: re.Match[str]) -> Any:  # Pony Slaystation prints "destoy"
        return {"as_printed": [{"destroy": cv._target(m.group("t"))}], "printed": "destoy"}

    @rule(r"put them back into your hand\.")
    def _back(m: re.Match[str]) -> Any:
        return {"as_printed": [{"put": "them", "to": "hand", "whose": "you"}], "printed": "back"}

    @rule(r"(?P<rest>.+) divided however your opponent wants (?P<to>to .+)")
    def _they_divide(m: re.Match[str]) -> Any:
        return {"opponent_divides": ops(f"{m.group('rest')} divided however you want {m.group('to')}")}

    @rule(r"(?P<op>.+?), where Y is (?P<where>.+?)\.")
    def _where_y(m: re.Match[str]) -> Any:
        return {"y_where": cv._stat(m.group("where")), "then": ops(m.group("op") + ".")}

    @rule(r"if it is (?P<kind>an? .+?) then X is (?P<a>\d+), otherwise X is (?P<b>\d+)\.")
    def _x_if_kind(m: re.Match[str]) -> Any:
        return {"x_if_it_is": cv._selector(m.group("kind")), "then": int(m.group("a")), "else": int(m.group("b"))}

    @rule(r"(?P<a>.+?) and (?P<b>reduce .+|your opponent takes .+|can block Covert parties\.)")
    def _and_reduce(m: re.Match[str]) -> Any:
        return {"and": ops(m.group("a") + ".") + ops(m.group("b"))}

    @rule(r"(?P<a>all .+? characters) and (?P<b>\w+ characters) (?P<ch>(?:gain|lose) .+)\.")
    def _two_kinds(m: re.Match[str]) -> Any:  # Padamose: "... \"mau\" characters and Arcanist characters lose ..."
        kinds = [cv.cards(m.group("a")), cv.cards(m.group("b"))]
        if not all(isinstance(k, dict) for k in kinds):
            raise cv.NoMatch(m.group(0))
        return {"modify_kinds": kinds, "changes": cv._changes(m.group("ch").replace("gain ", "gains ")
                                                               .replace("lose ", "loses "))}

    @rule(r"characters depleted by this card cannot be restored by their controller's (?P<f>factions's|faction's) "
          r"restore rule\.")
    def _kept_depleted(m: re.Match[str]) -> Any:
        return {"kept_depleted": "characters", **({"printed_factions": True} if m.group("f") == "factions's" else {})}

    @rule(r"(?P<verb>remove) (?P<a>an? \w+) or (?P<b>\d+ \w+s) (?P<rest>in your discard pile from the game)\.")
    def _or_shared(m: re.Match[str]) -> Any:  # Oddment Collector: "Remove an item or 2 cards in your discard pile ..."
        options = [ops(f"{m.group('verb')} {m.group(k)} {m.group('rest')}.") for k in ("a", "b")]
        if any(len(o) != 1 for o in options):
            raise cv.NoMatch(m.group(0))
        return {"or_shared": [o[0] for o in options]}

    @rule(r"(?P<op>.+?), where X is either (?P<n>\d+) or (?P<stat>.+?), whichever is lower\.")
    def _x_lower_of(m: re.Match[str]) -> Any:  # Obscene Astrologer
        return {"x_lower_of": int(m.group("n")), "lower_than": cv._stat(m.group("stat")), "then": ops(m.group("op") + ".")}

    @rule(r"while this card is in a battle and there is at least one character in the opposing party, it gains X "
          r"(?P<gain>strength|life|speed), where X is this card's (?P<a>speed|strength|life) minus the highest "
          r"(?P<b>speed|strength|life) among characters in the opposing party\.")
    def _edge(m: re.Match[str]) -> Any:  # Martial Arts Master
        if m.group("a") != m.group("b"):
            raise cv.NoMatch(m.group(0))
        return {"edge_over_opposing": m.group("gain"), "compared": m.group("a")}

    @rule(r"search your deck for a card with the same name, reveal it, and put it on top of your deck\.")
    def _same_name(m: re.Match[str]) -> Any:  # The Stone of Triumph
        return {"search_same_name": "deck_top"}

    @rule(r"if an opponent played at least (?P<n>\d+) cards with the same name this turn, (?P<rest>.+)")
    def _same_name_played(m: re.Match[str]) -> Any:  # Hilarious Refrigerator Alarm
        return {"if_played_same_name": "an_opponent", "at_least": int(m.group("n")),
                "then": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"each opponent may put (?P<n>a|\d+) Micromajig tokens? into play under their control\.")
    def _opponents_create(m: re.Match[str]) -> Any:
        return {"opponents_may_create": cv._n(m.group("n"))}

    @rule(r"this turn, (?P<t>the item) is a \"(?P<sub>[a-z -]+)\" character with strength and life equal to its "
          r"numeric cost and (?P<speed>\d+) speed\.")
    def _becomes_character(m: re.Match[str]) -> Any:  # Contrabulous Fabtraption's RUNE OF ANIMATION
        return {"becomes_character": cv._target(m.group("t")), "subtype": m.group("sub"), "speed": int(m.group("speed"))}

    @rule(r"this turn, (?P<t>this card) gains the \"character\" type and has (?P<s>\d+) strength, (?P<l>\d+) life, "
          r"and (?P<v>\d+) speed\.")
    def _gains_character(m: re.Match[str]) -> Any:  # One-Legged Hopping Pogo-Bear
        return {"gains_character_type": cv._target(m.group("t")), "strength": int(m.group("s")),
                "life": int(m.group("l")), "speed": int(m.group("v"))}

    @rule(r"(?P<t>it|this card) loses the \"character\" type\.")
    def _loses_character(m: re.Match[str]) -> Any:
        return {"loses_character_type": cv._target(m.group("t"))}

    @rule(r"if (?P<t>this card) is (?P<kind>an? [^,]+), (?P<rest>.+)")
    def _if_self_kind(m: re.Match[str]) -> Any:
        return {"if_it_is": cv._selector(m.group("kind")), "subject": cv._target(m.group("t")), "leading": True,
                "then": cv.sentences(cv._cap(m.group("rest")))}

    @rule(r"(?P<rest>.+) instead\.")
    def _instead(m: re.Match[str]) -> Any:
        return {"instead": ops(m.group("rest") + ".")}

    cv.CONDITIONS.extend([
        (re.compile(r"^(?P<t>your opponent's faction|your faction) has (?P<n>\d+) influence or (?P<dir>less|more)$",
                    re.I),
         lambda m: {"has": {"stat": "influence"}, "subject": cv.REFS[m.group("t").lower()],
                    ("at_most" if m.group("dir").lower() == "less" else "at_least"): int(m.group("n"))}),
    ])
    from rulings.convert_spoils_extra_2 import register as more  # (round 4, new texts)

    more(cv)


def _share_place(place: str) -> str:
    if place in ("on the bottom of that deck", "on the top"):
        return {"on the bottom of that deck": "that_deck_bottom", "on the top": "the_top"}[place]
    how, zone = re.match(r"(into|on the bottom of|on top of) (?:your|their) (hand|deck|discard pile)", place).groups()
    return PLACES[(how, zone)]

