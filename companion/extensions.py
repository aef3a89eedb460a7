"""Flask extensions created unbound and attached to the app in `create_app` (late binding)."""

from __future__ import annotations

from flask_socketio import SocketIO

# threading mode: runs under the Flask dev server, `socketio.run` and the test client
# without eventlet/gevent; the table has a handful of devices, not thousands.
socketio = SocketIO(async_mode="threading")
