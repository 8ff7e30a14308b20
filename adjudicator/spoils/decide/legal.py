"""Candidate actions for ``legal_actions``: every concrete candidate is checked with ``decide`` by
the engine (so the list agrees with ``decide`` by construction), and templates with open fields
describe what the player may still fill in (a card from an unknown hand, a trigger to record)."""
from __future__ import annotations

import itertools
from typing import Any, Iterator, Protocol

from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.evolve.projection import window_players
from adjudicator.spoils.model.state import STAPLES, TACTICS_STAGES, SpoilsState
from adjudicator.spoils.text import continuous as _CONTINUOUS
from adjudicator.spoils.decide import choice_specs as CS
from adjudicator.spoils.ops.battle_rules import may_attack
from adjudicator.spoils.ops.must_pick import granted_flip_up
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules.parties import any_size_demand, size_unmet



class Engine(Protocol):
    """What the candidates ask of the engine that lists them (the engine passes itself)."""

    def decide(self, state: SpoilsState, raw: dict[str, Any], *, work: SpoilsState | None = None) -> Any: ...


Candidate = tuple[dict[str, Any], list[str], str, bool]


def candidates(engine: Engine, s: SpoilsState, p: str) -> Iterator[Candidate]:
    if s.players[p].lost:
        return
    yield {"type": "concede", "player": p}, ["spoils.engine.concession"], "concede the game", True
    if s.choice is not None:
        if s.choice.player == p:
            for option in s.choice.options:
                yield {"type": "choose", "player": p, "choice": option}, [s.choice.rule], s.choice.detail, True
        return
    if s.stage == "choose_first_player":
        for q in s.seating:
            yield ({"type": "choose_first_player", "player": p, "first_player": q}, ["spoils.601.1c"],
                   f"{q} plays first", True)
        return
    if s.stage == "mulligan":
        hand = s.players[p].hand
        yield {"type": "mulligan", "player": p, "count": 0}, ["spoils.601.1f"], "keep the starting hand", True
        for count in range(1, hand + 1):  # every count the rule allows, so the template offers them all
            yield ({"type": "mulligan", "player": p, "count": count}, ["spoils.601.1f"],
                   f"put {count} card(s) on the bottom of the deck and draw as many", True)
        return
    yield ({"type": "resolve_trigger", "player": p}, ["spoils.503.1"],
           "record a trigger of a card you control as it resolved at the table (name, card, effect)", False)
    if s.stage == "develop":
        yield {"type": "draw", "player": p, "count": 1}, ["spoils.202.8"], "develop: draw a card", True
        yield ({"type": "play_resource", "player": p, "face_up": False}, ["spoils.202.8", "spoils.203.4a"],
               "develop: play any card from hand face down as a resource (one Volition icon)", True)
        for name in _resource_names(s, p):
            yield ({"type": "play_resource", "player": p, "card": name, "face_up": True}, ["spoils.202.8", "spoils.203.2"],
                   f"develop: play {name} face up", True)
        return
    yield from _fast(s, p)
    if s.pending or s.battle is not None:
        yield from _battle(s, p)
        return
    if p != s.active_player:
        return
    yield {"type": "end_turn", "player": p}, ["spoils.603.2d", "spoils.610.1"], "end the turn", True
    for name in sorted(set(s.players[p].hand_cards)):
        spec = _spec(s, name)
        if spec is not None and spec.type in ("character", "item", "location"):
            action = {"type": "play_card", "player": p, "card": name}
            if spec.attach_to:
                for cid, c in s.cards.items():
                    if c.type == spec.attach_to.lower():
                        yield ({**action, "attach_to": cid}, ["spoils.604.1", "spoils.507.2a"],
                               f"play {name} attached to {c.name}", True)
                continue
            yield action, ["spoils.604.1", "spoils.603.2a"], f"play {name}", True
    yield from _permanents_flipped_up(s, p)
    if s.players[p].hand > len(s.players[p].hand_cards):
        yield ({"type": "play_card", "player": p}, ["spoils.604.1", "spoils.603.2a"],
               "play a card from hand, described inline: name, type, cost, threshold, strength/life/speed...", False)
    yield from _attacks(s, p)

