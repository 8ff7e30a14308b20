"""Issue 24, the rehearsal checks the meanings of continuous abilities (``tests/scenarios/spoils_pool_whiles.py``,
``spoils_pool_statics.py``): a "while" seen on a table where its condition holds and on one where it does not,
and what "the attached character" is given or forbidden seen on the host beside the same table without the
card.  For each kind, a mutation test changes the engine the way a bug would and shows the rehearsal fail.

Sleeping Guard: "While your opponent controls a character, this card gains 1 strength and 1 life."
(spoils.601.1: a continuous ability applies while its condition holds)."""
from __future__ import annotations

from typing import Any

import pytest

from adjudicator.effects import operations as O
from adjudicator.spoils.rules.context import SpoilsContext  # noqa: F401  (the engine loaded before it is changed)
from adjudicator.spoils.text import continuous
from tests.scenarios.spoils_pool import rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
GUARD = "Sleeping Guard"


def test_the_rehearsal_sees_a_while_true_and_false(client):
    result = rehearse(client, GUARD)
    assert result.holds, result.problems
    held = [c for c in result.checked if "'who': 'opponent'}" in c]
    assert any(c.endswith("holds: {'strength': 2, 'life': 2, 'speed': 3, 'keywords': []}") for c in held), held
    assert any(c.endswith("does not hold: {'strength': 1, 'life': 1, 'speed': 3, 'keywords': []}") for c in held), held


