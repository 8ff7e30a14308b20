"""The standard table of the pool rehearsal (``spoils_pool.py``): the position every card is tried
on (``BOARD`` in play, alice's resources of every icon, decks and discard piles), the steps that bring a
trigger about, and the targets and choices an action may carry (the battles and the plays a card is tried
in: ``spoils_pool_situations``)."""
from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from tests.scenarios import spoils_pool_plays as plays
from tests.scenarios import spoils_pool_searches as searches
from tests.scenarios.spoils_table import Table, position

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
FLIPPED = "alice.r41"
"""The face-down resource a card is played from using FLIP UP (alice's resources are r1 to r40)."""


LEAVING = ("destroyed", "if_leaves_play", "leaves_play", "enters_or_leaves_play", "put_in_discard_from_play")
"""Triggers on the card leaving play, brought about by destroying it (spoils.408.4: a character with as much
damage as its life is destroyed, and goes to its owner's discard pile); for "enters or leaves play", the
leaving (its entering is seen as the card is played)."""
TRIGGERS = ("attacks", "blocks", "start_of_your_turn", "start_of_turn", "start_of_opponent_turn",
            "end_of_your_turn", "end_of_turn", "provider_enters_play", "start_of_each_players_turn", "blocked",
            "you_are_attacked", "blocks_covert_party", "picked", *LEAVING)
"""Triggers the rehearsal brings about with the card in play: alice attacks or blocks with it, the
turns go round to the moment named, it leaves play destroyed (it starts one damage short of its life,
and alice plays Pinch on it: "Inflict 1 damage to the character"), alice plays a staple resource
providing the icon the trigger names (her develop step), it attacks and bob blocks it with b1, or bob
attacks alice."""
STAPLES = {"O": "Obsession", "G": "Greed", "E": "Elitism", "D": "Deception", "R": "Rage"}
UNTIL = {"start_of_your_turn": ("alice", "TurnStarted"), "start_of_turn": ("bob", "TurnStarted"),
         "start_of_opponent_turn": ("bob", "TurnStarted"), "end_of_your_turn": ("alice", "TurnEnded"),
         "end_of_turn": ("alice", "TurnEnded"), "start_of_each_players_turn": ("bob", "TurnStarted")}
"""Whose turn and which event end the steps for a trigger at a turn's start or end."""
ATTACKED = ("blocks", "opponent_attacks", "you_are_attacked", "blocks_covert_party")
"""Triggers brought about on bob's turn (he attacks)."""


def trigger_steps(table: Table, when: str, used: dict[str, Any]) -> list[str]:
    """Brings the trigger ``when`` about (the card is in play as ``x1``); the events of the steps."""
    # a pick the trigger makes as it resolves is named by the action that sets it off (choices.targets)
    picks = {"choices": {"targets": [picked_for(used)], **divided_for(used, [picked_for(used)])}} \
        if "'pick'" in str(used.get("effect")) else {}
    if "'search'" in str(used.get("effect")):  # the card a search finds (a name in both decks)
        picks = {"choices": {**picks.get("choices", {}), "found": found_for(used)}}
    if "'tie_break'" in str(used.get("effect")):  # "if there is a tie, you decide": bob's b1
        picks = {"choices": {**picks.get("choices", {}), "tie": "b1"}}
    if "'flip_coin'" in str(used.get("effect")):  # the coin flip, as recorded at the table: won
        picks = {"choices": {**picks.get("choices", {}), "coin": "win"}}
    if when == "attacks":
        return table.act({"type": "attack", "player": "alice", "attackers": [TESTED], **picks})
    if when in (*LEAVING, "picked"):  # Pinch picks the card (and destroys it, one damage short of its life)
        pinch = {"type": "play_card", "player": "alice", "card": "Pinch", "targets": [TESTED]}
        if not table.check(pinch).get("legal"):  # not a character: this table does not destroy it
            return []
        events = table.act(pinch)
        return events + table.act({"type": "pass", "player": "bob", **picks})  # Pinch resolves: the trigger fires
    if when == "blocked":  # alice attacks with the card, bob blocks it with b1
        table.act({"type": "attack", "player": "alice", "attackers": [TESTED]})
        for _ in range(6):
            if "block" in table.legal("bob"):
                return table.act({"type": "block", "player": "bob", "blockers": ["b1"], **picks})
            table.act({"type": "pass", "player": table.state()["to_act"]})
        return []
    if when in ("opponent_attacks", "you_are_attacked"):  # bob's turn (the set-up): bob attacks with b1
        return table.act({"type": "attack", "player": "bob", "attackers": ["b1"], **picks})
    if when == "inflicts_damage_to_faction":  # alice attacks with the card, bob does not block
        return table.act({"type": "attack", "player": "alice", "attackers": [TESTED]}) + _unblocked(table, picks)
    if when == "provider_enters_play":
        icon = str(used.get("icons") or "O")[0]
        return table.act({"type": "play_resource", "player": "alice", "card": STAPLES.get(icon, "Obsession"),
                          "face_up": True, **picks})
    if when in ("blocks", "blocks_covert_party"):  # bob's turn (the set-up): bob attacks, alice blocks with the card
        table.act({"type": "attack", "player": "bob", "attackers": ["b3" if when == "blocks_covert_party" else "b1"]})
        for _ in range(6):
            if "block" in table.legal("alice"):
                return table.act({"type": "block", "player": "alice", "blockers": [TESTED], **picks})
            table.act({"type": "pass", "player": table.state()["to_act"]})
        return []
    return _turn_steps(table, when, used, picks)


