"""The standard table of the pool rehearsal (``spoils_pool.py``): the position every card is tried
on (``BOARD`` in play, alice's resources of every icon, decks and discard piles), the battles a card
is tried in, the steps that bring a trigger about, and the targets and choices an action may carry."""
from __future__ import annotations

import itertools
from typing import Any

from tests.scenarios.spoils_table import Table, new_game, position

ICONS = "OGEDR" * 7 + "VVVVV"
"""alice's resources: seven staples of each icon and five face-down ones (any cost or threshold)."""
BOARD = {
    "a1": {"card": "Agile Highwayman", "controller": "alice"},
    "a2": {"card": "Arena Quarter-Finalist", "controller": "alice", "depleted": True, "damage": 1},
    "ai": {"card": "Makeshift Contrivance", "controller": "alice"},
    "al": {"card": "Narrow Passage", "controller": "alice"},
    "b1": {"card": "Creaky Old Swordsman", "controller": "bob"},
    "b2": {"card": "Dock Sentinel", "controller": "bob", "depleted": True, "damage": 1},
    "bi": {"card": "Index of Natural Forces", "controller": "bob"},
    "bl": {"card": "Time Portal", "controller": "bob"},
}
FILLER = ["Brash Basher", "Costly Filcher", "Dock Sentinel"]
DECK_NAMES = ["Brash Basher", "Elitism", "Dock Sentinel", "Greed", "Basic Node", "Index of Natural Forces",
              "Time Portal", "Anathematize"]
"""One of each kind of card in both decks (characters, staples, a node, an item, a location, a tactic)."""
DISCARD = ["Brash Basher", "Costly Filcher", "Anathematize", "Precise Sabotage", "Index of Natural Forces",
           "Time Portal", "Creaky Old Swordsman", "Dock Sentinel"]
"""Both discard piles: characters (two of numeric cost 2 or less... and more), tactics, an item, a location."""
RESOURCE_TARGETS = ["alice.r1", "alice.r36", "bob.r1"]
"""Resources a pick may name: a staple and a face-down one of alice's, a staple of bob's."""
TESTED = "x1"


TRIGGERS = ("attacks", "blocks", "start_of_your_turn", "start_of_turn", "start_of_opponent_turn",
            "end_of_your_turn", "end_of_turn", "destroyed", "provider_enters_play")
"""Triggers the rehearsal brings about with the card in play: alice attacks or blocks with it, the
turns go round to the moment named, it is destroyed (it starts one damage short of its life, and
alice plays Pinch on it: "Inflict 1 damage to the character"), or alice plays a staple resource
providing the icon the trigger names (her develop step)."""
STAPLES = {"O": "Obsession", "G": "Greed", "E": "Elitism", "D": "Deception", "R": "Rage"}
UNTIL = {"start_of_your_turn": ("alice", "TurnStarted"), "start_of_turn": ("bob", "TurnStarted"),
         "start_of_opponent_turn": ("bob", "TurnStarted"), "end_of_your_turn": ("alice", "TurnEnded"),
         "end_of_turn": ("alice", "TurnEnded")}
"""Whose turn and which event end the steps for a trigger at a turn's start or end."""


def trigger_steps(table: Table, when: str, used: dict[str, Any]) -> list[str]:
    """Brings the trigger ``when`` about (the card is in play as ``x1``); the events of the steps."""
    # a pick the trigger makes as it resolves is named by the action that sets it off (choices.targets)
    picks = {"choices": {"targets": ["b1"]}} if "'pick'" in str(used.get("effect")) else {}
    if when == "attacks":
        return table.act({"type": "attack", "player": "alice", "attackers": [TESTED], **picks})
    if when == "destroyed":
        events = table.act({"type": "play_card", "player": "alice", "card": "Pinch", "targets": [TESTED]})
        return events + table.act({"type": "pass", "player": "bob"})
    if when == "provider_enters_play":
        icon = str(used.get("icons") or "O")[0]
        return table.act({"type": "play_resource", "player": "alice", "card": STAPLES.get(icon, "Obsession"),
                          "face_up": True, **picks})
    if when == "blocks":  # bob's turn (the set-up): bob attacks, alice blocks with the card
        table.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
        for _ in range(6):
            if "block" in table.legal("alice"):
                return table.act({"type": "block", "player": "alice", "blockers": [TESTED], **picks})
            table.act({"type": "pass", "player": table.state()["to_act"]})
        return []
    whose, event = UNTIL[when]
    events: list[str] = []
    for _ in range(12):
        state = table.state()
        who = state["to_act"]
        legal = table.legal(who)
        step = ({"type": "draw", "player": who, "count": 1} if "draw" in legal else
                {"type": "end_turn", "player": who} if "end_turn" in legal and who == state["active_player"] else
                {"type": "pass", "player": who})
        done = table.act(step)
        events += done
        if event in done and (table.state()["active_player"] == whose) == (event == "TurnStarted"):
            return events
    return events


