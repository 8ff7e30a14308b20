"""Issue 24, must-show 2: the rehearsal reads each step's meaning, step by step, not each kind of step once
(``tests/scenarios/spoils_pool_reads.py``).  A check that held marks the very step it read; a step of a kind
the checks mark is proven only by its own marks, for every aspect of its meaning (a change: the cards and
what it changes, for how long); a step of another kind only when no other step of its kind could be the one
a check named.  Then, for the changes now read: a handler that ignores "this turn" of a keyword gained, or
gains another keyword, makes the rehearsal fail (spoils.602.1)."""
from __future__ import annotations

from typing import Any

from adjudicator.effects import operations as O
from adjudicator.spoils.ops import families  # noqa: F401  (every family registers its handlers into RUN)
from adjudicator.spoils.ops import interpreter as scripted
from tests.scenarios.spoils.test_pool_meanings import _mutated
from tests.scenarios.spoils_pool import found, rehearse
from tests.scenarios.spoils_pool_accounts import EXPECTED, Rehearsal
from tests.scenarios.spoils_pool_reads import mark, unread
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

DRAW_2 = ("draw", {"draw": 2})
DRAW_X = ("draw", {"draw": "X", "player": "opponent"})


def _unread(steps: list[tuple[str, dict[str, Any]]], checked: list[str] = (), marks=()) -> list[str]:
    out = Rehearsal("a card", "play", checked=list(checked))
    for head, op, aspect in marks:
        mark(out, head, op, aspect)
    unread(out, steps, EXPECTED)
    return out.unread


def test_a_check_of_one_draw_does_not_prove_another_draw():
    """"Draw 2 cards. Your opponent draws X cards.": the amount read for the first leaves the second unread."""
    left = _unread([DRAW_2, DRAW_X], ["draw: alice 2 as said"], [(*DRAW_2, "amount")])
    assert len(left) == 1 and left[0].startswith("draw: its amount not checked") and '"X"' in left[0]
    assert _unread([DRAW_2, DRAW_X], [], [(*DRAW_2, "amount"), (*DRAW_X, "amount")]) == []


def test_a_change_needs_its_cards_and_what_it_changes():
    step = ("modify", {"modify": {"strength": -5}, "card": {"cards": "character", "quantity": "the"}, "until": "turn"})
    left = _unread([step], marks=[(*step, "cards")])
    assert len(left) == 1 and "its changes not checked" in left[0]
    assert "its cards and changes not checked" in _unread([step])[0]
    assert _unread([step], marks=[(*step, "cards"), (*step, "changes")]) == []


def test_a_check_naming_a_kind_proves_the_only_step_of_that_kind():
    """A search's check names its kind ("search: ..."): it proves the one search of an effect, not two, and
    "each player" (who, without what) proves nothing."""
    one = ("search", {"search": {"cards": "character"}})
    two = ("search", {"search": {"cards": "item"}})
    assert _unread([one], ["search: Brash Basher found by alice"]) == []
    assert len(_unread([one, two], ["search: Brash Basher found by alice"])) == 2
    assert len(_unread([one], ["search: each player (['alice', 'bob'])"])) == 1
    assert "no check of its meaning held" in _unread([one])[0]


@needs_data
def test_a_keyword_gained_this_turn_is_read_and_gone_at_the_turns_end(client):
    """Air Travel: "COST: Pick a character. EFFECT: This turn, the character gains COVERT. Draw a card.\""""
    result = rehearse(client, "Air Travel", found("Air Travel"))
    assert result.holds, (result.problems, result.unread)
    assert {"gain: {'gain': 'covert'} this turn", "gain: {'gain': 'covert'} gone once the turn is over (a1)"} \
        <= set(result.checked)


@needs_data
def test_the_rehearsal_fails_when_a_keyword_handler_ignores_this_turn(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.Gain, _mutated(O.Gain, lambda op: {"until": None}))
    result = rehearse(client, "Air Travel", found("Air Travel"))
    assert not result.holds and any("does not last 'this turn' only" in p for p in result.problems), result.problems


@needs_data
def test_the_rehearsal_fails_when_a_keyword_handler_gains_another_keyword(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, O.Gain, _mutated(O.Gain, lambda op: {"gain": "elusive"}))
    result = rehearse(client, "Air Travel", found("Air Travel"))
    assert not result.holds and any(p.startswith("gain: no CardModified of {'gain': 'covert'}") for p in result.problems)


