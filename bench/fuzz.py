"""Fuzz every HTTP route and Socket.IO event with hostile payloads: no 5xx, no traceback.

`python bench/run.py --fuzz N` (or `companion bench --fuzz N`) sends N payloads to a fresh app
on a temporary database and prints the counts; `tests/web/test_fuzz_every_route.py` runs a
bounded number under hypothesis. Payloads: random JSON of every kind, valid payloads with one
field made wrong (wrong type, a 100-digit integer, a 100 000-character string, 100 000-deep
nesting, an unknown field), valid commands of the wrong player or at a stale version, and raw
Socket.IO packets that cannot be decoded. Every answer must be below 500 and, when it refuses,
carry a sentence; no traceback may be logged; every game must still replay to its state.
"""

from __future__ import annotations

import json
import logging
import random
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.app import create_app  # noqa: E402
from companion.engine import replay  # noqa: E402
from companion.engine.state import to_json  # noqa: E402
from companion.extensions import socketio  # noqa: E402
from companion.store import effective_commands  # noqa: E402

DEEP = 100_000
SEATS = [
    {"kind": "human", "company": "usa", "name": "Ann"},
    {"kind": "automa", "company": "italy", "automa_level": 3},
    {"kind": "human", "company": "germany", "name": "Bo"},
]
SETUP = {"mode": "introductory", "deals": "app", "seed": 5, "seats": SEATS}
EVENTS = ("join_game", "leave_game", "submit_command", "undo", "no_such_event")


class Deep:
    """A body that is 100 000 levels of nesting: sent as raw text (json.dumps cannot)."""

    def text(self, around: str = "") -> str:
        return "[" * DEEP + around + "]" * DEEP


@dataclass
class Report:
    """What the fuzz run saw."""

    payloads: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    silent_refusals: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    games_replayed: int = 0
    replay_mismatches: list[str] = field(default_factory=list)

    def ok(self) -> bool:
        return not (
            self.server_errors or self.silent_refusals or self.tracebacks or self.replay_mismatches
        )


