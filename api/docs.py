"""The served contract: /openapi.yaml, a readable /docs page, and /health."""
from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path

import yaml
from flask import Blueprint, Response

from api import service

bp = Blueprint("docs", __name__)
SPEC = Path(__file__).resolve().parent.parent / "openapi.yaml"


@lru_cache(maxsize=1)
def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def spec() -> dict:
    return yaml.safe_load(spec_text())


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(spec_text(), mimetype="application/yaml")


@bp.get("/health")
def health():
    svc = service()
    svc.list_games(limit=1)  # touches the store: a broken database answers 500 here
    return {"status": "ok", "store": svc.factory.__class__.__module__.rsplit(".", 1)[-1]}


@bp.get("/docs")
def docs_page():
    doc = spec()
    rows = []
    for path, ops in doc.get("paths", {}).items():
        for method, op in ops.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            params = ", ".join(escape(p.get("name", "")) for p in op.get("parameters", []) if isinstance(p, dict))
            codes = ", ".join(escape(str(c)) for c in op.get("responses", {}))
            rows.append(
                f"<tr><td><code>{method.upper()}</code></td><td><code>{escape(path)}</code></td>"
                f"<td><b>{escape(op.get('summary', ''))}</b><br>{escape(op.get('description', ''))}</td>"
                f"<td>{params}</td><td>{codes}</td></tr>"
            )
    info = doc.get("info", {})
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{escape(info.get('title', 'API'))}</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;max-width:80rem}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}}code{{white-space:nowrap}}</style>
</head><body><h1>{escape(info.get('title', ''))} <small>{escape(str(info.get('version', '')))}</small></h1>
<p>{escape(info.get('description', ''))}</p>
<p>The machine-readable contract: <a href="/openapi.yaml">/openapi.yaml</a>. Rules: <a href="/rules">/rules</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Parameters</th><th>Answers</th></tr></thead>
<tbody>{''.join(rows)}</tbody></table></body></html>"""
    return Response(html, mimetype="text/html")
