"""Characters of The Spoils played by name through the API: their scripts' triggers ("when this card
enters play", "at the start of your turn", "if this card is destroyed", "if this card blocks",
"if this card inflicts battle damage"), continuous effects ("while", thresholds, "for each"),
replacements and activated abilities are enforced, and each changes the outcome.  Every test cites
the rules it exercises and the card."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, play_card as _play, position  # noqa: F401

pytestmark = needs_data


def _attack(t, attackers, blockers=(), stop="tactics_a") -> None:
    """alice attacks bob's faction; bob blocks with ``blockers``; the battle runs to ``stop``."""
    t.act({"type": "attack", "player": "alice", "attackers": list(attackers)})
    t.fight(list(blockers), stop=stop)


def test_sleeping_guard_gains_1_strength_and_1_life_while_the_opponent_controls_a_character(client):
    """Sleeping Guard (Warlord character 1/1/3): "While your opponent controls a character, this card
    gains 1 strength and 1 life." spoils.504.1 ("while"), spoils.410.3; the trace names the card."""
    t = new_game(client, position(active="bob", cards={"g1": {"card": "Sleeping Guard", "controller": "bob"}},
                                  hands={"alice": ["Stalwart Soldier"]}, icons={"alice": "RRR"}))
    assert t.card("g1")["effective"]["strength"] == 1 and t.card("g1")["effective"]["life"] == 1
    t.end_turn("bob", "alice")
    t.act({"type": "develop", "player": "alice", "choice": "draw"})
    t.resolve("alice", "bob", _play("Stalwart Soldier"))
    assert t.card("g1")["effective"]["strength"] == 2 and t.card("g1")["effective"]["life"] == 2


def test_barbaric_rifleman_damages_the_opponents_faction_when_it_enters_play(client):
    """Barbaric Rifleman: "When this card enters play, inflict 1 damage to your opponent's faction."
    spoils.503.1 (trigger), spoils.408.3 (damage to a faction is influence lost)."""
    t = new_game(client, position(hands={"alice": ["Barbaric Rifleman"]}, icons={"alice": "RR"}))
    events = t.resolve("alice", "bob", _play("Barbaric Rifleman"))
    assert "TriggerResolved" in events and t.influence("bob") == 24
    assert "Barbaric Rifleman" in t.trace_text() or any(
        e["type"] == "TriggerResolved" and "Barbaric Rifleman" in e["data"]["name"] for e in t.events())


def test_concealed_goon_costs_5_influence_and_has_covert(client):
    """Concealed Goon (5/5/3, COVERT): "When this card enters play, your faction loses 5 influence."
    spoils.503.1, spoils.408.3b, spoils.507.3 (Covert read off the printed keyword)."""
    t = new_game(client, position(hands={"alice": ["Concealed Goon"]}, icons={"alice": "GGGGGG"}))
    t.resolve("alice", "bob", _play("Concealed Goon"))
    goon = t.named("Concealed Goon")[0]
    assert t.influence("alice") == 20 and "covert" in t.card(goon)["effective"]["keywords"]


