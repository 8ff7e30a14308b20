"""Resources and the icons they provide: resources played, PROVIDES, icons controlled for a turn,
resources detached, tactics resolved as face-down resources.
"""
from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, model_validator

from adjudicator.effects.base import PLAIN, Node, Say, sentence


class PlayResource(Node):
    HEAD = "play_resource"
    play_resource: int | dict[str, Any] = 1
    up_to: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.up_to:
            return f"Play up to {self.play_resource} resources."
        return "Play a resource."


class Provides(Node):
    """311.1: icons provided for thresholds."""

    HEAD = "provides"
    provides: str

    @model_validator(mode="after")
    def _icons(self) -> "Provides":
        bad = set(self.provides.upper()) - set("OGEDRV")
        if bad:
            raise ValueError(f"unknown resource icons {''.join(sorted(bad))!r}")
        return self

    def words(self, say: Say = PLAIN) -> str:
        return "PROVIDES: " + "".join(f"[{i}]" for i in self.provides.upper())


class Detach(Node):
    """"Detach up to 2 resources from your faction." (309)."""

    HEAD = "detach"
    detach: Union[int, Literal["X", "all", "it"]]
    up_to: bool = False

    def words(self, say: Say = PLAIN) -> str:
        if self.detach in ("all", "it"):
            return f"Detach {'all resources' if self.detach == 'all' else 'it'} from your faction."
        many = "a resource" if self.detach == 1 and not self.up_to else f"{self.detach} resources"
        return sentence(f"detach {'up to ' if self.up_to else ''}{many} from your faction")


class ResolveAsResource(Node):
    """A tactic that, once resolved, becomes a face-down resource instead of going to the discard
    pile."""

    HEAD = "resolve_as_resource"
    resolve_as_resource: Literal[True] = True
    what: Literal["self", "that tactic"] = "self"
    whose: Literal["their", "its owner's"] = "their"

    def words(self, say: Say = PLAIN) -> str:
        what = say.self_name if self.what == "self" else self.what
        return sentence(f"put {what} into play under its owner's control as a face-down resource "
                        f"instead of into {self.whose} discard pile")


class ControlAdditional(Node):
    """Resource icons the controller counts this turn on top of those of their resources (311): "This
    turn, you control an additional [E][E][E][E].". General in the icons."""

    HEAD = "control_additional"
    control_additional: str = Field(pattern=r"^[OGEDRV]+$")
    until: Literal["turn"] = "turn"

    def words(self, say: Say = PLAIN) -> str:
        return "This turn, you control an additional " + "".join(f"[{i}]" for i in self.control_additional) + "."
