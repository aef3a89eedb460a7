"""The server under one worker: Werkzeug's threads or gevent, chosen by `--async-mode`.

Measured with `companion bench --live` (docs/operations.md "Server mode"): see there for why
the default is gevent. gevent must patch the standard library before anything opens a
socket or a lock, so `patch` runs first thing in `companion serve`.
"""

from __future__ import annotations

import gc
import logging
import socket
from typing import Any, Protocol

DEFAULT_DATABASE = "barrage-companion.db"
ASYNC_MODES = ("threading", "gevent")
# gevent: at 100-200 tables it kept p95 lower with one thread instead of 4 per device
# (docs/operations.md "Server mode"); the tests' in-process servers use threads.
DEFAULT_ASYNC_MODE = "gevent"


class Server(Protocol):
    def serve_forever(self) -> None: ...

    def close(self) -> None: ...


def patch(mode: str) -> None:
    """Make the standard library cooperative for gevent (a no-op for threads)."""
    if mode == "gevent":
        from gevent import monkey

        monkey.patch_all()


def port_free(host: str, port: int) -> bool:
    """Whether host:port can be listened on now (checked before gevent patches anything)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers do
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


# A full collection rescans the frozen objects too once in this many (the cyclic garbage of
# closed connections is freed then): one long pause every few minutes at 200 tables.
FULL_RESCAN_EVERY = 50


class Collector:
    """Python's full garbage collections kept short while many tables play.

    A full collection walks every object the collector tracks: about 1,750 per table (its 4
    connections' sockets, queues, greenlets, environs), and Python ran one every 4-11 s at
    150 tables as each tap's new objects piled up, 150-170 ms of CPU that held every device
    of the worker (docs/operations.md "Why p95 jumped between 150 and 200 tables"). The
    survivors of a full collection are long-lived (connections, the app, the engine's
    tables): frozen (`gc.freeze`), later collections walk only what is newer. Every
    FULL_RESCAN_EVERY-th full collection walks everything again first, so cyclic garbage
    among frozen objects is not kept for good.
    """

    def __init__(self, rescan_every: int = FULL_RESCAN_EVERY) -> None:
        self.rescan_every = rescan_every
        self.full = 0

    def install(self) -> None:
        gc.freeze()  # what the start made (modules, app, tables) is never garbage
        gc.callbacks.append(self._after)

    def uninstall(self) -> None:
        if self._after in gc.callbacks:
            gc.callbacks.remove(self._after)
        gc.unfreeze()

    def _after(self, phase: str, info: dict[str, int]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        self.full += 1
        if self.full % self.rescan_every == self.rescan_every - 1:
            gc.unfreeze()  # the next full collection walks everything
        else:
            gc.freeze()


class _Werkzeug:
    def __init__(self, app: Any, host: str, port: int) -> None:
        from werkzeug.serving import make_server

        # One log line per request is noise at the table; errors are still printed.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        self._server = make_server(host, port, app, threaded=True, request_handler=_quiet_handler())

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def close(self) -> None:
        self._server.server_close()


def _quiet_handler() -> type:
    """Werkzeug's request handler without its and Python's versions in `Server`."""
    from werkzeug.serving import WSGIRequestHandler

    from companion.security import SERVER_NAME

    class QuietHandler(WSGIRequestHandler):
        def version_string(self) -> str:
            return SERVER_NAME

    return QuietHandler


def _named(app: Any) -> Any:
    """`Server: Barrage Companion` on gevent's answers too (it sends no Server header)."""
    from companion.security import SERVER_NAME

    def named_app(environ: dict[str, Any], start_response: Any) -> Any:
        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            if not any(name.lower() == "server" for name, _ in headers):
                headers = [*headers, ("Server", SERVER_NAME)]
            return start_response(status, headers, *exc_info)

        return app(environ, start)

    return named_app


class _Gevent:
    def __init__(self, app: Any, host: str, port: int) -> None:
        from gevent.pywsgi import WSGIServer

        self._server = WSGIServer((host, port), _named(app), log=None)
        self._server.init_socket()  # binds now, so a taken port fails before the banner

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def close(self) -> None:
        self._server.stop(timeout=1)


def make_server(app: Any, host: str, port: int, mode: str = DEFAULT_ASYNC_MODE) -> Server:
    """A server for `app` on host:port (raises OSError when the port is taken).

    The app serves itself rather than through `socketio.run`, whose production-server
    warnings would bury the address people need.
    """
    if mode == "gevent":
        return _Gevent(app, host, port)
    return _Werkzeug(app, host, port)
