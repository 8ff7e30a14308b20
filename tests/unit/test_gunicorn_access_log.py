"""The served app's gunicorn logger: an access line only when the configuration asks for one, decided
when the logger is set up (and again when a reload sets it up), not looked up on every request."""
from __future__ import annotations

import datetime
import logging
from types import SimpleNamespace

from gunicorn.config import Config

from api.requestlog import GunicornLogger


def _logger(**settings: object) -> GunicornLogger:
    cfg = Config()
    for name, value in settings.items():
        cfg.set(name, value)
    return GunicornLogger(cfg)


def _access(logger: GunicornLogger) -> list[logging.LogRecord]:
    seen: list[logging.LogRecord] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    catch = Catch()
    logger.access_log.addHandler(catch)
    try:
        environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/games/x/actions", "REMOTE_ADDR": "127.0.0.1"}
        logger.access(SimpleNamespace(status="201 CREATED", sent=42), None, environ, datetime.timedelta(milliseconds=3))
    finally:
        logger.access_log.removeHandler(catch)
    return seen


def test_no_access_line_without_an_access_log() -> None:
    assert _access(_logger(accesslog=None)) == []


def test_an_access_line_when_configured() -> None:
    (record,) = _access(_logger(accesslog="-"))
    assert record.fields["status"] == 201 and record.fields["path"] == "/games/x/actions"
    assert record.fields["bytes_out"] == 42 and record.fields["duration_ms"] == 3.0


def test_a_reload_decides_again() -> None:
    logger = _logger(accesslog=None)
    cfg = Config()
    cfg.set("accesslog", "-")
    logger.setup(cfg)  # what gunicorn runs on a configuration reload
    assert len(_access(logger)) == 1
    cfg = Config()
    logger.setup(cfg)
    assert _access(logger) == []
