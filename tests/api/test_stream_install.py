"""Issue 23, item 5: every dependency a command needs is declared.  A non-editable install of the
project alone, in a fresh virtual environment without the system's packages, then ``adjudicator
serve --stream-port``: the gevent streaming server starts and streams a game appended through the
API.  Before, gunicorn's gevent worker failed to load (it imports ``packaging``, which nothing
declared) and the API went on without streams; the other tests passed because the test extras
brought ``packaging``.  Slow (about 40 s: it builds, installs and starts two servers)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_streaming_server_starts_from_the_declared_dependencies_alone(tmp_path):
    done = subprocess.run(["bash", str(ROOT / "scripts" / "check-install"), "--streams", str(tmp_path)],
                          capture_output=True, text=True, timeout=900)
    log = (tmp_path / "serve.log").read_text() if (tmp_path / "serve.log").exists() else ""
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:] + log[-3000:]
    assert "`adjudicator serve --stream-port` streams a game" in done.stdout
    assert "include-system-site-packages = false" in (tmp_path / "venv" / "pyvenv.cfg").read_text()
