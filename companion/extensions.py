"""Flask extensions created unbound and attached to the app in `create_app` (late binding)."""

from __future__ import annotations

from flask_socketio import SocketIO

from companion.jsonsafe import SafePacket

# threading mode: runs under the Flask dev server, `socketio.run` and the test client
# without eventlet/gevent; `companion serve` picks its mode (docs/operations.md "Live path").
socketio = SocketIO(async_mode="threading")


class TextPacket(SafePacket):
    """Socket.IO packets that are always JSON text: the companion sends no binary data.
    Decoding never raises (SafePacket): every event is answered, even an undecodable one.

    python-socketio otherwise walks every outgoing payload looking for `bytes` before it
    encodes it (a broadcast, every ack, every catch-up view), which cost as much as the rest
    of a tap's broadcast.
    """

    uses_binary_events = False
