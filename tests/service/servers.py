"""Real servers for the service tests: ``adjudicator serve`` (gunicorn) in a subprocess on a free
port, and a client that appends with If-Match, retrying on 409 at the position the 409 names."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[2]

# An action that is legal at every position of a WoW Miniatures game: the judge moves the timeline
# on.  Its event carries the running time, so the log shows the order the appends won.
TICK = {"type": "advance_time", "player": "p1", "ticks": 1}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    """The direct children of a process (gunicorn's workers), from /proc."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@dataclass
class Server:
    """``adjudicator serve`` on a free port, with its output in a log file."""

    workdir: Path
    database_url: str
    workers: int = 2
    threads: int = 4
    extra_env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.workdir / f"server-{self.port}.log"

    def start(self, timeout: float = 45) -> "Server":
        self.port = free_port()
        env = {**os.environ, "ADJUDICATOR_DATABASE_URL": self.database_url, **self.extra_env}
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
        self.workdir.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(self.port),
             "--workers", str(self.workers), "--threads", str(self.threads)],
            cwd=self.workdir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        deadline = time.time() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            assert self.proc.poll() is None, f"the server exited:\n{self.output()}"
            assert time.time() < deadline, f"the server did not answer within {timeout} s:\n{self.output()}"
            time.sleep(0.1)

    def output(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-5000:]
        except OSError:
            return ""

    def request_log(self) -> list[dict[str, Any]]:
        """The request lines of the server's log (the app's other JSON log lines left out)."""
        lines = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    doc = json.loads(line)
                except ValueError:
                    continue
                if "status" in doc and "method" in doc:
                    lines.append(doc)
        return lines

    def kill(self) -> list[int]:
        """SIGKILL the gunicorn master and every worker at once; returns the pids killed, after
        checking that none survives."""
        assert self.proc is not None
        pids = [self.proc.pid, *children(self.proc.pid)]
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        deadline = time.time() + 10
        while any(alive(p) for p in pids):
            assert time.time() < deadline, f"still alive after SIGKILL: {[p for p in pids if alive(p)]}"
            time.sleep(0.05)
        self.proc = None
        return pids

    def stop(self) -> None:
        """A test's clean-up, once everything is checked: SIGKILL to the server's process group (the
        master, its workers, the streaming server and its workers).  A SIGTERM there waited out
        gunicorn's graceful timeout (5 s) for each stream still open, and nothing is checked after."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)
        self.proc = None


def create_wowmini(base: str, headers: dict[str, str] | None = None) -> str:
    r = requests.post(f"{base}/games", json={"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]},
                      headers=headers, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["id"]


@dataclass
class Appender:
    """Appends ``TICK`` with If-Match, retrying a 409 at the position it names, and keeps every
    answer: the acknowledged positions (201), the conflicts, and anything 5xx."""

    bases: list[str]
    game: str
    acknowledged: dict[int, dict[str, Any]] = field(default_factory=dict)
    conflicts: int = 0
    server_errors: list[tuple[int, str]] = field(default_factory=list)
    other: list[tuple[int, str]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def position(self, session: requests.Session, base: str) -> int:
        r = session.get(f"{base}/games/{self.game}", timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["position"]

    def append_one(self, session: requests.Session, base: str, seen: int, key: str | None = None) -> tuple[int, int]:
        """One append at ``seen``; returns (status, the position to try next)."""
        headers = {"If-Match": f'"{seen}"'}
        if key:
            headers["Idempotency-Key"] = key
        r = session.post(f"{base}/games/{self.game}/actions", json=TICK, headers=headers, timeout=30)
        with self.lock:
            if r.status_code == 201:
                body = r.json()
                self.acknowledged[body["position"]] = body["events"][-1]
                return 201, body["position"]
            if r.status_code == 409:
                self.conflicts += 1
                return 409, r.json()["position"]
            if r.status_code >= 500:
                self.server_errors.append((r.status_code, r.text[:300]))
            else:
                self.other.append((r.status_code, r.text[:300]))
        return r.status_code, self.position(session, base)

    def run(self, worker: int, appends: int) -> None:
        try:
            self._run(worker, appends)
        except Exception as exc:  # noqa: BLE001 - the test reports it
            with self.lock:
                self.failures.append(f"thread {worker}: {type(exc).__name__}: {exc}")

    def _run(self, worker: int, appends: int) -> None:
        base = self.bases[worker % len(self.bases)]
        with requests.Session() as session:
            seen = self.position(session, base)
            done = 0
            tries = 0
            while done < appends:
                tries += 1
                assert tries < appends * 60, "too many conflicts"
                status, seen = self.append_one(session, base, seen)
                done += status == 201

    def run_threads(self, threads: int, appends: int) -> float:
        started = time.perf_counter()
        pool = [threading.Thread(target=self.run, args=(i, appends)) for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        return time.perf_counter() - started


def new_key() -> str:
    return str(uuid.uuid4())
