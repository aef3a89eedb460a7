"""Commands: one frozen dataclass per command type, read from JSON by one `parse` function.

A command is an intent (docs/commands.md). `parse(data)` turns the JSON object a device sent
into the typed command, or raises `CommandError` with a sentence saying what is wrong: an
unknown type or field, a wrong type, a number out of range, a string too long, anything nested
where nothing nested belongs. The rules modules take the typed commands only; `to_dict` gives
the canonical JSON form back (what the store keeps, so nothing unknown ever reaches the log).

The field definitions here are the one source of the command vocabulary: the marshmallow
schemas of the web layer (`companion/schemas.py`) and the table in docs/commands.md are
generated from them, and a test keeps all three in step.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, Union, get_args, get_origin

from companion.engine.errors import CommandError
from companion.engine.words import say

ID_LENGTH = 40  # ids of companies, spaces, tiles, contracts, officers
TEXT_LENGTH = 500  # free text (a correction's reason, a seat's name)
MAX_ITEMS = 16  # lists: headstream letters, contracts, tiles
COUNT = (0, 999)  # a count of pieces, drops, Engineers, Credits …


def spec(
    doc: str,
    *,
    default: Any = dataclasses.MISSING,
    low: int | None = None,
    high: int | None = None,
    length: int | None = None,
    items: int | None = None,
    key: str | None = None,
) -> Any:
    """A command field with its sentence for docs/commands.md and its limits.

    `low`/`high` bound a number, `length` a string, `items` a list or mapping; `key` is the
    JSON name when it is not the Python one ("continue").
    """
    meta = {"doc": doc, "low": low, "high": high, "length": length, "items": items, "key": key}
    if default is dataclasses.MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


# -- nested values ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """Base of commands and their nested values: `given` keeps the JSON keys that were sent,
    in their order, so the canonical form (`to_dict`) writes back exactly what was meant —
    `{"space": null}` (decline) is not the same answer as `{}`."""

    given: tuple[str, ...] = field(
        default=(), kw_only=True, compare=False, repr=False, metadata={"internal": True}
    )


@dataclass(frozen=True)
class Payment(Record):
    """One way to pay a structure: Machineries onto the wheel, Credits instead of them."""

    excavators: int = spec("Excavators onto the wheel", default=0, low=0, high=99)
    mixers: int = spec("Concrete Mixers onto the wheel", default=0, low=0, high=99)
    credits: int = spec("Credits instead of Machineries (Solomon)", default=0, low=0, high=999)


@dataclass(frozen=True)
class AutomaMove(Record):
    """A move the table chooses for an Automa instead of its decision (docs/automa.md)."""

    kind: str = spec("the Automa action: production, construction, water_management …")
    structure: str | None = spec("construction: base, elevation, conduit, powerhouse", default=None)
    space: str | None = spec("construction: the map space", default=None)
    tile: str | None = spec("construction: the technology tile", default=None)
    copies: str | None = spec("construction: the tile Anton Krylov's tile copies", default=None)
    dam: str | None = spec("production: the dam", default=None)
    conduit: str | None = spec("production: the conduit", default=None)
    powerhouse: str | None = spec("production: the powerhouse", default=None)
    contract: str | None = spec("production: the contract fulfilled", default=None)
    headstreams: tuple[str, ...] | None = spec("water: one letter per drop", default=None)
    colour: str | None = spec("contract office: the colour removed", default=None)
    rotations: int | None = spec("workshop: segments turned", default=None, low=1, high=3)
    machines: tuple[str, ...] | None = spec("machinery shop: what it takes", default=None)
    slot: int | None = spec("patent office, external work: the slot (0-2)", default=None, low=0,
                            high=2)  # fmt: skip


@dataclass(frozen=True)
class Override(Record):
    """The table overrules the Automa: `move` (any legal Automa move), or, as logs written
    before that had it, `action` (the index of a tile action) with its space, letters or
    production."""

    move: AutomaMove | None = spec("the move chosen (the override options)", default=None)
    action: int | None = spec("index of the tile action (older logs)", default=None, high=999)
    space: str | None = spec("construction space (with `action`)", default=None)
    letters: tuple[str, ...] | None = spec("water headstreams (with `action`)", default=None)
    dam: str | None = spec("production dam (with `action`)", default=None)
    conduit: str | None = spec("production conduit (with `action`)", default=None)
    powerhouse: str | None = spec("production powerhouse (with `action`)", default=None)
    contract: str | None = spec("production contract (with `action`)", default=None)


@dataclass(frozen=True)
class Answer(Record):
    """The answer to the pending decision: the keys its kind uses (docs/commands.md).

    Which keys a decision takes is checked against its listed answers when it is resolved.
    """

    company: str | None = spec("draft_pick: the company board", default=None)
    contract: str | None = spec("draft_pick, productions, tile_contract: a contract", default=None)
    contracts: tuple[str, ...] | None = spec(
        "a production: Simone Luciani's 2+ contracts", default=None, items=4
    )
    discard: tuple[str, ...] | None = spec("discard_contracts: the contracts", default=None)
    tile: str | None = spec("table_draw: the tile drawn", default=None)
    excavators: int | None = spec("choose_machineries", default=None, low=0, high=99)
    mixers: int | None = spec("choose_machineries", default=None, low=0, high=99)
    drops: int | dict[str, int] | None = spec(
        "place_drops: {letter: drops}; a production: the drops", default=None, low=0, high=99
    )
    space: str | None = spec("free_structure: the space (null declines)", default=None)
    dam: str | None = spec("a production's dam", default=None)
    conduit: str | None = spec("a production's conduit", default=None)
    powerhouse: str | None = spec("a production's powerhouse", default=None)
    decline: bool | None = spec("declines an optional production", default=None)
    accept: bool | None = spec("tile_effect: take the drops", default=None)
    produce: bool | None = spec("tile_contract: produce the energy", default=None)
    continue_: bool | None = spec("company_effect", default=None, key="continue")
    override: Override | None = spec("mahiri_opening: the table's other move", default=None)
    slot: int | None = spec("loan_agency: the face-up External Work (1-3)", default=None,
                            low=1, high=3)  # fmt: skip
    segment: int | None = spec("research_lab, development_office: the wheel segment (0-5)",
                               default=None, low=0, high=5)  # fmt: skip


@dataclass(frozen=True)
class StructureValue(Record):
    """A `structure` correction: the piece, added or removed."""

    structure: str = spec("base, elevation, conduit or powerhouse")
    present: bool = spec("true: on the map; false: taken off", default=True)


@dataclass(frozen=True)
class ContractValue(Record):
    """A `contract` correction: a contract in a hand, face up or fulfilled, or gone."""

    contract: str = spec("the contract id")
    present: bool = spec("in the company's supply", default=True)
    fulfilled: bool = spec("face down (fulfilled)", default=False)


@dataclass(frozen=True)
class WheelValue(Record):
    """A `wheel_segment` correction: what lies in one segment."""

    tiles: tuple[str, ...] = spec("technology tiles", default=())
    excavators: int = spec("Excavators", default=0, low=0, high=99)
    mixers: int = spec("Concrete Mixers", default=0, low=0, high=99)


# -- the commands ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Command(Record):
    """Base of every command; `TYPE` is its `type` in JSON."""

    TYPE: ClassVar[str] = ""
    ACTION: ClassVar[bool] = False  # a Management-board or construction action of a turn


@dataclass(frozen=True)
class Build(Command):
    """Construction (p. 13)."""

    TYPE: ClassVar[str] = "build"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company building")
    structure: str = spec("base, elevation, conduit, powerhouse or building (expansion)")
    space: str = spec("the map space (a Building: BS_<tile>_<1-4>)")
    tile: str | None = spec("the technology tile put on the wheel", default=None)
    copies: str | None = spec("the wheel tile Anton Krylov's tile copies", default=None)
    payment: Payment | None = spec("another allowed payment (officer, tile)", default=None)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Produce(Command):
    """Turbine Station (p. 16)."""

    TYPE: ClassVar[str] = "produce"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company producing")
    space: str = spec("the Turbine Station space (TS_…)")
    dam: str = spec("the dam the drops come from")
    conduit: str = spec("the conduit they pass")
    powerhouse: str = spec("the own powerhouse")
    drops: int = spec("drops used", low=0, high=99)
    contract: str | None = spec("the contract fulfilled", default=None)
    contracts: tuple[str, ...] | None = spec(
        "Simone Luciani: the 2+ contracts this production fulfils", default=None, items=4
    )
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Water(Command):
    """Water Management (p. 16)."""

    TYPE: ClassVar[str] = "water"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    space: str = spec("the Water Management space (WM_…)")
    headstreams: tuple[str, ...] = spec("one headstream letter per drop", items=4)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Bank(Command):
    """Bank (p. 18)."""

    TYPE: ClassVar[str] = "bank"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    engineers: int = spec("Engineers put on the Bank (at least 1)", low=0, high=99)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Workshop(Command):
    """Workshop (p. 17)."""

    TYPE: ClassVar[str] = "workshop"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    space: str = spec("the Workshop space (WS_…)")
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class BuyMachinery(Command):
    """Machinery Shop (p. 17)."""

    TYPE: ClassVar[str] = "buy_machinery"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    space: str = spec("the Machinery Shop space (MS_…)")
    choice: str | None = spec("excavator or mixer, on a space of your choice", default=None)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class TakeContracts(Command):
    """Contract Office (p. 18)."""

    TYPE: ClassVar[str] = "take_contracts"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    space: str = spec("the Contract Office space (CO_…)")
    contracts: tuple[str, ...] = spec("the face-up contracts taken", items=4)
    discard: tuple[str, ...] | None = spec("above 3 face up: discarded at once", default=None)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Patent(Command):
    """Patent Office (p. 19, full game)."""

    TYPE: ClassVar[str] = "patent"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    space: str = spec("the Patent Office space (PO_1 … PO_3)")
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class ExternalWork(Command):
    """External Works (The Leeghwater Project): 2 Engineers, the tile's Machineries."""

    TYPE: ClassVar[str] = "external_work"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    slot: int = spec("the face-up External Work, 1-3 from the left", low=1, high=3)
    leslie: bool = spec(
        "Leslie Spencer: the Machineries go on the wheel with her tile", default=False
    )
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class BuildingAction(Command):
    """A Private Building's action (The Leeghwater Project), on its next free action space."""

    TYPE: ClassVar[str] = "building_action"
    ACTION: ClassVar[bool] = True
    player: str = spec("the company")
    building: str = spec("the Private Building tile (loan_agency, wind_farm …)")
    margot: bool = spec("Margot Fouché: on her own officer space instead", default=False)
    architect: bool = spec(
        "Tommaso Battista: the Architect is one of the Engineers placed", default=False
    )