def picked_for(used: dict[str, Any]) -> str | list[str]:
    """What a trigger's "pick" names: bob's item, location or (else) character b1 (alice's a1 for "a
    card you control", her faction for "a faction"; "2 or fewer": a list of a1 and a2); in a discard
    pile, a card of that kind there (named)."""
    pick = next((op["pick"] for op in used.get("effect") or [] if isinstance(op, dict)
                 and isinstance(op.get("pick"), dict)), {})
    kind = str(pick.get("cards") or "")
    if pick.get("zone") == "discard":
        return {"item": "Index of Natural Forces", "location": "Time Portal", "tactic": "Anathematize"}.get(kind, DISCARD[0])
    if kind == "faction":
        return "faction:alice"
    if pick.get("controller") == "you":
        return ["a1", "a2"] if pick.get("plural") else "a1"
    return {"item": "bi", "location": "bl"}.get(kind, "b1")


FOUND = {"tactic": "Anathematize", "character": "Brash Basher", "item": "Index of Natural Forces",
         "location": "Time Portal", "resource": "Elitism"}
"""The card of both decks a search for that kind of card finds."""


def found_for(used: dict[str, Any]) -> str:
    """The card a trigger's search finds: one named (its name), a "node" card, or one of its kind."""
    spec = next((op["search"] for op in _flat(used.get("effect") or []) if isinstance(op.get("search"), dict)), {})
    if spec.get("named"):
        return str(spec["named"]).strip('"')
    return "Basic Node" if spec.get("subtype") == "node" else FOUND.get(str(spec.get("cards")), DECK_NAMES[0])


def _flat(ops: list[Any]) -> list[dict[str, Any]]:
    """The steps, with those under "you may" and "if you do"."""
    out = []
    for op in ops:
        if isinstance(op, dict):
            out.append(op)
            out += [x for key in ("may", "if_you_do") if isinstance(op.get(key), list) for x in _flat(op[key])]
    return out


def divided_for(used: dict[str, Any], targets: list[Any]) -> dict[str, Any]:
    """``choices.divided`` for "N damage (tokens) divided however you want" among the cards picked
    (one each in turn, as far as the amount goes); nothing for another effect."""
    op = next((op for op in _flat(used.get("effect") or used.get("play") or []) if op.get("divided")), None)
    if op is None:
        return {}
    amount = op.get("damage") or op.get("tokens") or 0
    if not isinstance(amount, int):
        return {}  # "X damage divided ..., where X is ...": the amount is the game's to say
    n = amount
    cards = [c for t in targets for c in (t if isinstance(t, list) else [t]) if isinstance(c, str)]
    split: dict[str, int] = {}
    for i in range(n):
        if cards:
            split[cards[i % len(cards)]] = split.get(cards[i % len(cards)], 0) + 1
    return {"divided": split}


