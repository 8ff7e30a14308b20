"""Schemathesis' stateful phase over the served spec: sequences that create a game and follow the
spec's links (POST /games -> its state, actions, legal actions, check, events, audit, export,
rulings) with every check schemathesis has, through the Flask app's WSGI interface.  No server
error, no response that breaks the spec, no schema warning.

Left out, as in tests/api/test_fuzz.py: ``positive_data_acceptance``, which expects every
schema-valid request to be accepted, while the rules refuse schema-valid but illegal actions and
setups (422) by design.  Bounded for CI by ``ADJUDICATOR_FUZZ_STEPS`` sequences (default 25).
"""
from __future__ import annotations

import os
import warnings

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import create_app

STEPS = int(os.environ.get("ADJUDICATOR_FUZZ_STEPS", "25"))
RANDOM = os.environ.get("ADJUDICATOR_FUZZ_RANDOM", "") == "1"

schemathesis.serializer.alias("application/x-ndjson", "text/plain")

APP = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
with warnings.catch_warnings():
    warnings.simplefilter("error")  # a schema warning (an unresolvable link, say) fails the module
    schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP)
schema = schema.exclude(path_regex=r"/stream$")  # a live stream never ends: no response to check

Machine = schema.as_state_machine()
CALLS: dict[str, int] = {}


class Stateful(Machine):  # type: ignore[misc,valid-type]
    def validate_response(self, response, case, **kwargs):
        CALLS[case.operation.label] = CALLS.get(case.operation.label, 0) + 1
        case.validate_response(response, excluded_checks=[positive_data_acceptance])


def test_the_spec_links_a_created_game_to_what_follows_it():
    links = schema.raw_schema["paths"]["/games"]["post"]["responses"]["201"]["links"]
    assert {"GetState", "AppendAction", "LegalActions", "CheckAction", "ListEvents", "AuditGame"} <= set(links)


def test_stateful_sequences_break_neither_the_service_nor_the_spec(record_property):
    Stateful.run(settings=settings(max_examples=STEPS, stateful_step_count=6, deadline=None, database=None,
                                   derandomize=not RANDOM, suppress_health_check=list(HealthCheck)))
    followed = {label for label in CALLS if label != "POST /games"}
    record_property("fuzz_requests", sum(CALLS.values()))
    record_property("fuzz_operation", "stateful")
    assert CALLS.get("POST /games") and followed, CALLS  # games were created and followed by links
