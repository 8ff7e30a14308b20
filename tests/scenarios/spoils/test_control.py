"""Control of cards changing, played by name through the API: a character taken as it is played, an
item the opponent picks, a card entering play under the opponent's control, a character taken
instead of destroyed, a card that changes hands by its own text or unless its controller pays
(spoils.407.3).  Each test cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    play_with_choices as _play_choosing, respond as _respond, use_ability as _ability)
from tests.scenarios.spoils.readings import unattached as _unattached
from tests.scenarios.spoils.steps import (
    attack_and_pass as _attack, fight_choosing as _fight, resolve_triggers as _order)
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_hired_goons_defect_unless_alice_pays(client):
    """Hired Goons: "At the start of your turn, you may pay 2. If you don't, your opponent takes
    control of this card." Paying keeps them; declining hands them to bob (spoils.309.1, spoils.504.1)."""
    for pay, controller in ((True, "alice"), (False, "bob")):
        t = new_game(client, position(active="bob", cards={"h1": {"card": "Hired Goons", "controller": "alice"}},
                                      icons={"alice": "GG"}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": {"may": pay}})
        assert t.card("h1")["controller"] == controller, pay


def test_vander_malagut_takes_control_of_a_character_it_would_destroy(client):
    """Vander Malagut (5/7/6): "If a character is destroyed during a turn when this card damaged it, take
    control of that character instead. Reduce the amount of damage inflicted to it this turn to 0. It gains
    the "sarcophyle" subtype." and "All your other "sarcophyle" characters gain 1 speed." (spoils.506.1,
    spoils.506.6, spoils.101.1): Vander attacks and bob's Stalwart Soldier blocks; its 5 damage would
    destroy the Soldier: instead alice takes control of it, its damage goes back to 0, it becomes a
    "sarcophyle" and has speed 4 under Vander."""
    cards = {"v1": {"card": "Vander Malagut", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["v1"]})
    t.fight(blockers=["b1"])
    soldier = t.card("b1")
    assert (soldier["controller"], soldier["owner"], soldier["damage"]) == ("alice", "bob", 0)
    assert soldier["effective"]["speed"] == 4
    assert t.state()["players"]["bob"]["discard"] == []
    assert t.audit_valid()


def test_ass_takes_a_character_bob_owns_and_goes_to_bob(client):
    """Ass: "At the end of your turn, your opponent picks a character they control and own if they can. If
    they do, take control of that character. At the end of your turn, your opponent takes control of this
    card." As alice's turn ends (spoils.610.1), bob picks his Stalwart Soldier: alice takes control of it
    (spoils.407.1) and bob takes the Ass."""
    cards = {"x1": {"card": "Ass", "controller": "alice"}, "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "end_turn", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    _order(t, targets=["s1"])
    assert t.card("s1")["controller"] == "alice" and t.card("x1")["controller"] == "bob"


def test_clockman_pickpocket_takes_an_item_bob_picks(client):
    """Clockman Pickpocket: "While your opponent controls an item, this card cannot be blocked. If this card
    inflicts damage to a faction, your opponent picks an item they control if they can. If they do, take
    control of it and destroy this card." Unblockable while bob has his Inadequate Wand (spoils.413.1), its
    damage to bob's faction (spoils.408.2b) makes bob pick the Wand: alice takes it and the Pickpocket is
    destroyed (spoils.304.1)."""
    cards = {"p1": {"card": "Clockman Pickpocket", "controller": "alice"},
             "w1": {"card": "Inadequate Wand", "controller": "bob"}, "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    _attack(t, "p1")
    _fight(t, targets=["w1"])
    assert t.influence("bob") == 24
    assert t.card("w1")["controller"] == "alice" and not t.named("Clockman Pickpocket")


def test_hollow_moose_enters_play_under_the_opponents_control(client):
    """Hollow Moose: "This card enters play under your opponent's control. At the start of your turn, your
    faction loses 1 influence." Alice plays it; it enters under bob's control (its text over spoils.604.1h,
    spoils.101.1), alice still owning it, and at the start of bob's turn bob's faction loses 1 (spoils.602.1)."""
    t = new_game(client, position(hands={"alice": ["Hollow Moose"]}, icons={"alice": "DD"}))
    t.resolve("alice", "bob", _play_choosing("Hollow Moose"))
    (cid,) = t.named("Hollow Moose", "bob")
    assert t.card(cid)["owner"] == "alice"
    t.end_turn("alice", "bob")
    assert t.influence("bob") == 24 and t.influence("alice") == 25


def test_forced_recruitment_takes_the_character_being_played(client):
    """Forced Recruitment: "COST: Play this only in response to a character being played. Pay X, where
    X is its numeric cost. EFFECT: The character enters play under your control."  Bob plays Stalwart
    Soldier; alice answers (spoils.607.1), paying 2 + 3; hers resolves first (spoils.607.2) and when the
    Soldier resolves it enters play under alice's control, bob still its owner (spoils.604.1h)."""
    t = new_game(client, position(active="bob", icons={"alice": "DDDDD", "bob": "RRR"},
                                  hands={"alice": ["Forced Recruitment"], "bob": ["Stalwart Soldier"]}))
    t.act(_play("Stalwart Soldier", player="bob"))
    t.act(_respond("Forced Recruitment"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    soldier = t.named("Stalwart Soldier")
    assert len(soldier) == 1 and t.card(soldier[0])["controller"] == "alice" and t.card(soldier[0])["owner"] == "bob"
    assert "Forced Recruitment" in t.state()["players"]["alice"]["discard"]


def test_patent_enforcement_takes_the_item_and_its_icons(client):
    """Patent Enforcement: "COST: Play this only in response to an item being played. Pay X, where X
    is its numeric cost. EFFECT: The item enters play under your control."  Bob plays Crest of Elitism
    ("PROVIDES: [E][E]"); alice answers and the Crest enters play under her control (spoils.604.1h):
    its icons count for her (spoils.311.1), not for bob."""
    t = new_game(client, position(active="bob", icons={"alice": "EEE", "bob": "G"},
                                  hands={"alice": ["Patent Enforcement"], "bob": ["Crest of Elitism"]}))
    t.act(_play("Crest of Elitism", player="bob"))
    t.act(_respond("Patent Enforcement"))
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    crest = t.named("Crest of Elitism")
    assert len(crest) == 1 and t.card(crest[0])["controller"] == "alice"
    players = t.state()["players"]
    assert players["alice"]["icons"].get("E") == 5 and not players["bob"]["icons"].get("E")


def test_yoink_takes_the_gear_and_attaches_it_to_the_character(client):
    """Yoink!: "COST: Pick a "gear" card. Pick a character. EFFECT: Take control of the "gear" card.
    Attach it to the character." spoils.407.3 (control), spoils.507.2 (attach): bob's Vorpal Sword
    becomes alice's, attached to her Highwayman ("it" is the gear card, not the character picked last:
    it once stayed unattached)."""
    t = new_game(client, position(cards={"g1": {"card": "Vorpal Sword", "controller": "bob"},
                                         "a1": {"card": "Agile Highwayman", "controller": "alice"}},
                                  hands={"alice": ["Yoink!"]}, icons={"alice": "DDDD"}))
    t.act(_play("Yoink!", "g1", "a1"))
    t.act({"type": "pass", "player": "bob"})
    sword = t.card("g1")
    assert sword["controller"] == "alice" and sword["attached_to"] == "a1"


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
