"""The engine's sentences rendered at the edge for an Italian device (issue 13).

A seeded game (four people, then one with an Automa) is played through the API; every table
instruction, legal-choice label and "why not" it produces, and the refusals of illegal moves,
go through companion/static/js/engine_words.js as an Italian phone runs it (Node, with the
generated it.json). The instructions of the common actions and the frequent refusals must come
out with no English word left; all the engine's sentences together must be at least 90 % Italian.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_web_real_engine import SETUP, offered_commands  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SAY = Path(__file__).resolve().parent / "js" / "say_it.mjs"
NODE = shutil.which("node")

# Words of the engine's English that have no place in an Italian sentence.
ENGLISH = re.compile(
    r"\b(the|and|from|with|your|on|to|of|Put|Take|Move|Pay|Score|Lose|Turn|Place|Build|"
    r"drops?|Engineers?|Credits?|Excavators?|Mixers?|row|left|right|tile|energy|turn|passes)\b"
)
# The table instructions of the common actions (instructions.py TEXT), in every game.
COMMON_KINDS = {
    "engineers_placed",
    "wheel_loaded",
    "wheel_rotated",
    "drop_flowed",
    "credits_paid",
    "credits_gained",
    "machineries_gained",
    "vp_scored",
    "energy_moved",
    "contract_taken",
    "contract_revealed",
    "structure_built",
    "turn_started",
    "player_passed",
    "round_started",
    "drops_placed",
    "production_made",
    "turn_order_set",
    "round_reset",
}


def _play(client: FlaskClient, setup: dict[str, Any], moves: int) -> Iterator[tuple[str, str]]:
    """(kind, sentence) for every engine sentence a seeded game shows on its way."""
    response = client.post("/api/games", json={"setup": setup})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["game"]["id"]
    view = client.get(f"/api/games/{game_id}").get_json()
    for step in view["setup_outcome"]["instructions"]:
        yield "setup", step["text"]
    for move in range(moves):
        yield from _option_sentences(view["options"])
        commands = list(offered_commands(view["options"]))
        if not commands:
            break
        command = commands[(move * 7) % len(commands)]
        body = {"command": command, "version": view["version"]}
        response = client.post(f"/api/games/{game_id}/commands", json=body)
        assert response.status_code == 200, response.get_json()
        for step in response.get_json()["instructions"]:
            yield step["kind"], step["text"]
        # the reply carries what changed; the whole view (with its options) is asked for
        view = client.get(f"/api/games/{game_id}").get_json()


def _option_sentences(options: Any) -> Iterator[tuple[str, str]]:
    for action in options.get("actions", []):
        if action.get("why"):
            yield "why", action["why"]
        for choice in action.get("choices", []):
            if choice.get("label"):
                yield "label", choice["label"]


def _refusals(client: FlaskClient) -> Iterator[tuple[str, str]]:
    """The messages of moves the engine refuses, as the player's device shows them."""
    response = client.post("/api/games", json={"setup": {**SETUP, "seed": 3}})
    game_id = response.get_json()["game"]["id"]
    view = client.get(f"/api/games/{game_id}").get_json()
    first = next(offered_commands(view["options"]))
    illegal = [
        {**first, "player": "germany"},  # not this company's turn
        {"type": "pass", "player": "usa"},  # Engineers left to place
        {"type": "bank", "player": "usa", "engineers": 0},
        {"type": "bank", "player": "usa", "engineers": 40},
    ]
    for command in illegal:
        body = {"command": command, "version": view["version"]}
        refused = client.post(f"/api/games/{game_id}/commands", json=body)
        assert refused.status_code == 422, refused.get_json()
        yield "refusal", refused.get_json()["message"]


def _italian(client: FlaskClient, sentences: list[tuple[str, str]], tmp: Path) -> list[str]:
    board = tmp / "board.json"
    board.write_text(json.dumps(client.get("/api/board").get_json()), encoding="utf-8")
    lines = "".join(json.dumps({"text": text}) + "\n" for _, text in sentences)
    done = subprocess.run(
        [str(NODE), str(SAY), str(ROOT), str(board)],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [json.loads(line)["said"] for line in done.stdout.splitlines()]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    if NODE is None:
        pytest.skip("Node.js is not installed (scripts/test installs it)")
    tmp = tmp_path_factory.mktemp("words")
    app = create_app({"DATABASE": str(tmp / "w.db"), "TESTING": True, "SECRET_KEY": "test"})
    client = app.test_client()
    automa = [dict(seat) for seat in SETUP["seats"]]
    automa[1].update(kind="automa", automa_level=2)
    sentences = [
        *_play(client, {**SETUP, "seed": 7}, 90),
        *_play(client, {**SETUP, "seed": 11, "seats": automa}, 90),
        *_refusals(client),
    ]
    said = _italian(client, sentences, tmp)
    return [(kind, text, it) for (kind, text), it in zip(sentences, said, strict=True)]


def test_the_common_table_instructions_read_in_italian(
    rendered: list[tuple[str, str, str]],
) -> None:
    common = [(text, it) for kind, text, it in rendered if kind in COMMON_KINDS]
    assert len({kind for kind, _, _ in rendered if kind in COMMON_KINDS}) >= 12
    left = [f"{text} => {it}" for text, it in common if ENGLISH.search(it)]
    assert left == []
    # the rulebook's words (003): one sentence of each, checked by hand
    said = {it for _, it in common}
    assert any(it.startswith("Metti ") and "Ingegner" in it for it in said)
    assert any("Ruota di Costruzione" in it for it in said)
    assert any(it.startswith("Sposta una Goccia da Sorgente") for it in said)


def test_the_frequent_refusals_read_in_italian(rendered: list[tuple[str, str, str]]) -> None:
    refusals = {text: it for kind, text, it in rendered if kind == "refusal"}
    assert refusals["It is USA's turn, not Germany's."] == "Tocca a USA, non a Germania."
    assert refusals["Put at least 1 Engineer on the Bank."] == (
        "Metti almeno 1 Ingegnere sulla Banca."
    )
    assert [it for it in refusals.values() if ENGLISH.search(it)] == []


def test_nine_in_ten_engine_sentences_read_in_italian(
    rendered: list[tuple[str, str, str]],
) -> None:
    italian = [it for _, _, it in rendered if not ENGLISH.search(it)]
    share = len(italian) / len(rendered)
    assert len(rendered) > 1000
    assert share >= 0.9, f"{share:.1%} of {len(rendered)} engine sentences read in Italian"


def test_a_sentence_no_shape_knows_is_shown_as_the_engine_wrote_it(
    tmp_path: Path,
) -> None:
    if NODE is None:
        pytest.skip("Node.js is not installed (scripts/test installs it)")
    app = create_app({"DATABASE": str(tmp_path / "x.db"), "TESTING": True, "SECRET_KEY": "t"})
    unknown = "Grumble the flux capacitor twice"
    assert _italian(app.test_client(), [("x", unknown)], tmp_path) == [unknown]
