"""Spoils cards of round 4's statics family played by name through the API: counted costs and
amounts, tokens a card enters play with or doubles, limits on use, cost reductions and permissions.
Each test shows the card's printed text changing the game, and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def _unattached(t, player: str = "alice") -> int:
    return sum(1 for r in t.state()["players"][player]["resources"].values() if not r.get("attached"))


def test_aroused_stiffbone_costs_seven_minus_the_rage_you_control(client):
    """Aroused Stiffbone (cost 0): "COST: Pay X, where X is 7 minus the number of [R] you control."
    (spoils.406.3, spoils.405.5, spoils.309.1): with five [R] alice pays 2 of her five resources; with
    one [R] and four other icons X is 6, more than her five resources, and the play is refused
    (nothing appended)."""
    t = new_game(client, position(hands={"alice": ["Aroused Stiffbone"]}, icons={"alice": "RRRRR"}))
    t.resolve("alice", "bob", _play("Aroused Stiffbone"))
    assert t.named("Aroused Stiffbone", "alice") and _unattached(t) == 3
    assert t.audit_valid()
    u = new_game(client, position(hands={"alice": ["Aroused Stiffbone"]}, icons={"alice": "RDDDD"}))
    before = u.state()["position"]
    assert "spoils.309.1" in _rules(u.refuse(_play("Aroused Stiffbone")))
    assert u.state()["position"] == before and u.audit_valid()


def test_fornicaves_leaves_every_character_two_life(client):
    """Fornicaves: "All characters lose X life, where X is their printed life minus 2." (spoils.502.2,
    spoils.410.4): with it in play bob's Union Leader (5/8/3) is at 2 life, and blocking alice's Stalwart
    Soldier (3/3/3) it is destroyed by 3 damage, which it survives without Fornicaves."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Union Leader", "controller": "bob"}}
    for caves in (True, False):
        more = {"f1": {"card": "Fornicaves", "controller": "alice"}} if caves else {}
        t = new_game(client, position(cards=cards | more))
        assert (t.card("b1")["effective"]["life"], t.card("a1")["effective"]["life"]) == ((2, 2) if caves else (8, 3))
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        t.fight(blockers=["b1"])
        assert ("b1" in t.state()["cards"]) is not caves
        assert t.audit_valid()


def test_thief_doyen_enters_with_the_discarded_cards_cost_in_tokens(client):
    """Thief Doyen (0/0/3, cost 4): "COST: Discard a character or item. X is its numeric cost. This card
    enters play with X tokens on it. This card gains 1 strength and 1 life for each token on it."
    (spoils.401.3, spoils.406.1, spoils.409.1): discarding Union Leader (cost 7) it enters with 7 tokens
    and is 7/7; discarding Stalwart Soldier (cost 3) it is 3/3; a card not in alice's hand, or a tactic,
    cannot pay the cost (refused by spoils.401.2, nothing appended)."""
    for discarded, n in (("Union Leader", 7), ("Stalwart Soldier", 3)):
        t = new_game(client, position(hands={"alice": ["Thief Doyen", discarded]}, icons={"alice": "DDDD"}))
        t.resolve("alice", "bob", _play("Thief Doyen", discarded=[discarded]))
        doyen = t.card(t.named("Thief Doyen")[0])
        assert doyen["tokens"] == n and (doyen["effective"]["strength"], doyen["effective"]["life"]) == (n, n)
        assert t.state()["players"]["alice"]["discard"] == [discarded]
        assert t.audit_valid()
    u = new_game(client, position(hands={"alice": ["Thief Doyen", "Stalwart Soldier", "Kaiser Wave"]},
                                  icons={"alice": "DDDD"}))
    before = u.state()["position"]
    for named in ("Union Leader", "Kaiser Wave"):
        assert "spoils.401.2" in _rules(u.refuse(_play("Thief Doyen", discarded=[named])))
    assert u.state()["position"] == before and u.audit_valid()


def test_hextilda_doubles_the_tokens_on_a_card(client):
    """Hextilda, the Exiled Crone: "TOIL AND TROUBLE COST: Pay 4. Deplete this card. Pick a card you control
    with at least 1 token on it. EFFECT: Double the number of tokens on the card." (spoils.409.1,
    spoils.310.1): alice's Thief Doyen with 3 tokens (3/3) gets 3 more and is 6/6; her Stalwart Soldier, with
    no token, cannot be picked (refused by spoils.310.1, nothing appended)."""
    cards = {"h1": {"card": "Hextilda, the Exiled Crone", "controller": "alice"},
             "d1": {"card": "Thief Doyen", "controller": "alice", "tokens": 3},
             "d2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOOO"}))
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_ability("h1", "TOIL AND TROUBLE", "d2")))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _ability("h1", "TOIL AND TROUBLE", "d1"))
    doyen = t.card("d1")
    assert doyen["tokens"] == 6 and (doyen["effective"]["strength"], doyen["effective"]["life"]) == (6, 6)
    assert t.card("h1")["depleted"] is True and _unattached(t) == 0
    assert t.audit_valid()


