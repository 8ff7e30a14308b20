"""Game logs out and in: JSON Lines, one stored event per line, with its hashes.

A line is the envelope with ``game_id`` and ``position`` spelled out::

    {"game_id": "…", "position": 1, "type": "GameCreated", "data": {…}, "prev_hash": "000…", "hash": "…", …}

The last line's ``hash`` is the head of the chain: keep it (or the whole file) somewhere else and a
later export of the same game proves the log was not rewritten.  An import keeps the game id (the
hashes cover it), audits the lines on the way in and refuses a broken chain, naming the position,
and a log with audit findings (an event no action or ruling explains, an action the rules decide
otherwise today), listing them; a judge may keep such a log flagged (``keep_flagged``): it is stored
as it came, followed by the judge's ruling ``audit.flagged`` that names the findings, and every
audit of the game reports the findings and that flag.
"""
from __future__ import annotations

import functools
import json
from datetime import datetime, timezone
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator
from uuid import UUID, uuid5

from pydantic import ValidationError

from events.models.common import RulingRecorded
from events.service.audit import FLAG_RULE, Unreadable, audit_log
from events.service.backups import fold
from events.service.envelope import StoredGameEvent
from events.service.limits import INT_MAX, STORED_MAX_DEPTH, DocumentRejected, parse_document

MEDIA_TYPE = "application/x-ndjson"
ACCEPTED_MEDIA_TYPES = (MEDIA_TYPE, "application/jsonl", "application/x-jsonlines", "application/jsonlines")