def test_the_rehearsal_fails_when_a_while_ignores_its_condition(client, monkeypatch):
    """A "while" whose condition the engine takes as always true gives the Guard its strength on a table where
    bob controls no character: the rehearsal fails."""
    monkeypatch.setattr(continuous, "holds", lambda *args, **kw: True)
    result = rehearse(client, GUARD)
    assert not result.holds
    assert any("does not hold: {'strength': 2, 'life': 2" in p and "the text gives {'strength': 1" in p
               for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_while_reads_the_wrong_player(client, monkeypatch):
    """"your opponent controls" read as "you control": alice's characters make it hold on both tables."""
    holds = continuous.holds

    def yours(state: Any, cond: Any, *args: Any, **kw: Any) -> Any:
        if getattr(cond, "who", None) == "opponent":
            cond = cond.model_copy(update={"who": "you"})
        return holds(state, cond, *args, **kw)
    monkeypatch.setattr(continuous, "holds", yours)
    result = rehearse(client, GUARD)
    assert not result.holds and any("does not hold" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_while_changes_another_amount(client, monkeypatch):
    """Nefarious Horror: "While your opponent controls more characters than you, this card gains 2 strength, 2
    life, and loses Covert."  The engine giving 1 strength instead of 2 makes the rehearsal fail."""
    static = continuous._static

    def less(state: Any, op: Any, *args: Any) -> Any:
        docs = static(state, op, *args)
        return [{**d, "modify": {**d["modify"], "by": d["modify"]["by"] - 1}} if isinstance(op, O.Modify)
                and d.get("modify", {}).get("parameter") == "strength" else d for d in docs]
    monkeypatch.setattr(continuous, "_static", less)
    result = rehearse(client, "Nefarious Horror")
    assert not result.holds and any("holds: {'strength': 3" in p for p in result.problems), result.problems


def test_the_rehearsal_sees_what_the_attached_character_cannot_do(client):
    """Lugubrious Finger Trap: "ATTACH to Character. The attached character cannot attack or block." Its host
    is refused an attack and a block that the same table without the card allows (spoils.310.1)."""
    result = rehearse(client, "Lugubrious Finger Trap")
    assert result.holds, result.problems
    assert "ability 2: a1 blocking is legal: False (without the card: True)" in result.checked
    assert "ability 2: a1 cannot attack (True; without the card: False)" in result.checked


def test_the_rehearsal_fails_when_a_cannot_drops_a_verb(client, monkeypatch):
    """A "cannot attack or block" the engine reads as "cannot attack" lets the host block: the rehearsal fails."""
    static = continuous._static

    def first_only(state: Any, op: Any, *args: Any) -> Any:
        if isinstance(getattr(op, "cannot", None), list):
            op = op.model_copy(update={"cannot": op.cannot[:1]})
        return static(state, op, *args)
    monkeypatch.setattr(continuous, "_static", first_only)
    result = rehearse(client, "Lugubrious Finger Trap")
    assert not result.holds
    assert "ability 2 alone: a1 blocking is legal: True (without the card: True)" in result.problems, result.problems


def test_the_rehearsal_fails_when_a_keyword_goes_to_the_wrong_card(client, monkeypatch):
    """Very Big Hat of Invisibility: "The attached character gains Covert."  The engine giving Covert to the
    Hat itself instead of its host makes the rehearsal fail."""
    static = continuous._static

    def on_itself(state: Any, op: Any, *args: Any) -> Any:
        return [{**d, "applies_to": "self"} if "gain" in d else d for d in static(state, op, *args)]
    monkeypatch.setattr(continuous, "_static", on_itself)
    result = rehearse(client, "Very Big Hat of Invisibility")
    assert not result.holds and any("a1 has covert: []" in p for p in result.problems), result.problems


# ------------------------------------------------------------------ rights a card takes away (spoils_pool_rights)

def test_the_rehearsal_sees_who_a_cannot_forbids(client):
    """Martial Artist: "Your opponent cannot pick this card." bob's pick of it is refused, his pick of another
    character and alice's pick of it are legal (spoils.310.1, spoils.101.1)."""
    result = rehearse(client, "Martial Artist")
    assert result.holds, result.problems
    assert "ability 1: bob picking x1: refused, bob picking a1: legal, alice picking x1: legal" in result.checked


def test_the_rehearsal_fails_when_a_cannot_forbids_both_players(client, monkeypatch):
    """An engine that reads "your opponent cannot pick this card" as "nobody can" refuses alice's own pick."""
    from adjudicator.spoils.decide import pick_domains
    from adjudicator.spoils.rules import selection

    def nobody(ctx: Any, cid: str, env: Any) -> bool:
        card = ctx.work.cards.get(cid)
        return card is not None and card.name == "Martial Artist"
    monkeypatch.setattr(selection, "unpickable", nobody)
    monkeypatch.setattr(pick_domains, "unpickable", nobody)
    result = rehearse(client, "Martial Artist")
    assert not result.holds and any("alice picking x1: refused" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_attacking_only_once_is_ignored(client, monkeypatch):
    """The Garbageman: "This card can attack only once each turn." An engine that forgets it lets the card,
    restored after its attack, attack again (spoils.101.1 over spoils.608.1b): the rehearsal fails."""
    from adjudicator.spoils.rules import mechanics

    can = mechanics.can
    monkeypatch.setattr(mechanics, "can", lambda script, what: what != "attack_once_each_turn" and can(script, what))
    result = rehearse(client, "The Garbageman")
    assert not result.holds and any("x1 attacking again: legal" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_faction_is_protected_for_the_wrong_player(client, monkeypatch):
    """High Court of Demands: "Your opponent cannot attack your faction." An engine that looks for the text
    among the attacker's cards instead of the defender's lets bob attack: the rehearsal fails."""
    from adjudicator.spoils.rules import parties

    attackable = parties.faction_attackable
    monkeypatch.setattr(parties, "faction_attackable", lambda ctx, p, player: attackable(ctx, player, p))
    result = rehearse(client, "High Court of Demands")
    assert not result.holds and any("bob attacking: legal" in p for p in result.problems), result.problems


def test_the_rehearsal_sees_how_a_card_enters_play(client):
    """Mighty Ballista: "This card enters play depleted." (spoils.303.1); Hollow Moose: "This card enters play
    under your opponent's control." (spoils.604.1h, its text over it)."""
    assert "ability 1: entered play with depleted True (text: True)" in rehearse(client, "Mighty Ballista").checked
    assert "ability 1: entered play with controller bob (text: bob)" in rehearse(client, "Hollow Moose").checked


@pytest.mark.parametrize("card, said", [("Mighty Ballista", "enters_depleted"), ("Hollow Moose", "enters_under_opponent")])
def test_the_rehearsal_fails_when_the_engine_forgets_how_a_card_enters_play(client, monkeypatch, card, said):
    from adjudicator.spoils.rules import mechanics

    can = mechanics.can
    monkeypatch.setattr(mechanics, "can", lambda script, what: what != said and can(script, what))
    result = rehearse(client, card)
    assert not result.holds and any(p.startswith("ability 1 alone: entered play with") for p in result.problems), \
        result.problems


def test_the_rehearsal_sees_a_count_change_the_card_by_what_it_counts(client):
    """Pit Boss: "This card gains 1 speed for each [D] you control." With 7 [D] and with 4, its speed is its
    printed one and 7, then 4 (spoils.601.1; the icons alice's resources provide, spoils.405.1)."""
    result = rehearse(client, "Pit Boss")
    assert result.holds, result.problems
    assert any(c.startswith("ability 1: with 4 [D] of alice's, the card's statistics {'strength': 2, 'life': 2, 'speed': 4}")
               for c in result.checked), result.checked


def test_the_rehearsal_fails_when_the_engine_counts_for_the_other_player(client, monkeypatch):
    counted = continuous.count

    def theirs(state: Any, for_each: Any, card_id: Any, controller: str, *more: Any, **kw: Any) -> Any:
        return counted(state, for_each, card_id, "bob" if controller == "alice" else "alice", *more, **kw)
    monkeypatch.setattr(continuous, "count", theirs)
    result = rehearse(client, "Pit Boss")
    assert not result.holds and any("the text gives" in p and "'speed': 7" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_a_static_drops_its_subtype(client, monkeypatch):
    """The Emperor Barduse: "All your other "dragon" characters gain 1 strength and 1 life." A dragon of the
    catalog is put beside it (x2) and gains, alice's other characters do not; an engine that drops "dragon"
    changes a1 and a2 too, and the rehearsal fails."""
    assert any(c.endswith("x2 {'strength': 1, 'life': 1}; the other characters unchanged")
               for c in rehearse(client, "The Emperor Barduse").checked)
    static = continuous._static

    def any_kind(state: Any, op: Any, *args: Any) -> Any:
        card = getattr(op, "card", None)
        if isinstance(op, O.Modify) and getattr(card, "subtype", None):
            op = op.model_copy(update={"card": card.model_copy(update={"subtype": None})})
        return static(state, op, *args)
    monkeypatch.setattr(continuous, "_static", any_kind)
    result = rehearse(client, "The Emperor Barduse")
    assert not result.holds and any(p.startswith("ability 3 alone: a1's statistics") for p in result.problems), result.problems


def test_the_rehearsal_sees_which_characters_may_block_a_covert_party(client):
    """Securitymajig: "This card can block Covert parties." bob's Covert character attacks alone: the Securitymajig
    may block it, alice's a1 may not (spoils.507.3b); 53cur17y 5y573m: "Covert parties can be blocked by
    characters without Covert": a1 may, and may not without it."""
    assert "ability 1: x1 blocking: legal, a1 blocking: refused, a1 blocking without it: refused" in \
        rehearse(client, "Securitymajig").checked
    assert "ability 1: a1 blocking: legal, a1 blocking without it: refused" in rehearse(client, "53cur17y 5y573m").checked


def test_the_rehearsal_fails_when_a_right_applies_to_the_wrong_cards(client, monkeypatch):
    """"This card can block Covert parties" given to every character: a1 blocks too, and the rehearsal fails;
    "Covert parties can be blocked by characters without Covert" given to the card alone: a1 still may not."""
    from adjudicator.spoils.text import scripts as S

    monkeypatch.setitem(S.CAN_APPLIES, "self_blocks_covert_parties", {"controller": "any", "type": "character"})
    result = rehearse(client, "Securitymajig")
    assert not result.holds and any("a1 blocking: legal" in p for p in result.problems), result.problems
    monkeypatch.setitem(S.CAN_APPLIES, "covert_parties_blockable", "self")
    result = rehearse(client, "53cur17y 5y573m")
    assert not result.holds and any("a1 blocking: refused" in p for p in result.problems), result.problems


def test_the_rehearsal_fails_when_the_restore_rule_spares_the_wrong_card(client, monkeypatch):
    """Brummagem Jewelry: "The attached character cannot be restored by its controller's faction's Restore Rule."
    On bob's turn it is attached to alice's depleted a2; as her turn starts a2 stays depleted (spoils.202.7), and
    is restored without the card.  The engine forbidding it to the Jewelry itself restores a2: the rehearsal fails."""
    assert "ability 3: a2 depleted: yes, a2 depleted without it: no" in rehearse(client, "Brummagem Jewelry").checked
    static = continuous._static

    def on_itself(state: Any, op: Any, *args: Any) -> Any:
        return [{**d, "applies_to": "self"} if "forbid" in d else d for d in static(state, op, *args)]
    monkeypatch.setattr(continuous, "_static", on_itself)
    result = rehearse(client, "Brummagem Jewelry")
    assert not result.holds and any("a2 depleted: no, a2 depleted without it: no" in p for p in result.problems), \
        result.problems


def test_the_rehearsal_fails_when_a_cost_reduction_goes_to_the_other_player(client, monkeypatch):
    """Ensmallment Ray: "Reduce the numeric cost of characters you play by 2, to a minimum of 1." alice pays 3 for
    a character of numeric cost 5, and 5 without the Ray (spoils.406.3); the engine reducing the opponent's costs
    instead makes the rehearsal fail."""
    assert "ability 2: Brash Basher paid: 3, Brash Basher paid without it: 5" in rehearse(client, "Ensmallment Ray").checked
    static = continuous._static

    def theirs(state: Any, op: Any, *args: Any) -> Any:
        docs = static(state, op, *args)
        return [{**d, "applies_to": {**d["applies_to"], "controller": "opponent"}}
                if (d.get("modify") or {}).get("parameter") == "cost" and isinstance(d.get("applies_to"), dict) else d
                for d in docs]
    monkeypatch.setattr(continuous, "_static", theirs)
    result = rehearse(client, "Ensmallment Ray")
    assert not result.holds
    assert any("Brash Basher paid: 5, Brash Basher paid without it: 5; the text gives Brash Basher paid: 3" in p
               for p in result.problems), result.problems


def test_the_rehearsal_sees_who_pays_a_tax_to_attack(client):
    """The Ministry of Other Smaller Ministries: "Your opponent must pay 2 to attack." (spoils.505.1)."""
    assert "ability 1: bob paid to attack: 2, bob paid without it: 0, alice paid to attack: 0" in \
        rehearse(client, "The Ministry of Other Smaller Ministries").checked


def test_the_rehearsal_fails_when_the_wrong_player_is_taxed(client, monkeypatch):
    from adjudicator.spoils.rules import parties

    charge = parties.charge
    monkeypatch.setattr(parties, "charge", lambda ctx, player, *a, **kw: charge(
        ctx, "alice" if player == "bob" else "bob", *a, **kw))
    result = rehearse(client, "The Ministry of Other Smaller Ministries")
    assert not result.holds and any(p.startswith("ability 1 alone: bob paid to attack: 0") for p in result.problems), \
        result.problems


def test_the_rehearsal_fails_when_a_card_that_must_be_picked_is_not(client, monkeypatch):
    """Ferrous Ferret: "Anything that can pick this card must pick it." alice's Pinch naming a1 is refused, naming
    the Ferret legal (spoils.310.1 under the card's text); forgotten by the engine, a1 may be picked."""
    assert "ability 1: alice picking a1: refused, alice picking x1: legal, alice picking a1 without it: legal" in \
        rehearse(client, "Ferrous Ferret").checked
    from adjudicator.spoils.rules import mechanics

    can = mechanics.can
    monkeypatch.setattr(mechanics, "can", lambda script, what: what != "must_be_picked" and can(script, what))
    result = rehearse(client, "Ferrous Ferret")
    assert not result.holds and any("alice picking a1: legal" in p for p in result.problems), result.problems
