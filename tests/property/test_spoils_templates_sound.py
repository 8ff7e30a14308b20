"""Issue 25, must show 2: the legal actions are sound and complete over random positions of games
from real deck pairs (the shared OCTGN decks, walked as ``test_spoils_games_never_stuck`` walks them).

Sound: every action ``/legal-actions`` lists for the player to act is accepted by ``/check``, and so
is every value its ``domains`` offer (each value with the others at their first) and every row of the
templates built from them; a listed action left open for a choice the resolution asks (hidden
information, spoils.engine.hidden-choice) is accepted once that choice is filled as the refusal says.
The values the ``needs`` of a play offer are checked filled in at random (all at once).

Complete: candidate actions beyond the listed ones are made by mutating them (another card, id,
player, count, face, X, pick, type) and by plays of the cards a player holds; every candidate
``/check`` accepts must be allowed by a listed action: the same fields, a value among its domains, or
fields the listed action leaves open (a template, a card's choices its ``needs`` name).

``SPOILS_SOUND_STEPS`` (appends a game, default 42), ``SPOILS_SOUND_EVERY`` (a position probed every
N appends, default 3), ``SPOILS_SOUND_MUTANTS`` and ``SPOILS_SOUND_SEED`` tune it; the figures
(positions tried, actions checked, findings) are printed (``-s``) and kept in ``FIGURES``."""
from __future__ import annotations

import itertools
import json
import os
import random
from typing import Any

import pytest

from tests.property.spoils_templates import allows, fits, others_as
from tests.property.test_spoils_games_never_stuck import (  # noqa: F401
    DATA, PAIRS, Walk, _filled, client, deck_names, game_from_pair)

STEPS = int(os.environ.get("SPOILS_SOUND_STEPS", "42"))
"""Appends a game."""
EVERY = int(os.environ.get("SPOILS_SOUND_EVERY", "3"))
"""One position probed every EVERY appends."""
SEED = int(os.environ.get("SPOILS_SOUND_SEED", "25"))
MUTANTS = int(os.environ.get("SPOILS_SOUND_MUTANTS", "12"))
"""Candidate actions tried beyond the listed ones at each position."""
FIGURES: dict[str, dict[str, int]] = {}
pytestmark = pytest.mark.skipif(not DATA.exists(), reason="the shared OCTGN decks are not present")


