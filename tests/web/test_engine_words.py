"""The engine's sentences arrive in the device's language (issue 13).

The engine says every sentence as a catalogue key with its parts (companion/engine/words.py);
the web edge renders it. Two seeded games (four people, then one with an Automa) are played
with the engine's own legal options; every table instruction, legal-choice label and its
preview (the Automa's trace and steps), "why not", question, undo step and the reason of every
event the log shows is rendered with the Italian catalogue as an
Italian device reads it. At least 99 % must be wholly Italian: no English word of the
engine's sentences left, and none equal to its English unless it is a proper noun.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app import create_app
from companion.engine import game, words
from companion.engine.options import legal_options
from companion.engine.reverse import reverse_instructions
from companion.engine.state import GameState
from companion.i18n import translator

SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 7,
    "seats": [
        {"company": "usa", "name": "Ana"},
        {"company": "germany", "name": "Bo"},
        {"company": "italy", "name": "Cy"},
        {"company": "france", "name": "Di"},
    ],
}
MOVES = 90

# Words of the engine's English that have no place in an Italian sentence.
ENGLISH = re.compile(
    r"\b(the|and|from|with|your|on|to|of|Put|Take|Move|Pay|Score|Lose|Turn|Place|Build|"
    r"drops?|Engineers?|Credits?|Excavators?|Mixers?|row|left|right|tile|energy|turn|passes|"
    r"Water|Shop|Bank|Workshop|Income|Pass|Decline|space|basin|dam|conduit|powerhouse|"
    r"elevation|building|wild|contract|criterion|skipped|nobody|only|tied|flowing|once)\b"
)
# Names that read the same in both languages (the Italian rulebook 003 keeps "USA",
# "Automa", "Patent Office"): a line of only these and ids may equal its English.
PROPER = {"USA", "Automa", "Patent", "Office"}
# Ids the devices put in words themselves (names.js `humanize`: "C9L", "income:conduit:2",
# "L1_BASE", "G12"): never English words.
ID = re.compile(r"income:[a-z]+:\d|\b\w*[\d_]\w*\b")


def _offered(options: dict[str, Any]) -> list[dict[str, Any]]:
    commands = [c["command"] for a in options["actions"] for c in a["choices"]]
    if options["pending"]:
        commands += [c["command"] for c in options["pending"]["choices"]]
    return commands


def _preview_words(value: Any) -> Iterator[Any]:
    """Every sentence of a choice's preview: the Automa's trace lines, its steps (action,
    reason, plain line), a choice's text; ids (one word, no space) are not sentences."""
    if isinstance(value, words.Words) or (isinstance(value, str) and " " in value):
        yield value
    elif isinstance(value, dict):
        for part in value.values():
            yield from _preview_words(part)
    elif isinstance(value, list):
        for part in value:
            yield from _preview_words(part)


