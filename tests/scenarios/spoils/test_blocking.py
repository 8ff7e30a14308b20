"""Who can block and who must, played by name through the API: Covert parties blocked only by Covert
characters unless a card says otherwise, characters that must block if they can, picked blockers,
a party made Covert by a member's text, a character that needs three blockers (spoils.507.3,
spoils.505.1).  A forbidden declaration is refused with its rule, nothing appended; each test cites
the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import attack as _attack, block as _block, use_ability_with as _ability_extra
from tests.scenarios.spoils.steps import (
    declare_attack as _declare_attack, refused_unchanged as _refused, to_blocks as _to_blocks)
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules, rule_ids)

pytestmark = needs_data


def test_recyclable_golem_with_a_token_blocks_a_covert_party(client):
    """Recyclable Golem (6/6/3): "While there is a token on this card, it loses 2 strength and 2 life
    and can block Covert parties." (spoils.507.3b, spoils.101.1): alice's Sneaking Spitspider (COVERT)
    attacks alone, a covert party (spoils.507.3a); bob's Golem without a token cannot block it (refused,
    nothing appended), with a token it is a 4/4 and blocks."""
    for tokens in (0, 1):
        cards = {"s1": {"card": "Sneaking Spitspider", "controller": "alice"},
                 "g1": {"card": "Recyclable Golem", "controller": "bob", "tokens": tokens}}
        t = new_game(client, position(cards=cards))
        assert (t.card("g1")["effective"]["strength"], t.card("g1")["effective"]["life"]) == \
            ((4, 4) if tokens else (6, 6))
        t.act(_attack("s1"))
        _to_blocks(t)
        if not tokens:
            assert "spoils.507.3b" in _refused(t, _block("bob", "g1"))
            continue
        t.act(_block("bob", "g1"))
        t.fight()
        assert "s1" not in t.state()["cards"] and t.card("g1")["damage"] == 2
        assert t.influence("bob") == 25 and t.audit_valid()


def test_cloaked_creeper_makes_its_whole_party_covert(client):
    """Cloaked Creeper: "COVERT. While this card is a member of an attacking party, the party is
    Covert." (spoils.507.3a-b, spoils.101.1): alice attacks with the Creeper and a Stalwart Soldier
    (no Covert): the party is Covert, so bob's Scout cannot block it (refused, nothing appended) and
    only his Sneaking Spitspider (COVERT) can; two Soldiers without the Creeper are blocked by the
    Scout."""
    cards = {"c1": {"card": "Cloaked Creeper", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Scout", "controller": "bob"},
             "b2": {"card": "Sneaking Spitspider", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("c1", "a1"))
    assert t.state()["battle"]["covert"] is True
    _to_blocks(t)
    assert "spoils.507.3b" in _refused(t, _block("bob", "b1"))
    t.act(_block("bob", "b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.act(_attack("a1", "a2"))
    _to_blocks(u)
    u.act(_block("bob", "b1"))
    assert u.audit_valid()


def test_wild_boars_alone_is_blocked_only_by_characters_as_fast(client):
    """Wild Boars (2/2/4): "While this card is the only member of an attacking party, only characters
    with at least X speed can block it, where X is this card's speed." (spoils.608.1d, spoils.101.1):
    attacking alone, bob's Stalwart Soldier (speed 3) cannot block it (refused, nothing appended) but
    his Scout (speed 4) can; in a party with a Soldier, the Boars are blocked by the slow Soldier."""
    cards = {"w1": {"card": "Wild Boars", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Scout", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act(_attack("w1"))
    _to_blocks(t)
    assert "spoils.101.1" in _refused(t, _block("bob", "b1"))
    t.act(_block("bob", "b2"))
    assert t.audit_valid()
    u = new_game(client, position(cards=cards))
    u.act(_attack("w1", "a1"))
    _to_blocks(u)
    u.act(_block("bob", "b1"))
    assert u.audit_valid()


def test_conscientious_objector_cannot_block_while_the_picked_location_is_in_play(client):
    """Conscientious Objector (6/6/3): "COST: Pick a location you control. While the picked location is in
    play, this card cannot attack or block." spoils.401.2 (no location: no play), spoils.504.1 and
    spoils.608.1d: with Gilded Yurt in play, bob's attack cannot be blocked by it."""
    cards = {"l1": {"card": "Gilded Yurt", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Conscientious Objector"]}, icons={"alice": "RR"}))
    assert "spoils.310.1" in _rules(t.refuse(_play("Conscientious Objector", "b1")))
    t.resolve("alice", "bob", _play("Conscientious Objector", "l1"))
    objector = t.named("Conscientious Objector", "alice")[0]
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    refused = t.refuse({"type": "block", "player": "alice", "blockers": [objector]})
    assert "spoils.608.1d" in _rules(refused) and "forbidden by Conscientious Objector" in refused[0]["message"]


def test_leokaiser_goes_mega_and_needs_three_blockers(client):
    """LeoKaiser (3/3/3): "GO MEGA-NEKO-KAISER! COST: Deplete a card named \\"PantherKaiser\\" you control.
    Deplete a card named \\"TigerKaiser\\" you control. EFFECT: This turn, this card gains 8 strength, 8 life,
    and 2 speed and while it is the only member of an attacking party, only parties with at least 3 members can
    block it." (spoils.401.3, spoils.608.1d, spoils.101.1): paid with alice's two Kaisers it is 11/11/5;
    attacking alone, bob's block with 2 Stalwart Soldiers is refused (nothing appended), with 3 it stands.
    Without the ability 2 blockers may block it."""
    cards = {"k1": {"card": "LeoKaiser", "controller": "alice"},
             "p1": {"card": "PantherKaiser", "controller": "alice"},
             "t1": {"card": "TigerKaiser", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"},
             "b3": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.resolve("alice", "bob", _ability_extra("k1", "GO MEGA-NEKO-KAISER!", "p1", "t1"))
    assert t.card("p1")["depleted"] is True and t.card("t1")["depleted"] is True
    assert [t.card("k1")["effective"][k] for k in ("strength", "life", "speed")] == [11, 11, 5]
    t.act({"type": "attack", "player": "alice", "attackers": ["k1"]})
    t.fight(stop="blocks")
    before = t.state()["position"]
    assert "spoils.101.1" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["b1", "b2"]}))
    assert t.state()["position"] == before
    t.act({"type": "block", "player": "bob", "blockers": ["b1", "b2", "b3"]})
    u = new_game(client, position(cards=cards))
    u.act({"type": "attack", "player": "alice", "attackers": ["k1"]})
    u.fight(stop="blocks")
    u.act({"type": "block", "player": "bob", "blockers": ["b1", "b2"]})
    assert t.audit_valid() and u.audit_valid()


def _covert_attack(client, blocker: dict, **extra) -> object:
    cards = {"a1": {"card": "Concealed Goon", "controller": "alice"}, "b1": blocker,
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}, **extra}
    t = new_game(client, position(cards=cards))
    _declare_attack(t, ["a1"])
    t.fight(stop="blocks")
    return t


