"""The operations the engines read today, one model per thing an effect does (``{"draw": 1}``,
``{"damage": {"amount": 2, "to": "c1"}}``...), as the engines import them: each is defined in the
module of its concept (hands, damage, influence, zones, tokens, characteristics, permissions,
resources, plays) and named here too.
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, Say, sentence, series
from adjudicator.effects.characteristics import (STATS, CardChanges, Gain, _KeywordChange, Lose, Modify, ModifyEither,
                                                 Parameter, _gains_loses, _with_keyword)
from adjudicator.effects.conditions import Condition
from adjudicator.effects.counts import Amount, ForEach, Stat, amount_words
from adjudicator.effects.damage import AmountSpec, Damage, Heal
from adjudicator.effects.durations import _Lasting, Until, until_words
from adjudicator.effects.games import TALENT_WORDS, AvoidFatigue, FightTalent, GrantTraits, Set, TakeForm, Talent
from adjudicator.effects.hands import CountSpec, Discard, Draw, _act, _third
from adjudicator.effects.influence import GainInfluence, _Influence, LoseInfluence
from adjudicator.effects.language import ENGINE_OPERATIONS
from adjudicator.effects.permissions import _Claim, Forbid, Note, Permit
from adjudicator.effects.plays import Terminate
from adjudicator.effects.resources import PlayResource, Provides
from adjudicator.effects.selectors import Cards, PlayerRef, Refs, Target, is_plural, player_words, possessive, ref_words
from adjudicator.effects.tokens import CreateToken, Tokens
from adjudicator.effects.zones import (AddToBattle, Deplete, Destroy, GainControl, _Move, PutInDiscard, PutIntoPlay,
                                       RemoveFromBattle, RemoveFromGame, Restore, ReturnToHand, ShuffleIntoDeck)

__all__ = ["ENGINE_OPERATIONS", "PLAIN", "STATS", "TALENT_WORDS", "AddToBattle", "Amount", "AmountSpec", "AvoidFatigue",
           "CardChanges", "Cards", "_Claim", "Condition", "CountSpec", "CreateToken", "Damage", "Deplete", "Destroy",
           "Discard", "Draw", "FightTalent", "Forbid", "ForEach", "Gain", "GainControl", "GainInfluence", "GrantTraits",
           "Heal", "_Influence", "_KeywordChange", "_Lasting", "Lose", "LoseInfluence", "Modify", "ModifyEither",
           "_Move", "Node", "Note", "Parameter", "Permit", "PlayerRef", "PlayResource", "Provides", "PutInDiscard",
           "PutIntoPlay", "Refs", "RemoveFromBattle", "RemoveFromGame", "Restore", "ReturnToHand", "Say", "Set",
           "ShuffleIntoDeck", "Stat", "TakeForm", "Talent", "Target", "Terminate", "Tokens", "Until", "_act",
           "amount_words", "_gains_loses", "is_plural", "player_words", "possessive", "ref_words", "sentence", "series",
           "_third", "until_words", "_with_keyword"]
