"""The README's game through the Python client openapi-python-client generates from the served
spec, with its typed models: create the Buffy position, start the fight with If-Match, ask the
legal actions (with their templates), dry-run a pass, read the state at 1.

Usage: python scripts/clients/readme_game.py BASE_URL CLIENT_DIR  (CLIENT_DIR holds the generated
package, generated with ``--meta none`` into a folder named ``adjudicator_client``).  Prints one
line per step; exits non-zero when an answer is not the one the README shows.
"""
from __future__ import annotations

import sys


def main(base: str, client_dir: str) -> None:
    sys.path.insert(0, client_dir)
    from adjudicator_client import Client
    from adjudicator_client.api.games import append_action, check_action, create_game, get_state, legal_actions
    from adjudicator_client.models import (Appended, BuffyPass, BuffySetup, BuffyStartFight, BuffyState,
                                           CheckActionBody, CreateBuffyGame, CreateBuffyGameGame,
                                           CreateBuffyGamePlayersItem, Created, Verdict)

    client = Client(base_url=base, raise_on_unexpected_status=True)
    setup = BuffySetup.from_dict({"step": "conflict", "characters": {
        "spike": {"owner": "p1", "name": "Spike", "main": True, "location": "p1.2",
                  "talents": {"butt_kicking": 3, "smarts": 1, "weirdness": 2, "charm": 2}, "traits": ["VAMPIRE"]},
        "buffy": {"owner": "p2", "name": "Buffy Summers", "main": True, "location": "p1.2",
                  "talents": {"butt_kicking": 3, "smarts": 0, "weirdness": 2, "charm": 2}}}})
    body = CreateBuffyGame(game=CreateBuffyGameGame.BUFFY, first_player="p1", setup=setup,
                           players=[CreateBuffyGamePlayersItem.from_dict({"id": "p1"}),
                                    CreateBuffyGamePlayersItem.from_dict({"id": "p2"})])
    created = create_game.sync(client=client, body=body)
    assert isinstance(created, Created) and created.game == "buffy" and created.position == 1, created
    print(f"created {created.id} at position {created.position}")

    fight = BuffyStartFight(player="p1", type_="start_fight", attacker="spike", defender="buffy")
    appended = append_action.sync(created.id, client=client, body=fight, if_match='"1"')
    assert isinstance(appended, Appended), appended
    assert isinstance(appended.state, BuffyState), type(appended.state)
    assert appended.state.phase is not None and appended.events[0].type_ == "FightStarted", appended
    print(f"appended start_fight: position {appended.position}, events {[e.type_ for e in appended.events]}")

    legal = legal_actions.sync(created.id, client=client, player="p1")
    kinds = [t.type_ for t in legal.templates]
    assert legal.position == appended.position and kinds, legal
    print(f"legal actions of p1: {kinds}")

    verdict = check_action.sync(created.id, client=client,
                                body=CheckActionBody(action=BuffyPass(player="p2", type_="pass")))
    assert isinstance(verdict, Verdict) and verdict.legal in (True, False) and verdict.because, verdict
    print(f"check pass by p2: legal={verdict.legal}, rules {[t.rule.id for t in verdict.because][:3]}")

    first = get_state.sync(created.id, client=client, at=1)
    assert isinstance(first, BuffyState) and first.position == 1 and first.phase is None, first
    print(f"state at 1: step {first.step}, {len(first.characters.additional_properties)} characters")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
