"""The streaming server: gunicorn with gevent workers, for the long-lived stream routes.

A threaded worker (gunicorn's ``gthread``, the API's default) gives each open stream a thread for
as long as the stream lasts, so a few idle streams would take the threads that appends need.
``adjudicator serve --stream-port 8001`` therefore starts this second server beside the API: the
same app, but each connection is a greenlet (a few tens of kB), so a worker holds about a thousand
idle streams (``--stream-cap``, default 1000 per worker; past it 503 ``streams-full``).  A proxy
sends ``/games/*/stream`` and ``/games/stream`` there (docs/deployment.md).

gevent must patch the process before anything else is imported (psycopg picks its way of waiting
on a socket when it is first imported, and a blocking wait would stall every stream of a worker),
and importing any module of ``api`` imports the store: hence the launcher ``LAUNCH`` patches first.
Run alone: ``python -c "from gevent import monkey; monkey.patch_all(); from api.stream.server import main;
main()" --port 8001 [--workers 1] [--cap 1000]``, or simply ``adjudicator serve --stream-port 8001``.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

DEFAULT_CAP = 1000
LAUNCH = "from gevent import monkey; monkey.patch_all(); from api.stream.server import main; main()"


def raise_file_limit() -> int:
    """Lifts the soft limit of open files to the hard one (each stream is a socket).  Returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            return target
        except (ValueError, OSError):
            pass
    return soft


def run(host: str, port: int, workers: int, cap: int) -> None:
    """Serves the app with gevent workers until stopped (blocks).  Raises ImportError without
    gevent."""
    from gevent import monkey
    from gunicorn.app.base import BaseApplication

    if not monkey.is_module_patched("socket"):
        raise RuntimeError(f"start the streaming server through its launcher: python -c {LAUNCH!r}")

    raise_file_limit()

    class StreamServer(BaseApplication):
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "gevent")
            self.cfg.set("worker_connections", cap + 100)  # the streams and the odd ordinary request
            self.cfg.set("accesslog", None)
            self.cfg.set("timeout", 120)
            self.cfg.set("graceful_timeout", 5)
            if "control_socket_disable" in self.cfg.settings:  # gunicorn >= 24: the API's master owns it
                self.cfg.set("control_socket_disable", True)

        def load(self):
            # In each worker, after gevent has patched it: its own app, hub and store connection.
            from api import create_app
            from rulings.catalog import catalog

            app = create_app({"STREAM_CAP": cap})
            catalog()
            return app

    StreamServer().run()


def start_beside(host: str, port: int | None, workers: int, threads: int, cap: int | None) -> subprocess.Popen | None:
    """For ``adjudicator serve``: caps the threaded API workers' streams at half their threads,
    and starts the streaming server on ``port`` (if given) as a child process."""
    os.environ.setdefault("ADJUDICATOR_STREAM_CAP", str(threads // 2))
    if not port:
        return None
    cmd = [sys.executable, "-c", LAUNCH, "--host", host, "--port", str(port),
           "--workers", str(workers), "--cap", str(cap or DEFAULT_CAP)]
    return subprocess.Popen(cmd)


def stop(proc: subprocess.Popen | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="adjudicator-streams", description=__doc__.split("\n")[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8001)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--cap", type=int, default=int(os.environ.get("ADJUDICATOR_STREAM_SERVER_CAP", DEFAULT_CAP)),
                   help="streams per worker (503 past it)")
    args = p.parse_args(argv)
    print(f"adjudicator: streaming on http://{args.host}:{args.port} ({args.workers} gevent worker(s), "
          f"{args.cap} streams each)", file=sys.stderr, flush=True)
    run(args.host, args.port, args.workers, args.cap)


if __name__ == "__main__":
    main()
