"""The pool rehearsal's accounting (``spoils_pool.py``): what each operation of a script's effect is answered
by (``EXPECTED``: a "draw" by ``CardsDrawn``, ...), the steps that run (a "you may" taken, what follows "if you
do"), how a card is used, and a ``Rehearsal``'s account of each ability of the card: checked when the events
or the card in play show it acting, unchecked otherwise (statistics, keywords, statics seen on other cards)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.scenarios import spoils_pool_abilities as more
from tests.scenarios.spoils_pool_table import BOARD, ICONS, TESTED, TRIGGERS, setup_for
from tests.scenarios.spoils_table import Table, new_game


EXPECTED: dict[str, tuple[str, ...]] = {
    "attach": ("AttachmentMoved",),
    "draw": ("CardsDrawn",),
    "discard": ("CardsDiscarded", "ChoiceRequired"),
    "damage": ("DamageDealt", "CardDestroyed", "InfluenceLost"),
    "destroy": ("CardDestroyed",),
    "lose_influence": ("InfluenceLost",),
    "gain_influence": ("InfluenceGained",),
    "return_to_hand": ("CardLeftPlay", "ResourceReturned"),
    "remove_from_game": ("CardLeftPlay",),
    "shuffle_into_deck": ("CardLeftPlay",),
    "put_in_discard": ("CardPutInDiscard", "CardLeftPlay", "CardDestroyed"),
    "deplete": ("CardsDepleted",),
    "restore": ("CardsRestoredByEffect",),
    "modify": ("EffectStarted", "CardModified"),
    "modify_either": ("CardModified",),
    "gain": ("EffectStarted", "CardModified"),
    "lose": ("EffectStarted", "CardModified"),
    "gain_control": ("ControlChanged",),
    "tokens": ("TokensChanged",),
    "create_token": ("CardEnteredPlay",),
    "play_resource": ("ResourcePlayed",),
    "heal": ("DamageRemoved",),
    "search": ("CardsSearched",),
    "reduce_next_cost": ("EffectStarted",),
    "adjust_amount": ("EffectStarted",),
    "detach": ("ResourcesDetached",),
    "reveal": ("CardsRevealed",),
    "look_at": ("CardsRevealed",),
    "put": ("CardsMoved", "CardsSearched", "CardEnteredPlay"),
    "put_back": ("CardsMoved",),
    "put_into_play": ("CardEnteredPlay",),
    "put_into_play_as_resource": ("ResourcePlayed",),
    "terminate": ("PlayTerminated",),
    "terminate_to_hand": ("PlayTerminated",),
    "enters_under_you": ("EffectStarted",),
    "remove_from_battle": ("RemovedFromBattle",),
    "cannot": ("EffectStarted",),
    "flip": ("CardLeftPlay",),
    "play_card": ("CardPlayed",),
    "resolve_as_resource": ("ResourcePlayed",),
}
"""The events that answer an operation the effect runs unconditionally."""
TYPE_ONLY = frozenset({
    "attach", "damage", "heal", "tokens", "create_token", "play_resource", "shuffle_into_deck", "put_in_discard",
    "flip", "enters_under_you", "remove_from_battle", "cannot", "reduce_next_cost", "adjust_amount", "detach",
    "reveal", "look_at", "put", "put_back", "put_into_play_as_resource", "modify_either"})
"""Operations no check of meanings reads (not ``spoils_pool_meanings``' amounts, not ``spoils_pool_targets``' cards
acted on, not a search's, a play's or a response's check): an event of the right type is all the rehearsal would
see of them, not which cards, amounts, players, zones or durations they say.  Fail closed (issue 24): such a step
leaves the card unproven (``Rehearsal.unread``), however many of its events appear."""
STRUCTURE = {"pick", "may", "if_you_do", "and", "if", "pay", "choose_x", "x_is", "x_where", "as_printed", "both_players",
             "flip_coin", "if_you", "otherwise", "tie_break", "choose_card_type", "choose_card", "among_picked"}
"""Steps that hold, choose or pay for operations rather than do something an event shows (what they hold is
read as steps of its own); any other step no ``EXPECTED`` event answers leaves the card unproven (issue 24:
every node's meaning is checked, not only the ones the rehearsal knows)."""
NESTED = ("may", "if_you_do", "and")
"""Steps whose operations run in the rehearsal too: a "you may" is taken (the action's default), and
what follows "if you do" then happens (each of "destroy that item and your faction loses 2 influence")."""


@dataclass
class Rehearsal:
    card: str
    use: str
    action: dict[str, Any] | None = None
    battle: str = "none"
    events: list[str] = field(default_factory=list)
    expected: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    focus: int | None = None
    """The one ability rehearsed (its index), or None: the card's own rehearsal."""
    open: list[int] = field(default_factory=list)
    """The index of the ability each ``unchecked`` line speaks of."""
    notes: list[str] = field(default_factory=list)
    paid: int = 0
    before: dict[str, Any] = field(default_factory=dict)
    """The cards in play before the action rehearsed (as the state document gives them)."""
    unread: list[str] = field(default_factory=list)
    """The steps only the type of their events answered: their meaning is not checked (``spoils_pool_reads``)."""
    players: dict[str, Any] = field(default_factory=dict)
    """The players before the action rehearsed (as the state document gives them)."""
    read: set[tuple[str, str]] = field(default_factory=set)
    """The steps a check of meanings read, by key and aspect (``spoils_pool_reads.mark``)."""

    @property
    def holds(self) -> bool:
        """Nothing went wrong, and each ability of the card's text (or, without text, its printed
        statistics) was seen to act."""
        return not self.problems and not self.unchecked and not self.unread and bool(self.checked)


def _script(pool_card: dict[str, Any]) -> dict[str, Any]:
    return pool_card.get("script") or {}


def _heads(ops: list[dict[str, Any]], won: bool = False) -> list[str]:
    """The operation of each step (its head among the keys of the dumped model); ``won``: the coin
    flip is won (the action said so), what follows "if you win" happens too."""
    return [head for head, _ in steps_of(ops, won)]


def steps_of(ops: list[dict[str, Any]], won: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """Each step's head (as ``_heads``) with the step itself."""
    from adjudicator.effects import OPERATIONS

    known = {cls.HEAD for cls in OPERATIONS}
    steps = []
    for op in ops:
        if not isinstance(op, dict) or not op:
            continue
        head = next((k for k in op if k in known), "?")
        steps.append((f"{head}_as_resource" if head == "put_into_play" and op.get("as_resource") else head, op))
        if head in NESTED and isinstance(op[head], list):  # "you may ..." (taken)
            inner = op[head] if not op.get("who") else [  # "your opponent may draw a card": theirs
                {**x, "player": op["who"]} if isinstance(x, dict) and "player" not in x else x for x in op[head]]
            steps.extend(steps_of(inner, won))
        elif won and head == "if_you" and op[head] == "win":  # the coin flip won
            steps.extend(steps_of(op["then"], won))
        elif head in WRAPPERS and isinstance(op.get(WRAPPERS[head]), list):
            steps.extend(steps_of(op[WRAPPERS[head]], won))
        elif head == "both_players" and isinstance(op[head], list):  # "each player draws a card": both
            steps.extend(steps_of([{**x, "player": "each"} if isinstance(x, dict) and "player" not in x else x
                                   for x in op[head]], won))
    return steps


WRAPPERS = {"as_printed": "as_printed", "x_where": "then"}
"""Steps that run the operations they hold unconditionally: words kept as printed ("return ... to their
owner's hand"), "X is ... : <operations with X>" (their amount X: left to the type check)."""


def picks_in(cost: list[dict[str, Any]]) -> int:
    """How many targets the COST: names: each "pick", and each cost that takes a card of the
    player's choice ("Destroy a character you control")."""
    def chooses(value: Any) -> bool:
        return isinstance(value, dict) and "cards" in value and value.get("quantity") in ("a", "an", "another", "one")

    return sum(1 for op in cost if isinstance(op, dict) and ("pick" in op or "x_if_it_is" not in op
                                                              and any(chooses(v) for v in op.values())))


def use_of(script: dict[str, Any], card_type: str) -> tuple[str, dict[str, Any] | None]:
    """How the card is exercised: ``play`` (a tactic's play, or a permanent that enters play, with
    its "when this card enters play" triggers), or ``ability`` (an activated ability of the card in
    play); and the ability document whose effect is checked (None: only its entering play).  The
    block printed under RECUR or HANDOFF is an ability of its own (``spoils_pool_abilities``)."""
    abilities = script.get("abilities") or []
    entering = next((ab for ab in abilities if ab.get("when") == "enters_play"), None)
    if card_type == "resource" and not any("play" in ab for ab in abilities):
        return "resource", entering and {"play": entering.get("effect") or [], "cost": []}
    for i, ab in enumerate(abilities):
        if "play" in ab and more.partner(abilities, i) is None:
            return "play", ab
    for ab in abilities:
        if "ability" in ab and ab.get("effect"):
            return "ability", ab
    for ab in abilities:
        if ab.get("when") in ("enters_play", "enters_or_leaves_play"):  # brought about by playing it
            return "play", more.entering(ab)
    for ab in abilities:
        if ab.get("when") in TRIGGERS:
            return "trigger", ab
    return "play", None



def _self_modifiers(script: dict[str, Any]) -> dict[str, int] | None:
    """What the card's continuous abilities add to its own statistics ("This card gains 1 strength",
    also under a threshold alice meets); None when it has another kind of continuous ability."""
    total: dict[str, int] = {}
    for ab in script.get("abilities") or []:
        met = "requires" not in ab or all(str(ab["requires"]).count(i) <= ICONS.count(i) for i in set(str(ab["requires"])))
        for part in ([ab] if "static" in ab else ab.get("then") or [] if "requires" in ab and met else []):
            for op in part.get("static") or []:
                if op.get("card") != "self" or set(op) - {"card", "modify"}:
                    return None
                for stat, n in op["modify"].items():
                    if stat in ("strength", "life", "speed"):
                        total[stat] = total.get(stat, 0) + int(n)
    return total


SHOWN_KEYWORDS = ("covert", "tactical")
"""Keywords a card in play shows among its effective keywords."""


def account(table: Table, out: Rehearsal, script: dict[str, Any], used: dict[str, Any] | None,
             printed: dict[str, Any], answered: bool) -> None:
    """Which abilities of the card the rehearsal saw act (``checked``) and which it could not
    (``unchecked``): the one used (its operations answered by events), continuous abilities that add
    to the card's own statistics, the keywords its state shows, a resource played."""
    mine = [c for _, c in _tested(table, out.card)]
    abilities = script.get("abilities") or []
    for i, ab in enumerate(abilities):
        if out.focus is not None and i not in (out.focus, more.partner(abilities, out.focus)):
            continue  # rehearsed alone: the other abilities are not this rehearsal's
        if more.seen(table, out, i, ab, mine, script):
            continue
        if used is not None and (ab is used or ab.get("effect") == used.get("play") and ab.get("when") == "enters_play"
                                 or out.focus is not None and out.use not in ("flip_up",)):
            if not answered:
                _unchecked(out, i, "none of its operations is one the rehearsal checks")
            continue
        keyword = ab.get("keyword")
        if keyword == "provides" and out.use == "resource":
            continue
        if keyword in SHOWN_KEYWORDS and mine and _loses(used, keyword):  # "it loses Covert this turn": it did
            had = keyword in ((out.before.get(_tested(table, out.card)[0][0]) or {}).get("effective") or {}).get("keywords", [])
            now = keyword in mine[0]["effective"]["keywords"]
            (out.checked if had and not now else out.problems).append(
                f"{keyword} among its keywords before: {had}, once its text said it loses it: {now}")
            continue
        gone = out.before.get(TESTED) if not mine and out.before.get(TESTED, {}).get("name") == out.card else None
        if keyword in SHOWN_KEYWORDS and gone:  # the card left play as its ability was used: as it was before
            shown = keyword in (gone.get("effective") or {}).get("keywords", [])
            (out.checked if shown else out.problems).append(f"{keyword} {'shown' if shown else 'not shown'} in play "
                                                            f"before it left")
            continue
        if keyword in SHOWN_KEYWORDS and mine:
            if keyword in mine[0]["effective"]["keywords"]:
                out.checked.append(f"{keyword} shown in play")
            else:
                out.problems.append(f"{keyword} is not among its keywords in play")
            continue
        if keyword == "unique" and mine and mine[0].get("unique"):
            out.checked.append("unique in play")
            continue
        adds = _self_modifiers({"abilities": [ab]}) if ("static" in ab or "requires" in ab) else None
        if adds:
            continue  # checked by _check_self
        if _others_modified(table, out, ab, script) or _shown_in_play(table, out, ab, mine):
            continue
        _unchecked(out, i, str(ab)[:80])


def _loses(used: dict[str, Any] | None, keyword: str) -> bool:
    """Whether the ability rehearsed makes the card lose ``keyword`` (its cost or its effect: "COST: This card
    loses Covert this turn.", "If this card attacks, it loses Covert this turn.")."""
    ops = [*((used or {}).get("effect") or []), *((used or {}).get("cost") or [] if isinstance((used or {}).get("cost"), list) else [])]
    return any(isinstance(op, dict) and op.get("lose") == keyword and op.get("card") in ("self", "it") for op in ops)


def _unchecked(out: Rehearsal, i: int, why: str) -> None:
    out.open.append(i)
    out.unchecked.append(f"ability {i + 1}: {why}")


def _tested(table: Table, card: str) -> list[tuple[str, dict[str, Any]]]:
    """The card under rehearsal in play (``x1``, or the copy that entered play: not the board's)."""
    return [(cid, c) for cid, c in table.state()["cards"].items() if c["name"] == card and cid not in BOARD]


def _shown_in_play(table: Table, out: Rehearsal, ab: dict[str, Any], mine: list[dict[str, Any]]) -> bool:
    """"This card can attack the turn it enters play" (an attack with it is legal at once) and "This
    card enters play with N tokens on it" (the tokens are there), for the card just played (also under
    a threshold alice meets)."""
    ops = _statics(ab)
    if len(ops) != 1 or out.use != "play" or not mine:
        return False
    cid = _tested(table, out.card)[0][0]
    if ops[0] == {"can": "attack_at_once"}:
        legal = table.check({"type": "attack", "player": "alice", "attackers": [cid]}).get("legal")
        (out.checked if legal else out.problems).append(f"attacking at once {'is' if legal else 'is not'} legal")
        return True
    if set(ops[0]) == {"can"} and ops[0]["can"] in ENTERS:  # "This card enters play depleted" (604.1h otherwise)
        field, want = ENTERS[ops[0]["can"]]
        got = mine[0][field]
        (out.checked if got == want else out.problems).append(f"entered play with {field} {got} (text: {want})")
        return True
    if set(ops[0]) - {"numeral", "comes"} == {"enters_with_tokens"} and isinstance(ops[0]["enters_with_tokens"], int):
        want, got = ops[0]["enters_with_tokens"], mine[0]["tokens"]
        (out.checked if got == want else out.problems).append(f"entered play with {got} tokens (text: {want})")
        return True
    return False


ENTERS = {"enters_depleted": ("depleted", True), "enters_under_opponent": ("controller", "bob")}
"""How a card enters play by its text ("This card enters play depleted", "... under your opponent's
control"), as the card in play shows it, by the ``can`` that says it."""


def _statics(ab: dict[str, Any]) -> list[dict[str, Any]]:
    """The continuous operations of an ability (under a threshold alice meets: she has every icon)."""
    if "static" in ab:
        return list(ab["static"])
    return [op for part in ab.get("then") or [] for op in part.get("static") or []] if "requires" in ab else []


def _others_modified(table: Table, out: Rehearsal, ab: dict[str, Any], script: dict[str, Any]) -> bool:
    """"All your characters gain 1 life", "The attached character gains 2 strength": each character
    of the board the text names shows the change (with every other ability of the card naming the
    same characters) beside the same table without the card (a new game); False for another kind."""
    ops = _statics(ab)
    if len(ops) != 1 or set(ops[0]) != {"modify", "card"} or not isinstance(ops[0]["card"], dict):
        return False
    who = ops[0]["card"]
    host = who.get("adjectives") == ["attached"] and who.get("quantity") == "the"
    if host and not (out.action or {}).get("attach_to"):
        return False  # not attached on this table: rehearsed alone (spoils_pool_statics)
    if not host and (who.get("cards") != "character" or who.get("quantity") not in ("all", "each") or set(who) - {
            "cards", "quantity", "whose", "plural", "controller"}):
        return False
    total: dict[str, int] = {}
    for other in script.get("abilities") or []:
        for op in _statics(other):
            if op.get("card") == who and isinstance(op.get("modify"), dict):
                for stat, n in op["modify"].items():
                    if stat in ("strength", "life", "speed"):
                        total[stat] = total.get(stat, 0) + int(n)
    mine = {"your": "alice", "you": "alice", "opponent": "bob", "your_opponent": "bob"}.get(
        who.get("whose") or who.get("controller") or "", None)
    now = table.state()["cards"]
    base = new_game(table.client, setup_for(out.card, "absent")).state()["cards"]
    for cid, card in BOARD.items():
        if cid not in now or now[cid]["type"] != "character":
            continue
        touched = cid == (out.action or {}).get("attach_to") if host else mine is None or card["controller"] == mine
        for stat, n in total.items():
            want = base[cid]["effective"][stat] + (n if touched else 0)
            if now[cid]["effective"][stat] != want:
                out.problems.append(f"{cid}'s {stat} is {now[cid]['effective'][stat]}, the text gives {want}")
                return True
    out.checked.append(f"the characters it names show {total}")
    return True


def check_self(table: Table, out: Rehearsal, script: dict[str, Any], printed: dict[str, Any]) -> None:
    """A permanent in play shows its printed statistics plus what its own text adds (a card without
    rules text: exactly the printed ones)."""
    if out.use == "resource" or printed.get("type") in ("Tactic", "Resource"):
        return
    mine = [c for _, c in _tested(table, out.card)]
    adds = _self_modifiers({"abilities": [ab for ab in script.get("abilities") or []
                                          if "static" in ab or "requires" in ab]})
    if not mine or adds is None or (not adds and script.get("abilities")):
        return
    fields = printed.get("fields") or {}
    for stat in ("strength", "life", "speed"):
        if str(fields.get(stat) or "").isdigit():
            want = int(fields[stat]) + adds.get(stat, 0)
            got = mine[0]["effective"].get(stat)
            if got != want:
                out.problems.append(f"{stat} in play {got}, its printed value and its text give {want}")
                return
    out.checked.append(f"in play with its printed statistics{' and ' + str(adds) if adds else ''}")
