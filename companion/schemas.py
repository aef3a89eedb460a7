"""Marshmallow schemas for every payload that comes in over HTTP or Socket.IO.

They check shape only (types, required fields, ranges); whether a move is legal is the
engine's question. Unknown keys of a setup or a command pass through to the engine, which
owns their meaning (docs/commands.md), within a bounded shape (a few keys of bounded JSON).

Every schema bounds what it accepts before it reads it (issue 18, "No single request can hold
the table"): an object with more keys than its schema has fields is refused before any field
is read (`Bounded`), a list or a mapping before any of its items (`BoundedList`,
`BoundedDict`), every text has a longest length, and a value the engine reads as plain JSON
is bounded in nesting, size and text (`BoundedJSON`). At most 4 seats or players: a game of
Barrage seats 2 to 4 companies, and the fifth company of The Leeghwater Project "doesn't allow
you to play a 5-player game" (expansion rulebook p. 2). `tests/web/test_edge_bounds.py`
walks every schema and holds the line.
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Callable, Mapping, Sized
from typing import Any, Union, get_args, get_origin

from marshmallow import (
    INCLUDE,
    RAISE,
    Schema,
    ValidationError,
    fields,
    pre_load,
    validate,
    validates_schema,
)

from companion.engine import commands
from companion.engine.errors import CommandError
from companion.engine.setup import CURRENT_RULES
from companion.engine.words import Words, say

COMPANIES = ("usa", "germany", "italy", "france", "netherlands")
MODES = ("introductory", "full")
DEALS = ("app", "table")
SEAT_KINDS = ("human", "automa")
MAX_SEED = 2**31 - 1
MAX_SEATS = 4  # a game seats 2 to 4 companies (expansion rulebook p. 2: never 5)
MAX_NUMBER = 10**9  # the largest number any payload holds (a version, a count)
MAX_VERSION = MAX_NUMBER  # records of one game: a game has a few hundred
NAME_LENGTH = 40  # a person's name at a seat
TITLE_LENGTH = 80  # a game's title


# -- bounds, checked before any work ---------------------------------------------------------


class Bounded(Schema):
    """A schema that refuses an object with far more keys than it has fields (and
    `EXTRA_KEYS` unknown ones, for a schema that passes them on) before reading any: a body
    of 80 000 keys is one sentence, not 80 000 "Unknown field" messages. A few unknown keys
    still get marshmallow's "Unknown field" each, which names them."""

    EXTRA_KEYS = 0
    NAMED_UNKNOWN_KEYS = 16  # unknown keys named one by one before the count alone is said

    @pre_load
    def _no_more_keys_than_fields(self, data: Any, **_: Any) -> Any:
        limit = len(self.load_fields) + self.EXTRA_KEYS
        named = self.NAMED_UNKNOWN_KEYS if self.unknown == RAISE else 0
        if isinstance(data, dict) and len(data) > limit + named:
            said = say(
                "This object has {count} fields; it takes at most {limit}.",
                count=len(data),
                limit=limit,
            )
            raise ValidationError(said)
        return data


def _length_first(field: fields.Field[Any], value: Any) -> None:
    """A container's Length validators, run before its items are read (marshmallow reads
    every item first: 300 000 players were 15 s of work before "at most 5")."""
    if isinstance(value, Sized) and not isinstance(value, str):
        for validator in field.validators:
            if isinstance(validator, validate.Length):
                validator(value)


class BoundedList(fields.List[Any]):
    """A list whose length (its `validate.Length`) is checked before any item is read."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)


class BoundedDict(fields.Dict):
    """A mapping whose size (its `validate.Length`) is checked before any entry is read."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call]


