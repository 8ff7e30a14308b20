"""The ground the Spoils projection's handlers share: who takes part in the window open now, the plays
waiting for responses, and the small moves of cards between hand, deck, resources and play.

Windows.  The Spoils has no priority passing (607.2b): after a play, only the opponents of the player
who made it may act, and their passes close the window.  The windows are the shared
pass-consecutively mechanism of ``adjudicator.flow`` seen through ``Window`` (whose ``seating`` is
the players taking part), and the plays waiting for responses are the shared stack of suspended
steps: a response suspends the window it was made in, and that window resumes, with the same
player to act, once the response has resolved (607.2: "once that response is resolved, you may play
another response").
"""
from __future__ import annotations

from adjudicator import flow
from adjudicator.table import change_hand, move_names
from adjudicator.spoils.model.state import TACTICS_STAGES, CardInPlay, PendingPlay, SpoilsState


def in_game(s: SpoilsState) -> list[str]:
    return [p for p in s.seating if not s.players[p].lost]


def opponents(s: SpoilsState, player: str) -> list[str]:
    """The other players still in the game, clockwise from ``player``."""
    if player not in s.seating:
        return in_game(s)
    i = s.seating.index(player)
    order = s.seating[i + 1:] + s.seating[:i]
    return [p for p in order if not s.players[p].lost]


def window_players(s: SpoilsState) -> list[str]:
    """Who takes part in the window open now: the opponents of the most recent pending play
    (607.1), the attacking then the defending player at a battle's tactics steps (608.1c, 609.1a,
    609.1e), else the active player alone (603.2)."""
    if s.pending:
        return opponents(s, s.pending[-1].player)
    if s.battle is not None and s.battle.stage in TACTICS_STAGES:
        return [s.battle.attacker, s.battle.defender]
    return [s.active_player] if s.active_player else []


def window(s: SpoilsState) -> Window:
    return flow.Window(s, window_players(s))


def step_name(s: SpoilsState) -> str:
    if s.pending:
        return f"response:{s.pending[-1].id}"
    if s.battle is not None:
        return f"battle.{s.battle.stage}"
    return s.stage


def _hand(s: SpoilsState, player: str, delta: int, cards: list[str] = (), add: bool = False) -> None:
    change_hand(s.players[player], delta, cards, add)


def _deck(s: SpoilsState, player: str, delta: int, cards: list[str] = (), add: bool = False) -> None:
    p = s.players[player]
    if p.deck is not None:
        p.deck = max(0, p.deck + delta)
    move_names(p.deck_cards, cards, add)


def _push(s: SpoilsState, play: PendingPlay) -> None:
    """A play waits for responses: the window it was made in is suspended (the shared stack of
    suspended steps) and the opponents' response window opens."""
    flow.suspend(window(s), step_name(s))
    s.pending.append(play)
    flow.open_window(window(s), window_players(s)[0] if window_players(s) else None)
    s.next_id += 1


def _pop(s: SpoilsState, pending_id: str) -> None:
    index = next((i for i, p in enumerate(s.pending) if p.id == pending_id), None)
    if index is None:
        return
    s.pending.pop(index)
    if s.suspended:
        resumed = flow.resume(window(s))
        s.to_act = resumed.to_act
        s.consecutive_passes = resumed.consecutive_passes


def _attach(s: SpoilsState, player: str, resources: list[str], attached: bool) -> None:
    """Attaches (or detaches) the player's named resources."""
    for rid in resources:
        res = s.players[player].resources.get(rid)
        if res is not None:
            res.attached = attached


def _deplete(s: SpoilsState, cards: list[str], depleted: bool) -> None:
    """Depletes (or restores) the named cards that are still in play."""
    for cid in cards:
        if cid in s.cards:
            s.cards[cid].depleted = depleted


def _out_of_battle(s: SpoilsState, card_id: str) -> None:
    b = s.battle
    if b is None:
        return
    if card_id in b.attackers:
        b.attackers.remove(card_id)
    if card_id in b.blockers:
        b.blockers.remove(card_id)
    # 302.15: damage assigned to it is cancelled; damage it assigned is still dealt (609.1e).
    b.assignments = [a for a in b.assignments if a["to"] != card_id]
    if b.target.get("card") == card_id:
        b.target_lost = True


def _leave(s: SpoilsState, card_id: str) -> CardInPlay | None:
    card = s.cards.pop(card_id, None)
    if card is None:
        return None
    _out_of_battle(s, card_id)
    for cid, other in list(dict.items(s.cards)):  # read first: only the cards attached to it are written
        if other.attached_to == card_id:
            s.cards[cid].attached_to = None
    return card
