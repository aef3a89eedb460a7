"""Fuzz every HTTP route and Socket.IO event with hostile payloads: no 5xx, no traceback.

`python bench/run.py --fuzz N` (or `companion bench --fuzz N`) sends N payloads to a fresh app
on a temporary database and prints the counts; `tests/web/test_fuzz_every_route.py` runs a
bounded number under hypothesis. Payloads: random JSON of every kind, valid payloads with one
field made wrong (wrong type, a 100-digit integer, a 100 000-character string, 100 000-deep
nesting, an unknown field, a lone surrogate such as "\ud800", a list or an object past its
bound: 5 to 300 seats or players, 3 000 keys), the worst payloads of each route (below),
valid commands of the wrong player or at a stale version, Socket.IO events with no data, a
list, several values or a surrogate for their data, and raw Socket.IO packets that cannot be
decoded. Every answer must be below 500 and, when it refuses, carry a sentence (over
Socket.IO never `server_error`); no traceback may be logged; every game must still replay to
its state.
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

from companion import jsonsafe  # noqa: E402
from companion.app import create_app  # noqa: E402
from companion.engine import replay  # noqa: E402
from companion.engine.state import to_json  # noqa: E402
from companion.extensions import socketio  # noqa: E402
from companion.store import effective_commands  # noqa: E402

DEEP = 100_000
LONE = "\ud800"  # a lone surrogate: a JSON string may spell it, no UTF-8 text can hold it
MAX_BODY = getattr(jsonsafe, "MAX_PAYLOAD_BYTES", 1024 * 1024)  # the body limit (app.py)
SEATS = [
    {"kind": "human", "company": "usa", "name": "Ann"},
    {"kind": "automa", "company": "italy", "automa_level": 3},
    {"kind": "human", "company": "germany", "name": "Bo"},
]
SETUP = {"mode": "introductory", "deals": "app", "seed": 5, "seats": SEATS}
EVENTS = ("join_game", "leave_game", "submit_command", "undo", "get_options", "no_such_event")


class Raw:
    """A body sent as the JSON text it is (a worst payload, made by `worst_payloads`)."""

    def __init__(self, text: str) -> None:
        self.text = text


class Deep:
    """A body that is 100 000 levels of nesting: sent as raw text (json.dumps cannot)."""

    def text(self, around: str = "") -> str:
        return "[" * DEEP + around + "]" * DEEP


@dataclass
class Report:
    """What the fuzz run saw."""

    payloads: int = 0
    socket_payloads: int = 0
    socket_server_errors: int = 0
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
                "x" * rnd.choice([1, 41, 81, 501, 600, 100_000]),
                LONE,
                "Ann" + LONE + "x",
                "\udfff",
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
                      -5, True, 1.5, LONE, "x" + LONE, "x" * 501, [value] * 5, [value] * 300,
                      [{}] * 2000, {f"k{i}": 0 for i in range(3000)}])  # fmt: skip
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


# -- the largest honest payloads and the worst ones -----------------------------------------------
# The body limit (MAX_CONTENT_LENGTH) is sized to the largest honest request with a margin;
# `honest_payloads` are those requests, and a test keeps them within every bound. The worst
# payloads are what a stranger would loop to hold the server: each route's body filled up to
# a size with what costs the most to read (`python bench/run.py --worst` measures them, and
# `companion bench --hostile` loops them beside a table).

COMPANIES4 = ["usa", "germany", "italy", "netherlands"]


def honest_position() -> dict[str, Any]:
    """The `correct` command of kind `position` at its fullest: four companies with the
    expansion in round 5, every Management space taken, full wheels, and more structures than
    a company owns (5 Bases, 5 Elevations, 5 Conduits, 4 Powerhouses each; drawn here with 5),
    each dam with a drops line: 100 map lines."""
    from companion.engine import board, catalog

    dams = [s.id for s in board.SPACES.values() if s.kind == "dam"]
    conduits = [s.id for s in board.SPACES.values() if s.kind == "conduit"]
    powerhouses = [s.id for s in board.SPACES.values() if s.kind == "powerhouse"]
    lines: list[dict[str, Any]] = []
    for i, company in enumerate(COMPANIES4):
        mine = range(i * 5, i * 5 + 5)
        for piece, spaces in (("base", dams), ("elevation", dams), ("conduit", conduits),
                              ("powerhouse", powerhouses)):  # fmt: skip
            for j in mine:
                line = {"what": "structure", "company": company, "space": spaces[j],
                        "value": {"structure": piece, "present": True}}  # fmt: skip
                lines.append(line)
        lines += [{"what": "dam_drops", "space": dams[j], "value": 3} for j in mine]
    segment = {"tiles": ["L2_POWERHOUSE_ELEVATION", "base"], "excavators": 5, "mixers": 4}
    players = {
        c: {"vp": 123, "credits": 45, "excavators": 12, "mixers": 10, "engineers": 12,
            "energy": 30, "wheel": [segment] * 6}
        for c in COMPANIES4
    }  # fmt: skip
    players["netherlands"]["leslie_tile"] = "supply"
    players["usa"]["architect_out"] = True
    spaces = list(catalog.MANAGEMENT_SPACES)
    buildings = ["research_lab", "development_office", "customer_office", "control_station",
                 "wind_farm"]  # fmt: skip
    value = {
        "round": 5,
        "turn_order": COMPANIES4,
        "active": "usa",
        "passed": COMPANIES4[1:],
        "contract_offer": {"green": ["G10", "G01"], "yellow": ["Y11", "Y12"], "red": ["R12", None]},
        "national_contracts": ["N5", "N6", "N2"],
        "patent_offer": ["L1_ELEVATION", "L1_BASE", None],
        "bonus_tiles": ["B_CONTRACTS", "B_BUILDINGS", "B_BASES", "B_ELEVATIONS",
                        "B_ADVANCED_TILES"],
        "objective": "O_CONNECTED_BASES",
        "headstream_tiles": {"A": "H2", "B": "H3", "C": "H1", "D": "H7"},
        "occupied": {s: COMPANIES4[i % 4] for i, s in enumerate(spaces)},
        "external_offer": ["A5", "A3", None],
        "external_taken": {c: ["A1", "B2", "C3"] for c in COMPANIES4},
        "buildings": buildings,
        "building_spaces": {b: ["usa", "germany", "italy", "netherlands"] for b in buildings},
        "left_closed": ["A", "B"],
        "players": players,
        "map": lines,
    }
    reason = "Position of the game in progress: " + "é" * 440  # a reason at its full length
    return {"type": "correct", "what": "position", "reason": reason, "value": value}


def honest_audit() -> dict[str, Any]:
    """The standalone score pad at its fullest: four companies (a game seats at most 4,
    The Leeghwater Project rulebook p. 2), every structure each can own, the five Private
    Buildings, every neutral dam."""
    from companion.engine import board

    dams = [s.id for s in board.SPACES.values() if s.kind == "dam"]
    conduits = [s.id for s in board.SPACES.values() if s.kind == "conduit"]
    powerhouses = [s.id for s in board.SPACES.values() if s.kind == "powerhouse"]
    players = [
        {
            "company": c,
            "kind": "human",
            "name": "N" * 40,
            "officer": "graziano_del_monte",
            "dams": [{"space": dams[j], "level": 3, "drops": 3} for j in range(i * 4, i * 4 + 4)],
            "conduits": conduits[i * 5 : i * 5 + 5],
            "powerhouses": powerhouses[i * 5 : i * 5 + 5],
            "credits": 999, "excavators": 99, "mixers": 99, "vp_marker": 999,
            "flipped": True, "last_round_energy": 99,
            "buildings": ["research_lab", "development_office", "customer_office",
                          "control_station", "wind_farm"],
        }  # fmt: skip
        for i, c in enumerate(COMPANIES4)
    ]
    neutral = [{"space": d, "level": 1, "drops": 1} for d in dams[16:20]]
    return {"objective": "O_CONNECTED_BASES", "players": players, "neutral_dams": neutral}


def honest_setup() -> dict[str, Any]:
    """A new game at its fullest: a full game with the expansion, four seats, the table's
    draws (the draft of company boards, officers, Starting Contracts and picks)."""
    seats = [{"kind": "human", "name": "N" * 40} for _ in range(3)] + [
        {"kind": "automa", "company": "france", "automa_level": 4, "name": "A" * 40,
         "officer": "viktor_fiesler"}
    ]  # fmt: skip
    draws = {
        "headstreams": ["H1", "H2", "H3", "H4"],
        "bonus_tiles": ["B_CONTRACTS", "B_BUILDINGS", "B_BASES", "B_ELEVATIONS", "B_POWERHOUSES"],
        "objective": "O_CONNECTED_BASES",
        "national_contracts": ["N1", "N2", "N3"],
        "neutral_dams": ["ND1", "ND2", "ND3", "ND4"],
        "contract_offer": {"green": ["G01", "G02"], "yellow": ["Y01", "Y02"],
                           "red": ["R01", "R02"]},
        "patent_offer": ["L1_ELEVATION", "L1_BASE", "L1_ANY"],
        "companies": ["usa", "germany", "italy"],
        "officers": ["wilhelm_adler", "graziano_del_monte", "leslie_spencer"],
        "starting_contracts": ["S1", "S2", "S3"],
        "picks": [{"company": "usa", "contract": "S1"}, {"company": "germany", "contract": "S2"},
                  {"company": "italy", "contract": "S3"}],
        "external_works": ["A1", "A2", "A3"],
        "buildings": ["research_lab", "development_office", "customer_office", "control_station",
                      "wind_farm"],
    }  # fmt: skip
    setup = {"mode": "full", "deals": "table", "seed": 2**31 - 1, "expansion": True,
             "seats": seats, "draws": draws, "rules": 2}  # fmt: skip
    return {"title": "T" * 80, "setup": setup}


def honest_payloads(game_id: str = "g" * 12, version: int = 10**6) -> dict[str, bytes]:
    """The largest request an honest device makes to each route that takes a body."""
    bodies = {
        "POST /api/games": honest_setup(),
        "POST /api/games/<game_id>/commands": {"command": honest_position(), "version": version,
                                               "with_options": True},  # fmt: skip
        "POST /api/audit/standalone": honest_audit(),
        "POST /api/audit/standalone/export.csv": honest_audit(),
        "POST /api/join": {"code": "K7Q-TX"},
        "POST /api/games/<game_id>/seat": {"company": "netherlands"},
        "POST /api/games/<game_id>/undo": {"version": version},
    }
    return {route: json.dumps(body, ensure_ascii=False).encode() for route, body in bodies.items()}


@dataclass
class Worst:
    """One hostile request: what it is, where it goes, its body (HTTP) or data (Socket.IO)."""

    label: str
    method: str  # GET, POST, or EMIT for a Socket.IO event
    route: str  # a rule with <game_id>/<code>, or the event's name
    body: bytes


def _fill(head: str, item: str, tail: str, size: int) -> bytes:
    """`head` + `item,item,…` + `tail`, as many items as fit in `size` bytes."""
    count = max(1, (size - len(head) - len(tail)) // (len(item) + 1))
    return (head + ",".join([item] * count) + tail).encode()


def _keys(head: str, tail: str, size: int) -> bytes:
    """An object of as many distinct short keys as fit in `size` bytes (every key is kept)."""
    parts: list[str] = []
    used = len(head) + len(tail)
    i = 0
    while used < size - 16:
        part = f'"k{i}":0'
        parts.append(part)
        used += len(part) + 1
        i += 1
    return (head + ",".join(parts) + tail).encode()


def worst_payloads(size: int) -> list[Worst]:
    """The requests that cost the server most to refuse, each body `size` bytes: a list of
    300 000 empty players or seats, an object of 80 000 keys, nesting as deep as the body
    allows, one long text, a lone surrogate; and the dearest requests without a body. Routes
    keep `<game_id>` for the caller."""
    position = '{"command":{"type":"correct","what":"position","value":{"map":['
    sub = '{"game_id":"<game_id>","version":0,"command":{"type":"correct","what":"position",' \
          '"value":{"map":['  # fmt: skip
    return [
        Worst("audit: empty players", "POST", "/api/audit/standalone",
              _fill('{"objective":"O_BASINS_1","players":[', "{}", "]}", size)),
        Worst("audit csv: empty players", "POST", "/api/audit/standalone/export.csv",
              _fill('{"objective":"O_BASINS_1","players":[', "{}", "]}", size)),
        Worst("audit: dams of one player", "POST", "/api/audit/standalone",
              _fill('{"objective":"O_BASINS_1","players":[{"company":"usa","dams":[',
                    '{"space":"1U"}', "]}]}", size)),
        Worst("new game: empty seats", "POST", "/api/games",
              _fill('{"setup":{"seats":[', "{}", "]}}", size)),
        Worst("new game: draws", "POST", "/api/games",
              _fill('{"setup":{"seats":[{},{}],"draws":{"headstreams":[', '"H1"', "]}}}", size)),
        Worst("join: keys", "POST", "/api/join", _keys("{", "}", size)),
        Worst("join: one long code", "POST", "/api/join",
              b'{"code":"' + b"x" * (size - 12) + b'"}'),
        Worst("seat: keys", "POST", "/api/games/<game_id>/seat", _keys("{", "}", size)),
        Worst("undo: keys", "POST", "/api/games/<game_id>/undo", _keys("{", "}", size)),
        Worst("command: position map lines", "POST", "/api/games/<game_id>/commands",
              _fill(position, "{}", ']}},"version":0}', size)),
        Worst("command: keys", "POST", "/api/games/<game_id>/commands",
              _keys('{"version":0,"command":{"type":"bank",', "}}", size)),
        Worst("command: deep nesting", "POST", "/api/games/<game_id>/commands",
              b"[" * (size // 2) + b"]" * (size // 2)),
        Worst("new game: lone surrogate", "POST", "/api/games",
              _fill('{"title":"\\ud800","setup":{"seats":[', "{}", "]}}", size)),
        Worst("socket submit_command: position map lines", "EMIT", "submit_command",
              _fill(sub, "{}", "]}}}", size)),
        Worst("socket join_game: keys", "EMIT", "join_game",
              _keys('{"game_id":"<game_id>",', "}", size)),
        # what a stranger may ask without any body: the largest page, the server's QR code
        Worst("page: the glossary", "GET", "/glossary", b""),
        Worst("the server's QR code", "GET", "/api/qr.svg", b""),
        Worst("join page: a wrong code", "GET", "/join/ZZZZZ", b""),
    ]


def measure_worst(size: int, runs: int = 5) -> list[tuple[str, int, float, float]]:
    """Each worst payload of `size` bytes sent `runs` times by a device that joined a game:
    (label, status, median CPU ms, median wall ms) per payload, in this process (the test
    client: what the server's loop spends on one request, less the socket I/O)."""
    import statistics
    import time

    fuzzer = Fuzzer(1)
    logging.disable(logging.CRITICAL)
    rows = []
    try:
        for worst in worst_payloads(size):
            body = worst.body.replace(b"<game_id>", fuzzer.game_id.encode())
            cpu, wall, status = [], [], 0
            for _ in range(runs):
                started, began = time.process_time(), time.perf_counter()
                status = fuzzer.send_raw(worst, body)
                cpu.append(time.process_time() - started)
                wall.append(time.perf_counter() - began)
            rows.append((worst.label, status, statistics.median(cpu) * 1000,
                         statistics.median(wall) * 1000))  # fmt: skip
    finally:
        logging.disable(logging.NOTSET)
        fuzzer.close()
    return rows


def main_worst(size: int, runs: int = 5) -> int:
    """`run.py --worst [BYTES [RUNS]]`: the CPU each worst payload costs the server."""
    rows = measure_worst(size, runs)
    print(f"worst payloads of {size:,} bytes, {runs} runs each (median CPU / wall per request):")
    for label, status, cpu, wall in rows:
        print(f"  {label:45s} {status:4d} {cpu:9.2f} ms CPU {wall:9.2f} ms")
    return 0


# -- the run ------------------------------------------------------------------------------------


class Fuzzer:
    """An app on a temporary database, a device that joined a real game, and the targets."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.tmp = tempfile.TemporaryDirectory()
        db = Path(self.tmp.name) / "fuzz.db"
        # the join limit would soon answer every join 429 before its payload is read; it has
        # its own tests (tests/web/test_access_join_limit.py)
        self.app = create_app({"DATABASE": str(db), "TESTING": True, "SECRET_KEY": "fuzz",
                               "JOIN_LIMIT": "100000 per second"})  # fmt: skip
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
        if self.rnd.random() < 0.05:
            return self.worst_for(path)
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

    def worst_for(self, path: str) -> Raw:
        """One of the worst payloads of this route (any route's when it has none), a little
        under the body limit or far past it."""
        size = self.rnd.choice([MAX_BODY - 200, 900_000])
        found = [w for w in worst_payloads(size) if w.method == "POST" and _matches(w.route, path)]
        worst = self.rnd.choice(found or [w for w in worst_payloads(size) if w.method == "POST"])
        return Raw(worst.body.replace(b"<game_id>", self.game_id.encode()).decode())

    def url(self, rule: str) -> str:
        game = self.rnd.choice([self.game_id] * 4 + ["nope", "x" * 300, "%00", "../.."])
        return (
            rule.replace("<game_id>", game)
            .replace("<code>", self.rnd.choice([self.join_code, "ZZZZZ", "x" * 100]))
            .replace("<path:filename>", "x.js")
        )

    # -- sending

    def send_raw(self, worst: Worst, body: bytes) -> int:
        """One request with a raw body (HTTP) or a raw event packet (Socket.IO); its status."""
        if worst.method == "EMIT":
            self.sio.acks = None
            packet = '21["' + worst.route + '",' + body.decode() + "]"  # an event, ack id 1
            self.sio.socketio.server._handle_eio_message(self.sio.eio_sid, packet)
            answer = (self.sio.acks or {}).get("args", [{}])[0]
            return 200 if answer.get("ok") else int(answer.get("status") or 500)
        url = worst.route.replace("<game_id>", self.game_id)
        response = self.client.open(url, method=worst.method, data=body,
                                    content_type="application/json")  # fmt: skip
        return response.status_code


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
            body = self.body_for(url)
            data = body.text if isinstance(body, Raw) else encode(body)
            kwargs = {"data": data, "content_type": "application/json"}
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
        roll = self.rnd.random()
        if roll < 0.1:  # a packet that cannot be decoded
            raw = self.rnd.choice([Deep().text(), '{"a": ' + "9" * 5000 + "}", "{nope",
                                   '{"game_id": "\\ud800"}', '"\\udc00"'])  # fmt: skip
            self.check_answer(event, self.raw_event(event, raw))
            return
        if roll < 0.25:  # no data, a list, several values, a surrogate for the data
            args = self.rnd.choice(
                [(), (None,), ([],), ([{"game_id": self.game_id}],), ("x",), (7,),
                 ({"game_id": self.game_id}, {"game_id": self.game_id}), ({"game_id": LONE},),
                 ({"game_id": self.game_id, "code": LONE},), (LONE,)]
            )  # fmt: skip
            self.check_answer(event, self.sio.emit(event, *args, callback=True))
            return
        if event == "submit_command":
            body = self.body_for("/commands")
            if isinstance(body, dict):
                body = {**body, "game_id": self.game_id}
        elif event in ("join_game", "leave_game"):
            body = spoil(self.rnd, {"game_id": self.game_id, "code": self.join_code})
        else:
            body = spoil(self.rnd, {"game_id": self.game_id, "version": self.view()["version"]})
        if isinstance(body, Raw):
            answer = self.raw_event(event, body.text)
        elif _has_deep(body):
            answer = self.raw_event(event, encode(body))
        else:
            answer = self.sio.emit(event, body, callback=True)
        self.check_answer(event, answer)

    def raw_event(self, event: str, data: str) -> Any:
        """An event packet with its data as raw JSON text (ack id 1): its answer."""
        self.sio.acks = None
        self.sio.socketio.server._handle_eio_message(self.sio.eio_sid, f'21["{event}",{data}]')
        return (self.sio.acks or {}).get("args", [None])[0]

    def check_answer(self, event: str, answer: Any) -> None:
        """An event's answer: ok, or a refusal below 500 with a sentence; never none, never
        `server_error`."""
        self.report.socket_payloads += 1
        status = 200 if isinstance(answer, dict) and answer.get("ok") else 0
        if isinstance(answer, dict) and not answer.get("ok"):
            status = int(answer.get("status") or 500)
            error = answer.get("error") or {}
            if error.get("code") == "server_error":
                self.report.socket_server_errors += 1
            message = error.get("message")
            if not isinstance(message, str) or not message:
                self.report.silent_refusals.append(f"socket {event}: {answer}")
        self.report.statuses[status] += 1
        if status >= 500 or status == 0:
            self.report.server_errors.append(f"socket {event}: {str(answer)[:200]}")

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


def _matches(rule: str, path: str) -> bool:
    """Whether `path` is an address of `rule` (`<game_id>` stands for any one part)."""
    parts, wanted = path.split("/"), rule.split("/")
    return len(parts) == len(wanted) and all(
        w.startswith("<") or w == p for w, p in zip(wanted, parts, strict=True)
    )


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
    print(
        f"fuzz: {report.payloads} payloads ({report.socket_payloads} Socket.IO events), "
        f"statuses {dict(sorted(report.statuses.items()))}"
    )
    print(
        f"fuzz: {fives} × 5xx, {report.socket_server_errors} server_error answers, "
        f"{len(report.tracebacks)} tracebacks logged, "
        f"{len(report.silent_refusals)} refusals without a sentence, "
        f"{report.games_replayed} games replayed, {len(report.replay_mismatches)} mismatches"
    )
    for line in (report.server_errors + report.silent_refusals + report.tracebacks)[:20]:
        print("  ", line[:300])
    return 0 if report.ok() else 1


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
