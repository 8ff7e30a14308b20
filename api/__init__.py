"""The Flask app: routes, schemas, problem+json errors, the served openapi.yaml and docs page.

Thin: it translates HTTP to ``events.application.GameService`` and back.
"""
from __future__ import annotations

import logging
import os
from typing import Any

from flask import Flask

from events.application import GameService


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application factory.  ``config`` keys: DATABASE_URL (default: the
    ADJUDICATOR_DATABASE_URL environment variable, else the SQLite file), MAX_CONTENT_LENGTH,
    TESTING."""
    app = Flask(__name__)
    app.config.update(
        DATABASE_URL=os.environ.get("ADJUDICATOR_DATABASE_URL"),
        MAX_CONTENT_LENGTH=int(os.environ.get("ADJUDICATOR_MAX_BODY", 1_000_000)),
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    app.json.sort_keys = False
    app.extensions["games"] = app.config.get("SERVICE") or GameService(app.config["DATABASE_URL"])

    from api import docs, errors, games, requestlog, rules, transfer

    errors.register(app)
    requestlog.register(app)
    transfer.register(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(docs.bp)
    for optional in ("api.cards", "api.console", "api.auth"):
        try:
            module = __import__(optional, fromlist=["register"])
        except ImportError:
            continue
        module.register(app)
    if str(app.config.get("AUTH") or os.environ.get("ADJUDICATOR_AUTH") or "off").lower() not in ("off", "") \
            and "keys" not in app.extensions:
        raise RuntimeError("authentication is required but api.auth could not be loaded")
    logging.getLogger("adjudicator").setLevel(app.config.get("LOG_LEVEL", "INFO"))
    return app


def service(app: Flask | None = None) -> GameService:
    from flask import current_app

    return (app or current_app).extensions["games"]
