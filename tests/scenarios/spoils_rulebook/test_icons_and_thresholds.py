"""Resource icons, threshold-gated paragraphs, variables and payment in The Spoils (spoils.203.5c,
201.5d, 405.4, 410.2, faq.no-partial-payment), through the API with real cards."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data

MARDUUN = "Marduun Baitings and Loan"


def test_staples_provide_their_icon_and_face_down_cards_volition(client):
    """spoils.203.5c: two Greed staples provide one [G] each, and a face-down resource one Volition."""
    setup = position(icons={"alice": "GGV"})
    t = new_game(client, setup)
    assert t.state()["players"]["alice"]["icons"] == {"G": 2, "V": 1}, "spoils.203.5c"


def test_a_paragraph_behind_threshold_icons_works_only_while_the_threshold_is_met(client):
    """spoils.405.4 with spoils.201.5d: Marduun Baitings and Loan's "[G][G][G]: at the start of your turn,
    your faction gains 2 influence" does nothing for alice with two [G], and gives her 2 with three."""
    for icons, influence in (("GG", 25), ("GGG", 27)):
        t = new_game(client, position(active="bob", cards={"m1": {"card": MARDUUN, "controller": "alice"}},
                                      icons={"alice": icons}))
        t.end_turn("bob", "alice")
        assert t.influence("alice") == influence, "spoils.405.4"
        assert t.state()["choice"] is None, "spoils.201.5d"


def test_a_variable_is_a_whole_number(client):
    """spoils.410.2: Perforate's X is chosen by its player; a fraction or a negative number is refused,
    a whole number is taken."""
    t = new_game(client, position(cards={"s1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Perforate"]}, icons={"alice": "RRRR"}))
    for bad in (1.5, -1):
        assert t.refuse(play_card("Perforate", "s1", x=bad)), "spoils.410.2"
    t.resolve("alice", "bob", play_card("Perforate", "s1", x=2))
    assert t.card("s1")["damage"] == 2, "spoils.410.2"


def test_a_cost_is_paid_whole_or_not_at_all(client):
    """spoils.faq.no-partial-payment: Creaky Old Swordsman costs 3 and alice has 2 resources; she cannot pay
    part of it: the play is refused (spoils.309.1) and no resource is attached."""
    t = new_game(client, position(hands={"alice": ["Creaky Old Swordsman"]}, icons={"alice": "RR"}))
    assert rule_ids(t.refuse(play_card("Creaky Old Swordsman"))) == ["spoils.309.1"], "spoils.faq.no-partial-payment"
    assert t.state()["players"]["alice"]["unattached"] == 2


def test_icons_a_card_provides_count_for_thresholds(client):
    """spoils.311.1: Crest of Greed provides [G][G]; with it in play and only Rage resources, alice meets
    Mutiny Grant's [G][G] threshold and plays it."""
    t = new_game(client, position(cards={"c1": {"card": "Crest of Greed", "controller": "alice"},
                                         "b1": {"card": "Stalwart Soldier", "controller": "bob"}},
                                  hands={"alice": ["Mutiny Grant"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", play_card("Mutiny Grant", "b1"))
    assert t.card("b1")["controller"] == "alice", "spoils.311.1"
