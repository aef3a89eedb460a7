"""How a game's broadcast reaches its devices, each in its language: Socket.IO's client
manager, on one worker or between workers (`companion serve --workers N`).

`routes.broadcast` emits a game's update once, in the engine's words, to the game's room.
The manager says it in each language room of the game that has a device on this worker
(`game:<id>:en`, `game:<id>:it`), and in no other: a language nobody here reads is not
rendered at all. Between workers the update crosses Redis once, its sentences in their
stored form (`{"words": key, "params": …}`, as the log keeps them), and each worker says it
to its own devices; published once per language instead, every rendering was read back by
every worker (py-spy: 17 % of a worker's samples in `publish` at 100 tables;
docs/operations.md "N workers").
"""

from __future__ import annotations

import json
from typing import Any

import socketio

from companion import i18n
from companion.engine import words
from companion.store import stored_dumps

# the broadcasts emitted once for a whole game and said here in each language
SAID_EVENTS = frozenset({"game_updated"})


class SpeakingManager(socketio.Manager):  # type: ignore[misc]
    """The rooms of this worker, a game's update said in each of its languages."""

    def emit(
        self,
        event: str,
        data: Any,
        namespace: str | None,
        room: str | None = None,
        skip_sid: Any = None,
        callback: Any = None,
        to: str | None = None,
        **kwargs: Any,
    ) -> None:
        room = to or room
        if event not in SAID_EVENTS or room is None:
            super().emit(event, data, namespace, room=room, skip_sid=skip_sid,
                         callback=callback, **kwargs)
            return
        rooms = self.rooms.get(namespace or "/", {})
        for language in i18n.LANGUAGES:
            to_language = language_room(room, language)
            if rooms.get(to_language):
                said = i18n.speak(data, language)
                super().emit(event, said, namespace, room=to_language, skip_sid=skip_sid,
                             callback=callback, **kwargs)


def language_room(room: str, language: str) -> str:
    """The room of the devices of `room` (a game's) that read `language`."""
    return f"{room}:{language}"


class SpokenJSON:
    """The queue's JSON: each `Words` travels as its key and parts, not its English text."""

    @staticmethod
    def dumps(value: Any, *args: Any, **kwargs: Any) -> str:
        return stored_dumps(value)

    @staticmethod
    def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        return words.from_json(json.loads(text))


class SpeakingRedisManager(socketio.RedisManager, SpeakingManager):  # type: ignore[misc]
    """Redis between the workers: the update is published as emitted, in the engine's words,
    and delivered by each worker through `SpeakingManager.emit` (next in line after the
    queue's own `emit`, which publishes)."""

    @property
    def json(self) -> type[SpokenJSON]:
        return SpokenJSON

    @json.setter
    def json(self, _: Any) -> None:
        """python-socketio gives its queue the server's JSON (jsonsafe); this one keeps its
        own: the server's would send each sentence as its English text."""
