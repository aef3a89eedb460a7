"""The message queue between workers (`companion serve --workers N`): a game's broadcast is
published once, in the engine's words, and each worker says it in the languages of its own
devices.

Flask-SocketIO's Redis queue publishes every emit and each worker delivers it to its own
devices. The companion renders a broadcast per language room, and a worker cannot know which
languages the other workers' devices read: it published one rendering per language, each
read back by every worker (py-spy: 17 % of a worker's samples in `publish` at 100 tables).
Here the broadcast travels once, its sentences in their stored form (`{"words": key,
"params": …}`, as the log keeps them), and the worker that delivers it renders only the
language rooms it has devices in (docs/operations.md "N workers").
"""

from __future__ import annotations

import json
from typing import Any

import socketio

from companion import i18n
from companion.engine import words
from companion.store import stored_dumps

# the broadcasts said once for the whole game (routes.broadcast) and in each language here
SAID_EVENTS = frozenset({"game_updated"})


class SpokenJSON:
    """The queue's JSON: each `Words` travels as its key and parts, not its English text."""

    @staticmethod
    def dumps(value: Any, *args: Any, **kwargs: Any) -> str:
        return stored_dumps(value)

    @staticmethod
    def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        return words.from_json(json.loads(text))


class SpeakingRedisManager(socketio.RedisManager):  # type: ignore[misc]
    """Redis between the workers; a game's broadcast is said here, per language room."""

    @property
    def json(self) -> type[SpokenJSON]:
        return SpokenJSON

    @json.setter
    def json(self, _: Any) -> None:
        """python-socketio gives its queue the server's JSON (jsonsafe); this one keeps its
        own: the server's would send each sentence as its English text."""

    def _handle_emit(self, message: dict[str, Any]) -> None:
        room = message.get("room")
        if message.get("event") not in SAID_EVENTS or not isinstance(room, str):
            super()._handle_emit(message)
            return
        from companion.routes import ROOM_PREFIX
        from companion.routes import room as game_room

        rooms = self.rooms.get(message.get("namespace") or "/", {})
        (payload,) = message["data"]
        for language in i18n.LANGUAGES:
            to = game_room(room.removeprefix(ROOM_PREFIX), language)
            if rooms.get(to):  # a language no device of this worker reads is not said
                said = i18n.speak(payload, language)
                super()._handle_emit({**message, "room": to, "data": [said]})
