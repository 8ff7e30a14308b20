"""The import direction of the design: api -> events.service -> adjudicator -> events.models, with
the engines and the rules knowledge free of web and store code (contracts in pyproject.toml)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.fail("import-linter is a test dependency (pip install -e '.[test]'); lint-imports not found")
    run = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    sys.stdout.write(run.stdout[-1500:])
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "broken" in run.stdout and ", 0 broken" in run.stdout


def test_a_broken_contract_is_reported(tmp_path):
    """The checker itself fails when a lower layer imports a higher one (it is not a no-op)."""
    pkg = tmp_path / "src"
    for name, body in {"low": "from high import x\n", "high": "x = 1\n"}.items():
        (pkg / name).mkdir(parents=True)
        (pkg / name / "__init__.py").write_text(body)
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_packages =\n    low\n    high\n\n"
        "[importlinter:contract:1]\nname = layers\ntype = layers\nlayers =\n    high\n    low\n"
    )
    exe = shutil.which("lint-imports")
    assert exe is not None
    run = subprocess.run([exe, "--no-cache"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(pkg), "PATH": "/usr/bin:/bin"})
    assert run.returncode != 0 and "BROKEN" in run.stdout.upper()