def test_deadly_striker_costs_the_opponent_4_influence_when_destroyed(client):
    """Deadly Striker (4/2/3): "If this card is destroyed, your opponent's faction loses 4 influence."
    Target Practice deals 2 damage, 2 life: destroyed (spoils.408.4), then its trigger (spoils.503.1)."""
    t = new_game(client, position(cards={"d1": {"card": "Deadly Striker", "controller": "bob"}},
                                  hands={"alice": ["Target Practice"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", _play("Target Practice", "d1"))
    assert "d1" not in t.state()["cards"] and t.influence("alice") == 21 and t.influence("bob") == 25


def test_embezzling_bookkeeper_makes_the_opponent_draw(client):
    """Embezzling Bookkeeper: "When this card enters play, your opponent draws a card." spoils.306.1."""
    t = new_game(client, position(hands={"alice": ["Embezzling Bookkeeper"]}, icons={"alice": "GGG"}))
    t.resolve("alice", "bob", _play("Embezzling Bookkeeper"))
    assert t.state()["players"]["bob"]["hand"] == 1 and t.state()["players"]["bob"]["deck"] == 29


def test_nasty_butler_gains_4_influence(client):
    """Nasty Butler: "When this card enters play, your faction gains 4 influence." spoils.503.1, spoils.202.3."""
    t = new_game(client, position(hands={"alice": ["Nasty Butler"]}, icons={"alice": "GGGGG"}))
    t.resolve("alice", "bob", _play("Nasty Butler"))
    assert t.influence("alice") == 29


def test_frisky_fortunehunter_loses_2_entering_and_gains_4_leaving(client):
    """Frisky Fortunehunter: loses 2 influence when it enters play, gains 4 when it leaves play
    (returned to hand by Quotidian Assassination): spoils.503.1, spoils.301.4a."""
    t = new_game(client, position(hands={"alice": ["Frisky Fortunehunter", "Quotidian Assassination"]},
                                  icons={"alice": "GOO"}))
    t.resolve("alice", "bob", _play("Frisky Fortunehunter"))
    assert t.influence("alice") == 23
    hunter = t.named("Frisky Fortunehunter")[0]
    t.resolve("alice", "bob", _play("Quotidian Assassination", hunter))
    assert t.influence("alice") == 27 and "Frisky Fortunehunter" in t.state()["players"]["alice"]["hand_cards"]


def test_torrential_bleeder_damages_every_character_at_the_start_of_its_controllers_turn(client):
    """Torrential Bleeder (4/4/3): "At the start of your turn, inflict 1 damage to all characters."
    Fires at bob's turn start (spoils.602.1, spoils.503.1), not at alice's: Surplus Soldier (1 life)
    is destroyed and flipped face down by its own replacement (spoils.506.1, spoils.411.1)."""
    t = new_game(client, position(cards={"t1": {"card": "Torrential Bleeder", "controller": "bob"},
                                         "s1": {"card": "Surplus Soldier", "controller": "alice"}}))
    t.end_turn("alice", "bob")
    s = t.state()
    assert "s1" not in s["cards"] and s["cards"]["t1"]["damage"] == 1
    down = [r for r in s["players"]["alice"]["resources"].values() if r["name"] == "Surplus Soldier"]
    assert down and down[0]["face_up"] is False and "Surplus Soldier" not in s["players"]["alice"]["discard"]


def test_dragon_rider_grows_for_each_dragon_you_control(client):
    """Dragon Rider (3/3/3): "This card gains 1 strength and 1 life for each "dragon" card you
    control." With Torrential Bleeder and Deadly Striker (dragons): 5/5 (spoils.410.3, 201.8)."""
    t = new_game(client, position(cards={"r1": {"card": "Dragon Rider", "controller": "alice"},
                                         "d1": {"card": "Torrential Bleeder", "controller": "alice"},
                                         "d2": {"card": "Deadly Striker", "controller": "alice"},
                                         "d3": {"card": "Deadly Striker", "controller": "bob"}}))
    eff = t.card("r1")["effective"]
    assert eff["strength"] == 5 and eff["life"] == 5


def test_fervent_beastslayer_gains_3_life_only_with_five_rage(client):
    """Fervent Beastslayer (5/2/3): "[R][R][R][R][R]: This card gains 3 life." A threshold ability
    holds while its controller has the icons (spoils.502.2, spoils.405.2)."""
    t = new_game(client, position(cards={"f1": {"card": "Fervent Beastslayer", "controller": "alice"}},
                                  icons={"alice": "RRRR"}))
    assert t.card("f1")["effective"]["life"] == 2
    t2 = new_game(client, position(cards={"f1": {"card": "Fervent Beastslayer", "controller": "alice"}},
                                   icons={"alice": "RRRRR"}))
    assert t2.card("f1")["effective"]["life"] == 5


def test_hidden_sniper_sharpshoots_for_1_damage(client):
    """Hidden Sniper: "SHARPSHOOT COST: Pay 1. Deplete this card. Pick a character. EFFECT: Inflict 1
    damage to the character." spoils.606.1 (abilities), spoils.310.1, spoils.408.4."""
    t = new_game(client, position(cards={"h1": {"card": "Hidden Sniper", "controller": "alice"},
                                         "b1": {"card": "Surplus Soldier", "controller": "bob"}},
                                  icons={"alice": "R"}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "h1", "ability": "SHARPSHOOT",
                               "targets": ["b1"]})
    s = t.state()
    assert s["cards"]["h1"]["depleted"] is True and "b1" not in s["cards"]
    assert sum(r["attached"] for r in s["players"]["alice"]["resources"].values()) == 1


def test_hidden_sniper_cannot_sharpshoot_without_a_target(client):
    """Hidden Sniper: the pick is part of the cost (spoils.401.2): no target, no ability."""
    t = new_game(client, position(cards={"h1": {"card": "Hidden Sniper", "controller": "alice"}}, icons={"alice": "R"}))
    assert t.refuse({"type": "use_ability", "player": "alice", "card": "h1", "ability": "SHARPSHOOT"})


def test_micromajig_maker_may_put_a_token_into_play(client):
    """Micromajig Maker: "When this card enters play, you may put a Micromajig token into play." The
    action carries the choice (choices.may; spoils.engine.may-choice, spoils.409.3c)."""
    t = new_game(client, position(hands={"alice": ["Micromajig Maker", "Micromajig Maker"]}, icons={"alice": "EEEE"}))
    t.act(_play("Micromajig Maker"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": False}})
    assert not t.named("Micromajig Token")
    t.act(_play("Micromajig Maker"))
    t.act({"type": "pass", "player": "bob", "choices": {"may": True}})
    assert len(t.named("Micromajig Token", "alice")) == 1


def test_micromajig_shipping_container_leaves_five_tokens(client):
    """Micromajig Shipping Container: "If this card is destroyed, put 5 Micromajig tokens into play
    under your control." Destroyed by Precise... by Anesthetizing Opulence: spoils.503.1, spoils.409.3c."""
    t = new_game(client, position(cards={"m1": {"card": "Micromajig Shipping Container", "controller": "bob"}},
                                  hands={"alice": ["Anesthetizing Opulence"]}, icons={"alice": "GGGG"}))
    t.resolve("alice", "bob", _play("Anesthetizing Opulence", "m1"))
    assert len(t.named("Micromajig Token", "bob")) == 5 and t.state()["players"]["bob"]["hand"] == 1


def test_blanching_butcher_gains_4_4_when_it_blocks(client):
    """Blanching Butcher (1/2/3): "If this card blocks, it gains 4 strength and 4 life this turn."
    spoils.503.1, spoils.608.1d; it survives Plodding Brute's 5 damage with 6 life."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "b1": {"card": "Blanching Butcher", "controller": "bob"}}))
    _attack(t, ["a1"], ["b1"])
    eff = t.card("b1")["effective"]
    assert eff["strength"] == 5 and eff["life"] == 6


def test_recondite_hunter_loses_covert_when_it_attacks(client):
    """Recondite Hunter (COVERT): "If this card attacks, it loses Covert this turn." The party is not
    covert: Plodding Brute may block it (spoils.402.6 lose beats gain, spoils.507.3c)."""
    t = new_game(client, position(cards={"a1": {"card": "Recondite Hunter", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}}))
    assert "covert" in t.card("a1")["effective"]["keywords"]
    _attack(t, ["a1"], ["b1"])
    assert "covert" not in t.card("a1")["effective"]["keywords"]
    assert t.state()["battle"]["blockers"] == ["b1"]


def test_foolhardy_desperado_costs_its_controller_2_influence_when_it_deals_battle_damage(client):
    """Foolhardy Desperado (3/4/2, COVERT): "If this card inflicts battle damage, your faction loses 2
    influence." spoils.609.1f (battle damage), spoils.503.1: bob loses 3, alice loses 2."""
    t = new_game(client, position(cards={"a1": {"card": "Foolhardy Desperado", "controller": "alice"}}))
    _attack(t, ["a1"], stop=None)
    assert t.influence("bob") == 22 and t.influence("alice") == 23


def test_elbow_dropper_stops_a_character_blocking(client):
    """Elbow Dropper: "OFF THE TOP ROPE COST: Deplete this card. Pick a character. EFFECT: This turn,
    the character cannot block." spoils.402.7, spoils.608.1d: the block is refused naming the card."""
    t = new_game(client, position(cards={"e1": {"card": "Elbow Dropper", "controller": "alice"},
                                         "a1": {"card": "Stalwart Soldier", "controller": "alice"},
                                         "b1": {"card": "Plodding Brute", "controller": "bob"}}))
    t.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "e1",
                               "ability": "OFF THE TOP ROPE", "targets": ["b1"]})
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "pass", "player": "bob"})
    violations = t.refuse({"type": "block", "player": "bob", "blockers": ["b1"]})
    assert any("Elbow Dropper" in v["message"] for v in violations)


def test_temple_guardian_deflects_an_attacker(client):
    """Temple Guardian: "DEFLECT COST: Pay 3. Deplete this card. Pick an attacking character. EFFECT:
    Remove the character from the battle." spoils.302.15; no damage reaches bob's faction."""
    t = new_game(client, position(cards={"a1": {"card": "Plodding Brute", "controller": "alice"},
                                         "g1": {"card": "Temple Guardian", "controller": "bob"}},
                                  icons={"bob": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "use_ability", "player": "bob", "card": "g1", "ability": "DEFLECT", "targets": ["a1"]})
    t.act({"type": "pass", "player": "alice"})
    assert "a1" not in (t.state()["battle"] or {}).get("attackers", [])
    assert t.influence("bob") == 25


def test_samuel_gristwalter_reduces_all_damage_to_his_faction_to_0(client):
    """Samuel Gristwalter (UNIQUE Samuel): "Reduce all damage inflicted to your faction to 0."
    Barbaric Rifleman's 1 damage to bob's faction is reduced to 0 (spoils.408.2, spoils.410.4 floor
    at zero), and the trace names Samuel Gristwalter."""
    t = new_game(client, position(cards={"s1": {"card": "Samuel Gristwalter", "controller": "bob"}},
                                  hands={"alice": ["Barbaric Rifleman"]}, icons={"alice": "RR"}))
    t.resolve("alice", "bob", _play("Barbaric Rifleman"))
    assert t.influence("bob") == 25
    assert "Samuel Gristwalter" in t.trace_text() and "spoils.408.2a" in t.trace_text()


def test_dying_hero_takes_1_damage_at_the_end_of_its_turn_only_if_depleted(client):
    """Dying Hero (5/1/3): "At the end of your turn, if this card is depleted, inflict 1 damage to
    it." spoils.610.1 (end of turn), spoils.503.1, spoils.504.1 (the condition read when it fires):
    the depleted one is destroyed, the restored one stays."""
    t = new_game(client, position(cards={"h1": {"card": "Dying Hero", "controller": "alice", "depleted": True}}))
    t.end_turn("alice", "bob")
    s = t.state()
    assert "h1" not in s["cards"] and "Dying Hero" in s["players"]["alice"]["discard"]
    t2 = new_game(client, position(cards={"h2": {"card": "Dying Hero", "controller": "alice"}}))
    t2.end_turn("alice", "bob")
    assert t2.card("h2")["damage"] == 0


def test_omnidirectional_patrolmajig_restores_when_you_are_attacked_and_blocks(client):
    """Omnidirectional Patrolmajig (3/6/2): "If you are attacked, you may restore this card." Depleted,
    it restores as bob's attack is declared (spoils.503.1, spoils.303.3) and may then block
    (spoils.608.1d)."""
    t = new_game(client, position(active="bob", cards={"p1": {"card": "Omnidirectional Patrolmajig", "controller": "alice",
                                                              "depleted": True},
                                                       "b1": {"card": "Stalwart Soldier", "controller": "bob"}}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"], "choices": {"may": True}})
    assert t.card("p1")["depleted"] is False
    t.act({"type": "pass", "player": "bob"})
    t.act({"type": "pass", "player": "alice"})
    t.act({"type": "block", "player": "alice", "blockers": ["p1"]})
    assert t.state()["battle"]["blockers"] == ["p1"]


def test_a_character_set_up_with_lethal_damage_or_0_life_is_destroyed_before_anything_else(client):
    """A position set up holds what no game reaches: the immediate checks destroy a character at once when its
    damage this turn reaches its life (408.4; 0 life: spoils.faq.zero-life, 0 damage >= 0).  Land Shark (0/0/3,
    "This card gains 1 strength and 1 life for each face-down resource your opponent controls.") against bob
    without face-down resources and a Stalwart Soldier (3 life) set up with 3 damage are destroyed before
    alice's first action is decided: no attack is offered with them, one naming them is refused, and the
    first action's events start with both destructions; the Soldier with 2 damage stays."""
    cards = {"l1": {"card": "Land Shark", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice", "damage": 3},
             "a2": {"card": "Stalwart Soldier", "controller": "alice", "damage": 2}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOO", "bob": "GG"}))
    listed = client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]
    assert [a["action"]["attackers"] for a in listed if a["action"]["type"] == "attack"] == [["a2"]]
    assert client.post(f"/games/{t.gid}/actions", json={"type": "attack", "player": "alice",
                                                        "attackers": ["l1", "a2"]}).status_code == 422
    t.act({"type": "attack", "player": "alice", "attackers": ["a2"]})
    destroyed = [e["data"] for e in t.events() if e["type"] == "CardDestroyed"]
    assert t.events()[0]["type"] == "CardDestroyed" and sorted((d["card_id"], d["rule"]) for d in destroyed) == [
        ("a1", "spoils.408.4"), ("l1", "spoils.faq.zero-life")]
    state = t.state()
    assert set(state["cards"]) == {"a2"} and state["battle"]["attackers"] == ["a2"]
    assert sorted(state["players"]["alice"]["discard"]) == ["Land Shark", "Stalwart Soldier"]
    assert t.audit_valid()


def test_the_choices_asked_at_a_position_set_up_are_those_of_the_position_the_immediate_checks_leave(client):
    """The legal actions at a position set up are those of the position left by the immediate checks, the
    choices their card text asks (``needs``) included: Quipmajig's INSULT ("COST: Deplete this card. Pick a
    character with Covert.") offers bob's Slinking Bandido (Covert) and not his Land Shark (Covert, 0/0, no
    face-down resource of alice's to grow on), destroyed before anything else (408.4, spoils.faq.zero-life);
    alice's legal actions read the same as at the position set up with the Shark in bob's discard pile."""
    cards = {"q1": {"card": "Quipmajig", "controller": "alice"}, "l1": {"card": "Land Shark", "controller": "bob"},
             "b1": {"card": "Slinking Bandido", "controller": "bob"}}
    setup = position(cards=cards, icons={"alice": "EEE"})
    left = position(cards={k: v for k, v in cards.items() if k != "l1"}, icons={"alice": "EEE"})
    left["players"]["bob"]["discard"] = ["Land Shark"]

    def legal(t):
        return client.get(f"/games/{t.gid}/legal-actions", query_string={"player": "alice"}).get_json()["actions"]

    listed = legal(new_game(client, setup))
    insult = [a for a in listed if a["action"].get("ability") == "INSULT"]
    assert [[c["id"] for c in need["allowed"]] for need in insult[0]["needs"]] == [["b1"]]
    assert listed == legal(new_game(client, left))
