"""Counted pieces in words: "1 Excavator", "3 Excavators", "2nd" (issue 13).

A plural is two catalogue keys chosen by the count (companion/engine/words.py), so every
sentence of the engine names its pieces the same way and the Italian has its own word for each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from companion.engine.words import Words, say

ORDINALS = {1: say("1st"), 2: say("2nd"), 3: say("3rd"), 4: say("4th"), 5: say("5th")}


def excavators(n: int) -> Words:
    return say("1 Excavator") if n == 1 else say("{n} Excavators", n=n)


def mixers(n: int) -> Words:
    return say("1 Concrete Mixer") if n == 1 else say("{n} Concrete Mixers", n=n)


def engineers(n: int) -> Words:
    return say("1 Engineer") if n == 1 else say("{n} Engineers", n=n)


def credits(n: int) -> Words:
    return say("1 Credit") if n == 1 else say("{n} Credits", n=n)


def drops(n: int) -> Words:
    return say("1 drop") if n == 1 else say("{n} drops", n=n)


def ordinal(n: int) -> Words:
    """ "1st", "2nd", "3rd", "4th" as the board and the company boards count."""
    return ORDINALS.get(n) or say("{n}th", n=n)


def _chain(items: Sequence[str], join: Callable[[str, str], Words]) -> str:
    """The items one after another, each pair joined by a catalogue key (so every item stays
    a sentence the edge renders; a plain `", ".join` would freeze them in English)."""
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = join(item, text)
    return text


def commas(items: Iterable[str]) -> str:
    """ "A, B, C": a list with no "and" (a list of a table step, a setup line)."""
    return _chain(list(items), lambda first, rest: say("{first}, {rest}", first=first, rest=rest))


def dots(items: Iterable[str]) -> str:
    """ "A · B · C": the parts of an option's label, as the buttons show them."""
    parts = [item for item in items if item]
    return _chain(parts, lambda first, rest: say("{first} · {rest}", first=first, rest=rest))


def plus(parts: Iterable[str]) -> str:
    """ "2 Credits + turn the wheel 1": parts of one reward or one cost, added up."""
    return _chain(
        list(parts), lambda first, rest: say("{first} + {second}", first=first, second=rest)
    )


def semicolons(items: Iterable[str]) -> str:
    """ "A; B; C": the groups of a list (a colour's contracts, a company's External Works)."""
    return _chain(list(items), lambda first, rest: say("{first}; {rest}", first=first, rest=rest))


def in_order(items: Iterable[str]) -> str:
    """ "USA › Italy › France": the turn order, first to last."""
    return _chain(list(items), lambda first, rest: say("{first} › {rest}", first=first, rest=rest))
