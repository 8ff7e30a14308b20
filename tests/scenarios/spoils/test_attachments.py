"""Attachments of The Spoils played by name through the API: what gear gives "the attached
character", what "it" names after it, equipping, grappling and a gear coming back onto another
character (spoils.507.2).  Each test shows the card's printed text changing the game and cites the
card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import use_ability as _ability, use_ability_choosing as _ability_choices
from tests.scenarios.spoils.positions import SOLDIERS
from tests.scenarios.spoils.readings import unattached as _unattached
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_swordchucks_and_p3pp3r_strengthen_the_attached_character(client):
    """Swordchucks (ATTACH to Character): "The attached character gains 4 strength."; P3pp3r 0f 1n54n17y
    (ATTACH to Character): "The attached character gains 3 strength and 3 life." (spoils.507.2: gear
    attached as it enters play; spoils.201.7c): alice's Stalwart Soldier (3/3) is 7/3 under the
    Swordchucks, the other 6/6 under the P3pp3r."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Swordchucks", "P3pp3r 0f 1n54n17y"]},
                                  icons={"alice": "RREEEEEEEE"}))
    t.resolve("alice", "bob", _play("Swordchucks", attach_to="a1"))
    t.resolve("alice", "bob", _play("P3pp3r 0f 1n54n17y", attach_to="a2"))
    stats = [(t.card(c)["effective"]["strength"], t.card(c)["effective"]["life"]) for c in ("a1", "a2")]
    assert stats == [(7, 3), (6, 6)] and t.audit_valid()


