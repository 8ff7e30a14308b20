"""Both players and the opponent acting on a card's word, played by name through the API: "your
opponent picks ...", "both players ...", "unless the opponent ...", a card entering play depleted.
Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import play_with_choices as _play_choosing, use_ability_with_choices as _use
from tests.scenarios.spoils.readings import hand_size as _hand
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


def test_epic_smackdown_lets_the_opponent_choose_x_characters_or_destroys_them_all(client):
    """Epic Smackdown: "COST: Choose a number for X. Destroy X characters you control. EFFECT: If your
    opponent controls at least X characters, they destroy X characters they control. Otherwise, destroy
    all your opponent's characters. Draw a card." spoils.401.3, spoils.504.1, spoils.310.1 (bob's choice,
    as the play resolves): with X = 1 against 2 characters bob destroys the Brash Basher he chose and keeps his
    Soldier; with X = 2 against 1, "otherwise" destroys all of his characters."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Brash Basher", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Epic Smackdown"]}, icons={"alice": "RRR"}))
    t.act(_play("Epic Smackdown", "a1", x=1))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["b2"]}})
    assert set(t.state()["cards"]) == {"a2", "b1"} and t.state()["players"]["alice"]["hand"] == 1
    del cards["b2"]
    u = new_game(client, position(cards=cards, hands={"alice": ["Epic Smackdown"]}, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", _play("Epic Smackdown", ["a1", "a2"], x=2))
    assert u.state()["cards"] == {}
    assert t.audit_valid() and u.audit_valid()


def test_quotidian_disappearance_bob_picks_a_card_he_controls(client):
    """Quotidian Disappearance: "Your opponent picks a non-resource card they control if they can. If they
    do, put it into its owner's hand." Bob may not pick alice's card (spoils.310.1: one he controls); he
    picks his Stalwart Soldier, which goes back to his hand (spoils.403.1)."""
    cards = {"s1": {"card": "Stalwart Soldier", "controller": "bob"}, "a1": {"card": "Gnat", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Quotidian Disappearance"]}, icons={"alice": "O"}))
    t.act(_play_choosing("Quotidian Disappearance"))
    assert "spoils.310.1" in {v["rule"]["id"] for v in t.refuse({"type": "pass", "player": "bob",
                                                                  "choices": {"targets": ["a1"]}})}
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["s1"]}})
    assert not t.named("Stalwart Soldier") and t.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.named("Gnat")


def test_summary_judgment_draws_x_cards_unless_the_opponent_destroys_the_character(client):
    """Summary Judgment: "COST: Pick a character your opponent controls. X is its strength. EFFECT: Your
    opponent may destroy the character. If they don't, draw X cards." Bob keeps his Plodding Brute
    (strength 5): alice draws 5 (spoils.306.1); in another game he destroys it and alice draws nothing."""
    cards = {"b1": {"card": "Plodding Brute", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Summary Judgment"]}, icons={"alice": "GGGG"})
    t = new_game(client, setup)
    t.act(_play_choosing("Summary Judgment", "b1"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})
    assert t.named("Plodding Brute") and _hand(t, "alice") == 5
    t = new_game(client, setup)
    t.act(_play_choosing("Summary Judgment", "b1"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": True}})
    assert not t.named("Plodding Brute") and _hand(t, "alice") == 0


def test_ashes_of_zenobia_both_players_return_a_character(client):
    """Ashes of Zenobia: "NULLIFY COST: Pay 5. EFFECT: Both players put a character they control into its
    owner's hand." Alice returns her Gnat, bob his Stalwart Soldier (each one they control, spoils.310.1;
    spoils.403.1); bob may not name alice's card as his."""
    cards = {"z1": {"card": "Ashes of Zenobia", "controller": "alice"}, "g1": {"card": "Gnat", "controller": "alice"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOOOO"}))
    t.act(_use("z1", "NULLIFY"))
    assert "spoils.310.1" in {v["rule"]["id"] for v in t.refuse({"type": "pass", "player": "bob",
                                                                  "choices": {"targets": ["g1", "g1"]}})}
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["g1", "s1"]}})
    assert not t.named("Gnat") and not t.named("Stalwart Soldier")
    assert t.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.state()["players"]["alice"]["hand_cards"] == ["Gnat"]


def test_thabbashite_wizard_both_players_may_draw_2(client):
    """Thabbashite Wizard: "When this card enters play, both players may draw up to 2 cards." Alice draws
    2 (spoils.306.1); bob declines (choices.their_may: his own "may")."""
    t = new_game(client, position(hands={"alice": ["Thabbashite Wizard"]}, icons={"alice": "OOO"}))
    t.act(_play_choosing("Thabbashite Wizard"))
    t.act({"type": "pass", "player": "bob", "choices": {"their_may": False}})
    assert _hand(t, "alice") == 2 and _hand(t, "bob") == 0


def test_mighty_ballista_enters_play_depleted(client):
    """Mighty Ballista: "This card enters play depleted." Played (spoils.604.1h), it is depleted at once
    (spoils.303.1), so its FIRE! (which depletes it as a cost) waits for a restore."""
    t = new_game(client, position(hands={"alice": ["Mighty Ballista"]}, icons={"alice": "RRRR"}))
    t.resolve("alice", "bob", _play_choosing("Mighty Ballista"))
    (cid,) = t.named("Mighty Ballista", "alice")
    assert t.card(cid)["depleted"] is True
