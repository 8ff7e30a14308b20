"""Who answers for each node type of the effect language in The Spoils' engine, in one place.

- An operation the interpreter runs has exactly one owner: the one handler in ``scripted.RUN``
  (``scripted.handles`` refuses a second one; a variation calls the handler it extends by name).
- A node that is not run as an operation is read where the rules ask for it: an ability's shape
  (a static, a trigger, an extra cost...) read when a card is played or used, a lasting precedence
  document, a faction's set-up; ``READ_BY`` names the module that reads it.
- A node of another game's language is not The Spoils' (``OTHER_GAMES``).
- What nobody reads is left to the judge (``LEFT_TO_JUDGE``); the engine notes it when it meets it.

``owner_of`` answers from these tables, so the card endpoint and the coverage report can say which
function enforces a node.
"""
from __future__ import annotations

from adjudicator.effects import CardScript, Node
from adjudicator.effects import abilities as A
from adjudicator.effects import language as L
from adjudicator.spoils import engine as _engine  # noqa: F401  (every family's handler is registered)
from adjudicator.spoils.ops.interpreter import RUN
from adjudicator.spoils.text.scripts import walk

READ_BY: dict[str, str] = {
    "Activated": "rules.mechanics", "Static": "text.continuous", "Trigger": "rules.triggers", "Replacement": "text.scripts",
    "Play": "rules.mechanics", "Choice": "rules.mechanics", "ExtraCost": "text.scripts", "Threshold": "text.scripts",
    "Keyword": "rules.mechanics", "ChangeAmount": "text.scripts", "Tax": "ops.costs", "ReduceCost": "ops.statics",
    "Permit": "text.precedence", "Forbid": "text.precedence", "Note": "rules.settling", "Influence": "text.scripts",
    "FactionRule": "text.scripts", "StartingDraw": "builder", "StartingResources": "builder", "Provides": "builder",
    "AddToBattle": "rules.effect_documents", "DoTheSame": "ops.hand_counts",
    "GainRulesText": "ops.location_marks", "KeptDepleted": "ops.location_marks",
    "ModifyKinds": "ops.location_marks",
    "OnlyInResponseToPick": "ops.picks_and_repeats", "PickInstead": "ops.picks_and_repeats",
    "Shuffle": "ops.cards_out_of_play", "WhenItEntersPlay": "text.trigger_read",
    "XIfItIs": "ops.discards_undone",
}
"""Nodes read where the rules ask for them, not run by the interpreter: the module that reads them."""

STATIC_READER = "adjudicator.spoils.text.continuous._static"
"""The one reader of a static ability's operations and conditions (a continuous effect, 402.6)."""

LEFT_TO_JUDGE: frozenset[str] = frozenset({"NextTimeDestroyed"})
"""Nodes no part of the engine reads: a card saying one is resolved by the judge (a composed "can" or "must",
``Able``, is run by ``ops.battle_rules._able`` and read in a static ability by ``rules.composed_able``; a
composition neither applies the coverage judge leaves to the judge: ``enforcement.unenforced``)."""


def other_games() -> dict[str, str]:
    """Nodes of another game's language: their class name and that game."""
    return {cls.__name__: game for cls, game in L.GAME_ONLY.items() if game != "spoils"}


def language_nodes() -> list[type[Node]]:
    """Every node type of the effect language (operations and abilities)."""
    return list(dict.fromkeys([*L.OPERATIONS, *L.ABILITIES]))


def owner_of(cls: type[Node]) -> str:
    """The function (``module.function``) that runs ``cls``, the module that reads it, or who else
    answers for it.  Raises KeyError for a node nobody is said to answer for."""
    handler = RUN.get(cls)
    if handler is not None:
        return f"{handler.__module__}.{handler.__qualname__}"
    if cls.__name__ in READ_BY:
        return f"adjudicator.spoils.{READ_BY[cls.__name__]}"
    if cls.__name__ in LEFT_TO_JUDGE:
        return "the judge"
    game = other_games().get(cls.__name__)
    if game is not None:
        return f"{game} (not a Spoils node)"
    raise KeyError(cls.__name__)


def node_owners(script: CardScript) -> list[dict[str, str]]:
    """Each node of ``script`` (depth first) whose type is an operation or an ability of the
    language: its type, its words and who answers for it.  A static ability's nodes are read as a
    continuous effect (``text.continuous._static``), not run: that reader answers for them."""
    known = set(language_nodes())
    out: list[dict[str, str]] = []
    for ability in script.abilities:
        static = isinstance(ability, A.Static)
        for node in walk([ability]):
            if type(node) not in known:
                continue
            try:
                by = STATIC_READER if static else owner_of(type(node))
            except KeyError:  # a node nobody answers for: the judge resolves it
                by = "the judge"
            out.append({"node": type(node).__name__, "words": node.words(), "enforced_by": by})
    return out