@dataclass(frozen=True)
class Pass(Command):
    """Pass, with no Engineer left (ruling R17)."""

    TYPE: ClassVar[str] = "pass"
    player: str = spec("the company passing")


@dataclass(frozen=True)
class Decide(Command):
    """Answer the decision on top of `state.pending`."""

    TYPE: ClassVar[str] = "decide"
    answer: Answer = spec("one of the decision's answers")
    player: str | None = spec("who answers (the decision's player)", default=None)


CorrectionValue = int | StructureValue | ContractValue | WheelValue | None


@dataclass(frozen=True)
class Correct(Command):
    """The correction sheet: set a tracked value, with a reason."""

    TYPE: ClassVar[str] = "correct"
    what: str = spec("what is corrected (credits, vp, dam_drops, structure …)")
    value: CorrectionValue = spec("the new value (its shape depends on `what`)", default=None)
    company: str | None = spec("the company concerned", default=None)
    space: str | int | None = spec("the space, headstream letter or wheel segment", default=None)
    reason: str = spec("why (shown in the log)", default="", length=TEXT_LENGTH)


@dataclass(frozen=True)
class AutomaTurn(Command):
    """The Automa plays whatever it has to do now (docs/automa.md)."""

    TYPE: ClassVar[str] = "automa_turn"
    player: str = spec("the Automa (or the human opening the Automa way)")
    override: Override | None = spec("the table's other legal move", default=None)


