"""Logs written before the engine took typed commands (issue 10) still replay exactly.

`legacy_logs/*.json.gz` are whole games (people, Automas at levels 1-4, app and table deals, a
correction, an Automa override) written by the engine of the commit named in each file. Every
stored command is read again (parsed on read) and re-executed: it must give the stored events,
one for one, and the final state must equal the fold of the stored events (what the store
rebuilds), with the same final scores. What a newer engine adds is listed (ADDED: a VP line's
structured `source`, issue 10) and nothing else may differ.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from companion.engine import execute, new_game, rebuild, replay
from companion.engine.state import to_json

LOGS = sorted((Path(__file__).parent / "legacy_logs").glob("*.json.gz"))
# fields the engine records since these logs were written: a VP line's structured source
# (issue 10) and a correction's value before (issue 9)
ADDED = {"vp_scored": {"source"}, "value_corrected": {"before"}}
# event sentences re-worded since ("USA Credits 7 → 8 — reason", issue 9; an Automa turn the
# table overruled says so in the log, issue 9): the sentence is words for people, so it is
# compared without; every recorded value (the trace included) still is
REWORDED = {"value_corrected", "automa_turn_traced"}
# what an Automa trace's step records since: its plain line (issue 9) and the kind of its tile
# action, for the rule behind the decision (issue 13)
STEP_ADDED = {"plain", "kind"}


def as_written_then(event: dict[str, Any]) -> dict[str, Any]:
    """An event without the fields added since the legacy logs were written (and the plain
    line an Automa trace's step gained with issue 9, its action's kind with issue 13)."""
    added = ADDED.get(event["type"], set())
    out = {k: v for k, v in event.items() if k not in added}
    if event["type"] == "automa_turn_traced":
        steps = [
            {k: v for k, v in step.items() if k not in STEP_ADDED} for step in out["trace"]["steps"]
        ]
        out["trace"] = {**out["trace"], "steps": steps}
    return out


def comparable(event: dict[str, Any]) -> dict[str, Any]:
    """An event as both engines record it (the sentence of a re-worded kind left out; an
    Automa trace's lines and step reasons name the tiles as printed since issue 13, "the Level
    2 Base tile" for "tile L2_BASE": its values are compared, its words are not)."""
    if event["type"] not in REWORDED:
        return event
    out = {k: v for k, v in event.items() if k != "reason"}
    if event["type"] == "automa_turn_traced":
        trace = {k: v for k, v in out["trace"].items() if k != "lines"}
        trace["steps"] = [{k: v for k, v in step.items() if k != "reason"}
                          for step in trace.get("steps", [])]  # fmt: skip
        out["trace"] = trace
    return out


def without_sources(state: Any) -> dict[str, Any]:
    """The state's JSON without what is recorded since (ledger sources, the plain line)."""
    data = to_json(state)
    for player in data["players"].values():
        for line in player["ledger"]:
            line.pop("source", None)
    trace = data["automa"].get("last_trace") or {}
    trace.pop("lines", None)  # words for people: the tiles named as printed since issue 13
    for step in trace.get("steps", []):
        for added in STEP_ADDED:  # the Automa's plain line (issue 9), its action's kind (13)
            step.pop(added, None)
        step.pop("reason", None)
    return data


def read(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return dict(json.load(f))


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_a_log_written_before_typed_commands_replays_event_for_event(path: Path) -> None:
    log = read(path)
    state = new_game(log["setup"]).state
    for i, record in enumerate(log["commands"]):
        outcome = execute(state, record["command"])
        replayed = [comparable(as_written_then(e)) for e in outcome.events]
        stored = [comparable(e) for e in record["events"]]
        assert replayed == stored, f"command {i}: {record['command']}"
        state = outcome.state
    assert state.finished
    assert state.final_scores == log["final_scores"]
    folded = rebuild(log["setup"], log["commands"])
    assert without_sources(folded) == without_sources(state)
    assert to_json(replay(log)) == to_json(state)
    assert any(line.source for p in state.players.values() for line in p.ledger)


def test_there_are_legacy_logs_with_automas_overrides_and_corrections() -> None:
    commands = [r["command"] for path in LOGS for r in read(path)["commands"]]
    assert len(LOGS) >= 4
    assert any("override" in c for c in commands)
    assert any(c["type"] == "correct" for c in commands)
    assert any(c["type"] == "automa_turn" for c in commands)
