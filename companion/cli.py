"""`companion serve | games | backup | import | bench`: start the table server, list the games,
back the game file up, bring an exported game in, run the benchmark."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

# nothing here imports the app: `serve` patches the standard library for gevent first
from companion.serving import ASYNC_MODES, DEFAULT_ASYNC_MODE, DEFAULT_DATABASE

DEFAULT_PORT = 5000
EXIT_DATABASE_FAULT = 2  # the game file cannot be used (companion/faults.py)
T = TypeVar("T")
# A documentation address (TEST-NET-1): connecting a UDP socket only asks the OS which
# interface would route there; no packet is sent.
ROUTE_PROBE = ("192.0.2.1", 9)


def lan_ip() -> str:
    """This machine's address on the local network (what a tablet types), else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = str(probe.getsockname()[0])
            if not address.startswith("0."):
                return address
    except OSError:
        pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def tablet_url(host: str, port: int) -> str:
    """The URL to open on the tablet: the LAN address when listening on every interface."""
    shown = lan_ip() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def banner(url: str) -> str:
    return f"Barrage Companion is running. Open {url} on the tablet (or scan the code below)."


def serve(args: argparse.Namespace) -> int:
    """Start the web server on the SQLite file and print the URL and a terminal QR code."""
    from companion import serving

    url = tablet_url(args.host, args.port)

    def ready() -> None:
        import segno  # late: it imports ssl, which gevent must patch first

        print(banner(url), flush=True)
        segno.make(url, error="m").terminal(compact=True)
        print(f"Games are kept in {Path(args.db).resolve()}. Stop with Ctrl+C.", flush=True)

    if args.workers > 1:
        from companion import workers
        from companion.store import Store

        def checked() -> bool:
            Store(args.db).close()
            return True

        # the start checks once, said in one line, before the workers open the file
        if open_database(checked, args.db) is None:
            return EXIT_DATABASE_FAULT
        args.public_url, args.ready = url, ready
        return workers.run(args)
    if not serving.port_free(args.host, args.port):
        # said before anything is patched or opened (Werkzeug's own words for it)
        print(
            f"Port {args.port} is in use by another program. Either identify and stop that "
            "program, or start the server with a different port (--port 8000)."
        )
        raise SystemExit(1)
    serving.patch(args.async_mode)  # first: gevent must patch before the app opens anything
    from companion.app import create_app

    config = {
        "DATABASE": args.db,
        "PUBLIC_URL": args.public_url or url,
        "ASYNC_MODE": args.async_mode,
        "MESSAGE_QUEUE": args.message_queue,
        **access_config(args),
    }
    app = open_database(lambda: create_app(config), args.db)
    if app is None:
        return EXIT_DATABASE_FAULT
    serving.Collector().install()
    try:
        server = serving.make_server(app, args.host, args.port, args.async_mode)
    except OSError as error:
        print(f"Cannot listen on port {args.port}: {error.strerror}. Try --port 8000.")
        return 1
    if not args.worker:  # a worker's address is its front's, printed there
        ready()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("Stopped. Every move was saved; start again to resume.")
    finally:
        server.close()
    return 0


def access_config(args: argparse.Namespace) -> dict[str, Any]:
    """The app config the access options give (only those given: env and defaults else)."""
    config: dict[str, Any] = {}
    if getattr(args, "archive_after", None) is not None:
        config["ARCHIVE_AFTER_DAYS"] = args.archive_after
    if getattr(args, "join_limit", None):
        config["JOIN_LIMIT"] = args.join_limit
    return config


def open_database(opener: Callable[[], T], path: str) -> T | None:
    """Run `opener`; a database file that cannot be used is one line on stderr, no traceback."""
    import sqlite3

    from companion.faults import startup_message

    try:
        return opener()
    except (sqlite3.Error, OSError) as error:
        message = startup_message(error, path)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return None


