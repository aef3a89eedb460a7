"""Benchmark: how long the Automa takes to decide a turn (target: well under 10 ms).

Plays seeded games (a random human against 1-3 Automas, levels 1-4), and at every Automa turn
times `preview_turn` (draw, check every action, choose spaces and drops, apply on a copy) and
the pure decision alone (`plan_action` for each tile action on the drawn tile).
Usage: python bench/automa.py [games]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine import execute, legal_options, new_game  # noqa: E402
from companion.engine.automa import deck, feasibility  # noqa: E402
from companion.engine.automa.decision import preview_turn  # noqa: E402
from companion.engine.events import Recorder  # noqa: E402

COMPANIES = ("usa", "germany", "italy", "france")


def commands(state) -> list[dict]:
    options = legal_options(state)
    out = [c["command"] for a in options["actions"] for c in a["choices"]]
    if options["pending"]:
        out += [c["command"] for c in options["pending"]["choices"]]
    return out


def decide_only(state, company: str) -> None:
    scratch = state.copy()
    action_tile, criteria_tile = deck.draw(Recorder(scratch), company)
    for action in action_tile.actions:
        feasibility.plan_action(scratch, company, action, criteria_tile.criteria)


def best_of(n: int, fn, *args) -> float:
    """The fastest of n runs: the machine's noise (GC, other processes) only adds time."""
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t0)
    return min(times)


def main(games: int) -> None:
    previews: list[float] = []
    decisions: list[float] = []
    for g in range(games):
        rnd = random.Random(g)
        automas = 1 + g % 3
        seats = [{"kind": "human", "company": "usa"}] + [
            {"kind": "automa", "company": COMPANIES[i + 1], "automa_level": 1 + g % 4}
            for i in range(automas)
        ]
        state = new_game({"mode": "introductory", "seed": g, "seats": seats}).state
        while state.phase != "game_over" and not state.finished:
            offered = commands(state)
            automa = [c for c in offered if c["type"] == "automa_turn"]
            if automa and not state.pending and state.players[state.active].engineers:
                previews.append(best_of(3, preview_turn, state, state.active))
                decisions.append(best_of(3, decide_only, state, state.active))
            command = automa[0] if automa else rnd.choice(offered)
            state = execute(state, command).state
    for name, times in (("decision (plan every action)", decisions), ("turn on a copy", previews)):
        ms = sorted(t * 1000 for t in times)
        print(
            f"{name:30s} n={len(ms):4d}  median {statistics.median(ms):6.2f} ms  "
            f"p95 {ms[int(len(ms) * 0.95)]:6.2f} ms  worst {ms[-1]:6.2f} ms"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
