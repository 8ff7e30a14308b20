"""A card's standing instruction "If <a state of the game>, destroy this card." (Hulking Vigilante: "If you
control any other characters you own, destroy this card."): not a trigger (no event sets it off) but a
condition the card checks at all times, like lethal damage (408.4): whenever the position settles and
the condition holds, the card is destroyed (304.1), unless something says it cannot be (402.7a)."""
from __future__ import annotations


