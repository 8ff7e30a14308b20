"""The rules that act on a decision context: costs, damage, cards entering and leaving play, replacements,
forbidden acts, triggers fired, battles and parties, and settling what happens with no decision."""