def test_kaiser_wave_gives_more_to_a_kaiser_character(client):
    """Kaiser Wave: "This turn, the character gains 1 strength and 1 life. It gains an additional 1 strength
    and 1 life for each "kaiser" card in play. It gains an additional 1 strength and 1 life if it is a
    "kaiser" character." (spoils.504.1, spoils.502.2, spoils.410.1): with one kaiser in play (alice's LeoKaiser,
    3/3/3), her Stalwart Soldier (3/3/3) gets +2/+2 and is 5/5, while LeoKaiser itself gets +3/+3 and is 6/6;
    all of it ends with the turn."""
    cards = {"k1": {"card": "LeoKaiser", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    for target, stats in (("a1", (5, 5)), ("k1", (6, 6))):
        t = new_game(client, position(cards=cards, hands={"alice": ["Kaiser Wave"]}, icons={"alice": "EE"}))
        t.resolve("alice", "bob", _play("Kaiser Wave", target))
        eff = t.card(target)["effective"]
        assert (eff["strength"], eff["life"]) == stats, target
        t.end_turn("alice", "bob")
        eff = t.card(target)["effective"]
        assert (eff["strength"], eff["life"]) == (3, 3), target
        assert t.audit_valid()


def test_party_clowns_may_fill_a_deck_beyond_four_copies(client):
    """Party Clowns: "You may include as many copies of this card in your deck as you want." (spoils.101.1
    over spoils.103.1c): a constructed deck of 75 cards with 8 Party Clowns starts a game with no deck
    problem, while the same deck with 8 Sly Bilker is reported for spoils.103.1c (at most 4 of a name)."""
    def deck(name: str) -> list[dict]:
        return [{"name": "Drowned Catacombs", "section": "Faction"}, {"name": "Deception", "count": 2, "section": "Faction"},
                {"name": "Deception", "count": 67}, {"name": name, "count": 8}]

    for name, problems in (("Party Clowns", []), ("Sly Bilker", ["spoils.103.1c"])):
        body = {"game": "spoils", "players": [{"id": "alice", "deck": deck(name)}, {"id": "bob", "deck": deck(name)}],
                "first_player": "alice"}
        r = client.post("/games", json=body)
        assert r.status_code == 201, r.get_json()
        summary = client.get(f"/games/{r.get_json()['id']}").get_json()
        assert [p["rule"] for p in summary["players"][0]["deck_problems"]] == problems, name


def test_fumast_makes_faction_abilities_cheaper(client):
    """First Unified Market of Abstract Secure Theoreticals: "Reduce the numeric cost of your faction's
    abilities by 1, to a minimum of 1." (spoils.406.3, spoils.606.1d): with it in play alice draws with her
    faction's DRAW ("Pay 3: draw a card.") for 2, her only two resources; without it the same use is refused
    (spoils.309.1, nothing appended); bob, who does not control it, still pays 3."""
    draw = {"type": "faction_ability", "player": "alice", "ability": "DRAW"}
    market = {"m1": {"card": "First Unified Market of Abstract Secure Theoreticals", "controller": "alice"}}
    t = new_game(client, position(cards=market, icons={"alice": "GG"}))
    t.resolve("alice", "bob", draw)
    assert t.state()["players"]["alice"]["hand"] == 1 and _unattached(t) == 0
    assert t.audit_valid()
    u = new_game(client, position(icons={"alice": "GG"}))
    before = u.state()["position"]
    assert "spoils.309.1" in _rules(u.refuse(draw))
    assert u.state()["position"] == before and u.audit_valid()
    v = new_game(client, position(cards=market, icons={"bob": "GG"}, active="bob"))
    assert "spoils.309.1" in _rules(v.refuse(draw | {"player": "bob"}))


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


def test_mercenarys_creed_bribed_by_either_player_blackmail_by_its_owner(client):
    """Mercenary's Creed: "BRIBE COST: Both players may use this ability. Pay 3. EFFECT: Take control of the
    attached character. BLACKMAIL COST: Use this only if you own this card. Pay 2. EFFECT: Take control of
    the attached character." (spoils.101.1 over spoils.606.1a, spoils.401.3a): bob pays 3 to use the BRIBE
    of alice's Creed on her Stalwart Soldier and takes the Soldier; its BLACKMAIL he cannot use (he does not
    control the Creed). Alice blackmails bob's Soldier with a Creed she owns, not with one bob owns (refused,
    nothing appended)."""
    mine = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
            "m1": {"card": "Mercenary's Creed", "controller": "alice", "attached_to": "a1"}}
    t = new_game(client, position(cards=mine, icons={"bob": "DDD"}, active="bob"))
    before = t.state()["position"]
    assert "spoils.606.1a" in _rules(t.refuse(_ability("m1", "BLACKMAIL", player="bob")))
    assert t.state()["position"] == before
    t.resolve("bob", "alice", _ability("m1", "BRIBE", player="bob"))
    assert t.card("a1")["controller"] == "bob" and t.card("m1")["controller"] == "alice" and _unattached(t, "bob") == 0
    assert t.audit_valid()
    for owner in ("alice", "bob"):
        theirs = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
                  "m1": {"card": "Mercenary's Creed", "controller": "alice", "owner": owner, "attached_to": "b1"}}
        u = new_game(client, position(cards=theirs, icons={"alice": "DD"}))
        if owner == "alice":
            u.resolve("alice", "bob", _ability("m1", "BLACKMAIL"))
            assert u.card("b1")["controller"] == "alice"
        else:
            before = u.state()["position"]
            assert "spoils.401.3a" in _rules(u.refuse(_ability("m1", "BLACKMAIL")))
            assert u.state()["position"] == before and u.card("b1")["controller"] == "bob"
        assert u.audit_valid()


