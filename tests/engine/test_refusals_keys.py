"""Issue 13, "In Italian and English": the engine's refusals are catalogue keys with parts.

Every `RuleViolation(code, message)` and `CommandError(message)` in companion/engine passes a
sentence the engine says (`words.say`), never an f-string or a plain literal, so the web edge
can render it in each device's language; the helpers whose answer becomes a refusal ("why
not": `placement_error`, `work_problem`, …) say theirs the same way. A refusal raised by the
rules is a `Words`: its English text (what every English test reads) with its key and parts.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine import game
from companion.engine.errors import CommandError, RuleViolation
from companion.engine.words import Words, english, render

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
REFUSALS = {"RuleViolation": 1, "CommandError": 0}  # the message's position
# The Management-board actions (management.py) are said by issue 13's space-names branch,
# which owns that file at the same time as this one; the lead merges the two.
OWNED_ELSEWHERE = {"management.py"}
SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 3,
    "seats": [{"company": "usa", "name": "Ana"}, {"company": "germany", "name": "Bo"}],
}


def _engine_files() -> Iterator[Path]:
    for path in sorted(ENGINE.rglob("*.py")):
        if "audit" in path.relative_to(ENGINE).parts or path.name in OWNED_ELSEWHERE:
            continue
        yield path


def _functions(tree: ast.AST) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def _is_say(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say"


def _literal(node: ast.expr) -> bool:
    """Text written in code: an f-string, a string, or text glued from pieces."""
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    ):
        return True
    if isinstance(node, ast.BinOp):
        return _literal(node.left) or _literal(node.right)
    if isinstance(node, ast.IfExp):
        return _literal(node.body) or _literal(node.orelse)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("join", "format", "capitalize", "lower", "upper")
    )


def _refusal_messages() -> Iterator[tuple[str, ast.expr, ast.FunctionDef | None]]:
    """(where, message, enclosing function) of every refusal raised in the engine."""
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        enclosing: dict[ast.AST, ast.FunctionDef] = {}
        for func in ast.walk(tree):  # outer functions first: an inner one overwrites them
            if isinstance(func, ast.FunctionDef):
                enclosing.update((inner, func) for inner in ast.walk(func) if inner is not func)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            position = REFUSALS.get(node.func.id)
            if position is not None and len(node.args) > position:
                where = f"{path.relative_to(ENGINE)}:{node.lineno}"
                yield where, node.args[position], enclosing.get(node)


def _assigned(func: ast.FunctionDef, name: str) -> list[ast.expr]:
    """What `name` is set to in the function (`why = work_problem(...)`)."""
    values: list[ast.expr] = []
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            values.append(node.value)
    return values


def _returned(func: ast.FunctionDef) -> list[ast.expr]:
    return [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Return)
        and n.value is not None
        and not (isinstance(n.value, ast.Constant) and n.value.value is None)
    ]


def _written_in_code(
    value: ast.expr, func: ast.FunctionDef | None, every: dict[str, ast.FunctionDef], depth: int
) -> list[ast.expr]:
    """The pieces of literal text a refusal's message is made of (empty: all said)."""
    if _is_say(value) or depth > 4:
        return []
    if _literal(value):
        return [value]
    if isinstance(value, ast.IfExp):
        return _written_in_code(value.body, func, every, depth) + _written_in_code(
            value.orelse, func, every, depth
        )
    if isinstance(value, ast.Name) and func is not None:
        return [
            piece
            for assigned in _assigned(func, value.id)
            for piece in _written_in_code(assigned, func, every, depth + 1)
        ]
    if isinstance(value, ast.Call):
        callee = value.func.attr if isinstance(value.func, ast.Attribute) else None
        callee = value.func.id if isinstance(value.func, ast.Name) else callee
        helper = every.get(callee or "")
        if helper is not None:
            return [
                piece
                for returned in _returned(helper)
                for piece in _written_in_code(returned, helper, every, depth + 1)
            ]
    return []


def _every_function() -> dict[str, ast.FunctionDef]:
    every: dict[str, ast.FunctionDef] = {}
    for path in _engine_files():
        every.update(_functions(ast.parse(path.read_text(encoding="utf-8"))))
    return every


