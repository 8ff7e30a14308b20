"""Issue 24, cards the hand-written scenarios had not met: lasting effects ("gains", "while", "cannot",
thresholds on a paragraph, "all other", "this turn", UNIQUE).  Each card is played by name through the API;
each test was written from the card's printed text and the rules (spoils.402.6 a lasting effect,
spoils.405.4 a paragraph's threshold, spoils.504.1 "while", spoils.507.5a UNIQUE), then checks the cards it
changes and those it must not, with the condition true and false."""
from __future__ import annotations

from tests.scenarios.spoils.positions import face_down
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _eff(t, cid: str) -> tuple[int, int, int]:
    eff = t.card(cid)["effective"]
    return eff["strength"], eff["life"], eff["speed"]


def test_melty_cheese_adds_life_and_forbids_attacking(client):
    """Melty Cheese (item, ATTACH to Character): the attached character gains 2 life and cannot attack
    (spoils.507.2, spoils.402.7).  On alice's Stalwart Soldier (3/3/3): 3/5/3, its attack refused; her other
    Soldier still attacks."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Melty Cheese"]}, icons={"alice": "GG"}))
    t.resolve("alice", "bob", play_card("Melty Cheese", attach_to="a1"))
    assert _eff(t, "a1") == (3, 5, 3) and _eff(t, "a2") == (3, 3, 3)
    assert "spoils.608.1b" in rule_ids(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})
    assert t.state()["battle"]["attackers"] == ["a2"]


def test_melty_cheese_flipped_up_gains_four_influence_as_its_extra_cost(client):
    """Melty Cheese's FLIP UP: 2 [G] and alice's faction gains 4 influence (spoils.507.4a, spoils.507.4c: the
    extra cost of the FLIP UP): from a face-down copy it attaches to her Soldier and her faction goes
    25 -> 29; bob's stays at 25."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = face_down(position(cards=cards, icons={"alice": "G"}), "alice", **{"alice.r9": "Melty Cheese"})
    t = new_game(client, setup)
    t.resolve("alice", "bob", play_card("Melty Cheese", attach_to="a1", flip_up=True))
    assert t.named("Melty Cheese", "alice") and _eff(t, "a1")[1] == 5
    assert (t.influence("alice"), t.influence("bob")) == (29, 25)


def test_clandestine_resort_gives_a_life_to_its_controllers_characters_only(client):
    """Clandestine Resort (location): all your characters gain 1 life (spoils.407.2 "your" is its controller).
    Alice's Stalwart Soldier has 4 life, bob's 3; once the Resort is bob's (played by him), the reverse."""
    for owner, alice_life, bob_life in (("alice", 4, 3), ("bob", 3, 4)):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "b1": {"card": "Stalwart Soldier", "controller": "bob"},
                 "l1": {"card": "Clandestine Resort", "controller": owner}}
        t = new_game(client, position(cards=cards))
        assert (_eff(t, "a1")[1], _eff(t, "b1")[1]) == (alice_life, bob_life)


def test_goloam_grows_with_every_item_in_play_whoever_controls_it(client):
    """Goloam (character 3/3): it gains 1 strength and 1 life for each item in play, both players' (spoils.403.4).
    With alice's Runic Cannon and bob's Splattergun: 5/5; with none: 3/3.  A character is no item."""
    base = {"g1": {"card": "Goloam", "controller": "alice"}, "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    items = {"i1": {"card": "Runic Cannon", "controller": "alice"}, "i2": {"card": "Splattergun", "controller": "bob"}}
    assert _eff(new_game(client, position(cards={**base, **items})), "g1")[:2] == (5, 5)
    assert _eff(new_game(client, position(cards=base)), "g1")[:2] == (3, 3)


def test_a_second_goloam_under_the_same_player_leaves_one(client):
    """Goloam is UNIQUE Goloam: alice controlling two, she chooses the one to keep and the other is destroyed
    (spoils.507.5a); bob's own Goloam is not among the options and stays."""
    cards = {"g1": {"card": "Goloam", "controller": "alice"}, "g2": {"card": "Goloam", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Goloam"]}, icons={"alice": "EEEE"}))
    t.resolve("alice", "bob", play_card("Goloam"))
    choice = t.state()["choice"]
    (new,) = [c for c in t.named("Goloam", "alice") if c != "g1"]
    assert choice["rule"] == "spoils.507.5a" and choice["player"] == "alice" and sorted(choice["options"]) == sorted(["g1", new])
    t.act({"type": "choose", "player": "alice", "choice": new})
    assert t.named("Goloam", "alice") == [new] and t.named("Goloam", "bob") == ["g2"]
    assert t.state()["players"]["alice"]["discard"] == ["Goloam"]


def test_cowering_golem_shrinks_by_the_size_of_the_party_it_faces(client):
    """Cowering Golem (character 5/5): while in a battle it loses 1 strength and 1 life for each member of the
    opposing party (spoils.504.1, spoils.302.5).  Attacking and blocked by two Soldiers it is 3/3; before the
    battle 5/5."""
    cards = {"x1": {"card": "Cowering Golem", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert _eff(t, "x1")[:2] == (5, 5)
    t.act({"type": "attack", "player": "alice", "attackers": ["x1"]})
    t.fight(blockers=["b1", "b2"], stop="tactics_a")
    assert t.state()["battle"]["blockers"] == ["b1", "b2"] and _eff(t, "x1")[:2] == (3, 3)


def test_righteous_exemplar_gains_only_at_five_rage(client):
    """Righteous Exemplar (character 1/1): with [R] five times it gains 1 strength and 1 life (spoils.405.4: the
    paragraph's threshold).  Five Rage: 2/2; four: 1/1."""
    cards = {"x1": {"card": "Righteous Exemplar", "controller": "alice"}}
    assert _eff(new_game(client, position(cards=cards, icons={"alice": "RRRRR"})), "x1")[:2] == (2, 2)
    assert _eff(new_game(client, position(cards=cards, icons={"alice": "RRRRG"})), "x1")[:2] == (1, 1)


def test_horsemajig_war_and_famine_strengthen_the_other_horsemajig_only(client):
    """Horsemajig of the Apocalypse - War: all other "horsemajig" characters gain 1 strength; Famine: 1 speed.
    War (2/2/3) gets Famine's speed (4) but not its own strength; Famine (1/2/4) gets War's strength (2); bob's
    Stalwart Soldier, no horsemajig, is unchanged."""
    cards = {"w1": {"card": "Horsemajig of the Apocalypse - War", "controller": "alice"},
             "f1": {"card": "Horsemajig of the Apocalypse - Famine", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert _eff(t, "w1") == (2, 2, 4) and _eff(t, "f1") == (2, 2, 4) and _eff(t, "b1") == (3, 3, 3)


def test_infuriator_strengthens_alices_characters_for_the_turn_it_enters(client):
    """Infuriator (character 2/2): as it enters play, all alice's characters gain 1 strength this turn
    (spoils.503.1): her Stalwart Soldier 4 and the Infuriator 3; bob's Soldier stays 3; at the end of the
    turn hers is 3 again."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Infuriator"]}, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", play_card("Infuriator"))
    (inf,) = t.named("Infuriator", "alice")
    assert (_eff(t, "a1")[0], _eff(t, inf)[0], _eff(t, "b1")[0]) == (4, 3, 3)
    t.end_turn("alice", "bob")
    assert (_eff(t, "a1")[0], _eff(t, inf)[0]) == (3, 2)
