"""The score audit of an expansion game: the Private Buildings' VP and the new bonus tiles in
the table's words (The Leeghwater Project, End of the Game; leeghwater.md §7, §9)."""

from __future__ import annotations

import pytest
from leeghwater_helpers import expansion_state, put_buildings
from test_leeghwater_property import play_expansion_game

from companion.engine.audit import AuditEntryError, audit_of_game, audit_standalone
from companion.engine.audit.words import bonus_tile_name, ledger_text
from companion.engine.leeghwater import activated
from companion.engine.scoring import building_vp


def test_the_new_bonus_tiles_are_named_as_printed() -> None:
    assert bonus_tile_name("B_EXTERNAL_WORKS") == "5 VP per External Work"
    assert bonus_tile_name("B_BUILDINGS") == "4 VP per Building"


def test_a_finished_expansion_game_lists_the_private_buildings_row() -> None:
    state = play_expansion_game(3, 4, "app")
    audit = audit_of_game(state)
    assert any(r["category"] == "building" for r in audit["sources"])
    for row in audit["players"]:
        company = row["company"]
        cell = row["cells"].get("building", {"vp": 0, "lines": []})
        end_lines = [x for x in cell["lines"] if x["phase"] == "scoring" and x["round"] == 5]
        assert sum(x["vp"] for x in end_lines) == building_vp(state, company)
        for line in end_lines:
            assert line["text"] == f"Private Buildings activated: {len(activated(state, company))}"
        assert row["vp"] == state.players[company].vp


def test_a_running_game_projects_the_buildings_vp() -> None:
    # X10's four buildings: 3 + 4 + 5 + 7 = 19 VP still to come at the end of the game
    state = expansion_state(2, seed=4)
    company = str(state.active)
    put_buildings(
        state, "cofferdam", "loan_agency", "wind_farm", "customer_office", "robot_factory"
    )
    for tile in ("cofferdam", "loan_agency", "wind_farm", "customer_office"):
        state.leeghwater["building_spaces"][tile][0] = company
    row = next(r for r in audit_of_game(state)["players"] if r["company"] == company)
    assert row["building_vp"] == 19
    assert (
        row["projected"] - row["vp"]
        == 19 + row["resources"]["vp"] + row["water"]["vp"] + (row["objective_vp"])
    )
    line = state.players[company].ledger[0]
    assert ledger_text(line) == "Starting Victory Points"


def test_the_standalone_score_pad_adds_the_private_buildings_vp() -> None:
    # X10 on the score pad: Cofferdam, Loan Agency, Wind Farm, Customer Office = 19 VP
    player = {
        "company": "usa",
        "vp_marker": 50,
        "credits": 0,
        "excavators": 0,
        "mixers": 0,
        "buildings": ["cofferdam", "loan_agency", "wind_farm", "customer_office"],
    }
    other = {"company": "netherlands", "vp_marker": 40, "buildings": ["cofferdam"]}
    result = audit_standalone({"objective": "O_BASINS_1", "players": [player, other]})
    by = {p["company"]: p for p in result["players"]}
    assert by["usa"]["building_vp"] == 19 and by["netherlands"]["building_vp"] == 3
    assert by["usa"]["total"] == 50 + by["usa"]["objective_vp"] + 19
    texts = [s["text"] for s in result["statements"] if s["step"] == "total"]
    assert any("+ Private Buildings 19 = " in t for t in texts)


def test_the_score_pad_refuses_an_unknown_or_repeated_building() -> None:
    player = {"company": "usa", "buildings": ["cofferdam", "cofferdam", "castle"]}
    with pytest.raises(AuditEntryError) as refused:
        audit_standalone({"objective": "O_BASINS_1", "players": [player]})
    codes = {e.code for e in refused.value.errors}
    assert codes == {"unknown_building", "building_twice"}
