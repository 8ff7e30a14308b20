"""Cards the engine enforces in full but no scenario played yet (round 3b), played by name through the
API: each test shows the card's text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _bobs(n: int) -> dict:
    names = ["Creaky Old Swordsman", "Dock Sentinel", "Agile Highwayman"]
    return {f"b{i}": {"card": names[i - 1], "controller": "bob"} for i in range(1, n + 1)}


# ------------------------------------------------------------------------------ X chosen as a cost

def test_12_man_brunch_of_doom_destroys_a_character_with_x_plus_x_strength_or_less(client):
    """12 Man Brunch of Doom: "COST: Choose a number for X. Deplete X characters you control. Pick a
    character. EFFECT: If the the picked character has X+X strength or less, destroy it." (the card
    prints "the the").  X = 2, two Sleeping Guards depleted to pay (spoils.401.2, spoils.401.3):
    Creaky Old Swordsman (strength 3 <= 4) is destroyed, Dock Sentinel (strength 5) is not
    (spoils.504.1, spoils.304.1).  Only the two characters named are depleted, not the third (the cost
    once depleted every character alice controlled); X = 2 with one character named is refused
    (spoils.401.2)."""
    for target, destroyed in (("b2", False), ("b1", True)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"},
                 "a2": {"card": "Sleeping Guard", "controller": "alice"},
                 "a3": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(2)}
        t = new_game(client, position(cards=cards, hands={"alice": ["12 Man Brunch of Doom"]}, icons={"alice": "OOO"}))
        t.resolve("alice", "bob", _play("12 Man Brunch of Doom", ["a1", "a2"], target, x=2))
        assert (target not in t.state()["cards"]) is destroyed, target
        assert t.card("a1")["depleted"] and t.card("a2")["depleted"] and not t.card("a3")["depleted"]
    cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(1)}
    t = new_game(client, position(cards=cards, hands={"alice": ["12 Man Brunch of Doom"]}, icons={"alice": "OOO"}))
    assert "spoils.401.2" in _rules(t.refuse(_play("12 Man Brunch of Doom", ["a1"], "b1", x=2)))


def test_mass_confusion_divides_y_damage_where_y_is_the_difference_in_characters(client):
    """Mass Confusion: "COST: Choose a number for X. Pay X. Pick X characters. EFFECT: Inflict Y damage
    divided however you want to the characters, where Y is the number of characters your opponent
    controls minus the number of characters you control."  Bob controls 3 characters, alice 1: Y is 2,
    divided onto Dock Sentinel (spoils.406.3, spoils.408.1); with bob down to 1 character Y is 0 and
    the Sentinel takes nothing."""
    for bobs, damage in ((3, 2), (1, 0)):
        cards = {"a1": {"card": "Sleeping Guard", "controller": "alice"}, **_bobs(bobs)}
        if bobs == 1:
            cards = {"a1": cards["a1"], "b2": {"card": "Dock Sentinel", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Mass Confusion"]}, icons={"alice": "RRR"}))
        t.resolve("alice", "bob", _play("Mass Confusion", ["b2"], x=1, divided={"b2": damage}))
        assert t.card("b2")["damage"] == damage, bobs
        assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 1


def test_jackmove_puts_the_revealed_characters_and_items_into_play_and_discards_the_rest(client):
    """Jackmove: "COST: Choose a number for X. Pay X+X. EFFECT: Reveal up to the top X cards of your
    opponent's deck. Put all revealed characters and items into play under your control. Put the
    remaining cards into your opponent's discard pile."  X = 3 (alice pays 6, spoils.401.2): bob's top
    three cards are revealed (spoils.310.1); his Brash Basher and Index of Natural Forces enter play under
    alice's control, still bob's cards (spoils.402.8), and his Anathematize goes to his discard pile
    (the engine once revealed 1 card for X, put the tactic into play too, and discarded nothing)."""
    deck = ["Brash Basher", "Anathematize", "Index of Natural Forces", "Greed", "Dock Sentinel"]
    t = new_game(client, position(hands={"alice": ["Jackmove"]}, icons={"alice": "DDDDDDD"}, decks={"bob": deck}))
    t.resolve("alice", "bob", _play("Jackmove", x=3, revealed=deck[:3]))
    taken = {c["name"]: (c["controller"], c["owner"]) for c in t.state()["cards"].values()}
    assert taken == {"Brash Basher": ("alice", "bob"), "Index of Natural Forces": ("alice", "bob")}
    bob = t.state()["players"]["bob"]
    assert bob["discard"] == ["Anathematize"] and bob["deck"] == 2
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 6


# ------------------------------------------------------------------------------ resources

def test_implosive_explosion_inflicts_the_revealed_resources_cost_and_becomes_a_resource(client):
    """Implosive Explosion: "COST: Reveal a face-down resource card you control. X is its numeric cost.
    Destroy it. Pick a character or location. EFFECT: Inflict X damage to the character or location.
    Put this card into play under its owner's control as a face-down resource instead of into their
    discard pile."  Alice reveals and destroys her face-down Costly Filcher (cost 5, spoils.401.3):
    5 damage destroys Dock Sentinel (life 4, spoils.408.1); revealing Agile Highwayman (cost 3) leaves
    it standing with 3 damage.  The revealed resource goes to alice's discard pile (spoils.304.1; it
    stayed in play and X was 0 before), and the tactic becomes her face-down resource (spoils.411.1)."""
    for name, destroyed in (("Costly Filcher", True), ("Agile Highwayman", False)):
        setup = position(cards=_bobs(2), hands={"alice": ["Implosive Explosion"]}, icons={"alice": "RRR"})
        setup["players"]["alice"]["resources"]["alice.r9"] = {"name": name, "face_up": False}
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Implosive Explosion", "alice.r9", "b2"))
        alice = t.state()["players"]["alice"]
        assert ("b2" not in t.state()["cards"]) is destroyed, name
        assert destroyed or t.card("b2")["damage"] == 3
        assert "alice.r9" not in alice["resources"] and name in alice["discard"]
        assert "Implosive Explosion" not in alice["discard"]
        assert len(alice["resources"]) == 4


def test_recollection_bazaar_returns_a_resource_to_its_owners_hand(client):
    """Recollection Bazaar: "RECALL COST: Pick a resource you control. (You can pick face-down resources.)
    EFFECT: Put the resource into it's owner's hand."  Alice's face-down Brash Basher goes back to her
    hand (spoils.310.1, spoils.402.4): she has one resource fewer and the card to play again.  A
    resource bob controls cannot be picked (spoils.310.1)."""
    setup = position(cards={"a1": {"card": "Recollection Bazaar", "controller": "alice"}}, icons={"alice": "OO", "bob": "R"})
    setup["players"]["alice"]["resources"]["alice.r9"] = {"name": "Brash Basher", "face_up": False}
    t = new_game(client, setup)
    assert "spoils.310.1" in _rules(t.refuse({"type": "use_ability", "player": "alice", "card": "a1",
                                              "ability": "RECALL", "targets": ["bob.r1"]}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "a1", "ability": "RECALL",
                                       "targets": ["alice.r9"]})
    alice = t.state()["players"]["alice"]
    assert "alice.r9" not in alice["resources"] and alice["hand_cards"] == ["Brash Basher"]
    assert len(alice["resources"]) == 2


# ------------------------------------------------------------------------------ damage reduced to 0

def _attack(t, attackers, player: str = "alice") -> None:
    t.act({"type": "attack", "player": player, "attackers": list(attackers)})


def test_hypnotic_plafond_reduces_battle_damage_from_covert_parties_to_its_faction_to_0(client):
    """Hypnotic Plafond: "Reduce all battle damage inflicted to your faction by characters in Covert
    parties to 0."  Alice's Concealed Goon (Covert, strength 5) attacks alone, a Covert party
    (spoils.507.3a): bob's faction loses nothing (spoils.408.2, spoils.410.4).  With Stalwart Soldier
    in the party it is no Covert party and bob loses 8 influence (spoils.408.3)."""
    for attackers, influence in ((["a1"], 25), (["a1", "a2"], 17)):
        cards = {"p1": {"card": "Hypnotic Plafond", "controller": "bob"},
                 "a1": {"card": "Concealed Goon", "controller": "alice"},
                 "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
        t = new_game(client, position(cards=cards))
        _attack(t, attackers)
        t.fight()
        assert t.influence("bob") == influence, attackers


def test_inconvenient_roadblock_reduces_the_battles_damage_to_0(client):
    """Inconvenient Roadblock: "COST: Play this only during a battle. EFFECT: Reduce all battle damage
    inflicted during this battle to 0. Draw a card."  Bob plays it as alice's Stalwart Soldier attacks
    (spoils.401.3a): her 3 battle damage to his faction is reduced to 0 (spoils.408.2, spoils.410.4)
    and he draws (without it, bob loses 3); outside a battle it cannot be played; the effect ends with
    the battle (spoils.608.1)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Inconvenient Roadblock"]}, icons={"bob": "GGG"}))
    assert "spoils.401.3a" in _rules(t.refuse(_play("Inconvenient Roadblock", player="bob")))
    for roadblock, influence in ((True, 25), (False, 22)):
        t = new_game(client, position(cards=cards, hands={"bob": ["Inconvenient Roadblock"]}, icons={"bob": "GGG"}))
        _attack(t, ["a1"])
        t.act({"type": "pass", "player": "alice"})  # the attacker plays first (spoils.608.1c)
        if roadblock:
            t.resolve("bob", "alice", _play("Inconvenient Roadblock", player="bob"))
        t.fight()
        assert t.influence("bob") == influence
        assert t.state()["players"]["bob"]["hand_cards"] == ([] if roadblock else ["Inconvenient Roadblock"])
        assert t.state()["effects"] == []  # it lasted this battle only


