"""Cards whose text reads a number, a count or a group off the game, played by name through the API:
"where X is ...", "while your opponent controls at least N ...", "your characters", "the members of
the blocking party".  Each test quotes the card and cites the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


BOBS = ["Creaky Old Swordsman", "Dock Sentinel", "Brash Basher", "Costly Filcher"]


def _bob(n: int) -> dict[str, dict[str, str]]:
    return {f"b{i}": {"card": name, "controller": "bob"} for i, name in enumerate(BOBS[:n], start=1)}


def test_downsizing_gives_the_opponent_one_influence_per_character_destroyed(client):
    """Downsizing (Banker tactic): "Destroy all characters. Your opponent's faction gains X influence,
    where X is the number of characters destroyed this way." Three characters go: bob gains 3.
    spoils.304.1 (destroy), spoils.202.3 (influence), spoils.502.2 (a number read off the game)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"}, **_bob(2)},
                                  hands={"alice": ["Downsizing"]}, icons={"alice": "GGGGGGGGGG"}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Downsizing"})
    assert not [c for c in t.state()["cards"].values() if c["type"] == "character"]
    assert t.influence("bob") == 28 and t.influence("alice") == 25
    assert t.audit_valid()


def test_boilstorm_deals_as_much_damage_as_the_rage_icons_alice_controls(client):
    """Boilstorm (Warlord tactic): "Inflict X damage divided however you want to the characters, where
    X is the number of [R] you control." With five [R], Dock Sentinel (life 4) takes 5 and is destroyed;
    with one [R] it takes 1 and stays.  spoils.408.1 (damage), spoils.409.3 (destroyed at its life)."""
    for icons, destroyed in (("RRRRR", True), ("RVVVV", False)):
        t = new_game(client, position(cards=_bob(2), hands={"alice": ["Boilstorm"]}, icons={"alice": icons}))
        t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Boilstorm", "targets": ["b2"]})
        assert ("b2" not in t.state()["cards"]) is destroyed, icons
        if not destroyed:
            assert t.card("b2")["damage"] == 1


def test_face_in_the_crowd_is_unblockable_only_against_four_characters(client):
    """Face in the Crowd: "While your opponent controls at least 4 characters, this card cannot be
    blocked." Against three characters bob may block; against four no block is ever offered and the
    attack reaches bob's faction.  spoils.402.7 ("cannot" beats "can"), spoils.608.1d (blocking),
    spoils.408.3 (damage to a faction is lost influence)."""
    for count, blockable in ((3, True), (4, False)):
        t = new_game(client, position(cards={"a1": {"card": "Face in the Crowd", "controller": "alice"}, **_bob(count)}))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        offered = False
        while t.state()["battle"] is not None:
            if "block" in t.legal("bob"):
                offered = True
                break
            t.act({"type": "pass", "player": t.state()["to_act"]})
        assert offered is blockable, count
        if not blockable:
            assert t.influence("bob") < 25


def test_clandestine_resort_gives_life_to_its_controllers_characters_only(client):
    """Clandestine Resort (location): "All your characters gain 1 life." alice's character gains 1
    life; bob's does not ("your" names the controller's cards).  spoils.410.3 (modifiers)."""
    t = new_game(client, position(cards={"r1": {"card": "Clandestine Resort", "controller": "alice"},
                                         "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
    assert t.card("a1")["effective"]["life"] == 2 and t.card("b1")["effective"]["life"] == 2


def test_motivational_speaker_pumps_every_member_of_the_blocking_party(client):
    """Motivational Speaker: "If this card blocks, all members of the blocking party gain 2 strength
    and 2 life this turn. (This includes this character.)" Blocking with it and Agile Highwayman, both
    gain 2/2; the attacker does not.  spoils.608.1d (blockers form the blocking party), spoils.410.3."""
    t = new_game(client, position(active="bob", cards={"m1": {"card": "Motivational Speaker", "controller": "alice"},
                                                       "a1": {"card": "Agile Highwayman", "controller": "alice"},
                                                       "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    while "block" not in t.legal("alice"):
        t.act({"type": "pass", "player": t.state()["to_act"]})
    t.act({"type": "block", "player": "alice", "blockers": ["m1", "a1"]})
    assert t.card("m1")["effective"]["strength"] == 2 and t.card("m1")["effective"]["life"] == 5
    assert t.card("a1")["effective"]["strength"] == 4 and t.card("a1")["effective"]["life"] == 3
    assert t.card("b1")["effective"]["strength"] == 3


def test_bloodcurdling_bulldozer_depletes_the_character_picked_as_it_attacks(client):
    """Bloodcurdling Bulldozer: "If this card attacks, you may pick a character. If you do, deplete
    it." The attack names the pick for the trigger (choices.targets): Dock Sentinel is depleted; an
    attack that picks nothing depletes nobody.  spoils.503.1 (triggers), spoils.303.1 (deplete)."""
    for picked in (["b1"], []):
        t = new_game(client, position(cards={"x1": {"card": "Bloodcurdling Bulldozer", "controller": "alice"},
                                             "b1": {"card": "Dock Sentinel", "controller": "bob"}}))
        attack = {"type": "attack", "player": "alice", "attackers": ["x1"]}
        t.act({**attack, "choices": {"targets": picked}} if picked else attack)
        assert t.card("b1")["depleted"] is bool(picked), picked
        assert t.card("x1")["depleted"] is True


def test_land_shark_grows_with_the_opponents_face_down_resources(client):
    """Land Shark (0/0/3): "This card gains 1 strength and 1 life for each face-down resource your
    opponent controls." (spoils.203.4a, spoils.faq.zero-life): bob controls two face-down resources and a
    Greed: it enters play 2/2 (alice's own face-down resource does not count); against bob without
    face-down resources it has 0 life and is destroyed as it enters play."""
    for bob, stays in (("VVG", True), ("GG", False)):
        t = new_game(client, position(hands={"alice": ["Land Shark"]}, icons={"alice": "VOOO", "bob": bob}))
        t.resolve("alice", "bob", _play("Land Shark"))
        shark = t.named("Land Shark")
        assert bool(shark) is stays and t.state()["players"]["alice"]["discard"] == ([] if stays else ["Land Shark"])
        if stays:
            assert (t.card(shark[0])["effective"]["strength"], t.card(shark[0])["effective"]["life"]) == (2, 2)
        assert t.audit_valid()
