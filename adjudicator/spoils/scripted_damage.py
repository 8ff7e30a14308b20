"""Damage prevented, reduced or redirected for the next amount this turn, losses and influence thresholds, replacements of a card leaving play (round 4, damage).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from adjudicator.effects import Node


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    return None
