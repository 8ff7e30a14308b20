"""What The Spoils' engine reads off a card's script (``CardSpec.script``, a ``CardScript`` of the
effect language), and what it enforces of it (``ENFORCED``).

A card in a game carries the script written from its printed text in force at the game's
``cards_as_of`` (``events.service.decks`` puts it there, so the creation event records it).  Its
continuous abilities become the engine's own effect documents (the ones ``precedence`` resolves:
``modify``, ``gain``/``lose``, ``permit``/``forbid``), evaluated where they are read: a "while"
condition, a threshold and a "for each" count are checked at that moment (504.1, 502.2).  Its
triggers and replacements become the documents ``settling.fire`` and ``consequences.leave_play``
read; the operations they run are the typed ones, run by ``adjudicator.spoils.ops.interpreter``.

``ENFORCED`` names every operation, ability, trigger, condition and keyword the engine applies;
``unenforced(script)`` lists the words of what a script says that the engine leaves to the judge.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Mapping


from adjudicator.effects import ABILITIES, OPERATIONS, CardScript, Node
from adjudicator.kernel.precedence import TO_ZERO as KERNEL_TO_ZERO
from adjudicator.effects import abilities as A
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.model.card_types import types_of
from adjudicator.spoils.model.state import CardSpec, SpoilsState
from adjudicator.spoils.model.script_docs import parse
from adjudicator.spoils.text.position_memo import kept
from adjudicator.spoils.text import selector_reads as SR

OP: dict[str, type[Node]] = {cls.HEAD: cls for cls in [*OPERATIONS, *ABILITIES]}
"""The effect language's operations and abilities by head (where each model lives is the language's
business: the engine names them as the scripts do)."""

ENFORCED_OPERATIONS = frozenset({
    "draw", "discard", "damage", "lose_influence", "gain_influence", "destroy", "return_to_hand", "remove_from_game",
    "shuffle_into_deck", "put_in_discard", "deplete", "restore", "modify", "gain", "lose", "gain_control",
    "remove_from_battle", "tokens", "create_token", "play_resource", "heal", "terminate", "cannot", "can", "may",
    "if_you_do", "if", "while", "x_is", "choose_x", "flip_coin", "if_you", "otherwise", "pay", "pick", "only",
    "reduce_all_damage", "search", "put",
    "enters_with_tokens", "attach", "flip",  # adjudicator.spoils.ops.play_mechanics
    # operations (next cost, deck and hand, replacements, ...): adjudicator.spoils.ops.cards_out_of_play
    "reduce_next_cost", "choose_card_type", "reveal", "look_at", "put_back", "put_into_play", "detach",
    "adjust_amount", "and", "resolve_as_resource", "tie_break",
    "party_size",  # attacks.party_limits
    "play_card", "if_you_dont", "choose_card", "name_a_card", "pick_x", "duplicate",  # scripted_zones
    "both_players", "they_pick", "if_they", "modify_either",  # scripted_players
    "x_where", "provided", "x_if",  # scripted_conditions
})
"""Operations (``HEAD`` of the effect language's models) with a handler in ``scripted`` (or, for
``STATIC_OPERATIONS``, read as continuous effects by ``static_effects``)."""
STATIC_OPERATIONS = frozenset({"can", "while", "reduce_all_damage"})
ENFORCED_OPERATIONS |= {"as_printed"}  # scripted_printed_words
ENFORCED_OPERATIONS |= {"control_additional"}  # scripted_battle_references (a lasting effect precedence.provided_icons reads)
ENFORCED_OPERATIONS |= {"blank"}  # scripted_revealed_and_reduced (a picked card until a turn starts), scripted_blank_text (attached)
TO_ZERO = KERNEL_TO_ZERO
"""A reduction "to 0": larger than any amount, and the floor at zero (410.4) does the rest."""
REDUCED_TO_ZERO = {"to_your_faction": "your_faction"}
"""Damage reductions to 0 the engine applies continuously, and whom they protect."""
LASTING_TO_ZERO = frozenset({"covert_to_your_faction", "this_battle", "by_it", "attached_battle_damage",
                             "picked_to_your_faction"})
"""Damage reductions to 0 ``scripted_revealed_and_reduced`` applies (through ``amounts.TO_ZERO_BY``)."""
ENFORCED_ABILITIES = frozenset({"keyword", "ability", "play", "extra_cost", "static", "requires", "when",
                                "instead_of", "change_amount", "influence", "starting_resources", "starting_draw",
                                "faction_rule"})
ENFORCED_TRIGGERS = frozenset({
    "enters_play", "card_enters_play", "leaves_play", "enters_or_leaves_play", "destroyed", "damaged",
        "attacks", "blocks", "battle_damage_inflicted",
    # operations (next cost, deck and hand, replacements, ...): settling.fire, consequences
    "inflicts_damage_to_faction", "provider_enters_play", "put_in_discard_from_play",
    "damaged_by_character", "battle_damage_while_blocking", "battle_damage_while_attacking",
    "attached_inflicts_damage",  # scripted_damage (TP.MATCH: damage the attached character inflicts, its amount)
    "inflicts_battle_damage_to_character", "your_attacker_battle_damage_to_character",
    "battle_damage_to_your_character", "battle_damage_to_opponent_character", "damage_to_attached",
    "you_draw", "your_faction_loses_influence", "opponent_faction_loses_influence",
    "played_in_response_to_tactic",  # plays.decide_play_card, mechanics.response_effects
    "provider_enters_play_while_in_discard", "played_using_flip_up",  # settling
    "character_enters_play_under_you", "character_enters_play_under_opponent",  # triggers_players.MATCH
    "opponent_plays_character", "destroyed_after_damage_by_self",  # scripted_costs_*
    "opponent_plays_resource",  # scripted_revealed_and_reduced ("their faction", "that resource")
    "damage_greater_than", "battle_damage_to_party_member",  # scripted_revealed_and_reduced (amounts.WHEN)
    "your_character_to_discard_from_play",  # scripted_revealed_and_reduced
    "card_depleted",  # scripted_battle_references (context.ON_EMIT: every CardsDepleted, a battle's end)
    "destroyed_during_battle",  # battle_rules
    "picked",  # scripted_must_pick (triggers_players.MATCH)
    "becomes_depleted", "your_character_destroyed", "player_draws",  # scripted_location_marks(_3) (TP.MATCH)
})
"""The triggers the engine matches by name.  Any other name that stands for a composition of a subject and an
event (``effects.triggers.ALIASES``: "if_leaves_play", "your_character_blocks", "you_play_card"...), and any
trigger written as a composition, the engine fires as that composition when it evaluates all of it
(``trigger_read.fires``, ``trigger_matchers.composed``)."""
ENFORCED_CONDITIONS = frozenset({"control", "during", "token_on"})
ENFORCED_KEYWORDS = frozenset({"covert", "tactical", "unique", "attach", "provides", "staple",
                               "flip_up", "recur", "handoff"})
"""Keywords the card builder reads off the text (``builder.spec_from_card``) and the engine checks."""
ENFORCED_STATES = frozenset({"attacking", "blocking", "in_battle", "depleted", "your_turn", "you_attacking",
                             "you_attacked",
                             "that_card_chosen_type", "it_chosen_type", "it_is_staple_resource",
                             "damage_to_picked_this_turn", "picked_character_as_cost", "picked_characters_as_cost",
                             "picked_item_as_cost", "played_using_flip_up", "not_played_using_flip_up"})  # scripted_cards
ENFORCED_STATES |= {"tokens_at_least", "it_tokens_at_least", "opponent_discard_at_least", "hand_at_least", "hand_even",
                    "control_even_characters", "control_only_characters", "control_character_not_owned",
                    "opponent_controls_more", "attacking_location", "picked_is_covert", "picked_received_damage",
                    "started_turn_no_attack", "opponent_played_same_name"}  # continuous.STATES
ENFORCED_ONLY = frozenset({"your_turn", "opponent_turn", "attacking", "being_attacked", "opponent_attacking", "battle",
                           "in_discard", "while_in_discard", "response_character_played", "response_item_played",
                           "response_card_played", "response_tactic", "response_tactic_played", "response_ability",
                           "response_non_faction_ability", "response_character_ability", "no_tokens",
                           "tactic_played_this_turn", "face_down_resource"})  # scripted_zones
ENFORCED_ONLY |= {"opponent_discard_at_least", "opponent_controls_more", "tokens_at_least", "even_characters",
                  "opponent_influence_at_most", "not_during_battle", "your_turn_not_battle",
                  "opponent_turn_not_battle"}  # scripted_conditions_states.ONLY
CANNOT_RULES = {"attack": "spoils.608.1b", "block": "spoils.608.1d", "be_blocked": "spoils.413.1", "be_restored": "spoils.303.3",
                "be_restored_by_controller_rule": "spoils.202.7", "be_restored_by_your_rule": "spoils.202.7"}  # scripted_costs_cannot
"""The rule a "cannot" forbids, per act (402.7: "cannot" beats "can")."""
CAN_RULES = {"attack_at_once": "spoils.608.1b"}
CAN_RULES |= {"self_blocks_covert_parties": "spoils.507.3b", "block_covert_parties": "spoils.507.3b",
              "covert_parties_blockable": "spoils.507.3b"}  # "(This card) can block Covert parties" (attacks.decide_block)
CAN_RULES |= {"can_block_covert_parties": "spoils.507.3b"}  # inside a "while" (scripted_battle_rules)
CAN_RULES |= {"assign_past_blockers": "spoils.609.1c"}  # attacks.decide_assign_damage (scripted_battle_references.past_blockers)
CAN_APPLIES: Mapping[str, Any] = {"covert_parties_blockable": {"controller": "any", "type": "character"}}
"""Whom a permission applies to when not the card itself ("Covert parties can be blocked by characters without Covert")."""
COSTS_OF = {"characters": "character", "items": "item", "tactics": "tactic"}
"""The cards whose numeric cost a continuous "reduce the numeric cost of ... you play" reduces."""
PLAYED = "spoils.604.1a"
"""The rule a "cards of this kind cannot be played" for a while forbids (``scripted._cannot``)."""
ENFORCED: Mapping[str, frozenset[str]] = {
    "operations": ENFORCED_OPERATIONS, "abilities": ENFORCED_ABILITIES, "triggers": ENFORCED_TRIGGERS,
    "conditions": ENFORCED_CONDITIONS, "keywords": ENFORCED_KEYWORDS, "states": ENFORCED_STATES,
    "only": ENFORCED_ONLY, "cannot": frozenset(CANNOT_RULES), "can": frozenset(CAN_RULES),
}
"""Everything of the effect language the engine enforces, by kind (the coverage report reads it)."""


# --------------------------------------------------------------------------------- reading scripts


_READ: dict[int, tuple[Any, CardScript | None]] = {}
"""The script documents read, by identity (a card's script document is never changed in place)."""


def script_of(spec: CardSpec | Any) -> CardScript | None:
    """The script of a card spec, a card in play or a faction (None without one)."""
    doc = getattr(spec, "script", None)
    if not kept():
        return parse(doc)
    read = _READ.get(id(doc))
    if read is not None and read[0] is doc:
        return read[1]
    script = parse(doc)
    if len(_READ) >= 50_000:
        _READ.clear()
    _READ[id(doc)] = (doc, script)
    return script


def walk(node: Any) -> Iterator[Node]:
    """Every node of a script, depth first."""
    if isinstance(node, Node):
        yield node
        for name in type(node).model_fields:
            yield from walk(getattr(node, name))
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item)


