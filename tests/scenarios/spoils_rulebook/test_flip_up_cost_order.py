"""The extra costs of a FLIP UP come right before the card's own extra costs (507.4c), through the API
with Foment ("COST: Pick a resource you control. EFFECT: Put the resource into your hand. Draw a card.
FLIP UP: 1 [O][O] and play a resource."), face down among alice's resources."""
from __future__ import annotations

from tests.scenarios.spoils.positions import face_down
from tests.scenarios.spoils_rulebook.rulebook import types
from tests.scenarios.spoils_table import client, needs_data, new_game, play_card, position  # noqa: F401

pytestmark = needs_data


def _foment(client):
    setup = position(icons={"alice": "OO"}, hands={"alice": ["Obsession"]}, decks={"alice": ["Rage", "Greed"]})
    return new_game(client, face_down(setup, "alice", **{"alice.r9": "Foment"}))


def _flip_up(*targets: str) -> dict:
    return play_card("Foment", *targets, flip_up=True, resource={"card": "Obsession", "face_up": True})


def test_the_resource_played_for_flip_up_is_there_before_the_cards_own_costs(client):
    """spoils.507.4c: playing the Obsession (FLIP UP's extra cost) happens first, so the Obsession is
    already a resource alice controls when Foment's own cost picks one: she picks it, and when Foment
    resolves the Obsession goes back to her hand."""
    t = _foment(client)
    t.act(_flip_up("r1"))
    kinds = types(t.last)
    assert kinds.index("ResourcePlayed") < kinds.index("CardPlayed"), "spoils.507.4c"
    played = next(e["data"] for e in t.last["events"] if e["type"] == "ResourcePlayed")
    assert (played["resource_id"], played["name"]) == ("r1", "Obsession")
    t.act({"type": "pass", "player": "bob"})
    alice = t.state()["players"]["alice"]
    assert "r1" not in alice["resources"] and alice["hand_cards"] == ["Obsession"], "spoils.507.4c"


def test_an_older_resource_may_still_be_picked(client):
    """spoils.507.4c: the order only adds the new resource to what may be picked; picking alice's first
    Obsession returns that one, and the one just played stays in play."""
    t = _foment(client)
    t.resolve("alice", "bob", _flip_up("alice.r1"))
    resources = t.state()["players"]["alice"]["resources"]
    assert "alice.r1" not in resources and resources["r1"]["name"] == "Obsession", "spoils.507.4c"
