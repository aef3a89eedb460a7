"""Counted pieces in words: "1 Excavator", "3 Excavators", "2nd" (issue 13).

A plural is two catalogue keys chosen by the count (companion/engine/words.py), so every
sentence of the engine names its pieces the same way and the Italian has its own word for each.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def commas(items: Sequence[str]) -> str:
    """ "A, B, C": a list with no "and" (a list of a table step, a setup line)."""
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = say("{first}, {rest}", first=item, rest=text)
    return text


def dots(items: Sequence[str]) -> str:
    """ "A · B · C": the parts of an option's label, as the buttons show them."""
    parts = [item for item in items if item]
    if not parts:
        return ""
    text = parts[-1]
    for item in reversed(parts[:-1]):
        text = say("{first} · {rest}", first=item, rest=text)
    return text


def plus(parts: Sequence[str]) -> str:
    """ "2 Credits + turn the wheel 1": parts of one reward or one cost, added up."""
    if not parts:
        return ""
    total = parts[-1]
    for part in reversed(parts[:-1]):
        total = say("{first} + {second}", first=part, second=total)
    return total


def semicolons(items: Sequence[str]) -> str:
    """ "A; B; C": the groups of a list (a colour's contracts, a company's External Works)."""
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = say("{first}; {rest}", first=item, rest=text)
    return text


def in_order(items: Sequence[str]) -> str:
    """ "USA › Italy › France": the turn order, first to last."""
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = say("{first} › {rest}", first=item, rest=text)
    return text