OF_CARD = ("life", "strength", "speed", "numeric_cost")


# --------------------------------------------------------------------------------- selectors

def _kinds(cards: Ph.Cards) -> list[str]:
    return list(cards.cards) if isinstance(cards.cards, list) else [cards.cards]


def _whose(value: str | None) -> str:
    return {"you": "you", "opponent": "opponent", "your_opponent": "opponent"}.get(value or "", "any")


def _controlled_by(cards: Ph.Cards) -> str:
    """Whose cards a reference names: "you control" (``controller``) or "your"/"your opponent's"
    (``whose``: for a card in play, its controller's)."""
    if cards.controller is not None:
        return _whose(cards.controller)
    return {"your": "you", "your opponent's": "opponent"}.get(cards.whose or "", "any")


def selector(target: Any) -> Any:
    """A script's card reference as the ``applies_to`` selector ``precedence.select`` reads (None:
    not a selector a continuous effect can use)."""
    if target is None or target in ("self", "it", "itself"):
        return "self"
    if target == "attached":
        return "attached"
    if target in ("characters_in_opposing_party", "all_characters_in_opposing_party"):
        return {"controller": "any", "type": "character", "party": "opposing"}  # precedence.select (608.1b)
    if not isinstance(target, Ph.Cards):
        return None
    if "attached" in target.adjectives:
        return "attached"
    kinds = _kinds(target)
    if len(kinds) != 1 or target.zone not in (None, "play") or set(target.adjectives) - {"other"}:
        return None
    if target.quantity not in ("all", "each", "bare", "all_other", "any") and not target.plural:
        return None
    sel: dict[str, Any] = {"controller": _controlled_by(target)}
    if kinds[0] != "card":
        sel["type"] = kinds[0]
    if target.subtype:
        sel["subtype"] = target.subtype
    if "other" in target.adjectives or target.quantity == "all_other":
        sel["other"] = True  # precedence.select: not the card itself
    return sel


