"""Keywords and traits as printed: COVERT, UNIQUE, ATTACH to, FLIP UP, RECUR, HUMAN, Form...
"""
from __future__ import annotations

from pydantic import model_validator

from adjudicator.effects.base import PLAIN, Node, Say, lower_clause, say_all


KEYWORDS = {
    "buffy": {"human": "HUMAN", "vampire": "VAMPIRE", "demon": "DEMON", "slayer": "SLAYER", "spellcraft": "SPELLCRAFT",
              "watcher": "WATCHER", "witch": "WITCH"},
    "spoils": {"covert": "COVERT", "tactical": "TACTICAL", "unique": "UNIQUE", "attach": "ATTACH to",
               "flip_up": "FLIP UP", "recur": "RECUR", "retire": "RETIRE", "provides": "PROVIDES",
               "handoff": "HANDOFF", "staple": "STAPLE"},
    "wowmini": {"form": "Form", "buff": "Buff", "debuff": "Debuff", "totem": "Totem", "pet": "Pet",
                "instant": "Instant", "react": "React"},
}


ALL_KEYWORDS = {k for game in KEYWORDS.values() for k in game}


class Keyword(Node):
    """A keyword or trait as printed: COVERT, UNIQUE Crest, ATTACH to Character, FLIP UP: 2 [O],
    RECUR: [R], HUMAN, Form."""

    HEAD = "keyword"
    keyword: str
    value: str | None = None
    cost: int | None = None
    threshold: str | None = None
    then: "Effects | None" = None

    @model_validator(mode="after")
    def _known(self) -> "Keyword":
        if self.keyword not in ALL_KEYWORDS:
            raise ValueError(f"unknown keyword {self.keyword!r}; expected one of {', '.join(sorted(ALL_KEYWORDS))}")
        return self

    def words(self, say: Say = PLAIN) -> str:
        label = next((g[self.keyword] for name, g in KEYWORDS.items() if self.keyword in g and
                      (say.game in (None, name))), self.keyword.upper())
        icons = "".join(f"[{i}]" for i in (self.threshold or ""))
        if self.keyword in ("flip_up", "recur", "retire", "provides"):
            cost = f"{self.cost} " if self.cost is not None else ""
            then = f" and {lower_clause(say_all(self.then, say)).rstrip('.')}" if self.then else ""
            return f"{label}: {cost}{icons}{then}".rstrip()
        if self.value:
            return f"{label} {self.value}"
        return label + ("." if say.game == "buffy" or self.keyword in KEYWORDS["buffy"] else "")
