"""Headless Chromium (Debian's package, /usr/bin/chromium) driven by Playwright against a real
server this session starts: the Flask app in a thread behind werkzeug's ``make_server``.

Never ``playwright install``: the browser comes from ``scripts/install-browser`` (apt).  Without
Chromium or the ``playwright`` package the tests skip saying why; under CI=true they fail instead.
Screenshots go to tests/artifacts/ (gitignored); ``UPDATE_SCREENSHOTS=1`` also rewrites the ones
the README shows, in docs/screenshots/.
"""
from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from tests.conftest import IN_CI, ROOT

CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "tests" / "artifacts"
DOCS_SHOTS = ROOT / "docs" / "screenshots"
TIMEOUT_MS = 30_000  # a Spoils legal-actions read after a backup can take seconds while the other worker is busy


def _browser_problem() -> str | None:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (f"no Chromium at {CHROMIUM}: run scripts/install-browser as root "
                f"(apt-get install chromium chromium-driver)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: python3 -m pip install -e '.[test]'"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    problem = _browser_problem()
    if problem:
        if IN_CI:
            pytest.fail(f"CI must run the browser tests, but {problem}")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


class Server:
    """The app on a free localhost port, in a thread; ``url`` is its root."""

    def __init__(self, config: dict[str, Any] | None = None):
        from werkzeug.serving import make_server

        from api import create_app

        self.app = create_app({"DATABASE_URL": "memory://", "TESTING": True, **(config or {})})
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def post(self, path: str, body: dict[str, Any], **kw: Any) -> dict[str, Any]:
        r = requests.post(self.url + path, json=body, timeout=10, **kw)
        assert r.status_code == 201, (path, body, r.text)
        return r.json()

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)
        self.app.extensions["games"].close()


@pytest.fixture(scope="module")
def server(browser) -> Iterator[Server]:
    srv = Server()
    yield srv
    srv.close()


@pytest.fixture
def page(browser, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    from playwright.sync_api import expect  # the browser's package is imported only once a browser runs

    expect.set_options(timeout=TIMEOUT_MS)  # assertions wait as long as actions (a loaded 2-core CI machine)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        shot(pg, f"FAILED-{request.node.name}")
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def shot(page: Any, name: str, *, selector: str | None = None, docs: bool = False) -> Path:
    """A screenshot in tests/artifacts/ (and, with UPDATE_SCREENSHOTS=1 and docs=True, in docs/)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    target = page.locator(selector) if selector else page
    if selector:
        target.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    if docs and os.environ.get("UPDATE_SCREENSHOTS"):
        DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOCS_SHOTS / f"{name}.png")
    return path
