"""A game of The Spoils from two decks through the Python client openapi-python-client generates
from the served spec, with its typed models: create the game from plain-text deck lists, keep both
hands, play Elitism face up, play Micromajig Maker by name with ``SpoilsPlayCard`` (its own model,
``type_`` a constant), build a ``SpoilsPlayTactic`` beside it, let bob pass so the card resolves,
and read the state and the readable record.

Usage: python scripts/clients/spoils_game.py BASE_URL CLIENT_DIR DECKS_DIR  (CLIENT_DIR holds the
generated package ``adjudicator_client``; DECKS_DIR the two deck lists, docs/decks).  The server's
card catalog must hold The Spoils' sets.  Prints one line per step; exits non-zero when an answer is
not the expected one.
"""
from __future__ import annotations

import datetime
import sys
from pathlib import Path


def main(base: str, client_dir: str, decks_dir: str) -> None:
    sys.path.insert(0, client_dir)
    from adjudicator_client import Client
    from adjudicator_client.api.games import append_action, check_action, create_game, export_game, get_state
    from adjudicator_client.models import (Appended, CheckActionBody, CreateSpoilsGame, CreateSpoilsGameGame,
                                           CreateSpoilsGamePlayersItem, Created, ExportGameFormat, SpoilsMulligan,
                                           SpoilsPass,
                                           SpoilsPlayCard, SpoilsPlayResource, SpoilsPlayTactic, SpoilsState,
                                           Verdict)

    client = Client(base_url=base, raise_on_unexpected_status=True)
    decks = Path(decks_dir)
    players = [CreateSpoilsGamePlayersItem.from_dict({"id": pid, "deck": (decks / f"{deck}-starter.txt").read_text()})
               for pid, deck in (("alice", "gearsmith"), ("bob", "rogue"))]
    body = CreateSpoilsGame(game=CreateSpoilsGameGame.SPOILS, players=players, first_player="alice",
                            cards_as_of=datetime.date(2016, 12, 31))
    created = create_game.sync(client=client, body=body)
    assert isinstance(created, Created) and created.game == "spoils" and created.position == 1, created
    print(f"created {created.id} from two deck lists")

    def act(action) -> Appended:
        appended = append_action.sync(created.id, client=client, body=action)
        assert isinstance(appended, Appended), appended
        print(f"{action.type_}: position {appended.position}, events {[e.type_ for e in appended.events]}")
        return appended

    act(SpoilsMulligan(player="alice", type_="mulligan", count=0))
    act(SpoilsMulligan(player="bob", type_="mulligan", count=0))
    act(SpoilsPlayResource(player="alice", type_="play_resource", card="Elitism", face_up=True))
    tactic = SpoilsPlayTactic(player="alice", type_="play_tactic", card="Micromajig Maker")
    assert tactic.to_dict()["type"] == "play_tactic", tactic.to_dict()
    verdict = check_action.sync(created.id, client=client, body=CheckActionBody(action=tactic))
    assert isinstance(verdict, Verdict) and verdict.legal is False and verdict.violations, verdict
    print(f"check play_tactic of a character: legal={verdict.legal}, rules {[v.rule.id for v in verdict.violations]}")
    played = act(SpoilsPlayCard(player="alice", type_="play_card", card="Micromajig Maker"))
    assert played.events[0].type_ == "CardPlayed", played.events
    act(SpoilsPass(player="bob", type_="pass"))

    state = get_state.sync(created.id, client=client)
    assert isinstance(state, SpoilsState), type(state)
    in_play = {c.name for c in state.cards.additional_properties.values()}
    assert "Micromajig Maker" in in_play, in_play
    print(f"state at {state.position}: in play {sorted(in_play)}")
    record = export_game.sync_detailed(created.id, client=client, format_=ExportGameFormat.TEXT).content.decode()
    assert "alice    play card: card Micromajig Maker" in record, record
    print(f"record: {len(record.splitlines())} lines, {record.splitlines()[-1]}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
