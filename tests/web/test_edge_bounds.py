"""Issue 18, "No single request can hold the table": every schema bounds what it accepts,
checked before any work, and the body limit is sized to the largest honest request.

One client looping a 0.9 MB body (300 000 empty players, 300 000 seats, 80 000 keys) held the
server's loop 0.8-15.7 s a request: marshmallow read every item before "at most 5". Now the
body limit is 64 KiB (the fullest position sheet is 15 KB), a payload holding more than 2 048
values is refused before it is parsed (companion/jsonsafe.py), and each schema refuses an
object with too many keys, a list or mapping with too many items, before reading any of
them. The CPU each worst payload costs is measured by `companion bench --worst`, not here.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema, ValidationError, fields, validate

from companion import jsonsafe, schemas
from companion.app import create_app
from companion.extensions import socketio
from companion.routes import audit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import fuzz  # noqa: E402

# -- every schema, walked ---------------------------------------------------------------------

# Schemas that pass unknown keys on, each bounded another way: a setup takes at most
# EXTRA_KEYS unknown keys of bounded JSON; a command's envelope is bounded by `_bounded` and
# its fields by the engine's schema of its type (COMMAND_SCHEMAS, walked below).
PASSES_UNKNOWN_KEYS = {"SetupSchema", "CommandSchema"}


def all_schemas() -> list[type[Schema]]:
    found = {
        obj
        for module in (schemas, audit)
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, Schema) and obj.__module__ == module.__name__
    }
    return sorted(found | set(schemas.COMMAND_SCHEMAS.values()), key=lambda s: s.__name__)


def has_length_limit(field: fields.Field) -> bool:
    return any(
        isinstance(v, validate.Length) and (v.max is not None or v.equal is not None)
        for v in field.validators
    )


def has_choices(field: fields.Field) -> bool:
    return any(isinstance(v, validate.OneOf | validate.Equal) for v in field.validators)


def unbounded(field: fields.Field, where: str) -> list[str]:
    """Where `field` (or a field inside it) accepts a value of any size."""
    if isinstance(field, fields.String):
        ok = has_length_limit(field) or has_choices(field)
        return [] if ok else [f"{where}: text without a longest length"]
    if isinstance(field, fields.Integer):
        ranges = [v for v in field.validators if isinstance(v, validate.Range)]
        ok = any(v.min is not None and v.max is not None for v in ranges) or has_choices(field)
        return [] if ok else [f"{where}: number without a range"]
    if isinstance(field, fields.List):
        own = (
            []
            if isinstance(field, schemas.BoundedList) and has_length_limit(field)
            else [f"{where}: list not bounded before its items are read"]
        )
        return own + unbounded(field.inner, f"{where}[]")
    if isinstance(field, fields.Dict):
        own = (
            []
            if isinstance(field, schemas.BoundedDict) and has_length_limit(field)
            else [f"{where}: mapping not bounded before its entries are read"]
        )
        keys = (
            unbounded(field.key_field, f"{where} key")
            if field.key_field
            else [f"{where}: keys of any length"]
        )
        values = (
            unbounded(field.value_field, f"{where} value")
            if field.value_field
            else [f"{where}: values of any shape"]
        )
        return own + keys + values
    if isinstance(field, fields.Nested):
        nested = field.nested if isinstance(field.nested, type) else type(field.nested)
        return unbounded_schema(nested, where)
    if isinstance(field, schemas.AnyOf):
        return [p for choice in field.choices for p in unbounded(choice, f"{where}|")]
    if isinstance(field, fields.Boolean | schemas.StrictBoolean | schemas.BoundedJSON):
        return []
    if isinstance(field, schemas.CommandField):
        return []  # the envelope: `test_a_command_envelope_is_bounded`
    return [f"{where}: {type(field).__name__} of any shape"]


def unbounded_schema(schema: type[Schema], where: str = "") -> list[str]:
    problems = []
    name = schema.__name__
    if not issubclass(schema, schemas.Bounded) and name not in PASSES_UNKNOWN_KEYS:
        problems.append(f"{where or name}: keys not counted before they are read")
    instance = schema()
    if instance.unknown != "raise" and name not in PASSES_UNKNOWN_KEYS:
        problems.append(f"{where or name}: unknown keys accepted")
    for key, field in instance.load_fields.items():
        problems += unbounded(field, f"{where or name}.{key}")
    return problems


@pytest.mark.parametrize("schema", all_schemas(), ids=lambda s: s.__name__)
def test_every_schema_bounds_every_field(schema: type[Schema]) -> None:
    assert unbounded_schema(schema) == []


def test_the_walk_finds_an_unbounded_field() -> None:
    """The walk above can fail: a plain list, a text of any length, a loose schema."""

    class Loose(Schema):
        names = fields.List(fields.String())

    assert unbounded_schema(Loose) == [
        "Loose: keys not counted before they are read",
        "Loose.names: list not bounded before its items are read",
        "Loose.names[]: text without a longest length",
    ]


# -- each bound ------------------------------------------------------------------------------

SEATS = [{"kind": "human", "company": "usa", "name": "Ann"},
         {"kind": "human", "company": "italy", "name": "Bo"}]  # fmt: skip


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"DATABASE": str(tmp_path / "b.db"), "TESTING": True, "SECRET_KEY": "t",
                      "JOIN_LIMIT": "1000 per second"})  # fmt: skip


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    created = client.post("/api/games", json={"title": "Bounds", "setup": {"seats": SEATS}})
    assert created.status_code == 201
    return dict(created.get_json()["game"])


def refused(client: FlaskClient, url: str, body: Any) -> dict[str, Any]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = client.post(url, data=data, content_type="application/json")
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    answer = dict(response.get_json())
    assert answer["code"] == "invalid_payload" and answer["message"]
    return answer


def setup(**change: Any) -> dict[str, Any]:
    return {"title": "T", "setup": {"seats": SEATS, **change}}


def audit_entry(players: list[dict[str, Any]], **change: Any) -> dict[str, Any]:
    return {"objective": "O_BASINS_1", "players": players, **change}


def position(**value: Any) -> dict[str, Any]:
    return {"command": {"type": "correct", "what": "position", "value": value}, "version": 0}


FIVE = [{"company": c} for c in ("usa", "germany", "italy", "france", "netherlands")]


@pytest.mark.parametrize(
    ("route", "body", "says"),
    [
        ("/api/games", setup(seats=[{}] * 5), "setup.seats: A game has 2 to 4 seats."),
        ("/api/games", setup(seats=[{}] * 300), "setup.seats: A game has 2 to 4 seats."),
        ("/api/games", {"title": "T" * 81, "setup": {"seats": SEATS}},
         "title: Longer than maximum length 80."),
        ("/api/games", setup(seats=[{"name": "N" * 41}, {}]),
         "setup.seats.0.name: Longer than maximum length 40."),
        ("/api/games", setup(seats=[{"officer": "o" * 41}, {}]),
         "setup.seats.0.officer: Longer than maximum length 40."),
        ("/api/games", setup(seats=[{"nickname": "x"}, {}]),
         "setup.seats.0.nickname: Unknown field."),
        ("/api/games", setup(draws={f"k{i}": "H1" for i in range(21)}),
         "setup.draws: Longer than maximum length 20."),
        ("/api/games", setup(draws={"headstreams": ["H1"] * 61}), "setup.draws.headstreams"),
        ("/api/games", setup(draws={"headstreams": [[[["H1"]]]]}), "nested too deeply"),
        ("/api/games", setup(**{f"k{i}": 1 for i in range(15)}),
         "This object has 16 fields; it takes at most 15."),
        ("/api/audit/standalone", audit_entry(FIVE), "players: Length must be between 1 and 4."),
        ("/api/audit/standalone", audit_entry([{}] * 3000),
         "The payload holds too many values (at most 2048)."),
        ("/api/audit/standalone", audit_entry([{}] * 600),
         "players: Length must be between 1 and 4."),
        ("/api/audit/standalone", audit_entry([{"company": "usa", "name": "N" * 41}]),
         "players.0.name: Longer than maximum length 40."),
        ("/api/audit/standalone", audit_entry([{"company": "usa", "dams": [{"space": "1U"}] * 21}]),
         "players.0.dams: Longer than maximum length 20."),
        ("/api/audit/standalone/export.csv", audit_entry([{"company": "usa",
                                                           "conduits": ["C1L"] * 21}]),
         "players.0.conduits: Longer than maximum length 20."),
        ("/api/join", {"code": "K" * 13}, "code: Length must be between 3 and 12."),
        ("/api/join", {f"k{i}": 0 for i in range(2000)},
         "This object has 2000 fields; it takes at most 1."),
        ("/api/games/<game_id>/seat", {"company": "usa", "x": 1}, "x: Unknown field."),
        (
            "/api/games/<game_id>/seat",
            {"company": "usa", **{f"k{i}": 1 for i in range(17)}},
            "This object has 18 fields; it takes at most 1.",
        ),
        ("/api/games/<game_id>/undo", {"version": 10**9 + 1},
         "version: Must be greater than or equal to 0 and less than or equal to 1000000000."),
        # the command's envelope (any type): lists of 128 items, objects of 64 keys, texts of 500
        ("/api/games/<game_id>/commands", position(map=[{}] * 129),
         "The command is nested too deeply or too large."),
        ("/api/games/<game_id>/commands", position(occupied={f"S{i}": "usa" for i in range(65)}),
         "The command is nested too deeply or too large."),
        ("/api/games/<game_id>/commands",
         {"command": {"type": "correct", "what": "vp", "value": 1, "reason": "r" * 501},
          "version": 0}, "A text in the command is too long."),
        # then the position's own schema
        ("/api/games/<game_id>/commands", position(players={c["company"]: {} for c in FIVE}),
         "players: Longer than maximum length 4."),
        ("/api/games/<game_id>/commands", position(players={"usa": {"wheel": [{}] * 7}}),
         "players.usa.value.wheel: Longer than maximum length 6."),
    ],
)  # fmt: skip
def test_each_bound_is_a_400_with_a_sentence_and_nothing_is_stored(
    client: FlaskClient, game: dict[str, Any], route: str, body: Any, says: str
) -> None:
    before = client.get(f"/api/games/{game['id']}").get_json()["version"]
    games = len(client.get("/api/games").get_json()["games"])
    answer = refused(client, route.replace("<game_id>", game["id"]), body)
    assert says in answer["message"]
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == before
    assert len(client.get("/api/games").get_json()["games"]) == games


def test_a_list_too_long_is_refused_before_any_item_is_read() -> None:
    """2 000 players each wrong in its own way: one sentence about the length, no item read."""
    players = [{"company": "nowhere", "credits": -1}] * 2000
    with pytest.raises(ValidationError) as refusal:
        schemas.load(audit.StandaloneEntrySchema, audit_entry(players))
    assert refusal.value.messages == {"players": ["Length must be between 1 and 4."]}


def test_a_mapping_too_large_is_refused_before_any_entry_is_read() -> None:
    players = {f"c{i}": {"credits": "many"} for i in range(50)}
    with pytest.raises(ValidationError) as refusal:
        schemas.PositionSchema().load({"players": players})
    assert refusal.value.messages == {"players": ["Longer than maximum length 4."]}


def test_a_command_envelope_is_bounded() -> None:
    """A command of a type the engine does not know still has a bounded shape."""
    deep: dict[str, Any] = {"type": "x"}
    node = deep
    for _ in range(10):
        node["a"] = {}
        node = node["a"]
    for command in (deep, {"type": "x", "list": list(range(129))},
                    {"type": "x", **{f"k{i}": 0 for i in range(65)}},
                    {"type": "x", "text": "t" * 501}):  # fmt: skip
        with pytest.raises(ValidationError):
            schemas.SubmitSchema().load({"command": command, "version": 0})


# -- the body limit, sized to the largest honest request -------------------------------------


def test_the_largest_honest_requests_fit_four_times_in_the_body_limit(app: Flask) -> None:
    honest = fuzz.honest_payloads()
    assert max(len(body) for body in honest.values()) == len(
        honest["POST /api/games/<game_id>/commands"]
    )  # the fullest position sheet is the largest honest request
    for route, body in honest.items():
        assert 4 * len(body) <= jsonsafe.MAX_PAYLOAD_BYTES, route
        assert 2 * (body.count(b",") + body.count(b"{") + body.count(b"[")) <= jsonsafe.MAX_VALUES
    assert app.config["MAX_CONTENT_LENGTH"] == jsonsafe.MAX_PAYLOAD_BYTES
    assert socketio.server.eio.max_http_buffer_size == jsonsafe.MAX_PAYLOAD_BYTES


def test_the_largest_honest_requests_pass_every_bound() -> None:
    honest = {route: jsonsafe.read(body) for route, body in fuzz.honest_payloads().items()}
    schemas.load(schemas.CreateGameSchema, honest["POST /api/games"])
    submit = schemas.load(schemas.SubmitSchema, honest["POST /api/games/<game_id>/commands"])
    assert len(schemas.load_command(submit["command"])["value"]["map"]) == 100
    for route in ("POST /api/audit/standalone", "POST /api/audit/standalone/export.csv"):
        assert len(schemas.load(audit.StandaloneEntrySchema, honest[route])["players"]) == 4
    schemas.load(schemas.JoinSchema, honest["POST /api/join"])
    schemas.load(schemas.SeatClaimSchema, honest["POST /api/games/<game_id>/seat"])
    schemas.load(schemas.UndoSchema, honest["POST /api/games/<game_id>/undo"])


def test_a_body_past_the_limit_is_a_413_and_read_no_further(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    for worst in fuzz.worst_payloads(900_000):
        if worst.method != "POST":
            continue
        url = worst.route.replace("<game_id>", game["id"])
        response = client.post(url, data=worst.body, content_type="application/json")
        assert response.status_code == 413, worst.label
        assert response.get_json()["message"] == "The request is too large."


def test_the_worst_payloads_within_the_limit_are_refused_with_a_sentence(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    sio = socketio.test_client(client.application, flask_test_client=client)
    try:
        for worst in fuzz.worst_payloads(jsonsafe.MAX_PAYLOAD_BYTES - 100):
            body = worst.body.replace(b"<game_id>", game["id"].encode())
            if worst.method == "GET":
                continue  # no body: measured by `companion bench --worst`
            if worst.method == "EMIT":
                sio.socketio.server._handle_eio_message(
                    sio.eio_sid, f'21["{worst.route}",{body.decode()}]'
                )
                answer = sio.acks["args"][0]
                assert answer["ok"] is False and answer["status"] == 400, worst.label
                assert answer["error"]["message"], worst.label
                continue
            url = worst.route.replace("<game_id>", game["id"])
            response = client.post(url, data=body, content_type="application/json")
            assert response.status_code == 400, (worst.label, response.get_data()[:200])
            assert response.get_json()["message"], worst.label
    finally:
        sio.disconnect()
