"""Property tests of the water flow (map.md §4): random maps and waiting drops.

Laws: drops are conserved (held + waiting + left the map), no dam ever holds more than its
capacity, the pure preview `simulate_catches` predicts the Water Flow phase exactly, and
the result does not depend on the order of the headstreams (map.md §4, ruling R8).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_water_fixtures import build, events_of, recorder, table

from companion.engine import water
from companion.engine.board import DAM_SPACES, HEADSTREAM_LETTERS
from companion.engine.state import NEUTRAL, GameState

OWNERS = ("usa", "germany", "italy", "france", NEUTRAL)


@st.composite
def boards(draw: st.DrawFn) -> GameState:
    """A map with random dams (any owner, level 1-3, some drops) and waiting drops."""
    graziano = draw(st.sampled_from((None, "usa", "italy")))
    state = table(officers={graziano: "graziano_del_monte"} if graziano else {})
    spaces = draw(st.lists(st.sampled_from(DAM_SPACES), unique=True, max_size=12))
    for space in spaces:
        owner = draw(st.sampled_from(OWNERS))
        level = draw(st.integers(1, 3))
        build(state, owner, dams={space: (level, 0)})
        state.dams[space].drops = draw(st.integers(0, water.capacity(state, space)))
    usa = draw(st.lists(st.sampled_from(("P5-1", "P8-2", "P9-1", "P10-3", "P11-1", "P12-4"))))
    for space in set(usa):
        state.powerhouses[space] = "usa"
    state.players["usa"].built["powerhouse"] = len(set(usa))
    for letter in HEADSTREAM_LETTERS:
        state.headstreams[letter] = draw(st.integers(0, 5))
    return state


@settings(max_examples=150, deadline=None)
@given(boards())
def test_a_water_flow_phase_conserves_drops_and_respects_capacity(state: GameState) -> None:
    before = water.drops_on_board(state)
    rec = recorder(state)
    water.water_flow_phase(rec)
    left = sum(1 for e in events_of(rec, "drop_flowed") if e["left_map"])
    assert water.drops_on_board(rec.state) + left == before
    assert all(n == 0 for n in rec.state.headstreams.values())
    for space, dam in rec.state.dams.items():
        assert dam.drops <= water.capacity(rec.state, space)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_simulate_catches_predicts_the_water_flow_phase(state: GameState) -> None:
    predicted = water.simulate_catches(state)
    rec = recorder(state)
    water.water_flow_phase(rec)
    caught: dict[str, int] = {}
    for e in events_of(rec, "drop_flowed"):
        if e["stopped_at"]:
            caught[e["stopped_at"]] = caught.get(e["stopped_at"], 0) + 1
    assert predicted == caught


def _flowed(state: GameState, extra: dict[str, int]) -> list[tuple[str, int]]:
    """What the Water Flow phase catches with `extra` drops waiting too, in order caught."""
    copy = state.copy()
    for letter, n in extra.items():
        copy.headstreams[letter] += n
    rec = recorder(copy)
    water.water_flow_phase(rec)
    caught: dict[str, int] = {}
    for e in events_of(rec, "drop_flowed"):
        if e["stopped_at"]:
            caught[e["stopped_at"]] = caught.get(e["stopped_at"], 0) + 1
    return list(caught.items())


extras = st.dictionaries(st.sampled_from(HEADSTREAM_LETTERS), st.integers(1, 3), max_size=3)


@settings(max_examples=100, deadline=None)
@given(boards(), st.lists(extras, min_size=1, max_size=8))
def test_previews_sharing_their_flows_each_predict_the_water_flow_phase(
    state: GameState, extra_drops: list[dict[str, int]]
) -> None:
    """water.Catches traces the flows its previews share once (the Water action's options):
    each preview is still what the phase would catch, in the order it catches (ruling R8)."""
    catches = water.Catches(state)
    for extra in extra_drops:
        assert list(catches(extra).items()) == _flowed(state, extra)


@settings(max_examples=100, deadline=None)
@given(boards(), st.permutations(HEADSTREAM_LETTERS))
def test_the_order_of_the_headstreams_does_not_change_the_result(
    state: GameState, order: list[str]
) -> None:
    # map.md §4: order-independent (ruling R8 only fixes A-D for a readable log)
    rec = recorder(state)
    water.water_flow_phase(rec)
    other = recorder(state)
    for letter in order:
        while other.state.headstreams[letter]:
            water.flow_drop(other, headstream=letter, waiting=True, reason="any order")
    assert {s: d.drops for s, d in rec.state.dams.items()} == {
        s: d.drops for s, d in other.state.dams.items()
    }
    assert rec.state.players["usa"].energy == other.state.players["usa"].energy