def test_quipmajig_reduces_the_damage_of_the_covert_character_it_insults_to_0(client):
    """Quipmajig: "INSULT COST: Deplete this card. Pick a character with Covert. EFFECT: Deplete the
    character. This turn, reduce all damage inflicted by it to 0."  Bob's Concealed Goon (Covert,
    strength 5) attacks alice; insulted, its battle damage to her faction is reduced to 0 (spoils.408.2,
    spoils.410.4); without the insult she loses 5.  A character without Covert cannot be picked
    (spoils.310.1)."""
    cards = {"q1": {"card": "Quipmajig", "controller": "alice"},
             "b1": {"card": "Concealed Goon", "controller": "bob"}, "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    for insult, influence in ((True, 25), (False, 20)):
        t = new_game(client, position(active="bob", cards=cards))
        _attack(t, ["b1"], player="bob")
        t.act({"type": "pass", "player": "bob"})
        if insult:
            assert "spoils.310.1" in _rules(t.refuse({"type": "use_ability", "player": "alice", "card": "q1",
                                                      "ability": "INSULT", "targets": ["b2"]}))
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "q1", "ability": "INSULT",
                                       "targets": ["b1"]})
        t.fight()
        assert t.influence("alice") == influence, insult


def test_scintillating_chamber_pot_reduces_the_picked_characters_damage_to_your_faction_to_0(client):
    """Scintillating Chamber Pot: "TANTALIZE COST: Pay 1. Deplete this card. Pick a character. EFFECT:
    This turn, reduce all damage the character inflicts to your faction to 0. The character cannot be
    restored until the start of your next turn."  Bob's attacking Stalwart Soldier deals alice's
    faction no damage this turn (spoils.408.2, spoils.410.4): 3 without the pot."""
    cards = {"p1": {"card": "Scintillating Chamber Pot", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for used, influence in ((True, 25), (False, 22)):
        t = new_game(client, position(active="bob", cards=cards, icons={"alice": "G"}))
        _attack(t, ["b1"], player="bob")
        t.act({"type": "pass", "player": "bob"})
        if used:
            t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "p1", "ability": "TANTALIZE",
                                       "targets": ["b1"]})
        t.fight()
        assert t.influence("alice") == influence, used


