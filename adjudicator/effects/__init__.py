"""The typed effect language the three games' cards are written in (pure: pydantic, no I/O).

One model per operation, selector, condition, count, duration, trigger, replacement, choice, cost
and keyword, combined as discriminated unions told apart by their head key; unknown fields and
unknown operations are refused; every model says itself in English (``words()``), and
``normalise`` is the one comparison a card's script and its printed text go through.
"""
from __future__ import annotations

from adjudicator.effects.base import Node, Say, normalise
from adjudicator.effects.language import (ABILITIES, OPERATIONS, Abilities, CardScript, Effects, EffectError, dump,
                                          parse_effect, parse_effects, parse_play, text_sha)

__all__ = ["Node", "Say", "normalise", "ABILITIES", "OPERATIONS", "Abilities", "Effects", "CardScript",
           "EffectError", "dump", "parse_effect", "parse_effects", "parse_play", "text_sha"]
