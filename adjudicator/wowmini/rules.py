"""The rule ids the WoW Miniatures engine cites (all present in ``rulings/catalog/wowmini.yaml``).

Numbered ids come from chapter 3 of the comprehensive rules (300-304).  The chapter refers to rules
outside it (202.2, 403.2, 405.3, 703) and leaves some mechanisms unstated (the grid, the timeline,
respawning); those ids are catalogued with ``inferred: true`` and a summary of what the project chose.
"""
from __future__ import annotations

# Chapter 3: action bar cards.
BAR = "wowmini.300.1"             # every non-pet has a bar; face down and ready; controller looks/reveals
BAR_CONTENTS = "wowmini.300.2"    # one card per name; restriction line must fit
CATEGORY = "wowmini.300.3"        # action / instant / react from the notes line
CORE_COST = "wowmini.300.4"       # core ability, tick cost
EXHAUST = "wowmini.300.5"         # exhaust as extra cost; recharging; cards stay in the bar except forms

BUFF_TARGETS = "wowmini.301.1"    # buffs target allies, debuffs enemies
BUFF_ATTACH = "wowmini.301.2"     # playing a buff attaches a copy
BUFF_INDEPENDENT = "wowmini.301.2a"
BUFF_REPLACE = "wowmini.301.2b"
BUFF_DURATION = "wowmini.301.2c"
BUFF_DESTROYED = "wowmini.301.2d"
BUFF_COUNTERS = "wowmini.301.2e"

FORM_CHANGES = "wowmini.302.1"
FORM_SET_ASIDE = "wowmini.302.2"
FORM_ABILITIES = "wowmini.302.3"
FORM_LEAVE = "wowmini.302.4"
FORM_CONTINUOUS = "wowmini.302.5"

TOTEM_SUMMON = "wowmini.303.1"
TOTEM_IMMUNE = "wowmini.303.2"
TOTEM_HEALTH = "wowmini.303.3"
TOTEM_PLACE = "wowmini.303.4"

PET_SUMMON = "wowmini.304.1"
PET_CHARACTER = "wowmini.304.2"
PET_NO_VP = "wowmini.304.2a"
PET_LOS = "wowmini.304.2b"

# Outside the chapter: referenced by it, or needed to put its situations to the service (inferred).
RESTRICTION = "wowmini.202.2"
DESTRUCTION = "wowmini.403.2"
LINE_OF_SIGHT = "wowmini.405.3"
PLAYING = "wowmini.703"
TIMELINE = "wowmini.timeline"
BOARD = "wowmini.board"
MOVEMENT = "wowmini.movement"
HEALTH = "wowmini.health"
RESPAWN = "wowmini.respawn"
READY = "wowmini.ready"
CANCEL = "wowmini.cancel"
VICTORY = "wowmini.victory"
TERRAIN = "wowmini.terrain"          # terrain features of the battlefield and what they do
RULINGS = "wowmini.ruling"            # a judge ruling in force decides a rule first
GOLDEN_RULE = "wowmini.golden-rule"   # card text beats the rules
CANNOT_BEATS_CAN = "wowmini.cannot-beats-can"