class ImportRefused(ValueError):
    """The file is not a game log that can be stored: ``status`` 400 (cannot be parsed) or 422
    (parsed, but the chain is broken or the events do not replay); ``position`` names the first
    position (or line) concerned."""

    def __init__(self, status: int, message: str, *, position: int | None = None, line: int | None = None,
                 problems: list[dict[str, Any]] | None = None, findings: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.status = status
        self.position = position
        self.line = line
        self.problems = problems or []
        self.findings = findings or []


class GameExists(Exception):
    """An import names a game the store already has."""

    def __init__(self, game_id: UUID):
        super().__init__(f"the store already has game {game_id}; an import never overwrites a log")
        self.game_id = game_id


def to_line(env: StoredGameEvent | Unreadable) -> str:
    if isinstance(env, Unreadable):
        return json.dumps({"position": env.originator_version, "unreadable": env.error})
    body = env.model_dump(mode="json", exclude={"originator_id", "originator_version"}, exclude_none=False)
    if body.get("idempotency_key") is None:
        body.pop("idempotency_key", None)
        body.pop("request_digest", None)
    if body.get("hash_scheme") == 1:
        body.pop("hash_scheme")  # a line as it was exported before the scheme was named
    return json.dumps({"game_id": str(env.originator_id), "position": env.originator_version, **body},
                      ensure_ascii=False, separators=(",", ":"))


def export_lines(rows: Iterable[StoredGameEvent | Unreadable]) -> Iterator[str]:
    """One line (with its newline) per stored row; an unreadable row is exported as such, so the
    file shows where the store is damaged and an import refuses it there."""
    for env in rows:
        yield to_line(env) + "\n"


def parse_line(text: str | bytes, lineno: int) -> StoredGameEvent:
    try:
        # The parser and limits of every body (events/service/limits.py), at the depth of a stored row.
        doc = parse_document(text, STORED_MAX_DEPTH, int_max=INT_MAX)  # a stored row's range
    except DocumentRejected as exc:
        if exc.malformed:
            raise ImportRefused(400, f"line {lineno} is {exc.reason}", line=lineno) from None
        raise ImportRefused(422, f"line {lineno}, {exc.field}: {exc.reason}", line=lineno) from None
    if not isinstance(doc, dict):
        raise ImportRefused(400, f"line {lineno} is not a JSON object", line=lineno)
    if "unreadable" in doc:
        raise ImportRefused(422, f"line {lineno}: the exported row at position {doc.get('position')} was unreadable "
                                 f"in its store ({doc['unreadable']})", line=lineno, position=doc.get("position"))
    doc = dict(doc)
    try:
        doc["originator_id"] = doc.pop("game_id")
        doc["originator_version"] = doc.pop("position")
    except KeyError as exc:
        raise ImportRefused(422, f"line {lineno} has no {exc.args[0]!r}", line=lineno) from None
    try:
        return StoredGameEvent.model_validate(doc)
    except ValidationError as exc:
        fields = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise ImportRefused(422, f"line {lineno} is not a stored event: {fields}", line=lineno) from None


@dataclass
class ParsedLog:
    events: list[StoredGameEvent] = field(default_factory=list)

    @property
    def game_id(self) -> UUID:
        return self.events[0].originator_id


def parse_lines(lines: Iterable[str | bytes], progress: Callable[[int], None] | None = None) -> ParsedLog:
    """Parses JSON Lines (blank lines are skipped).  ``progress`` is told the size of each line.
    Raises ImportRefused."""
    out = ParsedLog()
    for lineno, raw in enumerate(lines, start=1):
        if progress is not None:
            progress(len(raw))
        if not raw.strip():
            continue
        env = parse_line(raw, lineno)
        if out.events and env.originator_id != out.game_id:
            raise ImportRefused(422, f"line {lineno} belongs to game {env.originator_id}, not {out.game_id}: "
                                     "a file holds one game", line=lineno, position=env.originator_version)
        out.events.append(env)
    if not out.events:
        raise ImportRefused(422, "the file holds no events")
    return out


def check_import(parsed: ParsedLog, keep_flagged: bool = False) -> dict[str, Any]:
    """Audits a parsed log: the chain must be whole, every event must replay, and the audit must
    find nothing (violations recorded as such in record mode are not findings) unless
    ``keep_flagged``.  Returns the audit report.  Raises ImportRefused (422) naming the first
    position concerned and listing the findings."""
    report = audit_log(parsed.game_id, parsed.events)
    if parsed.events[0].type != "GameCreated" or parsed.events[0].originator_version != 1:
        raise ImportRefused(422, "a game log starts with its GameCreated event at position 1", position=1,
                            problems=report["chain"]["breaks"])
    breaks = report["chain"]["breaks"]
    if breaks:
        first = min(b["position"] for b in breaks)
        detail = "; ".join(f"position {b['position']}: {b['problem']}" for b in breaks[:5])
        raise ImportRefused(422, f"the hash chain is broken at position {first}: {detail}", position=first,
                            problems=breaks)
    unreplayable = [f for f in report["violations"] if f["kind"] == "unreplayable"]
    if unreplayable:
        first = unreplayable[0]
        raise ImportRefused(422, f"the event at position {first['position']} does not replay: {first['message']}",
                            position=first["position"], problems=unreplayable)
    findings = audit_findings(report)
    if findings and not keep_flagged:
        detail = "; ".join(f"position {f['position']}: {f['kind']}: {f.get('message', '')}" for f in findings[:5])
        more = f" (and {len(findings) - 5} more)" if len(findings) > 5 else ""
        raise ImportRefused(422, f"the audit of the log has {len(findings)} finding(s): {detail}{more}; a judge may "
                                 "import it kept flagged (?flagged=keep)", position=findings[0]["position"],
                            findings=findings)
    return report


def audit_findings(report: dict[str, Any]) -> list[dict[str, Any]]:
    """What makes a report invalid: every finding but the violations recorded as such."""
    return [f for f in report["violations"] if not (f["kind"] == "violation" and f.get("recorded"))]


def check_engine(parsed: ParsedLog) -> str:
    """Every event must name the game its GameCreated names, and that game must be one the service
    adjudicates (the audit reads with the first event's engine, every read with each event's own).
    Returns the game.  Raises ImportRefused (422)."""
    from adjudicator import engine_for

    game = parsed.events[0].game
    try:
        engine_for(game)
    except (KeyError, ImportError):
        raise ImportRefused(422, f"position 1 names the game {game!r}, which this service does not adjudicate",
                            position=1) from None
    for env in parsed.events:
        if env.game != game:
            raise ImportRefused(422, f"the event at position {env.originator_version} names the game {env.game!r} "
                                     f"in a {game} log: every event of a log names its game's engine",
                                position=env.originator_version)
    return game


def check_replay(parsed: ParsedLog) -> None:
    """Replays the log with the projector every later read uses and writes the state document at
    every position, as GET state would.  Raises ImportRefused (422) naming the first position that
    does not replay."""
    from adjudicator import engine_for
    from events.service.application import project_game

    game_log = None
    engine = engine_for(parsed.events[0].game)
    rewind = functools.partial(fold, engine, parsed.events)  # a backup's state, from the log itself
    for env in parsed.events:
        try:
            game_log = project_game(game_log, (env,), rewind)
            engine.to_document(game_log.state)
        except Exception as exc:  # noqa: BLE001 - whatever a read would fail with, refused here
            raise ImportRefused(422, f"the event at position {env.originator_version} does not replay: "
                                     f"{type(exc).__name__}: {exc}", position=env.originator_version) from None


def check_reserved_id(parsed: ParsedLog, principal: str | None) -> None:
    """A game created with an Idempotency-Key has the id uuid5(IDEMPOTENT_GAMES, "<key id>/<key>")
    (version 5); no other id is ever of that version.  An import may take such an id only with the
    log that derives it, from the API key that created it (or with auth off: ``principal`` None),
    so a retried creation never meets a forged game.  Raises ImportRefused (422)."""
    from events.service.application import IDEMPOTENT_GAMES

    game_id = parsed.game_id
    if game_id.version != 5:
        return
    key = parsed.events[0].idempotency_key
    if key is None or uuid5(IDEMPOTENT_GAMES, key) != game_id:
        raise ImportRefused(422, f"the game id {game_id} is reserved for a game created with an Idempotency-Key, "
                                 "and this log does not derive it", position=1)
    if principal is not None and key.split("/", 1)[0] not in (principal, "-"):
        raise ImportRefused(422, f"the game id {game_id} is reserved by another API key's idempotent creation",
                            position=1)


def import_game(service, parsed: ParsedLog, principal: str | None = None,
                flagged_by: str | None = None) -> dict[str, Any]:
    """Checks a parsed log as every later read will use it (the hash chain and the audit, one game
    engine throughout, a replay of every position, an id not reserved by another key's idempotent
    creation), then stores it under its own game id.  ``principal`` is the importing API key's id
    (None with auth off or from the command line).  ``flagged_by`` names the judge who keeps a log
    with findings: it is stored followed by that judge's ``audit.flagged`` ruling (``flagged`` in
    the report: its position and judge).  Returns the audit report.  Raises ImportRefused,
    GameExists."""
    from eventsourcing.persistence import IntegrityError

    check_engine(parsed)
    report = check_import(parsed, keep_flagged=flagged_by is not None)
    check_replay(parsed)
    check_reserved_id(parsed, principal)
    if service.recorder.select_events(parsed.game_id, limit=1):
        raise GameExists(parsed.game_id)
    envelopes = list(parsed.events)
    findings = audit_findings(report)
    if flagged_by is not None and findings:
        envelopes.append(flag_envelope(parsed.events[-1], flagged_by, findings))
        report = {**report, "flagged": [{"position": envelopes[-1].originator_version, "judge": flagged_by}]}
    try:
        service.import_log(envelopes)
    except IntegrityError:
        raise GameExists(parsed.game_id) from None
    return report


def flag_envelope(last: StoredGameEvent, judge: str, findings: list[dict[str, Any]]) -> StoredGameEvent:
    """The judge's ruling that keeps an imported log with findings: one batch after the log,
    chained to its head, as ``append_ruling`` would record it."""
    positions = sorted({f["position"] for f in findings})
    shown = ", ".join(map(str, positions[:20])) + (", ..." if len(positions) > 20 else "")
    ruling = {"judge": judge, "rule": FLAG_RULE, "effect": {}, "cites": [],
              "reason": f"imported with {len(findings)} audit finding(s) at position(s) {shown}, "
                        "kept flagged at the judge's request"}
    position = last.originator_version + 1
    event = RulingRecorded(ruling_id=f"r{position}", **ruling)
    return StoredGameEvent(
        originator_id=last.originator_id, originator_version=position, timestamp=datetime.now(timezone.utc),
        game=last.game, type=event.type_name(), schema_version=event.version, data=event.payload(),
        actor=judge, action={"type": "ruling", **ruling}, batch=position, prev_hash=last.hash).sealed()
