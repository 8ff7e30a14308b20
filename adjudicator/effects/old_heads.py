"""Heads the effect language once had for one card's sentence, each read now as the general form that
took its place (issue 24), so that a script stored with the old head still reads and does the same.

``read(doc)`` turns a mapping that names an old head into the general mapping; any other value is left
as it is.  A new script is never written with these heads: the converter writes the general form.
"""
from __future__ import annotations

from typing import Any, Callable

Doc = dict[str, Any]


def _if_you_do_and(doc: Doc) -> Doc:
    """``{if_you_do_and: <condition>, then: [...]}``: "If you do and <condition>, ..."."""
    rest = {k: v for k, v in doc.items() if k not in ("if_you_do_and", "then")}
    return {"if_you_do": doc.get("then"), "also_if": doc["if_you_do_and"], **rest}


def _opponents_may_create(doc: Doc) -> Doc:
    """``{opponents_may_create: N}``: "Each opponent may put N Micromajig tokens into play under their control."."""
    n = doc["opponents_may_create"]
    return {"create_token": "micromajig", **({"count": n} if n != 1 else {}), "who": "each_opponent",
            **{k: v for k, v in doc.items() if k != "opponents_may_create"}}


def _double_tokens(doc: Doc) -> Doc:
    """``{double_tokens: <card>}``: "Double the number of tokens on the card."."""
    return {"tokens": "double", "card": doc["double_tokens"], **{k: v for k, v in doc.items() if k != "double_tokens"}}


def _redirect(doc: Doc) -> Doc:
    """``{redirect: N, source: <card>, to: <card>}``: "The next N damage inflicted to <source> this turn is
    inflicted to <to> instead."."""
    rest = {k: v for k, v in doc.items() if k not in ("redirect", "source", "to")}
    return {"next_damage": doc["redirect"], "to": doc.get("source"), "instead_to": doc.get("to"), **rest}


def _reduce_next_damage(doc: Doc) -> Doc:
    """``{reduce_next_damage: N, to: <card>}``: "Reduce the next damage inflicted to <to> this turn by N."."""
    return {"next_damage": doc["reduce_next_damage"], **{k: v for k, v in doc.items() if k != "reduce_next_damage"}}


def _after_that(doc: Doc) -> Doc:
    """``{after_that: [...]}``: "Then, ...", a lead-in the card prints (``flow.PRINTED_AS``)."""
    return {"as_printed": doc["after_that"], "printed": "then",
            **{k: v for k, v in doc.items() if k != "after_that"}}


def _if_played_same_name(doc: Doc) -> Doc:
    """``{if_played_same_name: an_opponent, at_least: N, then: [...]}``: "If an opponent played at least N cards
    with the same name this turn, ...", a condition of the game."""
    rest = {k: v for k, v in doc.items() if k not in ("if_played_same_name", "at_least", "then")}
    return {"if": {"during": "opponent_played_same_name", "n": doc.get("at_least", 2)}, "then": doc.get("then"), **rest}


def _put_attached(doc: Doc) -> Doc:
    """``{put_attached: <card>, to: <card>}``: "Put <card> into play under your control attached to <card>."."""
    rest = {k: v for k, v in doc.items() if k not in ("put_attached", "to")}
    return {"put_into_play": doc["put_attached"], "under": "you", "attached_to": doc.get("to"), **rest}


def _play_for(doc: Doc) -> Doc:
    """``{play_for: <card>, cost: N}``: "Play <card> for N."."""
    return {"play_card": doc.get("play_for", "self"), **{k: v for k, v in doc.items() if k != "play_for"}}


def _opponent_divides(doc: Doc) -> Doc:
    """``{opponent_divides: [{damage: N, divided: true, ...}]}``: "Inflict N damage divided however your
    opponent wants to <cards>." (the one damage sentence it held; any other content is left unread)."""
    held = doc["opponent_divides"]
    if not (isinstance(held, list) and len(held) == 1 and isinstance(held[0], dict) and "damage" in held[0]):
        return doc
    return {**held[0], "divided_by": "opponent", **{k: v for k, v in doc.items() if k != "opponent_divides"}}


OPPOSING = {"cards": "character", "quantity": "bare", "plural": True, "in_party": "opposing"}


def _edge_over_opposing(doc: Doc) -> Doc:
    """``{edge_over_opposing: <stat>, compared: <stat>}``: "While this card is in a battle and there is at least
    one character in the opposing party, it gains X <stat>, where X is this card's <compared> minus the highest
    <compared> among characters in the opposing party." (a "while" of two conditions, an amount, a change)."""
    gained, compared = doc["edge_over_opposing"], doc.get("compared", "speed")
    rest = {k: v for k, v in doc.items() if k not in ("edge_over_opposing", "compared")}
    opposing = {"there_are": {"cards": "character", "quantity": "a", "in_party": "opposing"}}
    amount = {"stat": compared, "of": "self", "phrase": "possessive",
              "minus": {"stat": compared, "of": OPPOSING, "among": "highest"}}
    return {"while": {"all_of": [{"during": "in_battle"}, opposing]},
            "then": [{"x_where": amount, "then": [{"modify": {gained: "X"}, "card": "it"}]}], **rest}


