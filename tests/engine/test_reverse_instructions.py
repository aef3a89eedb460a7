"""Undo puts the board back: reverse table instructions derived from the undone events
(issue 9 item 5; UX.md "Never held hostage": "Take the Powerhouse off …, take back 5
Excavators"). Every event type gives a reverse step or is declared as having no piece on the
table, and seeded games that reach every kind of event get a worded step for each.
"""

from __future__ import annotations

import random
from typing import Any

from helpers import make_state, setup_payload
from test_property_full_game import choose

import companion.engine.game  # noqa: F401  (registers every event handler)
from companion.engine import execute, new_game
from companion.engine.events import APPLY
from companion.engine.places import space_name
from companion.engine.reverse import NOTHING_ON_THE_TABLE, REVERSE, reverse_instructions


def test_every_event_type_is_reversed_or_has_nothing_on_the_table() -> None:
    types = {t for t in APPLY if not t.startswith("test_")}  # other tests register their own
    assert types - set(REVERSE) - NOTHING_ON_THE_TABLE == set()
    assert set(REVERSE) & NOTHING_ON_THE_TABLE == set()
    assert set(REVERSE) | NOTHING_ON_THE_TABLE <= types


def test_undoing_a_build_takes_the_piece_off_and_gives_back_the_machineries() -> None:
    state = make_state(4)
    build = next(
        c["command"]
        for a in __import__("companion.engine", fromlist=["legal_options"]).legal_options(
            state, "usa"
        )["actions"]
        if a["type"] == "build"
        for c in a["choices"]
        if c["command"]["structure"] == "base"
    )
    outcome = execute(state, build)
    steps = reverse_instructions(outcome.events)
    texts = [s["text"] for s in steps]
    assert [s["n"] for s in steps] == list(range(1, len(steps) + 1))
    assert f"Take the Base off {space_name(build['space'])} and back on your company board." in (
        " ".join(texts)
    )
    assert any("out of the wheel's open segment" in t and "Excavator" in t for t in texts)
    assert any("construction space" in t and "Take 1 Engineer back" in t for t in texts)
    # the steps run backwards: the wheel is emptied after the piece comes off the map
    piece = next(i for i, t in enumerate(texts) if "Take the Base off" in t)
    wheel = next(i for i, t in enumerate(texts) if "open segment" in t)
    engineer = next(i for i, t in enumerate(texts) if "Engineer back" in t)
    assert piece < wheel < engineer


def test_undoing_credits_vp_and_a_correction() -> None:
    state = make_state(4)
    outcome = execute(
        state, {"type": "correct", "what": "credits", "company": "usa", "value": 8, "reason": "r"}
    )
    [step] = reverse_instructions(outcome.events)
    assert step["text"] == "USA: Set it back to 6 (USA Credits 6 → 8 — r)."
    assert (
        reverse_instructions([{"type": "credits_paid", "company": "italy", "credits": 3}])[0][
            "text"
        ]
        == "Italy: Take back 3 Credits."
    )
    vp = {"type": "vp_scored", "company": "usa", "vp": 4, "reason": "income"}
    assert "back 4 VP" in reverse_instructions([vp])[0]["text"]


def test_a_drop_that_flowed_is_moved_back_with_its_path_reversed() -> None:
    event = {
        "type": "drop_flowed",
        "headstream": "A",
        "from_basin": None,
        "stopped_at": "1U",
        "left_map": False,
        "waiting": True,
        "path": ["A", "1U"],
    }
    [step] = reverse_instructions([event])
    assert step["text"] == f"Move the drop in {space_name('1U')} back to headstream A."
    assert step["animate"] == {"path": ["1U", "A"]}


def _games() -> list[list[dict[str, Any]]]:
    """The events of two seeded games: a full 4-player game and an introductory one with an
    Automa, each to the end."""
    out = []
    for payload in (
        setup_payload(4, seed=3, mode="full"),
        setup_payload(("usa", "germany", "italy"), seed=5, automas=("italy",)),
    ):
        rng = random.Random(payload["seed"])
        state = new_game(payload).state
        events: list[dict[str, Any]] = []
        while not state.finished:
            outcome = execute(state, choose(state, rng))
            events.extend(outcome.events)
            state = outcome.state
        out.append(events)
    return out


def test_every_event_of_whole_games_gets_a_worded_reverse_step() -> None:
    seen: set[str] = set()
    for events in _games():
        for event in events:
            seen.add(event["type"])
            steps = reverse_instructions([event])
            if event["type"] in NOTHING_ON_THE_TABLE:
                assert steps == []
                continue
            [step] = steps
            # a worded step, never the fallback that repeats the event's reason
            assert not step["text"].startswith("Undo: "), (event, step)
    assert {"structure_built", "drop_flowed", "production_made", "contract_fulfilled"} <= seen
