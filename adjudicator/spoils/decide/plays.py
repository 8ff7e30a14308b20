"""Handlers of playing cards (604), using abilities (606) and faction abilities, responses (607),
and the timing rules they share."""
from __future__ import annotations

from typing import Any

from adjudicator.core import InvalidAction
from adjudicator.spoils.decide.resource_abilities import decide_resource_ability
from adjudicator.spoils.decide.timing import _cost, awaiting, fast_timing
from adjudicator.spoils.model import actions as A
from adjudicator.spoils.model.state import STAPLES, CardSpec, _icons
from adjudicator.spoils.ops import costs as TX
from adjudicator.spoils.ops import interpreter as SC
from adjudicator.spoils.ops import paying as _PAYING
from adjudicator.spoils.ops import zones as SZ
from adjudicator.spoils.ops.must_pick import granted_flip_up
from adjudicator.spoils.ops.removed_played import from_removed
from adjudicator.spoils.ops.replayed import played_for
from adjudicator.spoils.ops.statics import acting_as, anyone_may_use, faction_ability_cost, played_as_tactic
from adjudicator.spoils.rules import consequences as C
from adjudicator.spoils.rules import mechanics as M
from adjudicator.spoils.rules import parties as _PARTIES
from adjudicator.spoils.rules import settling as T
from adjudicator.spoils.rules import triggers as _TRIGGERS_PLAYERS
from adjudicator.spoils.rules.context import HANDLERS, SpoilsContext, game_started
from adjudicator.spoils.rules.effect_documents import check_effect
from adjudicator.spoils.text import precedence as P
from adjudicator.spoils.text import scripts as S
from adjudicator.spoils.text import subjects as _SUBJECTS
from adjudicator.spoils.text.subjects import Subject
from events.models import spoils as E

MAIN_ONLY = {"character": "spoils.204.1", "item": "spoils.206.1", "location": "spoils.207.1"}


def resource_spec(ctx: SpoilsContext, player: str, card: Any, face_up: bool, icons: str | None,
                  rid: str | None) -> dict[str, Any] | None:
    """605.1a-b: a card from hand, face up only if it is a real resource card (203.2)."""
    s = ctx.work
    p = s.players[player]
    if not ctx.require(p.hand > 0, "spoils.605.1a", f"{player} has no card in hand", blocking=True):
        return None
    if rid is not None and any(rid in q.resources for q in s.players.values()):
        raise InvalidAction(f"resource id {rid!r} is taken", [{"field": "id", "message": "already in play"}])
    name = card.get("name") if isinstance(card, dict) else card
    spec = ctx.lookup(card) if card is not None else None
    if spec is None and isinstance(name, str) and name.lower() in STAPLES:
        spec = CardSpec(name=name, type="resource", keywords=["staple"])
    if face_up:
        if card is None:
            raise InvalidAction("a resource played face up must be named",
                                [{"field": "card", "message": "name the resource card played face up"}])
        if spec is None and icons is None:
            raise InvalidAction(f"unknown card {name!r}", [{"field": "card", "message": "describe it inline or give icons"}])
        real = spec is None or spec.type == "resource"
        ctx.require(real, "spoils.203.2", f"only real resource cards are played face up; {name} is a {spec.type if spec else '?'}",
                    f"{name} is a resource card: it may be played face up")
        if icons is None and spec is not None:
            icons = spec.resource_icons()
    else:
        ctx.note("spoils.203.4a", "a card played face down is a resource that provides one Volition icon")
    if name and len(p.hand_cards) >= p.hand:
        ctx.require(name in p.hand_cards, "spoils.605.1a", f"{name} is not in {player}'s hand")
    try:
        icons = _icons(icons or "")
    except ValueError as exc:
        raise InvalidAction(str(exc), [{"field": "icons", "message": str(exc)}]) from None
    return {"card": name, "face_up": face_up, "icons": icons, "id": rid}


