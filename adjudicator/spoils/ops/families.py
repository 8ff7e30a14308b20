"""Every family of the effect language's handlers, imported once, here, so that each registers what it
owns (its node handlers, trigger matchers, hooks and table entries) before the engine decides anything.

Each node type has one owner (``scripted.handles`` refuses a second) and the tables that are read in
order declare their order themselves (``scripted.COST_PICK_ORDER``, ``amounts.TO_ZERO_ORDER``), so the
order of these imports does not matter (``tests/unit/test_spoils_owners.py`` imports them shuffled)."""
from __future__ import annotations

from adjudicator.spoils import (  # noqa: F401  (each registers what it owns)
    scripted_battle_choices,
    scripted_battle_references,
    scripted_battle_rules,
    scripted_blank_text,
    scripted_cards,
    scripted_conditions,
    scripted_conditions_states,
    scripted_costs,
    scripted_costs_battle,
    scripted_costs_cannot,
    scripted_costs_discard,
    scripted_costs_history,
    scripted_costs_or,
    scripted_damage,
    scripted_deck_top_removed,
    scripted_delayed,
    scripted_destruction_replaced,
    scripted_discarded_cost,
    scripted_discards_undone,
    scripted_draws,
    scripted_hand_counts,
    scripted_hand_replaced,
    scripted_hand_revealed,
    scripted_hands,
    scripted_location_marks,
    scripted_looking,
    scripted_mechanics,
    scripted_must_pick,
    scripted_picks_and_repeats,
    scripted_players,
    scripted_printed_words,
    scripted_removed_played,
    scripted_replace,
    scripted_replace_instead,
    scripted_replayed,
    scripted_revealed_and_reduced,
    scripted_split_cards,
    scripted_static_if,
    scripted_statics,
    scripted_type_changes,
    scripted_while_battle,
    scripted_zones,
    scripted_zones_decks,
    scripted_zones_replaced,
)
