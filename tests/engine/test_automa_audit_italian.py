"""The Automa's reasons and a finished game's audit in Italian (issue 13: the engine says each
sentence as a catalogue key with its parts; the edge renders it in the device's language).

The Italian sentences expected here are written out by hand from the catalogue's vocabulary
(Tessera, Ingegneri, Gocce, PV: the Italian rulebook 003), never produced by the code under
test; each Italian line must also differ from its English and hold none of the engine's
English words.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import commands_on_offer
from test_audit_games import play_to_the_end

from companion.engine import audit, execute, new_game
from companion.engine.state import GameState
from companion.engine.words import Words, from_json, render, to_json
from companion.i18n import translator

ITALIAN = translator("it")
# words of the engine's English that have no place in an Italian sentence
ENGLISH = re.compile(
    r"\b(the|and|with|of|on|Engineers?|drops?|skipped|tile|criteria|contracts?|energy|"
    r"Build|Produce|Water|Bank|Workshop|passes|Resources|Winner|counted|held|dams?)\b"
)
AUTOMA_SETUP: dict[str, Any] = {
    "mode": "introductory",
    "seed": 5,
    "deals": "app",
    "seats": [
        {"kind": "human", "company": "usa", "name": "Ann"},
        {"kind": "automa", "company": "germany", "automa_level": 2},
    ],
}


def italian(value: Any) -> Any:
    return render(value, ITALIAN)


# parts naming a place of the board: said by places.py / table_words.py (their own keys)
PLACE_PARTS = ("space", "dam", "where", "work")


def italian_around_places(value: Words) -> str:
    """The sentence in Italian with the board's place names left out (each is a part)."""
    parts = {k: ("·" if k in PLACE_PARTS else v) for k, v in value.params.items()}
    return italian(Words(value.key, parts))


def first_automa_turn() -> tuple[GameState, list[dict[str, Any]]]:
    """The game up to the Automa's first turn (the human takes the first offered move)."""
    state = new_game(AUTOMA_SETUP).state
    for _ in range(200):
        offered = commands_on_offer(state)
        turns = [c for c in offered if c["type"] == "automa_turn"]
        outcome = execute(state, turns[0] if turns else offered[0])
        if turns:
            return outcome.state, outcome.events
        state = outcome.state
    raise AssertionError("the Automa never played")


@pytest.fixture(scope="module")
def automa_turn() -> tuple[GameState, list[dict[str, Any]]]:
    return first_automa_turn()


def traced(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "automa_turn_traced")


def test_an_automa_turn_reads_in_italian_line_by_line(automa_turn: Any) -> None:
    _, events = automa_turn
    trace = traced(events)["trace"]
    lines = italian(trace["lines"])
    # automa.md §3.2: the criteria are on the tile just turned over, the actions on the next
    assert lines[0] == f"Tessera {trace['tile']} (criteri della tessera {trace['criteria_tile']})."
    assert len(lines) == len(trace["lines"]) >= 2
    for english, said in zip(trace["lines"], lines, strict=True):
        assert isinstance(english, Words)
        assert said != english, english
        assert ENGLISH.findall(said) == [], said


def test_the_automa_s_log_reasons_read_in_italian(automa_turn: Any) -> None:
    _, events = automa_turn
    drawn = next(e for e in events if e["type"] == "automa_tile_drawn")
    assert italian(drawn["reason"]) == (
        f"Gira la tessera Automa {drawn['tile']} sulla pila degli scarti: in questo turno si usa"
        " il suo lato dei criteri"
    )
    assert italian(traced(events)["reason"]) == (
        f"Le ragioni dell'Automa per la tessera {traced(events)['trace']['tile']} sono nella sua"
        " traccia."
    )
    placed = next(e for e in events if e["type"] == "automa_engineers_placed")
    assert italian(placed["reason"]).startswith(f"Metti {placed['engineers']} Ingegnere/i")


def test_each_step_s_reason_and_plain_line_read_in_italian(automa_turn: Any) -> None:
    _, events = automa_turn
    for step in traced(events)["trace"]["steps"]:
        for key in ("action", "reason", "plain"):
            if step.get(key):
                said = italian_around_places(step[key])
                assert said != step[key] and ENGLISH.findall(said) == [], (key, said)


def test_a_stored_trace_keeps_its_keys_and_reads_in_either_language(automa_turn: Any) -> None:
    state, _ = automa_turn
    stored = to_json(state.automa["last_trace"])
    assert "words" in stored["lines"][0]  # the key and its parts, not the English text
    back = from_json(stored)
    assert back["lines"] == state.automa["last_trace"]["lines"]  # English as before
    assert italian(back["lines"]) == italian(state.automa["last_trace"]["lines"])


# -- a finished game's audit ---------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> GameState:
    _, state, _ = play_to_the_end(seed=11, players=3, automas=("italy",))
    return state


def test_a_finished_game_s_ledger_reads_in_italian(finished: GameState) -> None:
    result = italian(audit.audit_of_game(finished))
    labels = {s["category"]: s["label"] for s in result["sources"]}
    assert labels["start"] == "PV iniziali"
    assert labels["objective"] == "Tessera Obiettivo"
    lines = [line for p in result["players"] for line in p["lines"]]
    starts = [line["text"] for line in lines if line["category"] == "start"]
    assert starts and set(starts) == {"Punti Vittoria iniziali"}
    english = audit.audit_of_game(finished)
    worded = [
        (e["text"], i["text"])
        for p, q in zip(english["players"], result["players"], strict=True)
        for e, i in zip(p["lines"], q["lines"], strict=True)
        if e.get("source") and e["source"]["kind"] in SOURCED
    ]
    assert worded, "no ledger line from a structured source"
    for en, it in worded:
        assert it != en and ENGLISH.findall(it) == [], (en, it)


# the ledger sources the audit words itself (audit/words.py SOURCE_WORDS, not the reasons)
SOURCED = {"start", "energy_ranking", "energy_track", "bonus_tile", "objective", "resources",
           "water", "conduit_use", "advanced_tile", "automa_action"}  # fmt: skip


def test_a_finished_game_s_statements_read_in_italian(finished: GameState) -> None:
    result = italian(audit.audit_of_game(finished))
    objective = result["objective"]["statements"]
    assert objective[0].startswith("Tessera Obiettivo: ")
    assert " Conteggi: " in objective[0]
    for p in result["players"]:
        assert p["resources"]["statement"].startswith(f"Risorse: {p['name']}")
        assert " ha " in p["resources"]["statement"]
        assert "1 PV ogni 5; la Ruota di Costruzione non conta" in p["resources"]["statement"]
        assert p["water"]["statement"].startswith("Acqua: le Dighe di ")
    winner = result["result"]["statement"]
    assert winner.startswith("Vince ") or " pareggiano a " in winner
    automa = next(p for p in result["players"] if p["kind"] == "automa")
    assert automa["company_name"] == "Italia"
    for statement in [*objective, result["result"]["statement"]]:
        assert ENGLISH.findall(statement) == [], statement


def test_the_english_audit_is_unchanged_by_the_keys(finished: GameState) -> None:
    result = audit.audit_of_game(finished)
    assert result["sources"][0] == {"category": "start", "label": "Starting VP"}
    assert result["players"][0]["resources"]["statement"].startswith("Resources: ")
