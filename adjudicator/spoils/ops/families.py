"""Every family of the effect language's handlers, imported once, here, so that each registers what it
owns (its node handlers, trigger matchers, hooks and table entries) before the engine decides anything.

Each node type has one owner (``scripted.handles`` refuses a second) and the tables that are read in
order declare their order themselves (``scripted.COST_PICK_ORDER``, ``amounts.TO_ZERO_ORDER``), so the
order of these imports does not matter (``tests/unit/test_spoils_owners.py`` imports them shuffled)."""
from __future__ import annotations

from adjudicator.spoils.ops import battle_choices as scripted_battle_choices
from adjudicator.spoils.ops import battle_references as scripted_battle_references
from adjudicator.spoils.ops import battle_rules as scripted_battle_rules
from adjudicator.spoils.text import blank_text as scripted_blank_text
from adjudicator.spoils.ops import cards_out_of_play as scripted_cards
from adjudicator.spoils.ops import conditions as scripted_conditions
from adjudicator.spoils.text import position_states as scripted_conditions_states
from adjudicator.spoils.ops import costs as scripted_costs
from adjudicator.spoils.ops import costs_battle as scripted_costs_battle
from adjudicator.spoils.ops import cannot as scripted_costs_cannot
from adjudicator.spoils.ops import costs_discard as scripted_costs_discard
from adjudicator.spoils.ops import turn_history as scripted_costs_history
from adjudicator.spoils.ops import or_choices as scripted_costs_or
from adjudicator.spoils.ops import damage_effects as scripted_damage
from adjudicator.spoils.ops import deck_top_removed as scripted_deck_top_removed
from adjudicator.spoils.ops import delayed as scripted_delayed
from adjudicator.spoils.ops import destruction_replaced as scripted_destruction_replaced
from adjudicator.spoils.ops import discarded_cost as scripted_discarded_cost
from adjudicator.spoils.ops import discards_undone as scripted_discards_undone
from adjudicator.spoils.ops import draws as scripted_draws
from adjudicator.spoils.ops import hand_counts as scripted_hand_counts
from adjudicator.spoils.ops import hand_replaced as scripted_hand_replaced
from adjudicator.spoils.ops import hand_revealed as scripted_hand_revealed
from adjudicator.spoils.ops import hands as scripted_hands
from adjudicator.spoils.ops import location_marks as scripted_location_marks
from adjudicator.spoils.ops import looking as scripted_looking
from adjudicator.spoils.ops import play_mechanics as scripted_mechanics
from adjudicator.spoils.ops import must_pick as scripted_must_pick
from adjudicator.spoils.ops import picks_and_repeats as scripted_picks_and_repeats
from adjudicator.spoils.ops import players as scripted_players
from adjudicator.spoils.ops import printed_words as scripted_printed_words
from adjudicator.spoils.ops import removed_played as scripted_removed_played
from adjudicator.spoils.ops import redirects as scripted_replace
from adjudicator.spoils.ops import instead as scripted_replace_instead
from adjudicator.spoils.ops import replayed as scripted_replayed
from adjudicator.spoils.ops import revealed_and_reduced as scripted_revealed_and_reduced
from adjudicator.spoils.ops import split_cards as scripted_split_cards
from adjudicator.spoils.ops import statics as scripted_statics
from adjudicator.spoils.ops import type_changes as scripted_type_changes
from adjudicator.spoils.ops import while_battle as scripted_while_battle
from adjudicator.spoils.ops import zones as scripted_zones
from adjudicator.spoils.ops import zones_decks as scripted_zones_decks
from adjudicator.spoils.ops import zones_replaced as scripted_zones_replaced