def games(args: argparse.Namespace) -> int:
    """List every game in the database with its join code (for whoever runs the server).

    The file is opened read-only (`mode=ro`): beside a running server this reads its WAL and
    leaves it, and nothing is archived or written (the next join attempt archives)."""
    from companion.store import Store

    if not Path(args.db).exists():
        print(f"No games yet: there is no game file at {args.db}.")
        return 0
    store = open_database(lambda: Store(args.db, read_only=True), args.db)
    if store is None:
        return EXIT_DATABASE_FAULT
    try:
        listed = open_database(store.list_games, args.db)
    finally:
        store.close()
    if listed is None:
        return EXIT_DATABASE_FAULT
    if not listed:
        print("No games yet.")
    after = archive_after_of(args)
    for game in listed:
        players = ", ".join(p["name"] or p["company"] for p in game["players"])
        print(
            f"{game['join_code']}  {game['created_at'][:16]}  round {game['round']}  "
            f"{game_state(game, after)}  {game['title']}  ({players})"
        )
    return 0


def archive_after_of(args: argparse.Namespace) -> timedelta | None:
    """The archive period `serve` would use with these options (and the environment)."""
    from companion.app import DEFAULT_ARCHIVE_AFTER_DAYS, archive_after

    days = os.environ.get("COMPANION_ARCHIVE_AFTER_DAYS", DEFAULT_ARCHIVE_AFTER_DAYS)
    return archive_after({"ARCHIVE_AFTER_DAYS": days, **access_config(args)})


def backup(args: argparse.Namespace) -> int:
    """Save a consistent copy of the game file, also while the server runs."""
    from companion.store import BackupRefused, backup_database

    if not Path(args.db).is_file():
        print(f"There is no game file at {args.db}: nothing to back up.", file=sys.stderr)
        return 1
    try:
        saved = open_database(lambda: backup_database(args.db, args.file), args.db)
    except BackupRefused as refused:
        print(f"No backup made: {refused.message}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Cannot write the backup {args.file}: {error.strerror or error}.", file=sys.stderr)
        return 1
    if saved is None:
        return EXIT_DATABASE_FAULT
    print(
        f"Saved {saved.games} {plural(saved.games, 'game')} with {saved.records} logged "
        f"{plural(saved.records, 'move')} (undos included) from {args.db} to {saved.path} "
        f"({size_text(saved.size)}); SQLite checked the copy. To restore it, stop the server "
        f"and start it with --db {saved.path} (docs/operations.md, Backup and restore)."
    )
    return 0