def _option_words(options: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    for action in options["actions"]:
        yield "action", action["label"]
        if action.get("why"):
            yield "why", action["why"]
        for choice in action["choices"]:
            yield "label", choice["label"]
            for said in _preview_words(choice.get("preview")):
                yield "preview", said
    pending = options["pending"]
    if pending:
        yield "question", pending["reason"]
        for choice in pending["choices"]:
            yield "label", choice["label"]
            for said in _preview_words(choice.get("preview")):
                yield "preview", said


def _outcome_words(outcome: game.Outcome) -> Iterator[tuple[str, Any]]:
    for step in outcome.instructions:
        yield "instruction", step["text"]
    for event in outcome.events:
        if event.get("reason"):
            yield "log", event["reason"]
    for step in reverse_instructions(outcome.events):  # what an undo asks of the table
        yield "undo", step["text"]


def _automa_acts(state: GameState, options: dict[str, Any]) -> bool:
    player = options.get("player")
    return bool(player) and state.players[player].is_automa


def _play(setup: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(kind, sentence) for every sentence of the engine a seeded game shows on its way; the
    kind of what an Automa's turn says starts with "automa " (automa/ says its own words)."""
    outcome = game.new_game(setup)
    yield from _outcome_words(outcome)
    state: GameState = outcome.state
    for move in range(MOVES):
        options = legal_options(state)
        automa = "automa " if _automa_acts(state, options) else ""
        for kind, value in _option_words(options):
            yield automa + kind, value
        commands = _offered(options)
        if not commands:
            break
        outcome = game.execute(state, commands[(move * 7) % len(commands)])
        for kind, value in _outcome_words(outcome):
            yield automa + kind, value
        state = outcome.state


def _wholly_italian(english: str, italian: str) -> bool:
    words_left = ID.sub(" ", italian)
    if ENGLISH.search(words_left):
        return False
    names = set(re.findall(r"[^\W\d_]+", words_left))
    return italian != english or names <= PROPER


LEEGHWATER: dict[str, Any] = {
    **SETUP,
    "mode": "full",
    "seed": 9,
    "expansion": True,
    "seats": [*SETUP["seats"][:3], {"company": "netherlands", "name": "Ed"}],
}


def _said(*setups: dict[str, Any]) -> list[tuple[str, Any, str]]:
    italian = translator("it")
    return [(kind, v, words.render(v, italian)) for s in setups for kind, v in _play(s)]


def _share(said: list[tuple[str, Any, str]]) -> tuple[float, list[str]]:
    left = [f"{kind}: {v} => {it}" for kind, v, it in said if not _wholly_italian(str(v), it)]
    return 1 - len(left) / len(said), left


@pytest.fixture(scope="module")
def said() -> list[tuple[str, Any, str]]:
    """(kind, sentence, its Italian) of the two seeded games of the introductory game."""
    automa = [dict(seat) for seat in SETUP["seats"]]
    automa[1].update(kind="automa", automa_level=2)
    return _said(SETUP, {**SETUP, "seed": 11, "seats": automa})


def test_ninety_nine_in_a_hundred_engine_sentences_are_wholly_italian(
    said: list[tuple[str, Any, str]],
) -> None:
    people = [line for line in said if not line[0].startswith("automa ")]
    assert len(people) > 10_000
    kinds = {"instruction", "label", "log", "why", "question", "undo", "preview"}
    assert kinds <= {k for k, _, _ in people}
    share, left = _share(people)
    assert share >= 0.99, f"{share:.2%} of {len(people)} Italian; left: {sorted(set(left))[:40]}"


def test_the_automa_turns_read_in_italian(said: list[tuple[str, Any, str]]) -> None:
    """The Automa's own turns: its trace lines, its steps (action, reason, plain line), the
    override choices the table may take instead, and what its moves ask of the table."""
    automa = [line for line in said if line[0].startswith("automa ")]
    assert len(automa) > 1_000
    assert {"automa preview", "automa label", "automa instruction"} <= {k for k, _, _ in automa}
    share, left = _share(automa)
    assert share >= 0.99, f"{share:.2%} of {len(automa)} Italian; left: {sorted(set(left))[:40]}"


def test_the_full_game_with_the_leeghwater_project_reads_in_italian() -> None:
    """The Patent Office, the draft, External Works and Private Buildings (expansion 004),
    played by four people and again with an Automa (its Buildings and External Works)."""
    seats = [dict(seat) for seat in LEEGHWATER["seats"]]
    seats[2].update(kind="automa", automa_level=1)
    said = _said(LEEGHWATER, {**LEEGHWATER, "seats": seats})
    assert any(kind.startswith("automa ") for kind, _, _ in said)
    share, left = _share(said)
    assert share >= 0.99, f"{share:.2%} of {len(said)} Italian; left: {sorted(set(left))[:40]}"


def test_the_common_table_instructions_read_in_the_rulebook_words(
    said: list[tuple[str, Any, str]],
) -> None:
    """One sentence of each, checked by hand against the Italian rulebook 003's words."""
    steps = {it for kind, _, it in said if kind == "instruction"}
    assert "Metti 1 Ingegnere sulla Banca." in steps or "Metti 2 Ingegneri sulla Banca." in steps
    assert any("Ruota di Costruzione" in it for it in steps)
    assert any(it.startswith("Sposta una Goccia da Sorgente") for it in steps)
    assert "Turno di Germania." in steps
    labels = {it for kind, _, it in said if kind == "label"}
    assert "Manutenzione riga 1, sinistra (1 Ingegnere): ruota la Ruota di 1" in labels


def test_an_english_device_reads_the_engine_sentences_as_before(
    said: list[tuple[str, Any, str]],
) -> None:
    """A `Words` is its English text; rendered in English it reads the same."""
    assert any(isinstance(v, words.Words) for _, v, _ in said)
    assert all(words.render(v, words.english) == str(v) for _, v, _ in said)


def test_a_game_reopened_from_its_file_still_speaks_italian(tmp_path: Path) -> None:
    """The setup steps and the open question (the draft of the full game, p. 9) are stored as
    keys with their parts: a new process on the same file renders them for an Italian device."""
    config = {"DATABASE": str(tmp_path / "g.db"), "TESTING": True, "SECRET_KEY": "test-only"}
    creator = create_app(config).test_client()
    draft = {**SETUP, "mode": "full", "seed": 3}
    created = creator.post("/api/games", json={"setup": draft})
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["game"]["id"]
    with creator.session_transaction() as session:
        joined = dict(session)
    italian = create_app(config).test_client()  # nothing of the game in memory
    with italian.session_transaction() as session:
        session.update(joined)
    italian.set_cookie("lang", "it")
    view = italian.get(f"/api/games/{game_id}").get_json()
    steps = [step["text"] for step in view["setup_outcome"]["instructions"]]
    assert any(step.startswith("Tessere Sorgente: la tessera Sorgente ") for step in steps)
    assert view["options"]["pending"]["reason"] == (
        "Ana: scegli una Compagnia con il suo Ufficiale Esecutivo e un Contratto iniziale."
    )


def test_the_log_reads_in_the_device_language(tmp_path: Path) -> None:
    """The game's story (GET /log) keeps each reason a key: an Italian device reads Italian."""
    config = {"DATABASE": str(tmp_path / "l.db"), "TESTING": True, "SECRET_KEY": "test-only"}
    client = create_app(config).test_client()
    game_id = client.post("/api/games", json={"setup": SETUP}).get_json()["game"]["id"]
    bank = {"type": "bank", "player": "usa", "engineers": 2}
    moved = client.post(f"/api/games/{game_id}/commands", json={"command": bank, "version": 0})
    assert moved.status_code == 200, moved.get_json()
    client.set_cookie("lang", "it")
    entries = client.get(f"/api/games/{game_id}/log").get_json()["entries"]
    lines = [line for entry in entries for line in entry["lines"]]
    assert "Metti 2 Ingegneri su: Banca." in lines
    assert "Turno di Germania." in lines
