"""Parts of the Automa's trace one after another (issue 13): the joins read the same in both
languages, but each is a catalogue key so every part inside stays a sentence the edge renders
in the device's language (a plain `"; ".join` would freeze the parts in English)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.engine.words import Words, say


def _chain(items: Iterable[str], join: Callable[[str, str], Words]) -> str:
    said = list(items)
    if not said:
        return ""
    last = said[-1]
    for item in reversed(said[:-1]):
        last = join(item, last)
    return last


def semicolons(items: Iterable[str]) -> str:
    """ "a; b; c" """
    return _chain(items, lambda first, rest: say("{first}; {rest}", first=first, rest=rest))


def commas(items: Iterable[str]) -> str:
    """ "a, b, c" """
    return _chain(items, lambda first, rest: say("{first}, {rest}", first=first, rest=rest))


def pluses(items: Iterable[str]) -> str:
    """ "a + b" """
    return _chain(items, lambda first, rest: say("{first} + {rest}", first=first, rest=rest))
