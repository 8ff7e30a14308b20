"""Real cards whose text asks their player for choices of different families (issue 25), each in a
position set up by names, with the answers a player gives and what the state shows once the card has
resolved.  Read by tests/api/test_spoils_choice_specs.py (the templates and /check) and by
tests/browser/test_console_choices.py (the console form at 390 px)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.scenarios.spoils_table import position


def _card(name: str, controller: str = "bob", **more: Any) -> dict[str, Any]:
    return {"card": name, "controller": controller, **more}


@dataclass
class ChoiceCase:
    """``card`` is the card played from hand, or the card in play whose ``ability`` is used;
    ``kinds`` the kinds of choices its template carries, in order; ``answers`` what the player
    gives, by the path of each choice (``targets.0``, ``choices.x``); ``outcome`` reads the state
    after the opponent's pass has resolved it, with ``events``: the types of the game's events."""

    name: str
    setup: dict[str, Any]
    kinds: list[str]
    answers: dict[str, Any]
    outcome: Callable[[dict[str, Any]], bool]
    ability: str | None = None
    card_id: str | None = None
    family: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _damage(state: dict[str, Any], cid: str) -> int:
    return state["cards"][cid]["damage"] if cid in state["cards"] else -1


CASES = [
    ChoiceCase("Perforate", position(cards={"b1": _card("Creaky Old Swordsman"), "b2": _card("Dock Sentinel")},
                                     hands={"alice": ["Perforate"]}, icons={"alice": "RRRRRR"}),
               ["x", "target"], {"choices.x": 3, "targets.0": "b2"},
               lambda s: _damage(s, "b2") == 3, family="X with its range, a target"),
    ChoiceCase("Extravagant Contusion", position(cards={"b1": _card("Creaky Old Swordsman"), "b2": _card("Dock Sentinel")},
                                                 hands={"alice": ["Extravagant Contusion"]}, icons={"alice": "GGGG"}),
               ["x", "target"], {"choices.x": 3, "targets.0": "b1"},
               lambda s: "b1" not in s["cards"] and "b2" in s["cards"], family="a target qualified by X"),
    ChoiceCase("Cannon Squadron", position(cards={"x1": _card("Cannon Squadron", "alice"), "b1": _card("Creaky Old Swordsman"),
                                                  "b2": _card("Dock Sentinel")}, icons={"alice": "R"}),
               ["target", "divided"], {"targets.0": ["b1", "b2"], "choices.divided": {"b1": 1, "b2": 1}},
               lambda s: _damage(s, "b1") == 1 and _damage(s, "b2") == 1, ability="FIRE!", card_id="x1",
               family="divided damage (an ability)"),
    ChoiceCase("Voidal Perversion", position(cards={"a1": _card("Agile Highwayman", "alice"), "b1": _card("Creaky Old Swordsman")},
                                             hands={"alice": ["Voidal Perversion"]}, icons={"alice": "OOOO"}),
               ["target", "divided"], {"targets.0": ["a1", "b1"], "choices.divided": {"a1": 1, "b1": 1}},
               lambda s: s["cards"]["a1"]["tokens"] == 1 and s["cards"]["b1"]["tokens"] == 1,
               family="divided tokens"),
    ChoiceCase("Gore Engine", position(cards={"x1": _card("Gore Engine", "alice", tokens=2), "b1": _card("Creaky Old Swordsman")},
                                       icons={"alice": "RRR"}),
               ["option", "target"], {"choices.option": 2, "targets.0": "b1"},
               lambda s: s["cards"]["x1"]["tokens"] == 0, ability="IMPALE", card_id="x1",
               family="options of a cost (pay or remove tokens)"),
    ChoiceCase("Maxwell Cockswagger", position(cards={"x1": _card("Maxwell Cockswagger", "alice"),
                                                      "b1": _card("Dock Sentinel")}, icons={"alice": "DDD"}),
               ["target", "option"], {"targets.0": "b1", "choices.option": 2},
               lambda s: s["cards"]["b1"]["effective"]["life"] == 3, ability="STRUT", card_id="x1",
               family="options of an effect (gains or loses)"),
    ChoiceCase("Roulette Wheel of DOOM!", position(cards={"b1": _card("Agile Highwayman")},
                                                   hands={"alice": ["Roulette Wheel of DOOM!"]}, icons={"alice": "DDDD"},
                                                   decks={"alice": ["Creaky Old Swordsman", "Pinch"]}),
               ["revealed", "target"], {"choices.revealed": ["Creaky Old Swordsman"], "choices.targets.0": "b1"},
               lambda s: "b1" not in s["cards"], family="a revealed card, an optional pick"),
    ChoiceCase("Voidal Poisoning", position(cards={"o1": _card("Oddment Collector", "alice", tokens=5),
                                                   "b1": _card("Dock Sentinel")},
                                            hands={"alice": ["Voidal Poisoning"]}, icons={"alice": "OOO"}),
               ["tokens_removed", "generate", "target"],
               {"choices.tokens_removed": {"o1": 3}, "choices.generate": [1, 2], "choices.targets.0": "b1"},
               lambda s: _damage(s, "b1") == 1 and s["cards"]["o1"]["tokens"] == 2, family="tokens removed, a menu"),
    ChoiceCase("Fwing!", position(cards={"a1": _card("Agile Highwayman", "alice")}, hands={"alice": ["Fwing!"]},
                                  icons={"alice": "DD"}),
               ["target", "coin"], {"targets.0": "a1", "choices.coin": "win"},
               lambda s: s["cards"]["a1"]["effective"]["strength"] == 3 and s["cards"]["a1"]["effective"]["speed"] == 5,
               family="a coin flip recorded"),
    ChoiceCase("Mighty Ballista", position(cards={"x1": _card("Mighty Ballista", "alice"), "b1": _card("Dock Sentinel")},
                                           icons={"alice": "RRR"}),
               ["x", "target"], {"choices.x": 2, "targets.0": "b1"},
               lambda s: _damage(s, "b1") == 2 and _damage(s, "x1") == 2, ability="FIRE!", card_id="x1",
               family="X and a character or location (a location's ability)"),
    ChoiceCase("Odious Diva", position(cards={"x1": _card("Odious Diva", "alice")}, hands={"bob": ["Pinch"]},
                                       icons={"alice": "OO"}),
               ["named"], {"choices.named": "Pinch"},
               lambda s: s["players"]["alice"]["faction"]["influence"] >= 0 and s["cards"]["x1"]["name"] == "Odious Diva",
               ability="DISAPPROVE", card_id="x1", family="a card named"),
    ChoiceCase("Dragon Archer", position(cards={"b1": _card("Creaky Old Swordsman")}, hands={"alice": ["Dragon Archer"]},
                                         icons={"alice": "RRRRR"}),
               ["target"], {"targets.0": "b1"},
               lambda s: "b1" not in s["cards"] and [c["damage"] for c in s["cards"].values()
                                                     if c["name"] == "Dragon Archer"] == [3],
               family="a character's extra cost (an optional pick)"),
    ChoiceCase("Forbidden Knowledge", position(hands={"alice": ["Forbidden Knowledge"], "bob": ["Pinch"]},
                                               icons={"alice": "OO"}, decks={"alice": ["Greed", "Pinch"]}),
               ["may"], {"choices.may": False},
               lambda s: s["players"]["alice"]["hand"] == 1 and "CardsRevealed" not in s["events"],
               family="\"you may\" declined"),
    ChoiceCase("Desolate", position(cards={"b1": _card("Creaky Old Swordsman"), "b2": _card("Agile Highwayman")},
                                    hands={"alice": ["Desolate"]}, icons={"alice": "OOO"}),
               ["x"], {"choices.x": 2},
               lambda s: "b2" not in s["cards"] and "b1" in s["cards"], family="X bounded by icons"),
]