@dataclass(frozen=True)
class Mahiri(Command):
    """Mahiri Sekibo copies another officer for this turn (ruling R12)."""

    TYPE: ClassVar[str] = "mahiri"
    player: str = spec("Mahiri Sekibo's company")
    officer: str = spec("the officer copied")


COMMANDS: dict[str, type[Command]] = {
    cls.TYPE: cls
    for cls in (
        Build,
        Produce,
        Water,
        Bank,
        Workshop,
        BuyMachinery,
        TakeContracts,
        Patent,
        ExternalWork,
        BuildingAction,
        Pass,
        Decide,
        Correct,
        AutomaTurn,
        Mahiri,
    )
}
ACTION_TYPES: tuple[str, ...] = tuple(t for t, cls in COMMANDS.items() if cls.ACTION)

# the shape of a correction's value, by `what`: a whole number, one of these records, or (the
# table-wide lines and a whole position, read by their rules module) bounded JSON
NUMBER_CORRECTIONS = ("credits", "excavators", "mixers", "engineers", "energy", "vp",
                      "dam_drops", "headstream_drops")  # fmt: skip
JSON_DEPTH = 8
# a position's map lines: 5 Bases, 5 Elevations, 5 Conduits and 4 Powerhouses per company,
# four companies, one drops line per Base: 96 at most
JSON_ITEMS = 128
CORRECTION_VALUES: dict[str, type[Any]] = {
    "structure": StructureValue,
    "contract": ContractValue,
    "wheel_segment": WheelValue,
}


