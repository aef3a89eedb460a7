"""The engine is pure: it imports only the standard library and its own modules (STYLE.md),
and it never uses the global random or the clock."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
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
    """Top-level package of every import; `companion.engine` for the engine's own modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {_package(alias.name) for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(_package(node.module))
    return names


def _package(module: str) -> str:
    if module == "companion.engine" or module.startswith("companion.engine."):
        return "companion.engine"
    return module.split(".")[0] if not module.startswith("companion") else module


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"companion.engine"}
    for path in ENGINE.rglob("*.py"):
        foreign = _imports(path) - allowed
        assert not foreign, f"{path.relative_to(ENGINE)} imports {sorted(foreign)}"


def test_no_import_hides_inside_a_function_of_the_engine() -> None:
    """DESIGN.md "Layers": no import inside a function to dodge a cycle."""
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    assert not isinstance(inner, ast.Import | ast.ImportFrom), (
                        f"{path.relative_to(ENGINE)}:{inner.lineno} imports inside {node.name}()"
                    )


def test_the_import_contracts_hold() -> None:
    """`lint-imports` (pyproject.toml): layers one way, nothing but the stdlib and itself."""
    tool = Path(sys.executable).with_name("lint-imports")
    root = ENGINE.parents[1]
    done = subprocess.run([str(tool), "--no-cache"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


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


def test_every_engine_module_has_its_layer() -> None:
    """A new module must take its place in the layers (pyproject.toml), or nothing checks it."""
    config = tomllib.loads((ENGINE.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    contract = config["tool"]["importlinter"]["contracts"][0]
    names = (n for layer in contract["layers"] for n in layer.replace("|", ":").split(":"))
    listed = {name.strip() for name in names}
    modules = {p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    modules |= {p.name for p in ENGINE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert modules <= listed, sorted(modules - listed)
