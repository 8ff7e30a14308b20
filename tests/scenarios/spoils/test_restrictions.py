"""Restrictions on playing, using and picking, played by name through the API: "play (use) this only
if ..." (spoils.401.3a), "your opponent cannot pick this card" (spoils.304.1), picks limited to a
kind of character, "cannot be restored", "cannot draw", a named card that cannot be played, and what
this turn's history allows.  A refused act names its rule and appends nothing; each test cites the
card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    play_with_choices as _play_choosing, use_ability as _ability, use_ability_as as _use,
    use_ability_with as _ability_extra)
from tests.scenarios.spoils.positions import characters_of as _chars, with_discard as _with_discard
from tests.scenarios.spoils.readings import effective as _eff, rule_set as _rule_set
from tests.scenarios.spoils.steps import refused_by as _refused_by
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, play_card, position, rule_ids as _rules, rule_ids)

pytestmark = needs_data


def test_recreant_cad_sneaks_only_against_a_full_discard_pile(client):
    """Recreant Cad: "SNEAK COST: Use this only if your opponent has at least 10 cards in their discard
    pile. Pay 1. Remove 2 cards in your opponent's discard pile from the game. EFFECT: This turn, this
    card gains Covert." With 9 cards the use is refused (spoils.401.3a); with 10 it gains Covert and
    two of bob's cards leave the game."""
    cad = {"r1": {"card": "Recreant Cad", "controller": "alice"}}
    t = new_game(client, _with_discard(position(cards=cad, icons={"alice": "D"}), "bob", 9))
    assert _refused_by(t, _use("alice", "r1", "SNEAK", ["Creaky Old Swordsman"] * 2))
    u = new_game(client, _with_discard(position(cards=cad, icons={"alice": "D"}), "bob", 10))
    u.resolve("alice", "bob", _use("alice", "r1", "SNEAK", ["Creaky Old Swordsman"] * 2))
    assert "covert" in _eff(u, "r1")["keywords"] and len(u.state()["players"]["bob"]["discard"]) == 8


def test_underhanded_gamer_outsmarts_only_when_outnumbered(client):
    """Underhanded Gamer: "OUTSMART COST: Use this only if your opponent controls more characters than
    you. Pay 3. EFFECT: This turn, this card cannot be blocked." Against one character: refused
    (spoils.401.3a); against two: used."""
    gamer = {"g1": {"card": "Underhanded Gamer", "controller": "alice"}}
    t = new_game(client, position(cards={**gamer, **_chars("bob", 1)}, icons={"alice": "DDD"}))
    assert _refused_by(t, _use("alice", "g1", "OUTSMART"))
    u = new_game(client, position(cards={**gamer, **_chars("bob", 2)}, icons={"alice": "DDD"}))
    u.resolve("alice", "bob", _use("alice", "g1", "OUTSMART"))
    u.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    assert u.state()["battle"]["unblockable"] is True


def test_voidal_nullification_chamber_dissolves_only_with_an_even_number_of_characters(client):
    """Voidal Nullification Chamber: "DISSOLVE COST: Use this only if there are an even number of
    characters in play. Remove 4 tokens from this card. Pick a character. EFFECT: Destroy the
    character." Three characters in play: refused (spoils.401.3a); two: bob's character is destroyed."""
    chamber = {"v1": {"card": "Voidal Nullification Chamber", "controller": "alice", "tokens": 4}}
    t = new_game(client, position(cards={**chamber, **_chars("bob", 3)}))
    assert _refused_by(t, _use("alice", "v1", "DISSOLVE", "b1"))
    u = new_game(client, position(cards={**chamber, **_chars("bob", 2)}))
    u.resolve("alice", "bob", _use("alice", "v1", "DISSOLVE", "b1"))
    assert "b1" not in u.state()["cards"] and u.card("v1")["tokens"] == 0


