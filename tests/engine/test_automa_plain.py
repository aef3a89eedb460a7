"""The Automa's plain line always says why (issue 9 item 6): over many seeded Automa
decisions, every construction names the criteria that narrowed its choice (as the criteria
trace records them) and, when none did, what settled it (location, the only space, …)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from helpers import commands_on_offer

from companion.engine import execute, new_game

COMPANIES = ("usa", "germany", "italy", "france")
# a criterion that narrowed the candidates, as the trace writes it: "criterion 'x' → C4R, C5L"
NARROWED = re.compile(r"criterion '([^']+)' →")


def _payload(seed: int, level: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"kind": "human", "company": "usa", "name": "Ann"}]
    seats += [{"kind": "automa", "company": c, "automa_level": level} for c in COMPANIES[1:]]
    return {"mode": "introductory", "seed": seed, "deals": "app", "seats": seats}


def _construction_steps(seed: int, level: int, rounds: int = 3) -> list[dict[str, Any]]:
    """Every construction step the Automas took in the first `rounds` rounds of a seeded game."""
    rnd = random.Random(seed)
    state = new_game(_payload(seed, level)).state
    steps: list[dict[str, Any]] = []
    while state.round <= rounds and not state.finished:
        commands = commands_on_offer(state)
        automa = [c for c in commands if c["type"] == "automa_turn" and "override" not in c]
        outcome = execute(state, automa[0] if automa else rnd.choice(commands))
        for event in outcome.events:
            if event["type"] == "automa_turn_traced":
                steps += [
                    s
                    for s in event["trace"]["steps"]
                    if s["done"] and s["action"].startswith("Build ")
                ]
        state = outcome.state
    return steps


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_every_automa_construction_line_names_its_criterion(level: int) -> None:
    steps = [s for seed in range(3) for s in _construction_steps(seed, level)]
    assert len(steps) >= 10  # enough decisions to mean something
    by_criterion = 0
    for step in steps:
        plain = step["plain"]
        assert plain.startswith("Builds a "), plain
        # always a reason after the dash, never the bare move
        assert " — " in plain and plain.split(" — ", 1)[1].strip(), plain
        narrowed = NARROWED.findall(step["reason"])
        why = plain.split(" — ", 1)[1]
        for criterion in narrowed:
            assert f"“{criterion}”" in why, (plain, step["reason"])
        if narrowed:
            by_criterion += 1
            assert why.startswith("criteri"), plain
    assert by_criterion  # some decisions were made by a criterion
