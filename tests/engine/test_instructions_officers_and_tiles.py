"""Table instructions for the full game's powers (issue 3; UX.md numbered steps).

Mahiri Sekibo's activation (Appendix 3), the drops of the Level I Base and Level II Elevation
tiles (Appendix 4), a Patent Office purchase (p. 19) and Germany's second production
(Appendix 2) each tell the table what to do.
"""

from __future__ import annotations

from helpers import make_state, place_conduit, place_dam, place_powerhouse, set_active

from companion.engine import execute
from companion.engine.places import space_name
from companion.engine.state import GameState


def full_state(officers: dict[str, str], *, active: str) -> GameState:
    draws = {"companies": list(officers), "officers": list(officers.values())}
    state = make_state(len(officers), mode="full", draws=draws, clear_headstreams=True)
    state.dams = {}
    set_active(state, active)
    return state


def texts(outcome) -> list[str]:  # type: ignore[no-untyped-def]
    return [i["text"] for i in outcome.instructions]


def says(outcome, text: str) -> bool:  # type: ignore[no-untyped-def]
    """One instruction reads `text` (after the "Company: " prefix, if any)."""
    return any(t == text or t.endswith(f": {text}") for t in texts(outcome))


def test_mahiri_activation_and_the_second_use_say_what_to_do() -> None:
    state = full_state({"usa": "mahiri_sekibo", "italy": "jill_mcdowell"}, active="usa")
    state.players["usa"].mahiri_uses_this_round = 1
    outcome = execute(state, {"type": "mahiri", "player": "usa", "officer": "jill_mcdowell"})
    assert says(
        outcome,
        "Put 1 Engineer on Mahiri Sekibo's tile: copy Jill McDowell's ability for this turn.",
    )
    assert says(outcome, "Pay 3 Credits.")


def test_level_i_base_tile_drops_are_put_from_the_general_supply() -> None:
    state = full_state({"usa": "wilhelm_adler", "italy": "jill_mcdowell"}, active="usa")
    place_dam(state, "1U", "usa")
    state.players["usa"].tiles.append("L1_BASE")
    state = execute(
        state,
        {"type": "build", "player": "usa", "structure": "base", "space": "9L", "tile": "L1_BASE"},
    ).state
    assert state.pending[-1].kind == "tile_effect"
    outcome = execute(state, {"type": "decide", "player": "usa", "answer": {"accept": True}})
    assert says(
        outcome,
        "Put 1 drop in the upper dam of the 1st Mountains basin, 1 drop in the lower dam of"
        " the 2nd Plains basin from the general supply.",
    )
    assert (outcome.state.dams["1U"].drops, outcome.state.dams["9L"].drops) == (1, 1)


def test_a_patent_purchase_tells_which_tile_to_take() -> None:
    state = make_state(2, mode="full", seed=5)
    company = str(state.active)
    tile = state.patent_offer[2]
    outcome = execute(state, {"type": "patent", "player": company, "space": "PO_3"})
    assert says(outcome, "Put 2 Engineers on the action space PO_3.")
    assert says(outcome, "Pay 5 Credits.")
    assert says(outcome, f"Take the Advanced Technology tile {tile}.")


def test_germanys_second_production_moves_the_marker_again() -> None:
    state = full_state({"germany": "wilhelm_adler", "france": "viktor_fiesler"}, active="germany")
    place_dam(state, "6U", "germany", level=2, drops=2)
    place_dam(state, "7U", "germany", level=3, drops=1)
    place_conduit(state, "C6R", "germany")
    place_conduit(state, "C7L", "germany")
    for space in ("P7-2", "P10-3", "P11-3"):
        place_powerhouse(state, space, "germany")
    state = execute(
        state,
        {"type": "produce", "player": "germany", "space": "TS_P2_L", "dam": "6U",
         "conduit": "C6R", "powerhouse": "P7-2", "drops": 2},
    ).state  # fmt: skip
    answer = {"dam": "7U", "conduit": "C7L", "powerhouse": "P10-3", "drops": 3}
    outcome = execute(state, {"type": "decide", "player": "germany", "answer": answer})
    want = (space_name("7U"), space_name("P10-3"), "6 Energy")
    assert any(all(w in t for w in want) for t in texts(outcome))
    assert outcome.state.players["germany"].energy == 7 + 6
