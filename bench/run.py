"""Engine benchmarks (not timed tests): `python bench/run.py` prints medians.

Measures: applying one command (`execute`), computing legal options (`legal_options`, median
and mean), the view a device draws (`state_view`), one full Water Flow phase, and replaying a
whole 4-player game (`replay` re-executes every command; `rebuild` folds the stored events).
Games are random legal games with fixed seeds.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine import execute, legal_options, new_game, rebuild, replay  # noqa: E402
from companion.engine.events import Recorder  # noqa: E402
from companion.engine.options import all_commands  # noqa: E402
from companion.engine.state import GameState  # noqa: E402
from companion.engine.view import state_view  # noqa: E402
from companion.engine.water import water_flow_phase  # noqa: E402


def payload(players: int, seed: int) -> dict[str, Any]:
    companies = ["usa", "germany", "italy", "france"][:players]
    return {
        "mode": "introductory",
        "seed": seed,
        "seats": [{"kind": "human", "company": c, "name": c} for c in companies],
    }


def random_game(
    players: int, seed: int
) -> tuple[dict[str, Any], list[dict[str, Any]], list[GameState], list[dict[str, Any]]]:
    """A random legal game: its setup, commands, the state before each, and the records."""
    rng = random.Random(seed)
    setup = payload(players, seed)
    state = new_game(setup).state
    commands, states, records = [], [], []
    while not state.finished:
        player = state.pending[-1].player if state.pending and state.pending[-1].player else None
        command = rng.choice(all_commands(state, player or state.active))
        states.append(state)
        outcome = execute(state, command)
        commands.append(command)
        records.append({"command": command, "events": outcome.events})
        state = outcome.state
    return setup, commands, states, records


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(fn: Any, *args: Any) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main() -> None:
    games = [random_game(4, seed) for seed in range(5)]
    per_command, per_options, per_view, flows, replays, rebuilds = [], [], [], [], [], []
    for setup, commands, states, records in games:
        for state, command in zip(states, commands, strict=True):
            per_command.append(timed(execute, state, command))
            per_options.append(timed(legal_options, state))
            per_view.append(timed(state_view, state))
        for state in states:
            if state.phase == "actions" and sum(state.headstreams.values()) >= 3:
                scratch = state.copy()
                flows.append(timed(water_flow_phase, Recorder(scratch)))
                break
        log = {"setup": setup, "commands": commands}
        replays.append(timed(replay, log))
        rebuilds.append(timed(rebuild, setup, records))
    n_commands = sum(len(g[1]) for g in games)
    print(f"{len(games)} random 4-player introductory games, {n_commands} commands")
    print(f"execute, one command (median):        {median_ms(per_command):8.3f} ms")
    print(f"legal_options (median):               {median_ms(per_options):8.3f} ms")
    # heavy build turns with water previews are few but weigh on a server's CPU: the mean
    print(f"legal_options (mean):                 {statistics.mean(per_options) * 1000:8.3f} ms")
    print(f"state_view (median):                  {median_ms(per_view):8.3f} ms")
    print(f"one full Water Flow phase (median):   {median_ms(flows):8.3f} ms")
    print(f"replay a whole game (median):         {median_ms(replays):8.1f} ms")
    print(f"rebuild a whole game from events:     {median_ms(rebuilds):8.1f} ms")


def cli(argv: list[str]) -> int:
    """`run.py` (engine speed), `run.py --games N` (Automa games never stuck, bench/games.py),
    `run.py --fuzz N` (no 5xx from N hostile payloads, bench/fuzz.py), `run.py --worst
    [BYTES [RUNS]]` (the CPU of each worst payload, bench/fuzz.py), `run.py --live
    [--taps N] [--tables N]` (the live path against a bare Flask-SocketIO, bench/live.py)."""
    if argv[:1] == ["--live"]:
        from bench import live

        return live.main(argv)
    if argv[:1] == ["--games"]:
        from bench import games

        return games.main(int(argv[1]) if len(argv) > 1 else 10)
    if argv[:1] == ["--worst"]:
        from bench import fuzz

        size = int(argv[1]) if len(argv) > 1 else 900_000
        return fuzz.main_worst(size, int(argv[2]) if len(argv) > 2 else 5)
    if argv[:1] == ["--fuzz"]:
        from bench import fuzz

        return fuzz.main(int(argv[1]) if len(argv) > 1 else 10_000)
    main()
    return 0


if __name__ == "__main__":
    sys.exit(cli(sys.argv[1:]))
