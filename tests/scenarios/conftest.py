"""The record of the cards the Spoils scenario tests saw act (``spoils_exercised``): a test's record is kept
only when it passed, and written (as each test passes, and at the session's end) when ``SPOILS_EXERCISED_DIR``
names a directory."""
from __future__ import annotations

import os

import pytest

from tests.scenarios import spoils_exercised


def pytest_runtest_setup(item: pytest.Item) -> None:
    spoils_exercised.SEEN.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.passed:
        spoils_exercised.PASSED.update(spoils_exercised.SEEN)
        directory = os.environ.get("SPOILS_EXERCISED_DIR")
        if directory and spoils_exercised.SEEN:  # as each test passes: a run cut short keeps what it saw
            spoils_exercised.write_session(directory, os.environ.get("PYTEST_XDIST_WORKER", "main"))
    if report.when == "teardown":
        spoils_exercised.SEEN.clear()


def pytest_sessionfinish(session: pytest.Session) -> None:
    directory = os.environ.get("SPOILS_EXERCISED_DIR")
    if directory:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        spoils_exercised.write_session(directory, worker)