def card_spec(ctx: SpoilsContext, ref: Any, field: str = "card") -> CardSpec:
    try:
        spec = ctx.lookup(ref)
    except Exception as exc:
        errors = A.pydantic_errors(exc, f"{field}.") if hasattr(exc, "errors") else [{"field": field, "message": str(exc)}]
        raise InvalidAction(f"{field} does not describe a card", errors) from None
    if spec is None:
        raise InvalidAction(f"unknown card {ref!r}", [{"field": field, "message":
                            "not in this game's card pool: describe it inline (name, type, cost, threshold, ...)"}])
    return spec


@HANDLERS.on(A.PlayCard)
def decide_play_card(ctx: SpoilsContext, a: A.PlayCard, responding: bool = False, *,
                     during: str | None = None, zone: str = "hand") -> None:
    """604.1; ``during``: the card whose effect plays it as it resolves (604.2: its timing is the
    effect's; the card comes from ``zone``: a hand, a deck or a discard pile; ``scripted_zones``)."""
    s = ctx.work
    spec = card_spec(ctx, a.card)
    p = a.player
    kind = _play_kind(ctx, a, spec, responding)
    if kind is None:
        return
    script, fast = kind
    effect = a.effect if a.effect is not None else spec.effect
    check_effect(effect)
    flip = flipped_resource(ctx, p, spec, a)
    if ctx.blocked:
        return
    paid_as = _paid_as(ctx, spec, flip)
    env = None
    if a.effect is None and spec.script:
        env, effect = _scripted(ctx, a, spec, script, flip)
        if ctx.blocked:
            return
    if a.id is not None and a.id in s.cards:
        raise InvalidAction(f"card id {a.id!r} is taken", [{"field": "id", "message": "already in play"}])
    origin = _played_from(ctx, a, spec, paid_as, zone, by_rule=flip is None and during is None)
    if origin is None:
        return
    zone, paid_as, owner = origin
    subject = Subject.being_played(spec, p)
    ctx.check(S.PLAYED, True, subject, f"{spec.name} cannot be played now: an effect forbids it (402.7)")
    if ctx.blocked:
        return
    response_to = _play_timing(ctx, p, spec, subject, fast, responding) if during is None else None
    if ctx.blocked:
        return
    _threshold_and_target(ctx, p, paid_as, subject, a.attach_to)
    cost, available = _play_cost(ctx, p, spec, paid_as, a, env)
    if flip is not None:
        cost, available = flip_up_resource(ctx, p, spec, flip[0], cost, available)
    pending_id = f"q{s.next_id}"
    if spec.type == "tactic" and a.effect is None:
        effect = effect + M.response_effects(s, spec.name, script, response_to)
    ctx.emit(E.CardPlayed(player=p, pending_id=pending_id, card_id=a.id or ctx.new_id("c"),
                          card=spec.model_dump(mode="json", exclude_defaults=True), cost=cost, effect=effect,
                          attach_to=a.attach_to if spec.attach_to else None, response_to=response_to,
                          paid=paid_for(spec, env, a), from_zone=zone, owner=owner if owner != p else None))
    C.pay(ctx, p, min(cost, available))
    if env is not None:
        _PAYING.perform(ctx, env)
    if spec.type == "tactic":  # "if a player plays a tactic, terminate it" (503.1)
        _TRIGGERS_PLAYERS.fire(ctx, "tactic_played", player=p, bind=[pending_id])
    _TRIGGERS_PLAYERS.fire(ctx, "card_played", player=p)  # "if you play a card" (604.2: a non-resource card; triggers_players)
    awaiting(ctx, spec.name, "spoils.604.1g")
    if during is None:  # played by an effect: the action resolving that effect settles afterwards
        T.settle(ctx)