def test_fiendish_fez_moves_only_outside_a_battle_and_stops_attacks(client):
    """Fiendish Fez (gear): "The attached character loses 2 strength and cannot attack. MOVE COST: Use
    this only not during a battle. Pay 3. Pick a character. EFFECT: Attach this card to the character."
    The wearer's attack is refused (spoils.608.1b); during bob's attack the move is refused
    (spoils.401.3a); outside a battle it moves to bob's Dock Sentinel."""
    cards = {"a1": {"card": "Agile Highwayman", "controller": "alice"},
             "f1": {"card": "Fiendish Fez", "controller": "alice", "attached_to": "a1"},
             "b1": {"card": "Dock Sentinel", "controller": "bob"}, "b2": {"card": "Brash Basher", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOO"}))
    assert _eff(t, "a1")["strength"] == 0
    assert _refused_by(t, {"type": "attack", "player": "alice", "attackers": ["a1"]}, "spoils.608.1b")
    t.resolve("alice", "bob", _use("alice", "f1", "MOVE", "b1"))
    assert t.card("f1")["attached_to"] == "b1" and _eff(t, "b1")["strength"] == 3
    u = new_game(client, position(active="bob", cards=cards, icons={"alice": "OOO"}))
    u.act({"type": "attack", "player": "bob", "attackers": ["b2"]})
    u.act({"type": "pass", "player": "bob"})
    assert _refused_by(u, _use("alice", "f1", "MOVE", "b1"))


def test_trophy_collector_is_played_only_against_a_faction_at_10_influence_or_less(client):
    """Trophy Collector: "COST: Play this only if your opponent's faction has 10 influence or less."
    At 11 influence the play is refused (spoils.401.3a); at 10 it enters play."""
    for influence, ok in ((11, False), (10, True)):
        setup = position(hands={"alice": ["Trophy Collector"]}, icons={"alice": "R"})
        setup["players"]["bob"]["faction"]["influence"] = influence
        t = new_game(client, setup)
        if ok:
            t.resolve("alice", "bob", _play("Trophy Collector"))
            assert t.named("Trophy Collector", "alice")
        else:
            assert _refused_by(t, _play("Trophy Collector"))


def test_unnatural_alteration_is_played_only_on_alices_turn_outside_a_battle(client):
    """Unnatural Alteration (tactic): "COST: Play this only during your turn and not during a battle.
    Pick a character you control." During alice's own attack the play is refused (spoils.401.3a)."""
    t = new_game(client, position(cards={"a1": {"card": "Agile Highwayman", "controller": "alice"},
                                         "a2": {"card": "Creaky Old Swordsman", "controller": "alice"}},
                                  hands={"alice": ["Unnatural Alteration"]}, icons={"alice": "OOOO"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    assert t.state()["battle"] is not None and t.state()["to_act"] == "alice"
    assert _refused_by(t, _play("Unnatural Alteration", "a2"))


def test_633fy_31f_is_played_only_after_2_other_non_resource_cards_this_turn(client):
    """633fy 31f: "Play this only if you have played at least 2 other non-resource cards this turn."
    spoils.401.3a (checked as the cost is paid): refused at first and after one Distraction; after a
    second one (the plays of the turn, projected from the log) it is played."""
    t = new_game(client, position(cards={"b1": {"card": "Surplus Soldier", "controller": "bob"}},
                                  hands={"alice": ["633fy 31f", "Distraction", "Distraction"]}, icons={"alice": "EER"}))
    assert "spoils.401.3a" in _rules(t.refuse(_play("633fy 31f")))
    t.resolve("alice", "bob", _play("Distraction", "b1"))
    assert "spoils.401.3a" in _rules(t.refuse(_play("633fy 31f")))
    t.resolve("alice", "bob", _play("Distraction", "b1"))
    t.resolve("alice", "bob", _play("633fy 31f"))
    assert t.named("633fy 31f", "alice")


def test_slingerang_cheap_shot_needs_no_tokens_and_a_character_the_opponent_played_this_turn(client):
    """Slingerang: "If your opponent plays a character, you may remove a token from this card. CHEAP SHOT
    COST: Use this only if no tokens are on this card and only if your opponent played a character this
    turn. Destroy this card. Pick a character. EFFECT: Destroy the character." spoils.401.3a: answering
    alice's tactic it is refused (she played no character); alice's Stalwart Soldier sets off the trigger
    (503.1, its last token removed), and bob's CHEAP SHOT then destroys her Plodding Brute."""
    cards = {"s1": {"card": "Slingerang", "controller": "bob", "tokens": 1},
             "a1": {"card": "Plodding Brute", "controller": "alice"}}
    shot = {"type": "respond", "player": "bob", "ability": "CHEAP SHOT", "source": "s1", "targets": ["a1"]}
    t = new_game(client, position(cards=cards | {"s1": cards["s1"] | {"tokens": 0}},
                                  hands={"alice": ["Distraction"]}, icons={"alice": "R"}))
    t.act(_play("Distraction", "a1"))
    assert "spoils.401.3a" in _rules(t.refuse(shot))
    u = new_game(client, position(cards=cards, hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    u.act(_play("Stalwart Soldier"))
    assert u.card("s1")["tokens"] == 0
    u.act(shot)
    u.act({"type": "pass", "player": "alice"})
    assert "a1" not in u.state()["cards"] and "s1" not in u.state()["cards"]


def _next_own_turn(t, active: str, other: str) -> None:
    """``active`` ends the turn; ``other`` develops (draws) and ends theirs: ``active``'s turn starts."""
    t.end_turn(active, other)
    t.act({"type": "develop", "player": other, "choice": "draw"})
    t.end_turn(other, active)


def test_erotic_assassin_is_not_restored_by_the_restore_rule_but_by_its_own_ability(client):
    """Erotic Assassin: "This card cannot be restored by your faction's Restore Rule. ... RESTORE COST: Pay 2.
    EFFECT: Restore this card." spoils.202.7 (forbidden for it: it stays depleted as alice's turn starts,
    while her Stalwart Soldier is restored), spoils.303.3 (its ability restores it)."""
    t = new_game(client, position(cards={"e1": {"card": "Erotic Assassin", "controller": "alice", "depleted": True},
                                         "a1": {"card": "Stalwart Soldier", "controller": "alice", "depleted": True}},
                                  icons={"alice": "GG"}))
    _next_own_turn(t, "alice", "bob")
    assert t.card("e1")["depleted"] is True and t.card("a1")["depleted"] is False
    assert "Erotic Assassin cannot be restored" in t.trace_text()
    t.act({"type": "develop", "player": "alice", "choice": "draw"})
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "e1", "ability": "RESTORE"})
    assert t.card("e1")["depleted"] is False


def test_brummagem_jewelry_keeps_the_attached_character_depleted(client):
    """Brummagem Jewelry (alice's gear on bob's Plodding Brute): "When this card enters play, deplete the
    attached character. The attached character cannot be restored by its controller's faction's Restore
    Rule." spoils.507.2 (attached), spoils.202.7: as bob's turn starts the Brute stays depleted, his
    other character is restored."""
    t = new_game(client, position(cards={"b1": {"card": "Plodding Brute", "controller": "bob"},
                                         "b2": {"card": "Stalwart Soldier", "controller": "bob", "depleted": True}},
                                  hands={"alice": ["Brummagem Jewelry"]}, icons={"alice": "GGG"}))
    t.act(_play("Brummagem Jewelry") | {"attach_to": "b1"})
    t.act({"type": "pass", "player": "bob"})
    assert t.card("b1")["depleted"] is True
    t.end_turn("alice", "bob")
    assert t.card("b1")["depleted"] is True and t.card("b2")["depleted"] is False


def test_framptle_tromwibbler_stops_every_character_attacking_or_being_restored(client):
    """Framptle Tromwibbler, Lord of Bling: "Characters cannot attack or be restored. At the start of your turn,
    put a token on this card. If this card has at least 2 tokens on it, destroy it." spoils.608.1b (alice's
    attack is refused), spoils.303.3 and spoils.202.7 (bob's depleted character stays depleted as his
    turn starts), spoils.503.1 (with 1 token, the start of alice's turn puts the second one: destroyed)."""
    cards = {"f1": {"card": "Framptle Tromwibbler, Lord of Bling", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}}
    t = new_game(client, position(cards=cards))
    assert "spoils.608.1b" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["a1"]}))
    t.end_turn("alice", "bob")
    assert t.card("b1")["depleted"] is True
    assert t.card("f1")["tokens"] == 0
    u = new_game(client, position(active="bob", cards=cards | {"f1": cards["f1"] | {"tokens": 1}}))
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice"})
    assert "f1" not in u.state()["cards"]  # its second token: "if this card has at least 2 tokens on it, destroy it"


def test_derelict_seafarer_retires_face_down_only_while_not_in_a_battle(client):
    """Derelict Seafarer: "RETIRE: [G][G][G] COST: Use this only while this card is not in a battle. Pay 2.
    EFFECT: Flip this card face-down under its owner's control." A keyword naming its ability block (like
    HANDOFF): spoils.401.3a (refused while it attacks), spoils.405.3 (its threshold), spoils.411.4 (it
    becomes alice's face-down resource)."""
    cards = {"s1": {"card": "Derelict Seafarer", "controller": "alice"}}
    retire = {"type": "use_ability", "player": "alice", "card": "s1", "ability": "RETIRE: [G][G][G]"}
    t = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"]})
    assert "spoils.401.3a" in _rules(t.refuse(retire))
    u = new_game(client, position(cards=cards, icons={"alice": "GG"}))
    assert "spoils.405.3" in _rules(u.refuse(retire))
    v = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    v.resolve("alice", "bob", retire)
    resources = v.state()["players"]["alice"]["resources"].values()
    assert "s1" not in v.state()["cards"] and any(r.get("name") == "Derelict Seafarer" and not r["face_up"]
                                                  for r in resources)


def test_mountainous_golem_cannot_be_taken_and_leaves_the_game_from_the_discard_pile(client):
    """Mountainous Golem (13/13/1): "Your opponent cannot take control of this card. If this card is put into
    your discard pile from anywhere, remove it from the game." spoils.402.7 (bob's Palm Glom resolves: he
    draws, alice keeps the Golem); spoils.503.1 (destroyed to pay for alice's Explosive Fury, it goes to her
    discard pile and is removed from the game; its 13 strength still destroys bob's Plodding Brute)."""
    golem = {"g1": {"card": "Mountainous Golem", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=golem, hands={"bob": ["Palm Glom"]}, icons={"bob": "DDDDDD"}))
    t.resolve("bob", "alice", _play("Palm Glom", "g1", player="bob"))
    assert t.card("g1")["controller"] == "alice" and t.state()["players"]["bob"]["hand"] == 1
    u = new_game(client, position(cards=golem | {"b1": {"card": "Plodding Brute", "controller": "bob"}},
                                  hands={"alice": ["Explosive Fury"]}, icons={"alice": "RR"}))
    u.resolve("alice", "bob", _play("Explosive Fury", "g1", "b1"))
    alice = u.state()["players"]["alice"]
    assert "b1" not in u.state()["cards"] and "Mountainous Golem" in alice["removed"]
    assert "Mountainous Golem" not in alice["discard"]


def test_martial_arts_trainee_cannot_be_picked_by_the_opponent(client):
    """Martial Arts Trainee: "Your opponent cannot pick this card." (spoils.304.1): bob's Fiscal
    Intercessor's PLEAD ("COST: Deplete this card. Pick a character.") cannot pick alice's Trainee
    (refused, nothing appended) but picks alice's Stalwart Soldier; alice herself may pick the Trainee
    with her own Intercessor."""
    cards = {"m1": {"card": "Martial Arts Trainee", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "f1": {"card": "Fiscal Intercessor", "controller": "alice"},
             "f2": {"card": "Fiscal Intercessor", "controller": "bob"}}
    t = new_game(client, position(cards=cards, active="bob"))
    before = t.state()["position"]
    t.refuse(_ability("f2", "PLEAD", "m1", player="bob"))
    assert t.state()["position"] == before
    t.resolve("bob", "alice", _ability("f2", "PLEAD", "a1", player="bob"))
    assert t.card("f2")["depleted"] is True
    u = new_game(client, position(cards=cards))
    u.resolve("alice", "bob", _ability("f1", "PLEAD", "m1"))
    assert u.card("f1")["depleted"] is True
    assert t.audit_valid() and u.audit_valid()


def test_intriguing_mezzanine_keeps_the_characters_it_depletes_depleted(client):
    """Intriguing Mezzanine (location, structure 2): "COST: Pick 2 characters. When this card enter play,
    deplete those characters. PARTY ON! COST: Inflict 1 damage to this location. If you do, pick a character.
    EFFECT: Deplete the character. Characters depleted by this card cannot be restored by their controller's
    factions's restore rule." (spoils.303.1, spoils.202.7, spoils.408.5): entering play it depletes bob's two
    picked Stalwart Soldiers; PARTY ON! costs the location 1 damage and depletes his Plodding Brute. As bob's
    turn starts those three stay depleted while his Surplus Soldier, depleted before by nothing of the
    Mezzanine's, is restored."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"},
             "b3": {"card": "Plodding Brute", "controller": "bob"},
             "b4": {"card": "Surplus Soldier", "controller": "bob", "depleted": True}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Intriguing Mezzanine"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play("Intriguing Mezzanine", ["b1", "b2"]))
    assert t.card("b1")["depleted"] is True and t.card("b2")["depleted"] is True
    [m1] = t.named("Intriguing Mezzanine")
    t.resolve("alice", "bob", _ability_extra(m1, "PARTY ON!", "b3"))
    assert t.card("b3")["depleted"] is True and t.card(m1)["damage"] == 1
    t.end_turn("alice", "bob")
    assert [t.card(c)["depleted"] for c in ("b1", "b2", "b3", "b4")] == [True, True, True, False]
    assert "cannot be restored" in t.trace_text()
    assert t.audit_valid()


def test_martial_artist_cannot_be_picked_by_the_opponent(client):
    """Martial Artist: "Your opponent cannot pick this card." Alice's Strangulate cannot pick bob's Martial
    Artist (spoils.101.1 over spoils.310.1), and it can pick her own."""
    cards = {"m1": {"card": "Martial Artist", "controller": "bob"}, "m2": {"card": "Martial Artist", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Strangulate"]}, icons={"alice": "DDDD"}))
    assert "spoils.101.1" in _rule_set(t.refuse(_play_choosing("Strangulate", "m1")))
    t.resolve("alice", "bob", _play_choosing("Strangulate", "m2"))
    assert "m2" not in t.state()["cards"] and "m1" in t.state()["cards"]


def test_runic_circuitry_powers_up_only_without_tokens(client):
    """Runic Circuitry: "POWER-UP COST: Use this only if there are no tokens on this card. Deplete this card.
    EFFECT: Reduce the next numeric cost you pay this turn by 3." With a token on it the ability is refused
    (spoils.401.3a); without, it is used and the reduction waits (spoils.406.5a)."""
    t = new_game(client, position(cards={"r1": {"card": "Runic Circuitry", "controller": "alice", "tokens": 1}}))
    assert "spoils.401.3a" in _rule_set(t.refuse({"type": "use_ability", "player": "alice", "card": "r1",
                                               "ability": "POWER-UP"}))
    t = new_game(client, position(cards={"r1": {"card": "Runic Circuitry", "controller": "alice"}}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "r1", "ability": "POWER-UP"})
    assert any("reduce_next_cost" in e["effect"] for e in t.state()["effects"])


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


def test_tamper_picks_only_a_character_with_an_ability(client):
    """Tamper: "COST: Pick a character with an ability in its rules text. EFFECT: Destroy the
    character." (spoils.310.1, spoils.401.2): bob's Stalwart Soldier has no ability, so picking it is
    refused (nothing appended); his Fiscal Intercessor has PLEAD, so it is picked and destroyed."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Fiscal Intercessor", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Tamper"]}, icons={"alice": "EEE"}))
    before = t.state()["position"]
    refused = t.client.post(f"/games/{t.gid}/actions", json=play_card("Tamper", "b1"))
    assert refused.status_code == 422 and "spoils.310.1" in rule_ids(refused.get_json()["violations"])
    assert t.state()["position"] == before
    t.resolve("alice", "bob", play_card("Tamper", "b2"))
    cards_now = t.state()["cards"]
    assert "b2" not in cards_now and "b1" in cards_now
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


def test_incriminating_photograph_forbids_playing_the_named_card(client):
    """Incriminating Photograph: "When this card enters play, name a non-resource card. The named card
    cannot be played." spoils.402.7 ("cannot" wins), spoils.604.1a: bob cannot play Plodding Brute,
    Brash Basher he can."""
    t = new_game(client, position(hands={"alice": ["Incriminating Photograph"], "bob": ["Plodding Brute", "Brash Basher"]},
                                  icons={"alice": "DDD", "bob": "RRRRR"}))
    t.act(_play("Incriminating Photograph", named="Plodding Brute"))
    t.act({"type": "pass", "player": "bob"})
    t.end_turn("alice", "bob")
    t.act({"type": "develop", "player": "bob", "choice": "draw"})
    assert "spoils.604.1a" in [v["rule"]["id"] for v in t.refuse(_play("Plodding Brute", player="bob"))]
    t.act(_play("Brash Basher", player="bob"))
