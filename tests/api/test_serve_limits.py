"""Issue 23, item 7 (serving): what gunicorn refuses before the app sees a request (a request line
or headers past its limits) is problem+json like every other error, an oversize body too; and
``serve`` on a port that is taken says so in one line and exits, instead of announcing itself and
then logging ten bind errors."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import requests

from tests.api.test_serve import ROOT, free_port

PROBLEM = "application/problem+json"


def serve_command(port: int) -> list[str]:
    return [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(port), "--workers", "1"]


def environment(tmp_path) -> dict[str, str]:
    env = {**os.environ, "ADJUDICATOR_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite'}",
           "ADJUDICATOR_CARDS_DIR": str(tmp_path / "cards")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("serve")
    port = free_port()
    proc = subprocess.Popen(serve_command(port), cwd=tmp_path, env=environment(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                requests.get(f"{base}/health", timeout=15)
                break
            except requests.RequestException:
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.time() < deadline, "the server did not answer within 90 s"
                time.sleep(0.2)
        yield base
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)


def assert_problem(r: requests.Response, status: int) -> dict:
    assert r.status_code == status, r.text[:300]
    assert r.headers["Content-Type"].startswith(PROBLEM), (r.headers, r.text[:300])
    body = r.json()
    assert body["status"] == status and body["type"].startswith("/problems/") and body["detail"]
    return body


def test_a_url_past_the_request_line_limit_is_a_414_problem(server):
    r = requests.get(f"{server}/games?q={'x' * 10_000}", timeout=10)
    assert "8190" in assert_problem(r, 414)["detail"]


def test_a_url_of_6_kb_is_read_by_the_app(server):
    r = requests.get(f"{server}/rules?q={'x' * 6_000}", timeout=10)
    assert r.status_code == 200, r.text[:300]


def test_headers_past_the_limit_are_a_431_problem(server):
    r = requests.get(f"{server}/health", headers={"X-Big": "x" * 10_000}, timeout=10)
    assert_problem(r, 431)


def test_an_oversize_body_is_a_413_problem(server):
    r = requests.post(f"{server}/games", data=b"{" + b" " * 2_000_000 + b"}",
                      headers={"Content-Type": "application/json"}, timeout=20)
    assert_problem(r, 413)


def test_serve_on_a_port_in_use_says_so_in_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.time()
        done = subprocess.run(serve_command(port), cwd=tmp_path, env=environment(tmp_path), capture_output=True,
                              text=True, timeout=60)
    assert done.returncode != 0
    assert time.time() - started < 15
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert f"{port}" in lines[0] and "in use" in lines[0] and "serving on" not in lines[0]