@needs_data
def test_the_rehearsal_fails_when_a_card_is_put_into_play_under_the_wrong_player(client, monkeypatch):
    """Peculate: "... put the card into play under your control." (spoils.402.8): the card picked in bob's discard
    pile enters play under alice's control; a handler that puts it under its owner's makes the rehearsal fail."""
    held = rehearse(client, "Peculate", found("Peculate"))
    assert held.holds and "put_into_play: [('Brash Basher', 'alice')] put into play as said" in held.checked
    monkeypatch.setitem(scripted.RUN, O.PutIntoPlay, _mutated(O.PutIntoPlay, lambda op: {"under": "opponent"}))
    result = rehearse(client, "Peculate", found("Peculate"))
    assert not result.holds and any(p.startswith("put_into_play: the cards put into play are [('Brash Basher', 'bob')]")
                                    for p in result.problems), result.problems


@needs_data
def test_the_rehearsal_reads_the_damage_dealt_and_fails_when_a_handler_changes_it(client, monkeypatch):
    """Bask Bile: "COST: Pick a character or faction. EFFECT: Inflict 5 damage to the character or faction."
    (spoils.408.4): a1, picked, is dealt 5 and nothing else is dealt any; a handler that deals one more makes the
    rehearsal fail."""
    from adjudicator.effects.damage import Damage

    held = rehearse(client, "Bask Bile")
    assert held.holds and "damage: 5 on each of ['a1'] as said" in held.checked, (held.problems, held.unread)
    monkeypatch.setitem(scripted.RUN, Damage, _mutated(Damage, lambda op: {"damage": op.damage + 1}))
    result = rehearse(client, "Bask Bile", {"battle": held.battle, "action": held.action})
    assert not result.holds and "damage: {'a1': 6}, the text says {'a1': 5}" in result.problems, result.problems


@needs_data
def test_the_rehearsal_reads_the_tokens_put_and_fails_when_a_handler_puts_them_elsewhere(client, monkeypatch):
    """Domain of Depravity: "At the start of your turn, you may pick a character. If you do, put a token on it."
    (spoils.409.1): the token goes on b1, the character picked; a handler that puts it on the card whose text it
    is instead makes the rehearsal fail."""
    from adjudicator.effects.tokens import Tokens

    held = rehearse(client, "Domain of Depravity")
    assert held.holds and "tokens: 1 on each of ['b1'] as said" in held.checked, (held.problems, held.unread)
    monkeypatch.setitem(scripted.RUN, Tokens, _mutated(Tokens, lambda op: {"card": "self"}))
    result = rehearse(client, "Domain of Depravity")
    assert not result.holds and any(p.startswith("tokens: {'x1': 1}") for p in result.problems), result.problems


@needs_data
def test_the_rehearsal_reads_the_cards_put_from_a_deck_and_fails_when_a_handler_takes_more(client, monkeypatch):
    """Defenestrate: "Put the top 2 cards of your opponent's deck into their discard pile. Draw a card."
    (spoils.306.1): two cards leave bob's deck for his discard pile; a handler that takes three makes the rehearsal
    fail."""
    from adjudicator.effects.zones import Put

    held = rehearse(client, "Defenestrate")
    assert held.holds and "put: the top 2 card(s) of bob's deck to discard as said" in held.checked, held.unread
    monkeypatch.setitem(scripted.RUN, Put, _mutated(Put, lambda op: {"put": op.put.model_copy(update={"count": 3})}))
    result = rehearse(client, "Defenestrate")
    assert not result.holds and "put: out of a deck [(('bob', 'discard'), 3)], the text moves [(('bob', 'discard'), 2)]" \
        in result.problems, result.problems


@needs_data
def test_the_rehearsal_reads_the_tokens_created_and_fails_when_a_handler_makes_more(client, monkeypatch):
    """Surprising Nuisance: "Put 2 Micromajig tokens into play." (spoils.409.3c: they are alice's, who controls the
    effect): exactly two, hers; a handler that makes three makes the rehearsal fail."""
    from adjudicator.effects.tokens import CreateToken

    held = rehearse(client, "Surprising Nuisance")
    assert held.holds and "create_token: 2 micromajig token(s) under alice as said" in held.checked, held.unread
    monkeypatch.setitem(scripted.RUN, CreateToken, _mutated(CreateToken, lambda op: {"count": 3}))
    result = rehearse(client, "Surprising Nuisance")
    assert not result.holds and any(p.startswith("create_token: [('micromajig token', 'alice'), ") for p in result.problems)


