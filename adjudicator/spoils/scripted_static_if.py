"""A card's standing instruction "If <a state of the game>, destroy this card." (Hulking Vigilante: "If you
control any other characters you own, destroy this card."): not a trigger (no event sets it off) but a
condition the card checks at all times, like lethal damage (408.4): whenever the position settles and
the condition holds, the card is destroyed (304.1), unless something says it cannot be (402.7a)."""
from __future__ import annotations

from typing import Any

from adjudicator.spoils import consequences as C
from adjudicator.spoils import precedence as P
from adjudicator.spoils import scripts as S
from adjudicator.spoils.context import SpoilsContext
from adjudicator.spoils.scripts import OP
from adjudicator.spoils import continuous as _CONTINUOUS
