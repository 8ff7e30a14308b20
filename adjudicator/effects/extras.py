"""Former home of operations a few Spoils cards print, kept for the engine modules that still
import it: each name is defined in the module of its concept.
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, Say, sentence
from adjudicator.effects.characteristics import GainSubtype
from adjudicator.effects.choices import AmongThem, OpponentChoosesOf
from adjudicator.effects.coins import ReflipCoin
from adjudicator.effects.counts import Stat
from adjudicator.effects.damage import OpponentDivides
from adjudicator.effects.decks import SHARE_WORDS, RevealUntil, SearchCopies, Share, SharePlace, Split
from adjudicator.effects.flow import DELAYED, PRINTED_AS, AfterThat, AsPrinted, ByThem, DoTheSame, IfItIs, Later
from adjudicator.effects.hands import OwnerPutsOnTop
from adjudicator.effects.numbers import XIfItIs, YWhere
from adjudicator.effects.plays import PlayFor, PlayTotal, TerminateToHand
from adjudicator.effects.replacements import DESTROYED_HOW, Instead, NextTimeDestroyed
from adjudicator.effects.resources import ControlAdditional
from adjudicator.effects.selectors import Cards, Target, ref_words
from adjudicator.effects.zones import PutAttached

__all__ = ["DELAYED", "DESTROYED_HOW", "PLAIN", "PRINTED_AS", "SHARE_WORDS", "AfterThat", "AmongThem", "AsPrinted",
           "ByThem", "Cards", "ControlAdditional", "DoTheSame", "GainSubtype", "IfItIs", "Instead", "Later",
           "NextTimeDestroyed", "Node", "OpponentChoosesOf", "OpponentDivides", "OwnerPutsOnTop", "PlayFor",
           "PlayTotal", "PutAttached", "ReflipCoin", "RevealUntil", "Say", "SearchCopies", "Share", "SharePlace",
           "Split", "Stat", "Target", "TerminateToHand", "XIfItIs", "YWhere", "ref_words", "sentence"]