def test_flailing_knife_comes_back_onto_another_character_when_the_type_is_revealed(client):
    """Flailing Knife: "ATTACH to Character. The attached character gains 2 strength. If this card is put
    into your discard pile from play, you may choose a card type. If you do, reveal the top card of your
    deck. If it is the chosen type, put this card into play. Put the top card of your deck on the bottom."
    (spoils.301.4, spoils.507.2b, spoils.507.2c, spoils.306.1): alice's Soldier with the Knife (5/3/3)
    trades with bob's blocker; the Knife goes with it; alice says "character" and reveals Key Man: the Knife
    comes back attached to her other Soldier (now 5 strength; a host out of play is refused), and Key Man
    goes to the bottom; saying "item", the Knife stays in the discard pile."""
    cards = {**SOLDIERS, "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "k1": {"card": "Flailing Knife", "controller": "alice", "attached_to": "a1"}}
    for said, back in ("character", True), ("item", False):
        t = new_game(client, position(cards=cards, decks={"alice": ["Key Man", "Gnat", "Greed"]}))
        assert t.card("a1")["effective"]["strength"] == 5
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"], stop="tactics_e")
        t.act({"type": "pass", "player": "alice"})
        choices = {"card_type": said, "revealed": ["Key Man"], "attach_to": "a2"}
        if back:
            gone = {"type": "pass", "player": "bob", "choices": choices | {"attach_to": "a1"}}
            assert _rules(t.refuse(gone)) == ["spoils.507.2b"]
        t.act({"type": "pass", "player": "bob", "choices": choices})
        knife = t.named("Flailing Knife")
        assert bool(knife) is back and sorted(t.state()["cards"]) == sorted(["a2"] + knife)
        assert t.card("a2")["effective"]["strength"] == (5 if back else 3)
        alice = t.state()["players"]["alice"]
        assert alice["discard"] == ["Stalwart Soldier"] + ([] if back else ["Flailing Knife"])
        assert alice["deck_cards"] == ["Gnat", "Greed", "Key Man"] and t.audit_valid()


def test_phalludrix_equips_an_adriel_card_for_nothing_and_others_for_3(client):
    """Phalludrix, the Impotenator: "EQUIP COST: Pick a character. If it is an "adriel" card then X is 0,
    otherwise X is 3. Pay X. EFFECT: Attach this card to the character." spoils.401.3, spoils.406.3,
    spoils.309.1: equipping Adriel, Defender of Marduun costs alice nothing; her Stalwart Soldier costs 3."""
    cards = {"p1": {"card": "Phalludrix, the Impotenator", "controller": "alice"},
             "a1": {"card": "Adriel, Defender of Marduun", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    t.resolve("alice", "bob", _ability_choices("p1", "EQUIP", "a1"))
    assert t.card("p1")["attached_to"] == "a1" and t.state()["players"]["alice"]["unattached"] == 3
    u = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    u.resolve("alice", "bob", _ability_choices("p1", "EQUIP", "a2"))
    assert u.card("p1")["attached_to"] == "a2" and u.state()["players"]["alice"]["unattached"] == 0
    assert t.audit_valid() and u.audit_valid()


def test_phalludrix_equip_asks_for_the_one_character_it_picks(client):
    """Phalludrix, the Impotenator: "EQUIP COST: Pick a character. If it is an "adriel" card then X is 0,
    otherwise X is 3. Pay X." "an "adriel" card" qualifies the character picked (it fixes X, 401.3, 406.3);
    it is no second pick: the legal action asks for one target, the character (spoils.310.1), and that
    one answer passes /check."""
    cards = {"p1": {"card": "Phalludrix, the Impotenator", "controller": "alice"},
             "a1": {"card": "Adriel, Defender of Marduun", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RRR"}))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    (equip,) = [a for a in listed if a["action"].get("ability") == "EQUIP"]
    assert [(n["kind"], n["path"]) for n in equip["needs"]] == [("target", ["targets", 0])]
    assert "a1" in [c["id"] for c in equip["needs"][0]["allowed"]]
    assert t.check(_ability_choices("p1", "EQUIP", "a1"))["legal"]


def test_cunning_disguise_gives_covert_to_the_attached_character(client):
    """Cunning Disguise (gear, -1 strength -1 life): "The attached character loses 1 strength, 1 life, and
    gains Covert." (spoils.201.7c: the gear's modifiers; spoils.402.6: the gained keyword): the Stalwart
    Soldier it is played onto is 2/2 and covert, so bob's non-covert character cannot block it
    (spoils.507.3b; the engine once dropped the Covert with the gear's printed modifiers)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Cunning Disguise"]}, icons={"alice": "DD"}))
    t.resolve("alice", "bob", _play("Cunning Disguise", attach_to="a1"))
    eff = t.card("a1")["effective"]
    assert "covert" in eff["keywords"] and (eff["strength"], eff["life"]) == (2, 2)
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(stop="blocks")
    assert "spoils.507.3b" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]}))


def _golemized(host: str) -> dict:
    return position(cards={"w1": {"card": host, "controller": "alice"},
                           "g1": {"card": "Golemizer", "controller": "alice", "attached_to": "w1"}})


def test_golemizer_destroys_the_attached_character_at_0_speed(client):
    """Golemizer: "At the end of your turn, you may put a token on the attached character. If it has
    0 speed, destroy it." The "it" is the attached character (spoils.503.1 the trigger,
    spoils.304.1 destroyed): Legacy Warmachine (speed 1) gets a token, has 0 speed and is
    destroyed; the Golemizer leaves with it (flipped face down as its own text allows, 411.1)."""
    t = new_game(client, _golemized("Legacy Warmachine"))
    t.end_turn("alice", "bob")
    destroyed = [e["data"]["card_id"] for e in t.events() if e["type"] == "CardDestroyed"]
    assert destroyed == ["w1"]
    left = [e["data"] for e in t.events() if e["type"] == "CardLeftPlay"]
    assert [(x["card_id"], x["to"]) for x in left] == [("g1", "resource")]


def test_golemizer_spares_a_character_with_speed_left_and_itself(client):
    """Golemizer on Brash Basher (speed 3): one token leaves it 2 speed ("loses 1 speed for each
    token on it"), so nothing is destroyed, and the Golemizer (an item, no speed) is not what "it"
    names (spoils.503.1)."""
    t = new_game(client, _golemized("Brash Basher"))
    t.end_turn("alice", "bob")
    assert set(t.state()["cards"]) == {"w1", "g1"} and t.card("w1")["tokens"] == 1
    assert not [e for e in t.events() if e["type"] in ("CardDestroyed", "CardLeftPlay", "ReplacementApplied")]


def test_4p7_31f_grows_with_gear_and_gets_a_resource_back(client):
    """4p7 31f (2/2/3): "If you play a "gear" card attached to this card, you may detach a resource from your
    faction. While a "gear" card is attached to this card, it gains 1 strength and 1 life." (spoils.503.1,
    spoils.507.2, spoils.309.1): alice plays Kettinger (+2 strength, cost 2) on it: she detaches one of the
    two resources she paid with, and the 31f is 5/3; Kettinger on a Stalwart Soldier gives back nothing."""
    cards = {"e1": {"card": "4p7 31f", "controller": "alice"}, "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    for host, back, stats in (("e1", 1, (5, 3)), ("a1", 0, (5, 3))):
        t = new_game(client, position(cards=cards, hands={"alice": ["Kettinger"]}, icons={"alice": "RR"}))
        t.act(_play("Kettinger", attach_to=host))
        for _ in range(4):
            choice = t.state().get("choice")
            if not choice:
                break
            t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})
        if t.state()["pending"]:
            t.act({"type": "pass", "player": "bob"})
        assert _unattached(t) == back, host
        eff = t.card(host)["effective"]
        assert (eff["strength"], eff["life"]) == stats, host
        assert t.audit_valid()


def test_tri_pole_magnet_grapples_a_gear_back_onto_its_character(client):
    """Tri-Pole Magnet (gear): "GRAPPLE COST: Pick a "gear" card in your discard pile. Destroy this card.
    EFFECT: Put the "gear" card into play under your control attached to the character." (spoils.402.8,
    spoils.507.2): the Magnet on alice's Stalwart Soldier goes to her discard pile and her Kettinger (+2
    strength) comes out of it onto the Soldier, now 5/3; a card in her discard pile that is not a gear
    cannot be picked (refused, nothing appended)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "m1": {"card": "Tri-Pole Magnet", "controller": "alice", "attached_to": "a1"}}
    setup = position(cards=cards)
    setup["players"]["alice"]["discard"] = ["Kettinger", "Stalwart Soldier"]
    t = new_game(client, setup)
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_ability("m1", "GRAPPLE", "Stalwart Soldier")))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _ability("m1", "GRAPPLE", "Kettinger"))
    state = t.state()
    gear = t.named("Kettinger", "alice")
    assert "m1" not in state["cards"] and gear and state["cards"][gear[0]]["attached_to"] == "a1"
    assert t.card("a1")["effective"]["strength"] == 5
    assert state["players"]["alice"]["discard"] == ["Stalwart Soldier", "Tri-Pole Magnet"]
    assert t.audit_valid()
