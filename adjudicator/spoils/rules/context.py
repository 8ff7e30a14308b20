"""The Spoils' decision context: the kernel's ``Context`` (events applied to a scratch state as they
are emitted, violations, the trace) with The Spoils' lookups, and the table of action handlers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from adjudicator.core import InvalidAction, Overrider
from adjudicator.kernel import Context, Handlers, copy_state
from adjudicator.spoils.model.shared_cards import shared_with
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text.position_memo import kept, share
from adjudicator.spoils.text.subjects import SPOILS, Subject
from adjudicator.spoils.evolve.projection import apply_event, in_game, opponents
from adjudicator.spoils.model.state import CardSpec, SpoilsState

HANDLERS = Handlers()
"""Action class -> the function deciding it (``turn``, ``plays`` and ``attacks`` register theirs)."""
ON_EMIT: dict[type, Any] = {}
"""Event class -> ``hook(ctx, event)``, asked before each such event applies wherever the engine
emits it, returning what to do once it has applied (or None): the one place a rule about every
occurrence hooks ("if a card is depleted", ``scripted_battle_references``)."""

REPLACE_EMIT: list[Any] = []
"""``swap(ctx, event) -> event``: each event as it is emitted, replaced by what a lasting "if a card is
put into a player's hand, put it into their discard pile instead" says happens in its place (506.1;
``scripted_destruction_replaced``); the event itself when nothing replaces it."""

SETUP_STAGES = ("choose_first_player", "mulligan")
STAGE_RULES = {"attack_tactics": "spoils.608.1c", "blocks": "spoils.608.1d", "tactics_a": "spoils.609.1a",
               "assign_attacker": "spoils.609.1c", "assign_blocker": "spoils.609.1d", "tactics_e": "spoils.609.1e",
               "repeat": "spoils.609.1g"}
NO_PRIORITY = ("The Spoils has no priority passing (607.2b): only the opponent of the player who made the play "
               "may respond (607.1), so that opponent's single pass closes the window, where a priority system "
               "needs every player to pass in a row")
NO_STACK = ("the plays waiting for responses resolve one at a time, most recent first; the rules keep no formal "
            "stack (607.2c), so triggers are never responded to (503.2)")


def as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def game_started(ctx: "SpoilsContext", rule: str = "spoils.601.1", message: str = "the game has not started") -> bool:
    """Whether the set-up (601.1) is over; during it, a blocking violation of ``rule``."""
    if ctx.work.stage in SETUP_STAGES:
        ctx.violate(rule, message, blocking=True)
        return False
    return True


@dataclass(frozen=True)
class Hooks:
    """What the rules ask of the layers above them, given by the engine when it makes a context, so
    that no rule imports the interpreter: running a scripted effect document (``scripted.run``) and
    running typed operations in a script's environment (``scripted.do_all``)."""

    run_script: Callable[..., None]
    do_all: Callable[..., None]


