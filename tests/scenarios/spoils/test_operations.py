"""Operations on numbers and on cards out of play, played by name through the API: the next numeric
cost reduced, the top of a deck revealed and a card type chosen, a hand looked at, cards put into a
hand, under a deck or into play from a discard pile, amounts of damage and influence changed as they
happen, triggers on damage to a faction, on the start of the opponent's turn, on a card providing
icons entering play and on a card put into the discard pile from play, resources detached.  Hidden
information is what the action's choices say (spoils.engine.hidden-choice).  Every test cites the
rules it exercises and the card."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _ability(card: str, name: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": name, "targets": list(targets),
            "choices": choices}


def _attached(t, player: str) -> int:
    return sum(1 for r in t.state()["players"][player]["resources"].values() if r.get("attached"))


# --------------------------------------------------------------------------------- next numeric cost
def test_research_assistant_reduces_the_next_numeric_cost_by_1(client):
    """Research Assistant: "RESEARCH COST: Deplete this card. EFFECT: Reduce the next numeric cost you pay
    this turn by 1." With 3 resources alice cannot pay Plodding Brute's 4 (spoils.309.1); after RESEARCH
    she pays 3 and the reduction is used up (spoils.406.5a: an effect's reduction applies to the number)."""
    cards = {"r1": {"card": "Research Assistant", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Plodding Brute"]}, icons={"alice": "RRR"}))
    assert any(v["rule"]["id"] == "spoils.309.1" for v in t.refuse(
        {"type": "play_card", "player": "alice", "card": "Plodding Brute"}))
    t.resolve("alice", "bob", _ability("r1", "RESEARCH"))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "Plodding Brute"})
    assert t.named("Plodding Brute", "alice") and _attached(t, "alice") == 3
    assert not any("reduce_next_cost" in e["effect"] for e in t.state()["effects"])


# --------------------------------------------------------------------------------- deck and hand
def test_flimflam_man_puts_the_revealed_card_of_the_chosen_type_into_the_hand(client):
    """Flimflam Man: "When this card enters play, you may choose a card type. If you do, reveal the top
    card of your deck. If it is the chosen type, put it into your hand. Otherwise, put it on the bottom of
    your deck." The pass that resolves it names the type and the card revealed (spoils.engine.hidden-choice,
    spoils.503.1): a tactic was named and a tactic is revealed, so Extortify goes to alice's hand."""
    t = new_game(client, position(hands={"alice": ["Flimflam Man"]}, icons={"alice": "DDDD"},
                                  decks={"alice": ["Extortify", "Greed", "Rage"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Flimflam Man"})
    t.act({"type": "pass", "player": "bob", "choices": {"card_type": "tactic", "revealed": "Extortify"}})
    p = t.state()["players"]["alice"]
    assert p["hand_cards"] == ["Extortify"] and p["deck"] == 2
    assert any(e["type"] == "CardsRevealed" and e["data"]["cards"] == ["Extortify"] for e in t.events())


def test_flimflam_man_puts_a_card_of_another_type_on_the_bottom(client):
    """Flimflam Man: the revealed Greed is not a character (the chosen type): "Otherwise, put it on the
    bottom of your deck" - it stays in the deck and the hand stays empty."""
    t = new_game(client, position(hands={"alice": ["Flimflam Man"]}, icons={"alice": "DDDD"},
                                  decks={"alice": ["Extortify", "Greed"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Flimflam Man"})
    t.act({"type": "pass", "player": "bob", "choices": {"card_type": "character", "revealed": "Greed"}})
    p = t.state()["players"]["alice"]
    assert p["hand"] == 0 and p["deck"] == 2
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved"]
    assert moved and moved[0]["to"] == "deck_bottom" and moved[0]["cards"] == ["Greed"]


def test_flimflam_man_cannot_reveal_a_card_the_known_deck_lacks(client):
    """Flimflam Man: the judge recorded the whole deck, so a card not in it cannot be the one revealed
    (spoils.engine.hidden-choice): nothing goes to the hand."""
    t = new_game(client, position(hands={"alice": ["Flimflam Man"]}, icons={"alice": "DDDD"},
                                  decks={"alice": ["Greed"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Flimflam Man"})
    t.act({"type": "pass", "player": "bob", "choices": {"card_type": "tactic", "revealed": "Extortify"}})
    assert t.state()["players"]["alice"]["hand"] == 0
    assert "Extortify is not in alice's deck" in t.trace_text()


def test_defiler_of_innocence_makes_the_opponent_discard_the_character_chosen(client):
    """Defiler of Innocence: "DEFILE COST: Deplete this card. EFFECT: Look at your opponent's hand and choose
    a character in it. Your opponent discards that character." A tactic cannot be the chosen character
    (refused); Plodding Brute is, and bob discards it (spoils.305.1, spoils.engine.hidden-choice)."""
    cards = {"d1": {"card": "Defiler of Innocence", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"bob": ["Plodding Brute", "Extortify"]}))
    t.act(_ability("d1", "DEFILE"))
    t.refuse({"type": "pass", "player": "bob", "choices": {"chosen": ["Plodding Brute", "Extortify"]}})
    t.act({"type": "pass", "player": "bob", "choices": {"chosen": "Plodding Brute"}})
    bob = t.state()["players"]["bob"]
    assert bob["discard"] == ["Plodding Brute"] and bob["hand_cards"] == ["Extortify"]


def test_thabbashite_haruspex_draws_then_puts_a_card_from_the_hand_under_the_deck(client):
    """Thabbashite Haruspex: "When this card enters or leaves play, you may draw a card. If you do, put a
    card from your hand on the bottom of your deck." Alice draws Greed and puts Extortify under her deck
    (spoils.306.1, spoils.engine.hidden-choice): her hand holds Greed only, her deck keeps its size."""
    t = new_game(client, position(hands={"alice": ["Thabbashite Haruspex", "Extortify"]}, icons={"alice": "OO"},
                                  decks={"alice": ["Greed", "Rage"]}))
    t.act({"type": "play_card", "player": "alice", "card": "Thabbashite Haruspex"})
    t.act({"type": "pass", "player": "bob", "choices": {"drawn": ["Greed"], "put": "Extortify"}})
    p = t.state()["players"]["alice"]
    assert p["hand_cards"] == ["Greed"] and p["deck"] == 2 and "Extortify" in p["deck_cards"]


def test_montgomery_blatherscythe_puts_the_character_from_the_discard_pile_into_play(client):
    """Montgomery Blatherscythe: "RESURRECT COST: Pay 1. Deplete this card. Pick a character in your discard
    pile with numeric cost 2 or less. EFFECT: Put the character into play under your control." Plodding
    Brute (cost 4) cannot be picked (spoils.401.2); Surplus Soldier (cost 1) enters play from the discard
    pile (spoils.402.8: put into play, not played)."""
    cards = {"m1": {"card": "Montgomery Blatherscythe", "controller": "alice"}}
    setup = position(cards=cards, icons={"alice": "GGG"})
    setup["players"]["alice"]["discard"] = ["Plodding Brute", "Surplus Soldier"]
    t = new_game(client, setup)
    t.refuse(_ability("m1", "RESURRECT", "Plodding Brute"))
    t.resolve("alice", "bob", _ability("m1", "RESURRECT", "Surplus Soldier"))
    assert t.named("Surplus Soldier", "alice")
    assert t.state()["players"]["alice"]["discard"] == ["Plodding Brute"]


# --------------------------------------------------------------------------------- amounts
def test_tax_attorney_reduces_the_influence_its_faction_loses_by_1(client):
    """Tax Attorney: "If your faction loses influence, reduce the amount by 1." Plodding Brute's 5
    unblocked battle damage costs bob 4 influence, not 5 (spoils.408.3, spoils.410.3)."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"}, "b1": {"card": "Tax Attorney", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight([])
    assert t.influence("bob") == 21


def test_adriel_takes_no_battle_damage_while_blocking(client):
    """Adriel, Defender of Marduun (3 life): "If battle damage is inflicted to this card while it's blocking,
    reduce the amount to 0." Blocking Plodding Brute (5 strength) it survives (spoils.408.2, spoils.408.6)."""
    cards = {"a1": {"card": "Plodding Brute", "controller": "alice"},
             "b1": {"card": "Adriel, Defender of Marduun", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(["b1"])
    assert "b1" in t.state()["cards"] and t.card("b1")["damage"] == 0
    assert "a1" not in t.state()["cards"]


# --------------------------------------------------------------------------------- triggers
def test_slinking_bandido_gets_a_token_when_it_damages_a_faction(client):
    """Slinking Bandido (1 strength, Covert): "If this card inflicts damage to a faction, put a token on
    this card. This card gains 1 strength for each token on it." After one unblocked attack it has a token
    and 2 strength (spoils.408.3, spoils.503.1, spoils.409.1)."""
    t = new_game(client, position(cards={"a1": {"card": "Slinking Bandido", "controller": "alice"}}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight([])
    assert t.influence("bob") == 24
    assert t.card("a1")["tokens"] == 1 and t.card("a1")["effective"]["strength"] == 2


def test_master_mud_whisperer_restores_its_characters_at_the_start_of_the_opponents_turn(client):
    """Master Mud Whisperer: "At the start of your opponent's turn, you may restore all characters you
    control." Bob's depleted characters are restored as alice's turn starts (spoils.602.2, spoils.503.1);
    declined, they stay depleted."""
    for may, depleted in ((True, False), (False, True)):
        cards = {"m1": {"card": "Master Mud Whisperer", "controller": "bob", "depleted": True},
                 "b1": {"card": "Plodding Brute", "controller": "bob", "depleted": True}}
        t = new_game(client, position(active="bob", cards=cards))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": {"may": may}})
        assert t.state()["active_player"] == "alice"
        assert t.card("b1")["depleted"] is depleted and t.card("m1")["depleted"] is depleted


def test_ascendant_madcap_gets_a_token_when_a_rage_resource_enters_play(client):
    """Ascendant Madcap: "If a card that provides at least [R] enters play under your control, put a token
    on this card." Alice plays Rage face up as her develop choice: a token (spoils.311.1, spoils.503.1);
    Greed provides no [R]: none."""
    cards = {"a1": {"card": "Ascendant Madcap", "controller": "alice"}}
    t = new_game(client, position(stage="develop", cards=cards, hands={"alice": ["Rage", "Greed"]}))
    t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": "Rage", "face_up": True}})
    assert t.card("a1")["tokens"] == 1 and t.card("a1")["effective"]["strength"] == 4


def test_recapitulating_apparition_pays_1_to_come_back_depleted(client):
    """Recapitulating Apparition: "If this card is put into your discard pile from play, you may pay 1. If
    you do, put it into play under your control. Deplete it." Blocked by Plodding Brute it is destroyed,
    alice pays 1 and it comes back depleted (spoils.304.1, spoils.309.1, spoils.402.8)."""
    cards = {"a1": {"card": "Recapitulating Apparition", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    t.fight(["b1"])
    back = t.named("Recapitulating Apparition", "alice")
    assert back and t.card(back[0])["depleted"] is True
    assert _attached(t, "alice") == 1 and t.state()["players"]["alice"]["discard"] == []


def test_t_force_5_megabrutemajig_detaches_up_to_2_resources(client):
    """T Force 5 Megabrutemajig (cost 7): "When this card enters play, you may detach up to 2 resources from
    your faction." Seven resources paid for it, two come back unattached (spoils.309.1, spoils.503.1)."""
    t = new_game(client, position(hands={"alice": ["T Force 5 Megabrutemajig"]}, icons={"alice": "EEEEEEE"}))
    t.resolve("alice", "bob", {"type": "play_card", "player": "alice", "card": "T Force 5 Megabrutemajig"})
    assert t.named("T Force 5 Megabrutemajig", "alice") and _attached(t, "alice") == 5
    assert t.audit_valid()