def _turn_steps(table: Table, when: str, used: dict[str, Any], picks: dict[str, Any]) -> list[str]:
    """The turns go round (each player draws, ends the turn or passes) to the start or end named;
    when triggers that fired at once wait for alice to order them, she lets the card's own trigger
    (its effect as ``used`` says) resolve first.  The events from the card's triggers firing on
    (all the events, but for ``TriggersPending``, when they did not fire)."""
    whose, event = UNTIL[when]
    log: list[dict[str, Any]] = []
    for _ in range(14):
        state = table.state()
        who = state["to_act"] or (state.get("choice") or {}).get("player")  # (bob ordering triggers on his turn)
        if not who:  # nobody may act: the game waits for what the judge records
            break
        legal = table.legal(who)
        step = ({"type": "choose", "player": who, "choice": ours(log, state["choice"], used)} if "choose" in legal else
                {"type": "draw", "player": who, "count": 1} if "draw" in legal else
                {"type": "end_turn", "player": who} if "end_turn" in legal and who == state["active_player"] else
                {"type": "pass", "player": who})
        done = table.act({**step, **picks})
        log += table.events()
        if "choose" in legal:  # the card's trigger resolved first
            break
        if event in done and (table.state()["active_player"] == whose) == (event == "TurnStarted") \
                and not (table.state().get("choice") or {}).get("player"):  # triggers to order first
            break
    fired = [i for i, e in enumerate(log) if e["type"] == "TriggersPending"
             and any(t.get("card_id") == TESTED for t in e["data"]["triggers"])]
    return [e["type"] for e in log[fired[0]:]] if fired else [e["type"] for e in log if e["type"] != "TriggersPending"]


def ours(log: list[dict[str, Any]], choice: dict[str, Any] | None, used: dict[str, Any]) -> str:
    """The card's trigger among those waiting (the one whose effect is the ability's)."""
    options = list((choice or {}).get("options") or [])
    for e in reversed(log):
        for trig in e["data"].get("triggers", []) if e["type"] == "TriggersPending" else []:
            ops = [op for doc in trig.get("effect") or [] for op in (doc.get("script") or {}).get("ops") or []]
            if trig["id"] in options and trig.get("card_id") == TESTED and ops == list(used.get("effect") or []):
                return trig["id"]
    return options[0]


def _unblocked(table: Table, picks: dict[str, Any]) -> list[str]:
    """The battle in progress, nobody blocking and everyone passing (with the trigger's picks), to
    the first triggers."""
    events: list[str] = []
    for _ in range(12):
        state = table.state()
        if state["battle"] is None or "TriggersPending" in events or not state.get("to_act"):
            break
        who = state["to_act"]
        step = "block" if "block" in table.legal(who) else "pass"
        events += table.act({"type": step, "player": who, **({"blockers": []} if step == "block" else {}), **picks})
    return events


TAKEN = "Index of Natural Forces"
"""The item in bob's hand a text takes once he discards it ("put any items discarded this way into play")."""
SCRIPTS = Path(__file__).resolve().parents[2] / "rulings" / "data" / "scripts" / "spoils.yaml"
NEEDS = {
    ("'with': 'Covert'",): {"b3": {"card": "Sneaking Spitspider", "controller": "bob"}},
    ("'destroy': {", "'cards': 'micromajig token'", "'controller': 'you'"): {
        f"m{i}": {"card": "Micromajig Token", "controller": "alice", "token": True} for i in (1, 2, 3)},
    ("'subtype': 'node'",): {"an": {"card": "Clay Node", "controller": "alice"}},
    ("'heal'", "'cards': 'location'"): {"al": {**BOARD["al"], "damage": 2}},
}
"""What the board lacks for a few texts, added only for a card whose script says it: a Covert character
of bob's ("pick a character with Covert"), three Micromajig tokens of alice's ("destroy 3 Micromajig
tokens you control"), another node in play ("destroy all other nodes"), a damaged location ("remove 2
damage from the location")."""