def _attacks(s: SpoilsState, p: str) -> Iterator[Candidate]:
    """Attacks with every character that may attack (608.1b, and what the cards say: a character that
    "can attack only once each turn" and already did is left out, not the whole attack), on the
    faction or a location; a party of them that meets the cards' demands on its size when the whole
    one does not (``_sized``)."""
    eligible = [cid for cid, c in s.cards.items() if c.controller == p and c.type == "character" and may_attack(s, cid)]
    if eligible:
        party = _sized(s, eligible)
        yield ({"type": "attack", "player": p, "attackers": party}, ["spoils.603.2c", "spoils.608.1a", "spoils.608.1b"],
               "attack the opponent's faction with any of these characters", True)
        for cid, c in s.cards.items():
            if c.type == "location" and c.controller != p:
                yield ({"type": "attack", "player": p, "attackers": party, "target": cid},
                       ["spoils.608.1a", "spoils.207.3"], f"attack the location {c.name}", True)


def _sized(s: SpoilsState, eligible: list[str]) -> list[str]:
    """``eligible``, or, when the cards' demands on the size of an attacking party refuse it (101.1 over
    608.1b: "it must have an even number of members", "... only 1 member"; ``parties.size_unmet``), the
    first party that meets them of those without one of them, then of each of them alone; ``eligible``
    when none does (the attack is then refused as it is decided)."""
    parties = itertools.chain([eligible], (eligible[:i] + eligible[i + 1:] for i in range(len(eligible))),
                              ([cid] for cid in eligible))
    return next((party for party in parties if party and not size_unmet(s, party, attacking=True)[0]), eligible)


def _sized_blocks(s: SpoilsState, p: str, able: list[str]) -> Iterator[Candidate]:
    """For each character that may block only in a party of some size ("it must have an even number of
    members": 101.1 over 608.1d; ``parties.size_unmet``) and that neither blocking alone nor with all of the
    others meets: the first party with it that does, of it and one other, then of all but one other."""
    if not any_size_demand(s):  # (one walk of the cards in play, not one per character that may block)
        return
    whole = len(able) > 1 and not size_unmet(s, able, attacking=False)[0]
    for cid in able:
        if whole or not size_unmet(s, [cid], attacking=False)[0]:
            continue
        others = [o for o in able if o != cid]
        parties = itertools.chain(([cid, o] for o in others), ([cid, *(x for x in others if x != o)] for o in others))
        party = next((q for q in parties if len(q) > 1 and not size_unmet(s, q, attacking=False)[0]), None)
        if party is not None and party != able:
            yield ({"type": "block", "player": p, "blockers": party}, ["spoils.608.1d", "spoils.101.1"],
                   f"block with {s.cards[cid].name} in a party of {len(party)}", True)


def _spec(s: SpoilsState, name: str):
    return s.card_pool.get(name) or next((c for n, c in s.card_pool.items() if n.lower() == name.lower()), None)


def _resource_names(s: SpoilsState, p: str) -> list[str]:
    """The resource cards ``p`` may play face up: those named in the hand, and, while the hand is not
    all named, every resource card the game's pool or the player's deck holds (any may be in it)."""
    names = []
    player = s.players[p]
    known = set(player.hand_cards)
    if len(player.hand_cards) < player.hand:
        known |= set(player.deck_cards) | set(s.card_pool)
    for name in sorted(known):
        spec = _spec(s, name)
        if (spec is not None and spec.type == "resource") or name.lower() in STAPLES:
            names.append(name)
    return names


