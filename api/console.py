"""/console: the judge console, a static page over the public HTTP API.

Plain HTML, CSS and a little JavaScript under ``api/static/console/`` (served by Flask's own
``/static`` route), no build step.  The page only calls the documented endpoints, so it doubles as
an example for third-party developers.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, send_from_directory

STATIC = Path(__file__).resolve().parent / "static" / "console"

bp = Blueprint("console", __name__)

# The page loads only its own files and talks only to this service: no inline script, no framing
# (clickjacking), no plug-ins, forms and <base> pinned to this origin.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@bp.get("/console")
def console_page():
    resp = send_from_directory(STATIC, "index.html", mimetype="text/html", max_age=0)
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers.update(SECURITY_HEADERS)
    return resp


def register(app: Flask) -> None:
    app.register_blueprint(bp)
