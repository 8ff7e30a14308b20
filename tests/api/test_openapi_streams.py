"""Issue 23, item 4: the contract of the two stream routes matches the streams.  Schemathesis reads
a real server's served contract (``/openapi.yaml``) and checks every Server-Sent Event of real
streams of a real game against it (each event's data a StreamBatch, the same StoredEvent items
as ``/games/{id}/events``): first the catch-up of a game of 25 batches on both routes, then cases
schemathesis generates for both routes (the game id set to the real game's, or to an unknown one,
the rest as generated).  Before, the contract said ``type: string`` and every event failed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.service.servers import TICK, Server, create_wowmini

BATCHES = 25  # more than schemathesis reads of one stream (20 events): every read ends at once


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    workdir: Path = tmp_path_factory.mktemp("streams-contract")
    server = Server(workdir, f"sqlite:///{workdir / 'games.sqlite'}", workers=1, threads=48,
                    extra_env={"ADJUDICATOR_STREAM_CAP": "40", "ADJUDICATOR_STREAM_HEARTBEAT": "1",
                               "ADJUDICATOR_REQUEST_LOG": "0"}).start()
    try:
        games = [create_wowmini(server.url) for _ in range(2)]
        for gid in games:
            for _ in range(BATCHES - 1):
                assert requests.post(f"{server.url}/games/{gid}/actions", json=TICK, timeout=30).status_code == 201
        yield server, games, schemathesis.openapi.from_url(f"{server.url}/openapi.yaml")
    finally:
        server.stop()


def _checked(case, base: str) -> int:
    """Calls the case, validates the answer with every check; returns how many SSE events it held."""
    with requests.Session() as session:  # closed at once: the server frees the stream at its next heartbeat
        response = case.call(base_url=base, timeout=(5, 10), session=session)
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
    if (response.headers.get("content-type") or [""])[0].startswith("text/event-stream"):
        return len(re.findall(rb"^data: ", response.content, flags=re.M))
    return 0


def test_every_event_of_both_stream_routes_matches_the_served_contract(served):
    server, games, schema = served
    single = schema["/games/{game_id}/stream"]["GET"]
    several = schema["/games/stream"]["GET"]
    sse = {"Accept": "text/event-stream"}
    seen = _checked(single.Case(path_parameters={"game_id": games[0]}, headers=sse), server.url)
    seen += _checked(single.Case(path_parameters={"game_id": games[0]}, query={"after": 3}, headers=sse), server.url)
    seen += _checked(several.Case(query={"game": games}, headers=sse), server.url)
    seen += _checked(several.Case(query={"game": [f"{games[0]}:20", games[1]]}, headers=sse), server.url)
    assert seen >= 60, f"only {seen} events were checked"


@pytest.mark.parametrize("path", ["/games/{game_id}/stream", "/games/stream"])
def test_generated_cases_on_the_stream_routes_meet_the_contract(served, path):
    server, games, schema = served
    operation = schema[path]["GET"]
    events: list[int] = []

    @settings(max_examples=25, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(), real=st.booleans())
    def run(case, real: bool) -> None:
        if real and case.path_parameters is not None and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = games[0]
        elif real:
            case.query = {**(case.query or {}), "game": [games[0]]}
        events.append(_checked(case, server.url))

    run()
    assert sum(events) > 0, "no generated case reached a real game's stream"
