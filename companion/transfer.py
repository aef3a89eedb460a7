"""`companion import GAME.json`: a game exported by any server, brought back as it was (issue 18).

A game's JSON export (`GET /api/games/<id>/export.json`, and the audit page's *Export JSON*)
carries, beside what people and `python -m companion.engine replay` read, a `stored` block:
the game's rows exactly as the server stored them (setup, every record with its events and
instructions as catalogue keys, the last state). Importing writes the game again — the
same setup, the same log, the same state, each row as this engine replays it (the file's
texts are compared with it, not copied) — after checking that the file replays:

- the setup gives the stored setup outcome, and every command and correction, executed
  again by this server's engine in order (undos going back as the store does), gives the
  events and instructions the file records, one for one;
- the state they end in is the state the file records, and folding the stored events of the
  records in force gives it too (what the store does when it reloads a game).

A file that does not replay is refused with a sentence saying which move differs, and
nothing is written. The game keeps its id and join code unless this server already uses
them; a game already here (the same id, or the same creation time and setup) is not
imported twice. docs/operations.md "Backup and restore".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from companion import jsonsafe
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.words import from_json
from companion.store import (
    SNAPSHOTS_KEPT,
    STORED_FORMAT,
    Engine,
    Store,
    players_summary,
    stored_dumps,
)

MAX_TEXT = 64 * 1024 * 1024  # one stored column: a whole state is well under a megabyte


class ImportRefused(Exception):
    """The file cannot be imported; `message` says why (nothing was written)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# -- the shape of the file ------------------------------------------------------------------


def _text(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(max=MAX_TEXT), **kwargs)


class StoredRecordSchema(Schema):
    """One record as stored (its command, events and instructions are JSON texts)."""

    class Meta:
        unknown = EXCLUDE

    seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    kind = fields.String(required=True, validate=validate.OneOf(("command", "correction", "undo")))
    command = _text(required=True)
    events = _text(required=True)
    instructions = _text(required=True)
    version_after = fields.Integer(required=True, strict=True)
    created_at = fields.String(required=True, validate=validate.Length(max=64))


class StoredGameSchema(Schema):
    """The game's row as stored (its setup and setup outcome are JSON texts)."""

    class Meta:
        unknown = EXCLUDE

    id = fields.String(required=True, validate=validate.Length(1, 64))
    join_code = fields.String(allow_none=True, validate=validate.Length(max=64))
    retired_code = fields.String(allow_none=True, validate=validate.Length(max=64))
    title = fields.String(required=True, validate=validate.Length(max=1000))
    created_at = fields.String(required=True, validate=validate.Length(1, 64))
    updated_at = fields.String(allow_none=True, validate=validate.Length(max=64))
    archived_at = fields.String(allow_none=True, validate=validate.Length(max=64))
    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    setup = _text(required=True)
    setup_outcome = _text(required=True)


class StoredSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    format = fields.String(required=True, validate=validate.Equal(STORED_FORMAT))
    game = fields.Nested(StoredGameSchema, required=True)
    records = fields.List(fields.Nested(StoredRecordSchema), required=True)
    state = _text(required=True)


class ExportFileSchema(Schema):
    """A game's JSON export: only its `stored` block is read."""

    class Meta:
        unknown = EXCLUDE

    stored = fields.Nested(StoredSchema, required=True)


def read_export(path: Path) -> dict[str, Any]:
    """The `stored` block of the export at `path`, its shape checked. Raises ImportRefused."""
    try:
        # orjson, as at the server's edge: text that is not Unicode (a lone surrogate) is
        # refused here, so nothing imported can break SQLite's encoder or an export later
        document = orjson.loads(path.read_bytes())
    except OSError as error:
        raise ImportRefused(f"Cannot read {path}: {error.strerror or error}.") from None
    except orjson.JSONDecodeError:
        raise ImportRefused(f"{path} is not JSON text.") from None
    if not isinstance(document, dict):
        raise ImportRefused(f"{path} is not a game's JSON export.")
    if "stored" not in document:
        raise ImportRefused(
            f"{path} has no stored game: export the game again from a server of this version "
            "(the game's Export JSON), then import that file."
        )
    try:
        loaded: dict[str, Any] = ExportFileSchema().load(document)["stored"]
    except ValidationError as error:
        raise ImportRefused(
            f"{path} is not a game export this server can read: {_first(error)}"
        ) from None
    return loaded