def test_the_engine_raises_refusals() -> None:
    """The check below reads something: the engine has its ~200 refusals."""
    assert len(list(_refusal_messages())) > 150


def test_every_refusal_says_its_message_as_a_catalogue_key() -> None:
    every = _every_function()
    written = [
        f"{where}: {ast.unparse(piece)[:80]}"
        for where, message, func in _refusal_messages()
        for piece in _written_in_code(message, func, every, 0)
    ]
    assert written == []


def test_the_check_finds_text_written_in_code() -> None:
    """The AST check is able to fail: an f-string, a literal, a helper's literal."""
    source = (
        "def why(x):\n"
        "    if x:\n"
        "        return f'no {x}'\n"
        "    return None\n"
        "def act(x):\n"
        "    problem = why(x)\n"
        "    raise RuleViolation('a', problem)\n"
        "def other():\n"
        "    raise CommandError('Plain words.')\n"
        "def fine(n):\n"
        "    raise CommandError(say('Put {n} here.', n=n))\n"
    )
    tree = ast.parse(source)
    every = _functions(tree)
    found = []
    for func in every.values():
        for node in ast.walk(func):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                position = REFUSALS.get(node.func.id)
                if position is not None:
                    found += _written_in_code(node.args[position], func, every, 0)
    assert [ast.unparse(piece) for piece in found] == ["f'no {x}'", "'Plain words.'"]


def _refusal(command: dict[str, object]) -> RuleViolation | CommandError:
    state = game.new_game(SETUP).state
    with pytest.raises((RuleViolation, CommandError)) as refused:
        game.execute(state, command)
    return refused.value


@pytest.mark.parametrize(
    "command",
    [
        {"type": "pass", "player": "usa"},  # ruling R17: Engineers left
        {"type": "pass", "player": "germany"},  # not its turn
        {"type": "pass", "player": "nobody"},  # CommandError
        {"type": "build", "player": "usa", "structure": "tower", "space": "1U"},
        {"type": "automa_turn", "player": "usa"},
    ],
)
def test_a_refusal_is_a_said_sentence_that_reads_as_its_english(
    command: dict[str, object],
) -> None:
    message = _refusal(command).message
    assert isinstance(message, Words)
    parts = {name for _, name, _, _ in string.Formatter().parse(message.key) if name}
    assert parts == set(message.params)  # every {part} has its value, no value is unused
    assert render(message, english) == message  # English devices read what they read before


def test_the_phase_a_refusal_names_is_said_in_words() -> None:
    """Actions phase only (p. 10): the phase now is named as the screens name it."""
    state = game.new_game(SETUP).state
    state.phase = "water_flow"
    with pytest.raises(RuleViolation) as refused:
        game.execute(state, {"type": "bank", "player": "usa", "engineers": 1})
    assert refused.value.message == (
        "Actions can only be taken in the Actions phase (now: Water flow)."
    )
    italian = {
        "Actions can only be taken in the Actions phase (now: {phase}).": (
            "Le azioni si svolgono solo nella Fase Azioni (ora: {phase})."
        ),
        "Water flow": "Fase Acqua",
    }
    said = render(refused.value.message, lambda key: italian.get(key, key))
    assert said == "Le azioni si svolgono solo nella Fase Azioni (ora: Fase Acqua)."


def test_every_said_sentence_names_the_parts_it_is_given() -> None:
    """A key's `{parts}` and the call's keywords agree, so no refusal fails while being said
    (a missing part would raise KeyError instead of the refusal) and none is left unused."""
    mismatched = []
    for path in sorted((ENGINE.parent).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (_is_say(node) and isinstance(node, ast.Call) and node.keywords):
                continue
            key = node.args[0]
            assert isinstance(key, ast.Constant) and isinstance(key.value, str), ast.unparse(key)
            parts = {name for _, name, _, _ in string.Formatter().parse(key.value) if name}
            given = {keyword.arg for keyword in node.keywords}
            if None in given:  # say(key, **parts): the parts are checked where they are built
                continue
            if parts != given:
                mismatched.append(f"{path.name}:{node.lineno}: {sorted(parts)} != {sorted(given)}")
    assert mismatched == []
