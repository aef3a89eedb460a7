"""Seeded whole games against every Automa company × level, full and introductory: never stuck.

`python bench/run.py --games N` (or `companion bench --games N`) plays N games for each
company (USA, Germany, Italy, France) × level (1-4) × mode (introductory, full): one person
choosing random legal moves against that Automa and 0-2 more Automas of random companies and
levels. Every game must reach its end; any refused Automa turn or a game waiting for nothing
is a failure (a France Automa at level 3-4 once planned a production worth 0 energy, and the
table could not go on). `tests/engine/test_automa_never_stuck.py` plays a bounded number.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine import execute, legal_options, new_game  # noqa: E402
from companion.engine.setup import CURRENT_RULES  # noqa: E402

COMPANIES = ("usa", "germany", "italy", "france")
LEVELS = (1, 2, 3, 4)
MODES = ("introductory", "full")


def setup(company: str, level: int, mode: str, seed: int) -> dict[str, Any]:
    """One person against the Automa `company` at `level`, and 0-2 more Automas."""
    rnd = random.Random(f"{company}:{level}:{mode}:{seed}")
    others = [c for c in COMPANIES if c != company]
    rnd.shuffle(others)
    seats: list[dict[str, Any]] = [{"kind": "automa", "company": company, "automa_level": level}]
    for other in others[: rnd.randint(0, 2)]:
        seats.append({"kind": "automa", "company": other, "automa_level": rnd.choice(LEVELS)})
    human: dict[str, Any] = {"kind": "human", "name": "Ann"}
    taken = {s["company"] for s in seats}
    if mode == "introductory":
        human["company"] = next(c for c in COMPANIES if c not in taken)
    seats.insert(rnd.randint(0, len(seats)), human)
    return {"mode": mode, "deals": "app", "seed": seed, "rules": CURRENT_RULES, "seats": seats}


def play(payload: dict[str, Any], seed: int, limit: int = 3000) -> int:
    """Play to the end; returns the commands played. Raises when the game is stuck."""
    rnd = random.Random(seed)
    state = new_game(payload).state
    for count in range(limit):
        if state.finished:
            return count
        options = legal_options(state)
        commands = [c["command"] for a in options["actions"] for c in a["choices"]]
        if options["pending"]:
            commands += [c["command"] for c in options["pending"]["choices"]]
        if not commands:
            raise AssertionError(f"stuck in round {state.round}, {state.phase}: nothing to do")
        automa = [c for c in commands if c["type"] == "automa_turn"]
        state = execute(state, automa[0] if automa else rnd.choice(commands)).state
    raise AssertionError(f"no end after {limit} commands")


def run(n: int, first_seed: int = 0) -> Counter[tuple[str, int, str]]:
    """Play n games per company × level × mode; the count of finished games per cell."""
    finished: Counter[tuple[str, int, str]] = Counter()
    for company in COMPANIES:
        for level in LEVELS:
            for mode in MODES:
                for seed in range(first_seed, first_seed + n):
                    play(setup(company, level, mode, seed), seed)
                    finished[(company, level, mode)] += 1
    return finished


def main(n: int) -> int:
    start = time.perf_counter()
    finished = run(n)
    seconds = time.perf_counter() - start
    total = sum(finished.values())
    print(f"games: {total} finished ({n} per company × level × mode), {seconds:.0f} s")
    for company in COMPANIES:
        cells = " ".join(
            f"L{lv} {finished[(company, lv, 'introductory')]}+{finished[(company, lv, 'full')]}"
            for lv in LEVELS
        )
        print(f"  {company:8} {cells}  (introductory+full)")
    return 0


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
