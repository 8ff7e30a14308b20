"""Former home of operations of the Spoils round-4 texts, kept for the engine modules that still
import it: each name is defined in the module of its concept.
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.battle import STATS, AloneBlockedByAtLeast, EdgeOverOpposing
from adjudicator.effects.characteristics import (BecomesCharacter, CardChanges, GainRulesText, GainsCharacterType,
                                                 LosesCharacterType, ModifyKinds, _gains_loses)
from adjudicator.effects.choices import EACH_TYPE, ChooseEachType
from adjudicator.effects.counts import Stat
from adjudicator.effects.decks import SearchSameName
from adjudicator.effects.flow import IfPlayedSameName, OrShared
from adjudicator.effects.hands import HandCycle, MulliganReveal
from adjudicator.effects.numbers import XLowerOf
from adjudicator.effects.permissions import KeptDepleted
from adjudicator.effects.selectors import Cards, Target, ref_words
from adjudicator.effects.tokens import CountMode, OpponentsMayCreate, SpendTokens, TokenCountModes, TokenMode

__all__ = ["EACH_TYPE", "PLAIN", "STATS", "AloneBlockedByAtLeast", "BecomesCharacter", "CardChanges", "Cards",
           "ChooseEachType", "CountMode", "EdgeOverOpposing", "GainRulesText", "GainsCharacterType", "HandCycle",
           "IfPlayedSameName", "KeptDepleted", "LosesCharacterType", "ModifyKinds", "MulliganReveal", "Node",
           "OpponentsMayCreate", "OrShared", "Say", "SearchSameName", "SpendTokens", "Stat", "Target",
           "TokenCountModes", "TokenMode", "XLowerOf", "_gains_loses", "ref_words", "sentence"]
