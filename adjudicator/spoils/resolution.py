"""What follows from an action: resolving plays, the effect language, triggers, replacements, the
checks the rules make "immediately" (destruction, influence, uniqueness), and the battle's steps.

Everything here works on a scratch copy of the state: each consequence is emitted as an event and
applied at once (``Ctx.emit``), so later checks see it and the events replay to the same state.
"""
from __future__ import annotations

from typing import Any

from adjudicator.core import InvalidAction, Overrider, TraceEntry, Violation
from adjudicator.spoils import precedence as P
from adjudicator.spoils.precedence import Subject
from adjudicator.spoils.projection import apply_event, in_game, opponents
from adjudicator.spoils.state import CardSpec, SpoilsState, TriggerInstance
from events import spoils as E
from events.base import DomainEvent

TRIGGER_REPEAT_LIMIT = 20
"""414.1 (inferred bound): the same trigger resolving this many times within one action, with no
player able to stop it, is the endless loop that ends the game in a draw (spoils.engine.loop-bound)."""
SETTLE_LIMIT = 1000

MICROMAJIG = CardSpec(name="Micromajig Token", type="character", strength=1, life=1, speed=3,
                      subtypes=["majig"], trade="Gearsmith")
"""409.3a: a Micromajig token is a Gearsmith character 1/1/3 with the subtype "majig"."""

OPS = ("draw", "play_resource", "discard", "damage", "lose_influence", "gain_influence", "destroy",
       "return_to_hand", "remove_from_game", "shuffle_into_deck", "put_in_discard", "deplete", "restore",
       "modify", "gain", "lose", "permit", "forbid", "gain_control", "remove_from_battle", "add_to_battle",
       "tokens", "create_token", "put_into_play", "heal", "terminate")
LEAVE_WAYS = {"destroy": "spoils.304.1", "hand": "spoils.301.4a", "removed": "spoils.403.6a",
              "deck": "spoils.301.4a", "discard": "spoils.403.5a", "prevent": "spoils.506.1"}


def check_effect(effects: list[dict[str, Any]], field: str = "effect") -> None:
    """Raises InvalidAction when an effect document uses no operation of the effect language."""
    for i, op in enumerate(effects):
        if not isinstance(op, dict) or not any(k in op for k in OPS):
            raise InvalidAction(f"{field}[{i}]: not an effect of the effect language",
                                [{"field": f"{field}.{i}", "message": f"expected one of the operations {', '.join(OPS)}"}])


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


