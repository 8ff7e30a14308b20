"""How a card's triggers are read (``scripts.trigger_docs``): the trigger a play sets up for later, and the
replacements written as triggers (506), which are not fired as triggers."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from adjudicator.effects import abilities as A
from adjudicator.effects import dump
from adjudicator.effects.replacements import AdjustAmount, Instead
from adjudicator.spoils.model.state import CardSpec
from adjudicator.spoils.text import happens_read
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text.position_memo import kept
from adjudicator.spoils.text.scripts import ENFORCED_TRIGGERS, OP, active_abilities, script_of  # MOVER-BACKREF

PLAYED_AS_TACTIC = "entered_played_as_tactic"


def delayed_docs(card: Any, script: Any) -> list[dict[str, Any]]:
    """"You may play this card whenever you could play a tactic. If you do, when this card enters play
    ...": a trigger of the card's entering, when it was played as a tactic (``scripts.trigger_docs``)."""
    out: list[dict[str, Any]] = []
    for ability in script.abilities if script is not None else []:
        ops = list(ability.static) if isinstance(ability, A.Static) else []
        for before, op in zip(ops, ops[1:]):
            if not (isinstance(before, OP["can"]) and before.can == "play_as_tactic" and isinstance(op, OP["if_you_do"])):
                continue
            for delayed in op.if_you_do:
                if isinstance(delayed, OP["when_it_enters_play"]):
                    out.append({"when": PLAYED_AS_TACTIC, "name": f"{card.name}: {delayed.words(script.say('spoils'))}",
                                "effect": [{"script": {"card": card.name, "ops": dump(list(delayed.when_it_enters_play))}}]})
    return out


COMPOSED = "composed"
"""The ``when`` of the document of a trigger written as a composition (``rules.trigger_matchers.composed``
reads its ``happens``)."""


AMOUNT_NAMES = frozenset({"damage_greater_than", "your_faction_loses_influence", "opponent_faction_loses_influence"})
"""Names the engine applies only as a change of the amount as it happens ("reduce it to 0", ``rules.amounts`` reads
them by name); a trigger by one of them with other effects is the composition it stands for."""


REPLACED_EVENTS = frozenset({"put_in_hand_from_play"})
"""The events a composition waits for only as a replacement ("you may pay 1 instead", 506.1, applied by
``replacements.hand_replaced`` as the card leaves play): no trigger fires after them."""


def _changes_amount(ability: A.Trigger) -> bool:
    return any(isinstance(op, AdjustAmount) for op in S.walk(list(ability.effect) if isinstance(ability.effect, list)
                                                            else [ability.effect]))


def _by_name(ability: A.Trigger) -> bool:
    """Matched by its name (``ENFORCED_TRIGGERS``), not as the composition it stands for."""
    return ability.when in ENFORCED_TRIGGERS and (ability.when not in AMOUNT_NAMES or _changes_amount(ability))


def fires(ability: A.Trigger) -> bool:
    """Whether the engine fires the trigger: a name it matches by name, or a composition (written so, or
    the one a name stands for) it evaluates whole; a demand on a party formed is checked as it forms; a change
    of an amount only by a name ``rules.amounts`` reads (a composition would fire after the amount happened).
    A change of an amount is never a trigger that resolves after the happening (408.2, 410.3): no trigger
    document is made of it (``_trigger_docs``), under any name; ``enforcement.as_it_happens`` leaves one
    ``rules.amounts`` does not read to the judge."""
    happens = ability.happens
    if happens is not None and happens.event in REPLACED_EVENTS:
        return False  # (read as the card leaves play, when its effect says "instead": replacements.hand_replaced)
    if happens is not None and happens.event == "party_formed" and demands(ability):
        return True  # "..., it must have only 1 member": checked as the party forms (parties.party_limits)
    return _by_name(ability) or (not _changes_amount(ability) and happens_read.enforced(happens))