class Capture(logging.Handler):
    """Keeps every log record of level ERROR or worse (a traceback logged by the server)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()}")


# -- payloads -----------------------------------------------------------------------------------


def random_json(rnd: random.Random, depth: int = 0) -> Any:
    """Any JSON value: numbers (huge too), texts (long too), lists, objects, nesting."""
    roll = rnd.random()
    if depth > 3 or roll < 0.35:
        return rnd.choice(
            [
                None,
                True,
                False,
                0,
                -1,
                1,
                2,
                99,
                10**100,
                -(10**100),
                1.5,
                "",
                "usa",
                "x" * rnd.choice([1, 41, 600, 100_000]),
                "1U",
                "TS_1_L",
                "G09",
                "A",
            ]
        )
    if roll < 0.65:
        return [random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    keys = ["type", "player", "space", "value", "answer", "override", "command", "version",
            "game_id", "code", "setup", "seats", "company", "engineers", "drops", "x"]  # fmt: skip
    return {rnd.choice(keys): random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 4))}


def spoil(rnd: random.Random, value: Any) -> Any:
    """`value` with one field made wrong (or the whole value, if it has no fields)."""
    bad = rnd.choice([10**100, "x" * 100_000, Deep(), [value], {"deep": [[[[1]]]]}, None, "",
                      -5, True, 1.5])  # fmt: skip
    if isinstance(value, dict) and value and rnd.random() < 0.85:
        out = dict(value)
        if rnd.random() < 0.2:
            out["unknown_field"] = random_json(rnd)
        else:
            key = rnd.choice(sorted(out))
            out[key] = spoil(rnd, out[key]) if rnd.random() < 0.3 else bad
        return out
    return bad


def encode(payload: Any) -> str:
    """JSON text of a payload, with any `Deep` placeholder as 100 000 levels of nesting."""
    holes: list[Deep] = []

    def default(obj: Any) -> Any:
        if isinstance(obj, Deep):
            holes.append(obj)
            return "__DEEP__"
        raise TypeError(type(obj).__name__)

    text = json.dumps(payload, default=default)
    for hole in holes:
        text = text.replace('"__DEEP__"', hole.text(), 1)
    return text


# -- the run ------------------------------------------------------------------------------------


class Fuzzer:
    """An app on a temporary database, a device that joined a real game, and the targets."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.tmp = tempfile.TemporaryDirectory()
        db = Path(self.tmp.name) / "fuzz.db"
        self.app = create_app({"DATABASE": str(db), "TESTING": True, "SECRET_KEY": "fuzz"})
        self.client = self.app.test_client()
        self.new_game()
        self.sio = socketio.test_client(self.app, flask_test_client=self.client)
        self.routes = sorted(
            (rule.rule, method)
            for rule in self.app.url_map.iter_rules()
            if not rule.rule.startswith("/static")
            for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
        )
        self.report = Report()

    def close(self) -> None:
        if self.sio.is_connected():
            self.sio.disconnect()
        self.tmp.cleanup()

    # -- targets

    def new_game(self) -> None:
        created = self.client.post("/api/games", json={"title": "Fuzz", "setup": SETUP})
        view = created.get_json()
        self.game_id = view["game"]["id"]
        self.join_code = view["game"]["join_code"]

    def view(self) -> dict[str, Any]:
        """The game view; a new game when the fuzz deleted it (DELETE is a route too)."""
        response = self.client.get(f"/api/games/{self.game_id}")
        if response.status_code != 200:
            self.client.post("/api/join", json={"code": self.join_code})
            response = self.client.get(f"/api/games/{self.game_id}")
        if response.status_code != 200:
            self.new_game()
            response = self.client.get(f"/api/games/{self.game_id}")
        return dict(response.get_json())

    def valid_command(self) -> dict[str, Any]:
        """A command the game offers now (sometimes with the wrong player: out of turn)."""
        options = self.view()["options"]
        found = [c["command"] for a in options["actions"] for c in a["choices"]]
        if options.get("pending"):
            found += [c["command"] for c in options["pending"]["choices"]]
        found += [c["command"] for g in options.get("overrides", []) for c in g["choices"]]
        command = dict(self.rnd.choice(found)) if found else {"type": "pass", "player": "usa"}
        if self.rnd.random() < 0.3 and "player" in command:
            command["player"] = self.rnd.choice(["usa", "italy", "germany", "france"])
        return command

    def body_for(self, path: str) -> Any:
        """A payload for a route: a valid one spoiled, or anything."""
        version = self.view()["version"]
        if self.rnd.random() < 0.25:
            return random_json(self.rnd)
        if path.endswith("/commands"):
            good: dict[str, Any] = {"command": self.valid_command(), "version": version}
            if self.rnd.random() < 0.3:
                return good  # a valid command (maybe out of turn, maybe legal)
            if self.rnd.random() < 0.3:
                good["version"] = max(0, version - 1)  # stale
                return good
            if self.rnd.random() < 0.5:
                return {"command": spoil(self.rnd, good["command"]), "version": version}
            return spoil(self.rnd, good)
        if path == "/api/games":
            return spoil(self.rnd, {"title": "T", "setup": SETUP})
        if path.endswith("/undo"):
            return spoil(self.rnd, {"version": version})
        if path.endswith("/join"):
            return spoil(self.rnd, {"code": self.join_code})
        if path.endswith("/seat"):
            return spoil(self.rnd, {"company": "usa"})
        return spoil(self.rnd, {"objective": "O_BASINS_1", "players": [{"company": "usa"}]})

    def url(self, rule: str) -> str:
        game = self.rnd.choice([self.game_id] * 4 + ["nope", "x" * 300, "%00", "../.."])
        return (
            rule.replace("<game_id>", game)
            .replace("<code>", self.rnd.choice([self.join_code, "ZZZZZ", "x" * 100]))
            .replace("<path:filename>", "x.js")
        )

    # -- sending

    def one(self) -> None:
        self.report.payloads += 1
        if self.rnd.random() < 0.7:
            self.http()
        else:
            self.socket()

    def http(self) -> None:
        rule, method = self.rnd.choice(self.routes)
        url = self.url(rule)
        kwargs: dict[str, Any] = {}
        if method in ("POST", "PUT", "PATCH"):
            kwargs = {"data": encode(self.body_for(url)), "content_type": "application/json"}
        elif self.rnd.random() < 0.3:
            url += "?player=" + self.rnd.choice(["usa", "nope", "x" * 500])
        response = self.client.open(url, method=method, **kwargs)
        status = response.status_code
        self.report.statuses[status] += 1
        where = f"{method} {rule}"
        if status >= 500:
            self.report.server_errors.append(f"{where}: {status}")
        elif status >= 400 and url.startswith("/api/"):
            body = response.get_json(silent=True) or {}
            if not isinstance(body.get("message"), str) or not body["message"]:
                self.report.silent_refusals.append(f"{where}: {status} {body}")

    def socket(self) -> None:
        event = self.rnd.choice(EVENTS)
        if self.rnd.random() < 0.1:  # a packet that cannot be decoded
            raw = self.rnd.choice([Deep().text(), '{"a": ' + "9" * 5000 + "}", "{nope"])
            server = self.sio.socketio.server
            server._handle_eio_message(self.sio.eio_sid, f'2["{event}",{raw}]')
            self.report.statuses[400] += 1
            return
        if event == "submit_command":
            body = self.body_for("/commands")
            if isinstance(body, dict):
                body = {**body, "game_id": self.game_id}
        elif event in ("join_game", "leave_game"):
            body = spoil(self.rnd, {"game_id": self.game_id, "code": self.join_code})
        else:
            body = spoil(self.rnd, {"game_id": self.game_id, "version": self.view()["version"]})
        if _has_deep(body):
            server = self.sio.socketio.server
            server._handle_eio_message(self.sio.eio_sid, f'21["{event}",{encode(body)}]')
            self.report.statuses[400] += 1
            return
        answer = self.sio.emit(event, body, callback=True)
        if event == "no_such_event":
            self.report.statuses[404] += 1
            return
        status = 200 if isinstance(answer, dict) and answer.get("ok") else 0
        if isinstance(answer, dict) and not answer.get("ok"):
            status = int(answer.get("status") or 500)
            message = (answer.get("error") or {}).get("message")
            if not isinstance(message, str) or not message:
                self.report.silent_refusals.append(f"socket {event}: {answer}")
        self.report.statuses[status] += 1
        if status >= 500 or status == 0:
            self.report.server_errors.append(f"socket {event}: {answer}")

    def check_replays(self) -> None:
        """Every game in the store still replays (command by command) to its state."""
        store = self.app.extensions["companion_store"]
        for game in store.list_games():
            records = store.records(game["id"])
            in_force = effective_commands(records)
            _, state = store.state(game["id"])
            replayed = replay({"setup": game["setup"], "commands": in_force})
            self.report.games_replayed += 1
            if to_json(replayed) != to_json(state):
                self.report.replay_mismatches.append(game["id"])


