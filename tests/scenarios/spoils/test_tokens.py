"""Tokens of The Spoils, played by name through the API: cards entering play with tokens, tokens put,
divided, doubled, removed and spent, and statistics that count them (spoils.409.1).  Each test cites
the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils.actions import (
    play_with_choices as _play_choosing, use_ability as _ability, use_ability_with as _ability_extra)
from tests.scenarios.spoils.readings import attached_resources as _attached, unattached as _unattached
from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, play_card as _play, position, rule_ids as _rules)

pytestmark = needs_data


def test_berserker_corps_takes_the_destroyed_characters_strength_or_destroys_itself(client):
    """Berserker Corps (5/5/3): "This card gains 1 strength for each token on it. At the start of your turn,
    you may pick a character you control. If you do, destroy it. Put X tokens on this card, where X is the
    destroyed character's strength when it was destroyed. Otherwise, destroy this card." spoils.502.2 (X is
    Plodding Brute's strength, 5: the Corps has 5 tokens and 10 strength); without a pick it is destroyed
    (spoils.304.1)."""
    cards = {"k1": {"card": "Berserker Corps", "controller": "alice"},
             "a1": {"card": "Plodding Brute", "controller": "alice"}}
    t = new_game(client, position(active="bob", cards=cards))
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {"targets": ["a1"]}})
    assert "a1" not in t.state()["cards"]
    assert t.card("k1")["tokens"] == 5 and t.card("k1")["effective"]["strength"] == 10
    u = new_game(client, position(active="bob", cards=cards))
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice"})
    assert "k1" not in u.state()["cards"] and "a1" in u.state()["cards"]


def test_gore_engine_grows_with_the_characters_it_destroys_and_impales_a_blocker(client):
    """Gore Engine (5/10/3): "If a character is destroyed during a turn when this card damaged it, put X tokens
    on this card, where X is the strength of that character. This card gains 1 strength for each token on it.
    IMPALE COST: Pay 2 or remove 2 tokens from this card. Pick a character. EFFECT: This turn, the character
    must block this card if it can." spoils.503.1 (bob's Plodding Brute, 5 strength, blocks it and is
    destroyed: 5 tokens); spoils.401.3 (IMPALE paid by removing 2 tokens, choices.option 2) and spoils.505.1
    (bob's blockers without the impaled Stalwart Soldier are refused)."""
    cards = {"g1": {"card": "Gore Engine", "controller": "alice"}, "b1": {"card": "Plodding Brute", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight(blockers=["b1"], assignments={"alice": [{"source": "g1", "to": "b1", "amount": 5}],
                                          "bob": [{"source": "b1", "to": "g1", "amount": 5}]})
    assert "b1" not in t.state()["cards"] and t.card("g1")["tokens"] == 5
    assert t.card("g1")["effective"]["strength"] == 10
    u = new_game(client, position(cards=cards | {"g1": cards["g1"] | {"tokens": 2}}))
    u.resolve("alice", "bob", {"type": "use_ability", "player": "alice", "card": "g1", "ability": "IMPALE",
                               "targets": ["b2"], "choices": {"option": 2}})
    assert u.card("g1")["tokens"] == 0 and _attached(u, "alice") == 0
    u.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    u.act({"type": "pass", "player": "alice"})
    u.act({"type": "pass", "player": "bob"})
    assert "spoils.505.1" in _rules(u.refuse({"type": "block", "player": "bob", "blockers": ["b1"]}))
    u.act({"type": "block", "player": "bob", "blockers": ["b2"]})


def test_oddment_collector_loses_a_token_as_it_depletes_and_gathers_one(client):
    """Oddment Collector (1/1/2): "This card enters play with 5 tokens on it. This card gains 1 strength and
    1 life for each token on it. If this card becomes depleted, remove a token from it. GATHER COST: Pay 1.
    Remove an item or 2 cards in your discard pile from the game. EFFECT: Put a token on this card."
    (spoils.409.1, spoils.303.1, spoils.401.3, spoils.606.1): with 5 tokens it is 6/6; attacking depletes it and
    it keeps 4 tokens (5/5). GATHER with one card in the discard pile is refused (spoils.401.2, nothing
    appended); with an item there (Brummagem Jewelry, a gear) alice removes it and the Collector is back at 5 tokens; with
    two tactics there the second option removes both."""
    cards = {"o1": {"card": "Oddment Collector", "controller": "alice", "tokens": 5}}
    setup = position(cards=cards, icons={"alice": "EE"})
    t = new_game(client, setup)
    assert t.card("o1")["effective"]["strength"] == 6
    t.act({"type": "attack", "player": "alice", "attackers": ["o1"]})
    t.fight()
    assert t.card("o1")["tokens"] == 4 and t.card("o1")["effective"]["strength"] == 5
    setup["players"]["alice"]["discard"] = ["Cowslaw"]
    u = new_game(client, setup)
    before = u.state()["position"]
    assert "spoils.401.2" in _rules(u.refuse(_ability_extra("o1", "GATHER", ["Cowslaw"], choices={"option": 2})))
    assert u.state()["position"] == before
    setup["players"]["alice"]["discard"] = ["Brummagem Jewelry", "Cowslaw"]
    v = new_game(client, setup)
    v.resolve("alice", "bob", _ability_extra("o1", "GATHER", "Brummagem Jewelry"))
    assert v.card("o1")["tokens"] == 6 and v.state()["players"]["alice"]["removed"] == ["Brummagem Jewelry"]
    setup["players"]["alice"]["discard"] = ["Cowslaw", "Cowslaw"]
    w = new_game(client, setup)
    w.resolve("alice", "bob", _ability_extra("o1", "GATHER", ["Cowslaw", "Cowslaw"], choices={"option": 2}))
    assert w.card("o1")["tokens"] == 6 and w.state()["players"]["alice"]["removed"] == ["Cowslaw", "Cowslaw"]
    assert t.audit_valid() and u.audit_valid() and v.audit_valid() and w.audit_valid()


def test_voidal_poisoning_spends_tokens_on_its_menu(client):
    """Voidal Poisoning: "You may remove any number of tokens from cards you control. Use the tokens to generate
    the following effects any number of times: 1 TOKEN: Pick a character. Inflict 1 damage to it. 2 TOKENS: Draw
    a card. 2 TOKENS: Your opponent discards a card. 3 TOKENS: Search your deck for a card and put it into your
    hand." (spoils.409.1, spoils.408.4, spoils.306.1): alice removes 3 of her Oddment Collector's 5 tokens (it
    shrinks from 6/6 to 3/3), inflicts 1 damage to bob's Puddle of Goo (destroyed) and draws a card. Asking for
    the draw twice with the same 3 tokens is refused as the play is made (spoils.402.1, nothing appended)."""
    cards = {"o1": {"card": "Oddment Collector", "controller": "alice", "tokens": 5},
             "g1": {"card": "Puddle of Goo", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Voidal Poisoning"]}, icons={"alice": "OOO"})
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play("Voidal Poisoning", tokens_removed={"o1": 3}, generate=[1, 2], targets=["g1"]))
    state = t.state()
    assert "g1" not in state["cards"] and t.card("o1")["tokens"] == 2 and t.card("o1")["effective"]["strength"] == 3
    assert state["players"]["alice"]["hand"] == 1 and state["players"]["alice"]["deck"] == 29
    u = new_game(client, setup)
    before = u.state()["position"]  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    assert "spoils.402.1" in _rules(u.refuse(_play("Voidal Poisoning", tokens_removed={"o1": 3}, generate=[2, 2])))
    assert u.state()["position"] == before and u.card("o1")["tokens"] == 5
    assert t.audit_valid() and u.audit_valid()


def test_meat_of_the_mountain_answers_a_draw_by_its_new_token_count(client):
    """Meat of the Mountain (bob's): "If a player draws any number of cards, that player may add or remove a token
    from this card. If they do, generate the effect which corresponds to the new number of tokens on this card:
    0 TOKENS: That player's opponent discards a card. ... 2 TOKENS: That player may pick a character or location.
    If they do, put it into its owner's hand. ..." (spoils.503.1, spoils.409.1, spoils.305.1): alice draws as she
    develops; adding a token (1 -> 2) she bounces bob's Stalwart Soldier; removing it instead (1 -> 0) makes bob,
    her opponent, discard his Gnat; saying nothing leaves the card and the table as they were."""
    cards = {"m1": {"card": "Meat of the Mountain", "controller": "bob", "tokens": 1},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, stage="develop", hands={"bob": ["Gnat"]})
    t = new_game(client, setup)
    t.act({"type": "develop", "player": "alice", "choice": "draw",
           "choices": {"add_or_remove": "add", "targets": ["b1"]}})
    assert t.card("m1")["tokens"] == 2 and "b1" not in t.state()["cards"]
    assert sorted(t.state()["players"]["bob"]["hand_cards"]) == ["Gnat", "Stalwart Soldier"]
    u = new_game(client, setup)
    u.act({"type": "develop", "player": "alice", "choice": "draw",
           "choices": {"add_or_remove": "remove", "discarded": ["Gnat"]}})
    assert u.card("m1")["tokens"] == 0 and u.state()["players"]["bob"]["discard"] == ["Gnat"]
    v = new_game(client, setup)
    v.act({"type": "develop", "player": "alice", "choice": "draw"})
    assert v.card("m1")["tokens"] == 1 and "b1" in v.state()["cards"] and v.state()["players"]["bob"]["discard"] == []
    assert t.audit_valid() and u.audit_valid() and v.audit_valid()


def test_enormous_and_uncooperative_golem_enters_play_with_x_tokens(client):
    """Enormous and Uncooperative Golem: "COST: Choose a number for X. Pay X. This card enters play with X tokens
    on it. ... While there is a token on this card, it gains 5 strength and 5 life." With X = 2 alice pays
    1 + 2 (spoils.406.3) and the Golem enters play with 2 tokens (spoils.409.1), a 6/6 while they last."""
    t = new_game(client, position(hands={"alice": ["Enormous and Uncooperative Golem"]}, icons={"alice": "EEE"}))
    t.resolve("alice", "bob", _play_choosing("Enormous and Uncooperative Golem", x=2))
    golem = t.card(t.named("Enormous and Uncooperative Golem", "alice")[0])
    assert golem["tokens"] == 2 and golem["effective"]["strength"] == 6
    assert sum(1 for r in t.state()["players"]["alice"]["resources"].values() if r.get("attached")) == 3


def test_voidal_perversion_divides_up_to_2_tokens_between_the_picked_cards(client):
    """Voidal Perversion: "COST: Pick 2 or fewer non-resource cards. EFFECT: Put up to 2 tokens divided
    however you want on the cards. Draw a card." spoils.402.1 (the split the action gives,
    choices.divided), spoils.409.1 (tokens): one token on each card (each once got 2); a split of 3 is
    refused."""
    cards = {"a1": {"card": "Agile Highwayman", "controller": "alice"}, "b1": {"card": "Creaky Old Swordsman", "controller": "bob"}}
    def game():
        return new_game(client, position(cards=cards, hands={"alice": ["Voidal Perversion"]}, icons={"alice": "OOOO"}))
    t = game()
    before = t.state()["position"]
    assert "spoils.402.1" in _rules(t.refuse(_play("Voidal Perversion", ["a1", "b1"], divided={"a1": 2, "b1": 1})))
    assert t.state()["position"] == before  # refused as it is made (spoils.engine.choices-when-made), nothing appended
    t = game()
    t.act(_play("Voidal Perversion", ["a1", "b1"], divided={"a1": 1, "b1": 1}))
    t.act({"type": "pass", "player": "bob"})
    assert t.card("a1")["tokens"] == 1 and t.card("b1")["tokens"] == 1


def test_ectological_hazard_suit_counts_the_tokens_on_the_attached_character(client):
    """Ectological Hazard Suit (ATTACH to Character): "When this card enters play, put a token on the
    attached character. The attached character gains 1 strength and 1 life for each token on it."  "it"
    is the attached character (spoils.409.1): played onto a Stalwart Soldier (3/3/3) it puts a token on
    the Soldier, which becomes 4/4 (spoils.507.2a, spoils.503.1); a Soldier holding 2 tokens under a Suit
    holding 3 is 5/5: the Suit's own tokens do not count (the engine once counted those)."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice", "tokens": 2},
             "w2": {"card": "Ectological Hazard Suit", "controller": "alice", "attached_to": "a2", "tokens": 3}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Ectological Hazard Suit"]}, icons={"alice": "OOO"}))
    assert (t.card("a2")["effective"]["strength"], t.card("a2")["effective"]["life"]) == (5, 5)
    t.resolve("alice", "bob", _play("Ectological Hazard Suit", attach_to="a1"))
    a1 = t.card("a1")
    assert a1["tokens"] == 1 and (a1["effective"]["strength"], a1["effective"]["life"]) == (4, 4)


def test_dragon_catheter_gives_each_character_strength_for_its_own_tokens(client):
    """Dragon Catheter: "All characters gain 1 strength for each token on them." (spoils.409.1): alice's
    Stalwart Soldier with 2 tokens is at 5 strength, bob's with 1 token at 4, a Soldier with none stays
    at 3, and the Catheter's own tokens count for no one (the engine once gave nothing; no Catheter, no
    gain).  Its trigger, "at the start of your turn, put a token on the character with the highest
    strength", then puts the next token on alice's 5-strength Soldier (spoils.503.1), now at 6."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice", "tokens": 2},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob", "tokens": 1},
             "c1": {"card": "Dragon Catheter", "controller": "alice", "tokens": 4}}
    t = new_game(client, position(cards=cards, active="bob"))
    assert [t.card(c)["effective"]["strength"] for c in ("a1", "a2", "b1")] == [5, 3, 4]
    t.end_turn("bob", "alice")
    for _ in range(4):
        s = t.state()
        if not s.get("to_act") or not (s.get("pending") or s.get("triggers")):
            break
        t.act({"type": "pass", "player": s["to_act"]})
    assert t.card("a1")["tokens"] == 3 and t.card("a1")["effective"]["strength"] == 6
    del cards["c1"]
    u = new_game(client, position(cards=cards))
    assert [u.card(c)["effective"]["strength"] for c in ("a1", "a2", "b1")] == [3, 3, 3]


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
