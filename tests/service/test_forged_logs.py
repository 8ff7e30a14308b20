"""Issue 23, item 1: forged logs.  Every batch is re-decided, whatever it carries (an action, a
ruling, the creation), so an event that no action or ruling explains is a finding at its position;
the batch boundaries are covered by the chain hash (exports made before still verify under the
scheme they were hashed with); and an import runs that audit and refuses a log with findings, unless
a judge asks to keep it flagged (``?flagged=keep``), in which case the game carries the flag."""
from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

import pytest

from click.testing import CliRunner

from api import create_app
from api.cli import main as cli
from events.service.audit import audit_log
from events.service.envelope import GENESIS
from events.service.export import export_lines, parse_line

GAME = {"game": "wowmini", "players": [{"id": "p1"}, {"id": "p2"}]}
NDJSON = "application/x-ndjson"
FORGED_WIN = {"player": "p2", "by": "victory_points", "rule": "wowmini.victory"}
BEFORE_BATCH_HASH = Path(__file__).resolve().parents[1] / "golden" / "export_chain_without_batch.jsonl"


def fresh(config: dict | None = None):
    return create_app({"DATABASE_URL": "memory://", "TESTING": True, "REQUEST_LOG": "0", **(config or {})})


def played_lines() -> list[dict]:
    """A wowmini game: creation, four actions, a ruling (positions 1..6), as exported lines."""
    source = fresh().test_client()
    gid = source.post("/games", json=GAME).get_json()["id"]
    for i in range(4):
        action = {"type": "advance_time", "ticks": 1, "player": "p1" if i % 2 else "p2"}
        assert source.post(f"/games/{gid}/actions", json=action).status_code == 201
    ruling = {"judge": "j", "rule": "wowmini.timeline", "effect": {}, "reason": "a ruling"}
    assert source.post(f"/games/{gid}/rulings", json=ruling).status_code == 201
    return [json.loads(line) for line in source.get(f"/games/{gid}/export").get_data(as_text=True).splitlines()]


def rehashed(docs: list[dict]) -> str:
    """The lines with the hash chain recomputed, as an attacker holding the file would."""
    out, prev = [], GENESIS
    for n, doc in enumerate(docs, start=1):
        env = parse_line(json.dumps(doc), n).model_copy(update={"prev_hash": prev})
        # sealed with the newest scheme, unless the line claims the older one (no hash_scheme)
        env = env.sealed() if "hash_scheme" in doc else env.model_copy(update={"hash": env.compute_hash()})
        prev = env.hash
        out.extend(export_lines([env]))
    return "".join(out)


def audited(text: str) -> dict:
    envs = [parse_line(line, n) for n, line in enumerate(text.splitlines(), start=1)]
    return audit_log(UUID(str(envs[0].originator_id)), envs)


def actionless_win(docs: list[dict]) -> list[dict]:
    last = docs[-1]
    return docs + [{**last, "position": last["position"] + 1, "batch": last["position"] + 1, "type": "GameWon",
                    "data": FORGED_WIN, "action": None, "actor": None}]


def win_in_ruling_batch(docs: list[dict]) -> list[dict]:
    last = docs[-1]
    assert last["type"] == "RulingRecorded"
    return docs + [{**last, "position": last["position"] + 1, "type": "GameWon", "data": FORGED_WIN,
                    "action": None, "actor": None}]


def moved_into_the_batch_before(docs: list[dict]) -> list[dict]:
    return docs[:2] + [{**docs[2], "batch": docs[1]["batch"], "action": None, "actor": None}] + docs[3:]


def all_in_first_batch(docs: list[dict]) -> list[dict]:
    return [{**doc, "batch": 1, "action": None} for doc in docs]


def actions_in_first_batch(docs: list[dict]) -> list[dict]:
    return [{**doc, "batch": 1} for doc in docs]