def _fast(s: SpoilsState, p: str) -> Iterator[Candidate]:
    """Tactics, abilities and faction abilities wherever the window lets ``p`` use them."""
    responding = bool(s.pending)
    in_window = (s.pending and p in window_players(s) and p == s.to_act) \
        or (not s.pending and s.battle is not None and s.battle.stage in TACTICS_STAGES and p == s.to_act) \
        or (not s.pending and s.battle is None and p == s.active_player and s.stage == "main")
    if not in_window:
        return
    if s.pending or (s.battle is not None and s.battle.stage in TACTICS_STAGES):
        top = s.pending[-1] if s.pending else None
        yield ({"type": "pass", "player": p}, ["spoils.607.2b" if top else "spoils.609.1a"],
               f"no (more) responses to {top.player}'s {top.name}" if top else "done with tactics at this battle step",
               True)
    for ability in s.players[p].faction.abilities:
        action: dict[str, Any] = ({"type": "respond", "player": p, "faction_ability": ability.name} if responding
                                  else {"type": "faction_ability", "player": p, "ability": ability.name})
        yield action, ["spoils.faq.faction-ability-timing", "spoils.606.1"], ability.text or ability.name, True
    for cid, c in s.cards.items():
        if c.controller != p:
            continue
        for ability in c.abilities:
            action = ({"type": "respond", "player": p, "ability": ability.name, "source": cid} if responding
                      else {"type": "use_ability", "player": p, "card": cid, "ability": ability.name})
            act = S.activated(S.script_of(c), ability.name)
            yield _targeted(action, act.cost if act else None, ["spoils.606.1", "spoils.502.3"],
                            f"{c.name}: {ability.name}", (s, p, act.effect if act else None, cid, c.name, 0))
    for name in sorted(set(s.players[p].hand_cards)):
        spec = _spec(s, name)
        if spec is not None and (spec.type == "tactic" or "tactical" in spec.keywords):
            action = ({"type": "respond", "player": p, "card": name} if responding
                      else {"type": "play_card", "player": p, "card": name})
            play = S.play_ability(S.script_of(spec)) if spec.type == "tactic" else None
            yield _targeted(action, play.cost if play else None,
                            ["spoils.205.1", "spoils.607.2" if responding else "spoils.604.1"], f"play {name}",
                            (s, p, play.play if play else None, None, name, spec.cost or 0))
    for rid, spec, keyword in _flip_ups(s, p):
        if spec.type == "tactic" or "tactical" in spec.keywords:
            action = ({"type": "respond", "player": p, "card": spec.name} if responding
                      else {"type": "play_card", "player": p, "card": spec.name}) | {"choices": {"flip_up": rid}}
            play = S.play_ability(S.script_of(spec)) if spec.type == "tactic" else None
            yield _targeted(action, list(keyword.then or []) + list(play.cost if play else []),
                            ["spoils.507.4a", "spoils.607.2" if responding else "spoils.604.1"],
                            f"play {spec.name} from the face-down resources using FLIP UP",
                            (s, p, play.play if play else None, None, spec.name, keyword.cost or 0))
    if s.players[p].hand > len(s.players[p].hand_cards):
        action = {"type": "respond", "player": p} if responding else {"type": "play_tactic", "player": p}
        yield (action, ["spoils.205.1", "spoils.607.2" if responding else "spoils.604.1"],
               "play a tactic from hand, described inline (card: {name, type: tactic, cost, threshold, effect})", False)


def _permanents_flipped_up(s: SpoilsState, p: str) -> Iterator[Candidate]:
    """The permanents ``p`` may play from the face-down resources using FLIP UP, at their own timing (507.4d)."""
    for rid, spec, keyword in _flip_ups(s, p):
        if spec.type in ("character", "item", "location") and "tactical" not in spec.keywords:
            action = {"type": "play_card", "player": p, "card": spec.name, "choices": {"flip_up": rid}}
            hosts = [cid for cid, c in s.cards.items() if spec.attach_to and c.type == spec.attach_to.lower()]
            for host in hosts if spec.attach_to else [None]:
                yield ({**action, "attach_to": host} if host else action), ["spoils.604.1", "spoils.507.4a"], \
                    f"play {spec.name} from the face-down resources using FLIP UP", True


