"""Spoils cards whose printed texts the effect language could not say before round 4 (new texts),
played by name through the API: each test shows the card's printed text changing the game, and
cites the card and the rules."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _ability(card: str, ability: str, *targets, player: str = "alice", **extra) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)} | extra


def test_padamose_weakens_the_opponents_mau_and_arcanist_characters(client):
    """Padamose, Emperor of Marduun: "All your opponent's \\"mau\\" characters and Arcanist characters
    lose 1 strength and 1 life." (spoils.402.1, spoils.201.7b): with Padamose in alice's play, bob's
    Dandy Day-Trader (a Banker "mau", 1/5) and Kinky Asp (an Arcanist, 4/2) each lose 1 strength and
    1 life, bob's Stalwart Soldier (neither) and alice's own Gnat (an Arcanist) keep theirs; without
    Padamose nobody changes."""
    cards = {"p1": {"card": "Padamose, Emperor of Marduun", "controller": "alice"},
             "g1": {"card": "Gnat", "controller": "alice"},
             "d1": {"card": "Dandy Day-Trader", "controller": "bob"},
             "k1": {"card": "Kinky Asp", "controller": "bob"},
             "s1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    stats = {c: (t.card(c)["effective"]["strength"], t.card(c)["effective"]["life"]) for c in ("g1", "d1", "k1", "s1")}
    assert stats == {"g1": (1, 1), "d1": (0, 4), "k1": (3, 1), "s1": (3, 3)}
    u = new_game(client, position(cards={k: v for k, v in cards.items() if k != "p1"}))
    assert (u.card("d1")["effective"]["strength"], u.card("k1")["effective"]["life"]) == (1, 2)
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
    t.resolve("alice", "bob", _ability(m1, "PARTY ON!", "b3"))
    assert t.card("b3")["depleted"] is True and t.card(m1)["damage"] == 1
    t.end_turn("alice", "bob")
    assert [t.card(c)["depleted"] for c in ("b1", "b2", "b3", "b4")] == [True, True, True, False]
    assert "cannot be restored" in t.trace_text()
    assert t.audit_valid()


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
    assert "spoils.401.2" in _rules(u.refuse(_ability("o1", "GATHER", ["Cowslaw"], choices={"option": 2})))
    assert u.state()["position"] == before
    setup["players"]["alice"]["discard"] = ["Brummagem Jewelry", "Cowslaw"]
    v = new_game(client, setup)
    v.resolve("alice", "bob", _ability("o1", "GATHER", "Brummagem Jewelry"))
    assert v.card("o1")["tokens"] == 6 and v.state()["players"]["alice"]["removed"] == ["Brummagem Jewelry"]
    setup["players"]["alice"]["discard"] = ["Cowslaw", "Cowslaw"]
    w = new_game(client, setup)
    w.resolve("alice", "bob", _ability("o1", "GATHER", ["Cowslaw", "Cowslaw"], choices={"option": 2}))
    assert w.card("o1")["tokens"] == 6 and w.state()["players"]["alice"]["removed"] == ["Cowslaw", "Cowslaw"]
    assert t.audit_valid() and u.audit_valid() and v.audit_valid() and w.audit_valid()


def test_obscene_astrologer_plays_a_tactic_for_free_up_to_the_obsession_it_sees(client):
    """Obscene Astrologer: "GAZE UPON THE \\"STARS\\" COST: Deplete this card. EFFECT: You may play a tactic
    with numeric cost X or less for free, where X is either 5 or the number of [O] you control, whichever is
    lower." (spoils.406.3, spoils.604.2, spoils.308.1): alice controls 3 [O], so X is 3: her Anathematize
    (numeric cost 4) is not played, while Quotidian Assassination (2) is, costing nothing, and bounces bob's
    Stalwart Soldier once bob lets it resolve."""
    cards = {"o1": {"card": "Obscene Astrologer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    hand = ["Anathematize", "Quotidian Assassination"]
    t = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "OOO"}))
    t.resolve("alice", "bob", _ability("o1", 'GAZE UPON THE "STARS"', choices={"free_plays": ["Anathematize"]}))
    assert t.card("o1")["depleted"] is True and "X is either 5" in t.trace_text()
    assert "Anathematize is not played: it is not a tactic with numeric cost X or less" in t.trace_text()
    assert sorted(t.state()["players"]["alice"]["hand_cards"]) == hand and "b1" in t.state()["cards"]
    u = new_game(client, position(cards=cards, hands={"alice": hand}, icons={"alice": "OOO"}))
    play = {"card": "Quotidian Assassination", "targets": ["b1"]}
    assert "CardPlayed" in u.resolve("alice", "bob", _ability("o1", 'GAZE UPON THE "STARS"',
                                                              choices={"free_plays": [play]}))
    played = next(e for e in u.events() if e["type"] == "CardPlayed")
    assert played["data"]["cost"] == 0
    u.act({"type": "pass", "player": "bob"})
    assert "b1" not in u.state()["cards"] and u.state()["players"]["bob"]["hand_cards"] == ["Stalwart Soldier"]
    assert u.state()["players"]["alice"]["hand_cards"] == ["Anathematize"]
    assert t.audit_valid() and u.audit_valid()


def test_martial_arts_master_outspeeds_its_blocker_into_strength(client):
    """Martial Arts Master (1/3/6): "While this card is in a battle and there is at least one character in
    the opposing party, it gains X strength, where X is this card's speed minus the highest speed among
    characters in the opposing party." (spoils.302.10, spoils.201.7b, spoils.609.1): at home it has 1 strength;
    attacking, blocked by bob's Stalwart Soldier (3/3/3), it has 1 + (6 - 3) = 4 and destroys the Soldier,
    which its printed 1 strength could not."""
    cards = {"m1": {"card": "Martial Arts Master", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    assert t.card("m1")["effective"]["strength"] == 1
    t.act({"type": "attack", "player": "alice", "attackers": ["m1"]})
    t.fight(blockers=["b1"], stop="tactics_a")
    assert t.card("m1")["effective"]["strength"] == 4
    t.fight()
    assert "b1" not in t.state()["cards"]
    assert t.audit_valid()


def test_the_stone_of_triumph_puts_a_namesake_of_the_destroyed_character_on_top(client):
    """The Stone of Triumph: "If a character you control is destroyed, you may pay 1. If you do, search your
    deck for a card with the same name, reveal it, and put it on top of your deck." (spoils.503.1,
    spoils.309.1, spoils.312.1): bob's Pinch destroys alice's Puddle of Goo (1 life); alice pays 1 and the
    Puddle of Goo in the middle of her deck goes on top. Without the Stone her deck stays as it was."""
    cards = {"s1": {"card": "The Stone of Triumph", "controller": "alice"},
             "g1": {"card": "Puddle of Goo", "controller": "alice"}}
    deck = ["Cowslaw", "Puddle of Goo", "Gnat"]
    setup = position(cards=cards, active="bob", hands={"bob": ["Pinch"]}, icons={"alice": "RR", "bob": "RR"},
                     decks={"alice": deck})
    t = new_game(client, setup)
    t.act(_play("Pinch", "g1", player="bob"))
    t.act({"type": "pass", "player": "alice", "choices": {"found": ["Puddle of Goo"]}})
    moved = [e["data"] for e in t.events() if e["type"] == "CardsMoved"]
    assert [(m["cards"], m["from_zone"], m["to"]) for m in moved] == [(["Puddle of Goo"], "deck", "deck_top")]
    alice = t.state()["players"]["alice"]
    assert "g1" not in t.state()["cards"] and alice["discard"] == ["Puddle of Goo"]
    assert sorted(alice["deck_cards"]) == sorted(deck)
    assert sum(1 for r in alice["resources"].values() if r.get("attached")) == 1
    del setup["cards"]["s1"]
    u = new_game(client, setup)
    u.act(_play("Pinch", "g1", player="bob"))
    u.act({"type": "pass", "player": "alice", "choices": {"found": ["Puddle of Goo"]}})
    assert "CardsMoved" not in [e["type"] for e in u.events()] and u.state()["players"]["alice"]["deck_cards"] == deck
    assert t.audit_valid() and u.audit_valid()


def test_lodge_dock_florist_makes_every_character_pay_its_upkeep(client):
    """Lodge Dock Florist: "All characters gain the rules text \\"At the start of your turn, you may pay 1. If
    you don't, destroy this card.\\"" (spoils.402.1, spoils.503.1, spoils.309.1): bob controls the Florist; as
    alice's turn starts she pays 1 for her Stalwart Soldier, which stays; when she declines (choices.may:
    false) or has nothing to pay with, the Soldier is destroyed. Bob's own Plodding Brute is not asked at the
    start of alice's turn (it is not his turn)."""
    cards = {"f1": {"card": "Lodge Dock Florist", "controller": "bob"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    for icons, may, stays in (("R", True, True), ("R", False, False), ("", True, False)):
        t = new_game(client, position(cards=cards, active="bob", icons={"alice": icons}))
        t.act({"type": "end_turn", "player": "bob"})
        t.act({"type": "pass", "player": "alice", "choices": {"may": may}})
        state = t.state()
        assert ("a1" in state["cards"]) is stays and "b1" in state["cards"], (icons, may)
        assert state["players"]["alice"]["unattached"] == (0 if stays else len(icons)), (icons, may)
        assert t.audit_valid()


def test_hilarious_refrigerator_alarm_terminates_and_punishes_a_repeated_name(client):
    """Hilarious Refrigerator Alarm: "All unresolved cards are terminated. If an opponent played at least 2
    cards with the same name this turn, put up to 2 Micromajig tokens into play under your control. Otherwise,
    each opponent may put 3 Micromajig tokens into play under their control." (spoils.314.1, spoils.607.2,
    spoils.409.3c): bob Pinches alice's Stalwart Soldier, then plays a second Pinch; alice answers it with the
    Alarm: the second Pinch is terminated (the Soldier keeps 1 damage) and alice gets 2 Micromajigs (1 when she
    says so, choices.up_to). When bob
    played a single Pinch, the Alarm terminates it and bob gets 3 Micromajigs instead."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Hilarious Refrigerator Alarm"],
                                                       "bob": ["Pinch", "Pinch"]}, icons={"alice": "EE", "bob": "RR"})
    t = new_game(client, setup)
    t.resolve("bob", "alice", _play("Pinch", "a1", player="bob"))
    t.act(_play("Pinch", "a1", player="bob"))
    t.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm"))
    state = t.state()
    assert state["pending"] == [] and state["players"]["bob"]["discard"] == ["Pinch", "Pinch"]
    assert t.card("a1")["damage"] == 1
    tokens = {p: len([c for c in state["cards"].values() if c.get("token") and c["controller"] == p])
              for p in ("alice", "bob")}
    assert tokens == {"alice": 2, "bob": 0}
    u = new_game(client, setup)
    u.act(_play("Pinch", "a1", player="bob"))
    u.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm"))
    state = u.state()
    assert u.card("a1")["damage"] == 0 and state["players"]["bob"]["discard"] == ["Pinch"]
    tokens = {p: len([c for c in state["cards"].values() if c.get("token") and c["controller"] == p])
              for p in ("alice", "bob")}
    assert tokens == {"alice": 0, "bob": 3}
    w = new_game(client, setup)  # "up to 2": alice takes 1 (choices.up_to)
    w.resolve("bob", "alice", _play("Pinch", "a1", player="bob"))
    w.act(_play("Pinch", "a1", player="bob"))
    w.resolve("alice", "bob", _play("Hilarious Refrigerator Alarm", up_to=1))
    assert len([c for c in w.state()["cards"].values() if c.get("token") and c["controller"] == "alice"]) == 1
    assert t.audit_valid() and u.audit_valid() and w.audit_valid()


def test_contrabulous_fabtraption_animates_an_item_for_the_turn(client):
    """Contrabulous Fabtraption: "RUNE OF ANIMATION COST: Destroy this card. Pick an item. EFFECT: This turn,
    the item is a \\"golem\\" character with strength and life equal to its numeric cost and 3 speed."
    (spoils.201.7b, spoils.602.1b, spoils.608.1b): alice's The Stone of Triumph (an item, numeric cost 3)
    cannot attack (refused, nothing appended); after the rune it is a 3/3/3 golem character that attacks bob's
    faction for 3, and as the next turn starts it is an item again."""
    cards = {"f1": {"card": "Contrabulous Fabtraption", "controller": "alice"},
             "s1": {"card": "The Stone of Triumph", "controller": "alice"}}
    t = new_game(client, position(cards=cards))
    before = t.state()["position"]
    assert "spoils.608.1b" in _rules(t.refuse({"type": "attack", "player": "alice", "attackers": ["s1"]}))
    assert t.state()["position"] == before
    t.resolve("alice", "bob", _ability("f1", "RUNE OF ANIMATION", "s1"))
    stone = t.card("s1")
    assert "f1" not in t.state()["cards"] and stone["type"] == "character" and "golem" in stone["subtypes"]
    assert [stone["effective"][k] for k in ("strength", "life", "speed")] == [3, 3, 3]
    t.act({"type": "attack", "player": "alice", "attackers": ["s1"]})
    t.fight()
    assert t.influence("bob") == 22
    t.end_turn("alice", "bob")
    assert t.card("s1")["type"] == "item" and "golem" not in t.card("s1")["subtypes"]
    assert t.audit_valid()


def test_one_legged_hopping_pogo_bear_turns_character_and_back(client):
    """One-Legged Hopping Pogo-Bear (an item): "RAAR! COST: Pay 2. EFFECT: This turn, this card gains the
    \\"character\\" type and has 3 strength, 3 life, and 3 speed. SCHPROING! COST: Use this only during your turn.
    Pay 2. EFFECT: If this card is a character, it gains Covert. HIDE! COST: Pay 1. EFFECT: If this card is a
    character, it loses the \\"character\\" type. Deplete this card." (spoils.201.7b, spoils.504.1,
    spoils.602.1b): SCHPROING! on the item does nothing; after RAAR! it is a 3/3/3 character and SCHPROING!
    gives it Covert; HIDE! makes it an item again, depleted."""
    t = new_game(client, position(cards={"p1": {"card": "One-Legged Hopping Pogo-Bear", "controller": "alice"}},
                                  icons={"alice": "EEEEEEE"}))
    t.resolve("alice", "bob", _ability("p1", "SCHPROING!"))
    assert t.card("p1")["type"] == "item" and "covert" not in t.card("p1")["effective"]["keywords"]
    t.resolve("alice", "bob", _ability("p1", "RAAR!"))
    bear = t.card("p1")
    assert bear["type"] == "character" and [bear["effective"][k] for k in ("strength", "life", "speed")] == [3, 3, 3]
    t.resolve("alice", "bob", _ability("p1", "SCHPROING!"))
    assert "covert" in t.card("p1")["effective"]["keywords"]
    t.resolve("alice", "bob", _ability("p1", "HIDE!"))
    assert t.card("p1")["type"] == "item" and t.card("p1")["depleted"] is True
    assert t.state()["players"]["alice"]["unattached"] == 0
    assert t.audit_valid()


def test_spatchcocking_keeps_one_card_of_each_type_and_recurs_on_the_hand(client):
    """Spatchcocking: "Each player choose a card of each non-resource type they control. Put all remaining
    non-resource cards into their owner's hand. RECUR: [O][O][O][O] COST: Use this only if this card is in your
    discard pile. Pay 4. Remove this card from the game. EFFECT: Each opponent reveals their hand, chooses a card
    of each non-resource type in it, and discards the remaining non-resource cards." (spoils.402.2,
    spoils.301.4a, spoils.403.2, spoils.305.1): alice keeps her Plodding Brute and her only item, bob his Stalwart
    Soldier (each says it, choices.keep); their other characters go back to their hands. From the discard pile,
    RECUR makes bob keep one character (the Brute he names) and his one tactic and discard the other character;
    his resource card stays in hand."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Plodding Brute", "controller": "alice"},
             "s1": {"card": "The Stone of Triumph", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"},
             "b2": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Spatchcocking"]}, icons={"alice": "OOOO"}))
    t.act(_play("Spatchcocking", keep=["a2"]))
    t.act({"type": "pass", "player": "bob", "choices": {"keep": ["b1"]}})
    state = t.state()
    assert sorted(state["cards"]) == ["a2", "b1", "s1"]
    assert state["players"]["alice"]["hand_cards"] == ["Stalwart Soldier"]
    assert state["players"]["bob"]["hand_cards"] == ["Plodding Brute"]
    setup = position(icons={"alice": "OOOO"}, hands={"bob": ["Stalwart Soldier", "Plodding Brute", "Pinch", "Rage"]})
    setup["players"]["alice"]["discard"] = ["Spatchcocking"]
    u = new_game(client, setup)
    u.act(_ability("Spatchcocking", "RECUR"))
    u.act({"type": "pass", "player": "bob", "choices": {"keep": ["Plodding Brute"]}})
    bob, alice = u.state()["players"]["bob"], u.state()["players"]["alice"]
    assert sorted(bob["hand_cards"]) == ["Pinch", "Plodding Brute", "Rage"] and bob["discard"] == ["Stalwart Soldier"]
    assert alice["removed"] == ["Spatchcocking"] and alice["discard"] == [] and alice["unattached"] == 0
    assert t.audit_valid() and u.audit_valid()


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
    t.resolve("alice", "bob", _ability("k1", "GO MEGA-NEKO-KAISER!", "p1", "t1"))
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


def test_voidal_poisoning_spends_tokens_on_its_menu(client):
    """Voidal Poisoning: "You may remove any number of tokens from cards you control. Use the tokens to generate
    the following effects any number of times: 1 TOKEN: Pick a character. Inflict 1 damage to it. 2 TOKENS: Draw
    a card. 2 TOKENS: Your opponent discards a card. 3 TOKENS: Search your deck for a card and put it into your
    hand." (spoils.409.1, spoils.408.4, spoils.306.1): alice removes 3 of her Oddment Collector's 5 tokens (it
    shrinks from 6/6 to 3/3), inflicts 1 damage to bob's Puddle of Goo (destroyed) and draws a card. Asking for
    the draw twice with the same 3 tokens is refused as the play resolves (spoils.402.1, nothing appended)."""
    cards = {"o1": {"card": "Oddment Collector", "controller": "alice", "tokens": 5},
             "g1": {"card": "Puddle of Goo", "controller": "bob"}}
    setup = position(cards=cards, hands={"alice": ["Voidal Poisoning"]}, icons={"alice": "OOO"})
    t = new_game(client, setup)
    t.resolve("alice", "bob", _play("Voidal Poisoning", tokens_removed={"o1": 3}, generate=[1, 2], targets=["g1"]))
    state = t.state()
    assert "g1" not in state["cards"] and t.card("o1")["tokens"] == 2 and t.card("o1")["effective"]["strength"] == 3
    assert state["players"]["alice"]["hand"] == 1 and state["players"]["alice"]["deck"] == 29
    u = new_game(client, setup)
    u.act(_play("Voidal Poisoning", tokens_removed={"o1": 3}, generate=[2, 2]))
    before = u.state()["position"]
    assert "spoils.402.1" in _rules(u.refuse({"type": "pass", "player": "bob"}))
    assert u.state()["position"] == before and u.card("o1")["tokens"] == 5
    assert t.audit_valid() and u.audit_valid()


def _mulligan_position(icons: str) -> dict:
    setup = position(stage="mulligan", turn=0, hands={"alice": ["Community Chest", "Gnat"], "bob": ["Gnat"]},
                     icons={"alice": icons})
    setup["to_act"] = "alice"
    return setup


def test_community_chest_revealed_by_the_mulligan_draws_one_more_card(client):
    """Community Chest (its mulligan text only; its "both players may draw a card or play a resource" stays the
    judge's, so the card is not listed as full): "If you control at least [D] and choose to put this card on the
    bottom of your deck as part of your mulligan at the start of a game, you may reveal it. If you do, draw a card
    at the start of your turn." (spoils.601.1f, spoils.405.2, spoils.503.1): alice puts it back and reveals it;
    as her first turn starts she draws one more card. Without [D] the reveal is refused, nothing appended."""
    t = new_game(client, _mulligan_position("D"))
    mulligan = {"type": "mulligan", "player": "alice", "count": 1, "cards": ["Community Chest"], "drawn": ["Cowslaw"],
                "choices": {"reveal": ["Community Chest"]}}
    t.act(mulligan)
    t.act({"type": "mulligan", "player": "bob", "count": 0})
    alice = t.state()["players"]["alice"]
    assert (alice["hand"], alice["deck"]) == (3, 29) and "CardsDrawn" in [e["type"] for e in t.events()]
    u = new_game(client, _mulligan_position("G"))
    before = u.state()["position"]
    assert "spoils.405.2" in _rules(u.refuse(mulligan))
    assert u.state()["position"] == before
    u.act(mulligan | {"choices": {}})
    u.act({"type": "mulligan", "player": "bob", "count": 0})
    assert (u.state()["players"]["alice"]["hand"], u.state()["players"]["alice"]["deck"]) == (2, 30)
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


def test_ambiguity_embiggener_cycles_both_hands_by_the_x_of_the_player_whose_turn_starts(client):
    """Ambiguity Embiggener: "At the start of each player's turn, that player chooses a number for X. Both players
    put X cards from their hand on the bottom of their deck in any order, or their entire hand if they have less
    than X cards in it. Both players put the top Y cards of their deck into their hand, where Y is the number of
    cards that player put on the bottom of their deck." (spoils.503.1, spoils.410.2, spoils.403.1): as alice's turn
    starts she chooses 2: her Gnat and Cowslaw go to the bottom of her deck and she takes its top 2 cards; bob,
    with a single card, puts it back and takes one. With X = 0 nothing moves."""
    cards = {"e1": {"card": "Ambiguity Embiggener", "controller": "alice"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Gnat", "Cowslaw", "Pinch"], "bob": ["Gnat"]},
                     decks={"alice": ["Stalwart Soldier", "Plodding Brute", "Rage"], "bob": ["Rage", "Rage"]})
    t = new_game(client, setup)
    t.act({"type": "end_turn", "player": "bob"})
    t.act({"type": "pass", "player": "alice", "choices": {
        "x": 2, "bottom": ["Gnat", "Cowslaw"], "drawn": ["Stalwart Soldier", "Plodding Brute"],
        "their": {"bottom": ["Gnat"], "drawn": ["Rage"]}}})
    alice, bob = t.state()["players"]["alice"], t.state()["players"]["bob"]
    assert sorted(alice["hand_cards"]) == ["Pinch", "Plodding Brute", "Stalwart Soldier"] and alice["deck"] == 3
    assert sorted(alice["deck_cards"]) == ["Cowslaw", "Gnat", "Rage"]
    assert bob["hand_cards"] == ["Rage"] and sorted(bob["deck_cards"]) == ["Gnat", "Rage"]
    u = new_game(client, setup)
    u.act({"type": "end_turn", "player": "bob"})
    u.act({"type": "pass", "player": "alice", "choices": {"x": 0}})
    assert sorted(u.state()["players"]["alice"]["hand_cards"]) == ["Cowslaw", "Gnat", "Pinch"]
    assert t.audit_valid() and u.audit_valid()


def test_mistaken_identity_makes_the_answered_pick_another_character(client):
    """Mistaken Identity: "COST: Play this only in response to a card or ability that picked a character as an
    extra cost. Pick another character that can be picked by that card or ability. EFFECT: When the card or
    ability resolves, its effect happens as though your opponent had picked the other character instead."
    (spoils.401.3a, spoils.607.2, spoils.101.1): bob Pinches alice's Puddle of Goo; alice answers with Mistaken
    Identity picking bob's own Puddle of Goo, which takes the damage and is destroyed while hers survives. Played
    with nothing to answer it is refused, nothing appended."""
    cards = {"g1": {"card": "Puddle of Goo", "controller": "alice"},
             "g2": {"card": "Puddle of Goo", "controller": "bob"}}
    setup = position(cards=cards, active="bob", hands={"alice": ["Mistaken Identity"], "bob": ["Pinch"]},
                     icons={"alice": "DD", "bob": "RR"})
    t = new_game(client, setup)
    t.act(_play("Pinch", "g1", player="bob"))
    t.resolve("alice", "bob", _play("Mistaken Identity", "g2"))
    t.act({"type": "pass", "player": "alice"})
    assert "g1" in t.state()["cards"] and "g2" not in t.state()["cards"]
    assert sorted(t.state()["players"]["bob"]["discard"]) == ["Pinch", "Puddle of Goo"]
    u = new_game(client, position(cards=cards, hands={"alice": ["Mistaken Identity"]}, icons={"alice": "DD"}))
    before = u.state()["position"]
    assert "spoils.401.3a" in _rules(u.refuse(_play("Mistaken Identity", "g2")))
    assert u.state()["position"] == before
    assert t.audit_valid() and u.audit_valid()


def test_notion_sickness_uses_an_ability_twice_then_destroys_its_card(client):
    """Notion Sickness: "COST: Pick a card you control with an ability in its rules text. EFFECT: You may use one
    of the card's abilities. If you do, the effect happens twice instead of once. Destroy the card."
    (spoils.606.1, spoils.101.1, spoils.304.1): alice picks her PantherKaiser and uses its PANTHER SHIELD ("Pay 2.
    Deplete this card. Pick a character. ... gains 3 life") on her Stalwart Soldier: the Soldier gains 3 life twice
    (3 -> 9) and the PantherKaiser is destroyed. Her Stalwart Soldier, with no ability, cannot be picked (refused,
    nothing appended)."""
    cards = {"p1": {"card": "PantherKaiser", "controller": "alice"},
             "a1": {"card": "Stalwart Soldier", "controller": "alice"}}
    setup = position(cards=cards, hands={"alice": ["Notion Sickness"]}, icons={"alice": "EEEEE"})
    t = new_game(client, setup)
    before = t.state()["position"]
    assert "spoils.310.1" in _rules(t.refuse(_play("Notion Sickness", "a1")))
    assert t.state()["position"] == before
    t.act(_play("Notion Sickness", "p1", ability="PANTHER SHIELD", ability_targets=["a1"]))
    t.act({"type": "pass", "player": "bob"})
    assert "p1" not in t.state()["cards"] and t.state()["players"]["alice"]["unattached"] == 0
    t.act({"type": "pass", "player": "bob"})
    assert t.card("a1")["effective"]["life"] == 9
    assert t.audit_valid()
