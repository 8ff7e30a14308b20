"""The rules kernel the three games share: the decision context, the override resolver with its one
precedence order, rulings in force, handler tables by action class, and the engine's shared half.
The typed effect language cards are written in is ``adjudicator.effects``."""
from adjudicator.kernel.context import Context, copy_state
from adjudicator.kernel.engine import GameEngine, Handlers, check_seating, player_ids
from adjudicator.kernel.precedence import (Change, Claim, Precedence, Verdict, combine, keywords, resolve,
                                           ruling_in_force)

__all__ = ["Change", "Claim", "Context", "GameEngine", "Handlers", "Precedence", "Verdict", "check_seating",
           "combine", "copy_state", "keywords", "player_ids", "resolve", "ruling_in_force"]
