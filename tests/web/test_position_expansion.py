"""A game in progress with The Leeghwater Project, entered through the API (issue 11): the
`position` correction's shape is checked by its marshmallow schema (a 400 naming the field,
nothing stored), its meaning by the engine (a 422 in words), and a good one is one record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import ValidationError

from companion.app import create_app
from companion.engine import execute, new_game
from companion.engine.words import render
from companion.i18n import translator
from companion.schemas import PositionSchema, load_command

SETUP = {
    "mode": "full",
    "deals": "app",
    "seed": 7,
    "expansion": True,
    "seats": [
        {"company": "netherlands", "name": "Ana", "officer": "leslie_spencer"},
        {"company": "usa", "name": "Bo", "officer": "tommaso_battista"},
    ],
}


@pytest.fixture
def real(tmp_path: Path) -> Iterator[tuple[FlaskClient, str]]:
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "TESTING": True, "SECRET_KEY": "t"})
    client = app.test_client()
    response = client.post("/api/games", json={"title": "Paper", "setup": SETUP})
    assert response.status_code == 201, response.get_json()
    yield client, response.get_json()["game"]["id"]


def _send(client: FlaskClient, game_id: str, position: Any) -> Any:
    view = client.get(f"/api/games/{game_id}").get_json()
    command = {"type": "correct", "what": "position", "value": position, "reason": "paper"}
    return client.post(f"/api/games/{game_id}/commands",
                       json={"command": command, "version": view["version"]})  # fmt: skip


def _buildings(client: FlaskClient, game_id: str) -> list[str]:
    state = client.get(f"/api/games/{game_id}").get_json()["state"]
    return list(state["leeghwater"]["buildings"])


def test_a_good_expansion_position_is_stored_as_one_record(real: Any) -> None:
    client, game_id = real
    tiles = _buildings(client, game_id)
    position = {
        "round": 2,
        "building_spaces": {tiles[0]: ["usa", "netherlands", "blocked", "blocked"]},
        "external_taken": {"usa": ["A1"]},
        "players": {"netherlands": {"leslie_tile": 3}, "usa": {"architect_out": True}},
    }
    response = _send(client, game_id, position)
    assert response.status_code == 200, response.get_json()
    state = client.get(f"/api/games/{game_id}").get_json()["state"]
    assert state["leeghwater"]["building_spaces"][tiles[0]][:2] == ["usa", "netherlands"]
    assert state["leeghwater"]["external_taken"] == {"usa": ["A1"]}
    assert state["round"] == 2


@pytest.mark.parametrize(
    ("position", "field"),
    [
        ({"players": {"usa": {"architect_out": "yes"}}}, "players"),
        ({"players": {"netherlands": {"leslie_tile": 9}}}, "players"),
        ({"players": {"usa": {"buildings": 2}}}, "players"),  # not a company's value
        ({"building_spaces": {"cofferdam": ["usa"]}}, "building_spaces"),
        ({"external_offer": ["A1", "A2", "A3", "A4"]}, "external_offer"),
        ({"buildings": "wind_farm"}, "buildings"),
        ({"round": 6}, "round"),
        ({"netherlands": True}, "netherlands"),  # an unknown key is refused
    ],
)
def test_a_badly_shaped_position_is_a_400_naming_the_field(
    real: Any, position: dict[str, Any], field: str
) -> None:
    client, game_id = real
    before = client.get(f"/api/games/{game_id}").get_json()
    response = _send(client, game_id, position)
    assert response.status_code == 400, response.get_json()
    assert field in str(response.get_json())
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == before["version"]


def test_a_position_the_rules_refuse_is_a_422_in_words(real: Any) -> None:
    client, game_id = real
    response = _send(client, game_id, {"players": {"usa": {"leslie_tile": 1}}})
    assert response.status_code == 422, response.get_json()
    assert "Only Leslie Spencer's company has her special tile." in response.get_json()["message"]


def test_the_schema_alone_reads_the_expansion_fields() -> None:
    loaded = PositionSchema().load(
        {"buildings": ["a", "b"], "players": {"usa": {"leslie_tile": "supply"}}}
    )
    assert loaded["players"]["usa"]["leslie_tile"] == "supply"
    with pytest.raises(ValidationError):
        load_command({"type": "correct", "what": "position", "value": {"left_closed": "x"}})


def test_the_officer_lines_read_in_italian() -> None:
    state = new_game({**SETUP, "seed": 7}).state
    while state.pending and state.pending[-1].kind == "draft_pick":
        answer = state.pending[-1].options["answers"][0]
        state = execute(state, {"type": "decide", "answer": answer}).state
    position = {"players": {"netherlands": {"leslie_tile": 2}, "usa": {"architect_out": True}}}
    command = {"type": "correct", "what": "position", "value": position, "reason": "carta"}
    reasons = [e["reason"] for e in execute(state, command).events]
    italian = [render(r, translator("it")) for r in reasons]
    assert (
        "Paesi Bassi: tessera speciale di Leslie Spencer nella riserva personale → sul segmento 2 "
        "della Ruota — carta" in italian
    )
    assert "USA: l'Architetto è su uno spazio azione in questo round — carta" in italian
