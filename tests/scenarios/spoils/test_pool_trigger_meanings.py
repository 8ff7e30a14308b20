"""Issue 24, a trigger brought about is checked for its meaning, not only for the events' types
(``tests/scenarios/spoils_pool.py``, ``spoils_pool_meanings.trigger_window``): the events its resolution
produced add up, player by player, to the amounts its text says, and the cards it acted on are those its
selector takes on the table as it began to resolve ("your other characters": not the card itself).  The
card leaving play is brought about too (``spoils_pool_table.LEAVING``: destroyed by Pinch, spoils.408.4).
For each kind, a mutation test changes the engine's handler the way a bug would and shows the rehearsal fail.

Gnat: "If this card leaves play, your opponent discards a card." (spoils.305.1 a discard)."""
from __future__ import annotations

from adjudicator.effects import operations as O
from adjudicator.spoils.ops import families  # noqa: F401  (every family registers its handlers into RUN)
from adjudicator.spoils.ops import interpreter as scripted
from tests.scenarios.spoils.test_pool_meanings import _mutated
from tests.scenarios.spoils_pool import rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data


def test_a_trigger_on_leaving_play_is_brought_about_and_its_amount_checked(client):
    result = rehearse(client, "Gnat")
    assert result.holds and result.use == "trigger", result.problems
    assert {"discard answered", "discard: bob 1 as said"} <= set(result.checked)


def test_the_rehearsal_fails_when_a_trigger_affects_the_other_player(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.Discard, _mutated(O.Discard, lambda op: {"player": "you"}))
    result = rehearse(client, "Gnat")
    assert not result.holds
    assert "discard: bob CardsDiscarded.count adds up to 0, the script says 1" in result.problems, result.problems


def test_the_rehearsal_fails_when_a_trigger_changes_an_amount(client, monkeypatch):
    """Key Man: "If this card leaves play, draw a card." (spoils.306.1)."""
    assert "draw: alice 1 as said" in rehearse(client, "Key Man").checked
    monkeypatch.setitem(scripted.RUN, O.Draw, _mutated(O.Draw, lambda op: {"draw": op.draw + 1}))
    result = rehearse(client, "Key Man")
    assert not result.holds and "draw: alice CardsDrawn.count adds up to 2, the script says 1" in result.problems


def test_the_rehearsal_fails_when_a_trigger_drops_other(client, monkeypatch):
    """Cantankerous Claywork: "If this card attacks, all your other characters gain 1 strength and 1 life this
    turn." alice's a1 and a2 are changed, not the Claywork (spoils.101.1 the card's text, "other"); a handler
    that drops "other" changes the Claywork too."""
    card = "Cantankerous Claywork"
    assert "CardModified: exactly ['a1', 'a2'] as the selectors take" in rehearse(client, card).checked

    def everyone(op):
        return {"card": op.card.model_copy(update={"adjectives": []})}
    monkeypatch.setitem(scripted.RUN, O.Modify, _mutated(O.Modify, everyone))
    result = rehearse(client, card)
    assert not result.holds
    assert "CardModified: the cards acted on are ['a1', 'a2', 'x1'], the selectors take ['a1', 'a2']" in result.problems


def test_the_rehearsal_reads_a_trigger_s_targets_on_the_table_as_it_resolves(client, monkeypatch):
    """Mud Whisperer Wannabe: "If this card blocks, you may pick a character. If you do, restore that character."
    bob's b1, depleted by its attack, is the one picked and restored (spoils.303.2); a restore handler that
    restores every character instead makes the rehearsal fail."""
    card = "Mud Whisperer Wannabe"
    assert "CardsRestoredByEffect: exactly ['b1'] as the selectors take" in rehearse(client, card).checked

    def all_of_them(op):
        return {"restore": op.restore.model_copy(update={"quantity": "all"})}
    monkeypatch.setitem(scripted.RUN, O.Restore, _mutated(O.Restore, all_of_them))
    result = rehearse(client, card)
    assert not result.holds and any(p.startswith("CardsRestoredByEffect: the cards acted on are") for p in result.problems), \
        result.problems


def test_an_additional_cost_pick_is_followed_to_what_the_card_does_to_it(client):
    """Impressive Hero: "As an additional cost to play this card, you may pick a character. When this card enters
    play, if you picked a character, deplete that character." (spoils.309.1 costs, spoils.303.1 deplete)."""
    result = rehearse(client, "Impressive Hero")
    assert result.holds, result.problems
    assert {"its additional cost picked ['a1'], and its text acted on it: True",
            "CardsDepleted: exactly ['a1'] as the selectors take"} <= set(result.checked)


def test_the_rehearsal_fails_when_the_picked_card_is_not_the_one_acted_on(client, monkeypatch):
    def every_character(op):
        return {"deplete": op.deplete.model_copy(update={"quantity": "all", "plural": True})}
    monkeypatch.setitem(scripted.RUN, O.Deplete, _mutated(O.Deplete, every_character))
    result = rehearse(client, "Impressive Hero")
    assert not result.holds and any(p.startswith("CardsDepleted: the cards acted on are") for p in result.problems), \
        result.problems


def test_the_rehearsal_fails_when_the_engine_reads_the_pick_as_not_made(client, monkeypatch):
    """An "if" the engine reads as false although the play picked a character: nothing is depleted."""
    from adjudicator.spoils.text import scripts as S

    monkeypatch.setitem(scripted.RUN, S.OP["if"], lambda ctx, op, env, *more, **kw: None)
    result = rehearse(client, "Impressive Hero")
    assert not result.holds and any(p.startswith("deplete: fewer than 1") for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_card_loses_another_keyword_than_its_text_says(client, monkeypatch):
    """Recondite Hunter: "COVERT. If this card attacks, it loses Covert this turn." Covert before the attack, not
    after (spoils.508.3); a handler that takes another keyword away leaves Covert, and the rehearsal fails."""
    card = "Recondite Hunter"
    assert "covert among its keywords before: True, once its text said it loses it: False" in rehearse(client, card).checked
    monkeypatch.setitem(scripted.RUN, O.Lose, _mutated(O.Lose, lambda op: {"lose": "tactical"}))
    result = rehearse(client, card)
    assert not result.holds
    assert "covert among its keywords before: True, once its text said it loses it: True" in result.problems, result.problems


def test_the_rehearsal_sees_each_player_acted_upon(client):
    """Tremor Engine: "At the start of your turn, each player puts the top 2 cards of their deck into their discard
    pile." The moves of the trigger's resolution name alice and bob (spoils.503.1)."""
    assert "put: each player (['alice', 'bob'])" in rehearse(client, "Tremor Engine").checked


def test_the_rehearsal_fails_when_each_player_is_read_as_you(client, monkeypatch):
    from adjudicator.spoils.text import scripts as S

    monkeypatch.setitem(scripted.RUN, S.OP["both_players"],
                        lambda ctx, op, env, *more, **kw: scripted.do_all(ctx, list(op.both_players), env))
    result = rehearse(client, "Tremor Engine")
    assert not result.holds and any(p.startswith("put: each player") for p in result.problems), result.problems
