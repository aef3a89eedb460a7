"""The audit of real games played to the end with the engine (End of the Game, p. 21).

A seeded random game through the public API; the audit of the live state must equal the audit
of the state rebuilt from the stored events, add up to the engine's final scores, and name the
same winner; the history folded from the log ends at the final VP.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import commands_on_offer, setup_payload

from companion.engine import audit, execute, new_game, rebuild
from companion.engine.state import GameState


def acting_player(state: GameState) -> str | None:
    if state.pending and state.pending[-1].player:
        return state.pending[-1].player
    return state.active


def play_to_the_end(
    seed: int, players: int, mode: str = "introductory", automas: tuple[str, ...] = ()
) -> tuple[dict[str, Any], GameState, list[dict[str, Any]]]:
    rng = random.Random(seed)
    payload = setup_payload(players, seed=seed, mode=mode, automas=automas)
    state = new_game(payload).state
    records: list[dict[str, Any]] = []
    while not state.finished:
        offered = commands_on_offer(state, acting_player(state))
        assert offered, f"dead end in {state.phase}, round {state.round}"
        outcome = execute(state, rng.choice(offered))
        records.append({"command": {}, "events": outcome.events})
        state = outcome.state
        assert len(records) < 3000, "the game does not end"
    return payload, state, records


@pytest.fixture(scope="module")
def finished_game() -> tuple[dict[str, Any], GameState, list[dict[str, Any]]]:
    return play_to_the_end(seed=11, players=4)


def test_replayed_game_gives_the_same_audit(finished_game: Any) -> None:
    payload, live, records = finished_game
    replayed = rebuild(payload, records)
    assert audit.audit_of_game(replayed) == audit.audit_of_game(live)


def test_audit_adds_up_to_the_engine_final_scores(finished_game: Any) -> None:
    _, live, _ = finished_game
    result = audit.audit_of_game(live)
    assert result["finished"]
    for row in result["players"]:
        final = live.final_scores[row["company"]]
        assert result["totals"][row["company"]] == final["total"] == row["vp"]
        assert sum(cell["vp"] for cell in row["cells"].values()) == row["vp"]
        for category, cell in row["cells"].items():
            assert cell["vp"] == final.get(category, 0), category
    winners = {c for c, f in live.final_scores.items() if f["winner"]}
    assert set(result["result"]["winner"]) == winners


def test_audit_end_of_game_rows_match_the_ledger(finished_game: Any) -> None:
    """The objective, resources and water the audit explains are those the engine scored."""
    _, live, _ = finished_game
    result = audit.audit_of_game(live)
    for row in result["players"]:
        cells = row["cells"]
        assert cells.get("objective", {"vp": 0})["vp"] == row["objective_vp"]
        assert cells.get("resources", {"vp": 0})["vp"] == row["resources"]["vp"]
        assert cells.get("water", {"vp": 0})["vp"] == row["water"]["vp"]
        assert row["projected"] == row["vp"]  # nothing left to project once scored


def test_history_of_a_played_game(finished_game: Any) -> None:
    payload, live, records = finished_game
    table = audit.history(new_game(payload).state, records)
    assert table["rounds"] == [1, 2, 3, 4, 5]
    for player in table["players"]:
        assert player["by_round"][-1]["vp"] == live.players[player["company"]].vp
        assert all(r["energy"] >= 0 for r in player["by_round"])
    ledger = audit.history_from_ledger(live)
    for a, b in zip(table["players"], ledger["players"], strict=True):
        assert [r["vp"] for r in a["by_round"]] == [r["vp"] for r in b["by_round"]]


def test_audit_of_a_game_with_an_automa() -> None:
    payload, live, records = play_to_the_end(seed=5, players=3, automas=("italy",))
    result = audit.audit_of_game(live)
    italy = next(r for r in result["players"] if r["company"] == "italy")
    assert italy["kind"] == "automa"
    assert italy["resources"]["credits"] == 0  # an Automa has no Credits
    assert result["totals"]["italy"] == live.final_scores["italy"]["total"]
    assert audit.audit_of_game(rebuild(payload, records)) == result


def test_edge_case_16_tiebreak_reads_the_last_round_energy(finished_game: Any) -> None:
    """The final tiebreak uses the energy of round 5, read before any reset (p. 21)."""
    payload, live, records = finished_game
    result = audit.audit_of_game(live)
    table = audit.history(new_game(payload).state, records)
    round_5 = {p["company"]: p["by_round"][-1]["energy"] for p in table["players"]}
    for row in result["players"]:
        assert row["last_round_energy"] == round_5[row["company"]]
        assert row["last_round_energy"] == live.final_scores[row["company"]]["last_round_energy"]