def test_gods_autograph_makes_every_card_unique(client):
    """God's Autograph: "All non-resource cards gain the rules text "Unique X", where X is the card's name."
    (spoils.507.5a): alice controls a Stalwart Soldier and plays another; with the Autograph in play she
    must keep one and the other is destroyed, without it she keeps both."""
    for autograph in (True, False):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
        if autograph:
            cards["g1"] = {"card": "God's Autograph", "controller": "alice"}
        t = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
        t.resolve("alice", "bob", _play("Stalwart Soldier"))
        choice = t.state().get("choice")
        assert (choice is not None and choice["kind"] == "unique") is autograph
        if autograph:
            t.act({"type": "choose", "player": "alice", "choice": "a1"})
        assert len(t.named("Stalwart Soldier", "alice")) == (1 if autograph else 2)
        assert t.audit_valid()


def test_ferrous_ferret_must_be_picked_and_grows_when_it_is(client):
    """Ferrous Ferret (1/1/4): "Anything that can pick this card must pick it. If this card is picked, put a
    token on it. This card gains 1 strength and 1 life for each token on it." (spoils.101.1 over
    spoils.310.1, spoils.503.1): with bob's Ferret in play alice's Fiscal Intercessor cannot PLEAD ("Pick a
    character.") for her own Stalwart Soldier (refused, nothing appended); it pleads for the Ferret, which
    gets a token and is 2/2; without the Ferret the Soldier may be picked."""
    cards = {"f1": {"card": "Fiscal Intercessor", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards | {"x1": {"card": "Ferrous Ferret", "controller": "bob"}}))
    before = t.state()["position"]
    assert "spoils.101.1" in _rules(t.refuse(_ability("f1", "PLEAD", "a1")))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _ability("f1", "PLEAD", "x1"))
    ferret = t.card("x1")
    assert ferret["tokens"] == 1 and (ferret["effective"]["strength"], ferret["effective"]["life"]) == (2, 2)
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.resolve("alice", "bob", _ability("f1", "PLEAD", "a1"))
    assert u.card("f1")["depleted"] is True and u.audit_valid()


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


