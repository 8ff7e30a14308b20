"""Operations printed card texts need beyond what the engines read first, as the engines import
them: each is defined in the module of its concept (numbers, zones, decks, choices, permissions,
costs, tokens, replacements, coins, battle, plays, resources, characteristics).
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, _Phrase, Say, sentence, series
from adjudicator.effects.battle import Attack, PartySize
from adjudicator.effects.characteristics import Blank
from adjudicator.effects.choices import ChooseCardType, NameACard, TheyPick, TieBreak
from adjudicator.effects.coins import FlipCoin
from adjudicator.effects.costs import COSTS_OF, ReduceCost, ReduceNextCost
from adjudicator.effects.counts import Stat
from adjudicator.effects.decks import LookAt, PutBack, Reveal, Search, Shuffle
from adjudicator.effects.durations import Until, until_words
from adjudicator.effects.language import TEXT_ABILITIES, TEXT_OPERATIONS
from adjudicator.effects.numbers import ChooseX, PickX, Where, XIs
from adjudicator.effects.permissions import ACT_WORDS, CAN_WORDS, Act, Can, Cannot
from adjudicator.effects.plays import PlayCard
from adjudicator.effects.replacements import AdjustAmount
from adjudicator.effects.resources import Detach, ResolveAsResource
from adjudicator.effects.selectors import Cards, Target, possessive, ref_words
from adjudicator.effects.tokens import EntersWithTokens
from adjudicator.effects.zones import PLACE_WORDS, Attach, EntersUnderYou, Flip, Place, Put

__all__ = ["ACT_WORDS", "CAN_WORDS", "COSTS_OF", "PLACE_WORDS", "PLAIN", "TEXT_ABILITIES", "TEXT_OPERATIONS", "Act",
           "AdjustAmount", "Attach", "Attack", "Blank", "Can", "Cannot", "Cards", "ChooseCardType", "ChooseX", "Detach",
           "EntersUnderYou", "EntersWithTokens", "Flip", "FlipCoin", "LookAt", "NameACard", "Node", "PartySize",
           "_Phrase", "PickX", "Place", "PlayCard", "Put", "PutBack", "ReduceCost", "ReduceNextCost",
           "ResolveAsResource", "Reveal", "Say", "Search", "Shuffle", "Stat", "Target", "TheyPick",
           "TieBreak", "Until", "Where", "XIs", "possessive", "ref_words", "sentence", "series", "until_words"]
