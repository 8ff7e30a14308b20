"""Cards the engine enforces that no scenario played yet (final b), played by name through the API: each
test shows the card's printed text changing the game, and cites the card and the rules it exercises."""
from __future__ import annotations

from tests.scenarios.spoils_table import (  # noqa: F401
    client, needs_data, new_game, position, play_card as _play, rule_ids as _rules)

pytestmark = needs_data


def _use(card: str, ability: str, *targets, player: str = "alice") -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets)}


def _settle(t, **choices) -> None:
    """Triggers that fired resolve: each pending choice takes its first option with ``choices``."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def _hand(t, player: str) -> int:
    return t.state()["players"][player]["hand"]


def _pile(t, player: str, zone: str = "discard") -> list[str]:
    return t.state()["players"][player][zone]


def test_swarm_of_gnats_makes_the_opponent_discard_as_it_enters_play(client):
    """Swarm of Gnats: "When this card enters or leaves play, your opponent discards a card."  Alice plays
    it (spoils.607.2); as it enters play its trigger makes bob discard his only card (spoils.503.1,
    spoils.305.1)."""
    t = new_game(client, position(hands={"alice": ["Swarm of Gnats"], "bob": ["Key Man"]}, icons={"alice": "OOOO"}))
    t.resolve("alice", "bob", _play("Swarm of Gnats"))
    _settle(t)
    assert t.named("Swarm of Gnats") and _hand(t, "bob") == 0 and len(_pile(t, "bob")) == 1
    assert t.audit_valid()


def test_spry_archer_damages_the_opposing_faction_as_it_attacks(client):
    """Spry Archer (2/1/4): "If this card attacks, inflict 1 damage to your opponent's faction."  As it
    attacks (spoils.608.1) its trigger costs bob 1 influence (spoils.503.1), though bob's Stalwart
    Soldier blocks it and no battle damage reaches bob's faction (spoils.609.1)."""
    cards = {"a1": {"card": "Spry Archer", "controller": "alice"},
             "b1": {"card": "Stalwart Soldier", "controller": "bob"}}
    t = new_game(client, position(cards=cards))
    t.act({"type": "attack", "player": "alice", "attackers": ["a1"]})
    _settle(t)
    t.fight(blockers=["b1"])
    assert t.influence("bob") == 24 and not t.named("Spry Archer") and t.audit_valid()


def test_swordchucks_and_p3pp3r_strengthen_the_attached_character(client):
    """Swordchucks (ATTACH to Character): "The attached character gains 4 strength."; P3pp3r 0f 1n54n17y
    (ATTACH to Character): "The attached character gains 3 strength and 3 life." (spoils.507.2: gear
    attached as it enters play; spoils.201.7c): alice's Stalwart Soldier (3/3) is 7/3 under the
    Swordchucks, the other 6/6 under the P3pp3r."""
    cards = {"a1": {"card": "Stalwart Soldier", "controller": "alice"},
             "a2": {"card": "Stalwart Soldier", "controller": "alice"}}
    t = new_game(client, position(cards=cards, hands={"alice": ["Swordchucks", "P3pp3r 0f 1n54n17y"]},
                                  icons={"alice": "RREEEEEEEE"}))
    t.resolve("alice", "bob", _play("Swordchucks", attach_to="a1"))
    t.resolve("alice", "bob", _play("P3pp3r 0f 1n54n17y", attach_to="a2"))
    stats = [(t.card(c)["effective"]["strength"], t.card(c)["effective"]["life"]) for c in ("a1", "a2")]
    assert stats == [(7, 3), (6, 6)] and t.audit_valid()


def test_scavengemajig_returns_an_item_from_the_discard_pile(client):
    """Scavengemajig: "When this card enters or leaves play, you may pick an item in your discard pile.
    If you do, put it into your hand."  As it enters play (spoils.503.1) alice takes her Heavy Sword back
    from her discard pile into her hand (spoils.403.1)."""
    setup = position(hands={"alice": ["Scavengemajig"]}, icons={"alice": "EEEE"})
    setup["players"]["alice"]["discard"] = ["Heavy Sword"]
    t = new_game(client, setup)
    t.act(_play("Scavengemajig"))
    t.act({"type": "pass", "player": "bob", "choices": {"targets": ["Heavy Sword"]}})
    _settle(t)
    assert "Heavy Sword" not in _pile(t, "alice") and t.state()["players"]["alice"]["hand_cards"] == ["Heavy Sword"]
    assert t.audit_valid()


def test_underpaid_ancestor_pays_its_way_back_into_play(client):
    """Underpaid Ancestor (3/4/2): "If this card is put into your discard pile from play, you may pay 3. If
    you do, put it into play under your control. Deplete it." (spoils.503.1): it blocks bob's Horrendous
    Behemoth (4 strength) and is destroyed by battle damage (spoils.408.4); alice pays 3 and the
    Ancestor comes back into play under her control, depleted, out of her discard pile (spoils.309.1)."""
    cards = {"a1": {"card": "Underpaid Ancestor", "controller": "alice"},
             "b1": {"card": "Horrendous Behemoth", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"alice": "GGG"}))
    t.act({"type": "attack", "player": "bob", "attackers": ["b1"]})
    t.fight(blockers=["a1"])
    _settle(t)
    back = t.named("Underpaid Ancestor", "alice")
    assert back and t.card(back[0])["depleted"] is True and "Underpaid Ancestor" not in _pile(t, "alice")
    assert t.state()["players"]["alice"]["unattached"] == 0 and t.audit_valid()
