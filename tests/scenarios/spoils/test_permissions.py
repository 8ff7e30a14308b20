"""What a card permits beyond the rules, played by name through the API: gear played in a battle,
face-down tactics flipped up, a card played for 1 as a resource is played, the opponent's abilities
used, an ability used as the turn starts (spoils.101.1: a card's text over the rules).  Each test
cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability as _ability
from tests.scenarios.spoils.readings import unattached as _unattached
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_cloaked_weaponmaster_plays_gear_in_a_battle(client):
    """Cloaked Weaponmaster: "You may play "gear" cards whenever you could play a tactic." (spoils.101.1
    over spoils.206.1, spoils.205.1): alice's Stalwart Soldier (3/3/3) attacks and bob blocks with his own;
    in the battle alice plays Rusty Pickaxe ("The attached character gains 1 strength and 1 life.") on her
    Soldier, which survives the fight; without the Weaponmaster the same play is refused (an item is played in
    its controller's main phase only, spoils.206.1; nothing appended) and both Soldiers are destroyed."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for master in (True, False):
        more = {"w1": {"card": "Cloaked Weaponmaster", "controller": "alice"}} if master else {}
        t = new_game(client, position(cards=cards | more, hands={"alice": ["Rusty Pickaxe"]}, icons={"alice": "D"}))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"], stop="tactics_a")
        pickaxe = _play("Rusty Pickaxe", attach_to="a1")
        if master:
            t.resolve("alice", "bob", pickaxe)
            assert t.card("a1")["effective"]["strength"] == 4
        else:
            before = t.state()["position"]
            assert "spoils.206.1" in _rules(t.refuse(pickaxe))
            assert t.state()["position"] == before
        t.fight()
        assert ("a1" in t.state()["cards"]) is master and "b1" not in t.state()["cards"]
        assert t.audit_valid()


def test_woadenworm_gloamspike_lets_face_down_tactics_flip_up(client):
    """Woadenworm Gloamspike, Thabbashite Prince: "All your face-down tactics gain FLIP UP with numeric cost
    and threshold equal to their regular numeric cost and threshold." (spoils.507.4a, spoils.507.4b): with
    him in play alice plays the Kaiser Wave (cost 2, [E][E]) lying face down among her resources on her
    Stalwart Soldier, which is 4/4 this turn; without him the Wave has no FLIP UP (refused, nothing
    appended)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    for prince in (True, False):
        more = {"w1": {"card": "Woadenworm Gloamspike, Thabbashite Prince", "controller": "alice"}} if prince else {}
        setup = position(cards=cards | more, icons={"alice": "EE"})
        setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Kaiser Wave", "face_up": False}
        t = new_game(client, setup)
        wave = _play("Kaiser Wave", "a1", flip_up="alice.r9")
        if prince:
            t.resolve("alice", "bob", wave)
            assert t.card("a1")["effective"]["strength"] == 4 and "alice.r9" not in t.state()["players"]["alice"]["resources"]
            assert t.state()["players"]["alice"]["discard"] == ["Kaiser Wave"]
        else:
            before = t.state()["position"]
            assert "spoils.507.4a" in _rules(t.refuse(wave))
            assert t.state()["position"] == before
        assert t.audit_valid()


def test_witty_worm_is_played_for_1_as_a_resource_is_played(client):
    """Witty Worm (cost 4, [O][O]): "While this card is in your hand you may reveal this card as you are
    playing a resource. If you do, you may play this card for 1." (spoils.605.1, spoils.604.2, spoils.406.3):
    alice develops by playing an Obsession and reveals the Worm with it: it is played for 1 and enters play,
    paid and its threshold met with the resources already in play, before the Obsession enters (605.1c: so
    alice's two O resources, one of them paying, and the Obsession after); a Stalwart Soldier cannot be
    revealed that way (refused, nothing appended)."""
    def develop(reveal: str) -> dict:
        return {"type": "develop", "player": "alice", "choice": "resource",
                "resource": {"card": "Obsession", "face_up": True}, "choices": {"reveal_with_resource": reveal}}

    t = new_game(client, position(stage="develop", hands={"alice": ["Witty Worm", "Obsession", "Stalwart Soldier"]},
                                  icons={"alice": "OO"}))
    before = t.state()["position"]
    assert "spoils.604.1a" in _rules(t.refuse(develop("Stalwart Soldier")))
    assert t.state()["position"] == before
    t.act(develop("Witty Worm"))
    assert t.state()["pending"]  # the Worm waits for bob's responses (spoils.604.1g); it enters play, and
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})  # its own "you may ..." is declined
    assert t.named("Witty Worm", "alice") and _unattached(t) == 2  # one O left, and the Obsession
    assert t.state()["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    assert t.audit_valid()


def test_the_billionaire_uses_the_opponents_abilities(client):
    """The Billionaire: "You may use abilities on your opponent's cards, but you must pay any numeric cost with
    your own resources. Any additional costs must be satisfied as though your opponent is using the ability.
    The ability's effect happens as if your opponent used it." (spoils.101.1 over spoils.606.1a): alice uses
    the CAPITALIZE ("COST: Pay 1. Deplete this card. EFFECT: Draw a card.") of bob's Index of Natural Forces:
    she pays 1, bob's Index is depleted and bob draws; without The Billionaire she cannot (refused, nothing
    appended)."""
    index = {"i1": {"card": "Index of Natural Forces", "controller": "bob"}}
    capitalize = _ability("i1", "CAPITALIZE")
    t = new_game(client, position(cards=index | {"p1": {"card": "The Billionaire", "controller": "alice"}},
                                  icons={"alice": "D"}))
    t.resolve("alice", "bob", capitalize)
    state = t.state()
    assert _unattached(t) == 0 and state["cards"]["i1"]["depleted"] is True
    assert (state["players"]["bob"]["hand"], state["players"]["alice"]["hand"]) == (1, 0)
    assert t.audit_valid()
    u = new_game(client, position(cards=index, icons={"alice": "D"}))
    before = u.state()["position"]
    assert "spoils.606.1a" in _rules(u.refuse(capitalize))
    assert u.state()["position"] == before and u.audit_valid()


def test_the_poshernacle_lets_an_ability_be_used_as_the_turn_starts(client):
    """The Poshernacle: "At the start of your turn, you may use an ability. At the start of your turn, you may
    draw a card. At the start of your turn, your faction gains 1 influence." (spoils.602.2, spoils.101.1 over
    spoils.202.8): as alice's turn starts she draws, gains 1 influence and, before developing, uses the
    CAPITALIZE of her Index of Natural Forces ("Pay 1. Deplete this card. EFFECT: Draw a card."); a second
    ability then waits for her to develop, and without The Poshernacle the first one does too (refused)."""
    capitalize = _ability("i1", "CAPITALIZE")
    for posh in (True, False):
        cards = {"i1": {"card": "Index of Natural Forces", "controller": "alice"}}
        if posh:
            cards["p1"] = {"card": "The Poshernacle", "controller": "alice"}
        t = new_game(client, position(cards=cards, icons={"alice": "GG"}, active="bob"))
        t.end_turn("bob", "alice")
        for _ in range(4):  # three triggers at once: alice orders them (spoils.503.4)
            choice = t.state().get("choice")
            if not choice:
                break
            t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})
        assert t.state()["stage"] == "develop" and t.state()["active_player"] == "alice"
        if posh:
            assert t.influence("alice") == 26 and t.state()["players"]["alice"]["hand"] == 1
            t.resolve("alice", "bob", capitalize)
            assert t.card("i1")["depleted"] is True and t.state()["players"]["alice"]["hand"] == 2
            assert "spoils.202.8" in _rules(t.refuse({"type": "faction_ability", "player": "alice", "ability": "DRAW"}))
        else:
            before = t.state()["position"]
            assert "spoils.202.8" in _rules(t.refuse(capitalize))
            assert t.state()["position"] == before
        t.act({"type": "develop", "player": "alice", "choice": "draw"})
        assert t.state()["stage"] == "main" and t.audit_valid()
