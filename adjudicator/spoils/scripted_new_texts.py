"""Handlers for nodes the effect language gained in round 4 for texts no script could say before (round 4, new texts).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from adjudicator.effects import Node


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    return None
