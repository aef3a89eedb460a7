"""`companion bench --live --tables N` (bench/live.py): the tables' devices run in client
processes of their own, and each step says who was busy — the server's CPU, the time it
waited for a core, the clients' CPU and the machine's load — so a p95 that jumps can be
told apart from a bench that ran out of CPU itself (docs/operations.md, Scaling)."""

from __future__ import annotations

import multiprocessing
import re
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench import live  # noqa: E402


def test_a_short_ramp_runs_its_tables_in_client_processes_and_says_who_was_busy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-bench-test-") as tmp:
        proc, url = live.companion_server(Path(tmp) / "bench.db", [])
        try:
            live.ramp_tables([url], proc.pid, most=2, window=2.0, clients=2)
        finally:
            live.stop(proc)
    out = capsys.readouterr().out
    header, row = out.splitlines()[:2]
    for column in ("p95 ms", "CPU/tap ms", "server CPU", "waited/tap", "bench CPU", "load"):
        assert column in header
    cells = row.split()  # memory per table may be below 0: the server gave some back
    assert cells[0] == "2"  # two tables, one in each client process
    assert len(cells) == 11 and all(re.fullmatch(r"-?[\d.]+%?", c) for c in cells), row
    assert "largest table count" in out or "no step kept" in out
    assert multiprocessing.active_children() == []  # the client processes were ended
