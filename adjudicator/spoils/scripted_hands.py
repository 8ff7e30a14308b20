"""Hands, decks and resources both players move: choices between options, cards revealed at all times, repeats, deck picks split between hand and discard pile (round 4, hands).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from adjudicator.effects import Node


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    return None
