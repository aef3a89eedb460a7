"""`python -m companion.engine replay LOG.json` prints the final state and scores."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from helpers import commands_on_offer, setup_payload

from companion.engine import execute, new_game
from companion.engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def finished_log() -> tuple[dict, object]:
    rng = random.Random(1)
    payload = setup_payload(3, seed=1)
    state = new_game(payload).state
    commands = []
    while not state.finished:
        player = (
            state.pending[-1].player if state.pending and state.pending[-1].player else state.active
        )
        command = rng.choice(commands_on_offer(state, player))
        commands.append(command)
        state = execute(state, command).state
    return {"setup": payload, "commands": commands}, state


def test_replay_prints_the_final_scores(tmp_path: Path, capsys) -> None:
    log, state = finished_log()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game over" in out and "Final scores" in out
    for company, scores in state.final_scores.items():
        assert f"{company}: {scores['total']} VP" in out


def test_replay_json_output(tmp_path: Path, capsys) -> None:
    log, state = finished_log()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] and data["final_scores"] == state.final_scores


def test_a_log_that_does_not_replay_is_reported(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({"setup": setup_payload(2), "commands": [{"type": "pass", "player": "usa"}]})
    )
    assert main(["replay", str(path)]) == 1
    assert "does not replay" in capsys.readouterr().err


def test_the_module_runs_from_the_command_line(tmp_path: Path) -> None:
    log, _ = finished_log()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    result = subprocess.run(
        [sys.executable, "-m", "companion.engine", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "Final scores" in result.stdout
