"""One hash of everything the engine answers over 18 random games: `python bench/digest.py`.

For changes that must not change an output (issue 12's engine cuts): run it on the code
before and after; the same hash means every event, instruction, view and options answer
(of every seat, stored form of each sentence included) is byte for byte the same. Games:
introductory games of 2-4 players, full games, Leeghwater games and games with an Automa,
with fixed seeds, at most 400 commands each.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import jsonsafe  # noqa: E402
from companion.engine import execute, legal_options, new_game, words  # noqa: E402
from companion.engine.options import all_commands  # noqa: E402
from companion.engine.view import state_view  # noqa: E402

COMMANDS_PER_GAME = 400


def payloads() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    companies = ["usa", "germany", "italy", "france"]
    for players in (2, 3, 4):
        for seed in range(4):
            seats = [{"kind": "human", "company": c, "name": c} for c in companies[:players]]
            games.append({"mode": "introductory", "seed": seed + 100 * players, "seats": seats})
    for kind in ("full", "expansion", "automa"):
        for seed in range(2):
            seats: list[dict[str, Any]] = [
                {"kind": "human", "name": f"P{i + 1}"} for i in range(3 + seed % 2)
            ]
            if kind == "automa":
                seats[0] = {"kind": "automa", "company": "italy", "automa_level": 2}
            game = {"mode": "full", "deals": "app", "seed": seed, "seats": seats}
            if kind == "expansion":
                game["expansion"] = True
            games.append(game)
    return games


def digest() -> tuple[int, str]:
    """(commands played, sha256 of every answer along the way)."""
    h = hashlib.sha256()
    played = 0
    for n, payload in enumerate(payloads()):
        rng = random.Random(n)
        state = new_game(payload).state
        for _ in range(COMMANDS_PER_GAME):
            if state.finished:
                break
            for seat in [None, *state.players]:
                h.update(jsonsafe.dumps(words.to_json(legal_options(state, seat))).encode())
            waiting = state.pending[-1].player if state.pending else None
            commands = all_commands(state, waiting or state.active)
            automa = [c for c in commands if c["type"] == "automa_turn"]
            outcome = execute(state, automa[0] if automa else rng.choice(commands))
            for part in (outcome.events, outcome.instructions, state_view(outcome.state)):
                h.update(jsonsafe.dumps(words.to_json(part)).encode())
            state = outcome.state
            played += 1
    return played, h.hexdigest()


if __name__ == "__main__":
    count, value = digest()
    print(f"{count} commands, sha256 {value}")
