"""The served contract and the routes agree, both ways."""
from __future__ import annotations

import re

import yaml
from openapi_spec_validator import validate

from api import create_app

IGNORED = {"/static/<path:filename>"}


def flask_routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.rule in IGNORED:
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((method.lower(), path))
    return out


def spec_routes(spec) -> set[tuple[str, str]]:
    return {(m, p) for p, ops in spec["paths"].items() for m in ops if m in ("get", "post", "put", "patch", "delete")}


def normalise(routes):
    return {(m, re.sub(r"\{[^}]+\}", "{}", p)) for m, p in routes}


def test_the_spec_is_valid_openapi(memory_client):
    text = memory_client.get("/openapi.yaml").get_data(as_text=True)
    validate(yaml.safe_load(text))


def test_every_route_is_in_the_spec_and_every_spec_path_is_served():
    app = create_app({"DATABASE_URL": "memory://", "TESTING": True})
    spec = yaml.safe_load(app.test_client().get("/openapi.yaml").get_data(as_text=True))
    served, described = normalise(flask_routes(app)), normalise(spec_routes(spec))
    assert served - described == set(), "routes missing from openapi.yaml"
    assert described - served == set(), "openapi.yaml describes routes the app does not serve"


def test_the_docs_page_lists_every_operation(memory_client):
    page = memory_client.get("/docs").get_data(as_text=True)
    spec = yaml.safe_load(memory_client.get("/openapi.yaml").get_data(as_text=True))
    for path in spec["paths"]:
        assert path in page
