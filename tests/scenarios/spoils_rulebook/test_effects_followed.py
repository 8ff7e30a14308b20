"""How the instructions of an effect are followed in The Spoils, read against rule 402 (402.2, 402.4,
402.5b): who acts first when both players act, a card that changed zone is no longer followed, and an
instruction that depends on one that could not be done, with real cards from the shared sets."""
from __future__ import annotations

from tests.scenarios.spoils_rulebook.rulebook import types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def test_when_both_players_act_the_active_player_goes_first(client):
    """spoils.402.2: when an effect has several players act at once, the active player acts first,
    then the others in turn, whoever controls the effect.  On bob's turn, alice answers his Rate Hike
    with her Ashes of Zenobia's NULLIFY ("both players put a character they control into its owner's
    hand"): bob, the active player, returns his Stalwart Soldier first, then alice her Gnat; the picks
    are given in that order, and the other order is refused."""
    cards = {"z1": {"card": "Ashes of Zenobia", "controller": "alice"}, "g1": {"card": "Gnat", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"alice": "OOOOO", "bob": "GGG"},
                                  hands={"bob": ["Rate Hike"]}, decks={"bob": ["Greed"]}))
    t.act(play_card("Rate Hike", player="bob"))
    t.act({"type": "use_ability", "player": "alice", "card": "z1", "ability": "NULLIFY"})
    assert "spoils.310.1" in rule_ids(t.refuse({"type": "pass", "player": "bob", "choices": {"targets": ["g1", "s1"]}}))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["s1", "g1"]}})
    left = [e["data"]["card_id"] for e in t.last["events"] if e["type"] == "CardLeftPlay"]
    assert left == ["s1", "g1"], "spoils.402.2"
    assert t.state()["players"]["bob"]["hand_cards"][:1] == ["Stalwart Soldier"]


def test_a_card_that_changed_zone_is_lost_to_the_effect_waiting_for_it(client):
    """spoils.402.4: an effect waiting to resolve loses track of a card that changes zone before it
    resolves.  Alice plays Quotidian Assassination on bob's Skilled Negotiator (back to its owner's
    hand); bob answers with his Hidden Sniper, whose 1 damage destroys the Negotiator.  When the
    Assassination resolves, the Negotiator stays in bob's discard pile: it is not fetched from there."""
    cards = {"b1": {"card": "Skilled Negotiator", "controller": "bob"},
             "b2": {"card": "Hidden Sniper", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Quotidian Assassination"]},
                                  icons={"alice": "OO", "bob": "R"}))
    t.act(play_card("Quotidian Assassination", "b1"))
    t.act({"type": "use_ability", "player": "bob", "card": "b2", "ability": "SHARPSHOOT", "targets": ["b1"]})
    t.act({"type": "pass", "player": "alice"})
    assert "CardDestroyed" in types(t.last)
    t.act({"type": "pass", "player": "bob"})
    bob = t.state()["players"]["bob"]
    assert (bob["discard"], bob["hand"]) == (["Skilled Negotiator"], 0), "spoils.402.4"


def test_an_if_you_do_instruction_after_one_not_done_is_not_done(client):
    """spoils.402.5b: an instruction that depends on an earlier one that was not followed is not
    followed either.  Alice's Recapitulating Apparition is destroyed in battle; its "you may pay 1. If
    you do, put it into play" finds all her resources attached: she cannot pay, so it does not come
    back and stays in her discard pile."""
    cards = {"a1": {"card": "Recapitulating Apparition", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGG"}, attached={"alice": 3}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(["b1"])
    assert "TriggerResolved" in types(t.last) and "ResourcesAttached" not in types(t.last)
    assert not t.named("Recapitulating Apparition"), "spoils.402.5b"
    assert t.state()["players"]["alice"]["discard"] == ["Recapitulating Apparition"], "spoils.402.5b"