@functools.lru_cache(maxsize=1)
def _scripts() -> dict[str, Any]:
    return (yaml.safe_load(SCRIPTS.read_text(encoding="utf-8")) or {}).get("cards") or {}


def needed(card: str) -> dict[str, Any]:
    """The cards ``NEEDS`` adds to the board for ``card``."""
    text = str(_scripts().get(card) or "")
    return {cid: c for patterns, add in NEEDS.items() if all(p in text for p in patterns) for cid, c in add.items()}


def setup_for(card: str, use: str, battle: str = "none", when: str | None = None, life: int | None = None,
              tokens: int = 0, depleted: bool = False) -> dict[str, Any]:
    """The table: ``BOARD`` in play (with what ``needed`` adds), the card in alice's hand (or in play
    as ``x1`` for an ability, attached to a1 beside a third character of alice's for its HANDOFF; in her
    discard pile for its RECUR; a face-down resource of hers, ``FLIPPED``, for its FLIP UP), alice's
    main phase (her develop step for a resource); bob's turn when alice is to be attacked.  ``tokens``:
    on ``x1`` in play; ``depleted``: ``x1`` starts depleted (an ability that restores it)."""
    cards = {**BOARD, **needed(card)}
    hands = {"alice": list(FILLER), "bob": list(FILLER)}
    if use == "handoff":
        cards[TESTED] = {"card": card, "controller": "alice", "attached_to": "a1"}
        cards["a3"] = {"card": "Agile Highwayman", "controller": "alice"}
    if use in ("ability", "trigger"):
        cards[TESTED] = {"card": card, "controller": "alice", **({"tokens": tokens} if tokens else {}),
                         **({"depleted": True} if depleted else {})}
        if when in LEAVING and life:
            cards[TESTED]["damage"] = life - 1
            hands["alice"].insert(0, "Pinch")
        elif when == "picked":
            hands["alice"].insert(0, "Pinch")
        if when == "provider_enters_play":
            hands["alice"].extend(STAPLES.values())
        if when == "blocks_covert_party":  # bob's Covert character, who attacks alone
            cards["b3"] = {"card": "Sneaking Spitspider", "controller": "bob"}
    elif use not in ("absent", "handoff", "recur", "flip_up"):
        hands["alice"].insert(0, card)
    hands["alice"] += plays.hand_for((_scripts().get(card) or {}).get("abilities") or [])  # a card its text plays
    if "'discarded_this_way'" in str(_scripts().get(card)):  # "put any items discarded this way into play"
        hands["bob"] = [TAKEN]  # his one card, so the card drawn at random is his item (spoils.engine.at-random)
    decks = {p: DECK_NAMES * 3 + searches.deck_for(str(_scripts().get(card))) for p in ("alice", "bob")}
    setup = position(cards=cards, hands=hands, icons={"alice": ICONS, "bob": "RRRRR"}, decks=decks,
                    stage="develop" if use == "resource" or when == "provider_enters_play" else "main",
                    active="bob" if battle == "attacked" else "alice")
    for player in ("alice", "bob"):
        setup["players"][player]["discard"] = list(DISCARD)
    setup["players"]["alice"]["resources"].update(plays.face_down_for((_scripts().get(card) or {}).get("abilities") or []))
    if use == "recur":
        setup["players"]["alice"]["discard"].append(card)
    if use == "flip_up":
        setup["players"]["alice"]["resources"][FLIPPED] = {"name": card, "face_up": False}
    return setup


def candidates(table: Table) -> list[str]:
    """Everything a pick may name: the cards in play, the factions, a few resources, and the names of
    the cards in the discard piles (a card out of play is named)."""
    state = table.state()
    shown = [r for r in plays.REVEALED if r in state["players"]["alice"]["resources"]]  # (plays.face_down_for)
    return [*state["cards"], "faction:alice", "faction:bob", *RESOURCE_TARGETS, *shown, *dict.fromkeys(DISCARD)]


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


KINDS = {"Brash Basher": "character", "Costly Filcher": "character", "Creaky Old Swordsman": "character",
         "Dock Sentinel": "character", "Anathematize": "tactic", "Precise Sabotage": "tactic",
         "Index of Natural Forces": "item", "Time Portal": "location"}
