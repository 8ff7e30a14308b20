"""Turn structure as data, and the two mechanisms every game's flow shares.

* The pass-consecutively window: players act one after another in seating order; a pass means
  "I am done here".  A stage ends when every player has passed in a row; any other action resets
  the count (Buffy ``buffy.pass-consecutively``; The Spoils builds its response windows on it).
  Only a pass by the player to act extends the run: a pass recorded out of turn (``?mode=record``)
  starts a new run of one, so ``consecutive_passes`` always counts distinct players in seating
  order and reaches the window's size only when every one of them has passed.
* The stack of suspended steps: a fight or challenge suspends the step it starts in, runs its own
  stages, and the step resumes when it is over.

The functions work on any state object that has ``seating``, ``to_act``, ``consecutive_passes``
and ``suspended`` attributes, mutating it in place (``apply`` owns its state).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel


class FlowState(Protocol):
    seating: list[str]
    to_act: str | None
    consecutive_passes: int
    suspended: list["Suspended"]


class Suspended(BaseModel):
    """A step put on hold while a nested phase runs."""

    step: str
    to_act: str | None
    consecutive_passes: int


@dataclass(frozen=True)
class Stage:
    """One step or stage of a game's flow.

    ``first`` says who acts first ("active" player or the phase's "initiator").  A stage with
    ``ends_when_mandatory_done`` has no passing: it ends once its mandatory sub-steps are done
    (Buffy's draw stages).  ``mandatory`` names the obligations the engine checks before a player
    may pass.  ``rule`` is the catalog id describing the stage.
    """

    name: str
    rule: str
    first: str = "active"
    mandatory: tuple[str, ...] = ()
    ends_when_mandatory_done: bool = False


@dataclass(frozen=True)
class Flow:
    """An ordered list of stages; ``after(name)`` is the next one, or None at the end."""

    stages: tuple[Stage, ...]
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({s.name: i for i, s in enumerate(self.stages)})

    def __getitem__(self, name: str) -> Stage:
        return self.stages[self._index[name]]

    @property
    def first(self) -> Stage:
        return self.stages[0]

    def after(self, name: str) -> Stage | None:
        i = self._index[name] + 1
        return self.stages[i] if i < len(self.stages) else None

    def names(self) -> list[str]:
        return [s.name for s in self.stages]


class Window:
    """The pass window of only some players, over a state that holds the window's counters.

    A fight or challenge (Buffy: its two players alternate) or a response window (The Spoils:
    only the opponents of the most recent play answer it) is a window of fewer players than sit
    at the table; the functions below work on a ``Window`` exactly as on the state itself.
    """

    def __init__(self, state: FlowState, players: list[str]):
        self._state = state
        self.seating = players

    @property
    def to_act(self) -> str | None:
        return self._state.to_act

    @to_act.setter
    def to_act(self, value: str | None) -> None:
        self._state.to_act = value

    @property
    def consecutive_passes(self) -> int:
        return self._state.consecutive_passes

    @consecutive_passes.setter
    def consecutive_passes(self, value: int) -> None:
        self._state.consecutive_passes = value

    @property
    def suspended(self) -> list[Suspended]:
        return self._state.suspended


def next_in_seating(seating: list[str], player: str) -> str:
    """The player after ``player``, clockwise."""
    i = seating.index(player)
    return seating[(i + 1) % len(seating)]


def _out_of_turn(state: FlowState, player: str | None) -> bool:
    return player is not None and state.to_act is not None and player != state.to_act


def pass_would_close(state: FlowState, player: str | None = None) -> bool:
    """True when the pass about to be made (by ``player``, when given) completes a run of passes
    by every player of the window."""
    if _out_of_turn(state, player):
        return player in state.seating and len(state.seating) == 1
    return state.consecutive_passes + 1 >= len(state.seating)


def record_pass(state: FlowState, player: str | None = None) -> None:
    """A pass by ``player`` (by the player to act when not given).  A pass out of turn starts a
    new run with its passer, and play goes on from the passer; a pass by a player outside the
    window counts for nothing."""
    if _out_of_turn(state, player):
        assert player is not None
        if player in state.seating:
            state.consecutive_passes = 1
            state.to_act = next_in_seating(state.seating, player)
        return
    state.consecutive_passes += 1
    state.to_act = next_in_seating(state.seating, state.to_act) if state.to_act else None


def record_action(state: FlowState, actor: str) -> None:
    """Any action other than a pass resets the window; play goes on to the next player."""
    state.consecutive_passes = 0
    if actor in state.seating:
        state.to_act = next_in_seating(state.seating, actor)


def open_window(state: FlowState, first: str) -> None:
    state.to_act = first
    state.consecutive_passes = 0


def suspend(state: FlowState, step: str) -> None:
    state.suspended.append(
        Suspended(step=step, to_act=state.to_act, consecutive_passes=state.consecutive_passes)
    )


def resume(state: FlowState) -> Suspended:
    """Pops the suspended step; the caller decides who acts when it resumes."""
    return state.suspended.pop()