def test_gilded_yurt_brings_the_removed_character_back_next_turn(client):
    """Gilded Yurt (structure 3): "CHILLAX COST: Deplete this card. Pick a character you control. EFFECT: Remove
    the character from the game. At the start of your next turn, if this card is in play, put the removed
    character into play under your control." (spoils.403.6a, spoils.503.1, spoils.402.8): alice's Stalwart
    Soldier is out of the game during bob's turn and back in play as her next turn starts; when bob's own
    Soldier destroys the Yurt in his turn, hers stays out of the game."""
    cards = {"y1": {"card": "Gilded Yurt", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for razed in (False, True):
        t = new_game(client, position(cards=cards))
        t.resolve("alice", "bob", _ability("y1", "CHILLAX", "a1"))
        assert "a1" not in t.state()["cards"] and t.state()["players"]["alice"]["removed"] == ["Stalwart Soldier"]
        t.end_turn("alice", "bob")
        t.act({"type": "develop", "player": "bob", "choice": "draw"})
        if razed:
            t.act({"type": "attack", "player": "bob", "attackers": ["b1"], "target": "y1"})
            t.fight()
            assert "y1" not in t.state()["cards"]
        assert not t.named("Stalwart Soldier", "alice")
        t.end_turn("bob", "alice")
        back = t.named("Stalwart Soldier", "alice")
        assert bool(back) is not razed
        assert t.state()["players"]["alice"]["removed"] == ([] if not razed else ["Stalwart Soldier"])
        assert t.audit_valid()


def test_vast_mastabatorium_five_times_then_it_changes_hands(client):
    """Vast Mastabatorium: "YOU KNOW YOU WANT TO... COST: Use this only 5 times each turn. Pay 1. Inflict 1
    damage to your faction. EFFECT: Draw a card. At the end of the turn, put a token on this card and your
    opponent takes control of it." (spoils.401.3a, spoils.503.1): alice uses it five times (five cards drawn,
    five influence lost); a sixth use is refused (nothing appended); as the turn ends the Mastabatorium gets
    a token for each use and bob takes control of it (spoils.503.4: alice orders the five at once)."""
    use = _ability("v1", "YOU KNOW YOU WANT TO...")
    t = new_game(client, position(cards={"v1": {"card": "Vast Mastabatorium", "controller": "alice"}},
                                  icons={"alice": "DDDDDD"}))
    for _ in range(5):
        t.resolve("alice", "bob", use)
    assert t.state()["players"]["alice"]["hand"] == 5 and t.influence("alice") == 20
    before = t.state()["position"]
    assert "spoils.401.3a" in _rules(t.refuse(use))
    assert t.state()["position"] == before
    t.end_turn("alice", "bob")
    for _ in range(6):  # five triggers at once: alice orders them (spoils.503.4)
        choice = t.state().get("choice")
        if not choice:
            break
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0]})
    vast = t.card("v1")
    assert vast["tokens"] == 5 and vast["controller"] == "bob" and t.state()["active_player"] == "bob"
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