def bare_name(named: str) -> str:
    """A name as a text gives it (``"Elitism"``, in quotes), as the card is named."""
    return named.strip().strip('"\u201c\u201d').lower()


def matches(state: SpoilsState, card_id: str, cards: Ph.Cards, controller: str, source: str | None = None) -> bool:
    """Whether the card in play ``card_id`` is one ``cards`` describes, for a card controlled by
    ``controller`` (whose "you" it is); ``source`` is the card whose text it is."""
    card = state.cards.get(card_id)
    if card is None:
        return False
    kinds = _kinds(cards)
    kind_ok = any(k in ("card", *types_of(card)) or (k == "member" and card.type == "character")
                  or (k == "non-resource card" and card.type != "resource")
                  or (k == "non-token character" and card.type == "character"
                                              and not card.token) or (k == "token" and card.token)
                  or (k == "micromajig token" and card.token) for k in kinds)
    whose = _controlled_by(cards)
    if not kind_ok or (whose == "you" and card.controller != controller) or \
            (whose == "opponent" and card.controller == controller):
        return False
    if cards.subtype and cards.subtype.lower() not in card.subtypes:
        return False
    if cards.owner in ("you", "opponent") and (card.owner == controller) != (cards.owner == "you"):
        return False  # "characters you own": the owner, not the controller
    if cards.named and card.name.lower() != bare_name(cards.named):
        return False
    if (cards.quantity in ("all_other", "another", "other") or "other" in cards.adjectives) and card_id == source:
        return False  # "each other "node" card in play": not the card whose text it is
    if cards.in_party and card_id not in _party(state, cards.in_party, source, controller):  # "the opposing party"
        return False
    if cards.in_party_with_self and (not SR.in_battle(state, source or "")
                                     or card_id not in _party(state, "your", source, controller)):
        return False  # "a character in a party with this card", the card itself included (302.14)
    if cards.not_in_battle and SR.in_battle(state, card_id):
        return False  # "a character that is not in a battle"
    if cards.damaged_your_faction_this_turn or cards.whose == "its owner's":
        return False  # not read (selector_reads.unread): no card, never every card
    return all(_adjective(state, card_id, adj) for adj in cards.adjectives)