def _scripted(ctx: SpoilsContext, a: A.PlayCard, spec: CardSpec, script: Any, flip: Any) -> tuple[Any, list[Any]]:
    """The play's effect read from the card's script (its picks and extra costs checked as named), with the
    tokens it enters play with; for a permanent, what its "when this card enters play" will play, as this
    action names it, checked now.  The caller returns when ``ctx.blocked``."""
    p = a.player
    env, effect = scripted_play(ctx, p, spec, a, first=list(flip[1].then or []) if flip else [], script=script)
    if ctx.blocked:
        return env, effect
    effect = effect + entering_tokens(spec, script, env.x if env is not None else None)
    if spec.type != "tactic":
        SZ.precheck_entering(ctx, script, _PAYING.env_for(ctx, p, spec.name, None, a))
    return env, effect


def _paid_as(ctx: SpoilsContext, spec: CardSpec, flip: Any) -> CardSpec:
    """The card as its costs are paid: a flipped-up resource's FLIP UP cost and threshold (507.4b),
    or "you may play this card for 1" (scripted_replayed)."""
    paid_as = spec if flip is None else spec.model_copy(update={"cost": flip[1].cost or 0,
                                                                "threshold": flip[1].threshold or ""})
    return played_for(ctx, paid_as)


def _played_from(ctx: SpoilsContext, a: A.PlayCard, spec: CardSpec, paid_as: CardSpec, zone: str,
                 by_rule: bool) -> tuple[str, CardSpec, str | None] | None:
    """The zone the card comes from, the card as paid and its owner when another player owns it:
    the hand (``by_rule``: neither flipped up nor played by an effect), or the cards a card removed
    that its player may play "as though they were in your hand ... even if you cannot meet their
    threshold" (scripted_removed_played); None when the card is not where it may be played from."""
    owner = from_removed(ctx, a.player, spec, a.choices) if by_rule else None
    if owner is not None:
        zone, paid_as = "removed", paid_as.model_copy(update={"threshold": ""})
    if ctx.blocked or (owner is None and by_rule and not _from_hand(ctx, a.player, spec)):
        return None
    return zone, paid_as, owner


def _play_kind(ctx: SpoilsContext, a: A.PlayCard, spec: CardSpec, responding: bool) -> tuple[Any, bool] | None:
    """The card's script as it is played (its rules text chosen, plays.rules_text) and whether it is
    played as a tactic; None (a blocking violation) when it cannot be played this way."""
    if spec.type == "resource":
        ctx.violate("spoils.604.1a", f"{spec.name} is a resource: resources are played with play_resource "
                                     f"when an effect says so (605, 203.1)", blocking=True)
        return None
    script = rules_text(ctx, spec, S.script_of(spec), a.choices)
    if ctx.blocked:
        return None
    fast = spec.type == "tactic" or "tactical" in spec.keywords or M.can(script, "play_as_tactic")
    if not fast:  # "You may play "gear" cards whenever you could play a tactic." (a card its player controls)
        fast = played_as_tactic(ctx.work, a.player, spec)
    if fast and spec.type != "tactic" and _tactics_forbidden(ctx, a.player, spec):
        ctx.note("spoils.faq.tactician-vacation", f"tactics cannot be played now: {spec.name} may be played only "
                                                  f"at its own timing, not whenever a tactic could be")
        if a.type == "play_tactic" or responding:
            ctx.violate(S.PLAYED, f"{spec.name} cannot be played as a tactic: an effect says tactics cannot be "
                                  f"played now (402.7)", blocking=True)
            return None
        fast = False
    if (a.type == "play_tactic" or responding) and not fast:
        ctx.violate("spoils.607.2" if responding else "spoils.205.1",
                    f"{spec.name} is a {spec.type}: a response is a tactic or an ability", blocking=True)
        return None
    return script, fast


