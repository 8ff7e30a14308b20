"""Rules text itself changed, played by name through the API: a card treated as though it has no rules
text, every character gaining a rules text, an item turned into a character for the turn
(spoils.402.1).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability_with as _ability_extra
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_lodge_dock_florist_makes_every_character_pay_its_upkeep(client):
    """Lodge Dock Florist: "All characters gain the rules text \\"At the start of your turn, you may pay 1. If
    you don't, destroy this card.\\"" (spoils.402.1, spoils.503.1, spoils.309.1): bob controls the Florist; as
    alice's turn starts she pays 1 for her Stalwart Soldier, which stays; when she declines (choices.may:
    false) or has nothing to pay with, the Soldier is destroyed. Bob's own Plodding Brute is not asked at the
    start of alice's turn (it is not his turn)."""
    cards = {"f1": {"card": "Lodge Dock Florist", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    for icons, may, stays in (("R", True, True), ("R", False, False), ("", True, False)):
        t = new_game(client, position(cards=cards, active="bob", icons={"alice": icons}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": {"may": may}})
        state = t.state()
        assert ("a1" in state["cards"]) is stays and "b1" in state["cards"], (icons, may)
        assert state["players"]["alice"]["unattached"] == (0 if stays else len(icons)), (icons, may)
        assert t.audit_valid()


def test_contrabulous_fabtraption_animates_an_item_for_the_turn(client):
    """Contrabulous Fabtraption: "RUNE OF ANIMATION COST: Destroy this card. Pick an item. EFFECT: This turn,
    the item is a \\"golem\\" character with strength and life equal to its numeric cost and 3 speed."
    (spoils.201.7b, spoils.602.1b, spoils.608.1b): alice's The Stone of Triumph (an item, numeric cost 3)
    cannot attack (refused, nothing appended); after the rune it is a 3/3/3 golem character that attacks bob's
    faction for 3, and as the next turn starts it is an item again."""
    cards = {"f1": {"card": "Contrabulous Fabtraption", "controller": "alice"},
             "s1": {"card": "The Stone of Triumph", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    before = t.state()["position"]
    assert "spoils.608.1b" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["s1"]}))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _ability_extra("f1", "RUNE OF ANIMATION", "s1"))
    stone = t.card("s1")
    assert "f1" not in t.state()["cards"] and stone["type"] == "character" and "golem" in stone["subtypes"]
    assert [stone["effective"][k] for k in ("strength", "life", "speed")] == [3, 3, 3]
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"]})
    t.fight()
    assert t.influence("bob") == 22
    t.end_turn("alice", "bob")
    assert t.card("s1")["type"] == "item" and "golem" not in t.card("s1")["subtypes"]
    assert t.audit_valid()


def test_one_legged_hopping_pogo_bear_turns_character_and_back(client):
    """One-Legged Hopping Pogo-Bear (an item): "RAAR! COST: Pay 2. EFFECT: This turn, this card gains the
    \\"character\\" type and has 3 strength, 3 life, and 3 speed. SCHPROING! COST: Use this only during your turn.
    Pay 2. EFFECT: If this card is a character, it gains Covert. HIDE! COST: Pay 1. EFFECT: If this card is a
    character, it loses the \\"character\\" type. Deplete this card." (spoils.201.7b, spoils.504.1,
    spoils.602.1b): SCHPROING! on the item does nothing; after RAAR! it is a 3/3/3 character and SCHPROING!
    gives it Covert; HIDE! makes it an item again, depleted."""
    t = new_game(client, position(cards={"p1": {"card": "One-Legged Hopping Pogo-Bear", "controller": "alice"}},
                                  icons={"alice": "EEEEEEE"}))
    t.resolve("alice", "bob", _ability_extra("p1", "SCHPROING!"))
    assert t.card("p1")["type"] == "item" and "covert" not in t.card("p1")["effective"]["keywords"]
    t.resolve("alice", "bob", _ability_extra("p1", "RAAR!"))
    bear = t.card("p1")
    assert bear["type"] == "character" and [bear["effective"][k] for k in ("strength", "life", "speed")] == [3, 3, 3]
    t.resolve("alice", "bob", _ability_extra("p1", "SCHPROING!"))
    assert "covert" in t.card("p1")["effective"]["keywords"]
    t.resolve("alice", "bob", _ability_extra("p1", "HIDE!"))
    assert t.card("p1")["type"] == "item" and t.card("p1")["depleted"] is True
    assert t.state()["players"]["alice"]["unattached"] == 0
    assert t.audit_valid()


def test_inhibit_blanks_the_picked_card_until_the_start_of_your_next_turn(client):
    """Inhibit: "COST: Pick a non-resource card. EFFECT: Until the start of your next turn, treat the card
    as though it has no rules text. Draw a card."  Bob's Sleeping Guard ("While your opponent controls a
    character, this card gains 1 strength and 1 life.") is a 2/2 while alice controls a character; inhibited
    it is a 1/1 (spoils.101.1, spoils.410.3) through bob's turn, and a 2/2 again when alice's next turn
    starts (spoils.602.1).  Bob's Concealed Goon loses its printed Covert the same way (spoils.507.3)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Sleeping Guard", "controller": "bob"}, "b2": {"card": "Concealed Goon", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Inhibit", "Inhibit"]}, icons={"alice": "OO"},
                                  decks={"alice": ["Greed", "Greed", "Greed"], "bob": ["Rage", "Rage"]}))
    assert t.card("b1")["effective"]["strength"] == 2
    t.resolve("alice", "bob", _play("Inhibit", "b1"))
    assert t.card("b1")["effective"]["strength"] == 1 and t.state()["players"]["alice"]["hand"] == 2
    t.resolve("alice", "bob", _play("Inhibit", "b2"))
    assert "covert" not in t.card("b2")["effective"]["keywords"]
    t.end_turn("alice", "bob")
    assert t.state()["active_player"] == "bob" and t.card("b1")["effective"]["strength"] == 1
    t.act({"type": "develop", "player": "bob", "choice": "draw", "cards": ["Rage"]})
    t.end_turn("bob", "alice")
    assert t.state()["active_player"] == "alice" and t.card("b1")["effective"]["strength"] == 2
    assert "covert" in t.card("b2")["effective"]["keywords"]


def test_subversion_matrix_blanks_the_attached_character_abilities_included(client):
    """Subversion Matrix: "Treat the attached character as though it has no rules text. (This includes
    abilities.)"  Attached to bob's Sleeping Guard it is a 1/1, not a 2/2 (spoils.101.1); attached to
    alice's Quipmajig, its INSULT cannot be used (spoils.606.1a)."""
    cards = {"a1": {"card": "Quipmajig", "controller": "alice"},
             "b1": {"card": "Sleeping Guard", "controller": "bob"}, "b2": {"card": "Concealed Goon", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("b1")["effective"]["strength"] == 2
    on = {**cards, "m1": {"card": "Subversion Matrix", "controller": "alice", "attached_to": "b1"},
          "m2": {"card": "Subversion Matrix", "controller": "alice", "attached_to": "a1"}}
    t = new_game(client, position(cards=on))
    assert t.card("b1")["effective"]["strength"] == 1
    violations = t.refuse({"type": "use_ability", "player": "alice", "card": "a1", "ability": "INSULT", "targets": ["b2"]})
    assert "spoils.606.1a" in _rules(violations) and "no rules text" in violations[0]["message"]