def setup_for(card: str, use: str, battle: str = "none", when: str | None = None, life: int | None = None) -> dict[str, Any]:
    """The table: ``BOARD`` in play, the card in alice's hand (or in play as ``x1`` for an ability),
    alice's main phase (her develop step for a resource); bob's turn when alice is to be attacked."""
    cards = dict(BOARD)
    hands = {"alice": list(FILLER), "bob": list(FILLER)}
    if use in ("ability", "trigger"):
        cards[TESTED] = {"card": card, "controller": "alice"}
        if when == "destroyed" and life:
            cards[TESTED]["damage"] = life - 1
            hands["alice"].insert(0, "Pinch")
        if when == "provider_enters_play":
            hands["alice"].extend(STAPLES.values())
    elif use != "absent":
        hands["alice"].insert(0, card)
    decks = {p: DECK_NAMES * 3 for p in ("alice", "bob")}
    setup = position(cards=cards, hands=hands, icons={"alice": ICONS, "bob": "RRRRR"}, decks=decks,
                    stage="develop" if use == "resource" or when == "provider_enters_play" else "main",
                    active="bob" if battle == "attacked" else "alice")
    for player in ("alice", "bob"):
        setup["players"][player]["discard"] = list(DISCARD)
    return setup


BATTLES = ("none", "attacking", "attacked")
"""Where the card is tried: outside a battle, in alice's attack (a1 against b1's block), in bob's
attack (b1 against a1's block): a card whose text speaks of attacking or blocking characters needs one."""


def battle_table(client: Any, card: str, use: str, battle: str) -> Table:
    """A new game on the standard table, brought into the battle ``battle`` to the first moment
    alice may act once blockers are declared."""
    table = new_game(client, setup_for(card, use, battle))
    if battle == "none":
        return table
    attacker, defender = ("alice", "bob") if battle == "attacking" else ("bob", "alice")
    table.act({"type": "attack", "player": attacker, "attackers": ["a1" if attacker == "alice" else "b1"]})
    blocked = False
    for _ in range(8):
        state = table.state()
        who = state["to_act"]
        if blocked and who == "alice":
            return table
        if who == defender and "block" in table.legal(who):
            table.act({"type": "block", "player": who, "blockers": ["b1" if defender == "bob" else "a1"]})
            blocked = True
        elif who:
            table.act({"type": "pass", "player": who})
    return table


def candidates(table: Table) -> list[str]:
    """Everything a pick may name: the cards in play, the factions, a few resources, and the names of
    the cards in the discard piles (a card out of play is named)."""
    state = table.state()
    return [*state["cards"], "faction:alice", "faction:bob", *RESOURCE_TARGETS, *dict.fromkeys(DISCARD)]


def legal_versions(table: Table, action: dict[str, Any], picks: int, limit: int = 4) -> list[dict[str, Any]]:
    """Up to ``limit`` versions of the action, with targets, that ``/check`` allows (nothing is
    appended)."""
    if picks == 0:
        return [action] if table.check(action).get("legal") else []
    found = []
    for combo in itertools.islice(itertools.permutations(candidates(table), picks), 600):
        tried = {**action, "targets": list(combo)}
        if table.check(tried).get("legal"):
            found.append(tried)
            if len(found) == limit:
                break
    return found


def choices_for(script_part: dict[str, Any]) -> list[dict[str, Any]]:
    """The choices an action carries for what the card makes its player decide: X (``choose_x``,
    or an X the text leaves to its player), a card type, the card a search finds (each name of the
    deck in turn)."""
    text = str(script_part)
    base: dict[str, Any] = {"x": 1} if "choose_x" in text or "'X'" in text else {}
    if "choose_card_type" in text or "card_type" in text:
        base["card_type"] = "character"
    if "'search'" not in text:
        return [base]
    return [{**base, "found": name} for name in DECK_NAMES]
