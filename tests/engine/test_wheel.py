"""The Construction Wheel: single-step rotation and the return of what reaches the open segment.

Rulebook p. 13 (rotate one segment), p. 14 (Machineries invested), p. 17 (Workshop).
"""

from __future__ import annotations

from test_construction_fixtures import make_game

from companion.engine.events import Recorder
from companion.engine.wheel import load_wheel, rotate_wheel, tiles_on_wheel, wheel_machineries


def test_load_puts_tile_and_machineries_in_open_segment() -> None:
    state = make_game()
    rec = Recorder(state)
    load_wheel(rec, "usa", ["base"], 4, 0, "Base in the Hills")
    usa = state.players["usa"]
    assert usa.wheel[0].tiles == ["base"]
    assert usa.wheel[0].excavators == 4
    assert usa.excavators == 2
    assert "base" not in usa.tiles


def test_one_event_per_single_step() -> None:
    state = make_game()
    rec = Recorder(state)
    rotate_wheel(rec, "usa", 3, "Workshop")
    assert [e["type"] for e in rec.events] == ["wheel_rotated"] * 3
    assert [e["step"] for e in rec.events] == [1, 2, 3]


def test_items_come_back_after_six_single_steps() -> None:
    state = make_game()
    rec = Recorder(state)
    load_wheel(rec, "usa", ["base"], 4, 0, "build")
    rotate_wheel(rec, "usa", 1, "construction")
    assert state.players["usa"].wheel[1].tiles == ["base"]
    rotate_wheel(rec, "usa", 4, "Workshop")
    assert tiles_on_wheel(state, "usa") == ["base"]
    assert state.players["usa"].excavators == 2
    rotate_wheel(rec, "usa", 1, "Workshop")
    assert tiles_on_wheel(state, "usa") == []
    assert "base" in state.players["usa"].tiles
    assert state.players["usa"].excavators == 6
    assert rec.events[-1]["returned"] == {"tiles": ["base"], "excavators": 4, "mixers": 0}


def test_workshop_example_pay_2_rotate_2_collects_at_each_step() -> None:
    """Rulebook p. 17 Workshop: rotate 2 segments, collecting after each single segment."""
    state = make_game()
    usa = state.players["usa"]
    rec = Recorder(state)
    # two constructions 4 and 5 single steps ago: the older returns at step 1, the other at step 2
    load_wheel(rec, "usa", ["base"], 3, 0, "build")
    rotate_wheel(rec, "usa", 1, "build")
    load_wheel(rec, "usa", ["conduit"], 2, 0, "build")
    rotate_wheel(rec, "usa", 4, "build")
    assert usa.wheel[5].tiles == ["base"] and usa.wheel[4].tiles == ["conduit"]
    rec.events.clear()
    rotate_wheel(rec, "usa", 2, "Workshop: pay 2, rotate 2")
    assert [e["returned"]["tiles"] for e in rec.events] == [["base"], ["conduit"]]
    assert usa.excavators == 6
    assert wheel_machineries(state, "usa") == (0, 0)


def test_open_segment_always_empty_when_a_construction_starts() -> None:
    """companies.md §3 [derived]: after each construction's rotation the open segment is empty."""
    state = make_game()
    rec = Recorder(state)
    usa = state.players["usa"]
    for n in range(12):
        assert usa.wheel[0].is_empty()
        if not usa.tiles:  # every tile is on the wheel: a Workshop action first
            rotate_wheel(rec, "usa", 1, "Workshop")
            assert usa.wheel[0].is_empty()
        tile = usa.tiles[0]
        load_wheel(rec, "usa", [tile], min(1, usa.excavators), 0, f"construction {n}")
        rotate_wheel(rec, "usa", 1, "construction")
        assert sum(1 for s in usa.wheel if not s.is_empty()) <= 5
