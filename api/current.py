"""The application service of the app answering the request: the one piece the app factory
(``api.create_app``, which puts it in ``app.extensions``) and the blueprints share, so the
blueprints need not import the package that imports them."""
from __future__ import annotations

from flask import Flask, current_app

from events.service.application import GameService


def service(app: Flask | None = None) -> GameService:
    """The service of ``app``, or of the app handling the current request."""
    return (app or current_app).extensions["games"]
