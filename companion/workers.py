"""`companion serve --workers N`: N server processes, one message queue, one database.

The front process (this module) makes the database's tables once, starts Redis when asked
(`--start-redis`: Debian's `redis-server` on 127.0.0.1, nothing written to disk), starts N
workers (`companion serve --worker`, each on its own local port, all on the same SQLite file
and the same Redis), and listens on the public port with a small sticky proxy: each client
address always reaches the same worker (a hash of the address, like nginx's `ip_hash`), so a
Socket.IO session's requests stay on the worker that holds it. A broadcast made on one worker
goes through Redis to the devices of every worker. docs/operations.md "Scaling" says how to
put nginx or HAProxy in front instead.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import zlib
from contextlib import closing, suppress

LOCAL = "127.0.0.1"
STARTUP_SECONDS = 30.0
PIPE_CHUNK = 65536


class StartError(Exception):
    """A part of the server could not start; the message says which and why."""


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind((LOCAL, 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise StartError(f"{what} stopped at start (exit code {proc.returncode}).")
        with closing(socket.socket()) as s:
            if s.connect_ex((LOCAL, port)) == 0:
                return
        time.sleep(0.05)
    raise StartError(f"{what} did not listen on {LOCAL}:{port} within {STARTUP_SECONDS:.0f} s.")


def start_redis() -> tuple[subprocess.Popen[bytes], str]:
    """Debian's redis-server on a free local port, as a message queue only (no persistence)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise StartError("redis-server is not installed (Debian: apt-get install redis-server).")
    port = free_port()
    argv = [binary, "--bind", LOCAL, "--port", str(port), "--save", "", "--appendonly", "no"]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port, proc, "redis-server")
    return proc, f"redis://{LOCAL}:{port}/0"


def start_worker(args: argparse.Namespace, port: int, queue: str) -> subprocess.Popen[bytes]:
    argv = [
        sys.executable, "-m", "companion", "serve", "--worker",
        "--host", LOCAL, "--port", str(port), "--db", str(args.db),
        "--message-queue", queue, "--async-mode", args.async_mode,
        "--public-url", args.public_url,
    ]  # fmt: skip
    if getattr(args, "archive_after", None) is not None:
        argv += ["--archive-after", str(args.archive_after)]
    if getattr(args, "join_limit", None):
        argv += ["--join-limit", args.join_limit]
    env = os.environ.copy()
    # wrong join codes count across the workers, in the queue's Redis, unless told otherwise
    env.setdefault("COMPANION_LIMIT_STORAGE", queue)
    proc = subprocess.Popen(argv, env=env)
    wait_for_port(port, proc, f"worker on port {port}")
    return proc


def pick(address: str, ports: list[int]) -> list[int]:
    """The workers to try for a client address: its own first (always the same), then the
    others (a worker that died is skipped rather than the device refused)."""
    first = zlib.crc32(address.encode()) % len(ports)
    return ports[first:] + ports[:first]


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(PIPE_CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with suppress(Exception):
            writer.close()


async def _relay(
    ports: list[int], client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter
) -> None:
    address = str((client_writer.get_extra_info("peername") or ("?",))[0])
    for port in pick(address, ports):
        try:
            up_reader, up_writer = await asyncio.open_connection(LOCAL, port)
        except OSError:
            continue
        up_socket = up_writer.get_extra_info("socket")
        if up_socket is not None:  # a tap is a few hundred bytes: send it now, not batched
            up_socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        await asyncio.gather(_pipe(client_reader, up_writer), _pipe(up_reader, client_writer))
        return
    client_writer.close()


async def sticky_proxy(host: str, port: int, ports: list[int]) -> asyncio.Server:
    """Listen on host:port and relay each connection to its client address's worker."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _relay(ports, reader, writer)

    return await asyncio.start_server(handle, host, port)


def run(args: argparse.Namespace) -> int:
    """Start Redis (when asked), N workers and the sticky proxy; stop them all on Ctrl+C."""
    from companion.store import Store

    Store(args.db).close()  # the tables exist before N processes open the file
    children: list[subprocess.Popen[bytes]] = []
    try:
        queue = args.message_queue
        if args.start_redis:
            redis, queue = start_redis()
            children.append(redis)
            print(f"Message queue: redis-server at {queue}", flush=True)
        if not queue:
            raise StartError("--workers needs a message queue: --start-redis or --redis URL.")
        ports = [free_port() for _ in range(args.workers)]
        for number, port in enumerate(ports, 1):
            children.append(start_worker(args, port, queue))
            print(f"Worker {number} on http://{LOCAL}:{port}", flush=True)
        return _serve_proxy(args, ports)
    except StartError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 1
    finally:
        for child in reversed(children):
            _stop(child)


def _serve_proxy(args: argparse.Namespace, ports: list[int]) -> int:
    loop = asyncio.new_event_loop()
    try:
        server = loop.run_until_complete(sticky_proxy(args.host, args.port, ports))
    except OSError as error:
        print(f"Cannot listen on port {args.port}: {error.strerror}. Try --port 8000.")
        return 1
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    args.ready()  # the address and QR code, once every part listens
    try:
        loop.run_until_complete(stop.wait())
    finally:
        server.close()
        loop.close()
    print("Stopped. Every move was saved; start again to resume.", flush=True)
    return 0


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
