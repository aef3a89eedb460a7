"""JSON for incoming payloads that never fails with a traceback.

`json.loads` raises RecursionError on deeply nested input (100 000 `[`), and ValueError on
integers of more than 4 300 digits: a server must answer those with a 400, not a 500 or a
logged traceback. Flask reads request bodies with `SafeJSONProvider` (an unreadable body is a
bad body: the schema then says what is missing); Socket.IO reads packets with this module,
where a packet that cannot be read becomes the event `malformed_payload`, answered with a 400
by its handler (routes/sockets.py).
"""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider

MALFORMED_EVENT = "malformed_payload"
dumps = json.dumps


def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
    """`json.loads` for a Socket.IO packet; what cannot be read becomes a
    `malformed_payload` event with the reason."""
    try:
        return json.loads(text, *args, **kwargs)
    except RecursionError:
        return [MALFORMED_EVENT, "The payload is nested too deeply."]
    except ValueError:
        return [MALFORMED_EVENT, "The payload is not JSON this server can read."]


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON with nesting too deep read as malformed JSON (a ValueError)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("The JSON body is nested too deeply.") from None
