"""`adjudicator serve` starts the real server (gunicorn) on the SQLite default and answers."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_on_localhost_with_the_sqlite_default(tmp_path):
    port = free_port()
    env = {**os.environ}
    env.pop("ADJUDICATOR_DATABASE_URL", None)
    env.pop("ADJUDICATOR_HOME", None)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.Popen(
        [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(port), "--workers", "2"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        deadline = time.time() + 90
        while True:
            try:
                r = requests.get(f"http://127.0.0.1:{port}/health", timeout=15)
                break
            except requests.RequestException:  # refused, or accepted but not answered yet (a worker still loading)
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.time() < deadline, "the server did not answer within 90 s"
                time.sleep(0.2)
        assert r.status_code == 200 and r.json()["status"] == "ok"
        created = requests.post(f"http://127.0.0.1:{port}/games",
                                json={"game": "buffy", "players": [{"id": "a"}, {"id": "b"}]}, timeout=5)
        assert created.status_code == 201
        assert (tmp_path / "data" / "adjudicator" / "adjudicator.sqlite").exists()  # per user, not per directory
        assert not (tmp_path / "var").exists()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
