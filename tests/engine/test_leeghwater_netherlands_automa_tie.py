"""The Netherlands Automa's extra drop, worked through with its numbers (automa.md §2.1,
leeghwater.md §10): "the extra drop goes to the dam of the most productive system other than the
one just used; if none or several, decide with the dam/elevation criteria" — the criteria tile's
dam/elevation column top to bottom, a criterion nobody meets skipped, then the location "N or
higher" (automa.md §8.2 steps 3-4).

The map (map.md): C2L value 3 from basin 2 to basin 6; C3R value 3 from basin 3 to basin 6; C3L
value 4 from basin 3 to basin 5; C6R value 2 from basin 6 to basin 7. Criteria tile 1:
dam/elevation column most-powerful-conduit (MPC), owned-powerhouse (OPH), upstream-powerhouse
(UPH); dam location 1.
"""

from __future__ import annotations

from helpers import place_conduit, place_dam, place_powerhouse
from test_leeghwater_automa import automa_expansion_game

from companion.engine.automa import rewards
from companion.engine.state import Decision, GameState

NL = "netherlands"


def _netherlands() -> GameState:
    """The Netherlands Automa (level 3) just produced from 6U (C6R, value 2, into P7-1)."""
    state = automa_expansion_game(1, level=3, automa=NL, criteria_tile=1)
    place_dam(state, "6U", NL, level=2)
    place_conduit(state, "C6R", NL)
    place_powerhouse(state, "P7-1", NL)
    return state


def _drop(state: GameState, *dams: str) -> str | None:
    """The Automa's answer to the Netherlands' drop decision offering `dams`."""
    answers = [{"dam": d} for d in dams] + [{"dam": None}]
    decision = Decision(kind="company_drop", player=NL, options={"used": "6U", "answers": answers})
    answer = rewards.automatic_answer(state, decision)
    assert answer is not None
    return answer["dam"]


def _two_systems_of_value_3() -> GameState:
    # 2U → C2L (3) → P6-1 and 3U → C3R (3) → P6-1: 1 drop produces 3 + 1 (2nd Powerhouse) = 4
    # energy from either, a tie for "most productive"
    state = _netherlands()
    place_dam(state, "2U", NL, level=2)
    place_dam(state, "3U", NL, level=2)
    place_conduit(state, "C2L", NL)
    place_conduit(state, "C3R", NL)
    place_powerhouse(state, "P6-1", NL)
    return state


def test_a_tie_of_two_systems_goes_to_the_basin_of_the_most_powerful_built_conduit() -> None:
    # tie 3 = 3 → MPC: basin 3 is where the most powerful built conduit starts (USA's C3L, 4;
    # the Netherlands have no Powerhouse in basin 5, so it is not a system of theirs) → 3U,
    # although "location 1 or higher" alone would have reached basin 2 first
    state = _two_systems_of_value_3()
    place_conduit(state, "C3L", "usa")
    assert _drop(state, "2U", "3U") == "3U"


def test_a_tie_nobody_breaks_goes_to_the_lowest_location_from_1() -> None:
    # tie 3 = 3 → MPC: both basins' best built conduit is 3 and the Netherlands' own (kept);
    # OPH: both basins lead to P6-1 (kept); UPH: no Powerhouse upstream of basins 2 or 3
    # (skipped) → location 1 or higher: basin 2 before basin 3 → 2U
    assert _drop(_two_systems_of_value_3(), "2U", "3U") == "2U"


def test_the_single_most_productive_other_system_needs_no_criteria() -> None:
    # 2U → C2L (3) against 3U → C3L (4) into P5-1: 4 > 3 → 3U, no criteria read
    state = _two_systems_of_value_3()
    place_powerhouse(state, "P5-1", NL)
    place_conduit(state, "C3L", NL)
    assert _drop(state, "2U", "3U") == "3U"


def test_no_other_system_the_dam_criteria_decide() -> None:
    # 2L and 3L hold no system (no conduit built from basins 2 and 3) → criteria: MPC has no
    # built conduit at any candidate (skipped); OPH: basin 3's conduit space C3L leads to the
    # Netherlands' P5-1, basin 2's C2L to basin 6 where they have none → 3L
    state = _netherlands()
    place_dam(state, "2L", NL)
    place_dam(state, "3L", NL)
    place_powerhouse(state, "P5-1", NL)
    assert _drop(state, "2L", "3L") == "3L"
