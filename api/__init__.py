"""The Flask app: routes, schemas, problem+json errors, the served openapi.yaml and docs page.

Thin: it translates HTTP to ``events.service.application.GameService`` and back.
"""
from __future__ import annotations

import importlib
import logging
import os
from types import ModuleType
from typing import Any

from flask import Flask

from api.current import service
from api.url_rules import App
from events.service.application import GameService

__all__ = ["create_app", "service"]


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application factory.  ``config`` keys: DATABASE_URL (default: the
    ADJUDICATOR_DATABASE_URL environment variable, else the SQLite file), MAX_CONTENT_LENGTH,
    CORS_ORIGINS (default ADJUDICATOR_CORS_ORIGINS: comma-separated origins, or ``*``; unset means
    no cross-origin access), LOG_LEVEL (default ADJUDICATOR_LOG_LEVEL), TESTING.

    Raises RuntimeError when authentication is required but api.auth cannot be loaded."""
    app = App(__name__)
    app.config.update(
        DATABASE_URL=os.environ.get("ADJUDICATOR_DATABASE_URL"),
        MAX_CONTENT_LENGTH=int(os.environ.get("ADJUDICATOR_MAX_BODY", 1_000_000)),
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    app.json.sort_keys = False
    app.extensions["games"] = app.config.get("SERVICE") or GameService(app.config["DATABASE_URL"])

    from api import backups, docs, errors, games, requestlog, rules, transfer

    optional = optional_modules()
    requestlog.configure_logging()
    errors.register(app)
    _cors(app)
    requestlog.register(app)
    transfer.register(app)
    backups.register(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(docs.bp)
    for module in optional:
        module.register(app)
    if str(app.config.get("AUTH") or os.environ.get("ADJUDICATOR_AUTH") or "off").lower() not in ("off", "") \
            and "keys" not in app.extensions:
        raise RuntimeError("authentication is required but api.auth could not be loaded")
    logging.getLogger("adjudicator").setLevel(app.config.get("LOG_LEVEL") or requestlog.log_level())
    if not app.config.get("SERVICE"):
        from events.service.store import describe

        logging.getLogger("adjudicator.store").info("opened the event store: %s", describe(app.config["DATABASE_URL"]))
    return app


def optional_modules() -> list[ModuleType]:
    """The modules ``create_app`` registers when they import (cards, console, auth, streams), with
    every route module: ``adjudicator serve`` imports them in its master, before the fork, so that
    each worker only builds its app."""
    from api import backups, docs, errors, games, requestlog, rules, transfer  # noqa: F401

    modules = []
    for name in ("api.cards", "api.console", "api.auth", "api.stream"):
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    return modules


# What a browser app on another origin may send and read (RFC 9110 conditional requests, the
# idempotent append, the problem's retry hint, the live streams' resume point).
CORS_ALLOW_HEADERS = ["Content-Type", "Authorization", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID"]
CORS_EXPOSE_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "Retry-After", "Allow", "WWW-Authenticate"]


def _cors(app: Flask) -> None:
    raw = app.config.get("CORS_ORIGINS")
    if raw is None:
        raw = os.environ.get("ADJUDICATOR_CORS_ORIGINS", "")
    origins = [o.strip() for o in (raw.split(",") if isinstance(raw, str) else raw) if o.strip()]
    if not origins:
        return
    from flask_cors import CORS

    CORS(app, origins="*" if "*" in origins else origins, allow_headers=CORS_ALLOW_HEADERS,
         expose_headers=CORS_EXPOSE_HEADERS, methods=["GET", "POST", "DELETE", "OPTIONS"], max_age=600,
         supports_credentials=False)

    @app.after_request
    def _vary_origin(response):
        # The CORS headers depend on the request's Origin: a shared cache must key on it (RFC 9110
        # 12.5.5), with or without an Origin on this request, whatever flask-cors decided.
        response.vary.add("Origin")
        return response