def _alone_blocked_by_at_least(doc: Doc) -> Doc:
    """``{alone_blocked_by_at_least: N, also: [...], until: turn}``: "This turn, <also> and while it is the only
    member of an attacking party, only parties with at least N members can block it." (the duration said once
    for both parts)."""
    until = doc.get("until", "turn")
    also = [{k: v for k, v in op.items() if not (k == "until" and v == until)} if isinstance(op, dict) else op
            for op in doc.get("also") or []]
    alone = {"while": {"during": "only_attacking_member", "subject": "it"},
             "then": [{"only_parties_block": "it", "at_least": doc["alone_blocked_by_at_least"]}]}
    return {"and": [*also, alone], "until": until}


NON_RESOURCE = "non-resource card"
EACH_TYPE: dict[str, Doc] = {
    "in_play": {"as_printed": [{"both_players": [{"choose_of_each_type": {"cards": NON_RESOURCE, "controller": "they"}}],
                                "who": "each"}], "printed": "each_bare_verb"},
    "opponents_hands": {"both_players": [
        {"reveal": "their_hand"}, {"choose_of_each_type": {"cards": NON_RESOURCE, "zone": "hand"}, "in_it": True},
        {"discard": 1, "what": {"cards": NON_RESOURCE, "quantity": "the", "adjectives": ["remaining"], "plural": True}}],
        "who": "each_opponent"}}


def _choose_each_type(doc: Doc) -> Doc:
    """``{choose_each_type: in_play | opponents_hands}``: "Each player choose a card of each non-resource type they
    control." / "Each opponent reveals their hand, chooses a card of each non-resource type in it, and discards
    the remaining non-resource cards."."""
    return {**EACH_TYPE[doc["choose_each_type"]], **{k: v for k, v in doc.items() if k != "choose_each_type"}}


def _hand_cycle(doc: Doc) -> Doc:
    """``{hand_cycle: X}``: "That player chooses a number for X. Both players put X cards from their hand on the
    bottom of their deck in any order, or their entire hand if they have less than X cards in it. Both players put
    the top Y cards of their deck into their hand, where Y is the number of cards that player put on the bottom of
    their deck.", its three sentences done in order (said joined by "and")."""
    from_hand = {"cards": "card", "quantity": "bare", "count": "X", "plural": True, "zone": "hand", "zone_owner": "their",
                 "from_zone": True}
    top = {"cards": "card", "quantity": "the_top", "count": "Y", "plural": True, "zone": "deck", "zone_owner": "their"}
    return {"and": [
        {"choose_x": True, "who": "that_player"},
        {"both_players": [{"put": from_hand, "to": "deck_bottom", "whose": "their", "any_order": True,
                           "or_all_if_fewer": True}]},
        {"both_players": [{"x_where": {"stat": "cards_put", "of": "that_player", "to": "deck_bottom"}, "name": "Y",
                           "then": [{"put": top, "to": "hand", "whose": "their"}]}]}],
        **{k: v for k, v in doc.items() if k != "hand_cycle"}}


def _that_players_opponent(doc: Any) -> Any:
    """A line's "That player's opponent discards a card." as once written (``as_printed`` of "your opponent"
    run as that player): the player it names."""
    if isinstance(doc, list):
        return [_that_players_opponent(d) for d in doc]
    if not isinstance(doc, dict):
        return doc
    if doc.get("printed") == "that_players_opponent" and isinstance(doc.get("as_printed"), list):
        return [{**d, "player": "that_players_opponent"} if isinstance(d, dict) and d.get("player") == "opponent"
                else d for d in doc["as_printed"]][0] if len(doc["as_printed"]) == 1 else doc
    return {k: _that_players_opponent(v) for k, v in doc.items()}


def _token_count_modes(doc: Doc) -> Doc:
    """``{token_count_modes: [lines]}``: "That player may add or remove a token from this card. If they do,
    generate the effect which corresponds to the new number of tokens on this card: ..."."""
    rest = {k: v for k, v in doc.items() if k != "token_count_modes"}
    switch = {"by_tokens_on": "self", "new": True, "lines": _that_players_opponent(doc["token_count_modes"])}
    return {"and": [{"may": [{"tokens": 1, "either": True}], "who": "that_player"},
                    {"if_they": "do", "then": [switch]}], **rest}


OLD_HEADS: dict[str, Callable[[Doc], Doc]] = {
    "choose_each_type": _choose_each_type,
    "hand_cycle": _hand_cycle,
    "if_you_do_and": _if_you_do_and,
    "opponents_may_create": _opponents_may_create,
    "double_tokens": _double_tokens,
    "redirect": _redirect,
    "reduce_next_damage": _reduce_next_damage,
    "after_that": _after_that,
    "if_played_same_name": _if_played_same_name,
    "put_attached": _put_attached,
    "play_for": _play_for,
    "opponent_divides": _opponent_divides,
    "edge_over_opposing": _edge_over_opposing,
    "alone_blocked_by_at_least": _alone_blocked_by_at_least,
    "token_count_modes": _token_count_modes,
}
"""Each old head and how its mapping reads in the general form."""


def read(doc: Any) -> Any:
    """``doc`` in the general form when it names an old head (one only), else unchanged."""
    if not isinstance(doc, dict):
        return doc
    old = [k for k in doc if k in OLD_HEADS]
    return OLD_HEADS[old[0]](doc) if len(old) == 1 else doc
