"""docs/rules-coverage.md stays true: every test it names exists, and every ruling (R1-R28,
A1-A19) and edge case (1-28) has a row naming at least one test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def rows() -> dict[str, str]:
    """The first cell of each table row -> the whole row."""
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            out[line.split(" | ")[0].removeprefix("| ")] = line
    return out


def functions_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_every_named_test_exists() -> None:
    missing = []
    cache: dict[str, set[str]] = {}
    refs = TEST_REF.findall(DOC.read_text(encoding="utf-8"))
    assert len(refs) > 150
    for file, name in refs:
        if file not in cache:
            path = ROOT / file
            cache[file] = functions_in(path) if path.exists() else set()
        if name not in cache[file]:
            missing.append(f"{file}::{name}")
    assert missing == []


IDS = (
    [f"ruling R{i}" for i in range(1, 29)]
    + [f"ruling A{i}" for i in range(1, 20)]
    + [f"edge case {i}" for i in range(1, 29)]
)


@pytest.mark.parametrize("rule", IDS)
def test_every_ruling_and_edge_case_has_a_test(rule: str) -> None:
    row = rows().get(rule)
    assert row is not None, f"{rule} has no row in docs/rules-coverage.md"
    assert TEST_REF.search(row), f"{rule} names no test"
