"""JSON for incoming payloads that never fails with a traceback.

`json.loads` raises RecursionError on deeply nested input (100 000 `[`), and ValueError on
integers of more than 4 300 digits: a server must answer those with a 400, not a 500 or a
logged traceback. Flask reads request bodies with `RequestBody` (`read`: an unreadable body is
a 400 with the reason); the app's own JSON (answers, the session) keeps `SafeJSONProvider`;
Socket.IO reads packets with this module, where a packet that cannot be read becomes the event
`malformed_payload`, answered with a 400 by its handler (routes/sockets.py).

`SafePacket` does the same one layer down, for Socket.IO packets python-socketio cannot
decode at all: an acknowledgement id of 100 digits or more (`42` then a 100-digit number:
the decoder reads the digits as the id and raises "id field is too long"), an event that is
not a list starting with its name (`42{}`, `42[]`, `42[1]`), an unknown packet type. Raised in
a background thread, such an error was only logged and the sender never heard back; now the
packet becomes an event the app answers (`unreadable_packet`, answered with a `refused` event
since its ack id is lost; `malformed_payload` through the ack when the id was read).

Reading a payload is bounded before any work (issue 18, "No single request can hold the
table"): the body limit caps its bytes (`MAX_PAYLOAD_BYTES`, HTTP and Socket.IO alike), a
count of its commas and brackets on the raw bytes caps how many values it may hold before it
is parsed (`MAX_VALUES`), and orjson parses it: a few times faster than `json`, never
recursing past 1 024 levels, and refusing what is not text (a lone surrogate such as
`"\ud800"`, bytes that are not UTF-8) and numbers JSON has not (NaN, Infinity). A body the
HTTP routes cannot read is refused with a sentence (`BadPayload`, a 400); a Socket.IO packet
becomes the `malformed_payload` event with the sentence and, when the raw text names it, the
event it was meant for (a `join_game` then costs a join attempt, routes/sockets.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider
from marshmallow import ValidationError
from socketio import packet

from companion.engine.words import Words, say

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
NOT_TEXT = say("The payload holds text that is not valid Unicode (such as a lone surrogate).")

# The largest honest request is a whole position sheet of four companies with the expansion
# (15 KB; bench/fuzz.py `honest_payloads`, kept under this limit by a test): 64 KiB leaves it
# a fourfold margin and keeps any refused body cheap to read (app.py MAX_CONTENT_LENGTH, and
# Socket.IO's max_http_buffer_size).
MAX_PAYLOAD_BYTES = 64 * 1024
# Values a payload may hold, counted before parsing as its commas, `{` and `[` (a comma or a
# bracket inside a text counts too, so the count is never below the truth). The fullest
# position sheet holds about 1 000; 64 KiB of `{},{},…` would be 21 000 objects to build.
MAX_VALUES = 2048
TOO_MANY_VALUES = say(
    "The payload holds too many values (at most {limit}).", limit=MAX_VALUES
)
_EVENT_NAME = re.compile(r'\s*\[\s*"([A-Za-z_]{1,40})"')
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


class BadPayload(ValidationError):
    """A body that cannot be read as JSON text, or holds more values than any honest one:
    a 400 `invalid_payload` with the sentence (routes.describe_error), nothing done."""

    def __init__(self, reason: Words) -> None:
        super().__init__(reason)
        self.reason = reason


def read(raw: str | bytes) -> Any:
    """The JSON value of an incoming payload, read within bounds; raises BadPayload."""
    # memchr-speed counts on the raw text: a body of 20 000 empty objects is refused before a
    # single one is built
    if isinstance(raw, str):
        values = raw.count(",") + raw.count("{") + raw.count("[")
    else:
        values = raw.count(b",") + raw.count(b"{") + raw.count(b"[")
    if values > MAX_VALUES:
        raise BadPayload(TOO_MANY_VALUES)
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise BadPayload(_why(str(error))) from None


def _why(error: str) -> Words:
    """orjson's reason as a sentence: not text, nested too deeply, or not JSON."""
    if "surrogate" in error or "UTF-8" in error:
        return NOT_TEXT
    if "depth" in error or "recursion" in error:
        return TOO_DEEP
    return NOT_JSON


def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
    """A Socket.IO packet's JSON; what cannot be read becomes a `malformed_payload` event
    with the reason and the event the raw text names (or None)."""
    try:
        return read(text)
    except BadPayload as refused:
        return [MALFORMED_EVENT, refused.reason, _event_named(text)]


def _event_named(text: str | bytes) -> str | None:
    """The event name an unreadable packet starts with (`["join_game", …`), if it has one."""
    head = text[:64].decode("utf-8", "replace") if isinstance(text, bytes) else text[:64]
    found = _EVENT_NAME.match(head)
    return found.group(1) if found else None


class RequestBody:
    """The `json_module` of the app's requests (app.py `BoundedRequest`): `request.get_json`
    reads a body with `read`, which raises BadPayload for one it cannot read; a body that is
    not `application/json` is still None to `get_json(silent=True)`."""

    @staticmethod
    def loads(raw: str | bytes, **_: Any) -> Any:
        return read(raw)

    @staticmethod
    def dumps(value: Any, **kwargs: Any) -> str:
        return json.dumps(value, **kwargs)


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
