"""Must-show: a non-editable ``pip install .`` in a fresh virtual environment, then ``adjudicator
serve``: /openapi.yaml and /docs answer 200 and the spec validates as OpenAPI 3.1 (the spec's
base, the console and the docs' assets are package data).  Slow: it builds and installs."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_non_editable_install_serves_the_spec_and_the_docs(tmp_path):
    done = subprocess.run(["bash", str(ROOT / "scripts" / "check-install"), str(tmp_path)],
                          capture_output=True, text=True, timeout=1800)
    log = (tmp_path / "serve.log").read_text() if (tmp_path / "serve.log").exists() else ""
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:] + log[-3000:]
    assert "non-editable install serves /openapi.yaml (OpenAPI 3.1" in done.stdout
