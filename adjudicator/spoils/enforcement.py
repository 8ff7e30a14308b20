"""What of a script The Spoils' engine enforces, node by node (the coverage report's judge).

``unenforced(script)`` lists the words of each part of a script the engine leaves to the judge.
``_unenforced_node`` asks, in order, the modules that answer for their own nodes (replacements and
icons: ``scripted_replace``; taxes, "or", turn history: ``scripted_costs``), then one judge per family
of nodes (cards moved between zones, "cannot"/"can", conditions and amounts); a node no judge claims
is enforced when its head is in ``scripts.ENFORCED``.
"""
from __future__ import annotations

from typing import Callable

from adjudicator.effects import CardScript, Node
from adjudicator.effects import abilities as A
from adjudicator.effects import operations as O
from adjudicator.effects import phrases as Ph
from adjudicator.spoils.ops import (
    battle_choices,
    battle_rules,
    damage_effects,
    delayed,
    hands,
    location_marks,
    must_pick,
    party_blocks,
    picks_and_repeats,
    replayed,
    statics,
    while_battle,
)
from adjudicator.spoils.ops.costs import enforced
from adjudicator.spoils.ops.redirects import enforced as replaced
from adjudicator.spoils.model.judge_items import SCRIPT_JUDGE
from adjudicator.spoils.rules.context import SpoilsContext
from adjudicator.spoils.rules.counts import KNOWN
from adjudicator.effects.permissions import Able
from adjudicator.effects.replacements import AdjustAmount, Instead
from adjudicator.effects.triggers import Happens
from adjudicator.spoils.ops import revealed_and_reduced  # noqa: F401 (the names it adds to amounts.WHEN)
from adjudicator.spoils.rules import amounts
from adjudicator.spoils.text import able_read, happens_read, static_amounts, that_player
from adjudicator.spoils.text.conditions_read import there_are_read
from adjudicator.spoils.text.trigger_read import COMPOSED, _replacing_trigger, fires, when_doc
from adjudicator.spoils.text import selector_reads as SR
from adjudicator.spoils.text.scripts import script_of
from events.models import spoils as E
from adjudicator.spoils.text.scripts import (
    CAN_RULES,
    CANNOT_RULES,
    COSTS_OF,
    ENFORCED_ABILITIES,
    ENFORCED_CONDITIONS,
    ENFORCED_KEYWORDS,
    ENFORCED_ONLY,
    ENFORCED_OPERATIONS,
    ENFORCED_STATES,
    ENFORCED_TRIGGERS,
    LASTING_TO_ZERO,
    OF_CARD,
    OP,
    REDUCED_TO_ZERO,
    _kinds,
    selector,
    walk,
)

UNREAD_REFS = frozenset({"gear_carrier", "last_tactic", "this_location", "controllers_faction",
                         "each_of_the_characters"})
"""References the engine's targets do not resolve (an operation naming one would apply to nothing)."""

Judge = Callable[[Node, bool, bool], "bool | None"]
"""A family's answer for a node: True (not enforced), False (enforced), None (not of its family)."""


