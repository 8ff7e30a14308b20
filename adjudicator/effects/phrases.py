"""The phrases operations are built from, as the engines import them: who and which cards
(``selectors``), how many (``counts``), for how long (``durations``) and on what condition
(``conditions``).
"""
from __future__ import annotations

from adjudicator.effects.base import PLAIN, Node, Say, series, tagged
from adjudicator.effects.conditions import (STATE_WORDS, AllOf, Condition, ControlIcons, During, StatAtMost,
                                            ThereAre, TokenOnIt, WhileAt, YouControl)
from adjudicator.effects.counts import FIXED_STATS, Amount, ForEach, IconsYouControl, Stat, TokensOn, amount_words
from adjudicator.effects.durations import UNTIL_WORDS, Until, until_words
from adjudicator.effects.selectors import (PLAYER_WORDS, POSSESSIVE, REF_WORDS, WITH, ZONE_WORDS, Adjective, Cards,
                                           CardType, PlayerRef, PlayerWord, Quantity, Target, Zone, is_plural,
                                           player_words, possessive, ref_words)

__all__ = ["AllOf", "FIXED_STATS", "PLAIN", "PLAYER_WORDS", "POSSESSIVE", "REF_WORDS", "STATE_WORDS", "UNTIL_WORDS",
           "WITH", "ZONE_WORDS", "Adjective", "Amount", "Cards", "CardType", "Condition", "ControlIcons", "During",
           "ForEach", "IconsYouControl", "Node", "PlayerRef", "PlayerWord", "Quantity", "Say", "Stat", "StatAtMost",
           "Target", "ThereAre", "TokenOnIt", "TokensOn", "Until", "WhileAt", "YouControl", "Zone", "amount_words",
           "is_plural", "player_words", "possessive", "ref_words", "series", "tagged", "until_words"]
