"""What gunicorn refuses before the app sees a request, answered as problem+json like every other
error: a request line longer than LIMIT_REQUEST_LINE bytes (414), headers past their limits (431),
a request that is not HTTP (400).  gunicorn writes those answers itself with ``util.write_error``
(an HTML page); ``install`` replaces that function in the serving process, so every worker forked
from it answers with the same ``type``/``title``/``status``/``detail`` document ``api.errors``
writes, and the limits themselves stay gunicorn's (bounded reads, nothing buffered past them).

``port_in_use`` lets ``serve`` say in one line that its port is taken, before gunicorn would retry
the bind five times and log each failure.
"""
from __future__ import annotations

import errno
import json
import socket
from typing import Any

from api.errors import PROBLEMS

LIMIT_REQUEST_LINE = 8190  # gunicorn's largest bounded value (its default is 4094)
LIMIT_REQUEST_FIELD_SIZE = 8190  # one header line
_SLUGS = {400: "http-error", 403: "forbidden", 414: "uri-too-long", 431: "headers-too-large",
          500: "server-error", 501: "http-error"}
_DETAILS = {
    414: f"the request line (method, path and query) is longer than {LIMIT_REQUEST_LINE} bytes; "
         "send long inputs in a request body",
    431: f"the request's headers are larger than the server reads ({LIMIT_REQUEST_FIELD_SIZE} bytes a header line, "
         "100 headers)",
}


def problem_bytes(status: int, reason: str, message: str) -> bytes:
    """The whole HTTP answer gunicorn sends for a request it refused, as problem+json."""
    detail = _DETAILS.get(status, "")
    if message:
        detail = f"{detail} ({message})" if detail else message
    slug = _SLUGS.get(status, "http-error")
    title = PROBLEMS[slug][1] if PROBLEMS[slug][0] == status else reason
    body: dict[str, Any] = {"type": f"/problems/{slug}", "title": title, "status": status, "detail": detail or reason}
    payload = json.dumps(body).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n")
    return head.encode("latin-1") + payload


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, answering problem+json instead of an HTML page."""
    from gunicorn import util

    util.write_nonblock(sock, problem_bytes(status_int, reason, mesg))


def install() -> None:
    """Makes gunicorn's own refusals problem+json in this process (and the workers it forks)."""
    from gunicorn import util

    util.write_error = write_problem


def configure(cfg: Any) -> None:
    """The request limits ``serve`` gives gunicorn."""
    cfg.set("limit_request_line", LIMIT_REQUEST_LINE)
    cfg.set("limit_request_field_size", LIMIT_REQUEST_FIELD_SIZE)


def port_in_use(host: str, port: int) -> bool:
    """Whether another process already listens on ``host:port`` (a bind as gunicorn's would fail)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds: TIME_WAIT is no obstacle
        try:
            probe.bind((host, port))
        except OSError as exc:
            return exc.errno == errno.EADDRINUSE
    return False
