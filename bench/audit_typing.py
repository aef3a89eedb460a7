"""Benchmark: what a keystroke and a map tap cost on the standalone score pad (issue 20).

The app in a thread, the pad in headless Chromium (Debian's, as the e2e tests) with the CPU
slowed 4× (the tablets people own, DESIGN.md). A 4-company board is entered, then the script
times in the page, with `performance.now()` around the event's dispatch: a number typed into
the VP marker field (the `input` event: the entry kept, the views updated in place) and a tap
on a map space (a Base placed and taken off: the entry, the views and the map's pieces).
Run from a checkout of the page before issue 20, where a number was taken on `change` (and
the whole board rebuilt), the same loop dispatches `change` instead, for a comparison.
Prints the medians and 90th percentiles over `n` repetitions (default 200).
Usage: python bench/audit_typing.py [n]
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion.app import create_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SLOWER = 4  # CPU throttling rate: a tablet, not a laptop
BOARD = {
    "USA": ["1U", "C1L", "P8-1", "5U", "C5L", "P11-1"],
    "Germany": ["2U", "C2L", "P6-1", "3L", "C3R", "P9-1"],
    "Italy": ["4U", "C4L", "P7-1", "7U", "P10-1"],
    "France": ["9U", "C9L", "P5-1", "10U", "C10L", "P12-1"],
}
TIME_KEYSTROKES = """(n) => {
  const typed = document.querySelector('#player-panel input.count');
  const EVENT = typed ? 'input' : 'change';
  const input = typed ?? document.querySelector('#player-panel input[type=number]');
  const out = [];
  for (let i = 0; i < n; i += 1) {
    input.value = String(10 + (i % 80));
    const t0 = performance.now();
    input.dispatchEvent(new Event(EVENT, { bubbles: true }));
    out.push(performance.now() - t0);
  }
  return out;
}"""
TIME_TAPS = """(n) => {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const space = document.querySelector('#audit-map [data-space="6U"]');
    const t0 = performance.now();
    space.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    out.push(performance.now() - t0);
  }
  return out;
}"""


def summary(name: str, times: list[float]) -> str:
    p90 = statistics.quantiles(times, n=10)[-1]
    return f"{name}: median {statistics.median(times):.2f} ms, p90 {p90:.2f} ms ({len(times)})"


def main(n: int) -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    db = Path(tempfile.mkdtemp()) / "bench.db"
    app = create_app({"DATABASE": str(db), "SECRET_KEY": "bench-only", "TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"http://127.0.0.1:{server.server_port}/audit")
        page.locator('#audit-map [data-space="1U"]').wait_for()
        for company, spaces in BOARD.items():
            page.get_by_role("radio", name=company).click()
            for space in spaces:
                page.locator(f'#audit-map [data-space="{space}"]').click()
        page.get_by_role("radio", name="USA").click()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWER})
        print(f"CPU {SLOWER}× slower, {n} of each")
        print(summary("keystroke in a number field", page.evaluate(TIME_KEYSTROKES, n)))
        print(summary("tap on a map space", page.evaluate(TIME_TAPS, n)))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
