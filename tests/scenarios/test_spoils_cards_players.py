"""Round 3 of the Spoils' card families, played by name through the API: triggers about other cards and
other players ("if this card leaves play", "if this card is blocked", "if a character enters play under
your control", "if a coin is flipped", "at the start of each player's turn"...), "both players", "your
opponent picks ... if they do", "gains X or Y".  Every test cites the rules it exercises and the card,
and the card's text visibly changes the outcome."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position  # noqa: F401

pytestmark = needs_data


def _play(card: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "play_card", "player": player, "card": card, "targets": list(targets), "choices": choices}


def _use(card: str, ability: str, *targets, player: str = "alice", **choices) -> dict:
    return {"type": "use_ability", "player": player, "card": card, "ability": ability, "targets": list(targets),
            "choices": choices}


def _hand(t, player: str) -> int:
    return t.state()["players"][player]["hand"]


def _order(t, **choices) -> None:
    """Triggers that fired at once resolve in the order their chooser picks (spoils.503.4): the first; the
    choose action carries the choices they ask for."""
    for _ in range(10):
        choice = t.state().get("choice")
        if not choice:
            return
        t.act({"type": "choose", "player": choice["player"], "choice": choice["options"][0], "choices": choices})


def _stat(t, cid: str, stat: str) -> int:
    return t.card(cid)["effective"][stat]


# --------------------------------------------------------------------------------- leaving play

def test_balking_foecrusher_and_key_man_act_as_they_leave_play(client):
    """Balking Foecrusher: "If this card leaves play, inflict 1 damage to all characters and draw a card.
    CRUSH WAVE COST: Pay 2. Destroy this card." Key Man: "If this card leaves play, draw a card." Destroying
    the Foecrusher as the cost (spoils.401.3, spoils.304.1) sets off its trigger at once (spoils.503.1, 503.3):
    bob's 1-life Key Man is destroyed by that damage (spoils.408.4) and its own trigger draws bob a card;
    alice draws one; the ability's 1 damage then lands on bob's Overinsured Figurehead a second time."""
    cards = {"f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "k1": {"card": "Key Man", "controller": "bob"},
             "o1": {"card": "Overinsured Figurehead", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, hands={"alice": ["Gnat"], "bob": ["Gnat"]}))
    t.act(_use("f1", "CRUSH WAVE"))
    assert not t.named("Balking Foecrusher") and not t.named("Key Man")
    assert _hand(t, "alice") == 2 and _hand(t, "bob") == 2
    t.act({"type": "pass", "player": "bob"})
    assert t.card("o1")["damage"] == 2


def test_overinsured_figurehead_and_living_god_when_a_character_leaves_play(client):
    """Living God of Thabbash: "When a character you control leaves play, your opponent discards a card.
    HIGHER CALLING COST: Pay 2. Pick a character you control. EFFECT: Put the character into its owner's
    hand." Overinsured Figurehead: "If this card leaves play, draw 2 cards." Put back in bob's hand
    (spoils.403.1), the Figurehead draws bob 2 cards and alice discards one (spoils.503.1; both of bob's
    triggers in the order he chooses, spoils.503.4)."""
    cards = {"g1": {"card": "Living God of Thabbash", "controller": "bob"},
             "o1": {"card": "Overinsured Figurehead", "controller": "bob"}}
    t = new_game(client, position(active="bob", cards=cards, icons={"bob": "GG"},
                                  hands={"alice": ["Gnat", "Key Man"]}))
    t.act(_use("g1", "HIGHER CALLING", "o1", player="bob"))
    t.act({"type": "pass", "player": "alice"})
    _order(t)
    assert not t.named("Overinsured Figurehead")
    assert _hand(t, "bob") == 3 and _hand(t, "alice") == 1


def test_gnat_and_enduring_swordsman_act_as_they_are_destroyed(client):
    """Gnat: "If this card leaves play, your opponent discards a card." Enduring Swordsman: "If this card
    leaves play, you may pick a character. If you do, inflict 1 damage to it." Balking Foecrusher's
    trigger destroys both 1-life characters (spoils.408.4); the Swordsman's 1 damage (alice picks bob's
    Plodding Brute, spoils.310.1) and the CRUSH WAVE's make 3: the Brute (3 life) is destroyed, and bob
    discards a card for the Gnat (spoils.305.1)."""
    cards = {"f1": {"card": "Balking Foecrusher", "controller": "alice"},
             "n1": {"card": "Gnat", "controller": "alice"},
             "e1": {"card": "Enduring Swordsman", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "RR"}, hands={"bob": ["Key Man", "Gnat"]}))
    t.act(_use("f1", "CRUSH WAVE"))
    _order(t, targets=["b1"])
    assert not t.named("Gnat") and not t.named("Enduring Swordsman")
    assert t.card("b1")["damage"] == 2 and _hand(t, "bob") == 1
    t.act({"type": "pass", "player": "bob"})
    assert not t.named("Plodding Brute")


def test_violating_anomaly_puts_a_card_back_in_its_owners_hand_as_it_leaves(client):
    """Violating Anomaly: "If this card leaves play, you may pick a non-resource card. If you do, put it
    into its owner's hand. Draw a card." Alice sends the Anomaly home with Living God of Thabbash's
    HIGHER CALLING; its trigger returns bob's Plodding Brute to bob's hand (spoils.403.1) and alice draws,
    and the Living God ("when a character you control leaves play") makes bob discard (spoils.305.1)."""
    cards = {"g1": {"card": "Living God of Thabbash", "controller": "alice"},
             "v1": {"card": "Violating Anomaly", "controller": "alice"},
             "b1": {"card": "Plodding Brute", "controller": "bob"}}
    t = new_game(client, position(cards=cards, icons={"alice": "GG"}, hands={"bob": ["Key Man"]}))
    t.act(_use("g1", "HIGHER CALLING", "v1"))
    t.act({"type": "pass", "player": "bob"})
    _order(t, targets=["b1"])
    assert not t.named("Plodding Brute") and "Plodding Brute" in t.state()["players"]["bob"]["hand_cards"]
    assert _hand(t, "alice") == 2  # the Anomaly, and the card drawn
    assert _hand(t, "bob") == 1  # Key Man discarded, the Brute back