# -- reading JSON ----------------------------------------------------------------------------


def json_key(f: dataclasses.Field[Any]) -> str:
    """The JSON name of a dataclass field."""
    return str(f.metadata.get("key") or f.name)


_TYPE_HINTS: dict[type[Any], dict[str, Any]] = {}


def type_hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved field types of a command dataclass (resolved once: `get_type_hints`
    compiles every annotation string, a millisecond per command read otherwise)."""
    if cls not in _TYPE_HINTS:
        _TYPE_HINTS[cls] = typing.get_type_hints(cls)
    return _TYPE_HINTS[cls]


def fields_of(cls: type[Any]) -> list[dataclasses.Field[Any]]:
    """The JSON fields of a command or nested value, in declaration order."""
    return [f for f in dataclasses.fields(cls) if f.init and not f.metadata.get("internal")]


_JSON_FIELDS: dict[type[Any], dict[str, dataclasses.Field[Any]]] = {}


def json_fields(cls: type[Any]) -> dict[str, dataclasses.Field[Any]]:
    """`fields_of` by JSON name, read once per class (every command read and written asks);
    the same dict each time: never changed."""
    if cls not in _JSON_FIELDS:
        _JSON_FIELDS[cls] = {json_key(f): f for f in fields_of(cls)}
    return _JSON_FIELDS[cls]


# the shape of a field's type, read once per type: `typing.get_origin`/`get_args` are
# Python code, asked for every value of every command read
@cache
def _origin(tp: Any) -> Any:
    return get_origin(tp)


@cache
def _args(tp: Any) -> tuple[Any, ...]:
    return get_args(tp)


def _kind(value: Any) -> str:
    """What a JSON value is, in words (the refusals say what was sent instead)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return say("true/false")
    if isinstance(value, int):
        return say("a number")
    if isinstance(value, str):
        return say("text")
    if isinstance(value, list | tuple):
        return say("a list")
    if isinstance(value, dict):
        return say("an object")
    return type(value).__name__


