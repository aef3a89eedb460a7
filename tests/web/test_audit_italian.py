"""The audit's exports in the language of the device that asks (issue 13): the CSV (headers
and lines), the JSON download, the print page and the standalone score pad. An Italian
device is one whose `lang` cookie says "it"; the Italian expected here is written out by hand
from the catalogue's vocabulary (Italian rulebook 003), not produced by the code under test.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_access_csv import REASONS, is_formula  # noqa: E402
from test_audit_web import COMMANDS, LEDGER_ENGINE, SETUP, entry  # noqa: E402
from test_web_real_engine import offered_commands  # noqa: E402

ITALIAN_HEADER = ["sezione", "n.", "round", "fase", "compagnia", "categoria", "pv", "testo"]
ENGLISH_HEADER = ["section", "seq", "round", "phase", "company", "category", "vp", "text"]
AUTOMA_SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 5,
    "seats": [
        {"company": "usa", "name": "Ana", "kind": "human"},
        {"company": "germany", "kind": "automa", "automa_level": 2},
    ],
}


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def italian(client: FlaskClient) -> FlaskClient:
    client.set_cookie("lang", "it")
    return client


@pytest.fixture
def real(tmp_path: Path) -> tuple[FlaskClient, str]:
    """A real-engine game with an Automa, played through its first Automa turn."""
    app = create_app({"DATABASE": str(tmp_path / "it.db"), "TESTING": True,
                      "SECRET_KEY": "test-only"})  # fmt: skip
    client = app.test_client()
    response = client.post("/api/games", json={"title": "Serata", "setup": AUTOMA_SETUP})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["game"]["id"]
    for _ in range(100):
        view = client.get(f"/api/games/{game_id}").get_json()
        commands = list(offered_commands(view["options"]))
        turns = [c for c in commands if c["type"] == "automa_turn"]
        command = turns[0] if turns else commands[0]
        answer = client.post(f"/api/games/{game_id}/commands",
                             json={"command": command, "version": view["version"]})  # fmt: skip
        assert answer.status_code == 200, answer.get_json()
        if turns:
            return client, game_id
    raise AssertionError("the Automa never played")


def test_an_italian_device_downloads_the_csv_in_italian(real: tuple[FlaskClient, str]) -> None:
    client, game_id = real
    rows = rows_of(italian(client).get(f"/api/audit/games/{game_id}/export.csv").get_data(True))
    assert rows[0] == ITALIAN_HEADER
    assert {r[0] for r in rows[1:]} == {"punteggio", "registro", "cronologia"}
    assert ["punteggio", "", "", "", "germany", "start", "16", "PV iniziali"] in rows
    assert any(r[0] == "punteggio" and r[5] == "total" and r[7] == "Totale" for r in rows)
    starts = [r[7] for r in rows if r[0] == "registro" and r[5] == "start"]
    assert starts and set(starts) == {"Punti Vittoria iniziali"}
    log = [r[7] for r in rows if r[0] == "cronologia"]
    assert any(line.startswith("Le ragioni dell'Automa per la tessera ") for line in log)
    assert not any(line.startswith("The Automa's reasons") for line in log)


def test_the_same_game_downloads_in_english_on_an_english_device(
    real: tuple[FlaskClient, str],
) -> None:
    client, game_id = real
    rows = rows_of(client.get(f"/api/audit/games/{game_id}/export.csv").get_data(True))
    assert rows[0] == ENGLISH_HEADER
    assert ["score", "", "", "", "germany", "start", "16", "Starting VP"] in rows
    log = [r[7] for r in rows if r[0] == "log"]
    assert any(line.startswith("The Automa's reasons for tile ") for line in log)


def test_the_json_download_speaks_the_device_s_language(real: tuple[FlaskClient, str]) -> None:
    client, game_id = real
    body = italian(client).get(f"/api/audit/games/{game_id}/export.json").get_data(True)
    data = json.loads(body)
    labels = {s["category"]: s["label"] for s in data["audit"]["sources"]}
    assert labels["start"] == "PV iniziali"
    lines = [line for entry in data["log"] for line in entry["lines"]]
    assert any(line.startswith("Le ragioni dell'Automa per la tessera ") for line in lines)
    assert '"words"' not in body  # rendered, not the stored keys


def test_an_italian_csv_still_neutralises_formulas(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "csv.db"), "ENGINE": LEDGER_ENGINE,
                      "TESTING": True, "SECRET_KEY": "test-only"})  # fmt: skip
    client = italian(app.test_client())
    game_id = client.post("/api/games", json={"title": "T", "setup": SETUP}).get_json()["game"]
    for version, reason in enumerate(REASONS):
        command = {"type": "score", "player": "usa", "vp": 2, "category": "correction",
                   "reason": reason}  # fmt: skip
        answer = client.post(f"/api/games/{game_id['id']}/commands",
                             json={"command": command, "version": version})  # fmt: skip
        assert answer.status_code == 200, answer.get_json()
    rows = rows_of(client.get(f"/api/audit/games/{game_id['id']}/export.csv").get_data(True))
    assert rows[0] == ITALIAN_HEADER
    assert not [cell for row in rows for cell in row if is_formula(cell)]
    ledger = [row[7] for row in rows if row[0] == "registro" and row[5] == "correction"]
    assert ledger == ["'" + reason for reason in REASONS]
    assert [
        "punteggio",
        "",
        "",
        "",
        "usa",
        "correction",
        str(2 * len(REASONS)),
        "Correzioni",
    ] in rows


def test_the_print_page_of_a_finished_game_is_italian(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "ENGINE": LEDGER_ENGINE,
                      "TESTING": True, "SECRET_KEY": "test-only"})  # fmt: skip
    client = italian(app.test_client())
    game_id = client.post("/api/games", json={"title": "Serata", "setup": SETUP}).get_json()
    game_id = game_id["game"]["id"]
    for version, command in enumerate([*COMMANDS, {"type": "end_game"}]):
        answer = client.post(f"/api/games/{game_id}/commands",
                             json={"command": command, "version": version})  # fmt: skip
        assert answer.status_code == 200, answer.get_json()
    html = client.get(f"/audit/games/{game_id}/print").get_data(as_text=True)
    assert "Punteggi finali" in html
    assert "Contratti" in html and "Totale" in html
    assert "Vince Italia con 19 PV." in html  # the Automa: 16 + 3 (Bank), its name in Italian
    assert "Risorse: Ana (USA) ha 6 Crediti + 6 Escavatori + 4 Betoniere = 16 → 3 PV" in html
    assert "si dividono le posizioni 1°, 2° (arrotondando per eccesso, regola R1)" in html
    assert "Winner:" not in html and "Resources:" not in html


def test_the_standalone_score_pad_speaks_italian() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-only", "DATABASE": ":memory:"})
    client = italian(app.test_client())
    response = client.post("/api/audit/standalone/export.csv", json=entry())
    rows = rows_of(response.get_data(as_text=True))
    assert rows[0][:4] == ["posizione", "compagnia", "nome", "tipo"]
    steps = [r for r in rows if len(r) == 2]
    assert steps[0] == ["passo", "spiegazione"]
    assert steps[1][0] == "obiettivo" and steps[1][1].startswith("Tessera Obiettivo: ")
    # the entry's last-round energies (USA 12, Germany 20) break the tie on VP (p. 21)
    assert steps[-1][0] == "vincitore"
    assert steps[-1][1].startswith("USA e Germania pareggiano a ")
    assert steps[-1][1].endswith(
        "lo spareggio è l'energia prodotta nell'ultimo round (USA 12, Germania 20): vince Germania."
    )
    answer = client.post("/api/audit/standalone", json=entry()).get_json()
    assert answer["result"]["statement"] == steps[-1][1]
    bad = entry() | {"objective": "O_NOPE"}
    refused = client.post("/api/audit/standalone", json=bad)
    assert refused.status_code == 422
    assert refused.get_json()["message"] == "Scegli la tessera Obiettivo."
    page = client.get("/audit").get_data(as_text=True)
    assert "Basi collegate" in page or "Più pezzi in una zona" in page
    # the companies to choose, as the score pad's buttons name them (issue 20 point 6)
    assert '"name": "Germania"' in page and '"name": "Paesi Bassi"' in page
    assert '"name": "Germany"' not in page