def when_doc(ability: A.Trigger) -> dict[str, Any]:
    """What a trigger document says it waits for: the name it is matched by, or its composition."""
    if _by_name(ability):
        return {"when": ability.when}
    return {"when": COMPOSED, "happens": ability.happens, "named": None if ability.composed else ability.when}


REPLACING_WHEN = frozenset({"attached_destroyed"})
"""The triggers read as replacements of a destruction (when their effect says "instead")."""


SELF_WHEN = frozenset({"destroyed"})
""""If this card is destroyed, both players ... instead. ...": its own destruction replaced (round 4, hands)."""


OTHER_WHEN: dict[str, Any] = {}
"""Triggers read as replacements of a card's destruction: ``when -> (context, source id, destroyed id)
-> bool`` (round 4, damage: scripted_destruction_replaced)."""


def _replacing_trigger(ability: Any) -> bool:
    if isinstance(ability, A.Trigger) and ability.when in OTHER_WHEN:  # also under a "you may"
        return any(isinstance(n, Instead) for n in S.walk(list(ability.effect)))
    if isinstance(ability, A.Trigger) and ability.when in SELF_WHEN:
        return any(isinstance(n, Instead) for n in S.walk(list(ability.effect)))
    return isinstance(ability, A.Trigger) and ability.when in REPLACING_WHEN and any(
        isinstance(op, Instead) for op in ability.effect)


def demands(ability: A.Trigger) -> bool:
    """"If an attacking party is formed, it must have only 1 member.": a demand on a party as it is formed, checked
    then (``parties.party_limits``), no trigger that fires after."""
    effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
    return bool(effect) and all(isinstance(op, OP["party_size"]) for op in effect)


_DOCS: dict[int, tuple[Any, dict[Any, list[dict[str, Any]]]]] = {}
"""The trigger documents read, by script (held with it: a script is parsed once per text, never
changed) and by what else they read: the card's name, and the icons where a threshold ability asks."""


def trigger_docs(card: CardSpec, icons: Callable[[], Mapping[str, int]]) -> list[dict[str, Any]]:
    """The triggers of a scripted card (in the documents ``settling.fire`` reads), each running
    its typed operations through ``scripted.run``; read once per script, name and icons asked
    (the same documents: their words are written once, not at every happening of every position)."""
    script = script_of(card)
    if script is None:
        return []
    if not kept():
        return _trigger_docs(card, script, icons)
    entry = _DOCS.get(id(script))
    if entry is None or entry[0] is not script:
        if len(_DOCS) >= 20_000:
            _DOCS.clear()
        entry = _DOCS[id(script)] = (script, {})
    asks = any(isinstance(a, A.Threshold) for a in script.abilities)
    key = (card.name, tuple(sorted(icons().items())) if asks else None)
    found = entry[1].get(key)
    if found is None:
        found = entry[1][key] = _trigger_docs(card, script, icons)
    return list(found)


def _trigger_docs(card: CardSpec, script: Any, icons: Callable[[], Mapping[str, int]]) -> list[dict[str, Any]]:
    say = script.say("spoils")
    out: list[dict[str, Any]] = []
    for ability in active_abilities(script, icons):
        if not isinstance(ability, A.Trigger) or not fires(ability) or _replacing_trigger(ability) or demands(ability):
            continue
        if _changes_amount(ability):  # applied as the amount happens (rules.amounts, by name) or not at all
            continue
        effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
        ops: list[Any] = dump(list(effect))
        if ability.cost:
            ops = [{"may": dump(list(ability.cost))}, {"if_you_do": ops}] if ability.may else dump(list(ability.cost)) + ops
        elif ability.may:
            ops = [{"may": ops}]
        out.append({**when_doc(ability), "name": f"{card.name}: {ability.words(say)}",
                    "effect": [{"script": {"card": card.name, "ops": ops}}]})
    return out + delayed_docs(card, script)
