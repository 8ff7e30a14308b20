"""Issue 24, the rehearsal checks what "play a card" means (``tests/scenarios/spoils_pool_plays.py``): the card
named is played by alice, for free when the text says so (spoils.308.1), and enters play under her control;
a card of another kind, one not in her hand, and one card too many are refused (spoils.604.2, 604.1a).  Each
mutation changes the engine the way a bug would and shows the rehearsal fail.

Preponderant Craftsman: "CREATE, COST: Pay 5 and deplete this card. EFFECT: You may play a character for
free."  0p3r4710n 1337 H4x0rz: "You may play up to 4 non-tactic cards for free." """
from __future__ import annotations

from typing import Any

from adjudicator.effects import plays as P
from adjudicator.spoils.ops import (
    families,  # noqa: F401  (every family registers its handlers into RUN)
    zones,
)
from adjudicator.spoils.ops import interpreter as scripted
from tests.scenarios.spoils_pool import rehearse
from tests.scenarios.spoils_table import client, needs_data  # noqa: F401

pytestmark = needs_data
CARD = "Preponderant Craftsman"


def _mutated(change: Any) -> Any:
    handler = scripted.RUN[P.PlayCard]

    def run(ctx: Any, op: Any, env: Any, *more: Any, **kw: Any) -> Any:
        return handler(ctx, op.model_copy(update=change(op)), env, *more, **kw)
    return run


def test_the_rehearsal_sees_the_card_named_played_for_free_and_the_others_refused(client):
    result = rehearse(client, CARD)
    assert result.holds, result.problems
    assert result.action["choices"]["free_plays"] == ["Brash Basher"]
    assert {"play_card: Brash Basher played by alice for 0, in play under her control",
            "play_card: naming Index of Natural Forces, a item refused (spoils.604.2)",
            "play_card: naming Creaky Old Swordsman, not in alice's hand refused (spoils.604.1a)",
            "play_card: naming 2 cards refused (spoils.604.2)",
            "may declined: 0 of ['CardPlayed'] (taken: 1)"} <= set(result.checked)


def test_the_rehearsal_fails_when_the_handler_drops_for_free(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, P.PlayCard, _mutated(lambda op: {"free": False}))
    result = rehearse(client, CARD)
    assert not result.holds
    assert "play_card: Brash Basher played by alice for 5, the text: by alice for 0" in result.problems


def test_the_rehearsal_fails_when_the_handler_plays_nothing(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, P.PlayCard, lambda ctx, op, env, *more, **kw: None)
    result = rehearse(client, CARD)
    assert not result.holds
    assert any(p.startswith("play_card: fewer than 1 of ('CardPlayed',)") for p in result.problems), result.problems


def test_the_rehearsal_fails_when_the_kind_of_card_is_not_checked(client, monkeypatch):
    monkeypatch.setattr(zones, "fits", lambda spec, ref, env: spec.type != "resource")
    result = rehearse(client, CARD)
    assert not result.holds
    assert any(p.startswith("play_card: naming Index of Natural Forces, a item is not refused citing spoils.604.2")
               for p in result.problems), result.problems


def test_the_rehearsal_fails_when_the_number_of_cards_is_not_checked(client, monkeypatch):
    """"Up to 4": five named must be refused; a reading of any number plays them all."""
    real = zones.how_many

    def any_number(ref: Any, env: Any) -> Any:
        low, _ = real(ref, env)
        return low, 99
    monkeypatch.setattr(zones, "how_many", any_number)
    result = rehearse(client, "0p3r4710n 1337 H4x0rz")
    assert not result.holds
    assert any(p.startswith("play_card: naming 5 cards is not refused") for p in result.problems), result.problems


# ------------------------------------------------------------------ "Resolve this card as a resource." (411.1)
# Sprint: "COST: Pick a character. EFFECT: This turn, the character gains 1 speed. Resolve this card as a resource."

def _as_resource() -> type:
    from adjudicator.effects import OPERATIONS

    return next(cls for cls in OPERATIONS if cls.HEAD == "resolve_as_resource")


def test_the_rehearsal_sees_the_tactic_become_a_face_down_resource(client):
    result = rehearse(client, "Sprint")
    assert result.holds, result.problems
    assert "resolve_as_resource: Sprint a face-down resource of alice's, not in her discard pile" in result.checked


def test_the_rehearsal_fails_when_the_handler_leaves_the_tactic_out(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, _as_resource(), lambda ctx, op, env, *more, **kw: None)
    result = rehearse(client, "Sprint")
    assert not result.holds
    assert any(p.startswith("resolve_as_resource: Sprint put as a resource []") for p in result.problems), result.problems


def test_the_rehearsal_fails_when_the_resource_goes_to_the_other_player(client, monkeypatch):
    from adjudicator.spoils.rules import consequences as C

    def theirs(ctx: Any, op: Any, env: Any, *more: Any, **kw: Any) -> None:
        if env.card is None and env.resolving:
            C.face_down_resource(ctx, "bob", env.source, "being_played", env.source)
    monkeypatch.setitem(scripted.RUN, _as_resource(), theirs)
    result = rehearse(client, "Sprint")
    assert not result.holds
    assert any(p.startswith("resolve_as_resource: Sprint put as a resource") and "'player': 'bob'" in p
               for p in result.problems), result.problems


# ------------------------------------------------------------------ "Reveal a face-down character ... play the character."
# Burly Assailment: "COST: Reveal a face-down character you control. EFFECT: You may play the character. Draw a card."
# (Its other ability, played from the discard pile, is not brought about: the card stays partial.)

def test_the_rehearsal_sees_the_revealed_card_played_and_another_kind_refused(client):
    result = rehearse(client, "Burly Assailment")
    assert result.action["targets"] == ["alice.r42"]
    assert "play_card: revealing alice.r43, not a character, refused: True (['spoils.401.2'])" in result.checked
    assert "play_card: the revealed Brash Basher played by alice for 5, in play, no longer a resource" in result.checked


def test_the_rehearsal_fails_when_the_revealed_card_is_played_for_free(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, P.PlayCard, _mutated(lambda op: {"free": True}))
    result = rehearse(client, "Burly Assailment")
    assert not result.holds
    assert any(p.startswith("play_card: played ['Brash Basher'] (revealed: Brash Basher, still a resource: False)")
               for p in result.problems), result.problems


# Dark Awakening: "COST: Pick a non-resource card in your discard pile. EFFECT: You may play the card. Draw a card."

def test_the_rehearsal_sees_the_card_picked_in_the_discard_pile_played_for_its_cost(client):
    result = rehearse(client, "Dark Awakening")
    assert result.holds, result.problems
    picked = result.action["targets"][0]
    assert f"play_card: the picked {picked} played by alice for 5, in play, no longer in her discard pile" in result.checked


def test_the_rehearsal_fails_when_the_picked_card_is_played_for_free(client, monkeypatch):
    monkeypatch.setitem(scripted.RUN, P.PlayCard, _mutated(lambda op: {"free": True}))
    result = rehearse(client, "Dark Awakening")
    assert not result.holds
    assert any(p.startswith("play_card: played ['Brash Basher'] (picked: Brash Basher, still in her discard pile: False)")
               for p in result.problems), result.problems
