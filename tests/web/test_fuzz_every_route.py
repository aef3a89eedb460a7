"""No 500 from any payload (issue 10): every HTTP route and Socket.IO event, fuzzed.

Hostile payloads (bench/fuzz.py): random JSON, valid payloads with one field wrong (wrong
type, a 100-digit integer, a 100 000-character string, 100 000-deep nesting, an unknown field,
a lone surrogate, a list or object past its bound), each route's worst payloads, valid
commands out of turn or at a stale version, Socket.IO events with no data, a list or several
values, Socket.IO packets that cannot be decoded (issues 10 and 18).
Every answer is below 500 and a refusal carries a sentence; no traceback is logged; every game
still replays to its stored state. Bounded here; `companion bench --fuzz 10000` for more.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import fuzz  # noqa: E402


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=2**31))
def test_no_payload_gets_a_500_or_a_traceback_and_every_game_replays(seed: int) -> None:
    report = fuzz.run(60, seed)
    assert report.payloads == 60
    assert not report.server_errors
    assert not report.silent_refusals
    assert not report.tracebacks
    assert report.games_replayed >= 1 and not report.replay_mismatches


def test_the_hardest_payloads_are_refused_with_a_sentence() -> None:
    """100 000-deep nesting, a 100-digit integer, a lone surrogate and a payload past its
    bounds on every route that takes a body."""
    fuzzer = fuzz.Fuzzer(1)
    hardest = (fuzz.Deep().text(), '{"version": ' + "9" * 100 + "}", '{"code": "\\ud800"}',
               '{"title": "T\\udfff", "version": 1}', "[" + ",".join(["{}"] * 3000) + "]")
    try:
        posts = sorted({rule for rule, method in fuzzer.routes if method == "POST"})
        for rule in posts:
            url = fuzzer.url(rule).replace("nope", fuzzer.game_id)
            for body in hardest:
                response = fuzzer.client.post(url, data=body, content_type="application/json")
                assert 400 <= response.status_code < 500, (rule, response.status_code)
                if url.startswith("/api/"):
                    assert response.get_json()["message"]
        answer = fuzzer.sio.emit(
            "submit_command",
            {"game_id": fuzzer.game_id, "command": {"type": "bank", "player": "usa",
                                                    "engineers": 10**100}, "version": 0},
            callback=True,
        )  # fmt: skip
        assert answer["status"] == 400 and answer["error"]["message"]
    finally:
        fuzzer.close()