FORGERIES = {  # name -> (forgery, the first position the audit must name)
    "an actionless GameWon appended": (actionless_win, 7),
    "a GameWon slipped into a ruling's batch": (win_in_ruling_batch, 7),
    "an event moved into the batch before": (moved_into_the_batch_before, 3),
    "every event moved into batch 1": (all_in_first_batch, 2),
    "every event moved into batch 1, actions kept": (actions_in_first_batch, 2),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_the_audit_reports_a_forged_batch_at_its_position(name):
    forge, position = FORGERIES[name]
    report = audited(rehashed(forge(played_lines())))
    assert report["valid"] is False, report
    assert report["chain"]["valid"] is True  # the attacker recomputed the hashes
    assert min(f["position"] for f in report["violations"]) == position, report["violations"]


def test_an_honest_log_with_a_ruling_audits_clean():
    report = audited(rehashed(played_lines()))
    assert report["valid"] is True and not report["violations"], report


@pytest.mark.parametrize("name", list(FORGERIES))
def test_an_import_refuses_a_forged_log_listing_the_findings(name):
    forge, position = FORGERIES[name]
    app = fresh()
    client = app.test_client()
    docs = forge(played_lines())
    r = client.post("/games/import", data=rehashed(docs), content_type=NDJSON)
    body = r.get_json()
    assert r.status_code == 422 and r.mimetype == "application/problem+json", body
    assert body["position"] == position
    assert body["findings"] and all("position" in f and "kind" in f for f in body["findings"])
    assert client.get(f"/games/{docs[0]['game_id']}").status_code == 404  # nothing stored


def test_the_batch_number_is_covered_by_the_chain_hash():
    docs = played_lines()
    docs[3] = {**docs[3], "batch": 3}  # position 4 joins batch 3, hash left as it was
    text = "".join(json.dumps(d) + "\n" for d in docs)
    report = audited(text)
    assert {"position": 4, "problem": "the stored content does not match its hash (edited)"} in report["chain"]["breaks"]
    r = fresh().test_client().post("/games/import", data=text, content_type=NDJSON)
    assert r.status_code == 422 and r.get_json()["position"] == 4, r.get_json()


def test_an_export_made_before_batches_were_hashed_still_imports():
    text = BEFORE_BATCH_HASH.read_text()
    assert all("hash_scheme" not in json.loads(line) for line in text.splitlines())
    client = fresh().test_client()
    r = client.post("/games/import", data=text, content_type=NDJSON)
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    assert client.get(f"/games/{gid}/audit").get_json()["valid"] is True
    assert client.get(f"/games/{gid}/export").get_data(as_text=True) == text  # the same hashes, byte for byte
    assert client.post(f"/games/{gid}/actions", json={"type": "advance_time", "ticks": 1, "player": "p2"}).status_code == 201
    assert client.get(f"/games/{gid}/audit").get_json()["valid"] is True  # old links, then new ones


def test_a_downgraded_hash_scheme_after_a_newer_one_is_a_chain_break():
    docs = played_lines()
    assert all(d.get("hash_scheme") == 2 for d in docs)
    forged = [dict(d) for d in docs]
    forged[4].pop("hash_scheme")  # position 5 claims the scheme that leaves the batch out
    report = audited(rehashed(forged))
    assert any(b["position"] == 5 and "scheme" in b["problem"] for b in report["chain"]["breaks"]), report["chain"]


@pytest.fixture
def secured(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite'}", "AUTH": "required", "TESTING": True,
                      "REQUEST_LOG": "0"})
    keys = app.extensions["keys"]
    made = {role: keys.create(role) for role in ("admin", "judge", "recorder")}
    yield app.test_client(), {role: {"Authorization": f"Bearer {key[1]}"} for role, key in made.items()}
    keys.close()
    app.extensions["games"].close()


def test_a_judge_may_keep_a_forged_log_flagged_and_the_game_carries_the_flag(secured):
    client, headers = secured
    docs = actionless_win(played_lines())
    text = rehashed(docs)
    gid = docs[0]["game_id"]
    r = client.post("/games/import", data=text, content_type=NDJSON, headers=headers["judge"])
    assert r.status_code == 422, r.get_json()  # not without asking
    r = client.post("/games/import?flagged=keep", data=text, content_type=NDJSON, headers=headers["judge"])
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["flagged"]["position"] == 8 and body["audit"]["valid"] is False
    events = client.get(f"/games/{gid}/events", headers=headers["judge"]).get_json()["events"]
    assert events[-1]["type"] == "RulingRecorded" and events[-1]["data"]["rule"] == "audit.flagged"
    audit = client.get(f"/games/{gid}/audit", headers=headers["judge"]).get_json()
    assert audit["valid"] is False and audit["flagged"] == [{"position": 8, "judge": body["flagged"]["judge"]}]
    assert any(f["position"] == 7 and f["kind"] == "unexplained" for f in audit["violations"]), audit


def test_only_a_judge_keeps_a_log_flagged(secured):
    client, headers = secured
    docs = actionless_win(played_lines())
    r = client.post("/games/import?flagged=keep", data=rehashed(docs), content_type=NDJSON,
                    headers=headers["recorder"])
    assert r.status_code in (403, 422) and r.mimetype == "application/problem+json", r.get_json()
    assert client.get(f"/games/{docs[0]['game_id']}", headers=headers["admin"]).status_code == 404


def test_flagged_takes_only_keep():
    r = fresh().test_client().post("/games/import?flagged=yes", data=rehashed(played_lines()), content_type=NDJSON)
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()


def test_the_cli_import_refuses_a_forged_log_unless_kept_flagged(tmp_path):
    docs = actionless_win(played_lines())
    path = tmp_path / "forged.jsonl"
    path.write_text(rehashed(docs))
    store = ["--database-url", f"sqlite:///{tmp_path / 'g.sqlite'}"]
    refused = CliRunner().invoke(cli, [*store, "import", str(path)])
    assert refused.exit_code == 1 and "position 7" in refused.output, refused.output
    kept = CliRunner().invoke(cli, [*store, "import", "--keep-flagged", "judge-ann", str(path)])
    assert kept.exit_code == 0 and "kept flagged by judge-ann at position 8" in kept.output, kept.output