class Probe(Walk):
    """A walk that, at each position, checks the listed actions and candidates beyond them."""

    def __init__(self, client: Any, gid: str, rng: random.Random):
        super().__init__(client, gid, rng)
        self.figures.update({"listed": 0, "rows": 0, "needs_filled": 0, "templates": 0, "subsets": 0, "candidates": 0, "accepted_candidates": 0,
                             "unsound": 0, "incomplete": 0})
        self.findings: list[str] = []
        self.templates: dict[str, list[dict[str, Any]]] = {}

    def legal(self, player: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The listed actions of ``player`` and the templates built from them."""
        r = self.client.get(f"/games/{self.gid}/legal-actions", query_string={"player": player, "limit": 1000})
        assert r.status_code == 200, r.get_json()
        return r.get_json()["actions"], r.get_json()["templates"]

    def verdict(self, action: dict[str, Any]) -> dict[str, Any]:
        self.figures["checked"] += 1
        r = self.client.post(f"/games/{self.gid}/check", json={"action": action})
        return r.get_json() if r.status_code == 200 else {"legal": False, "invalid": r.get_json()}

    def accepted_or_open(self, action: dict[str, Any]) -> bool:
        """Accepted, or refused only for a choice the resolution asks, and then accepted once it is filled."""
        v = self.last = self.verdict(action)
        if v.get("legal") is True:
            return True
        asked = [_filled(x["message"], self.names) for x in v.get("violations") or []]
        if not asked or not all(asked):
            return False
        filled = {**action, "choices": {**action.get("choices", {}), **dict(asked)}}
        return self.verdict(filled).get("legal") is True

    def sound(self, legal: list[dict[str, Any]]) -> None:
        """Each listed action accepted (its domains' values too); one refused for a field it leaves out
        is a template whose fields are the player's to fill (``entry["open"]``)."""
        for entry in legal:
            action = entry["action"]
            self.figures["listed"] += 1
            rows = _rows(entry, self.rng)
            verdict = self.verdict(rows[0])
            if verdict.get("legal") is not True and _leaves_fields(verdict):
                entry["open"] = True
                self.figures["templates"] += 1
                continue
            required = [n for n in entry.get("needs") or [] if n.get("required")]
            for row in rows if not required else []:  # with a choice required, only filled in
                self.figures["rows"] += 1
                if not self.accepted_or_open(row):
                    self._find("unsound", f"listed but refused: {row}: {_why(self.last)}")
            nothing = [n for n in required if "allowed" in n and not n["allowed"] and not n.get("depends_on")
                       and n.get("zone", "play") == "play"]
            if nothing:
                self._find("unsound", f"listed, but its required pick allows nothing: {action} ({nothing})")
            elif entry.get("needs"):
                filled = _with_needs(action, entry["needs"], self.rng)
                if filled is not None:
                    self.figures["needs_filled"] += 1
                    if not self.accepted_or_open(filled):
                        self._find("unsound", f"needs filled but refused: {filled} ({entry['needs']}): {_why(self.last)}")

    def complete(self, state: dict[str, Any], player: str, legal: dict[str, list[dict[str, Any]]],
                 names: list[str]) -> None:
        seen: set[str] = set()
        pool = [c for c in _candidates(state, player, legal[player], names, self.rng)]
        self.rng.shuffle(pool)
        for action in pool:
            key = json.dumps(action, sort_keys=True)
            if key in seen or any(allows(entry, action) for entry in legal.get(action.get("player"), [])) \
                    or any(fits(t, action) for t in self.templates.get(action.get("player"), [])):
                continue
            seen.add(key)
            if len(seen) > MUTANTS:
                break
            self.figures["candidates"] += 1
            if self.verdict(action).get("legal") is True:
                self.figures["accepted_candidates"] += 1
                same = [e["action"] for e in legal.get(action.get("player"), []) if e["action"]["type"] == action["type"]]
                self._find("incomplete", f"accepted but allowed by no listed action: {action} (listed: {same[:6]})")

    def _find(self, kind: str, message: str) -> None:
        self.figures[kind] += 1
        if len(self.findings) < 40:
            self.findings.append(f"[{kind}] position {self.state()['position']}: {message}")

    def advance(self, names: dict[str, list[str]]) -> bool:
        """One action appended: a play of a card held (picks, X at random), a listed action with its
        choices filled at random, or a listed action (False when the game is over or none is accepted)."""
        state = self.state()
        if state["winner"] is not None:
            return False
        who = state["to_act"]
        listed, _ = self.legal(who)
        plays = self.plays(state, who, names.get(who, [])) if state["stage"] == "main" and not state["pending"] else []
        tries = plays + [f for f in (_with_needs(e["action"], e["needs"], self.rng) for e in listed if e.get("needs")) if f]
        self.figures["plays_tried"] += len(plays)
        rows = [r for e in listed if e["action"]["type"] not in ("concede", "resolve_trigger") for r in _rows(e, self.rng)]
        self.rng.shuffle(tries)
        self.rng.shuffle(rows)
        for action in (tries if self.rng.random() < 0.7 else []) + rows + [c for c in map(self.completed, rows) if c]:
            r = self.client.post(f"/games/{self.gid}/actions", json=action)
            if r.status_code == 201:
                self.history.append(action)
                self.figures["appended"] += 1
                self.figures["plays_appended"] += action in plays
                return True
        return False

    def probe(self, names: dict[str, list[str]]) -> None:
        state = self.state()
        if state["winner"] is not None:
            return
        self.figures["positions"] += 1
        who = state["to_act"]
        answers = {p: self.legal(p) for p in state["seating"]}  # the others' too: a candidate may name them
        for found, templates in answers.values():
            self.sound(found)
            self.subsets(templates)
        self.templates = {p: t for p, (_, t) in answers.items()}
        self.complete(state, who, {p: found for p, (found, _) in answers.items()}, names.get(who, []))

    def subsets(self, templates: list[dict[str, Any]]) -> None:
        """A template offers a list field's items as an ``enum`` (any of them): a few random non-empty
        sets of them, with the other fields of one of its actions, are accepted."""
        for t in templates:
            props = t["schema"].get("properties", {})
            lists = [k for k, v in props.items() if "enum" in (v.get("items") or {}) and v["items"]["enum"]]
            for key in lists:
                rows = [a for a in t["actions"] if isinstance(a.get(key), list) and a[key]]
                if not rows:
                    continue
                row = self.rng.choice(rows)
                pool = [x for x in props[key]["items"]["enum"] if any(x in a[key] for a in rows if others_as(a, row, key))]
                some = self.rng.sample(pool, self.rng.randint(1, len(pool))) if pool else []
                if not some or some == row[key]:
                    continue
                self.figures["subsets"] += 1
                if not self.accepted_or_open({**row, key: some}):
                    self._find("unsound", f"template {t['type']}: {key} {some} (items among {pool}) refused: {row}")


def _why(verdict: dict[str, Any]) -> str:
    return "; ".join(f"{v['rule']['id']}: {v['message']}" for v in verdict.get("violations") or []) or str(verdict.get("invalid"))


def _leaves_fields(verdict: dict[str, Any]) -> bool:
    """Whether ``/check`` refused an action because a field it lacks must be given (an invalid action,
    not an illegal one): the listed action is then a template whose missing fields are the player's."""
    fields = [e.get("field") for e in ((verdict.get("invalid") or {}).get("errors") or [])]
    return bool(verdict.get("invalid")) and (not fields or any(fields))


def _open(entry: dict[str, Any]) -> bool:
    return bool(entry.get("open"))


def _rows(entry: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The listed action, each domain value with the others at their first, and a few combinations."""
    action, domains = entry["action"], {k: v for k, v in (entry.get("domains") or {}).items() if v}
    if not domains:
        return [action]
    first = {k: v[0] for k, v in domains.items()}
    rows = [{**action, **first, name: value} for name, values in domains.items() for value in values]
    combos = list(itertools.islice(itertools.product(*domains.values()), 50))
    rows += [{**action, **dict(zip(domains, c))} for c in rng.sample(combos, min(3, len(combos)))]
    unique = {json.dumps(r, sort_keys=True): r for r in rows}
    return list(unique.values())


def _with_needs(action: dict[str, Any], needs: list[dict[str, Any]], rng: random.Random) -> dict[str, Any] | None:
    """``action`` with a random allowed answer for each choice its text asks; None when a required one
    cannot be filled here (it depends on another answer, or it is hidden information)."""
    out = json.loads(json.dumps(action))
    for need in needs:
        value = _NONE if need.get("depends_on") else _need_value(need, rng)
        if value is _NONE:
            if need.get("required"):
                return None
            continue
        _put(out, need["path"], value)
    return out


_NONE = object()


def _need_value(need: dict[str, Any], rng: random.Random) -> Any:
    kind = need.get("kind")
    if kind == "target" and "allowed" in need:
        ids = [a["id"] if isinstance(a, dict) else a for a in need["allowed"]]
        high = min(need.get("maximum") or 1, len(ids))
        n = rng.randint(min(need.get("minimum", 1), high), high)
        if n == 0:
            return _NONE
        picked = rng.sample(ids, n)
        return picked[0] if (need.get("maximum") or 1) == 1 else picked
    if kind == "x" and need.get("maximum") is not None:
        return rng.randint(need.get("minimum", 0), need["maximum"])
    if kind == "option" and need.get("options"):
        opt = rng.choice(need["options"])
        return opt.get("value", opt) if isinstance(opt, dict) else opt
    if kind == "may":
        return rng.choice((True, False))
    return _NONE


def _put(doc: dict[str, Any], path: list[Any], value: Any) -> None:
    node: Any = doc
    for i, step in enumerate(path[:-1]):
        nxt = path[i + 1]
        if isinstance(node, dict):
            node = node.setdefault(step, [] if isinstance(nxt, int) else {})
        else:
            while len(node) <= step:
                node.append([] if isinstance(nxt, int) else None)
            if node[step] is None:
                node[step] = {}
            node = node[step]
    last = path[-1]
    if isinstance(node, list):
        while len(node) <= last:
            node.append(None)
    node[last] = value


def _candidates(state: dict[str, Any], player: str, legal: list[dict[str, Any]], names: list[str],
                rng: random.Random) -> list[dict[str, Any]]:
    """Actions beyond the listed ones: each listed one mutated field by field, and other kinds."""
    others = [p for p in state["seating"] if p != player]
    ids = sorted(state["cards"])
    hand = list(state["players"][player].get("hand_cards") or [])
    cards = sorted(set(hand + names))
    out: list[dict[str, Any]] = []
    for entry in legal:
        a = {**entry["action"], **{k: v[0] for k, v in (entry.get("domains") or {}).items() if v}}
        for key, value in a.items():
            if key == "type":
                continue
            for other in _mutations(key, value, ids, cards, others, rng):
                out.append({**a, key: other})
    base = {"player": player}
    kinds = [{"type": "pass"}, {"type": "end_turn"}, {"type": "draw", "count": 1}, {"type": "draw", "count": 2},
             {"type": "play_resource", "face_up": False}, {"type": "mulligan", "count": 0},
             {"type": "attack", "attackers": ids[:1]}, {"type": "block", "blockers": []}]
    out += [{**base, **k} for k in kinds]
    for name in rng.sample(cards, min(4, len(cards))):
        out.append({**base, "type": "play_card", "card": name})
        out.append({**base, "type": "play_resource", "card": name, "face_up": True})
    return out


def _mutations(key: str, value: Any, ids: list[str], cards: list[str], others: list[str],
               rng: random.Random) -> list[Any]:
    if key == "player":
        return others
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, 0]
    if isinstance(value, str):
        pool = ids if value in ids else cards if value in cards else []
        return rng.sample(pool, min(2, len(pool)))
    if isinstance(value, list):
        subsets = [value[:-1]] if value else []
        return subsets + ([value + [rng.choice(ids)]] if ids else [])
    return []


@pytest.mark.parametrize("pair", PAIRS[:4], ids=["-vs-".join(p) for p in PAIRS[:4]])
def test_legal_actions_are_sound_and_complete(client, pair):
    gid = game_from_pair(client, pair)
    probe = Probe(client, gid, random.Random(f"{SEED}|sound|{pair}"))
    names = deck_names(client, gid)
    probe.names = sorted({n for found in names.values() for n in found})
    for step in range(STEPS):
        if step % EVERY == 0:
            probe.probe(names)
        if not probe.advance(names):
            break
    FIGURES["-vs-".join(pair)] = probe.figures
    print(f"\n{pair}: {probe.figures}")
    for f in probe.findings:
        print("  ", f)
    assert probe.figures["positions"] >= min(STEPS // EVERY, 5)
    assert not probe.findings, "\n".join(probe.findings)
