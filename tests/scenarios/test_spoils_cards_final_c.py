"""Spoils cards the engine enforces but no scenario played (final c), played by name through the API:
each test shows the card's printed text changing the game, and cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _use(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    action = {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}
    return action | ({"choices": choices} if choices else {})


def _settle(t, **choices) -> None:
    """Triggers that fired resolve: each pending choice takes its first option with ``choices``."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def test_rumply_ruse_speeds_up_the_party_of_its_player(client):
    """Rumply Ruse: "COST: Play this only during a battle. EFFECT: This turn, all characters in your party
    gain 1 speed." (spoils.401.3a, spoils.608.1c, spoils.609.1b): out of battle it is refused; played by
    alice before blocks, her Stalwart Soldier (3/3/3) strikes bob's blocking Soldier first at speed 4 and
    survives, where without it both are destroyed."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Rumply Ruse"]}, icons={"alice": "DDD"})
    t = new_game(client, setup)
    assert _rules(t.refuse(_play("Rumply Ruse"))) == ["spoils.401.3a"]
    for ruse in (True, False):
        t = new_game(client, setup)
        t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
        if ruse:
            t.resolve("alice", "bob", _play("Rumply Ruse"))
            assert t.card("a1")["effective"]["speed"] == 4 and t.card("b1")["effective"]["speed"] == 3
        t.fight(blockers=["b1"])
        assert sorted(t.state()["cards"]) == (["a1"] if ruse else [])
        assert t.audit_valid()


def test_the_garbageman_attacks_once_rummages_and_sifts(client):
    """The Garbageman: "This card can attack only once each turn. SIFT COST: Deplete this card. EFFECT: Draw
    a card. Discard a card. RUMMAGE COST: Pay 2. Remove 3 cards in your discard pile from the game. EFFECT:
    Restore this card." (spoils.608.1b, spoils.606.1, spoils.303.1, spoils.306.1, spoils.305.1): it attacks,
    RUMMAGE removes three Key Men from alice's discard pile and restores it, yet its second attack is
    refused (spoils.101.1); it may SIFT instead: alice draws a Key Man and discards Rumply Ruse."""
    cards = {"g1": {"card": "The Garbageman", "controller": "alice"}}
    setup = position(cards=cards, icons={"alice": "GGGG"}, hands={"alice": ["Rumply Ruse"]},
                     decks={"alice": ["Key Man", "Stalwart Soldier"]})
    setup["players"]["alice"]["discard"] = ["Key Man", "Key Man", "Key Man", "Stalwart Soldier"]
    t = new_game(client, setup)
    t.act({"type": "attack", "player": "alice", "attackers": ["g1"]})
    t.fight()
    assert t.card("g1")["depleted"] is True and t.influence("bob") == 24
    t.resolve("alice", "bob", _use("g1", "RUMMAGE", ["Key Man", "Key Man", "Key Man"]))
    alice = t.state()["players"]["alice"]
    assert t.card("g1")["depleted"] is False and alice["unattached"] == 2
    assert (alice["discard"], alice["removed"]) == (["Stalwart Soldier"], ["Key Man"] * 3)
    before = t.state()["position"]
    assert _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["g1"]})) == ["spoils.101.1"]
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _use("g1", "SIFT", drawn=["Key Man"], discarded=["Rumply Ruse"]))
    alice = t.state()["players"]["alice"]
    assert (alice["hand_cards"], alice["discard"]) == (["Key Man"], ["Stalwart Soldier", "Rumply Ruse"])
    assert t.card("g1")["depleted"] is True and t.audit_valid()


def test_swashbuckler_stays_only_if_four_cards_of_the_opponents_pile_are_removed(client):
    """Swashbuckler: "When this card enters play, you may remove 4 cards in your opponent's discard pile
    from the game. If you don't, destroy this card." (spoils.503.1, spoils.402.5b): alice removes four of
    bob's five discarded cards (named as the play resolves) and keeps it; naming only three is refused
    (spoils.310.1, nothing appended); declining destroys it."""
    setup = position(hands={"alice": ["Swashbuckler"]}, icons={"alice": "DDDD"})
    setup["players"]["bob"]["discard"] = ["Key Man"] * 4 + ["Gnat"]
    for choices, stays in (({"targets": [["Key Man"] * 3 + ["Gnat"]]}, True), ({"may": False}, False)):
        t = new_game(client, setup)
        t.act(_play("Swashbuckler"))
        if stays:
            before = t.state()["position"]
            short = {"type": "pass", "player": "bob", "choices": {"targets": [["Key Man"] * 3]}}
            assert _rules(t.refuse(short)) == ["spoils.310.1"] and t.state()["position"] == before
        t.act({"type": "pass", "player": "bob", "choices": choices})
        bob, alice = t.state()["players"]["bob"], t.state()["players"]["alice"]
        assert bool(t.named("Swashbuckler")) is stays
        kept = (["Key Man"], []) if stays else (setup["players"]["bob"]["discard"], ["Swashbuckler"])
        assert (bob["discard"], alice["discard"]) == kept
        assert bob["removed"] == (["Key Man"] * 3 + ["Gnat"] if stays else [])
        assert t.audit_valid()


def test_really_big_barduse_divides_five_damage_among_the_characters_picked_as_its_cost(client):
    """Really Big Barduse: "COST: You may pick 2 or fewer characters. When this card enters play, if you
    picked characters as part of its cost, inflict up to 5 damage divided however you want to those
    characters." (spoils.401.3, spoils.310.1, spoils.503.1, spoils.402.1): alice picks bob's two Stalwart
    Soldiers (3 life) and splits 3 and 2: one is destroyed, the other keeps 2 damage; a split of 6 is
    refused; picking nobody, the Barduse enters play and damages nothing."""
    cards = {"b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Stalwart Soldier", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Really Big Barduse"]}, icons={"alice": "RRRRRR"})
    t = new_game(client, setup)
    t.act(_play("Really Big Barduse", ["b1", "b2"]))
    too_much = {"type": "pass", "player": "bob", "choices": {"divided": {"b1": 3, "b2": 3}}}
    assert _rules(t.refuse(too_much)) == ["spoils.402.1"]
    t.act({"type": "pass", "player": "bob", "choices": {"divided": {"b1": 3, "b2": 2}}})
    assert "b1" not in t.state()["cards"] and t.card("b2")["damage"] == 2 and t.named("Really Big Barduse")
    assert t.audit_valid()
    u = new_game(client, setup)
    u.resolve("alice", "bob", _play("Really Big Barduse"))
    assert [u.card(c)["damage"] for c in ("b1", "b2")] == [0, 0] and u.named("Really Big Barduse")
    assert u.audit_valid()


def test_virtuous_razer_inflicts_its_battle_damage_again_to_a_location(client):
    """Virtuous Razer (3/1/3): "If this card inflicts battle damage, you may pick a location. If you do,
    inflict the same amount of damage to that location." (spoils.609.1f, spoils.503.1, spoils.408.5):
    unblocked, it inflicts 3 to bob's faction, then alice picks bob's The Currency Bazaar (structure 3),
    which takes 3 and is destroyed; picking a character is refused (spoils.310.1); not picking, the
    Bazaar is untouched."""
    cards = {"v1": {"card": "Virtuous Razer", "controller": "alice"},
             "l1": {"card": "The Currency Bazaar", "controller": "bob"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    for pick in (["l1"], []):
        t = new_game(client, position(cards=cards))
        t.act({"type": "attack", "player": "alice", "attackers": ["v1"]})
        t.fight(stop="tactics_e")
        t.act({"type": "pass", "player": "alice"})
        if pick:
            wrong = {"type": "pass", "player": "bob", "choices": {"targets": ["b1"]}}
            assert _rules(t.refuse(wrong)) == ["spoils.310.1"]
        t.act({"type": "pass", "player": "bob", "choices": {"targets": pick}})
        assert t.influence("bob") == 22 and ("l1" in t.state()["cards"]) is not bool(pick)
        assert t.state()["players"]["bob"]["discard"] == (["The Currency Bazaar"] if pick else [])
        assert t.audit_valid()


def test_unnatural_alteration_trades_a_character_for_one_costing_up_to_three_more(client):
    """Unnatural Alteration: "Pick a character you control. EFFECT: Destroy the character if you can. If
    you do, X is its numeric cost. Search your deck for a character with numeric cost X+3 or less and
    reveal it. You may play it for free. If you don't, put it into your hand." (spoils.304.1,
    spoils.402.5b, spoils.312.1, spoils.308.1, spoils.604.2): alice destroys her Gnat (cost 1): Club Mau
    Bouncer (cost 4) is found and played for free, or put into her hand; Really Big Barduse (cost 6) is
    beyond 1+3 and is not taken."""
    setup = position(cards={"a1": {"card": "Gnat", "controller": "alice"}}, icons={"alice": "OOOOGG"},
                     hands={"alice": ["Unnatural Alteration"]},
                     decks={"alice": ["Key Man", "Really Big Barduse", "Club Mau Bouncer"]})
    bouncer = {"found": ["Club Mau Bouncer"], "free_plays": ["Club Mau Bouncer"]}
    for choices, in_play, hand in ((bouncer, ["Club Mau Bouncer"], []),
                                   ({"found": ["Club Mau Bouncer"], "may": False}, [], ["Club Mau Bouncer"]),
                                   ({"found": ["Really Big Barduse"]}, [], [])):
        t = new_game(client, setup)
        t.resolve("alice", "bob", _play("Unnatural Alteration", "a1", **choices))
        if t.state()["pending"]:  # the Bouncer played for free waits for bob's responses (604.2)
            t.act({"type": "pass", "player": "bob"})
        alice = t.state()["players"]["alice"]
        assert [c["name"] for c in t.state()["cards"].values()] == in_play and alice["hand_cards"] == hand
        assert alice["discard"] == ["Gnat", "Unnatural Alteration"] and alice["unattached"] == 2
        assert t.audit_valid()


def test_the_currency_bazaar_trades_a_resource_card_and_recurs(client):
    """The Currency Bazaar: "TRADE COST: Pay 1. Discard a resource. EFFECT: Search your deck for a staple
    resource and reveal it. Put it into your hand. RECUR: [G] COST: Use this only if this card is in your
    discard pile. Pay 3. Remove this card from the game. EFFECT: Search your deck for a card named "The
    Currency Bazaar" ..." (spoils.305.1, spoils.401.2, spoils.312.1, spoils.faq.recur-is-ability): alice
    discards the Obsession in her hand and finds a Greed; discarding her Key Man (no resource), or with an
    empty hand, TRADE is refused; from the discard pile RECUR fetches the other Bazaar."""
    deck = {"alice": ["Key Man", "Greed", "The Currency Bazaar"]}
    cards = {"l1": {"card": "The Currency Bazaar", "controller": "alice"}}
    empty = new_game(client, position(cards=cards, icons={"alice": "GGGG"}, decks=deck))
    assert _rules(empty.refuse(_use("l1", "TRADE", found=["Greed"]))) == ["spoils.401.2"]
    t = new_game(client, position(cards=cards, icons={"alice": "GGGG"}, decks=deck,
                                  hands={"alice": ["Obsession", "Key Man"]}))
    before = t.state()["position"]
    assert _rules(t.refuse(_use("l1", "TRADE", found=["Greed"], discarded=["Key Man"]))) == ["spoils.401.2"]
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _use("l1", "TRADE", found=["Greed"], discarded=["Obsession"]))
    alice = t.state()["players"]["alice"]
    assert (alice["hand_cards"], alice["discard"], alice["unattached"]) == (["Key Man", "Greed"], ["Obsession"], 3)
    assert t.audit_valid()
    setup = position(icons={"alice": "GGGG"}, decks=deck)
    setup["players"]["alice"]["discard"] = ["The Currency Bazaar"]
    u = new_game(client, setup)
    u.resolve("alice", "bob", _use("The Currency Bazaar", "RECUR", found=["The Currency Bazaar"]))
    alice = u.state()["players"]["alice"]
    bazaar = ["The Currency Bazaar"]
    assert (alice["hand_cards"], alice["removed"], alice["discard"]) == (bazaar, bazaar, [])
    assert alice["unattached"] == 1 and u.audit_valid()


def _seen(t) -> list[tuple[str, list[str]]]:
    """The cards the last append showed one player (deck owner, names), as ``CardsRevealed`` records."""
    return [(e["data"]["player"], e["data"]["cards"]) for e in t.events() if e["type"] == "CardsRevealed"]


DECKS = {"alice": ["Key Man", "Gnat", "Greed", "Swashbuckler", "Cowslaw", "Land Shark"],
         "bob": ["Gnat", "Key Man", "Greed", "Obsession", "Rage", "Gnat"]}


def test_arcanists_almanac_and_zenobias_spyglass_look_at_the_top_of_a_deck(client):
    """Arcanist's Almanac: "FORESIGHT COST: Deplete this card. EFFECT: Look at up to the top 5 cards of
    either deck. Put them back in any order."; Zenobia's Spyglass: "FORESIGHT COST: Choose a number for
    X. Pay X. EFFECT: Look at up to the top X+X cards of your deck. ..." (spoils.606.1, spoils.303.1,
    spoils.401.3, spoils.engine.hidden-choice): alice looks at three cards of bob's deck and puts them
    back, Greed on top; six cards, or an order that is not the cards looked at, are refused as she uses
    it (nothing appended); with X = 2 the Spyglass costs 2 and shows four cards of her deck, not five."""
    cards = {"i1": {"card": "Arcanist's Almanac", "controller": "alice"},
             "z1": {"card": "Zenobia's Spyglass", "controller": "alice"}}
    t = new_game(client, position(cards=cards, icons={"alice": "OOOO"}, decks=DECKS))
    before = t.state()["position"]
    for wrong in ({"looked": DECKS["alice"]}, {"looked": ["Key Man", "Gnat"], "order": ["Gnat"]}):
        assert _rules(t.refuse(_use("i1", "FORESIGHT", **wrong))) == ["spoils.engine.hidden-choice"]
    assert t.state()["position"] == before
    order = ["Greed", "Gnat", "Key Man"]
    looked = ["Gnat", "Key Man", "Greed"]
    t.resolve("alice", "bob", _use("i1", "FORESIGHT", deck="opponent", looked=looked, order=order))
    assert _seen(t) == [("bob", ["Gnat", "Key Man", "Greed"])] and "top first: Greed, Gnat, Key Man" in t.trace_text()
    assert t.card("i1")["depleted"] is True and t.state()["players"]["bob"]["deck"] == 6
    assert _rules(t.refuse(_use("z1", "FORESIGHT", x=2, looked=DECKS["alice"][:5]))) == ["spoils.engine.hidden-choice"]
    t.resolve("alice", "bob", _use("z1", "FORESIGHT", x=2, looked=DECKS["alice"][:4]))
    assert _seen(t) == [("alice", DECKS["alice"][:4])] and t.state()["players"]["alice"]["unattached"] == 2
    assert t.audit_valid()


def test_nearby_serpent_looks_at_five_cards_of_either_deck_as_it_enters_play(client):
    """Nearby Serpent: "When this card enters play, look at up to the top 5 cards of either deck. Put them
    back in any order." (spoils.503.1, spoils.engine.hidden-choice): as it enters play alice looks at bob's
    top five cards; naming six as the play resolves is refused."""
    t = new_game(client, position(hands={"alice": ["Nearby Serpent"]}, icons={"alice": "OOO"}, decks=DECKS))
    t.act(_play("Nearby Serpent"))
    six = {"type": "pass", "player": "bob", "choices": {"deck": "opponent", "looked": DECKS["bob"]}}
    assert _rules(t.refuse(six)) == ["spoils.engine.hidden-choice"]
    t.act(six | {"choices": {"deck": "opponent", "looked": DECKS["bob"][:5]}})
    assert _seen(t) == [("bob", DECKS["bob"][:5])] and t.named("Nearby Serpent") and t.audit_valid()


def test_moist_cave_of_the_darkpump_lucubrates_the_top_card_to_the_bottom(client):
    """Moist Cave of the Darkpump (faction): "LUCUBRATE COST: Pay 1. EFFECT: Look at the top card of your
    deck. You may put that card on the bottom." (spoils.309.1, spoils.engine.hidden-choice,
    spoils.engine.may-choice): alice looks at her Key Man and puts it on the bottom (Gnat is now on top);
    naming two cards is refused; keeping it, the deck is unchanged."""
    decks = {"alice": ["Key Man", "Gnat", "Greed"]}
    for keep in (False, True):
        t = new_game(client, position(icons={"alice": "OO"}, decks=decks,
                                      factions={"alice": "Moist Cave of the Darkpump"}))
        lucubrate = {"type": "faction_ability", "player": "alice", "ability": "LUCUBRATE"}
        two = lucubrate | {"choices": {"looked": ["Key Man", "Gnat"]}}
        assert _rules(t.refuse(two)) == ["spoils.engine.hidden-choice"]
        t.resolve("alice", "bob", lucubrate | {"choices": {"looked": ["Key Man"]} | ({"may": False} if keep else {})})
        assert _seen(t) == [("alice", ["Key Man"])]
        assert t.state()["players"]["alice"]["deck_cards"] == (decks["alice"] if keep else ["Gnat", "Greed", "Key Man"])
        assert t.state()["players"]["alice"]["unattached"] == 1 and t.audit_valid()