def test_securitymajig_blocks_covert_parties_and_gains_3_strength_doing_it(client):
    """Securitymajig: "This card can block Covert parties. If this card blocks a Covert party, it gains
    3 strength this turn."  Alice's Concealed Goon attacks alone, a Covert party (spoils.507.3a): bob's
    Stalwart Soldier cannot block it (spoils.507.3b), his Securitymajig can, and gains 3 strength
    (spoils.503.1, spoils.410.3)."""
    t = _covert_attack(client, {"card": "Securitymajig", "controller": "bob"})
    assert "spoils.507.3b" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["b2"]}))
    strength = t.card("b1")["effective"]["strength"]
    t.act({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert t.card("b1")["effective"]["strength"] == strength + 3


def test_inconspicuous_golem_blocks_covert_parties_while_it_has_a_token(client):
    """Inconspicuous Golem: "While there is a token on this card, it can block Covert parties."  With a
    token it blocks alice's Covert Concealed Goon; without one the block is refused (spoils.507.3b,
    spoils.504.1)."""
    for tokens in (1, 0):
        t = _covert_attack(client, {"card": "Inconspicuous Golem", "controller": "bob", "tokens": tokens})
        block = {"type": "block", "player": "bob", "blockers": ["b1"]}
        if tokens:
            assert "BlockersDeclared" in t.act(block)
        else:
            assert "spoils.507.3b" in _rules(t.refuse(block))


def test_53cur17y_5y573m_lets_characters_without_covert_block_covert_parties(client):
    """53cur17y 5y573m: "Covert parties can be blocked by characters without Covert."  With the location
    in play (either player's) bob's Stalwart Soldier blocks alice's Covert Concealed Goon (spoils.507.3b
    overridden, spoils.101.1)."""
    t = _covert_attack(client, {"card": "53cur17y 5y573m", "controller": "alice"})
    assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": ["b2"]})


def test_defense_attorney_must_block_if_it_can(client):
    """Defense Attorney: "If you are attacked, this card must block if it can."  Alice attacks bob: his
    declaration without the Attorney is refused (spoils.505.1, spoils.503.1), with it it stands;
    depleted it cannot block (spoils.608.1d), and bob may then decline to block."""
    for depleted in (False, True):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "d1": {"card": "Defense Attorney", "controller": "bob", "depleted": depleted},
                 "b2": {"card": "Sleeping Guard", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _declare_attack(t, ["a1"])
        t.fight(stop="blocks")
        if depleted:
            assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": []})
            continue
        for blockers in ([], ["b2"]):
            assert "spoils.505.1" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": blockers}))
        assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": ["d1", "b2"]})


def test_titillating_contortionist_makes_the_picked_character_block_it(client):
    """Titillating Contortionist: "If this card attacks, you may pick a character. If you do, it must
    block this card if it can this turn."  Alice's Contortionist attacks and picks bob's Sleeping
    Guard (choices.targets, spoils.503.1): bob cannot leave it out of his blockers (spoils.505.1)."""
    cards = {"a1": {"card": "Titillating Contortionist", "controller": "alice"},
             "b1": {"card": "Sleeping Guard", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "choices": {"targets": ["b1"]}})
    t.fight(stop="blocks")
    for blockers in ([], ["b2"]):
        assert "spoils.505.1" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": blockers}))
    assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": ["b1"]})


def test_wyrmfang_deathskull_the_characters_the_opponent_picks_must_block_and_only_they(client):
    """Wyrmfang Deathskull: "If you attack, your opponent picks any number of characters they control.
    Those characters must block during this battle if they can, and only those characters can block."
    Bob picks his Sleeping Guard (spoils.310.1, choices.targets): it must block (spoils.505.1) and his
    Stalwart Soldier cannot (spoils.608.1d)."""
    cards = {"a1": {"card": "Wyrmfang Deathskull", "controller": "alice"},
             "b1": {"card": "Sleeping Guard", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"], "choices": {"targets": [["b1"]]}})
    t.fight(stop="blocks")
    assert "spoils.505.1" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": []}))
    assert "spoils.608.1d" in _rules(t.refuse({"type": "block", "player": "bob", "blockers": ["b1", "b2"]}))
    assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": ["b1"]})


def test_a_character_that_must_block_is_not_able_to_block_a_party_covert_by_a_members_text(client):
    """Cloaked Creeper: "While this card is a member of an attacking party, the party is Covert."
    with Defense Attorney: "If you are attacked, this card must block if it can." (spoils.507.3a-b,
    spoils.505.1): alice's Creeper and Stalwart Soldier attack together; the party is Covert though
    the Soldier has no Covert, so bob's Attorney (no Covert) cannot block it (refused) and so is not
    bound to: bob declares no blockers. The same attack without the Creeper binds the Attorney."""
    cards = {"c1": {"card": "Cloaked Creeper", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "d1": {"card": "Defense Attorney", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["c1", "a1"]})
    t.fight(stop="blocks")
    refused = t.refuse({"type": "block", "player": "bob", "blockers": ["d1"]})
    assert "spoils.507.3b" in rule_ids(refused)
    assert "BlockersDeclared" in t.act({"type": "block", "player": "bob", "blockers": []})
    u = new_game(client, position(cards=cards))
    u.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    u.fight(stop="blocks")
    assert "spoils.505.1" in rule_ids(u.refuse({"type": "block", "player": "bob", "blockers": []}))
    assert "BlockersDeclared" in u.act({"type": "block", "player": "bob", "blockers": ["d1"]})
    assert t.audit_valid() and u.audit_valid()