def _no_interpreter(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError("this decision context has no interpreter: make it with the engine's hooks "
                       "(SpoilsContext(state, hooks=engine.HOOKS))")


NO_HOOKS = Hooks(run_script=_no_interpreter, do_all=_no_interpreter)


def scratch_copy(state: SpoilsState) -> SpoilsState:
    """A copy of ``state`` to decide on: everything copied but the card pool, which no event or rule
    ever changes (cards are looked up in it, never written), so the copy reads the same pool (issue
    26: at 80 cards the pool is most of what a copy would copy), and the cards in play, shared until
    an event changes one (``model.shared_cards``).  Inside ``position_memo.unkept``, a whole copy,
    as before."""
    if not kept():
        return copy_state(state)
    shell = state.model_copy()  # shallow: the same fields, a dictionary of its own
    shell.__dict__["card_pool"] = {}
    shell.__dict__["cards"] = {}
    work = copy_state(shell)
    work.__dict__["card_pool"] = state.card_pool
    work.__dict__["cards"] = shared_with(state.cards)  # each card copied when an event changes it
    return work


class SpoilsContext(Context):
    """One Spoils decision.  ``work`` is the scratch state; ``spared`` the cards a "cannot be
    destroyed" or a replacement kept in play during this decision; ``trigger_counts`` counts each
    trigger's resolutions for the loop bound (414.1)."""

    precedence = SPOILS
    trace_every_check = False

    def __init__(self, state: SpoilsState, hooks: Hooks = NO_HOOKS):
        super().__init__(state, apply_event)
        self.hooks = hooks
        self.trigger_counts: dict[str, int] = {}
        self.spared: set[str] = set()
        self.cost_cards: set[str] = set()
        self.replacing: list[dict[str, Any]] = []
        """The destructions a scripted "instead" is replacing now, innermost last: the card, the
        replacing card, whether its "instead" ran (a "you may" declined leaves the destruction to
        happen; ``scripted_replace_instead``)."""
        """The cards the extra cost being paid moves (destroys, discards...): replacements do not
        apply to them (506.2; cards attached to them keep theirs, 506.2a)."""
        self.consequences = True
        """Whether what follows from the action is worked out (settling: triggers, immediate checks,
        plays resolving); false when only the legality of the action itself is asked (the legal
        actions of a position: ``engine.legal_actions``)."""
        self.choices: dict[str, Any] = {}
        """What the action says of the choices its consequences ask for ("you may", X, a coin flip,
        cards drawn or discarded by name): read by the scripts that run during this decision."""

    @property
    def work(self) -> SpoilsState:  # type: ignore[override]
        """The scratch state, copied on first use; the copy reads the position's memo until an event applies."""
        if self._work is None:
            self._work = scratch_copy(self.state)
            share(self.state, self._work)
        return self._work

    def emit(self, *events: Any) -> None:
        for event in events:
            for swap in REPLACE_EMIT:  # "... instead": what happens in its place (506.1)
                event = swap(self, event)
            hook = ON_EMIT.get(type(event))
            then = hook(self, event) if hook is not None else None
            super().emit(event)
            if then is not None:
                then()

    def forbidden_text(self, rule: str, who: Overrider | None, message: str, allowed: str) -> str:
        return f"{allowed or rule}: forbidden by {who.name if who else 'an effect'}"

    def check(self, rule: str, ok: bool, subject: Subject, message: str, allowed: str = "", *,
              blocking: bool = False) -> bool:
        """A named rule check that cards in play and rulings in force may override (the golden rule)."""
        claims = P.claims(self.work, rule, subject)
        return self.consult(rule, ok, claims, message, allowed, blocking=blocking).allowed

    # ------------------------------------------------------------------------- lookups
    def new_id(self, prefix: str) -> str:
        s = self.work
        n = s.next_id
        while f"{prefix}{n}" in s.cards or any(f"{prefix}{n}" in p.resources for p in s.players.values()):
            n += 1
        return f"{prefix}{n}"

    def players_ref(self, ref: Any, controller: str) -> list[str]:
        """The players an effect names.  Raises InvalidAction for an unknown player."""
        if ref is None or ref in ("you", "controller", "self"):
            return [controller]
        if ref in ("opponent", "opponents"):
            return opponents(self.work, controller)
        if ref in ("each", "all", "everyone", "each_player"):
            return in_game(self.work)
        if ref in self.work.seating:
            return [ref]
        raise InvalidAction(f"unknown player {ref!r} in an effect", [{"field": "effect", "message": f"unknown player {ref!r}"}])

    def targets_ref(self, ref: Any, controller: str) -> list[str]:
        """Damage targets an effect names: card ids, or ``faction:<player>``."""
        out: list[str] = []
        for r in map(str, as_list(ref)):
            if r in ("opponent_faction", "opponent"):
                out.extend(f"faction:{p}" for p in opponents(self.work, controller))
            elif r in ("your_faction", "you"):
                out.append(f"faction:{controller}")
            elif r in ("each_faction", "factions", "each"):
                out.extend(f"faction:{p}" for p in in_game(self.work))
            else:
                out.append(f"faction:{r}" if r in self.work.seating else r)
        return out

    def card_ids(self, ref: Any) -> list[str]:
        return [str(r) for r in as_list(ref) if str(r) in self.work.cards]

    def lookup(self, card: Any) -> CardSpec | None:
        """A card described inline or named from the game's card pool (None when unknown).  Raises
        pydantic's ValidationError for an inline description that does not fit."""
        if isinstance(card, dict):
            return CardSpec.model_validate(card)
        if card is None:
            return None
        pool = self.work.card_pool
        return pool.get(card) or next((c for n, c in pool.items() if n.lower() == str(card).lower()), None)

    def unattached(self, player: str) -> int:
        """What the player can pay a numeric cost with now: the unattached resources (309.1a), plus a
        waiting "reduce the next numeric cost you pay this turn" (406.5a), which ``consequences.pay``
        takes off the amount attached."""
        free = sum(1 for r in self.work.players[player].resources.values() if not r.attached)
        return free + sum(int(x.effect.get("reduce_next_cost") or 0) for x in self.work.effects
                          if "reduce_next_cost" in x.effect and x.controller == player)