def _tactics_forbidden(ctx: SpoilsContext, player: str, spec: CardSpec) -> bool:
    """"Tactics cannot be played": also closes the tactic timing to a card played at it (Tactical,
    507.6a; spoils.faq.tactician-vacation), which keeps its own timing."""
    said = P.claims(ctx.work, S.PLAYED, Subject.being_played(spec.model_copy(update={"type": "tactic"}), player))
    return any(c.verb == "forbid" for c in said) and not any(c.verb == "permit" for c in said)


def _play_timing(ctx: SpoilsContext, p: str, spec: CardSpec, subject: Subject, fast: bool,
                 responding: bool) -> str | None:
    """When the card may be played: a tactic (or a card played as one) whenever a tactic may be,
    as a response or not (205.1, 507.6a); any other card in its controller's main phase.  Returns the
    play it answers, if any (a blocking violation when the timing is wrong)."""
    if not fast:
        main_timing(ctx, p, spec, subject)
        return None
    rule = "spoils.205.1" if spec.type == "tactic" else "spoils.507.6a"
    _, response_to = fast_timing(ctx, p, rule, f"play {spec.name}", subject, responding)
    return response_to


def _play_cost(ctx: SpoilsContext, p: str, spec: CardSpec, paid_as: CardSpec, a: A.PlayCard,
               env: SC.Env | None) -> tuple[int, int]:
    """309.1: the numeric cost of the play (with its extra costs) against the unattached resources;
    a play its player cannot pay is illegal and undone whole (604.1e)."""
    taxed = env.tax if env else 0  # what taxes on its costs' picks add (505.1)
    cost, trace = P.numeric_cost(ctx.work, paid_as, p, extra=a.extra_cost + (env.pay if env else 0) - taxed, free=a.free)
    ctx.because.extend(trace)
    taxed += _PARTIES.charge(ctx, p, "play_tactic", "play a tactic") if spec.type == "tactic" else 0
    cost += taxed  # a tax is not part of the numeric cost (scripted_costs)
    available = ctx.unattached(p)
    if _PARTIES.short(ctx, p, taxed, cost, available, spec.name):
        return cost, available
    if not ctx.require(cost <= available, "spoils.309.1",
                       f"{spec.name} costs {cost}: {p} has {available} unattached resource(s), so the play is "
                       f"illegal and undone whole (604.1e, spoils.faq.no-partial-payment)",
                       f"{p} pays {cost} by attaching {cost} of {available} unattached resource(s) to the faction "
                       f"(203.3a)"):
        ctx.note("spoils.604.1e", "the play would be undone whole")
    return cost, available


def paid_for(spec: CardSpec, env: SC.Env | None, a: A.PlayCard) -> dict[str, Any] | None:
    """What a permanent's play fixed that its own "when this card enters play" triggers read: the
    targets its extra costs picked, X, the action's choices (how it was played: ``flip_up``)."""
    if spec.type == "tactic" or (env is None and not a.choices):
        return None
    return {"picks": env.picks if env else [], "x": env.x if env else None, "choices": dict(a.choices)}


def _from_hand(ctx: SpoilsContext, p: str, spec: CardSpec) -> bool:
    """604.1a: the card is chosen from the player's hand."""
    pl = ctx.work.players[p]
    if not ctx.require(pl.hand > 0, "spoils.604.1a", f"{p} has no card in hand",
                       f"{p} plays {spec.name} from hand", blocking=True):
        return False
    if len(pl.hand_cards) >= pl.hand:
        ctx.require(spec.name in pl.hand_cards, "spoils.604.1a", f"{spec.name} is not in {p}'s hand",
                    f"{spec.name} is in {p}'s hand")
    return True


