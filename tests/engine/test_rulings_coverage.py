"""docs/rules-coverage.md stays true: every test it names exists, and every ruling (R1-R28,
A1-A19, the expansion's L1-L9), edge case (1-34), expansion worked example (X1-X24) and Automa
rule of the expansion (leeghwater.md §10, each of its topics) has a row naming at least one
test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import REFERENCE, require_reference

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
    # The Leeghwater Project (leeghwater.md §11, rulings.md L1-L9, edge-cases.md 29-34)
    + [f"ruling L{i}" for i in range(1, 10)]
    + [f"edge case {i}" for i in range(29, 35)]
    + [f"X{i}" for i in range(1, 25)]
)
# leeghwater.md §10's topics (its table's first column) and the rows that cover each; the
# overpowered officers' topic is one row per officer
AUTOMA_ROWS = {
    "Credits": ["leeghwater §10: Credits"],
    "External Work action": ["leeghwater §10: External Work action"],
    'External Work "fulfil a Contract"': ["leeghwater §10: External Work contract"],
    "Building construction": ["leeghwater §10: Building construction"],
    "Private Building actions": ["leeghwater §10: Private Building actions"],
    "Hard: L1_BUILDING": ["leeghwater §10: Hard L1_BUILDING"],
    "Hard: L2_BUILDING": ["leeghwater §10: Hard L2_BUILDING"],
    "Very hard (overpowered) officers": [
        "leeghwater §10: Very hard Leslie Spencer",
        "leeghwater §10: Very hard Margot Fouché",
        "leeghwater §10: Very hard Simone Luciani",
        "leeghwater §10: Very hard Tommaso Battista",
    ],
    "Netherlands (high voltage)": ["leeghwater §10: Netherlands"],
}


@pytest.mark.parametrize("rule", IDS)
def test_every_ruling_and_edge_case_has_a_test(rule: str) -> None:
    row = rows().get(rule)
    assert row is not None, f"{rule} has no row in docs/rules-coverage.md"
    assert TEST_REF.search(row), f"{rule} names no test"


def section_10_topics() -> list[str]:
    """The first column of leeghwater.md §10's table (the Automa's expansion rules)."""
    text = (REFERENCE.parent / "leeghwater.md").read_text(encoding="utf-8")
    section = text.split("## 10. Automa", 1)[1].split("\n## ", 1)[0]
    cells = [line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")]
    return [c for c in cells if c not in ("topic", "---")]


def test_every_automa_rule_of_the_expansion_has_rows_naming_tests() -> None:
    require_reference()
    topics = section_10_topics()
    assert len(topics) >= 9
    assert sorted(topics) == sorted(AUTOMA_ROWS), "leeghwater.md §10 changed: update the rows"
    table = rows()
    for topic, ids in AUTOMA_ROWS.items():
        for rule in ids:
            assert rule in table, f"{topic}: no row {rule!r} in docs/rules-coverage.md"
            assert TEST_REF.search(table[rule]), f"{rule} names no test"