class Ctx:
    """One decision: the scratch state, the events emitted, violations, and the rule trace."""

    def __init__(self, state: SpoilsState):
        self.s = state
        self.events: list[DomainEvent] = []
        self.violations: list[Violation] = []
        self.because: list[TraceEntry] = []
        self.unappliable = False
        self._trigger_counts: dict[str, int] = {}
        self._spared: set[str] = set()

    # ------------------------------------------------------------------------- bookkeeping
    def emit(self, *events: DomainEvent) -> None:
        for event in events:
            self.events.append(event)
            apply_event(event, self.s)

    def note(self, rule: str, detail: str, outcome: str = "applied", who: Overrider | None = None) -> None:
        self.because.append(TraceEntry(rule=rule, outcome=outcome, detail=detail, overridden_by=who))

    def violate(self, rule: str, message: str, appliable: bool = True) -> None:
        self.violations.append(Violation(rule=rule, message=message))
        self.because.append(TraceEntry(rule=rule, outcome="forbidden", detail=message))
        if not appliable:
            self.unappliable = True

    def require(self, ok: bool, rule: str, message: str, allowed: str = "", appliable: bool = True) -> bool:
        if ok:
            if allowed:
                self.note(rule, allowed, "allowed")
        else:
            self.violate(rule, message, appliable)
        return ok

    def consult(self, rule: str, ok: bool, subject: Subject, message: str, allowed: str = "",
                appliable: bool = True) -> bool:
        """A named rule check that cards in play and rulings may override (the golden rule)."""
        verdict = P.consult(self.s, rule, allowed_by_rules=ok, subject=subject, detail=message if not ok else allowed)
        self.because.extend(verdict.trace)
        if not verdict.allowed:
            who = verdict.overridden_by
            text = message if not ok else f"{allowed or rule}: forbidden by {who.name if who else 'an effect'}"
            self.violations.append(Violation(rule=rule, message=text))
            if not appliable:
                self.unappliable = True
        return verdict.allowed

    def new_id(self, prefix: str) -> str:
        n = self.s.next_id
        while f"{prefix}{n}" in self.s.cards or any(f"{prefix}{n}" in p.resources for p in self.s.players.values()):
            n += 1
        return f"{prefix}{n}"

    # ------------------------------------------------------------------------- references
    def players_ref(self, ref: Any, controller: str) -> list[str]:
        if ref is None or ref in ("you", "controller", "self"):
            return [controller]
        if ref in ("opponent", "opponents"):
            return opponents(self.s, controller)
        if ref in ("each", "all", "everyone", "each_player"):
            return in_game(self.s)
        if ref in self.s.seating:
            return [ref]
        raise InvalidAction(f"unknown player {ref!r} in an effect", [{"field": "effect", "message": f"unknown player {ref!r}"}])

    def targets_ref(self, ref: Any, controller: str) -> list[str]:
        out: list[str] = []
        for r in _as_list(ref):
            r = str(r)
            if r.startswith("faction:"):
                out.append(r)
            elif r in ("opponent_faction", "opponent"):
                out.extend(f"faction:{p}" for p in opponents(self.s, controller))
            elif r in ("your_faction", "you"):
                out.append(f"faction:{controller}")
            elif r in ("each_faction", "factions", "each"):
                out.extend(f"faction:{p}" for p in in_game(self.s))
            elif r in self.s.seating:
                out.append(f"faction:{r}")
            else:
                out.append(r)
        return out

    def card_ids(self, ref: Any) -> list[str]:
        return [str(r) for r in _as_list(ref) if str(r) in self.s.cards]

    # ------------------------------------------------------------------------- the effect language
    def apply_effect(self, effects: list[dict[str, Any]], controller: str, source: str,
                     source_card: str | None = None) -> None:
        """Follows each instruction in order, as much as possible (402.5): a card that has left
        play is simply not affected (402.4, 402.5a)."""
        for op in effects:
            if self.s.winner is not None:
                return
            self._apply_op(op, controller, source, source_card)

    def _apply_op(self, op: dict[str, Any], controller: str, source: str, source_card: str | None) -> None:
        s = self.s
        until = op.get("until")
        if "draw" in op:
            spec = op["draw"] if isinstance(op["draw"], dict) else {"count": op["draw"]}
            for p in self.players_ref(spec.get("player", op.get("player")), controller):
                self.draw(p, int(spec.get("count", 1)), list(spec.get("cards", op.get("cards", []))), "spoils.306.1")
        elif "play_resource" in op:
            spec = op["play_resource"] if isinstance(op["play_resource"], dict) else {}
            self.play_resource(controller, spec, "spoils.203.1a")
        elif "discard" in op:
            spec = op["discard"] if isinstance(op["discard"], dict) else {"count": op["discard"]}
            for p in self.players_ref(spec.get("player", op.get("player")), controller):
                cards = list(spec.get("cards", []))
                count = min(s.players[p].hand, int(spec.get("count", len(cards) or 1)))
                if count:
                    self.emit(E.CardsDiscarded(player=p, count=count, cards=cards[:count], rule="spoils.305.1"))
        elif "damage" in op:
            spec = op["damage"] if isinstance(op["damage"], dict) else {"amount": op["damage"], "to": op.get("to")}
            for target in self.targets_ref(spec.get("to"), controller):
                self.deal_damage(target, int(spec.get("amount", 0)), [source_card or source], battle=False)
        elif "lose_influence" in op:
            spec = op["lose_influence"] if isinstance(op["lose_influence"], dict) else {"amount": op["lose_influence"]}
            for p in self.players_ref(spec.get("player", op.get("player", "opponent")), controller):
                self.lose_influence(p, int(spec.get("amount", 0)), "effect", "spoils.408.3b")
        elif "gain_influence" in op:
            spec = op["gain_influence"] if isinstance(op["gain_influence"], dict) else {"amount": op["gain_influence"]}
            for p in self.players_ref(spec.get("player", op.get("player")), controller):
                faction = s.players[p].faction
                n = int(spec.get("amount", 0))
                self.emit(E.InfluenceGained(player=p, amount=n, influence=faction.influence + n, rule="spoils.202.3"))
        elif "destroy" in op:
            for cid in self.card_ids(op["destroy"]):
                self.destroy(cid, f"destroyed by {source}", "spoils.304.1")
        elif "return_to_hand" in op:
            for cid in self.card_ids(op["return_to_hand"]):
                self.leave_play(cid, "hand", f"returned to hand by {source}", "spoils.301.4a")
        elif "remove_from_game" in op:
            for cid in self.card_ids(op["remove_from_game"]):
                self.leave_play(cid, "removed", f"removed from the game by {source}", "spoils.403.6a")
        elif "shuffle_into_deck" in op:
            for cid in self.card_ids(op["shuffle_into_deck"]):
                self.leave_play(cid, "deck", f"shuffled into its owner's deck by {source}", "spoils.313.1")
        elif "put_in_discard" in op:
            for cid in self.card_ids(op["put_in_discard"]):
                self.leave_play(cid, "discard", f"put in the discard pile by {source}", "spoils.403.5a")
        elif "deplete" in op:
            cards = [c for c in self.card_ids(op["deplete"]) if not s.cards[c].depleted]  # 303.2
            if cards:
                self.emit(E.CardsDepleted(cards=cards, rule="spoils.303.1"))
        elif "restore" in op:
            cards = [c for c in self.card_ids(op["restore"]) if s.cards[c].depleted]      # 303.2
            if cards:
                self.emit(E.CardsRestoredByEffect(cards=cards))
        elif "modify" in op:
            mod = dict(op["modify"])
            if "parameter" in mod:
                lasting = {k: v for k, v in op.items() if k != "until"}
                self.emit(E.EffectStarted(effect=lasting, source=source, controller=controller, until=until))
            else:
                for cid in self.card_ids(mod.pop("card", op.get("card"))):
                    self.emit(E.CardModified(card_id=cid, changes=mod, source=source, until=until))
        elif ("gain" in op or "lose" in op) and "card" in op:
            key = "gain" if "gain" in op else "lose"
            for cid in self.card_ids(op["card"]):
                self.emit(E.CardModified(card_id=cid, changes={key: op[key]}, source=source, until=until))
        elif "gain" in op or "lose" in op or "permit" in op or "forbid" in op:
            lasting = {k: v for k, v in op.items() if k != "until"}
            self.emit(E.EffectStarted(effect=lasting, source=source, controller=controller, until=until))
        elif "gain_control" in op:
            for cid in self.card_ids(op["gain_control"]):
                self.change_control(cid, op.get("player", controller) if op.get("player") in s.seating else controller)
        elif "remove_from_battle" in op:
            for cid in self.card_ids(op["remove_from_battle"]):
                if s.battle is not None and cid in s.battle.attackers + s.battle.blockers:
                    self.emit(E.RemovedFromBattle(card_id=cid, reason=f"removed by {source}", rule="spoils.302.15"))
        elif "add_to_battle" in op:
            b = s.battle
            for cid in self.card_ids(op["add_to_battle"]):
                if b is None:
                    break
                party = op.get("party", "attacking" if s.cards[cid].controller == b.attacker else "blocking")
                party_owner = b.attacker if party == "attacking" else b.defender
                if s.cards[cid].controller != party_owner or s.cards[cid].type != "character":
                    self.note("spoils.407.6", f"{s.cards[cid].name} is not controlled by the party's player: the effect stops")
                    break
                self.emit(E.AddedToBattle(card_id=cid, party=party, rule="spoils.608.1c"))
        elif "tokens" in op:
            for cid in self.card_ids(op.get("card", source_card)):
                now = max(0, s.cards[cid].tokens + int(op["tokens"]))
                self.emit(E.TokensChanged(card_id=cid, delta=now - s.cards[cid].tokens, tokens=now))
        elif "create_token" in op:
            spec = MICROMAJIG if str(op["create_token"]).lower() in ("micromajig", "micromajig token") \
                else CardSpec.model_validate(op["create_token"])
            for _ in range(int(op.get("count", 1))):
                cid = op.get("id") if op.get("id") and op.get("id") not in s.cards else self.new_id("tok")
                self.enter_play(cid, spec, controller, controller, how="token", rule="spoils.409.3c")
        elif "put_into_play" in op:
            spec = self.lookup(op["put_into_play"])
            if spec is not None:
                cid = op.get("id") if op.get("id") and op.get("id") not in s.cards else self.new_id("c")
                self.enter_play(cid, spec, controller, controller, how="put_into_play", rule="spoils.402.8",
                                attach_to=op.get("attach_to"))
        elif "terminate" in op:
            self.terminate(str(op["terminate"]), source)
        elif "heal" in op:
            for cid in self.card_ids(op.get("card")):
                n = min(int(op["heal"]), s.cards[cid].damage)
                if n:
                    self.emit(E.DamageRemoved(card_id=cid, amount=n, rule="spoils.408.5b"))

    # ------------------------------------------------------------------------- building blocks
    def draw(self, player: str, count: int, cards: list[str], rule: str) -> None:
        p = self.s.players[player]
        if p.deck is not None and p.deck < count:
            self.note("spoils.102.1a", f"{player}'s deck holds {p.deck} card(s): {player} draws what is left and does not lose")
            count = p.deck
        if count > 0:
            self.emit(E.CardsDrawn(player=player, count=count, cards=cards[:count], rule=rule))

    def play_resource(self, player: str, spec: dict[str, Any], rule: str) -> None:
        """605: a card from hand as a resource, face up (a real resource card) or face down."""
        p = self.s.players[player]
        if p.hand <= 0:
            self.note("spoils.402.5", f"{player} has no card in hand to play as a resource")
            return
        card = spec.get("card")
        face_up = bool(spec.get("face_up", False))
        name = card.get("name") if isinstance(card, dict) else card
        icons = spec.get("icons")
        if face_up and icons is None:
            found = self.lookup(card) if card else None
            icons = found.resource_icons() if found else ""
        rid = spec.get("id") or self.new_id("r")
        self.emit(E.ResourcePlayed(player=player, resource_id=rid, name=name, face_up=face_up,
                                   icons=(icons or "") if face_up else "", rule=rule))

    def lookup(self, card: Any) -> CardSpec | None:
        if isinstance(card, dict):
            return CardSpec.model_validate(card)
        if card is None:
            return None
        pool = self.s.card_pool
        return pool.get(card) or next((c for n, c in pool.items() if n.lower() == str(card).lower()), None)

    def pay(self, player: str, amount: int, chosen: list[str] | None = None) -> None:
        """309.1: attach that many unattached resources to the faction."""
        if amount <= 0:
            return
        free = [rid for rid, r in self.s.players[player].resources.items() if not r.attached]
        ids = (chosen or free)[:amount]
        self.emit(E.ResourcesAttached(player=player, resources=ids, amount=amount))

    def unattached(self, player: str) -> int:
        return sum(1 for r in self.s.players[player].resources.values() if not r.attached)

    def deal_damage(self, target: str, amount: int, sources: list[str], battle: bool) -> None:
        s = self.s
        if amount <= 0:
            self.note("spoils.408.1", f"0 damage to {target}: no damage is dealt")
            return
        if target.startswith("faction:"):
            player = target.split(":", 1)[1]
            if player not in s.seating or s.players[player].lost:
                return
            amount, trace = P.damage_amount(s, amount, Subject.faction_of(player))
            self.because.extend(trace)
            if amount <= 0:
                self.note("spoils.408.2a", "the damage was reduced to 0: nothing more happens")
                return
            self.emit(E.DamageDealt(target=target, amount=amount, sources=sources, battle=battle, rule="spoils.408.3"))
            self.lose_influence(player, amount, "damage", "spoils.408.3")
            return
        card = s.cards.get(target)
        if card is None:
            return
        amount, trace = P.damage_amount(s, amount, Subject.card(s, target))
        self.because.extend(trace)
        if amount <= 0:
            self.note("spoils.408.2a", "the damage was reduced to 0: nothing more happens")
            return
        rule = "spoils.408.5" if card.type == "location" else "spoils.408.4"
        self.emit(E.DamageDealt(target=target, amount=amount, sources=sources, battle=battle, rule=rule))
        self.fire("damaged", card_id=target)

    def lose_influence(self, player: str, amount: int, cause: str, rule: str) -> None:
        faction = self.s.players[player].faction
        if amount <= 0:
            return
        new = faction.influence - amount
        if new < 0:
            self.note("spoils.410.4", f"{player}'s influence stays at 0")
            new = 0
        self.emit(E.InfluenceLost(player=player, amount=amount, influence=new, cause=cause, rule=rule))

    def enter_play(self, card_id: str, spec: CardSpec, controller: str, owner: str, *, how: str, rule: str,
                   attach_to: str | None = None) -> None:
        s = self.s
        if spec.attach_to:
            target = s.cards.get(attach_to) if attach_to else None
            if target is None or target.type != spec.attach_to.lower():
                self.note("spoils.507.2c", f"{spec.name} has no {spec.attach_to} to attach to: it goes to the discard pile")
                if how != "token":
                    self.emit(E.CardPutInDiscard(player=owner, name=spec.name, rule="spoils.507.2c"))
                return
        data = spec.model_dump(mode="json", exclude_defaults=True)
        self.emit(E.CardEnteredPlay(player=controller, owner=owner, card_id=card_id, card=data,
                                    attached_to=attach_to if spec.attach_to else None, how=how, rule=rule))
        self.fire("enters_play", card_id=card_id)

    def terminate(self, ref: str, source: str) -> None:
        """314.1: the play waiting for responses ("previous": the one this effect answered) stops
        before it resolves; a card goes to its owner's discard pile."""
        s = self.s
        if not s.pending or ref not in ("previous", s.pending[-1].id):
            self.note("spoils.402.5", f"{source}: no play waiting for responses to terminate")
            return
        top = s.pending[-1]
        self.emit(E.PlayTerminated(pending_id=top.id, reason=f"terminated by {source}", rule="spoils.314.1"))
        if top.kind == "card" and top.card is not None:
            self.emit(E.CardPutInDiscard(player=top.player, name=top.card.name, rule="spoils.314.1"))

    def change_control(self, card_id: str, to: str) -> None:
        s = self.s
        card = s.cards[card_id]
        if card.controller == to:
            return
        self.emit(E.ControlChanged(card_id=card_id, from_player=card.controller, to_player=to))
        b = s.battle
        if b is not None and card_id in b.attackers + b.blockers:
            self.emit(E.RemovedFromBattle(card_id=card_id, reason="its controller changed", rule="spoils.407.4"))
        if b is not None and b.target.get("card") == card_id:
            self.emit(E.RemovedFromBattle(card_id=card_id, reason="the attacked location changed controller",
                                          rule="spoils.407.5"))

    def destroy(self, card_id: str, reason: str, rule: str) -> bool:
        """304.1, unless something says it cannot be destroyed (402.7a: "cannot" wins)."""
        s = self.s
        if card_id not in s.cards:
            return False
        verdict = P.consult(s, "spoils.304.1", allowed_by_rules=True, subject=Subject.card(s, card_id),
                            detail=f"destroy {s.cards[card_id].name}")
        if not verdict.allowed:
            self.because.extend(verdict.trace)
            self.note("spoils.402.7a", f"{s.cards[card_id].name} cannot be destroyed: the destruction is ignored",
                      who=verdict.overridden_by)
            self._spared.add(card_id)
            return False
        return self.leave_play(card_id, "destroy", reason, rule)

    def leave_play(self, card_id: str, how: str, reason: str, rule: str,
                   applied: set[tuple[str, int]] | None = None) -> bool:
        """A card leaves play: replacements first (506; each applies once, 506.5), then the card,
        then its attachments the same way (301.4, 301.4b) and its triggers (503.1)."""
        s = self.s
        card = s.cards.get(card_id)
        if card is None:
            return False
        applied = set() if applied is None else applied
        replaced = False
        while True:
            found = self._replacement(card_id, how, applied)
            if found is None:
                break
            src_id, index, repl = found
            applied.add((src_id, index))
            done = str(repl.get("do", "prevent"))
            self.emit(E.ReplacementApplied(card_id=card_id, source=s.cards[src_id].name if src_id in s.cards else src_id,
                                           instead_of=how, done=done))
            self.note("spoils.506.5" if replaced else "spoils.506.1",
                      f"{card.name}: '{how}' is replaced by '{done}' ({s.cards[src_id].name if src_id in s.cards else src_id})")
            if how == "destroy":
                self.note("spoils.506.6", f"the replaced destruction resets {card.name}'s damage to 0")
            replaced = True
            how = done
            if how == "prevent":
                self._spared.add(card_id)
                return False
        attached = [cid for cid, c in s.cards.items() if c.attached_to == card_id]
        snapshot = card.model_copy(deep=True)
        if how == "destroy":
            self.emit(E.CardDestroyed(card_id=card_id, name=card.name, reason=reason, rule=rule))
        else:
            self.emit(E.CardLeftPlay(card_id=card_id, name=card.name, to=how, reason=reason, rule=rule))
        for cid in attached:
            self.leave_play(cid, how, f"attached to {card.name}, which left play", "spoils.301.4", applied)
        self.fire("leaves_play", card_id=card_id, extra={card_id: snapshot})
        if how == "destroy":
            self.fire("destroyed", card_id=card_id, extra={card_id: snapshot})
        return True

    def _replacement(self, card_id: str, how: str, applied: set[tuple[str, int]]) -> tuple[str, int, dict] | None:
        """The replacement that applies: the card's own first, then the others in play in the
        order they entered (this order stands in for the choice of 506.4; spoils.engine.replacement-order)."""
        s = self.s
        order = [card_id] + [cid for cid in s.cards if cid != card_id]
        for src_id in order:
            src = s.cards.get(src_id)
            if src is None:
                continue
            for index, repl in enumerate(src.replacements):
                if (src_id, index) in applied or repl.get("instead_of") != how:
                    continue
                selector = repl.get("applies_to", "self")
                if P.select(s, selector, Subject.card(s, card_id), src.controller, src_id):
                    return src_id, index, repl
        return None

    # ------------------------------------------------------------------------- triggers
    def fire(self, when: str, *, card_id: str | None = None, player: str | None = None,
             extra: dict[str, Any] | None = None) -> None:
        """Queues the triggers that ``when`` sets off (503.1); they resolve at once, in the order
        their controller, or the active player when controllers differ, chooses (503.4)."""
        s = self.s
        cards = dict(s.cards)
        cards.update(extra or {})
        found: list[TriggerInstance] = []
        for cid, card in cards.items():
            for index, trig in enumerate(card.triggers):
                w = str(trig.get("when", ""))
                if not _trigger_matches(w, when, cid, card.controller, card_id, player):
                    continue
                found.append(TriggerInstance(id=f"t{s.next_id}.{len(found) + 1}", card_id=cid,
                                             name=str(trig.get("name") or f"{card.name}: {w}"),
                                             controller=card.controller,
                                             effect=_as_list(trig.get("effect")), when=w))
        if found:
            self.emit(E.TriggersPending(triggers=[t.model_dump(mode="json") for t in found]))

    def resolve_trigger(self, trigger_id: str) -> None:
        s = self.s
        trig = next(t for t in s.triggers if t.id == trigger_id)
        key = f"{trig.card_id}:{trig.name}"
        self._trigger_counts[key] = self._trigger_counts.get(key, 0) + 1
        if self._trigger_counts[key] > TRIGGER_REPEAT_LIMIT:
            self.note("spoils.414.1", f"{trig.name} keeps triggering itself and no player can stop it")
            self.emit(E.GameDrawn(players=in_game(s), rule="spoils.414.1",
                                  reason=f"endless loop of effects: {trig.name}"))
            return
        self.emit(E.TriggerResolved(trigger_id=trig.id, card_id=trig.card_id, name=trig.name, controller=trig.controller))
        self.apply_effect(trig.effect, trig.controller, trig.name, trig.card_id)

    # ------------------------------------------------------------------------- settling
    def settle(self) -> None:
        """Applies everything the rules make happen without a player's decision, until a player
        has to act or the game is over."""
        for _ in range(SETTLE_LIMIT):
            s = self.s
            if s.winner is not None:
                return
            if self._destructions():
                continue
            if self._game_end():
                return
            if s.choice is not None:
                return
            if self._uniqueness():
                return
            if s.triggers:
                if len(s.triggers) == 1:
                    self.resolve_trigger(s.triggers[0].id)
                    continue
                controllers = {t.controller for t in s.triggers}
                chooser = controllers.pop() if len(controllers) == 1 else s.active_player
                rule = "spoils.503.4"
                self.emit(E.ChoiceRequired(kind="trigger_order", player=chooser or s.seating[0],
                                           options=[t.id for t in s.triggers], rule=rule,
                                           detail="triggers that fired at once: choose the one that resolves next"))
                return
            if s.stage == "end":
                self.finish_turn()
                continue
            if s.battle is not None and not s.pending and self.battle_step():
                continue
            return
        self.emit(E.GameDrawn(players=in_game(self.s), rule="spoils.414.1", reason="endless loop of effects"))

    def _destructions(self) -> bool:
        s = self.s
        for cid, card in list(s.cards.items()):
            if cid in self._spared or cid not in s.cards:
                continue
            if card.type == "character":
                life, _ = P.stat(s, cid, "life")
                if life is not None and card.damage >= life:
                    rule = "spoils.408.4" if card.damage > 0 else "spoils.faq.zero-life"
                    self.note(rule, f"{card.name} has {card.damage} damage this turn and {life} life: destroyed")
                    if self.destroy(cid, f"{card.damage} damage >= {life} life", rule):
                        return True
            elif card.type == "location" and card.structure is not None:
                structure, _ = P.stat(s, cid, "structure")
                if structure is not None and card.damage >= structure:
                    self.note("spoils.408.5", f"{card.name} has {card.damage} damage and {structure} structure: destroyed")
                    if self.destroy(cid, f"{card.damage} damage >= {structure} structure", "spoils.408.5"):
                        return True
        return False

    def _game_end(self) -> bool:
        s = self.s
        losers = [p for p in in_game(s) if s.players[p].faction.influence <= 0]
        if not losers:
            return False
        remaining = [p for p in in_game(s) if p not in losers]
        for p in losers:
            self.emit(E.PlayerLost(player=p, rule="spoils.102.1", reason="its faction's influence is 0"))
        if not remaining:
            self.note("spoils.102.2", f"{', '.join(losers)} lose at the same moment: the game is a draw")
            self.emit(E.GameDrawn(players=losers, rule="spoils.102.2", reason="every remaining player lost at once"))
            return True
        if len(remaining) == 1:
            self.note("spoils.102.1", f"{remaining[0]} brought the opposing influence to 0")
            self.emit(E.GameWon(player=remaining[0], by="influence", rule="spoils.102.1"))
            return True
        return False

    def _uniqueness(self) -> bool:
        s = self.s
        groups: dict[tuple[str, str], list[str]] = {}
        for cid, card in s.cards.items():
            if card.unique and cid not in self._spared:
                groups.setdefault((card.controller, card.unique.lower()), []).append(cid)
        for (controller, ident), ids in groups.items():
            if len(ids) > 1:
                self.emit(E.ChoiceRequired(kind="unique", player=controller, options=ids, rule="spoils.507.5a",
                                           detail=f"{controller} controls {len(ids)} cards 'Unique {ident}': "
                                                  f"choose the one that stays, the others are destroyed"))
                return True
        return False

    def choose_unique(self, keep: str) -> None:
        s = self.s
        card = s.cards[keep]
        others = [cid for cid, c in s.cards.items()
                  if cid != keep and c.unique and c.unique.lower() == (card.unique or "").lower()
                  and c.controller == card.controller]
        for cid in others:
            self.destroy(cid, f"Unique {card.unique}: {card.controller} kept {keep}", "spoils.507.5a")

    # ------------------------------------------------------------------------- turns
    def start_turn(self, player: str, turn: int) -> None:
        s = self.s
        mine = [cid for cid, c in s.cards.items() if c.controller == player]
        self.emit(E.TurnStarted(turn=turn, active_player=player, can_attack=mine))
        self.note("spoils.602.1", f"turn {turn} of {player}: damage on characters cleared (602.1a), "
                                  f"'this turn' effects end (602.1b), {player}'s cards may attack (602.1c)")
        depleted = [cid for cid in mine if s.cards[cid].depleted]
        attached = [rid for rid, r in s.players[player].resources.items() if r.attached]
        self.emit(E.CardsRestored(player=player, cards=depleted, resources=attached))
        self.fire("start_of_turn", player=player)

    def finish_turn(self) -> None:
        s = self.s
        player = s.active_player or s.seating[0]
        self.emit(E.TurnEnded(turn=s.turn, player=player))
        nxt = opponents(s, player)
        if nxt:
            self.start_turn(nxt[0], s.turn + 1)

    # ------------------------------------------------------------------------- plays
    def resolve_top(self) -> None:
        """607.2: the most recent play resolves once its responders are done."""
        s = self.s
        top = s.pending[-1]
        self.emit(E.PlayResolved(pending_id=top.id, kind=top.kind, player=top.player, name=top.name))
        if top.kind == "end_turn":
            self.note("spoils.610.1", "the responses are done: the turn ends")
            self.fire("end_of_turn", player=top.player)
            return
        if top.kind == "card":
            spec = top.card
            assert spec is not None and top.card_id is not None
            if spec.type == "tactic":
                self.note("spoils.205.2", f"{spec.name} resolves: follow its instructions, then to the discard pile")
                self.apply_effect(top.effect, top.player, spec.name, None)
                self.emit(E.CardPutInDiscard(player=top.player, name=spec.name, rule="spoils.205.2"))
            else:
                self.note("spoils.604.1h", f"{spec.name} resolves and enters play under {top.player}'s control")
                self.enter_play(top.card_id, spec, top.player, top.player, how="played", rule="spoils.604.1h",
                                attach_to=top.attach_to)
                if top.effect and top.card_id in s.cards:
                    self.apply_effect(top.effect, top.player, spec.name, top.card_id)
            return
        self.note("spoils.606.1g" if top.kind == "ability" else "spoils.faq.faction-ability-timing",
                  f"{top.name} resolves as it was when used (502.4)")
        self.apply_effect(top.effect, top.player, top.name, top.card_id)

    # ------------------------------------------------------------------------- battle
    def in_battle(self) -> list[str]:
        b = self.s.battle
        return [c for c in (b.attackers + b.blockers) if c in self.s.cards] if b else []

    def speed(self, cid: str) -> int:
        value, _ = P.stat(self.s, cid, "speed")
        return value or 0

    def strength(self, cid: str) -> int:
        value, _ = P.stat(self.s, cid, "strength")
        return value or 0

    def speed_level(self) -> int | None:
        """609.1b: X is the highest speed among the battle's characters that have not dealt damage."""
        b = self.s.battle
        waiting = [c for c in self.in_battle() if c not in b.dealt]
        return max((self.speed(c) for c in waiting), default=None)

    def sources_at(self, party: str) -> list[str]:
        b = self.s.battle
        members = b.attackers if party == "attacking" else b.blockers
        return [c for c in members if c in self.s.cards and c not in b.dealt and self.speed(c) == b.speed]

    def attack_target(self) -> str | None:
        """Where attackers' damage goes when no blocker is left; None when the target is gone (407.5a)."""
        b = self.s.battle
        if b.target_lost:
            return None
        if b.target.get("kind") == "location":
            cid = b.target.get("card")
            card = self.s.cards.get(cid)
            return cid if card is not None and card.controller == b.defender else None
        return f"faction:{b.target.get('player', b.defender)}"

    STAGE_TEXT = {
        "blocks": "the blockers step: {to_act} may form a blocking party with characters that are not depleted",
        "repeat": "the battle goes on to its speed levels",
        "tactics_a": "tactics and abilities: {to_act}, the attacking player, first, then the defending player",
        "assign_attacker": "speed level {speed}: the attacking characters of speed {speed} assign their damage",
        "assign_blocker": "speed level {speed}: the blocking characters of speed {speed} assign their damage",
        "tactics_e": "tactics and abilities again before the damage of speed {speed} is applied",
        "attack_tactics": "tactics and abilities: {to_act}, the attacking player, first, then the defending player",
    }

    def stage(self, event: E.BattleStageStarted) -> None:
        """A battle step begins; the trace says which and who acts."""
        text = self.STAGE_TEXT.get(event.stage, event.stage)
        self.note(event.rule, text.format(to_act=event.to_act, speed=event.speed))
        self.emit(event)

    def close_tactics(self) -> None:
        """Both players are done at a tactics step (608.1c, 609.1a, 609.1e): the battle goes on."""
        b = self.s.battle
        if b.stage == "attack_tactics":
            if b.unblockable:
                self.note("spoils.413.1", "every attacker cannot be blocked: the defender cannot form a blocking party")
                self.stage(E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.412"))
                return
            able = [cid for cid, c in self.s.cards.items() if c.controller == b.defender and c.type == "character"
                    and not c.depleted and cid not in b.attackers]
            if not able:
                self.note("spoils.engine.automatic-assignment",
                          f"{b.defender} controls no character able to block: there is no blocking party (608.1d)")
                self.stage(E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.608.1d"))
                return
            self.stage(E.BattleStageStarted(stage="blocks", to_act=b.defender, rule="spoils.608.1d"))
            return
        if b.stage == "tactics_a":
            x = self.speed_level()
            if x is None:
                self.stage(E.BattleStageStarted(stage="repeat", to_act=None, rule="spoils.609.1g"))
                return
            self.note("spoils.609.1b", f"speed level X = {x}")
            self.stage(E.BattleStageStarted(stage="assign_attacker", to_act=b.attacker, speed=x, rule="spoils.609.1b"))
            return
        if b.stage == "tactics_e":
            self.apply_battle_damage()

    def apply_battle_damage(self) -> None:
        """609.1f: every assigned damage at once, summed per target; a character removed from the
        battle takes none (302.15), one that assigned and then left still deals it (609.1e)."""
        s = self.s
        b = s.battle
        totals: dict[str, int] = {}
        sources: dict[str, list[str]] = {}
        for a in b.assignments:
            to = a["to"]
            if to.startswith("faction:") or to in s.cards:
                totals[to] = totals.get(to, 0) + int(a["amount"])
                sources.setdefault(to, []).append(a["source"])
        speed = b.speed if b.speed is not None else 0
        self.emit(E.BattleDamageApplied(speed=speed, totals=totals))
        self.note("spoils.609.1f", f"battle damage at speed {speed} applied at once: "
                  + (", ".join(f"{t} {n}" for t, n in totals.items()) or "none"))
        for target, amount in totals.items():
            self.deal_damage(target, amount, sources[target], battle=True)

    def battle_step(self) -> bool:
        """Moves the battle on where no player has anything to decide; False when waiting."""
        s = self.s
        b = s.battle
        if b.stage == "repeat":
            waiting = [c for c in self.in_battle() if c not in b.dealt]
            if not waiting:
                survivors = self.in_battle()
                self.note("spoils.609.1h", "every character of the battle has dealt its damage or left play: "
                                           "the survivors are depleted")
                self.emit(E.BattleEnded(depleted=survivors))
                return True
            self.stage(E.BattleStageStarted(stage="tactics_a", to_act=b.attacker, rule="spoils.609.1a"))
            return True
        if b.stage == "assign_attacker":
            sources = self.sources_at("attacking")
            if not sources:
                self.stage(E.BattleStageStarted(stage="assign_blocker", to_act=b.defender, speed=b.speed,
                                               rule="spoils.609.1d"))
                return True
            blockers = [c for c in b.blockers if c in s.cards]
            if len(blockers) > 1:
                return False
            if blockers:
                reason, rule, to = "a single blocker is left", "spoils.609.1c", blockers[0]
            else:
                to = self.attack_target()
                reason = "no blocker left: the damage goes to the target of the attack" if to else \
                    "no blocker and no target left: the damage is considered dealt"
                rule = "spoils.intro.unblocked-damage-to-target" if to else "spoils.intro.no-target-left"
            assignments = [{"source": c, "to": to, "amount": self.strength(c) if to else 0} for c in sources]
            self.note("spoils.engine.automatic-assignment", f"nothing to choose at speed {b.speed}: {reason}")
            self.emit(E.DamageAssignedByRule(speed=b.speed or 0, party="attacking", assignments=assignments,
                                             reason=reason, rule=rule))
            return True
        if b.stage == "assign_blocker":
            sources = self.sources_at("blocking")
            if not sources:
                self.stage(E.BattleStageStarted(stage="tactics_e", to_act=b.attacker, speed=b.speed, rule="spoils.609.1e"))
                return True
            attackers = [c for c in b.attackers if c in s.cards]
            if len(attackers) > 1:
                return False
            to = attackers[0] if attackers else None
            reason = "a single attacker is left" if to else "no attacker left: the damage is considered dealt"
            assignments = [{"source": c, "to": to, "amount": self.strength(c) if to else 0} for c in sources]
            self.note("spoils.engine.automatic-assignment", f"nothing to choose at speed {b.speed}: {reason}")
            self.emit(E.DamageAssignedByRule(speed=b.speed or 0, party="blocking", assignments=assignments,
                                             reason=reason,
                                             rule="spoils.609.1d" if to else "spoils.intro.no-target-left"))
            return True
        return False


def _trigger_matches(w: str, when: str, cid: str, controller: str, card_id: str | None, player: str | None) -> bool:
    if when == "enters_play":
        return (w == "enters_play" and cid == card_id) or (w == "card_enters_play" and cid != card_id)
    if when in ("leaves_play", "destroyed", "damaged"):
        return w == when and cid == card_id
    if when == "start_of_turn":
        return w == "start_of_turn" or (w == "start_of_your_turn" and controller == player)
    if when == "end_of_turn":
        return w == "end_of_turn" or (w == "end_of_your_turn" and controller == player)
    if when == "attack":
        return (w == "you_attack" and controller == player) or (w == "opponent_attacks" and controller != player)
    if when == "resource_played":
        return w == "you_play_resource" and controller == player
    return False


__all__ = ["Ctx", "check_effect", "OPS", "MICROMAJIG"]
