"""The served contract: /openapi.yaml, a readable /docs page, and /health."""
from __future__ import annotations

from html import escape
from pathlib import Path

from flask import Blueprint, Response, request

from api.current import service

bp = Blueprint("docs", __name__)


def spec_text() -> str:
    """The OpenAPI document as YAML (generated once per process, see api.spec)."""
    from api.spec import text

    return text()


def spec() -> dict:
    from api.spec import build

    return build()


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(spec_text(), mimetype="application/yaml")


@bp.get("/health")
def health():
    from events.service.health import health as store_health
    from events.service.postgres import store_timeout

    report = store_health(service())  # one read of the store; what is wrong, in one line
    if report["status"] == "ok":
        return report
    return report, 503, {"Retry-After": str(store_timeout())}


@bp.get("/problems/<problem_type>")
def problem_page(problem_type: str):
    """The page a problem's ``type`` URI resolves to: what the problem means and what to do."""
    from api.errors import PROBLEMS, Problem, problem_uri

    if problem_type not in PROBLEMS:
        raise Problem(404, "not-found", "No such problem type",
                      f"{problem_type!r} is not a problem type; they are: {', '.join(PROBLEMS)}")
    status, title, description = PROBLEMS[problem_type]
    doc = {"type": problem_uri(problem_type), "status": status, "title": title, "description": description}
    best = request.accept_mimetypes.best_match(["text/html", "application/json"], default="text/html")
    if best == "application/json":
        return doc
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{{font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;line-height:1.5}}</style>
</head><body><p><code>{escape(doc['type'])}</code> · HTTP {status}</p><h1>{escape(title)}</h1>
<p>{escape(description)}</p><p>Every error of this service is <code>application/problem+json</code> (RFC 9457)
with this <code>type</code>; the <a href="/docs">API documentation</a> lists them all.</p></body></html>"""
    return Response(html, mimetype="text/html")


@bp.get("/docs")
def docs_page():
    """Swagger UI over /openapi.yaml: request bodies, schemas and examples, "try it out" against
    this service.  Its assets come from the flask-swagger-ui package and are served from here."""
    doc = spec()
    title = escape(doc.get("info", {}).get("title", "API"))
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>{title}</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><noscript>This page needs JavaScript; the contract itself is at <a href="/openapi.yaml">/openapi.yaml</a>.</noscript>
<div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/assets/init.js"></script>
</body></html>"""
    return Response(html, mimetype="text/html")


_INIT = """window.ui = SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#ui", deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "StandaloneLayout",
  defaultModelsExpandDepth: 0, docExpansion: "list", tryItOutEnabled: false, validatorUrl: null});
"""


def _assets() -> Path:
    """The Swagger UI files of the flask-swagger-ui package.  Raises ImportError when it is absent."""
    import flask_swagger_ui

    return Path(flask_swagger_ui.__file__).resolve().parent / "dist"


@bp.get("/docs/assets/<path:filename>")
def docs_asset(filename: str):
    if filename == "init.js":
        return Response(_INIT, mimetype="text/javascript")
    from flask import send_from_directory

    resp = send_from_directory(_assets(), filename, max_age=86400)
    return resp
