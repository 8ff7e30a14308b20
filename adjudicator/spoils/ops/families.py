"""Every family of the effect language's handlers, imported once, here, so that each registers what it
owns (its node handlers, trigger matchers, hooks and table entries) before the engine decides anything.

Each node type has one owner (``interpreter.handles`` refuses a second) and the tables that are read in
order declare their order themselves (``paying.COST_PICK_ORDER``, ``amounts.TO_ZERO_ORDER``), so the
order of these imports does not matter (``tests/unit/test_spoils_owners.py`` imports them shuffled)."""
from __future__ import annotations

from adjudicator.spoils.ops import (  # noqa: F401  (each registers what it owns)
    battle_choices,
    battle_references,
    battle_rules,
    cannot,
    cards_out_of_play,
    conditions,
    costs,
    costs_battle,
    costs_discard,
    damage_effects,
    deck_top_removed,
    delayed,
    destruction_replaced,
    discarded_cost,
    discards_undone,
    draws,
    flow,
    hand_counts,
    hand_replaced,
    hand_revealed,
    hands,
    instead,
    location_marks,
    looking,
    must_pick,
    or_choices,
    paying,
    picks_and_repeats,
    play_mechanics,
    players,
    printed_words,
    redirects,
    removed_played,
    replayed,
    revealed_and_reduced,
    split_cards,
    statics,
    turn_history,
    type_changes,
    while_battle,
    zones,
    zones_decks,
    zones_replaced,
)