def test_reality_shift_trades_what_you_control_for_free_plays(client):
    """Reality Shift: "X is the total numeric cost of all non-resource cards you control. Put those cards into
    their owner's hand. You may play any number of cards for free with total numeric cost X or less."
    (spoils.406.1, spoils.604.2, spoils.308.1): alice's Stalwart Soldier (3) and Scout (4) make X 7; they go
    back to her hand and Union Leader (7) is played for free; named with the Soldier too (10 in all), no card
    is played."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}, "a2": {"card": "Scout", "controller": "alice"}}
    for plays, leader in ((["Union Leader"], True), (["Union Leader", "Stalwart Soldier"], False)):
        t = new_game(client, position(cards=cards, hands={"alice": ["Reality Shift", "Union Leader"]},
                                      icons={"alice": "OOOOORRRGG"}))
        t.resolve("alice", "bob", _play("Reality Shift", free_plays=plays))
        if t.state()["pending"]:  # the Union Leader played waits for bob's responses (spoils.604.1g)
            t.act({"type": "pass", "player": "bob"})
        state = t.state()
        assert "a1" not in state["cards"] and "a2" not in state["cards"]
        assert bool(t.named("Union Leader", "alice")) is leader
        hand = sorted(state["players"]["alice"]["hand_cards"])
        assert hand == (["Scout", "Stalwart Soldier"] if leader else ["Scout", "Stalwart Soldier", "Union Leader"])
        assert t.audit_valid()


def test_witty_worm_is_played_for_1_as_a_resource_is_played(client):
    """Witty Worm (cost 4, [O][O]): "While this card is in your hand you may reveal this card as you are
    playing a resource. If you do, you may play this card for 1." (spoils.605.1, spoils.604.2, spoils.406.3):
    alice develops by playing an Obsession and reveals the Worm with it: it is played for 1 and enters play;
    a Stalwart Soldier cannot be revealed that way (refused, nothing appended)."""
    def develop(reveal: str) -> dict:
        return {"type": "develop", "player": "alice", "choice": "resource",
                "resource": {"card": "Obsession", "face_up": True}, "choices": {"reveal_with_resource": reveal}}

    t = new_game(client, position(stage="develop", hands={"alice": ["Witty Worm", "Obsession", "Stalwart Soldier"]},
                                  icons={"alice": "O"}))
    before = t.state()["position"]
    assert "spoils.604.1a" in _rules(t.refuse(develop("Stalwart Soldier")))
    assert t.state()["position"] == before
    t.act(develop("Witty Worm"))
    assert t.state()["pending"]  # the Worm waits for bob's responses (spoils.604.1g); it enters play, and
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})  # its own "you may ..." is declined
    assert t.named("Witty Worm", "alice") and _unattached(t) == 1
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


BOBS_DECK = ["Kaiser Wave", "Stalwart Soldier", "Crushing Usury", "Scout", "Union Leader", "Rusty Pickaxe", "Kettinger",
             "Scout"]


def test_eccentric_inquisition_plays_the_opponents_tactics_it_removed(client):
    """Eccentric Inquisition: "Reveal the top 7 cards of your opponent's deck. Remove all tactics revealed this way
    from the game. Put the remaining cards on the bottom of your opponent's deck in any order. For the rest of the
    game, you may play tactics removed from the game by this card as though they were in your hand without
    meeting their threshold." (spoils.403.6a, spoils.101.1 over spoils.405.2): of bob's top seven, Kaiser Wave
    and Crushing Usury leave the game, the five others go under his deck; alice, with no [E], plays bob's
    Kaiser Wave ([E][E]) on her Stalwart Soldier (4/4 this turn), and it goes to bob's discard pile; a card she
    did not remove that way cannot be played from there (refused, nothing appended)."""
    t = new_game(client, position(cards={"a1": {"card": "Stalwart Soldier", "controller": "alice"}},
                                  hands={"alice": ["Eccentric Inquisition"]}, icons={"alice": "OOOOOO"},
                                  decks={"bob": BOBS_DECK}))
    t.resolve("alice", "bob", _play("Eccentric Inquisition", revealed=BOBS_DECK[:7]))
    bob = t.state()["players"]["bob"]
    assert bob["removed"] == ["Kaiser Wave", "Crushing Usury"]
    assert bob["deck_cards"] == ["Scout", "Stalwart Soldier", "Scout", "Union Leader", "Rusty Pickaxe", "Kettinger"]
    before = t.state()["position"]
    assert "spoils.604.1a" in _rules(t.refuse(_play("Scout", from_removed=True)))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _play("Kaiser Wave", "a1", from_removed=True))
    state = t.state()
    assert t.card("a1")["effective"]["strength"] == 4 and state["players"]["bob"]["removed"] == ["Crushing Usury"]
    assert state["players"]["bob"]["discard"] == ["Kaiser Wave"] and _unattached(t) == 2
    assert t.audit_valid()


def test_pant_swipe_plays_the_removed_cards_without_their_threshold(client):
    """Pant Swipe: "Remove the top 4 cards of your opponent's deck from the game face-down. For the rest of the
    game, you may play the removed cards as though they were in your hand even if you cannot meet their
    threshold." (spoils.403.6a, spoils.101.1 over spoils.405.2): bob's top four leave the game; alice, with only
    [D], plays bob's Stalwart Soldier ([R][R][R], cost 3) from among them, which enters play under her control
    and stays bob's card; without Pant Swipe the same play is refused."""
    t = new_game(client, position(hands={"alice": ["Pant Swipe"]}, icons={"alice": "DDDDDDDDDD"},
                                  decks={"bob": BOBS_DECK}))
    t.resolve("alice", "bob", _play("Pant Swipe", removed=BOBS_DECK[:4]))
    assert t.state()["players"]["bob"]["removed"] == BOBS_DECK[:4]
    t.resolve("alice", "bob", _play("Stalwart Soldier", from_removed=True))
    soldier = t.card(t.named("Stalwart Soldier", "alice")[0])
    assert soldier["owner"] == "bob" and "Stalwart Soldier" not in t.state()["players"]["bob"]["removed"]
    assert t.audit_valid()
    setup = position(icons={"alice": "DDD"}, decks={"bob": BOBS_DECK[4:]})
    setup["players"]["bob"]["removed"] = ["Stalwart Soldier"]
    u = new_game(client, setup)
    before = u.state()["position"]
    assert "spoils.604.1a" in _rules(u.refuse(_play("Stalwart Soldier", from_removed=True)))
    assert u.state()["position"] == before and u.audit_valid()