def test_spiky_atlasphere_destroys_the_blockers_and_its_character_deals_no_battle_damage(client):
    """Spiky Atlasphere: "If the attached character is blocked, destroy all members of the blocking
    party. Reduce the attached character's battle damage during this battle to 0."  Alice's Stalwart
    Soldier (4 strength with the Atlasphere) is blocked by Creaky Old Swordsman: the Swordsman is
    destroyed (spoils.503.1, spoils.304.1); with no blocker left its 4 damage would go to bob's faction
    (spoils.609.1b), but the Soldier's battle damage this battle is 0 (spoils.408.2, spoils.410.4), a
    lasting effect that ends with the battle."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "s1": {"card": "Spiky Atlasphere", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, ["a1"])
    t.fight(["b1"], stop="tactics_a")
    assert "b1" not in t.state()["cards"]
    effects = [x["effect"] for x in t.state()["effects"]]
    assert effects == [{"reduce_damage_to_zero": "attached_battle_damage", "cards": ["a1"], "player": "alice"}]
    t.fight()
    assert t.state()["effects"] == [] and t.influence("bob") == 25


# ------------------------------------------------------------------------------ their faction, that resource

def test_sadistic_colonel_damages_the_faction_of_the_opponent_who_plays_a_tactic(client):
    """Sadistic Colonel: "If your opponent plays a tactic, inflict 2 damage to their faction."  Alice
    plays 12 Man Brunch of Doom (X = 0) with bob's Colonel in play: her faction takes 2 damage and
    loses 2 influence (spoils.503.1, spoils.408.3); bob playing one himself costs him nothing."""
    for player, other in (("alice", "bob"), ("bob", "alice")):
        cards = {"c1": {"card": "Sadistic Colonel", "controller": "bob"}}
        t = new_game(client, position(active=player, cards=cards, hands={player: ["12 Man Brunch of Doom"]},
                                      icons={player: "OO"}))
        t.resolve(player, other, _play("12 Man Brunch of Doom", [], "c1", player=player, x=0))
        assert (t.influence("alice"), t.influence("bob")) == ((23, 25) if player == "alice" else (25, 25)), player


def test_swinish_elder_attaches_the_resource_the_opponent_plays_for_1(client):
    """Swinish Elder: "If your opponent plays a resource, you may pay 1. If you do, attach that resource
    to your opponent's faction."  Alice develops with a Greed (spoils.202.8, spoils.605.1); bob pays 1
    (spoils.309.1) and her new resource enters attached, paying nothing this turn (spoils.203.3a).
    With nothing to pay with, bob cannot, and it stays unattached."""
    for icons, attached in (("R", True), ("", False)):
        cards = {"e1": {"card": "Swinish Elder", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Greed"]}, stage="develop", icons={"bob": icons}))
        t.act({"type": "play_resource", "player": "alice", "card": "Greed", "face_up": True, "id": "alice.r9"})
        assert t.state()["players"]["alice"]["resources"]["alice.r9"]["attached"] is attached
        assert [r["attached"] for r in t.state()["players"]["bob"]["resources"].values()] == ([True] if icons else [])


# ------------------------------------------------------------------------------ amounts as damage happens

def test_class_action_defender_reduces_damage_greater_than_4_to_it_to_0(client):
    """Class Action Defender (2/3): "If any amount of damage greater than 4 is inflicted to this card,
    reduce it to 0."  Blocking alice's Brash Basher (strength 6) it takes no damage (spoils.408.2) and
    survives; Stalwart Soldier's 3 damage is not greater than 4 and destroys it (spoils.408.4)."""
    for attacker, survives in (("Brash Basher", True), ("Stalwart Soldier", False)):
        cards = {"a1": {"card": attacker, "controller": "alice"},
                 "d1": {"card": "Class Action Defender", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _attack(t, ["a1"])
        t.fight(["d1"])
        assert ("d1" in t.state()["cards"]) is survives, attacker
        assert not survives or t.card("d1")["damage"] == 0


def test_necromantic_healer_reduces_battle_damage_to_each_member_of_its_party_by_1(client):
    """Necromantic Healer: "If battle damage is inflicted to a character in a party with this card,
    reduce the amount by 1. (This includes this character.)"  Agile Highwayman (2 strength, speed 4)
    blocks alice's party and strikes Creaky Old Swordsman (life 2) first: with the Healer in the party
    the Swordsman takes 1 (spoils.408.2, spoils.410.3), survives and destroys the Highwayman; without
    it the Swordsman is destroyed before it strikes (spoils.609.1)."""
    for attackers, survives in ((["a1", "a2"], True), (["a1"], False)):
        cards = {"a1": {"card": "Creaky Old Swordsman", "controller": "alice"},
                 "a2": {"card": "Necromantic Healer", "controller": "alice"},
                 "b1": {"card": "Agile Highwayman", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _attack(t, attackers)
        t.fight(["b1"], {"bob": [{"source": "b1", "to": "a1", "amount": 2}],
                         "alice": [{"source": "a1", "to": "b1", "amount": 3}]})
        assert ("a1" in t.state()["cards"]) is survives, attackers
        assert ("b1" in t.state()["cards"]) is not survives


# ------------------------------------------------------------------------------ blocking Covert parties

def _covert_attack(client, blocker: dict, **extra) -> object:
    cards = {"a1": {"card": "Concealed Goon", "controller": "alice"}, "b1": blocker,
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}, **extra}
    t = new_game(client, position(cards=cards))
    _attack(t, ["a1"])
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


# ------------------------------------------------------------------------------ must block

def test_defense_attorney_must_block_if_it_can(client):
    """Defense Attorney: "If you are attacked, this card must block if it can."  Alice attacks bob: his
    declaration without the Attorney is refused (spoils.505.1, spoils.503.1), with it it stands;
    depleted it cannot block (spoils.608.1d), and bob may then decline to block."""
    for depleted in (False, True):
        cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
                 "d1": {"card": "Defense Attorney", "controller": "bob", "depleted": depleted},
                 "b2": {"card": "Sleeping Guard", "controller": "bob"}}
        t = new_game(client, position(cards=cards))
        _attack(t, ["a1"])
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


# ------------------------------------------------------------------------------ no rules text

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


def test_unrelenting_ridicule_and_jocular_stupefaction_destroy_only_a_character_with_covert(client):
    """Unrelenting Ridicule, Jocular Stupefaction: "COST: Pick a character with Covert. EFFECT: Destroy the
    character."  Bob's Stalwart Soldier has no Covert: picking it is refused (spoils.310.1; the pick once
    took any character); his Concealed Goon (Covert) is destroyed (spoils.304.1)."""
    for hand in (["Unrelenting Ridicule"], ["Jocular Stupefaction"]):
        card = hand[0]
        cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"}, "b2": {"card": "Concealed Goon", "controller": "bob"}}
        t = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "EEE"}))
        assert "spoils.310.1" in _rules(t.refuse(_play(card, "b1")))
        t.resolve("alice", "bob", _play(card, "b2"))
        assert sorted(t.state()["cards"]) == ["b1"], card