def _first(error: ValidationError) -> str:
    """The first problem marshmallow found, as `where: what`."""
    where: list[str] = []
    found: Any = error.messages
    while isinstance(found, dict) and found:
        key, found = next(iter(found.items()))
        where.append(str(key))
    while isinstance(found, list) and found:
        found = found[0]
    return f"{'.'.join(where)}: {found}" if where else str(found)


# -- the replay check -------------------------------------------------------------------------


@dataclass
class Replayed:
    """What a stored game replays to, as the store writes it: the setup outcome, the records
    and snapshots (version → stored state, the last ones the store keeps) in this engine's
    own encoding (the file's texts are only compared with them, never written), and the
    summary columns of its last version."""

    setup_outcome: str
    records: list[dict[str, Any]]
    snapshots: dict[int, str]
    summary: dict[str, Any]
    moves: int  # commands and corrections in force


def _loads(text: str, what: str) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        raise ImportRefused(f"The file's {what} is not JSON text.") from None


def _same(made: Any, stored_text: str, what: str) -> bool:
    """Whether what this engine made equals what the file stores (both as stored JSON)."""
    return bool(orjson.loads(stored_dumps(made)) == _loads(stored_text, what))


class Replay:
    """The stored records of one game executed again by this server's engine."""

    def __init__(self, engine: Engine, stored: dict[str, Any]) -> None:
        self.engine = engine
        self.stored = stored
        self.setup = _loads(stored["game"]["setup"], "setup")
        if not isinstance(self.setup, dict):
            raise ImportRefused("The file's setup is not a game's setup.")
        # (seq, its stored record read back, the state after it): the records in force
        self.in_force: list[tuple[int, dict[str, Any], Any]] = []
        self.initial: Any = None
        self.setup_outcome = ""
        self.rows: list[dict[str, Any]] = []  # the records as the store writes them

    def run(self) -> Replayed:
        game, records = self.stored["game"], self.stored["records"]
        state = self._start()
        for number, record in enumerate(records, 1):
            if record["seq"] != number or record["version_after"] != number:
                raise ImportRefused(f"The file's records skip or repeat a move (at {number}).")
            undo = record["kind"] == "undo"
            state = self._undo(record) if undo else self._execute(state, record)
        if game["version"] != len(records):
            raise ImportRefused(
                f"The file says the game is at version {game['version']} but holds "
                f"{len(records)} records."
            )
        view = self._view(state)
        if not _same(self._stored_json(view), self.stored["state"], "state"):
            raise ImportRefused(
                "The moves of the file replay to another state than the one it records."
            )
        folded = self.engine.rebuild(self.setup, [record for _, record, _ in self.in_force])
        if not _same(self._stored_json(self._view(folded)), self.stored["state"], "state"):
            raise ImportRefused("The events the file records do not add up to its last state.")
        return Replayed(
            self.setup_outcome,
            self.rows,
            self._snapshots(view),
            self._summary(view),
            len(self.in_force),
        )

    def _start(self) -> Any:
        try:
            outcome = self.engine.new_game(self.setup)
        except (RuleViolation, CommandError) as error:
            raise ImportRefused(f"This server refuses the game's setup: {error.message}") from None
        made = {"events": outcome.events, "instructions": outcome.instructions}
        if not _same(made, self.stored["game"]["setup_outcome"], "setup outcome"):
            raise ImportRefused("The game's setup gives other events here than in the file.")
        self.setup_outcome = stored_dumps(made)
        self.initial = outcome.state
        return outcome.state

    def _execute(self, state: Any, record: dict[str, Any]) -> Any:
        seq, command = record["seq"], _loads(record["command"], "command")
        if not isinstance(command, dict):
            raise ImportRefused(f"Move {seq} of the file is not a command.")
        kind = "correction" if command.get("type") == "correct" else "command"
        if kind != record["kind"]:
            raise ImportRefused(f"Move {seq} of the file is not a command.")
        try:
            outcome = self.engine.execute(state, command)  # a copy: `state` stays for undo
        except (RuleViolation, CommandError) as error:
            raise ImportRefused(
                f"Move {seq} of the file does not replay: the rules refuse it ({error.message})."
            ) from None
        if not (
            _same(outcome.events, record["events"], "events")
            and _same(outcome.instructions, record["instructions"], "instructions")
        ):
            raise ImportRefused(
                f"Move {seq} of the file does not replay: this server's engine decides it with "
                "other events than the file records."
            )
        parsed = getattr(outcome, "command", None) or command  # as the store logs it
        self._row(record, parsed, outcome.events, outcome.instructions)
        stored = {**record, "events": from_json(_loads(record["events"], "events"))}
        self.in_force.append((seq, stored, outcome.state))
        self._forget_old_states()
        return outcome.state

    def _undo(self, record: dict[str, Any]) -> Any:
        seq = record["seq"]
        if not self.in_force:
            raise ImportRefused(f"Move {seq} of the file undoes a move that is not there.")
        expected = {"type": "undo", "undoes": self.in_force[-1][0]}
        if _loads(record["command"], "command") != expected or _loads(record["events"], "events"):
            raise ImportRefused(f"Move {seq} of the file undoes another move than the last one.")
        self._row(record, expected, [], [])
        self.in_force.pop()
        if not self.in_force:
            return self.initial
        state = self.in_force[-1][2]
        if state is None:  # an old state not kept: folded from the events, as the store does
            state = self.engine.rebuild(self.setup, [r for _, r, _ in self.in_force])
        return state

    def _row(
        self, record: dict[str, Any], command: dict[str, Any], events: Any, instructions: Any
    ) -> None:
        self.rows.append(
            {
                "seq": record["seq"],
                "kind": record["kind"],
                "command": jsonsafe.dumps(command),
                "events": stored_dumps(events),
                "instructions": stored_dumps(instructions),
                "version_after": record["version_after"],
                "created_at": record["created_at"],
            }
        )

    def _forget_old_states(self) -> None:
        """Keep the states the store keeps snapshots of (the last SNAPSHOTS_KEPT in force)."""
        if len(self.in_force) > SNAPSHOTS_KEPT:
            seq, record, _ = self.in_force[-SNAPSHOTS_KEPT - 1]
            self.in_force[-SNAPSHOTS_KEPT - 1] = (seq, record, None)

    def _view(self, state: Any) -> dict[str, Any]:
        return (self.engine.view or self.engine.to_json)(state)

    def _stored_json(self, view: dict[str, Any]) -> Any:
        return self.engine.unview(view) if self.engine.unview else view

    def _snapshots(self, last: dict[str, Any]) -> dict[int, str]:
        """Stored states as the store keeps them: the last version's (`last`, its view), and
        those right after the last SNAPSHOTS_KEPT commands in force (the states an undo goes
        back to)."""
        version = self.stored["game"]["version"]
        snapshots = {version: stored_dumps(self._stored_json(last))}
        kept = [(seq, state) for seq, _, state in self.in_force[-SNAPSHOTS_KEPT:]]
        if len(self.in_force) < SNAPSHOTS_KEPT:
            kept.insert(0, (0, self.initial))
        for at, state in kept:
            if state is not None and at not in snapshots:
                snapshots[at] = stored_dumps(self._stored_json(self._view(state)))
        return snapshots

    @staticmethod
    def _summary(view: dict[str, Any]) -> dict[str, Any]:
        return {
            "round": view.get("round", 0),
            "phase": view.get("phase", ""),
            "players": players_summary(view),
            "finished": bool(view.get("finished", False)),
        }


