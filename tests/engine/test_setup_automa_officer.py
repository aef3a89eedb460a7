"""An Automa plays an Executive Officer only at level 4, "Overpowered" (automa.md §2, §2.2)."""

from __future__ import annotations

from typing import Any

from companion.engine import execute, new_game, rebuild
from companion.engine.state import to_json


def _payload(mode: str, level: int, *, officer: str | None = None) -> dict[str, Any]:
    automa: dict[str, Any] = {"kind": "automa", "automa_level": level, "company": "usa"}
    if officer:
        automa["officer"] = officer
    humans = [{"kind": "human", "name": "P2"}, {"kind": "human", "name": "P3"}]
    if mode == "introductory":
        humans = [{**h, "company": c} for h, c in zip(humans, ("germany", "italy"), strict=True)]
    return {"mode": mode, "seats": [automa, *humans], "deals": "app", "seed": 7}


def _play_draft(state: Any) -> Any:
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    return state


def test_full_game_level_4_automa_gets_an_officer_nobody_else_plays() -> None:
    state = _play_draft(new_game(_payload("full", 4)).state)
    automa = state.players["usa"]
    assert automa.officer is not None
    humans = [p.officer for c, p in state.players.items() if c != "usa"]
    assert automa.officer not in humans
    assert automa.credits == 0 and automa.contracts == []


def test_full_game_automa_below_level_4_has_no_officer() -> None:
    for level in (1, 2, 3):
        state = _play_draft(new_game(_payload("full", level)).state)
        assert state.players["usa"].officer is None


def test_level_4_automa_keeps_the_officer_its_seat_names() -> None:
    state = _play_draft(new_game(_payload("full", 4, officer="graziano_del_monte")).state)
    assert state.players["usa"].officer == "graziano_del_monte"


def test_introductory_level_4_automa_takes_its_columns_officer() -> None:
    # p. 8 table: USA plays Wilhelm Adler in the introductory game
    assert new_game(_payload("introductory", 4)).state.players["usa"].officer == "wilhelm_adler"
    assert new_game(_payload("introductory", 2)).state.players["usa"].officer is None


def test_the_automa_officer_deal_is_rebuilt_identically() -> None:
    payload = _payload("full", 4)
    live = new_game(payload).state
    assert to_json(rebuild(payload, [])) == to_json(live)
