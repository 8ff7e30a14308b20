"""Former home of the pick answered by another and abilities used by an effect, kept for the
engine modules that still import it: each name is defined in the module of its concept.
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, Say
from adjudicator.effects.costs import AsThoughPicked, PickInstead
from adjudicator.effects.plays import EffectTwice, UseItsAbility
from adjudicator.effects.timing import OnlyInResponseToPick

__all__ = ["PLAIN", "AsThoughPicked", "EffectTwice", "Node", "OnlyInResponseToPick", "PickInstead", "Say",
           "UseItsAbility"]