def _answered_elsewhere(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    if isinstance(node, OP["duplicate"]):
        return False  # scripted_zones: the tactic waiting for responses, or the last one played this turn
    if replaced(node) is not None:
        return not replaced(node)
    if enforced(node) is not None:
        return not enforced(node)
    if any(isinstance(value, str) and value in UNREAD_REFS for value in (getattr(node, f) for f in type(node).model_fields)):
        return True
    return None


def _zones(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    """Cards put, revealed, looked at, detached or put into play (scripted_cards, scripted_zones)."""
    if isinstance(node, OP["put"]):
        # Cards out of play the script found, revealed or picked, or named in a hand or on a deck; the
        # cards looked at that are left, those named, a card the opponent puts from their hand (scripted_zones).
        theirs = isinstance(node.put, Ph.Cards) and (node.put.zone == "hand" or node.put.with_ == "the chosen name"
                                                     or "remaining" in node.put.adjectives)
        return (node.by != "you" and not theirs) or not (node.put in ("it", "them") or isinstance(node.put, Ph.Cards))
    if isinstance(node, OP["reveal"]) and (node.reveal in ("them", "self") or (isinstance(node.reveal, Ph.Cards) and "face-down"
                                          in node.reveal.adjectives and node.reveal.controller == "you")):
        return False  # scripted_zones: the cards a search found; a face-down resource a cost reveals (or itself)
    if isinstance(node, OP["look_at"]) and node.look_at == "opponent_hand_deck_top_resources":
        return False  # scripted_zones: what the controller saw, recorded
    if isinstance(node, (OP["reveal"], OP["look_at"])):  # scripted_cards: the top of a deck, a hand
        ref = getattr(node, node.HEAD)
        return not ((isinstance(ref, Ph.Cards) and ref.zone == "deck") or ref in ("opponent_hand", "your_hand"))
    if isinstance(node, OP["both_players"]):  # scripted_players: not a resource moved, nor a search into play
        return any((isinstance(n, OP["search"]) and n.then == "into_play") or (isinstance(n, O._Move) and isinstance(
            n.target(), Ph.Cards) and "resource" in _kinds(n.target())) for n in walk(node.both_players))
    if isinstance(node, OP["detach"]):
        return False  # "detach it": the resource picked just before (scripted_zones._pick)
    if isinstance(node, O.PutIntoPlay):  # scripted_cards: from a discard pile, a deck or a hand
        # scripted_zones: "attached to this card" (the card found), "1 of the characters" (picked)
        picked = isinstance(node.put_into_play, Ph.Cards) and node.put_into_play.quantity in ("the", "of_the")
        if node.attached_to is not None:  # must_pick.put_attached: onto the character this card is attached to
            host = node.attached_to
            return not (isinstance(host, Ph.Cards) and host.cards == "character" and host.quantity == "the")
        return node.face_down or (node.attached_to_self and node.put_into_play != "it") or (
            node.as_resource and node.put_into_play not in ("it", "self", "itself") and not picked)
    if isinstance(node, O.Destroy) and isinstance(node.destroy, Ph.Cards) and "resource" in _kinds(node.destroy):
        return True  # "Destroy a resource you control": the engine destroys cards in play, never a player's resources
    if isinstance(node, A.Pick) and node.pick.zone in (None, "play") and "resource" in _kinds(node.pick):
        # scripted_zones: a resource the player controls (or attached to their faction), by id in targets
        return not (_kinds(node.pick) == ["resource"] and (node.pick.controller == "you" or node.pick.attached_to_faction))
    return None


def _permissions(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    """Keywords, triggers, "cannot" and "can", blanking, tokens on entering play, flipping face down."""
    if isinstance(node, A.Keyword):
        return node.keyword not in ENFORCED_KEYWORDS
    if isinstance(node, A.Trigger):  # written as a composition, its ``Happens`` (a node of its own) answers for
        # what of it is not read; read whole, the composition is covered when it fires (a change of the amount never)
        return happens_read.enforced(node.when) and not fires(node) if node.composed else not fires(node)
    if isinstance(node, Happens):
        return not happens_read.enforced(node)
    if isinstance(node, OP["cannot"]):
        if node.cannot == ["be_played"] and isinstance(node.who, Ph.Cards) and "named" in node.who.adjectives:
            return False  # static_effects: the card its card named (scripted_zones)
        if node.cannot in (["respond"], ["pick_self"], ["attack_your_faction"]) and node.who == "opponent":
            return False  # plays.fast_timing (607.1), selection.unpickable, attacks.faction_attackable
        if node.cannot == ["be_played"] and node.until is not None and isinstance(selector(node.who), dict):
            return False  # scripted._cannot: "this turn, tactics cannot be played"
        return not set(node.cannot) <= set(CANNOT_RULES)
    if isinstance(node, OP["blank"]):  # "treat the card (the attached character) as though it has no rules text"
        return not (node.until in ("next_turn", "turn") or node.blank == "attached" or (
            isinstance(node.blank, Ph.Cards) and "attached" in node.blank.adjectives and node.until is None))
    if isinstance(node, Able):  # rules.composed_able, continuous._static (where: ``unenforced``, able_read.reached)
        return not able_read.readable(node)
    if isinstance(node, OP["can"]) and node.can in ("must_block", "it_must_block_self", "those_must_block"):
        return False  # scripted_revealed_and_reduced: lasting requirements, attacks.decide_block (505.1)
    if isinstance(node, OP["can"]) and node.can in ("enters_under_opponent", "enters_depleted"):
        return False  # triggers_players.entering_controller, entered
    if isinstance(node, OP["can"]):
        return node.can not in CAN_RULES and node.can not in ("play_as_tactic", "attack_once_each_turn", "resolve_to_hand",
                                                              "its_unblockable")
    if isinstance(node, OP["enters_with_tokens"]):  # a number, or X the play chose (plays.entering_tokens)
        return node.subject not in ("self", "it") or not (isinstance(node.enters_with_tokens, int) or chooses_x)
    if isinstance(node, OP["flip"]):
        return node.face != "down" or node.under != "owner"
    return None


def _conditions(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    """States, restrictions, choices, cost and damage reductions, counts and conditions."""
    if isinstance(node, Ph.During):
        return node.during not in ENFORCED_STATES
    if isinstance(node, Ph.AllOf):
        return False  # continuous.holds, flow.condition: while every part holds (each part judged on its own)
    if isinstance(node, Ph.ThereAre):
        return not there_are_read(node)  # conditions_read.there_are: the cards in play counted
    if isinstance(node, OP["and"]) and node.until is not None:  # flow._and: the duration given to each part
        return not all("until" in type(part).model_fields for part in node.and_)
    if isinstance(node, A.OnlyWhen):
        return node.only not in ENFORCED_ONLY
    if isinstance(node, A.Replacement):  # consequences._replacement: "if this card would be destroyed, ... instead"
        return node.instead_of != "destroy"
    if isinstance(node, A.Choice):
        return node.choose != "one_as_rules_text"  # plays.rules_text
    if isinstance(node, OP["reduce_cost"]):
        return node.of not in COSTS_OF  # static_effects (precedence.numeric_cost: the minimum)
    if isinstance(node, OP["reduce_all_damage"]) and node.reduce_all_damage in LASTING_TO_ZERO:
        return node.to != 0 or node.until not in (None, "turn")  # scripted_revealed_and_reduced
    if isinstance(node, OP["reduce_all_damage"]):
        return node.reduce_all_damage not in REDUCED_TO_ZERO or node.to != 0 or node.until is not None
    if isinstance(node, Ph.Stat):

        return node.stat not in KNOWN
    if isinstance(node, (Ph.Cards, Ph.ForEach, Ph.TokensOn, Ph.IconsYouControl, O.Parameter, O.CardChanges, O.CountSpec,
                         O.AmountSpec, CardScript)):
        return False
    if isinstance(node, Ph.StatAtMost) and isinstance(node.subject, Ph.Cards) and node.has.stat in OF_CARD:
        return False  # scripted_cards.holds: "if the character has 4 life or less" (a card in play)
    if isinstance(node, Ph.StatAtMost) and node.subject == "it" and node.at_most is not None and \
            node.has.stat in ("strength", "life", "numeric_cost"):
        return False  # scripted_cards.holds: "... if it has X strength or less" (picked, found or revealed)
    if isinstance(node, Ph.StatAtMost) and node.subject == "it" and node.exactly is not None and node.has.stat == "speed":
        return False  # scripted_cards.holds on a card in play: "If it has 0 speed" (scripted_battle_references.antecedent)
    if isinstance(node, Ph.YouControl) and isinstance(node.control, Ph.Cards) and (
            "resource" in _kinds(node.control) or (node.control.quantity == "at_least"
                                                   and not isinstance(node.control.count, int))):
        return True  # scripts.holds counts cards in play against a figure: not resources, not "at least X"
    if isinstance(node, (Ph.StatAtMost, Ph.YouControl, Ph.TokenOnIt, Ph.WhileAt)):
        return node.HEAD not in ENFORCED_CONDITIONS
    if isinstance(node, O.Modify) and node.condition is not None:
        return True
    return None


FAMILIES: tuple[Judge, ...] = (battle_choices.judge, battle_rules.judge, damage_effects.judge, hands.judge,
                               replayed.judge, delayed.judge, must_pick.judge, statics.judge, location_marks.judge,
                               party_blocks.judge)
"""The handler families that answer for their own nodes, in the order they are asked (the first that
claims a node answers for it), before the judges below."""


def _families(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    for judge in FAMILIES:
        answer = judge(node, searches, chooses_x)
        if answer is not None:
            return answer
    return None


JUDGES: tuple[Judge, ...] = (_families, _answered_elsewhere, _zones, _permissions, _conditions)
"""The families in the order they are asked (the first that claims a node answers for it)."""


AT_RANDOM_DRAWN = frozenset({"discard"})
"""The operations whose "at random" the engine draws by the game's seeded source (``rules.at_random``,
spoils.engine.at-random); on any other operation "at random" is not read."""


UNREAD_FIELDS: dict[str, str] = {
    "for_": "for a duration the Spoils engine has no reader for",
    "while_at": "while at a place (no such duration in The Spoils)",
    "once_per_turn": "once per turn (on a lasting change)",
}
"""Fields of the effect language's nodes the Spoils engine does not evaluate (the meanings of another game's
templates): a node that carries one is not covered, never read as "anything"
(``tests/unit/test_node_fields_fail_closed.py`` holds every other field to being read or words only)."""


def _carries(node: Node, field: str) -> bool:
    info = type(node).model_fields.get(field)
    value = getattr(node, field, None)
    return info is not None and value not in (None, False, info.default)


def as_it_happens(trigger: A.Trigger, top: bool = True) -> list[str]:
    """What of a trigger's effect changes the happening as it happens and the engine does not apply so, in words:
    a change of the amount ("reduce the amount to 0", 408.2, 410.3) applied only for a card's own trigger
    (``top``: an ability of the script, not one a threshold gives) by a name ``rules.amounts`` reads
    (``amounts.WHEN``; a composition, or another name, would fire once the amount has happened), and an
    "... instead" (506.1) of a trigger fired as a composition (a replacement is read by its name only,
    ``trigger_read``: fired after the happening, it replaces nothing)."""
    effect = list(trigger.effect) if isinstance(trigger.effect, list) else [trigger.effect]
    named = top and isinstance(trigger.when, str) and trigger.when in amounts.WHEN
    out = [f"{_said(op)} as the amount happens" for op in effect if isinstance(op, AdjustAmount) and not named]
    composition = fires(trigger) and when_doc(trigger)["when"] == COMPOSED and not _replacing_trigger(trigger)
    return out + [f"{_said(op)}: a composition fires once it happened" for op in walk(effect)
                  if isinstance(op, Instead) and composition]


def _said(node: Node) -> str:
    words = node.words().rstrip(".")
    return words[:1].lower() + words[1:]


def unread_qualifiers(node: Node, top: bool = True) -> list[str]:
    """The qualifiers of ``node`` the engine does not evaluate, whatever family runs it: a selector's
    (``selector_reads.unread``), a field of ``UNREAD_FIELDS``, "at random" where nothing draws it (the
    player would choose), a trigger's change of the happening as it happens (``as_it_happens``; ``top``: the
    trigger is an ability of the script)."""
    if isinstance(node, Ph.Cards):
        return SR.unread(node)
    if isinstance(node, Happens):
        return happens_read.unread(node)
    if isinstance(node, A.Trigger):
        return as_it_happens(node, top) + picks_and_repeats.condition_unread(node)
    out = [words for field, words in UNREAD_FIELDS.items() if _carries(node, field)]
    drawn = node.HEAD in AT_RANDOM_DRAWN
    return out + (["at random"] if getattr(node, "at_random", False) is True and not drawn else [])


def _unenforced_node(node: Node, searches: bool = False, chooses_x: bool = False, top: bool = True) -> bool:
    if unread_qualifiers(node, top):
        return True  # fail closed: a qualifier nothing reads is never "anything"
    for judge in JUDGES:
        answer = judge(node, searches, chooses_x)
        if answer is not None:
            return answer
    return node.HEAD not in ENFORCED_OPERATIONS | ENFORCED_ABILITIES


def unenforced(script: CardScript | None) -> list[str]:
    """The words of each part of ``script`` the engine does not enforce (empty: all of it is)."""
    if script is None:
        return []
    say = script.say("spoils")
    out: list[str] = []
    searches = any(isinstance(n, OP["search"]) for n in walk(script.abilities))
    # X the play fixed: chosen, or read by its extra cost ("Discard a character. X is its numeric cost.")
    chooses_x = any(isinstance(n, OP["choose_x"]) for n in walk(script.abilities)) or any(
        isinstance(n, OP["x_is"]) for a in script.abilities if isinstance(a, A.ExtraCost) for n in walk(a))
    static_ables = able_read.reached(script)  # a composition is applied in a static ability only
    held = static_amounts.held_by_statics(script)  # what the reader of a node leaves out: a static X, an effect's while
    not_read = static_amounts.unread_xs(script, held) | while_battle.not_run(script, held)
    for ability in script.abilities:
        unknown = {id(n) for n in that_player.unbound(ability)}  # "that player" with no player named before it
        for node in walk(ability):
            if id(node) in unknown or that_player.unread_player_pick(node):
                left = True
            elif isinstance(node, Able):  # read in a static ability (composed_able), or run (battle_rules._able)
                left = not (able_read.readable(node) if id(node) in static_ables else able_read.run_readable(node))
            elif picks_and_repeats.put_back_card(ability, node):  # "reveal it": the card the mulligan puts back
                left = False
            else:
                left = _unenforced_node(node, searches, chooses_x, node is ability) or id(node) in not_read
            if not left:
                continue
            unread = unread_qualifiers(node, node is ability)
            if unread:  # the sentence that says it, and what the engine cannot read in it
                text = f"{ability.words(say)} (not read: {', '.join(unread)})"
            else:
                text = node.words(say) if type(node).words is not Node.words else node.HEAD
            if text not in out:
                out.append(text)
    return out


JUDGE = SCRIPT_JUDGE
_LEFT: dict[tuple[str, str], list[str]] = {}
"""What a card's script leaves to the judge (its ``not_covered`` sentences, then ``unenforced``), by card name
and the hash of the text it was written from."""


def left_to_the_judge(ctx: SpoilsContext) -> None:
    """Judge in the loop (issue 24): a card that acts in this decision (played, its ability used, its play or
    ability resolving, a trigger of it resolving) whose script has parts the engine does not enforce has them
    listed for the judge in the action's trace (``spoils.engine.script-judge``), as the card says them; when
    its text acts (played, ability used, trigger resolved: not again as its play resolves), ``LeftToTheJudge``
    lists them in the state until a ruling answers them (``model.judge_items``). The game goes on."""
    traced: set[str] = set()
    listed: set[tuple[str, str | None]] = set()
    for name, card_id, acts in _acting(ctx):
        left = _left(ctx, name)
        if not left:
            continue
        if name not in traced:
            traced.add(name)
            ctx.note(JUDGE, f"{name}: left to the judge: {'; '.join(left)}")
        if acts and (name, card_id) not in listed:
            listed.add((name, card_id))
            ctx.emit(E.LeftToTheJudge(card_id=card_id, name=name, sentences=left, rule=JUDGE))


def _left(ctx: SpoilsContext, name: str) -> list[str]:
    spec = ctx.lookup(name)
    script = script_of(spec) if spec is not None else None
    if script is None:
        return []
    key = (name, script.text_sha)
    if key not in _LEFT:
        _LEFT[key] = list(dict.fromkeys([*script.not_covered, *unenforced(script)]))
    return _LEFT[key]


def _acting(ctx: SpoilsContext) -> list[tuple[str, str | None, bool]]:
    """The cards that act in the decision's events: name, card id, and whether its text acts there (played,
    an ability used, a trigger resolving) rather than a play of it resolving."""
    out: list[tuple[str, str | None, bool]] = []
    for e in ctx.events:
        if isinstance(e, E.CardPlayed):
            out.append((str(e.card.get("name") or ""), e.card_id, True))
        elif isinstance(e, E.AbilityUsed):
            out.append((_card_name(ctx, e.card_id), e.card_id, True))
        elif isinstance(e, (E.AbilityUsedFromDiscard, E.AbilityUsedFromResource)):
            out.append((e.name, getattr(e, "resource_id", None), True))
        elif isinstance(e, E.TriggerResolved):
            out.append((_card_name(ctx, e.card_id) or e.name, e.card_id, True))  # the card's name, not the trigger's
        elif isinstance(e, E.PlayResolved) and e.kind in ("card", "ability"):
            pending = next((p for p in ctx.state.pending if p.id == e.pending_id), None)
            if pending is not None:
                out.append((pending.card.name if pending.card is not None else _card_name(ctx, pending.card_id),
                            pending.card_id, False))
    return [o for o in out if o[0]]


def _card_name(ctx: SpoilsContext, card_id: str | None) -> str:
    card = ctx.work.cards.get(card_id or "") or ctx.state.cards.get(card_id or "")
    return card.name if card is not None else ""
