"""The correction sheet covers everything the table can see (issue 9 item 7): round, whose
turn, turn order, passed players, the Contract and Patent Office offers, bonus, objective and
headstream tiles, taken Management spaces, and a whole position for a game begun on paper.
Each line is logged as "<what> <before> → <after> — <reason>".
"""

from __future__ import annotations

import pytest
from helpers import make_state

from companion.engine import RuleViolation, execute, legal_options, rebuild
from companion.engine.table_words import contract_name, headstream_tile_name


def correct(state, **fields):
    return execute(state, {"type": "correct", "reason": "the table says so", **fields})


def test_a_resource_correction_is_logged_with_before_and_after() -> None:
    outcome = correct(make_state(4), what="credits", company="usa", value=8)
    [event] = outcome.events
    assert event["reason"] == "USA Credits 6 → 8 — the table says so"
    assert event["before"] == 6


def test_vp_correction_logs_the_line_in_the_ledger() -> None:
    state = correct(make_state(4), what="vp", company="italy", value=17).state
    assert state.players["italy"].ledger[-1].reason == "Italy VP 10 → 17 — the table says so"


def test_round_turn_order_whose_turn_and_passed() -> None:
    state = make_state(3)
    state = correct(state, what="round", value=3).state
    state = correct(state, what="turn_order", value=["italy", "usa", "germany"]).state
    state = correct(state, what="passed", value=["usa"]).state
    outcome = correct(state, what="active", value="germany")
    state = outcome.state
    assert (state.round, state.turn_order, state.active) == (
        3,
        ["italy", "usa", "germany"],
        "germany",
    )
    assert [c for c, p in state.players.items() if p.passed] == ["usa"]
    assert outcome.events[0]["reason"] == "Whose turn USA → Germany — the table says so"
    # the game goes on from there: Germany acts, the turn passes on skipping USA
    assert legal_options(state)["player"] == "germany"


def test_offers_and_tiles_are_set_in_the_components_words() -> None:
    state = make_state(4)
    outcome = correct(state, what="contract_offer", value={"green": ["G01", "G02"]})
    assert outcome.state.contract_offer["green"] == ["G01", "G02"]
    assert contract_name("G01") in outcome.events[0]["reason"]
    assert "G01" not in outcome.state.contract_piles["green"]
    tiles = {"A": "H1", "B": "H2", "C": "H3", "D": "H4"}
    outcome = correct(outcome.state, what="headstream_tiles", value=tiles)
    assert outcome.state.headstream_tiles == tiles
    assert headstream_tile_name("H1") in outcome.events[0]["reason"]
    assert headstream_tile_name("H1") == "the headstream tile 0·2·2·0"
    bonus = ["B_BASES", "B_CONDUITS", "B_CONTRACTS", "B_POWERHOUSES", "B_ELEVATIONS"]
    state = correct(outcome.state, what="bonus_tiles", value=bonus).state
    state = correct(state, what="objective", value="O_BASINS_3").state
    state = correct(state, what="occupied", value={"WS_1_L": "italy"}).state
    assert (state.bonus_tiles, state.objective, state.occupied["WS_1_L"]) == (
        bonus,
        "O_BASINS_3",
        "italy",
    )


@pytest.mark.parametrize(
    ("what", "value", "says"),
    [
        ("round", 6, "The round is 1 to 5."),
        ("turn_order", ["usa", "usa", "italy", "france"], "every company once"),
        ("contract_offer", {"green": ["Y01"]}, "not a green contract"),
        ("headstream_tiles", {"A": "H1", "B": "H1", "C": "H2", "D": "H3"}, "different"),
    ],
)
def test_impossible_values_are_refused_in_words(what, value, says) -> None:
    state = make_state(4)
    with pytest.raises(RuleViolation, match=says):
        correct(state, what=what, value=value)


def test_a_whole_position_is_one_command_and_replays() -> None:
    state = make_state(("usa", "germany", "italy"))
    position = {
        "round": 2,
        "turn_order": ["germany", "italy", "usa"],
        "active": "italy",
        "passed": ["germany"],
        "players": {
            "usa": {"credits": 9, "vp": 21, "wheel": [{"tiles": ["base"], "excavators": 3}]},
            "italy": {"engineers": 5, "energy": 4},
        },
        "map": [
            {"what": "dam_drops", "space": "1U", "value": 1},
            {
                "what": "structure",
                "company": "usa",
                "space": "1U",
                "value": {"structure": "base", "present": True},
            },
        ],
    }
    outcome = correct(state, what="position", value=position)
    s = outcome.state
    assert (s.round, s.active, s.players["usa"].credits, s.players["usa"].vp) == (2, "italy", 9, 21)
    assert s.dams["1U"].owner == "usa" and s.dams["1U"].drops == 1
    assert s.players["usa"].wheel[0].tiles == ["base"]
    assert s.players["germany"].passed and not s.players["italy"].passed
    # a fold of the stored events gives the same state (undo and reload keep the position)
    record = {"command": {"type": "correct"}, "events": outcome.events}
    from helpers import setup_payload

    from companion.engine.state import to_json

    rebuilt = rebuild(setup_payload(("usa", "germany", "italy")), [record])
    assert to_json(rebuilt)["players"] == to_json(s)["players"]