"""The kind of each card of the discard piles."""


def _slot(spec: Any, state: dict[str, Any]) -> tuple[list[str], int | None]:
    """What one pick (or chosen cost, or card an effect takes out of a discard pile) may name, and how
    many it names as a list (None: one card, not in a list)."""
    spec = spec if isinstance(spec, dict) else {}
    kind = str(spec.get("cards") or "card")
    if spec.get("zone") == "discard":
        pool = [n for n in dict.fromkeys(DISCARD) if kind in ("card", KINDS[n])
                or kind.startswith("non-") and kind != f"non-{KINDS[n]} card"]
    else:
        mine = {"you": "alice", "opponent": "bob"}.get(str(spec.get("controller") or ""))
        pool = [cid for cid, c in state["cards"].items() if (mine is None or c["controller"] == mine)
                and (kind in ("card", "non-resource card") or kind in (c["type"], c["name"].lower()))]
    n = spec.get("count") if isinstance(spec.get("count"), int) else spec.get("quantity")
    n = n if isinstance(n, int) else 2 if spec.get("plural") else None
    return pool, n


def shaped_versions(table: Table, action: dict[str, Any], cost: list[dict[str, Any]], effect: list[dict[str, Any]],
                    limit: int = 4) -> Iterator[dict[str, Any]]:
    """Versions of the action whose targets name, for each pick of the COST: (each chosen cost, each
    card an effect puts into play from a discard pile) in turn, one card, or a list of as many as a
    plural one says ("pick 2 characters": ``[["b1", "b2"]]``), that ``/check`` allows; what the
    effect takes as it resolves is named by ``choices.targets``."""
    state = table.state()
    slots = []
    for op in [*cost, *effect]:
        spec = op.get("pick") if isinstance(op, dict) and "pick" in op else next(
            (v for k, v in op.items() if isinstance(v, dict) and "cards" in v and k != "card"), None) \
            if isinstance(op, dict) and (op in cost or "put_into_play" in op) else None
        if spec is not None and (op in cost or spec.get("zone") == "discard"):
            pool, n = _slot(spec, state)
            slots.append((op in cost, [list(c) for c in itertools.combinations(pool, n)] if n else pool))
    found = 0
    for combo in itertools.islice(itertools.product(*[pool for _, pool in slots]), 300) if slots else []:
        paid = [c for (in_cost, _), c in zip(slots, combo) if in_cost]
        taken = [c for (in_cost, _), c in zip(slots, combo) if not in_cost]
        tried = {**action, **({"targets": paid} if paid else {}),
                 **({"choices": {**action.get("choices", {}), "targets": taken}} if taken else {})}
        if found < limit and table.check(tried).get("legal"):
            found += 1
            yield tried


def choices_for(script_part: dict[str, Any]) -> list[dict[str, Any]]:
    """The choices an action carries for what the card makes its player decide: X (``choose_x``,
    or an X the text leaves to its player), a card type, the card a search finds (each name of the
    deck in turn); an X of 1, then of 3 ("a character with numeric cost X or less")."""
    text = str(script_part)
    xs = [{"x": 1}, {"x": 3}] if "choose_x" in text or "'X'" in text else [{}]
    base: dict[str, Any] = {}
    if "choose_card_type" in text or "card_type" in text:
        base["card_type"] = "character"
    if "'modify_either'" in text:  # "loses 1 strength or 1 life": the first
        base["option"] = 1
    if "'look_at': 'opponent_hand', 'choose'" in text:  # the card chosen in bob's hand
        base["chosen"] = FILLER[0]
    if "'discarded_this_way'" in text:  # bob's discard at random, as the table recorded it: his item
        base.update(coin="lose")  # (the card discarded is drawn by the service, spoils.engine.at-random)
    if plays.named_for(script_part.get("play") or script_part.get("effect") or []):  # the cards its text plays
        base["free_plays"] = plays.named_for(script_part.get("play") or script_part.get("effect") or [])
    found = [{"found": name} for name in [*DECK_NAMES, *searches.deck_for(text)]] if "'search'" in text else [{}]
    return [{**x, **base, **f} for x in xs for f in found]
