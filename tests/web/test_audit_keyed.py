"""The score pad's keyed views and number fields (static/js/audit/keyed.js) under node --test
(tests/web/js/audit_keyed.mjs): a kept key keeps its node and is not moved, a focused field is
never written over, a pasted "12 VP" reads 12 (issue 20)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def test_keyed_views_and_number_fields() -> None:
    if NODE is None:
        pytest.skip("Node.js is not installed (scripts/test installs it)")
    script = ROOT / "tests" / "web" / "js" / "audit_keyed.mjs"
    done = subprocess.run(
        [NODE, "--test", str(script)], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout
