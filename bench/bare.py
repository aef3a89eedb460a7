"""The floor the live path is measured against: a bare Flask-SocketIO broadcast server.

`python bench/bare.py PORT [ASYNC_MODE]`: the same stack as the companion (Flask-SocketIO on
Werkzeug in threading mode, or gevent) and nothing else. `join {room}` enters a room; `tap
{room, n, pad}` broadcasts `update {n, pad}` to the room and acknowledges. Only 127.0.0.1.
"""

from __future__ import annotations

import sys
from typing import Any


def main(port: int, async_mode: str) -> None:
    if async_mode == "gevent":
        from gevent import monkey

        monkey.patch_all()
    import logging

    from flask import Flask
    from flask_socketio import SocketIO, emit, join_room

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode=async_mode)

    @socketio.on("join")
    def on_join(data: Any) -> dict[str, Any]:
        join_room(data["room"])
        return {"ok": True}

    @socketio.on("tap")
    def on_tap(data: Any) -> dict[str, Any]:
        emit("update", {"n": data["n"], "pad": data.get("pad", "")}, to=data["room"])
        return {"ok": True, "n": data["n"]}

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    print("ready", flush=True)
    if async_mode == "gevent":
        from gevent import pywsgi

        pywsgi.WSGIServer(("127.0.0.1", port), app, log=None).serve_forever()
    else:
        from werkzeug.serving import make_server

        make_server("127.0.0.1", port, app, threaded=True).serve_forever()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "threading")
