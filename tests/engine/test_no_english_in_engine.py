"""No sentence a person reads is written in English in the engine's code (issue 13).

The engine says every sentence as a catalogue key with its parts (`say("…", n=n)`,
companion/engine/words.py); the web edge renders it in the device's language. This test reads
the engine's source: a string literal or f-string of two or more words outside `say(...)` is a
sentence nobody can translate, and fails the test. Not counted: docstrings, the generated
component tables (companion/engine/data/), the field sentences of `spec(...)` (they only write
the developer's table docs/commands.md), the developer's command line (`__main__.py`) and the
literals listed in ALLOWED below, each with the reason no person reads it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "companion" / "engine"

SENTENCE = re.compile(r"[A-Za-z]{2,}[,.:;]?\s+[A-Za-z]{2,}")
# calls whose first argument is not a sentence for a person: `say` makes it a catalogue key,
# `spec` documents a command field for docs/commands.md
NOT_FOR_A_PERSON = {"say", "spec"}
# whole files no person at the table reads
DEVELOPER_FILES = {
    "__main__.py": "the developer's command line (python -m companion.engine log.json)",
}
PROGRAMMER_ERROR = "a programmer's error for a state the rules never reach (a 500, never shown)"
# (file, literal as `_shown` writes it): why no person reads it
ALLOWED: dict[tuple[str, str], str] = {
    ("events.py", "two handlers for event {}"): PROGRAMMER_ERROR,
    ("events.py", "two resolvers for decision {}"): PROGRAMMER_ERROR,
    ("events.py", "unknown event type {}"): PROGRAMMER_ERROR,
    ("hooks.py", "engine hooks are wired by companion.engine.game"): PROGRAMMER_ERROR,
    ("water.py", "every river ends at an exit"): PROGRAMMER_ERROR,
    ("effects.py", "unknown reward type {}"): PROGRAMMER_ERROR,
    ("scoring.py", "unknown Bonus tile {}"): PROGRAMMER_ERROR,
    ("scoring.py", "unknown Objective tile {}"): PROGRAMMER_ERROR,
    ("audit/report.py", "unknown Objective tile {}"): PROGRAMMER_ERROR,
    ("automa/feasibility.py", "no {} space with {}"): PROGRAMMER_ERROR,
    ("automa/placement.py", "choose_space needs at least one candidate"): PROGRAMMER_ERROR,
    ("automa/placement.py", "every candidate lies in some location"): PROGRAMMER_ERROR,
    ("commands.py", "no reader for {}"): PROGRAMMER_ERROR,
    ("automa/placement.py", "DAM: the conduit starts in a basin with a dam"): (
        "the docstring a criterion function gets (`__doc__`), for developers"
    ),
    ("automa/placement.py", "PH: the conduit arrives at a powerhouse"): (
        "the docstring a criterion function gets (`__doc__`), for developers"
    ),
    ("commands.py", "<!-- generated from companion/engine/commands.py: keep in step (a test"): (
        "the header of the developer's table docs/commands.md"
    ),
    ("automa/overrides.py", "{move}: chosen by the table"): (
        "the key of `chosen_by_table`'s sentence, compared to recognise it (said by say())"
    ),
    ("audit/words.py", "the income of the {} {}"): (
        "rewrites a reason of a log stored in English before issue 13 (such a log has no keys)"
    ),
}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _not_for_a_person(tree: ast.AST) -> set[int]:
    """The nodes of the first argument of every say(...) and spec(...)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in NOT_FOR_A_PERSON:
                found.update(id(sub) for sub in ast.walk(node.args[0]))
    return found


def _shown(node: ast.JoinedStr) -> str:
    """An f-string as the allowlist writes it: its text with {} for each part."""
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def leftovers(source: str) -> list[tuple[int, str]]:
    """(line, text) of each English sentence literal or f-string outside say(...)."""
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _not_for_a_person(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # an f-string counts once, not its pieces
            skipped.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = _shown(node)
        else:
            continue
        if SENTENCE.search(text):
            found.append((node.lineno, text[:70]))
    return sorted(found)


def _engine_leftovers() -> list[str]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        name = path.relative_to(ENGINE).as_posix()
        if name.startswith("data/") or name in DEVELOPER_FILES:
            continue
        for line, text in leftovers(path.read_text(encoding="utf-8")):
            if (name, text) not in ALLOWED:
                found.append(f"{name}:{line}: {text!r}")
    return found


def test_the_engine_writes_no_english_sentence_outside_say() -> None:
    assert _engine_leftovers() == []


def test_every_allowed_literal_is_still_there() -> None:
    """An allowance whose literal went away is removed, so the list stays the truth."""
    present = set()
    for name, _ in ALLOWED:
        for _, text in leftovers((ENGINE / name).read_text(encoding="utf-8")):
            present.add((name, text))
    assert set(ALLOWED) - present == set()


def test_the_scan_finds_a_new_english_sentence() -> None:
    source = '''
"""A module docstring is for developers."""
from companion.engine.words import say


def refuse(n: int) -> None:
    """Refuses (a docstring)."""
    if n < 1:
        raise RuleViolation("bank", say("Put at least 1 Engineer on the Bank."))
    if n > 5:
        raise RuleViolation("bank", f"You have {n} Engineers, not 5.")
    rec.emit("event", "Germany declines a second production", kind="x")
    rec.emit("event", say("{n} drops in {place}", n=n, place="C9L"), kind="one_word")
'''
    found = leftovers(source)
    assert found == [
        (11, "You have {} Engineers, not 5."),
        (12, "Germany declines a second production"),
    ]