def _flip_ups(s: SpoilsState, p: str) -> Iterator[tuple[str, Any, Any]]:
    """507.4a: the face-down resources of ``p`` known by name whose card has FLIP UP (its own, or one a card
    ``p`` controls grants), with that card and the keyword (its cost, threshold and extra costs)."""
    for rid, res in sorted(s.players[p].resources.items()):
        spec = _spec(s, res.name) if not res.face_up and res.name else None
        if spec is None or spec.type == "resource":
            continue
        keyword = M.flip_up(S.script_of(spec)) or granted_flip_up(s, p, spec)
        if keyword is not None:
            yield rid, spec, keyword


def _targeted(action: dict[str, Any], cost: Any, rules: list[str], description: str,
              where: tuple[Any, ...] | None = None) -> Candidate:
    """A play or ability whose script picks targets (or asks for X) is a template: the player fills
    ``targets`` (and ``choices``) in the order its COST: names them (310.1, 401.3); ``where`` (the
    position, the player, its EFFECT:, its card, its name, its numeric cost): a play whose text asks
    a choice the engine takes no default for (X, a card type, a card named: ``choice_specs.needs``)
    is a template too."""
    if where is not None:
        s, p, effect, card, source, numeric = where
        ability = action.get("type") == "use_ability" or (action.get("type") == "respond" and "source" in action)
        found = (CS.for_action(s, action) or []) if ability else \
            CS.needs(s, p, cost, effect, card=card, source=source, numeric_cost=numeric)  # (read once per position)
        asked = [n["text"] for n in found if n["required"]]
        action, rules, description, concrete = _targeted(action, cost, rules, description)
        if concrete and asked:
            return action, [*rules, "spoils.310.1"], f"{description}: give {'; '.join(asked)}", False
        return action, rules, description, concrete
    asks = [op for op in cost or [] if op.HEAD in ("pick", "choose_x") or
            (op.HEAD in ("destroy", "deplete", "return_to_hand", "remove_from_game") and
             getattr(getattr(op, op.HEAD), "quantity", None) in ("a", "an", "another"))]
    if not asks:
        return action, rules, description, True
    said = " ".join(op.words() for op in asks)
    return action, [*rules, "spoils.310.1"], f"{description}: give targets (and choices.x) for: {said}", False


def _battle(s: SpoilsState, p: str) -> Iterator[Candidate]:
    b = s.battle
    if b is None or s.pending:
        return
    if b.stage == "blocks" and p == b.defender:
        yield {"type": "block", "player": p, "blockers": []}, ["spoils.608.1d"], "do not block", True
        able = [cid for cid, c in s.cards.items()
                if c.controller == p and c.type == "character" and not c.depleted and cid not in b.attackers]
        for cid in able:
            yield ({"type": "block", "player": p, "blockers": [cid]}, ["spoils.608.1d"],
                   f"block with {s.cards[cid].name}", True)
        if len(able) > 1:
            yield ({"type": "block", "player": p, "blockers": able}, ["spoils.608.1d"],
                   "block with all of them", True)
        yield from _sized_blocks(s, p, able)
    if b.stage in ("assign_attacker", "assign_blocker"):
        attacking = b.stage == "assign_attacker"
        if p != (b.attacker if attacking else b.defender):
            return
        members = b.attackers if attacking else b.blockers
        sources = [c for c in members if c in s.cards and c not in b.dealt
                   and (_CONTINUOUS.stat(s, c, "speed")[0] or 0) == b.speed]
        opposing = [c for c in (b.blockers if attacking else b.attackers) if c in s.cards]
        rule = "spoils.609.1c" if attacking else "spoils.609.1d"
        for target in opposing:
            assignments = [{"from": c, "to": target, "amount": _CONTINUOUS.stat(s, c, "strength")[0] or 0} for c in sources]
            yield ({"type": "assign_damage", "player": p, "assignments": assignments}, [rule],
                   f"all the damage of speed {b.speed} to {s.cards[target].name} (any split is allowed)", True)
