"""A game of The Spoils with no winner, read against rule 306.4: every player still in the game losing
at the same moment is a draw.  The pool's "Mutual Ruin" (each faction loses 2 influence) does it, as no
printed card makes both factions lose at once."""
from __future__ import annotations

from events.models import spoils as E
from tests.scenarios.spoils.engine.tables import events_of, prepare_game


def test_both_players_losing_at_once_is_a_draw_with_no_winner():
    """spoils.306.4 (with spoils.102.2): p1 at 1 influence and p2 at 2 both reach 0 from the one
    instruction of Mutual Ruin; both lose at the same moment, so the game is a draw between them and
    nobody wins."""
    t = prepare_game(influence=(1, 2), hand_cards=(["Mutual Ruin"], []), hands=(1, 0))
    t.act({"type": "play_card", "player": "p1", "card": "Mutual Ruin"})
    t.act({"type": "pass", "player": "p2"})
    assert {e.player for e in events_of(t, E.PlayerLost)} == {"p1", "p2"}, "spoils.306.4"
    assert len(events_of(t, E.GameDrawn)) == 1 and not events_of(t, E.GameWon), "spoils.306.4"
    assert t.engine.status(t.state) == ("finished", {"player": None, "by": "draw"}), "spoils.306.4"