def _int(value: Any, meta: Mapping[str, Any], path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(
            say(
                "{path} must be a whole number, not {kind}.",
                path=path,
                kind=_kind(value),
            ),
        )
    low = COUNT[0] if meta.get("low") is None else meta["low"]
    high = COUNT[1] if meta.get("high") is None else meta["high"]
    if not low <= value <= high:
        shown = str(value) if len(str(value)) <= 12 else f"{str(value)[:6]}…"
        raise CommandError(
            say(
                "{path} must be from {low} to {high}, not {shown}.",
                path=path,
                low=low,
                high=high,
                shown=shown,
            ),
        )
    return value


def _str(value: Any, meta: Mapping[str, Any], path: str) -> str:
    if not isinstance(value, str):
        raise CommandError(say("{path} must be text, not {kind}.", path=path, kind=_kind(value)))
    limit = meta.get("length") or ID_LENGTH
    if len(value) > limit:
        raise CommandError(
            say(
                "{path} is too long ({count} characters; at most {limit}).",
                path=path,
                count=len(value),
                limit=limit,
            ),
        )
    return value


def _value(tp: Any, value: Any, meta: Mapping[str, Any], path: str) -> Any:
    """Read one JSON value as type `tp` (str, int, bool, None, tuples, str→int maps, values)."""
    origin = _origin(tp)
    if origin in (Union, types.UnionType):
        options = _args(tp)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None) and _fits(option, value):
                return _value(option, value, meta, path)
        wanted = _one_of([_type_name(o) for o in options])
        raise CommandError(
            say(
                "{path} must be {wanted}, not {kind}.",
                path=path,
                wanted=wanted,
                kind=_kind(value),
            ),
        )
    if tp is str:
        return _str(value, meta, path)
    if tp is int:
        return _int(value, meta, path)
    if tp is bool:
        if not isinstance(value, bool):
            raise CommandError(
                say(
                    "{path} must be true or false, not {kind}.",
                    path=path,
                    kind=_kind(value),
                ),
            )
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise CommandError(
                say(
                    "{path} must be a list, not {kind}.",
                    path=path,
                    kind=_kind(value),
                ),
            )
        limit = meta.get("items") or MAX_ITEMS
        if len(value) > limit:
            raise CommandError(
                say(
                    "{path} lists {count} items; at most {limit}.",
                    path=path,
                    count=len(value),
                    limit=limit,
                ),
            )
        item = _args(tp)[0]
        return tuple(_value(item, v, {}, f"{path}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise CommandError(
                say(
                    "{path} must be an object, not {kind}.",
                    path=path,
                    kind=_kind(value),
                ),
            )
        limit = meta.get("items") or MAX_ITEMS
        if len(value) > limit:
            raise CommandError(
                say(
                    "{path} has {count} entries; at most {limit}.",
                    path=path,
                    count=len(value),
                    limit=limit,
                ),
            )
        key_type, item = _args(tp)
        return {
            _value(key_type, k, {}, f"{path} key"): _value(item, v, meta, f"{path}.{k}")
            for k, v in value.items()
        }
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record(tp, value, path)
    raise TypeError(f"no reader for {tp!r}")  # pragma: no cover - a definition error


def _fits(tp: Any, value: Any) -> bool:
    """Whether a JSON value has the shape of `tp` (to pick a member of a union)."""
    origin = _origin(tp)
    if tp is str:
        return isinstance(value, str)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is bool:
        return isinstance(value, bool)
    if origin is tuple:
        return isinstance(value, list | tuple)
    if origin is dict or dataclasses.is_dataclass(tp):
        return isinstance(value, dict)
    return False


def _type_name(tp: Any) -> str:
    if tp is type(None):
        return "null"
    if tp is str:
        return say("text")
    if tp is int:
        return say("a whole number")
    if tp is bool:
        return say("true/false")
    if get_origin(tp) is tuple:
        return say("a list")
    return say("an object")


def _one_of(names: list[str]) -> str:
    """ "A, B or C": the kinds a field accepts."""
    said = names[-1]
    for name in reversed(names[:-1]):
        said = say("{first} or {second}", first=name, second=said)
    return said


def _record(cls: type[Any], data: Any, path: str) -> Any:
    """Read a JSON object as the dataclass `cls`: known fields only, required ones present."""
    if not isinstance(data, dict):
        if not path:
            raise CommandError(say("The command must be an object, not {kind}.", kind=_kind(data)))
        raise CommandError(
            say("{path} must be an object, not {kind}.", path=path, kind=_kind(data))
        )
    hints = type_hints(cls)
    known = json_fields(cls)
    unknown = [k for k in data if k not in known and not (path == "" and k == "type")]
    if unknown:
        name = str(unknown[0])[:ID_LENGTH]
        if path:
            said = say("Unknown field {name} ({path}).", name=repr(name), path=path)
        else:
            said = say("Unknown field {name}.", name=repr(name))
        raise CommandError(said, "unknown_field")
    values: dict[str, Any] = {"given": tuple(k for k in data if k in known)}
    for key, f in known.items():
        where = f"{path}.{key}" if path else key
        if key not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                missing = say("The field {field} is missing.", field=repr(where))
                raise CommandError(missing, "missing_field")
            continue
        values[f.name] = _value(hints[f.name], data[key], f.metadata, where)
    return cls(**values)


def parse(data: Any) -> Command:
    """The typed command of a JSON object; raises CommandError (a sentence) if malformed."""
    if isinstance(data, Command):
        return data
    if not isinstance(data, dict):
        said = say("A command is an object, not {kind}.", kind=_kind(data))
        raise CommandError(said, "bad_command")
    kind = data.get("type")
    cls = COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        shown = repr(kind)[:ID_LENGTH] if isinstance(kind, str | int | None) else _kind(kind)
        raise CommandError(say("Unknown command type {shown}.", shown=shown), "unknown_command")
    if cls is Correct:
        return _correction(data)
    command = _record(cls, data, "")
    assert isinstance(command, Command)
    return command


def _correction(data: dict[str, Any]) -> Correct:
    """A correction, its value read with the shape its `what` needs (CORRECTION_VALUES)."""
    rest = {k: v for k, v in data.items() if k != "value"}
    command = _record(Correct, rest, "")
    assert isinstance(command, Correct)
    if "value" not in data:
        return command
    if command.what in NUMBER_CORRECTIONS:
        value = _value(int | None, data["value"], {"low": -999, "high": 999}, "value")
    elif command.what in CORRECTION_VALUES:
        value = _value(CORRECTION_VALUES[command.what], data["value"], {}, "value")
    else:  # a table-wide line or a whole position: its rules module reads the shape
        value = _json(data["value"], "value")
    given = tuple(k for k in data if k == "value" or k in command.given)
    return dataclasses.replace(command, value=value, given=given)


def _json(value: Any, path: str, depth: int = 0) -> Any:
    """Plain JSON, bounded: nesting, list and object sizes, text length, number range."""
    if depth > JSON_DEPTH:
        raise CommandError(say("{path} is nested too deeply.", path=path))
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _int(value, {"low": -(10**6), "high": 10**6}, path)
    if isinstance(value, str):
        return _str(value, {"length": TEXT_LENGTH}, path)
    if isinstance(value, list):
        if len(value) > JSON_ITEMS:
            raise CommandError(
                say(
                    "{path} lists {count} items; at most {limit}.",
                    path=path,
                    count=len(value),
                    limit=JSON_ITEMS,
                ),
            )
        return [_json(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        if len(value) > JSON_ITEMS:
            raise CommandError(
                say(
                    "{path} has {count} entries; at most {limit}.",
                    path=path,
                    count=len(value),
                    limit=JSON_ITEMS,
                ),
            )
        return {
            _str(k, {}, f"{path} key"): _json(v, f"{path}.{k}", depth + 1) for k, v in value.items()
        }
    raise CommandError(say("{path} must be JSON, not {kind}.", path=path, kind=_kind(value)))


# -- writing JSON ----------------------------------------------------------------------------


def to_dict(value: Any) -> Any:
    """The canonical JSON form of a command (or nested value): the keys that were sent, in
    their order (a command made in code: its fields not at their default)."""
    if isinstance(value, Record):
        out: dict[str, Any] = {}
        if isinstance(value, Command):
            out["type"] = value.TYPE
        by_key = json_fields(type(value))
        if value.given:
            keys = list(value.given)
        else:
            keys = [k for k, f in by_key.items() if getattr(value, f.name) != f.default]
        for key in keys:
            out[key] = to_dict(getattr(value, by_key[key].name))
        return out
    if isinstance(value, tuple | list):
        return [to_dict(v) for v in value]
    if isinstance(value, dict):
        return {k: to_dict(v) for k, v in value.items()}
    return value


def read_answer(data: Mapping[str, Any]) -> Answer:
    """An answer the engine made itself (an Automa's), as the typed answer a resolver takes."""
    answer = _record(Answer, dict(data), "answer")
    assert isinstance(answer, Answer)
    return answer


def answer_dict(answer: Answer) -> dict[str, Any]:
    """An answer as the decision's listed answers write it (only the keys it has)."""
    return dict(to_dict(answer))


# -- docs/commands.md --------------------------------------------------------------------------


def _doc_type(tp: Any) -> str:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return " \\| ".join(_doc_type(a) for a in get_args(tp))
    if tp is type(None):
        return "null"
    if origin is tuple:
        return f"[{_doc_type(get_args(tp)[0])}]"
    if origin is dict:
        key, value = get_args(tp)
        return f"{{{_doc_type(key)}: {_doc_type(value)}}}"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return f"`{tp.__name__}`"
    return str(getattr(tp, "__name__", tp))


def _doc_limits(tp: Any, meta: Mapping[str, Any]) -> str:
    args = [a for a in get_args(tp) if a is not type(None)] or [tp]
    if int in args and str not in args:
        low = COUNT[0] if meta.get("low") is None else meta["low"]
        high = COUNT[1] if meta.get("high") is None else meta["high"]
        return f"{low}-{high}"
    if str in args:
        return f"≤ {meta.get('length') or ID_LENGTH} chars"
    if any(get_origin(a) in (tuple, dict) for a in args):
        return f"≤ {meta.get('items') or MAX_ITEMS} items"
    return ""


def docs_table() -> str:
    """The field tables of every command and nested value, as docs/commands.md shows them."""
    out = ["<!-- generated from companion/engine/commands.py: keep in step (a test checks) -->"]
    values: list[type[Any]] = [
        Payment,
        Answer,
        Override,
        AutomaMove,
        StructureValue,
        ContractValue,
        WheelValue,
    ]
    for cls in [*COMMANDS.values(), *values]:
        title = f"`{cls.TYPE}`" if issubclass(cls, Command) else f"`{cls.__name__}`"
        out += ["", f"#### {title} — {(cls.__doc__ or '').splitlines()[0]}", ""]
        out += ["| field | type | required | limits | meaning |", "| --- | --- | --- | --- | --- |"]
        hints = type_hints(cls)
        for f in fields_of(cls):
            required = "yes" if f.default is dataclasses.MISSING else "no"
            kind = _doc_type(hints[f.name])
            limits = _doc_limits(hints[f.name], f.metadata)
            out.append(
                f"| `{json_key(f)}` | {kind} | {required} | {limits} | {f.metadata['doc']} |"
            )
    return "\n".join(out) + "\n"
