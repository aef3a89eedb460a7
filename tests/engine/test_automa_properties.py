"""Properties of the Automa's choices on random maps (hypothesis).

Whatever the map: the space chosen is one of the legal candidates, a human could legally build
there (construction.placement_error agrees), and the choice does not change the state.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_automa_fixtures import position

from companion.engine import construction
from companion.engine.automa import placement, water_choice
from companion.engine.automa.tiles import TILES
from companion.engine.board import CONDUIT_SPACES, DAM_SPACES, POWERHOUSE_SPACES
from companion.engine.state import PIECES_PER_COMPANY

A = "italy"
OWNERS = st.sampled_from([A, "usa", "neutral"])


@st.composite
def maps(draw):
    dams = draw(st.dictionaries(st.sampled_from(DAM_SPACES), OWNERS, max_size=8))
    dam_data = {}
    seen: set[tuple[str, int]] = set()
    for space, owner in dams.items():
        basin = int(space[:-1])
        if (owner, basin) in seen and owner != "neutral":
            continue
        seen.add((owner, basin))
        level = draw(st.integers(1, 3))
        dam_data[space] = (owner, level, draw(st.integers(0, level)))
    conduits = draw(
        st.dictionaries(st.sampled_from(CONDUIT_SPACES), st.sampled_from([A, "usa"]), max_size=6)
    )
    powerhouses: dict[str, str] = {}
    for space in draw(st.lists(st.sampled_from(POWERHOUSE_SPACES), max_size=5, unique=True)):
        owner = draw(st.sampled_from([A, "usa"]))
        basin = space.split("-")[0]
        if any(s.split("-")[0] == basin and o == owner for s, o in powerhouses.items()):
            continue
        powerhouses[space] = owner
    headstreams = draw(st.dictionaries(st.sampled_from("ABCD"), st.integers(0, 3)))
    return position(
        dams=dam_data, conduits=conduits, powerhouses=powerhouses, headstreams=headstreams
    )


@settings(max_examples=150, deadline=None)
@given(maps(), st.sampled_from(sorted(TILES)), st.sampled_from(sorted(PIECES_PER_COMPANY)))
def test_choice_is_a_legal_candidate_and_pure(state, tile, structure):
    candidates = placement.legal_spaces(state, A, structure)
    before = state.copy()
    if not candidates:
        return
    chosen = placement.choose_space(state, A, structure, candidates, TILES[tile].criteria)
    assert chosen.space in candidates
    assert construction.placement_error(state, A, structure, chosen.space) is None
    assert chosen.steps
    assert state == before


@settings(max_examples=100, deadline=None)
@given(maps(), st.sampled_from(sorted(TILES)), st.integers(1, 2))
def test_water_choice_never_loses_own_drops(state, tile, n):
    criteria = TILES[tile].criteria
    choice = water_choice.choose_waiting_drops(state, A, n, criteria)
    extra: dict[str, int] = {}
    for letter in choice.letters:
        extra[letter] = extra.get(letter, 0) + 1
    base = water_choice.stored_in_own_dams(state, A, {})
    assert water_choice.stored_in_own_dams(state, A, extra) - base == choice.stored
    assert choice.stored >= 0 and len(choice.letters) <= n
