"""The audit of real games played to the end with the engine (End of the Game, p. 21).

A seeded random game through the public API; the audit of the live state must equal the audit
of the state rebuilt from the stored events, add up to the engine's final scores, and name the
same winner; the history folded from the log ends at the final VP.
"""

from __future__ import annotations

import random
import re
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


# -- ledger reasons in the table's words ------------------------------------------------------

# component ids a player never sees on the table: tiles, income slots, Management spaces,
# short company names, and contract ids without their colour and need
RAW_IDS = re.compile(
    r"\b(?:B|O)_[A-Z_]+\b|\bL[123]_[A-Z]+\b|\bincome:\w+:\d\b"
    r"|\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\b(?:GER|ITA|FRA|NED)\b|\(s\)"
    r"|\b(?:[GYR]\d{2}|[NS]\d)\b(?! \((?:green|yellow|red|starting|national), \d+ energy\))"
)


@pytest.mark.parametrize(("seed", "players"), [(11, 4), (7, 2)])
def test_ledger_lines_of_a_played_full_game_name_no_component_ids(seed: int, players: int) -> None:
    """The audit's ledger lines speak the table's words: the printed tiles carry no ids."""
    _, live, _ = play_to_the_end(seed=seed, players=players, mode="full")
    lines = [line for row in audit.audit_of_game(live)["players"] for line in row["lines"]]
    assert any(RAW_IDS.search(line["reason"]) for line in lines)  # the stored reasons do
    assert [line["text"] for line in lines if RAW_IDS.search(line["text"])] == []


# -- energy per round in the history (a small game played by hand) ----------------------------


def _play(state: GameState, records: list[dict[str, Any]], command: dict[str, Any]) -> GameState:
    outcome = execute(state, command)
    records.append({"kind": "command", "events": outcome.events})
    return outcome.state


def _bank_and_pass_to_next_round(state: GameState, records: list[dict[str, Any]]) -> GameState:
    """Every player puts all Engineers on the Bank, then passes (ruling R17)."""
    start = state.round
    while state.round == start:
        offered = commands_on_offer(state, acting_player(state))
        banks = [c for c in offered if c["type"] == "bank"]
        passes = [c for c in offered if c["type"] == "pass"]
        command = passes[0] if passes else max(banks, key=lambda c: c["engineers"])
        state = _play(state, records, command)
    return state


def test_history_energy_is_every_step_moved_on_the_track_in_the_round() -> None:
    """Energy per round: the steps each marker moved (Scoring phase, p. 20), produced apart.

    Round 1 by hand: USA produces 1 drop x conduit value 5 on a +0 Turbine Station space = 5
    produced, fulfilling the Starting Contract S1 whose reward moves 2 more steps (companies.md
    "energy steps") -> 7 on the track, 5 produced. Italy, 3 Powerhouses (production bonus +1,
    ability on): 1 drop x value 3 + 1 = 4 produced, then +3 steps (Appendix 2) -> 7 and 4.
    Round 2: the markers start at 0 (End of Round, p. 21); the table corrects USA's marker to
    6, then to 2 -> USA 2 (the highest the marker stood, 6, is not what was ranked), Italy 0.
    """
    state = new_game(setup_payload(["usa", "italy"], seed=3)).state
    initial = state.copy()
    records: list[dict[str, Any]] = []
    pieces = [
        ("usa", "1U", "base"),
        ("usa", "C1L", "conduit"),
        ("usa", "P8-1", "powerhouse"),
        ("italy", "2U", "base"),
        ("italy", "C2L", "conduit"),
        ("italy", "P6-2", "powerhouse"),
        ("italy", "P5-1", "powerhouse"),
        ("italy", "P7-1", "powerhouse"),
    ]
    for company, space, kind in pieces:
        value = {"structure": kind, "present": True}
        state = _play(state, records, correction("structure", value, company, space))
    for dam in ("1U", "2U"):
        state = _play(state, records, correction("dam_drops", 1, space=dam))
    system = {"dam": "1U", "conduit": "C1L", "powerhouse": "P8-1", "drops": 1}
    usa = {"type": "produce", "player": "usa", "space": "TS_0_L", **system, "contract": "S1"}
    state = _play(state, records, usa)
    system = {"dam": "2U", "conduit": "C2L", "powerhouse": "P6-2", "drops": 1}
    state = _play(
        state, records, {"type": "produce", "player": "italy", "space": "TS_0_R", **system}
    )
    state = _bank_and_pass_to_next_round(state, records)
    state = _play(state, records, correction("energy", 6, "usa"))
    state = _play(state, records, correction("energy", 2, "usa"))

    table = {p["company"]: p["by_round"] for p in audit.history(initial, records)["players"]}
    assert [(r["round"], r["energy"], r["produced"]) for r in table["usa"]] == [
        (1, 7, 5),
        (2, 2, 0),
    ]
    assert [(r["round"], r["energy"], r["produced"]) for r in table["italy"]] == [
        (1, 7, 4),
        (2, 0, 0),
    ]
    # the Scoring phase of round 1 ranked the same energy (the tiebreak reads it too)
    assert state.players["usa"].last_round_energy == 7


def correction(
    what: str, value: Any, company: str | None = None, space: str | None = None
) -> dict[str, Any]:
    command: dict[str, Any] = {"type": "correct", "what": what, "value": value, "reason": "table"}
    if company:
        command["company"] = company
    if space:
        command["space"] = space
    return command


@pytest.mark.parametrize(("mode", "automas"), [("full", ()), ("introductory", ("germany",))])
def test_every_vp_line_of_a_played_game_has_a_structured_source(
    mode: str, automas: tuple[str, ...]
) -> None:
    """Issue 10: every ledger line says what scored it as data (kind, id, numbers)."""
    _, live, _ = play_to_the_end(seed=3, players=3, mode=mode, automas=automas)
    lines = [line for p in live.players.values() for line in p.ledger]
    assert lines and all(line.source for line in lines), [
        (line.category, line.reason) for line in lines if not line.source
    ]
