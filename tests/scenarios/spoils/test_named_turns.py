"""A real deck pair plays three full turns through the API by card names alone (no inline card
descriptions): the Gearsmith and Warlord 1st Edition precons, built from their .o8d files, with the
printings in force as of 2012-12-31 (spoils.105.1).  The audit re-decides the whole log at the end."""
from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "spoils-octgn"
GEARSMITH = DATA / "decks" / "Precon -1st Edition- Gearsmith.o8d"
WARLORD = DATA / "decks" / "Precon -1st Edition- Warlord.o8d"
pytestmark = pytest.mark.skipif(not GEARSMITH.exists(), reason="the shared OCTGN data is not present")


class Table:
    def __init__(self, client, gid: str):
        self.client, self.gid = client, gid
        self.actions = 0

    def act(self, action: dict) -> list[str]:
        card = action.get("card")
        assert card is None or isinstance(card, str), "names only: no inline card descriptions"
        r = self.client.post(f"/games/{self.gid}/actions", json=action)
        assert r.status_code == 201, (action, r.get_json())
        self.actions += 1
        return [e["type"] for e in r.get_json()["events"]]

    def state(self) -> dict:
        return self.client.get(f"/games/{self.gid}/state").get_json()

    def in_play(self, name: str, controller: str) -> str:
        return next(cid for cid, c in self.state()["cards"].items() if c["name"] == name and c["controller"] == controller)

    def end_turn(self, active: str, other: str) -> list[str]:
        self.act({"type": "end_turn", "player": active})
        return self.act({"type": "pass", "player": other})      # nobody responds to the end of turn


def test_a_real_deck_pair_plays_three_full_turns_by_names_alone(spoils_cards):
    from api import create_app

    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    app.extensions["cards"] = spoils_cards
    client = app.test_client()
    r = client.post("/games", json={"game": "spoils", "first_player": "alice", "cards_as_of": "2012-12-31",
                                    "players": [{"id": "alice", "deck": GEARSMITH.read_text(encoding="utf-8-sig")},
                                                {"id": "bob", "deck": WARLORD.read_text(encoding="utf-8-sig")}]})
    assert r.status_code == 201, r.get_json()
    t = Table(client, r.get_json()["id"])
    t.act({"type": "mulligan", "player": "alice", "count": 0})
    t.act({"type": "mulligan", "player": "bob", "count": 0})

    # Turn 1, alice (Gearsmith): a third Elitism, then Research Assistant (2, EE).
    t.act({"type": "develop", "player": "alice", "choice": "resource", "resource": {"card": "Elitism", "face_up": True}})
    t.act({"type": "play_card", "player": "alice", "card": "Research Assistant"})
    assert t.act({"type": "pass", "player": "bob"})[-1] == "CardEnteredPlay"
    assistant = t.in_play("Research Assistant", "alice")
    assert t.state()["cards"][assistant]["strength"] == 1
    t.end_turn("alice", "bob")

    # Turn 2, bob (Warlord): a Rage, then Sleeping Guard (2, R, 1/1), which gains 1 strength and 1 life
    # while the opponent controls a character (its script, enforced: spoils.504.1).
    assert t.state()["active_player"] == "bob"
    t.act({"type": "develop", "player": "bob", "choice": "resource", "resource": {"card": "Rage", "face_up": True}})
    t.act({"type": "play_card", "player": "bob", "card": "Sleeping Guard"})
    t.act({"type": "pass", "player": "alice"})
    guard = t.in_play("Sleeping Guard", "bob")
    assert t.state()["cards"][guard]["script"]["text_sha"]
    effective = t.state()["cards"][guard]["effective"]
    assert (effective["strength"], effective["life"]) == (2, 2)      # alice controls Research Assistant
    t.end_turn("bob", "alice")

    # Turn 3, alice: draws a named card, attacks bob's faction with Research Assistant; bob does not block.
    assert t.state()["active_player"] == "alice" and t.state()["turn"] == 3
    t.act({"type": "develop", "player": "alice", "choice": "draw", "cards": ["TigerKaiser"]})
    t.act({"type": "attack", "player": "alice", "attackers": [assistant]})
    while t.state()["battle"] is not None:
        s = t.state()
        who = s["to_act"]
        legal = [a["action"]["type"] for a in client.get(f"/games/{t.gid}/legal-actions", query_string={"player": who}).get_json()["actions"]]
        t.act({"type": "block", "player": who, "blockers": []} if "block" in legal else {"type": "pass", "player": who})
    bob = t.state()["players"]["bob"]["faction"]
    assert bob["influence"] == bob["starting_influence"] - 1     # 1 battle damage to the faction (408.3)
    assert guard in t.state()["cards"]
    t.end_turn("alice", "bob")
    assert t.state()["turn"] == 4 and t.state()["active_player"] == "bob"

    audit = client.get(f"/games/{t.gid}/audit").get_json()
    assert audit["valid"] is True and audit["checked"] == t.actions and not audit["violations"]
    app.extensions["games"].close()