def test_looking_at_the_top_cards_is_read_from_the_cards_seen_and_by_whom():
    """"Look at the top 3 cards of your deck": three of alice's, seen by her alone; shown to both players, or
    two cards, is a problem; cards not named (the action did not record them) leave the step unread."""
    from tests.scenarios.spoils_pool_zones import looked_at_as_said

    step = ("look_at", {"look_at": {"cards": "card", "count": 3, "plural": True, "quantity": "the_top", "zone": "deck",
                                    "zone_owner": "you"}})

    def seen(cards: int, by: str = "you") -> Rehearsal:
        out = Rehearsal("a card", "play")
        looked_at_as_said([{"type": "CardsRevealed", "data": {"player": "alice", "zone": "deck", "seen_by": by,
                                                               "cards": ["Greed"] * cards}}], [step], out)
        return out
    assert seen(3).checked == ["look_at: the top 3 card(s) of alice's deck seen by her alone"] and not seen(3).problems
    assert seen(2).problems and seen(3, "both").problems
    assert not seen(0).checked and not seen(0).problems


def _one_card_per_kind() -> dict[str, str]:
    """For each kind of operation whose cards the rehearsal reads (``TOUCH``), the first listed card that plays it
    on the one card it picks or on all characters of a kind."""
    from pathlib import Path

    import yaml

    from tests.scenarios.spoils_pool import listed
    from tests.scenarios.spoils_pool_accounts import steps_of
    from tests.scenarios.spoils_pool_targets import TOUCH

    path = Path(__file__).resolve().parents[3] / "rulings" / "data" / "scripts" / "spoils.yaml"
    packaged, out = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"], {}
    for name in listed():
        for ability in (packaged.get(name) or {}).get("abilities") or []:
            for head, op in steps_of(ability.get("play") or []):
                sel = op.get(TOUCH[head][0]) if head in TOUCH else None
                if isinstance(sel, dict) and (sel.get("quantity") == "the" and not sel.get("plural")
                                              or sel.get("quantity") == "all" and sel.get("adjectives")):
                    out.setdefault(head, name)  # (one card picked, or all of a kind: "every character" differs)
    return out


@needs_data
def test_for_each_kind_of_operation_on_cards_a_handler_taking_every_character_fails_the_rehearsal(client, monkeypatch):
    """Issue 24, must-show 2, per kind of node: for each operation the rehearsal reads the cards of (destroy,
    deplete, return to hand, gain control, a change, a keyword gained...), a handler that acts on every character
    instead of the ones its selector takes makes that card's rehearsal fail, saying which cards it acted on."""
    from adjudicator.effects import OPERATIONS
    from adjudicator.effects.selectors import Cards
    from tests.scenarios.spoils_pool_targets import TOUCH

    kinds = _one_card_per_kind()
    assert {"destroy", "deplete", "return_to_hand", "modify", "gain"} <= set(kinds), kinds
    every = Cards(cards="character", quantity="all", plural=True)
    for head, card in sorted(kinds.items()):
        assert rehearse(client, card, found(card)).holds, (head, card)
        cls = next(c for c in OPERATIONS if c.HEAD == head)
        with monkeypatch.context() as m:
            m.setitem(scripted.RUN, cls, _mutated(cls, lambda op, key=TOUCH[head][0]: {key: every}))
            result = rehearse(client, card, found(card))
        assert not result.holds and any(p.startswith(TOUCH[head][1]) and ": the cards acted on are" in p
                                        for p in result.problems), (head, card, result.problems)


@needs_data
def test_a_card_put_into_play_as_an_attacker_is_read_in_the_battle_and_it_is_that_card(client, monkeypatch):
    """Catastrophic Betrayal: "... Put the character into play under your control as a member of the attacking
    party. Deplete it." (spoils.402.8): the character picked in bob's discard pile enters play under alice's
    control among the attackers, and "it" is that card, depleted; a handler that leaves it out of the battle
    makes the rehearsal fail."""
    card = "Catastrophic Betrayal"
    held = rehearse(client, card, found(card))
    assert held.holds and "CardsDepleted: exactly ['c2'] as the selectors take" in held.checked, held.unread
    monkeypatch.setitem(scripted.RUN, O.PutIntoPlay, _mutated(O.PutIntoPlay, lambda op: {"as_attacker": False}))
    result = rehearse(client, card, found(card))
    assert not result.holds and any(p.startswith("put_into_play: the cards put into play are [('Brash Basher', 'alice')]"
                                                 " (['c2'] among the ['attackers']: False)") for p in result.problems), \
        result.problems
