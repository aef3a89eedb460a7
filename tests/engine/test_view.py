"""The device view of a state: derived dam capacities next to the stored data."""

import random
from dataclasses import asdict

from companion.engine import execute, new_game
from companion.engine.options import all_commands
from companion.engine.state import Dam, GameState, PlayerState, from_json, to_json
from companion.engine.view import state_json_of_view, state_view


def _state() -> GameState:
    state = GameState()
    state.players["usa"] = PlayerState(company="usa", officer="graziano_del_monte")
    state.players["italy"] = PlayerState(company="italy", officer="viktor_fiesler")
    state.dams["1U"] = Dam(owner="usa", level=3, drops=4)
    state.dams["2U"] = Dam(owner="italy", level=3, drops=3)
    state.dams["8L"] = Dam(owner="neutral", level=3, drops=1)
    return state


def test_view_shows_graziano_level_3_dams_holding_4_and_others_their_level() -> None:
    # ruling R11: only Graziano Del Monte's own level-3 dams hold 4, never neutral ones
    dams = state_view(_state())["dams"]
    assert dams["1U"]["capacity"] == 4
    assert dams["2U"]["capacity"] == 3
    assert dams["8L"]["capacity"] == 3


def test_view_adds_capacity_without_changing_the_stored_state() -> None:
    state = _state()
    before = to_json(state)
    view = state_view(state)
    assert to_json(state) == before
    assert "capacity" not in before["dams"]["1U"]
    assert {k: v for k, v in view["dams"]["1U"].items() if k != "capacity"} == before["dams"]["1U"]


def test_view_shows_mahiris_kept_4th_drop_as_a_full_dam() -> None:
    # Appendix 3: Mahiri copying Graziano; the 4 drops stay after the copy has ended
    state = GameState()
    state.players["france"] = PlayerState(company="france", officer="mahiri_sekibo")
    state.dams["3U"] = Dam(owner="france", level=3, drops=4)
    assert state_view(state)["dams"]["3U"]["capacity"] == 4


def _seeded_states(seed: int, moves: int) -> list[GameState]:
    """The states of a seeded random 4-player game (legal commands only)."""
    rng = random.Random(seed)
    seats = [{"company": c, "name": c} for c in ("usa", "germany", "italy", "france")]
    state = new_game({"mode": "introductory", "seed": seed, "seats": seats}).state
    states = [state]
    for _ in range(moves):
        if state.finished:
            break
        player = state.pending[-1].player if state.pending else None
        state = execute(state, rng.choice(all_commands(state, player or state.active))).state
        states.append(state)
    return states


def test_to_json_is_the_data_asdict_gives_and_the_view_stores_back_to_it() -> None:
    # a tap encodes the state once: the fast to_json must equal dataclasses.asdict, and the
    # stored snapshot taken from the view must be the state's own JSON
    for state in [_state(), *_seeded_states(3, 120)[::7]]:
        assert to_json(state) == asdict(state)
        assert state_json_of_view(state_view(state)) == to_json(state)
        assert to_json(from_json(to_json(state))) == to_json(state)


def test_to_json_keeps_the_fields_in_order_and_only_the_fields() -> None:
    # to_json copies a dataclass's instance dict at once: its keys must stay the fields in
    # declaration order (as asdict), also for a state read back from JSON or pickled, and an
    # attribute set beside the fields is no part of the data
    state = _state()
    for again in (state, from_json(to_json(state)), state.copy()):
        assert [list(p) for p in to_json(again)["players"].values()] == [
            list(asdict(p)) for p in again.players.values()
        ]
    state.dams["1U"].note = "not a field"  # type: ignore[attr-defined]
    assert to_json(state)["dams"]["1U"] == {"owner": "usa", "level": 3, "drops": 4}
    assert list(to_json(state)) == list(asdict(state))