def _party(state: SpoilsState, which: str, source: str | None, controller: str | None = None) -> list[str]:
    """The members of a battle party (302.6-302.10): the attacking or blocking one, the party of the
    card whose text it is ("your party"), or the one opposing it; for a card outside the battle (a
    tactic), "your party" is its controller's."""
    b = state.battle
    if b is None:
        return []
    attacking = source in b.attackers or (source not in b.blockers and controller == b.attacker)
    blocking = source in b.blockers or (source not in b.attackers and controller == b.defender)
    mine = b.attackers if attacking else b.blockers if blocking else []
    theirs = b.blockers if attacking else b.attackers if blocking else []
    return list({"attacking": b.attackers, "blocking": b.blockers, "your": mine, "that": mine,  # "in that party"
                 "opposing": theirs}.get(which, []))


def _adjective(state: SpoilsState, card_id: str, adjective: str) -> bool:
    """``selector_reads.adjective_holds``: an adjective the engine does not read holds for no card."""
    return SR.adjective_holds(state, card_id, adjective)


def spec_fits(spec: CardSpec, cards: Ph.Cards) -> bool:
    """Whether a card (by its printed values, out of play) is one ``cards`` describes: its kind
    ("card", a type, "staple resource", "non-tactic card"...), subtype and name."""
    kinds = _kinds(cards)
    kind_ok = any(k == "card" or k == spec.type or (k == "staple resource" and spec.is_staple)
                  or (k == "non-tactic card" and spec.type != "tactic")
                  or (k == "non-resource card" and spec.type != "resource") for k in kinds)
    if not kind_ok or (cards.subtype and cards.subtype.lower() not in spec.subtypes):
        return False
    if any(a not in SR.IN_PLAY and a not in SR.REFERRING and ("adjectives", a) not in SR.READ_BY for a in cards.adjectives):
        return False  # an adjective the engine does not read ("a random card"): no card, never every card
    return not cards.named or spec.name.lower() == bare_name(cards.named)


