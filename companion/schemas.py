"""Marshmallow schemas for every payload that comes in over HTTP or Socket.IO.

They check shape only (types, required fields, ranges); whether a move is legal is the
engine's question. Unknown keys of a setup or a command pass through to the engine, which
owns their meaning (docs/commands.md).
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

COMPANIES = ("usa", "germany", "italy", "france", "netherlands")
MODES = ("introductory", "full")
DEALS = ("app", "table")
SEAT_KINDS = ("human", "automa")
MAX_SEED = 2**31 - 1


class SeatSchema(Schema):
    """One seat at the table: a person or an Automa (level 1-4) playing a company."""

    class Meta:
        unknown = INCLUDE

    # empty or null: the company is dealt at setup (full game)
    company = fields.String(validate=validate.OneOf((*COMPANIES, "")), allow_none=True)
    officer = fields.String(allow_none=True)
    kind = fields.String(load_default="human", validate=validate.OneOf(SEAT_KINDS))
    automa_level = fields.Integer(validate=validate.Range(0, 4))
    name = fields.String(load_default="", validate=validate.Length(max=40))

    @validates_schema
    def _automa_has_a_level(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("kind") == "automa" and not 1 <= data.get("automa_level", 0) <= 4:
            raise ValidationError("An Automa seat needs a level from 1 to 4.", "automa_level")


class SetupSchema(Schema):
    """The setup payload of a new game (passed on to `engine.new_game`)."""

    class Meta:
        unknown = INCLUDE

    mode = fields.String(load_default="introductory", validate=validate.OneOf(MODES))
    seats = fields.List(
        fields.Nested(SeatSchema),
        required=True,
        validate=validate.Length(2, 4, error="A game has 2 to 4 seats."),
    )
    deals = fields.String(load_default="app", validate=validate.OneOf(DEALS))
    seed = fields.Integer(allow_none=True, validate=validate.Range(0, MAX_SEED))
    draws = fields.Dict(keys=fields.String(), allow_none=True)

    @validates_schema
    def _companies_differ(self, data: dict[str, Any], **_: Any) -> None:
        chosen = [s["company"] for s in data.get("seats", []) if s.get("company")]
        if len(chosen) != len(set(chosen)):
            raise ValidationError("Each company can be played by one seat only.", "seats")


class CreateGameSchema(Schema):
    """POST /api/games."""

    class Meta:
        unknown = RAISE

    title = fields.String(load_default="", validate=validate.Length(max=80))
    setup = fields.Nested(SetupSchema, required=True)


class CommandSchema(Schema):
    """A command: `type` plus the fields its type needs (checked by the engine)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=validate.Length(1, 40))
    player = fields.String(allow_none=True, validate=validate.Length(max=40))


class SubmitSchema(Schema):
    """POST /api/games/<id>/commands: the command and the version the device was looking at."""

    class Meta:
        unknown = RAISE

    command = fields.Nested(CommandSchema, required=True)
    version = fields.Integer(required=True, validate=validate.Range(min=0))


class UndoSchema(Schema):
    """POST /api/games/<id>/undo."""

    class Meta:
        unknown = RAISE

    version = fields.Integer(required=True, validate=validate.Range(min=0))


class JoinSchema(Schema):
    """POST /api/join: the join code shown on the tablet."""

    class Meta:
        unknown = RAISE

    code = fields.String(required=True, validate=validate.Length(3, 12))


class SeatClaimSchema(Schema):
    """POST /api/games/<id>/seat: the company this device plays (null: just watching)."""

    class Meta:
        unknown = RAISE

    company = fields.String(required=True, allow_none=True, validate=validate.OneOf(COMPANIES))


class JoinGameEventSchema(Schema):
    """Socket.IO `join_game`."""

    class Meta:
        unknown = RAISE

    game_id = fields.String(required=True, validate=validate.Length(1, 40))
    # A socket keeps the session cookie of its handshake; a device that joined after
    # connecting may prove it with the code instead of reconnecting.
    code = fields.String(validate=validate.Length(3, 12))


class SubmitEventSchema(SubmitSchema):
    """Socket.IO `submit_command`: like the HTTP body plus the game id."""

    game_id = fields.String(required=True, validate=validate.Length(1, 40))


class UndoEventSchema(UndoSchema):
    """Socket.IO `undo`: like the HTTP body plus the game id."""

    game_id = fields.String(required=True, validate=validate.Length(1, 40))


class OptionsQuerySchema(Schema):
    """Query string of GET /api/games/<id>?player=usa."""

    class Meta:
        unknown = RAISE

    player = fields.String(validate=validate.OneOf(COMPANIES))


def load(schema: type[Schema], payload: Any) -> dict[str, Any]:
    """Validate `payload` with `schema`; raises marshmallow's ValidationError."""
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ValidationError({"_schema": ["The payload must be a JSON object."]})
    return dict(schema().load(payload))
