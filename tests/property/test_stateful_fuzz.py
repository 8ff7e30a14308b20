"""Issue 16, must-show 5: Schemathesis's stateful phase over the served openapi.yaml, through the
Flask app's WSGI interface: chains of calls that follow the spec's links and the links schemathesis
infers (a created game's id into every operation on a game, a position into ``at``/``If-Match``),
with schema-valid and schema-invalid data.  No server error and no response that breaks the spec.

Bounded for CI: ``ADJUDICATOR_FUZZ_STATEFUL_EXAMPLES`` sequences (default 20) of at most 8 steps,
derandomised unless ``ADJUDICATOR_FUZZ_RANDOM=1``.  ``positive_data_acceptance`` is left out as in
tests/api/test_fuzz.py: the rules refuse schema-valid but illegal actions (422) by design."""
from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import create_app

EXAMPLES = int(os.environ.get("ADJUDICATOR_FUZZ_STATEFUL_EXAMPLES", "20"))
RANDOM = os.environ.get("ADJUDICATOR_FUZZ_RANDOM", "") == "1"

schemathesis.serializer.alias("application/x-ndjson", "text/plain")
APP = create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0"})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP).exclude(path_regex=r"/stream$")
SEEN: set[str] = set()


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    def validate_response(self, response, case, additional_checks=(), **kwargs) -> None:
        SEEN.add(case.operation.label)
        case.validate_response(response, excluded_checks=[positive_data_acceptance])


def test_stateful_sequences_give_no_server_error():
    Workflow.run(settings=settings(max_examples=EXAMPLES, stateful_step_count=8, deadline=None, database=None,
                                   derandomize=not RANDOM, suppress_health_check=list(HealthCheck)))
    assert any(label.startswith("POST /games") for label in SEEN), SEEN
    assert len(SEEN) >= 10, SEEN  # the links carry the sequences past the creation (15 of 24 operations)