def test_avuncular_merlion_brings_back_a_character_put_into_your_discard_pile_from_play(client):
    """Avuncular Merlion: "If a character you control is put into your discard pile from play, you may pay
    1 and remove a token from this card. If you do, put that character into play under your control.
    Deplete it."  Alice destroys her own Concealed Goon with Unrelenting Ridicule: she pays 1 and the
    Merlion's token goes (spoils.503.1, spoils.309.1); the Goon comes back from her discard pile, depleted
    (spoils.402.8, spoils.303.1).  With no token left on the Merlion nothing of it is done (spoils.402.5)."""
    for tokens in (1, 0):
        cards = {"m1": {"card": "Avuncular Merlion", "controller": "alice", "tokens": tokens},
                 "a1": {"card": "Concealed Goon", "controller": "alice"}}
        t = new_game(client, position(cards=cards, hands={"alice": ["Unrelenting Ridicule"]}, icons={"alice": "EEE"}))
        t.resolve("alice", "bob", _play("Unrelenting Ridicule", "a1"))
        goon = t.named("Concealed Goon", "alice")
        alice = t.state()["players"]["alice"]
        if tokens:
            assert len(goon) == 1 and goon != ["a1"] and t.card(goon[0])["depleted"]
            assert t.card("m1")["tokens"] == 0 and alice["unattached"] == 0
            assert alice["discard"] == ["Unrelenting Ridicule"]
        else:
            assert goon == [] and "Concealed Goon" in alice["discard"] and alice["unattached"] == 1