class BoundedJSON(fields.Field[Any]):
    """Plain JSON the engine reads itself (a map line's value, a wheel segment, a draw),
    bounded in nesting, list and object sizes, text length and number range."""

    def __init__(
        self, *, depth: int = 3, items: int = 16, text: int = 500, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.limits = {"depth": depth, "items": items, "text": text}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not _json_within(value, self.limits["depth"], self.limits["items"], self.limits["text"]):
            said = say(
                "Too large or nested too deeply: at most {items} items, {depth} levels and "
                "{text} characters of text.",
                **self.limits,
            )
            raise ValidationError(said)
        return value


def _json_within(value: Any, depth: int, items: int, text: int) -> bool:
    """Whether `value` is JSON within `depth` levels, `items` per list or object, `text`
    characters per text (keys too) and numbers up to MAX_NUMBER."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int | float):
        return abs(value) <= MAX_NUMBER
    if isinstance(value, str):
        return len(value) <= text
    if depth <= 0 or not isinstance(value, list | dict) or len(value) > items:
        return False
    if isinstance(value, dict):
        if not all(len(key) <= text for key in value):  # JSON keys are texts
            return False
        value = list(value.values())
    return all(_json_within(v, depth - 1, items, text) for v in value)


class SeatSchema(Bounded):
    """One seat at the table: a person or an Automa (level 1-4) playing a company."""

    class Meta:
        unknown = RAISE

    # empty or null: the company is dealt at setup (full game)
    company = fields.String(validate=validate.OneOf((*COMPANIES, "")), allow_none=True)
    officer = fields.String(allow_none=True, validate=validate.Length(max=commands.ID_LENGTH))
    # a person's Starting Contract chosen at the table (engine/setup.py SEAT_FIELDS)
    contract = fields.String(allow_none=True, validate=validate.Length(max=commands.ID_LENGTH))
    kind = fields.String(load_default="human", validate=validate.OneOf(SEAT_KINDS))
    automa_level = fields.Integer(strict=True, validate=validate.Range(0, 4))
    name = fields.String(load_default="", validate=validate.Length(max=NAME_LENGTH))

    @validates_schema
    def _automa_has_a_level(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("kind") == "automa" and not 1 <= data.get("automa_level", 0) <= 4:
            raise ValidationError(say("An Automa seat needs a level from 1 to 4."), "automa_level")


_UNKNOWN_SETUP_VALUE = BoundedJSON(depth=3, items=60, text=commands.TEXT_LENGTH, allow_none=True)


class SetupSchema(Bounded):
    """The setup payload of a new game (passed on to `engine.new_game`, with a few unknown
    keys of bounded JSON: the engine owns their meaning)."""

    class Meta:
        unknown = INCLUDE

    EXTRA_KEYS = 8

    mode = fields.String(load_default="introductory", validate=validate.OneOf(MODES))
    seats = BoundedList(
        fields.Nested(SeatSchema),
        required=True,
        validate=validate.Length(2, MAX_SEATS, error="A game has 2 to 4 seats."),
    )
    deals = fields.String(load_default="app", validate=validate.OneOf(DEALS))
    seed = fields.Integer(allow_none=True, strict=True, validate=validate.Range(0, MAX_SEED))
    # what the table drew: ids, lists of ids, or objects of those (engine/setup.py `_flat`)
    draws = BoundedDict(
        keys=fields.String(validate=validate.Length(1, commands.ID_LENGTH)),
        values=BoundedJSON(depth=3, items=60, text=commands.ID_LENGTH, allow_none=True),
        allow_none=True,
        validate=validate.Length(max=20),
    )
    # The Leeghwater Project (engine/setup.py); absent: a base game
    expansion = fields.Boolean(truthy={True}, falsy={False})
    # a new game plays by the engine's current rules (logs without it read as rules 1)
    rules = fields.Integer(load_default=CURRENT_RULES, strict=True,
                           validate=validate.Range(1, CURRENT_RULES))  # fmt: skip

    @validates_schema(pass_original=True)
    def _unknown_keys_bounded(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        for key in set(original) - set(self.load_fields):
            if len(key) > commands.ID_LENGTH:
                said = say("Longer than maximum length {high}.", high=commands.ID_LENGTH)
                raise ValidationError(said, "_schema")
            try:
                _UNKNOWN_SETUP_VALUE.deserialize(original[key])
            except ValidationError as error:
                raise ValidationError(error.messages, key) from None

    @validates_schema
    def _companies_differ(self, data: dict[str, Any], **_: Any) -> None:
        chosen = [s["company"] for s in data.get("seats", []) if s.get("company")]
        if len(chosen) != len(set(chosen)):
            raise ValidationError(say("Each company can be played by one seat only."), "seats")


class CreateGameSchema(Bounded):
    """POST /api/games."""

    class Meta:
        unknown = RAISE

    title = fields.String(load_default="", validate=validate.Length(max=TITLE_LENGTH))
    setup = fields.Nested(SetupSchema, required=True)


# -- commands: generated from the engine's definitions (companion/engine/commands.py) --------


def _field_for(tp: Any, meta: Mapping[str, Any], *, required: bool, default: Any) -> fields.Field:
    """The marshmallow field of one command field: same type, same limits."""
    options: dict[str, Any] = {"required": required}
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        members = [m for m in get_args(tp) if m is not type(None)]
        options["allow_none"] = type(None) in get_args(tp)
        if len(members) == 1:
            field = _field_for(members[0], meta, required=required, default=default)
            field.allow_none = options["allow_none"]
            return field
        return AnyOf(
            [_field_for(m, meta, required=False, default=None) for m in members], **options
        )
    if tp is str:
        limit = meta.get("length") or commands.ID_LENGTH
        return fields.String(validate=validate.Length(max=limit), **options)
    if tp is bool:
        return StrictBoolean(**options)
    if tp is int:
        low = commands.COUNT[0] if meta.get("low") is None else meta["low"]
        high = commands.COUNT[1] if meta.get("high") is None else meta["high"]
        return fields.Integer(strict=True, validate=validate.Range(low, high), **options)
    if origin is tuple:
        item = _field_for(get_args(tp)[0], {}, required=False, default=None)
        limit = meta.get("items") or commands.MAX_ITEMS
        return BoundedList(item, validate=validate.Length(max=limit), **options)
    if origin is dict:
        key, value = get_args(tp)
        limit = meta.get("items") or commands.MAX_ITEMS
        return BoundedDict(
            keys=_field_for(key, {}, required=False, default=None),
            values=_field_for(value, meta, required=False, default=None),
            validate=validate.Length(max=limit),
            **options,
        )
    if dataclasses.is_dataclass(tp):
        return fields.Nested(command_schema(tp), **options)
    raise TypeError(f"no marshmallow field for {tp!r}")  # pragma: no cover


class StrictBoolean(fields.Field):
    """true or false, nothing else (1, "yes" and "true" are not)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError(say("Not a valid boolean: use true or false."))
        return value


class AnyOf(fields.Field):
    """One of several field kinds, picked by the JSON value's kind (an answer's `drops`)."""

    def __init__(self, choices: list[fields.Field], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = choices

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        errors: list[Any] = []
        for choice in self.choices:
            try:
                return choice.deserialize(value, attr, data, **kwargs)
            except ValidationError as error:
                errors.append(error.messages)
        raise ValidationError(errors[0] if errors else say("Not a valid value."))


def _id() -> fields.String:
    return fields.String(validate=validate.Length(1, commands.ID_LENGTH))


def _ids(limit: int = commands.MAX_ITEMS) -> BoundedList:
    return BoundedList(_id(), validate=validate.Length(max=limit))


def _id_or_none() -> fields.String:
    return fields.String(allow_none=True, validate=validate.Length(max=commands.ID_LENGTH))


_COUNT = fields.Integer(strict=True, validate=validate.Range(0, 999))
# A company's structures on the map: 5 Bases, 5 Elevations, 5 Conduits and 4 Powerhouses,
# four companies, one drops line per Base: 96 lines at most.
MAP_LINES = 128
# a map line {what, company, space, value, reason} and a wheel segment {tiles, excavators,
# mixers}: the engine reads their values (corrections.py)
_LINE = BoundedDict(
    keys=fields.String(validate=validate.Length(1, commands.ID_LENGTH)),
    values=BoundedJSON(depth=3, items=commands.MAX_ITEMS, text=commands.TEXT_LENGTH,
                       allow_none=True),
    validate=validate.Length(max=8),
)  # fmt: skip


class PositionPlayerSchema(Bounded):
    """One company's values in a game in progress (a `position` correction's `players`)."""

    class Meta:
        unknown = RAISE

    vp = fields.Integer(strict=True, validate=validate.Range(-999, 999))
    credits = _COUNT
    excavators = _COUNT
    mixers = _COUNT
    engineers = _COUNT
    energy = _COUNT
    wheel = BoundedList(_LINE, validate=validate.Length(max=6))  # the wheel's 6 segments
    # The Leeghwater Project's officers: Leslie Spencer's tile, Tommaso Battista's Architect
    leslie_tile = AnyOf(
        [
            fields.String(validate=validate.Equal("supply")),
            fields.Integer(strict=True, validate=validate.Range(0, 5)),
        ]
    )
    architect_out = StrictBoolean()


class PositionSchema(Bounded):
    """The shape of a game in progress (`correct` of kind `position`; docs/commands.md): the
    table-wide lines, each company's values and the map lines. Whether the values fit the game
    is the engine's question (corrections.py)."""

    class Meta:
        unknown = RAISE

    round = fields.Integer(strict=True, validate=validate.Range(1, 5))
    turn_order = _ids(MAX_SEATS)
    active = _id()
    passed = _ids(MAX_SEATS)
    contract_offer = BoundedDict(
        keys=_id(),
        values=BoundedList(_id_or_none(), validate=validate.Length(max=commands.MAX_ITEMS)),
        validate=validate.Length(max=commands.MAX_ITEMS),
    )
    national_contracts = _ids()
    patent_offer = BoundedList(_id_or_none(), validate=validate.Length(max=3))
    bonus_tiles = _ids()
    objective = _id()
    headstream_tiles = BoundedDict(
        keys=_id(), values=_id(), validate=validate.Length(max=commands.MAX_ITEMS)
    )
    # the Management board's action spaces (36) and the expansion's: who stands on each
    occupied = BoundedDict(keys=_id(), values=_id_or_none(), validate=validate.Length(max=64))
    # The Leeghwater Project's Extra Management board
    external_offer = BoundedList(_id_or_none(), validate=validate.Length(max=3))
    external_taken = BoundedDict(
        keys=_id(), values=_ids(), validate=validate.Length(max=len(COMPANIES))
    )
    buildings = BoundedList(_id(), validate=validate.Length(max=10))
    building_spaces = BoundedDict(
        keys=_id(),
        values=BoundedList(_id_or_none(), validate=validate.Length(equal=4)),
        validate=validate.Length(max=10),
    )
    left_closed = _ids()
    players = BoundedDict(
        keys=fields.String(validate=validate.OneOf(COMPANIES)),
        values=fields.Nested(PositionPlayerSchema),
        validate=validate.Length(max=MAX_SEATS),
    )
    map = BoundedList(_LINE, validate=validate.Length(max=MAP_LINES))


_SCHEMAS: dict[type[Any], type[Schema]] = {}


def command_schema(cls: type[Any]) -> type[Schema]:
    """The marshmallow schema mirroring a command (or nested value) of the engine."""
    if cls not in _SCHEMAS:
        hints = commands.type_hints(cls)
        attrs: dict[str, Any] = {"Meta": type("Meta", (), {"unknown": RAISE})}
        for f in commands.fields_of(cls):
            required = f.default is dataclasses.MISSING
            default = None if required else f.default
            field = _field_for(hints[f.name], f.metadata, required=required, default=default)
            key = commands.json_key(f)
            if key != f.name:
                field.data_key = key
            attrs[f.name] = field
        if issubclass(cls, commands.Command):
            attrs["type"] = fields.String(required=True, validate=validate.Equal(cls.TYPE))
        _SCHEMAS[cls] = type(f"{cls.__name__}Schema", (Bounded,), attrs)
    return _SCHEMAS[cls]


COMMAND_SCHEMAS: dict[str, type[Schema]] = {
    t: command_schema(c) for t, c in commands.COMMANDS.items()
}


def load_command(payload: Any) -> dict[str, Any]:
    """Check a command with its type's schema (ValidationError: a 400 naming the field) and
    give its canonical form, as the engine parses it (what the store then keeps)."""
    _envelope(payload)
    schema = COMMAND_SCHEMAS.get(payload["type"])
    if schema is None:
        unknown = say("Unknown command type: {type}.", type=repr(payload["type"][:40]))
        raise ValidationError({"type": [unknown]})
    body = dict(payload)
    if payload["type"] == "correct":  # its value's shape depends on `what`: read by parse
        value = body.pop("value", None)
        if payload.get("what") == "position":
            instance(PositionSchema).load(value if isinstance(value, dict) else {})
    instance(schema).load(body)
    try:
        parsed = commands.parse(payload)
    except CommandError as error:
        raise ValidationError({"command": [error.message]}) from None
    return dict(commands.to_dict(parsed))


def _envelope(payload: Any) -> dict[str, Any]:
    """Any command's shape: an object with a `type`, bounded in nesting and size."""
    if not isinstance(payload, dict):
        raise ValidationError({"command": [say("A command is a JSON object.")]})
    kind = payload.get("type")
    if not isinstance(kind, str) or not 1 <= len(kind) <= commands.ID_LENGTH:
        said = say("A command has a `type`: text of 1 to 40 characters.")
        raise ValidationError({"type": [said]})
    _bounded(payload)
    return payload


def _bounded(payload: Any, depth: int = 0) -> Any:
    """A command outside the engine's vocabulary still has a bounded shape: nesting, the size
    of each list and object (as large as the fullest position sheet's: its map lines and the
    Management spaces taken), the length of each text."""
    size = ENVELOPE_ITEMS if isinstance(payload, list) else ENVELOPE_KEYS
    if depth > MAX_DEPTH or len(payload) > size:
        said = say("The command is nested too deeply or too large.")
        raise ValidationError({"command": [said]})
    for value in payload.values() if isinstance(payload, dict) else payload:
        if isinstance(value, dict | list):
            _bounded(value, depth + 1)
        elif isinstance(value, str) and len(value) > commands.TEXT_LENGTH:
            raise ValidationError({"command": [say("A text in the command is too long.")]})
    return payload


class CommandField(fields.Field):
    """A command: its envelope here (an object with a `type`, bounded); its fields by the
    engine's `load_command` when the store submits it (store.Engine.load_command), so a
    stand-in engine in the tests keeps its own vocabulary."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return _envelope(value)


MAX_DEPTH = 6
ENVELOPE_ITEMS = MAP_LINES  # a list: the position sheet's map lines
ENVELOPE_KEYS = 64  # an object: the Management spaces taken (`occupied`)


class CommandSchema(Schema):
    """A command: `type` plus the fields its type needs (COMMAND_SCHEMAS, one per type)."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, validate=validate.Length(1, 40))
    player = fields.String(allow_none=True, validate=validate.Length(max=40))

    @validates_schema(pass_original=True)
    def _typed(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        load_command(original)


class SubmitSchema(Bounded):
    """POST /api/games/<id>/commands: the command and the version the device was looking at."""

    class Meta:
        unknown = RAISE

    command = CommandField(required=True)
    version = fields.Integer(required=True, strict=True, validate=validate.Range(0, MAX_VERSION))
    # the new version's legal options in the answer too (the tablet acts next, whoever acts)
    with_options = fields.Boolean(load_default=False)


class UndoSchema(Bounded):
    """POST /api/games/<id>/undo."""

    class Meta:
        unknown = RAISE

    version = fields.Integer(required=True, strict=True, validate=validate.Range(0, MAX_VERSION))


class JoinSchema(Bounded):
    """POST /api/join: the join code shown on the tablet."""

    class Meta:
        unknown = RAISE

    code = fields.String(required=True, validate=validate.Length(3, 12))


class SeatClaimSchema(Bounded):
    """POST /api/games/<id>/seat: the company this device plays (null: just watching)."""

    class Meta:
        unknown = RAISE

    company = fields.String(required=True, allow_none=True, validate=validate.OneOf(COMPANIES))


class JoinGameEventSchema(Bounded):
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


class OptionsQuerySchema(Bounded):
    """Query string of GET /api/games/<id>?player=usa."""

    class Meta:
        unknown = RAISE

    player = fields.String(validate=validate.OneOf(COMPANIES))


class OptionsEventSchema(OptionsQuerySchema):
    """Socket.IO `get_options {game_id[, player][, version]}`: the acting device's options.

    `version` is the version the device holds; the answer names the version it is for."""

    game_id = fields.String(required=True, validate=validate.Length(1, 40))
    version = fields.Integer(strict=True, validate=validate.Range(0, MAX_VERSION))


def load(schema: type[Schema], payload: Any) -> dict[str, Any]:
    """Validate `payload` with `schema`; raises marshmallow's ValidationError."""
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ValidationError({"_schema": [say("The payload must be a JSON object.")]})
    return dict(instance(schema).load(payload))


_INSTANCES: dict[type[Schema], Schema] = {}


def instance(schema: type[Schema]) -> Schema:
    """One instance per schema, reused: building a schema's fields costs more than loading a
    payload with it, and `load` keeps no state between calls."""
    made = _INSTANCES.get(schema)
    if made is None:
        made = _INSTANCES[schema] = schema()
    return made


# -- marshmallow's own sentences in the device's language --------------------------------

# marshmallow writes its messages in English, formatted (a `validate.Length(error=...)` too):
# each shape the app's schemas can produce, matched whole, becomes a sentence with its parts
_NUMBER = r"-?\d+"
MARSHMALLOW_SENTENCES: tuple[tuple[re.Pattern[str], Callable[..., Words]], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"Missing data for required field\.", lambda: say("Missing data for required field.")),
        (r"Field may not be null\.", lambda: say("Field may not be null.")),
        (r"Unknown field\.", lambda: say("Unknown field.")),
        (r"Invalid input type\.", lambda: say("Invalid input type.")),
        (r"Invalid type\.", lambda: say("Invalid type.")),
        (r"Invalid value\.", lambda: say("Invalid value.")),
        (r"Invalid input\.", lambda: say("Invalid input.")),
        (r"Not a valid string\.", lambda: say("Not a valid string.")),
        (r"Not a valid utf-8 string\.", lambda: say("Not a valid utf-8 string.")),
        (r"Not a valid integer\.", lambda: say("Not a valid integer.")),
        (r"Not a valid number\.", lambda: say("Not a valid number.")),
        (r"Number too large\.", lambda: say("Number too large.")),
        (r"Not a valid boolean\.", lambda: say("Not a valid boolean.")),
        (r"Not a valid list\.", lambda: say("Not a valid list.")),
        (r"Not a valid tuple\.", lambda: say("Not a valid tuple.")),
        (r"Not a valid mapping type\.", lambda: say("Not a valid mapping type.")),
        (r"A game has 2 to 4 seats\.", lambda: say("A game has 2 to 4 seats.")),
        (
            r"Must be one of: (?P<choices>.*)\.",
            lambda choices: say("Must be one of: {choices}.", choices=choices),
        ),
        (
            r"Must be equal to (?P<other>.*)\.",
            lambda other: say("Must be equal to {other}.", other=other),
        ),
        (
            rf"Length must be between (?P<low>{_NUMBER}) and (?P<high>{_NUMBER})\.",
            lambda low, high: say("Length must be between {low} and {high}.", low=low, high=high),
        ),
        (
            rf"Length must be (?P<equal>{_NUMBER})\.",
            lambda equal: say("Length must be {equal}.", equal=equal),
        ),
        (
            rf"Longer than maximum length (?P<high>{_NUMBER})\.",
            lambda high: say("Longer than maximum length {high}.", high=high),
        ),
        (
            rf"Shorter than minimum length (?P<low>{_NUMBER})\.",
            lambda low: say("Shorter than minimum length {low}.", low=low),
        ),
        (
            rf"Must be greater than or equal to (?P<low>{_NUMBER}) and less than or equal to "
            rf"(?P<high>{_NUMBER})\.",
            lambda low, high: say(
                "Must be greater than or equal to {low} and less than or equal to {high}.",
                low=low,
                high=high,
            ),
        ),
        (
            rf"Must be greater than or equal to (?P<low>{_NUMBER})\.",
            lambda low: say("Must be greater than or equal to {low}.", low=low),
        ),
        (
            rf"Must be less than or equal to (?P<high>{_NUMBER})\.",
            lambda high: say("Must be less than or equal to {high}.", high=high),
        ),
    )
)


def in_words(messages: Any) -> Any:
    """Marshmallow's messages (`ValidationError.normalized_messages()`) with each of its
    English sentences said as a catalogue key, so the edge renders it in the device's
    language; the app's own sentences are said where they are raised, anything else stays."""
    if isinstance(messages, dict):
        return {key: in_words(value) for key, value in messages.items()}
    if isinstance(messages, list):
        return [in_words(value) for value in messages]
    if not isinstance(messages, str) or isinstance(messages, Words):
        return messages
    for pattern, words in MARSHMALLOW_SENTENCES:
        found = pattern.fullmatch(messages)
        if found:
            return words(**found.groupdict())
    return messages
