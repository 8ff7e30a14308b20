"""605.1: playing a resource goes in steps: the card is chosen from the hand, its side decided, then
what happens "as you play a resource" (605.1c), and only then does the resource enter play (605.1d).
So a card revealed and played as a resource is played meets its threshold and pays its cost with the
resources already in play, without the one being played.  Witty Worm (threshold [O][O], "While this card
is in your hand you may reveal this card as you are playing a resource. If you do, you may play this card
for 1.") is the card of the pool that acts at that step; the rule's own example."""
from __future__ import annotations

from tests.scenarios.spoils_table import client, needs_data, new_game, position, rule_ids  # noqa: F401

pytestmark = needs_data


def _develop(reveal: str) -> dict:
    return {"type": "develop", "player": "alice", "choice": "resource",
            "resource": {"card": "Obsession", "face_up": True}, "choices": {"reveal_with_resource": reveal}}


def test_the_resource_being_played_does_not_yet_count_toward_the_revealed_cards_threshold(client):
    """605.1c: with one [O] in play, the Obsession being played cannot make up the Worm's [O][O]: the
    reveal is refused by the threshold (405.2) and nothing is appended."""
    t = new_game(client, position(stage="develop", hands={"alice": ["Witty Worm", "Obsession"]}, icons={"alice": "O"}))
    before = t.state()["position"]
    assert "spoils.405.2" in rule_ids(t.refuse(_develop("Witty Worm")))
    assert t.state()["position"] == before


def test_the_card_is_revealed_and_played_before_the_resource_enters_play(client):
    """605.1c then 605.1d: with [O][O] in play, the Worm is revealed (the event cites spoils.605.1c) and
    played for 1 before the Obsession's ResourcePlayed, and paid with a resource already in play."""
    t = new_game(client, position(stage="develop", hands={"alice": ["Witty Worm", "Obsession"]}, icons={"alice": "OO"}))
    t.act(_develop("Witty Worm"))
    kinds = [e["type"] for e in t.events()]
    revealed = next(e for e in t.events() if e["type"] == "CardsRevealed")
    assert revealed["data"]["rule"] == "spoils.605.1c"
    assert kinds.index("CardsRevealed") < kinds.index("CardPlayed") < kinds.index("ResourcePlayed")
    paid = next(e for e in t.events() if e["type"] == "ResourcesAttached")
    new = next(e for e in t.events() if e["type"] == "ResourcePlayed")["data"]["resource_id"]
    assert new not in paid["data"]["resources"]