def flipped_resource(ctx: SpoilsContext, p: str, spec: CardSpec, a: A.PlayCard) -> tuple[str, Any] | None:
    """507.4a: a card played using FLIP UP (``choices.flip_up``: true, or the id of the face-down
    resource) is a face-down resource its player controls, and the card has FLIP UP; returns the
    resource id and the keyword (its cost, threshold and extra costs)."""
    said = a.choices.get("flip_up")
    if not said:
        return None
    keyword = M.flip_up(S.script_of(spec)) or granted_flip_up(ctx.work, p, spec)
    if not ctx.require(keyword is not None, "spoils.507.4a", f"{spec.name} has no FLIP UP", blocking=True):
        return None
    resources = ctx.work.players[p].resources
    rid = said if isinstance(said, str) else next(
        (r for r, res in resources.items() if not res.face_up and res.name == spec.name), None)
    res = resources.get(rid or "")
    if not ctx.require(res is not None and not res.face_up and res.name == spec.name, "spoils.507.4a",
                       f"{p} controls no face-down resource {spec.name}{f' ({rid})' if rid else ''} to flip up",
                       f"{spec.name} is a face-down resource of {p} ({rid}): it is played as if from hand by "
                       f"paying its FLIP UP cost {keyword.cost or 0} and meeting its FLIP UP threshold "
                       f"{keyword.threshold or '(none)'} (406.7, 507.4d: its timing does not change)",
                       blocking=True):
        return None
    return rid, keyword


def flip_up_resource(ctx: SpoilsContext, p: str, spec: CardSpec, rid: str, cost: int, available: int) -> tuple[int, int]:
    """507.4b: the face-down card may pay its own FLIP UP cost before it turns face up; then it
    leaves the resources (411.3).  Returns what is left to pay and of the unattached resources."""
    if cost > 0 and not ctx.work.players[p].resources[rid].attached:
        ctx.note("spoils.507.4b", f"{spec.name} pays 1 of its own FLIP UP cost before it is flipped")
        ctx.emit(E.ResourcesAttached(player=p, resources=[rid], amount=1))
        cost, available = cost - 1, available - 1
    elif ctx.work.players[p].resources[rid].attached is False:
        available -= 1
    ctx.note("spoils.411.3", f"{spec.name} is flipped face up: it stops being a resource and is played")
    ctx.emit(E.CardFlippedUp(player=p, resource_id=rid, name=spec.name))
    return cost, available


def entering_tokens(spec: CardSpec, script: Any, x: int | None) -> list[dict[str, Any]]:
    """409.1: "this card enters play with N (X) tokens on it", done as the card enters play (X as
    its costs chose it)."""
    op = M.enters_with_tokens(script) if spec.type != "tactic" else None
    return [] if op is None else [{"script": {"card": spec.name, "ops": [op.dump()], "x": x}}]


def rules_text(ctx: SpoilsContext, spec: CardSpec, script: Any, choices: dict[str, Any]) -> Any:
    """"Choose one of the following as this card's rules text": the option the action chose
    (``choices.option``, 1 to n) is the card's text as it is played (spoils.engine.rules-text-choice)."""
    choice = M.text_choice(script)
    if choice is None:
        return script
    where = M.RULES_TEXT_CHOOSERS[choice.choose]  # the opponent's choice: choices.their.option (scripted_hands)
    said = (choices.get("their") or {}).get("option") if where == "their.option" else choices.get("option")
    n = len(choice.options)
    who = "the opponent chooses" if where == "their.option" else "choose"
    if not ctx.require(isinstance(said, int) and 1 <= said <= n, "spoils.engine.rules-text-choice",
                       f"{spec.name}: {who} one of its {n} options as its rules text (choices.{where}, 1 to {n}; "
                       f"{said!r} given)", f"{spec.name}: OPTION {said} is its rules text "
                       f"({'the opponent' if where == 'their.option' else 'the player'} chose it)", blocking=True):
        return script
    return M.with_option(script, choice, said)