# --------------------------------------------------------------------------------- conditions


def _during(state: SpoilsState, what: str, card_id: str | None, controller: str) -> bool | None:
    b = state.battle
    card = state.cards.get(card_id or "")
    table: dict[str, Callable[[], bool]] = {
        "attacking": lambda: b is not None and card_id in b.attackers,
        "blocking": lambda: b is not None and card_id in b.blockers,
        "in_battle": lambda: b is not None and card_id in b.attackers + b.blockers,
        "depleted": lambda: card is not None and card.depleted,
        "your_turn": lambda: state.active_player == controller,
        "you_attacking": lambda: b is not None and b.attacker == controller,
        "you_attacked": lambda: b is not None and b.defender == controller,
    }
    check = table.get(what)
    return None if check is None else check()


# --------------------------------------------------------------------------------- what cards in play say

def active_abilities(script: CardScript, icons: Callable[[], Mapping[str, int]]) -> Iterator[Node]:
    """The script's abilities in force: a threshold ability only while its controller has the
    icons (502.2, "[R][R][R][R][R]: ...")."""
    for ability in script.abilities:
        if isinstance(ability, A.Threshold):
            have = icons()
            need: dict[str, int] = {}
            for icon in ability.requires:
                need[icon] = need.get(icon, 0) + 1
            if all(have.get(i, 0) >= n for i, n in need.items()):
                yield from ability.then
        else:
            yield ability


def _named(state: SpoilsState, card_id: str, key: str) -> str | None:
    """What the card's "name a card" ("name a card subtype") recorded on it (``scripted_zones``)."""
    card = state.cards.get(card_id)
    return next((str(m[key]) for m in reversed(card.modifiers) if m.get(key)), None) if card is not None else None


def replacement_docs(card: CardSpec) -> list[dict[str, Any]]:
    """The replacements of a scripted card (506), in the documents ``consequences`` reads."""
    script = script_of(card)
    if script is None:
        return []
    out = []
    for ability in script.abilities:
        if isinstance(ability, A.Replacement):
            sel = selector(ability.applies_to) if ability.applies_to is not None else "self"
            if sel is None and isinstance(ability.applies_to, Ph.Cards) and ability.applies_to.quantity == "a":
                sel = selector(ability.applies_to.model_copy(update={"quantity": "any"}))  # "if a character is ..."
            if sel is not None:
                out.append({"instead_of": ability.instead_of, "do": ability.do, "applies_to": sel}
                           | ({"if_no_tokens": True} if ability.if_no_tokens else {}))
    return out


def play_ability(script: CardScript | None) -> A.Play | None:
    """The "COST: ... EFFECT: ..." (or plain sentences) of a tactic."""
    if script is None:
        return None
    return next((a for a in script.abilities if isinstance(a, A.Play)), None)


def extra_cost(script: CardScript | None) -> A.ExtraCost | None:
    if script is None:
        return None
    return next((a for a in script.abilities if isinstance(a, A.ExtraCost)), None)


def activated(script: CardScript | None, name: str) -> A.Activated | None:
    """The script's ability printed under ``name`` (case, colons and icons ignored)."""
    if script is None:
        return None
    key = _ability_key(name)
    return next((a for a in script.abilities if isinstance(a, A.Activated) and _ability_key(a.ability) == key), None)


def _ability_key(name: str) -> str:  # "<ENHANCE>" as printed is the faction's ENHANCE
    return " ".join(re.sub(r"\[[A-Za-z]\]|\{[A-Za-z]\}|[:<>]", " ", name).casefold().split())


__all__ = ["ENFORCED", "parse", "script_of", "unenforced", "selector", "matches", "count", "holds",
           "static_effects", "trigger_docs", "replacement_docs", "play_ability", "extra_cost", "activated"]
