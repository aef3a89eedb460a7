"""What changed between two views of a game: the `game_updated` broadcast carries only that.

A view is JSON (dicts, lists, scalars). `changes(old, new)` compares it two levels deep (a
top-level key, then one key inside a dict, e.g. `players.usa` or `dams.B7`) and gives the
paths whose value differs, with the new value, and the paths that went away. A device holding
the old view applies them in order (companion/static/js/store.js `applyChanges`) and holds the
new view; a device on another version asks for the whole view instead.
"""

from __future__ import annotations

from typing import Any

DEPTH = 2  # players.usa, dams.B7: small enough pieces, few enough paths


def changes(old: Any, new: Any, depth: int = DEPTH) -> tuple[list[list[Any]], list[list[str]]]:
    """(`[[path, value], ...]`, `[path, ...]` removed) turning `old` into `new`."""
    changed: list[list[Any]] = []
    removed: list[list[str]] = []
    _compare(old, new, [], depth, changed, removed)
    return changed, removed


def _compare(
    old: Any,
    new: Any,
    path: list[str],
    depth: int,
    changed: list[list[Any]],
    removed: list[list[str]],
) -> None:
    if old == new:
        return
    if depth == 0 or not isinstance(old, dict) or not isinstance(new, dict):
        changed.append([path, new])
        return
    for key, value in new.items():
        if key not in old:
            changed.append([[*path, key], value])
        else:
            _compare(old[key], value, [*path, key], depth - 1, changed, removed)
    removed.extend([*path, key] for key in old if key not in new)


def apply(view: dict[str, Any], changed: list[list[Any]], removed: list[list[str]]) -> None:
    """Apply `changes` to a view in place (what the devices do; used by the tests)."""
    for path, value in changed:
        _parent(view, path)[path[-1]] = value
    for path in removed:
        _parent(view, path).pop(path[-1], None)


def _parent(view: dict[str, Any], path: list[str]) -> dict[str, Any]:
    node = view
    for key in path[:-1]:
        node = node[key]
    return node


def to_act(view: dict[str, Any]) -> list[str]:
    """The companies who may act now: the one a pending decision waits for, else the active."""
    pending = view.get("pending") or []
    if pending and isinstance(pending[-1], dict):
        waiting = pending[-1].get("player")
        # a decision for the whole table (no player): any seat may answer it
        return [waiting] if waiting else list(view.get("players") or {})
    active = view.get("active")
    return [active] if active else []
