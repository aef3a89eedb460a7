"""JSON for incoming payloads that never fails with a traceback.

`json.loads` raises RecursionError on deeply nested input (100 000 `[`), and ValueError on
integers of more than 4 300 digits: a server must answer those with a 400, not a 500 or a
logged traceback. Flask reads request bodies with `SafeJSONProvider` (an unreadable body is a
bad body: the schema then says what is missing); Socket.IO reads packets with this module,
where a packet that cannot be read becomes the event `malformed_payload`, answered with a 400
by its handler (routes/sockets.py).

`SafePacket` does the same one layer down, for Socket.IO packets python-socketio cannot
decode at all: an acknowledgement id of 100 digits or more (`42` then a 100-digit number:
the decoder reads the digits as the id and raises "id field is too long"), an event that is
not a list starting with its name (`42{}`, `42[]`, `42[1]`), an unknown packet type. Raised in
a background thread, such an error was only logged and the sender never heard back; now the
packet becomes an event the app answers (`unreadable_packet`, answered with a `refused` event
since its ack id is lost; `malformed_payload` through the ack when the id was read).
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider
from socketio import packet

from companion.engine.words import say

MALFORMED_EVENT = "malformed_payload"
UNREADABLE_EVENT = "unreadable_packet"
# the reasons travel inside the server (as the event's data) as sentences the app says, so
# the answer is rendered in the sender's language (routes/sockets.py)
NOT_AN_EVENT = say("An event is a list: its name (text), then its data.")
UNREADABLE = say(
    "This message could not be read (it is not a Socket.IO packet this server knows)."
)
TOO_DEEP = say("The payload is nested too deeply.")
NOT_JSON = say("The payload is not JSON this server can read.")
# Keys that are not text (a number) become text, as json.dumps does: the option costs orjson
# 1.6-1.8 times the time of an options answer, so it is asked only for a value that has one.
_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any, *args: Any, **kwargs: Any) -> str:
    """Compact JSON text of an outgoing packet (or a stored record), through orjson: the
    same document as `json.dumps(value, separators=(",", ":"), ensure_ascii=False)` at
    about a sixth of its CPU (docs/operations.md "Where a tap's CPU goes"). What orjson
    refuses (an integer past 64 bits, a set) goes through `json.dumps` as before."""
    for option in (0, _NON_STR_KEYS):
        try:
            return orjson.dumps(value, option=option).decode()
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            continue
    kwargs.setdefault("separators", (",", ":"))
    return json.dumps(value, *args, **kwargs)


def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
    """`json.loads` for a Socket.IO packet; what cannot be read becomes a
    `malformed_payload` event with the reason."""
    try:
        return json.loads(text, *args, **kwargs)
    except RecursionError:
        return [MALFORMED_EVENT, TOO_DEEP]
    except ValueError:
        return [MALFORMED_EVENT, NOT_JSON]


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON with nesting too deep read as malformed JSON (a ValueError)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError(say("The JSON body is nested too deeply.")) from None


class SafePacket(packet.Packet):
    """A Socket.IO packet whose decoding never raises (see the module's docstring)."""

    def decode(self, encoded_packet: Any) -> int:
        try:
            attachments = int(super().decode(encoded_packet) or 0)
        except Exception:  # any decoding failure of any packet: it is answered, not raised
            self.packet_type = packet.EVENT
            self.namespace = getattr(self, "namespace", None)
            self.id = None  # a partly read id is not the sender's: answer by event
            self.data = [UNREADABLE_EVENT, UNREADABLE]
            return 0
        if self.packet_type in (packet.EVENT, packet.BINARY_EVENT) and not _is_event(self.data):
            self.packet_type = packet.EVENT
            self.data = [MALFORMED_EVENT, NOT_AN_EVENT]
            return 0
        return attachments


def _is_event(data: Any) -> bool:
    return isinstance(data, list) and bool(data) and isinstance(data[0], str)
