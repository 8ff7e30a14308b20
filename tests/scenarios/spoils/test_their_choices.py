"""Each player makes their own choices (issue 25; spoils.engine.own-choices): a choice a play's text gives
another player is asked of that player as the play resolves, a pending choice the state names (who, what,
the allowed values), answered by that player's own ``choose``; meanwhile nobody else acts.  Played by card
name through the API; each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing
from tests.scenarios.spoils.readings import hand_size as _hand
from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data
OWN = "spoils.engine.own-choices"


def _rules(violations: list[dict]) -> set[str]:
    return {v["rule"]["id"] for v in violations}


def _legal(t, player: str) -> list[dict]:
    r = t.client.get(f"/games/{t.gid}/legal-actions", query_string={"player": player})
    return [a["action"] for a in r.get_json()["actions"]]


def test_quotidian_disappearance_bob_picks_his_own_card_as_it_resolves(client):
    """Quotidian Disappearance: "Your opponent picks a non-resource card they control if they can. If they
    do, put it into its owner's hand." Bob's pass leaves the tactic waiting for his pick (spoils.310.1,
    spoils.607.2): the state says bob chooses among the cards he controls (s1, s2), not alice's Gnat;
    alice cannot choose for him; his answer puts his Stalwart Soldier into his hand (spoils.403.1)."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "bob"}, "s2": {"card": "Brash Basher", "controller": "bob"},
             "a1": {"card": "Gnat", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Quotidian Disappearance"]}, icons={"alice": "O"}))
    t.act(_play_choosing("Quotidian Disappearance"))
    t.act({"type": "pass", "player": "bob"})
    state = t.state()
    choice = state["choice"]
    assert choice["kind"] == "answer" and choice["player"] == "bob" and choice["rule"] == OWN
    assert sorted(choice["options"]) == ["s1", "s2"] and state["to_act"] == "bob"
    assert state["pending"] and state["pending"][-1]["name"] == "Quotidian Disappearance"
    assert sorted(a["choice"] for a in _legal(t, "bob") if a["type"] == "choose") == ["s1", "s2"]
    assert not [a for a in _legal(t, "alice") if a["type"] == "choose"]
    assert OWN in _rules(t.refuse({"type": "choose", "player": "alice", "choice": "s1"}))
    assert OWN in _rules(t.refuse({"type": "choose", "player": "bob", "choice": "a1"}))
    assert OWN in _rules(t.refuse({"type": "end_turn", "player": "alice"}))
    t.act({"type": "choose", "player": "bob", "choice": "s1"})
    state = t.state()
    assert state["choice"] is None and not state["pending"]
    assert not t.named("Stalwart Soldier") and state["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.named("Brash Basher") and t.named("Gnat")
    assert t.audit_valid()


def test_summary_judgment_bob_says_himself_whether_he_destroys_his_character(client):
    """Summary Judgment: "COST: Pick a character your opponent controls. X is its strength. EFFECT: Your
    opponent may destroy the character. If they don't, draw X cards." The "may" is bob's (spoils.402.1,
    spoils.engine.may-choice): his pass leaves the tactic waiting for his yes or no; alice's own "choose" is
    refused; no, and alice draws 5 (the Plodding Brute's strength, spoils.306.1); yes in another game, and
    the Brute is destroyed and alice draws nothing."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Summary Judgment"]}, icons={"alice": "GGGG"})
    for answer, kept, drawn in (("no", True, 5), ("yes", False, 0)):
        t = new_game(client, setup)
        t.act(_play_choosing("Summary Judgment", "b1"))
        t.act({"type": "pass", "player": "bob"})
        choice = t.state()["choice"]
        assert (choice["kind"], choice["player"], choice["options"]) == ("answer", "bob", ["yes", "no"])
        assert sorted(a["choice"] for a in _legal(t, "bob") if a["type"] == "choose") == ["no", "yes"]
        assert OWN in _rules(t.refuse({"type": "choose", "player": "alice", "choice": "yes"}))
        assert OWN in _rules(t.refuse({"type": "choose", "player": "bob", "choice": "maybe"}))
        t.act({"type": "choose", "player": "bob", "choice": answer})
        assert bool(t.named("Plodding Brute")) is kept and _hand(t, "alice") == drawn
        assert t.state()["choice"] is None and t.audit_valid()


def test_research_investment_bob_says_whether_he_searches_then_names_what_he_finds(client):
    """Research Investment: "Both players may search their deck for up to 3 staple resources and put them
    into play." Alice's "may" and what she finds are hers, given with her play (spoils.312.1); bob's "may" is
    asked of him as it resolves (spoils.engine.may-choice, spoils.engine.own-choices), and what he finds is
    hidden information his answer names (spoils.engine.hidden-choice): yes naming his Rage puts it into play
    as his resource (spoils.402.8, spoils.605.1)."""
    decks = {"alice": ["Elitism", "Elitism", "Brash Basher"], "bob": ["Rage", "Rage"]}
    t = new_game(client, position(hands={"alice": ["Research Investment"]}, icons={"alice": "EEEEEE"}, decks=decks))
    t.act(_play_choosing("Research Investment", found=["Elitism", "Elitism"]))
    t.act({"type": "pass", "player": "bob"})
    choice = t.state()["choice"]
    assert (choice["kind"], choice["player"], choice["options"]) == ("answer", "bob", ["yes", "no"])
    assert sorted(a["choice"] for a in _legal(t, "bob") if a["type"] == "choose") == ["no", "yes"]
    t.act({"type": "choose", "player": "bob", "choice": "yes", "choices": {"their": {"found": ["Rage"]}}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert alice["icons"]["E"] == 8 and bob["icons"] == {"R": 1} and bob["deck"] == 1
    assert t.audit_valid()


def test_logs_that_declared_the_opponents_choice_resolve_as_before(client):
    """Research Investment and Summary Judgment as logs wrote them before these choices were asked: the
    play declaring bob's part (choices.their, their_may), or bob's own pass naming his "may" (spoils.402.1,
    spoils.engine.may-choice): the play resolves at that pass, nothing is asked, and the audit, which
    decides every action again, is valid (the record mode's way of saying what happened at the table)."""
    decks = {"alice": ["Elitism", "Elitism", "Brash Basher"], "bob": ["Rage", "Rage"]}
    t = new_game(client, position(hands={"alice": ["Research Investment"]}, icons={"alice": "EEEEEE"}, decks=decks))
    t.act(_play_choosing("Research Investment", found=["Elitism"], their={"found": ["Rage"]}))
    assert "PlayResolved" in t.act({"type": "pass", "player": "bob"}) and t.state()["choice"] is None
    assert t.state()["players"]["bob"]["icons"] == {"R": 1} and t.audit_valid()
    u = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Summary Judgment"]}, icons={"alice": "GGGG"}))
    u.act(_play_choosing("Summary Judgment", "b1"))
    assert "ChoiceRequired" not in u.act({"type": "pass", "player": "bob", "choices": {"may": False}})
    assert u.named("Plodding Brute") and _hand(u, "alice") == 5 and u.audit_valid()