# -- the import -------------------------------------------------------------------------------


@dataclass
class Imported:
    """What `import_game` did: `game` is the summary of the game on this server."""

    game: dict[str, Any]
    already_here: bool
    moves: int = 0
    file_version: int = 0
    code_changed: bool = False


def import_game(store: Store, stored: dict[str, Any]) -> Imported:
    """Bring the game of an export's `stored` block (`read_export`) into `store`,
    replay-checked (the module's docstring). Raises ImportRefused, with nothing written."""
    game = stored["game"]
    here = store.same_game(game)
    if here is not None:
        return Imported(here, already_here=True, file_version=game["version"])
    try:
        replayed = Replay(store.engine, stored).run()
    except ImportRefused:
        raise
    except Exception as error:  # a file changed by hand may break the engine anywhere
        raise ImportRefused(
            f"The file's moves cannot be replayed here ({type(error).__name__}: {error})."
        ) from None
    row = {**game, "setup_outcome": replayed.setup_outcome}
    summary, already_here = store.add_stored_game(
        row, replayed.records, replayed.snapshots, replayed.summary
    )
    wanted = game.get("retired_code") or game.get("join_code")
    return Imported(
        summary,
        already_here=already_here,
        moves=replayed.moves,
        file_version=game["version"],
        code_changed=summary["join_code"] != wanted,
    )