def scripted_play(ctx: SpoilsContext, p: str, spec: CardSpec, a: A.PlayCard,
                  first: list[Any] = (), script: Any = None) -> tuple[SC.Env | None, list[dict[str, Any]]]:
    """A scripted card's costs (its COST: section, 401.3) checked against the action's targets
    and choices, and the effect it will have when it resolves (a tactic's EFFECT:); ``first`` are
    the extra costs of its FLIP UP, paid before the others (507.4c); ``script``: its text in force
    (an option chosen as its rules text)."""
    script = script if script is not None else S.script_of(spec)
    if script is not None and script.not_covered:
        ctx.note("spoils.engine.script-judge", f"{spec.name}: its script leaves to the judge: "
                                               + " ".join(script.not_covered))
    # A COST:/EFFECT: block on a card that stays in play (HANDOFF...) is used later, not paid to play it.
    play = M.tactic_play(script) if spec.type == "tactic" else None
    extra = S.extra_cost(script)
    if play is None and extra is None and not first:
        return None, spec.effect
    env = _PAYING.env_for(ctx, p, spec.name, None, a)
    cost = (play.cost or []) if play is not None else extra.extra_cost if extra is not None else []
    _PAYING.prepare(ctx, list(first), env)
    if env.deferred and not ctx.blocked:  # the FLIP UP's extra costs are paid right before the others (507.4c)
        _PAYING.perform(ctx, env)
    _PAYING.prepare(ctx, list(cost), env)
    if play is not None:
        SZ.precheck(ctx, list(play.play), env)  # the cards its effect will play, as the action names them
    answered = M.answered_card(ctx.work, p, list(cost))
    if answered is not None and not env.picks:
        env.picks.append([answered])
    ctx.note("spoils.engine.script", f"{spec.name} follows its script: "
             f"{script.words(script.say('spoils')) if script else ''}".strip())
    if play is None:
        return env, spec.effect
    return env, [env.doc(list(play.play))]


def _threshold_and_target(ctx: SpoilsContext, p: str, spec: CardSpec, subject: Subject, attach_to: str | None) -> None:
    """604.1b: the card's threshold is met (icons are never spent); 507.2a: an attachment names
    what it attaches to as its first extra cost."""
    missing = _SUBJECTS.missing_threshold(ctx.work, p, spec.threshold)
    ctx.check("spoils.405.2", not missing, subject,
              f"{spec.name} needs threshold {spec.threshold}: {p} lacks {missing} (604.1b)",
              f"{p} meets {spec.name}'s threshold {spec.threshold or '(none)'}; icons are never spent (405.6)")
    if spec.attach_to:
        target = ctx.work.cards.get(attach_to) if attach_to else None
        ctx.require(target is not None and target.type == spec.attach_to.lower(), "spoils.507.2a",
                    f"{spec.name} attaches to a {spec.attach_to}: choose one in play as its first extra cost",
                    f"{spec.name} will attach to {target.name if target else attach_to}")


def main_timing(ctx: SpoilsContext, p: str, spec: CardSpec, subject: Subject) -> None:
    """204.1, 206.1, 207.1: characters, items and locations during your own turn, at no other
    moment (not while a play waits for responses, 604.1g, nor during a battle, 608.1c)."""
    s = ctx.work
    rule = MAIN_ONLY[spec.type]
    if not game_started(ctx):
        return
    reasons = []
    if s.stage == "end":
        reasons.append("the turn is ending")
    if p != s.active_player:
        reasons.append(f"it is {s.active_player}'s turn")
    if s.stage == "develop":
        reasons.append(f"{s.active_player} develops first (spoils.engine.develop-first)")
    if s.pending:
        top = s.pending[-1]
        reasons.append(f"{top.player}'s {top.name} waits for responses (604.1g)" if top.player == p
                       else f"a response to {top.player}'s {top.name} is a tactic or an ability (607.2)")
    if s.battle is not None:
        reasons.append("a battle is in progress: only tactics and abilities (608.1c)")
    ctx.check(rule, not reasons, subject, f"{spec.name} ({spec.type}) is played during {p}'s own turn only: "
              + "; ".join(reasons), f"{p} may play a {spec.type} during the free-form turn (603.2a)")