def _has_deep(value: Any) -> bool:
    if isinstance(value, Deep):
        return True
    if isinstance(value, dict):
        return any(_has_deep(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_deep(v) for v in value)
    return False


def run(n: int, seed: int = 1) -> Report:
    """Send `n` payloads; the report has the status counts and anything that went wrong."""
    capture = Capture()
    root = logging.getLogger()
    root.addHandler(capture)
    fuzzer = Fuzzer(seed)
    try:
        for _ in range(n):
            fuzzer.one()
        fuzzer.view()  # (a new game if the fuzz deleted it: it plays a few commands then)
        for _ in range(5):
            fuzzer.client.post(
                f"/api/games/{fuzzer.game_id}/commands",
                json={"command": fuzzer.valid_command(), "version": fuzzer.view()["version"]},
            )
        fuzzer.check_replays()
    finally:
        root.removeHandler(capture)
        fuzzer.close()
    fuzzer.report.tracebacks = capture.records
    return fuzzer.report


def main(n: int, seed: int = 1) -> int:
    report = run(n, seed)
    fives = sum(c for s, c in report.statuses.items() if s >= 500)
    print(f"fuzz: {report.payloads} payloads, statuses {dict(sorted(report.statuses.items()))}")
    print(
        f"fuzz: {fives} × 5xx, {len(report.tracebacks)} tracebacks logged, "
        f"{len(report.silent_refusals)} refusals without a sentence, "
        f"{report.games_replayed} games replayed, {len(report.replay_mismatches)} mismatches"
    )
    for line in (report.server_errors + report.silent_refusals + report.tracebacks)[:20]:
        print("  ", line[:300])
    return 0 if report.ok() else 1


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
