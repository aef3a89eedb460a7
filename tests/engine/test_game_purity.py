"""The engine is pure: it imports only the standard library and its own modules (STYLE.md),
and it never uses the global random or the clock."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
FORBIDDEN_CALLS = {
    ("random", "random"),
    ("random", "shuffle"),
    ("random", "choice"),
    ("random", "sample"),
    ("random", "randint"),
    ("time", "time"),
    ("datetime", "now"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_engine_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"companion"}
    for path in ENGINE.rglob("*.py"):
        foreign = _imports(path) - allowed
        assert not foreign, f"{path.relative_to(ENGINE)} imports {sorted(foreign)}"


def test_the_engine_never_calls_the_global_random_or_the_clock() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                if isinstance(owner, ast.Name):
                    assert (owner.id, node.func.attr) not in FORBIDDEN_CALLS, (
                        f"{path.relative_to(ENGINE)}:{node.lineno} calls "
                        f"{owner.id}.{node.func.attr}"
                    )