def import_game(args: argparse.Namespace) -> int:
    """Bring a game's JSON export into the database, replay-checked."""
    from companion import transfer
    from companion.store import Store

    try:  # read first: a file that cannot be imported opens no database, makes no file
        stored = transfer.read_export(Path(args.file))
    except transfer.ImportRefused as refused:
        print(f"Nothing imported: {refused.message}", file=sys.stderr)
        return 1
    store = open_database(lambda: Store(args.db), args.db)
    if store is None:
        return EXIT_DATABASE_FAULT
    try:
        done = open_database(lambda: transfer.import_game(store, stored), args.db)
    except transfer.ImportRefused as refused:
        print(f"Nothing imported: {refused.message}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if done is None:
        return EXIT_DATABASE_FAULT
    print(import_report(done))
    return 0 if not done.already_here or done.game["version"] == done.file_version else 1


def import_report(done: Any) -> str:
    """What `companion import` says it did (done: transfer.Imported)."""
    game = done.game
    named = f'"{game["title"]}"'
    if done.already_here:
        if game["version"] == done.file_version:
            return (
                f"{named} is already on this server (join code {game['join_code']}, "
                f"{game['version']} {plural(game['version'], 'record')}): nothing imported."
            )
        return (
            f"{named} is already on this server with {game['version']} "
            f"{plural(game['version'], 'record')} (the file has {done.file_version}): nothing "
            "imported. To replace it with the file's, delete it on the home page, then import "
            "again."
        )
    players = ", ".join(p["name"] or p["company"] for p in game["players"])
    state = "finished" if game["finished"] else f"round {game['round']}"
    code = f"join code {game['join_code']}"
    if done.code_changed:
        code = f"new join code {game['join_code']} (its old code is in use here)"
    return (
        f"Imported {named} ({players}; {done.moves} {plural(done.moves, 'move')} in force, "
        f"{state}), replayed and checked: {code}."
    )


def plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


def size_text(size: int) -> str:
    for unit in ("bytes", "KB", "MB"):
        if size < 1024 or unit == "MB":
            return f"{size} {unit}" if unit == "bytes" else f"{size:.0f} {unit}"
        size /= 1024  # type: ignore[assignment]
    return f"{size} bytes"


def game_state(game: dict[str, Any], after: timedelta | None) -> str:
    """`open`, `finished` or `archived 2026-05-01 (code retired)`, as the list shows it."""
    if game.get("archived_at"):
        return f"archived {game['archived_at'][:10]} (code retired)"
    state = "finished" if game["finished"] else "open"
    if after is None:
        return state
    last = datetime.fromisoformat(game["updated_at"])
    if last + after <= datetime.now(last.tzinfo):  # archived at the next join attempt
        return f"{state}, idle since {last:%Y-%m-%d}: code retired"
    return f"{state}, code retired after {last + after:%Y-%m-%d}"


def bench(args: argparse.Namespace) -> int:
    """Run bench/run.py (engine speed) if this checkout has it."""
    script = Path(__file__).resolve().parents[1] / "bench" / "run.py"
    if not script.exists():
        print("No benchmark in this installation (bench/run.py is missing).", file=sys.stderr)
        return 1
    return subprocess.call([sys.executable, str(script), *args.rest])


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="Barrage Companion")
    sub = p.add_subparsers(dest="command")
    db_default = os.environ.get("COMPANION_DB", DEFAULT_DATABASE)
    port_default = int(os.environ.get("COMPANION_PORT", DEFAULT_PORT))
    s = sub.add_parser("serve", help="start the server for the tablet and phones")
    s.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    s.add_argument("--port", type=int, default=port_default, help="port (env COMPANION_PORT)")
    s.add_argument("--db", default=db_default, help="SQLite file (env COMPANION_DB)")
    s.add_argument(
        "--async-mode",
        choices=ASYNC_MODES,
        default=os.environ.get("COMPANION_ASYNC_MODE", DEFAULT_ASYNC_MODE),
        help="Socket.IO server mode (docs/operations.md)",
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes sharing the database behind a sticky proxy (needs Redis)",
    )
    s.add_argument(
        "--start-redis",
        action="store_true",
        help="start Debian's redis-server on 127.0.0.1 as the workers' message queue",
    )
    s.add_argument(
        "--redis",
        "--message-queue",
        dest="message_queue",
        default=os.environ.get("COMPANION_REDIS"),
        help="message queue URL shared by the workers, e.g. redis://127.0.0.1:6379/0",
    )
    s.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    s.add_argument("--public-url", default=None, help=argparse.SUPPRESS)
    add_access_options(s)
    s.set_defaults(func=serve)
    g = sub.add_parser("games", help="list the games, their join codes and their state")
    g.add_argument("--db", default=db_default, help="SQLite file (env COMPANION_DB)")
    add_access_options(g)
    g.set_defaults(func=games)
    k = sub.add_parser(
        "backup", help="save a consistent copy of the game file (server running or not)"
    )
    k.add_argument("file", help="the backup file to write (never the game file itself)")
    k.add_argument("--db", default=db_default, help="SQLite file (env COMPANION_DB)")
    k.set_defaults(func=backup)
    i = sub.add_parser("import", help="bring in a game from its JSON export (replay-checked)")
    i.add_argument("file", help="the game's JSON export (Export JSON)")
    i.add_argument("--db", default=db_default, help="SQLite file (env COMPANION_DB)")
    i.set_defaults(func=import_game)
    b = sub.add_parser("bench", help="run the engine benchmark (bench/run.py)")
    b.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for bench/run.py")
    b.set_defaults(func=bench)
    return p


def add_access_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--archive-after",
        type=float,
        metavar="DAYS",
        help="archive games idle this many days and retire their join codes; 0: never "
        "(env COMPANION_ARCHIVE_AFTER_DAYS, default 30)",
    )
    command.add_argument(
        "--join-limit",
        metavar="LIMITS",
        help="wrong join codes a device may try, e.g. '5 per minute;30 per hour' "
        "(env COMPANION_JOIN_LIMIT)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `companion` and `python -m companion` (no command: serve)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments[0].startswith("-") and arguments[0] not in ("-h", "--help"):
        arguments = ["serve", *arguments]
    if arguments[0] == "bench" and arguments[1:2] != ["-h"]:  # `--games N`, `--fuzz N` pass on
        return bench(argparse.Namespace(rest=arguments[1:]))
    args = parser().parse_args(arguments)
    return int(args.func(args))
