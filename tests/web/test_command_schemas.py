"""One source for the command vocabulary: the engine's definitions (commands.py), the
marshmallow schemas of the web layer and the tables of docs/commands.md stay in step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from marshmallow import ValidationError

from companion import schemas
from companion.engine import commands
from companion.engine.errors import CommandError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def test_every_command_type_has_its_schema_with_the_same_fields() -> None:
    assert set(schemas.COMMAND_SCHEMAS) == set(commands.COMMANDS)
    for kind, cls in commands.COMMANDS.items():
        schema = schemas.COMMAND_SCHEMAS[kind]()
        keys = {f.data_key or name for name, f in schema.fields.items()}
        assert keys == {commands.json_key(f) for f in commands.fields_of(cls)} | {"type"}, kind
        required = {f.data_key or n for n, f in schema.fields.items() if f.required}
        wanted = {
            commands.json_key(f)
            for f in commands.fields_of(cls)
            if f.default is commands.dataclasses.MISSING
        }
        assert required == wanted | {"type"}, kind


def test_docs_commands_md_lists_every_field_as_the_engine_defines_it() -> None:
    assert commands.docs_table() in DOCS.read_text(encoding="utf-8")


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.text(max_size=50),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _field_values(tp: Any) -> st.SearchStrategy[Any]:
    """Mostly well-formed values of a field's type, sometimes anything."""
    return st.one_of(JSON, st.sampled_from(["usa", "1U", "A", "base", 0, 1, 3, 99, 100, True]))


@st.composite
def payloads(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(t for t in commands.COMMANDS if t != "correct")))
    cls = commands.COMMANDS[kind]
    body: dict[str, Any] = {"type": kind}
    for f in commands.fields_of(cls):
        if draw(st.booleans()) or f.default is commands.dataclasses.MISSING:
            body[commands.json_key(f)] = draw(_field_values(f.type))
    if draw(st.integers(0, 9)) == 0:
        body[draw(st.text(min_size=1, max_size=6))] = draw(JSON)
    return body


def _schema_accepts(payload: dict[str, Any]) -> bool:
    try:
        schemas.COMMAND_SCHEMAS[payload["type"]]().load(payload)
    except ValidationError:
        return False
    return True


def _engine_accepts(payload: dict[str, Any]) -> bool:
    try:
        commands.parse(payload)
    except CommandError:
        return False
    return True


@given(payloads())
def test_the_schema_and_the_engine_accept_the_same_commands(payload: dict[str, Any]) -> None:
    assert _schema_accepts(payload) == _engine_accepts(payload), payload


@pytest.mark.parametrize(
    "payload",
    [
        {
            "type": "produce",
            "player": "usa",
            "space": "TS_1_L",
            "dam": "1U",
            "conduit": "C1L",
            "powerhouse": "P8-1",
            "drops": 1,
            "contract": ["G09", "Y01"],
        },
        {"type": "correct", "what": "credits", "company": "usa", "value": "x"},
        {"type": "correct", "what": "structure", "space": "1U", "value": ["base"]},
        {"type": "bank", "player": ["usa"], "engineers": 1},
        {"type": "bank", "player": "usa"},
        {"type": "bank", "player": "usa", "engineers": "2"},
        {"type": "bank", "player": "usa", "engineers": 1.5},
        {"type": "bank", "player": "usa", "engineers": True},
        {"type": "build", "player": "usa", "structure": ["base"], "space": "1U"},
        {"type": "take_contracts", "player": "usa", "space": "CO_1A_L", "contracts": [["G01"]]},
        {"type": "automa_turn", "player": "italy", "override": 3},
        {"type": "decide", "answer": {"drops": "1"}},
        {"type": "decide", "answer": {"discard": "G01"}},
        {"type": "decide", "answer": {"company": 1, "contract": "S1"}},
        {"type": "decide", "answer": {"dam": "1U", "drops": 2.5}},
        {"type": "pass", "player": "usa", "extra": {"deep": [[[[[[1]]]]]]}},
        {"type": "water", "player": "usa", "space": "WM_1_L", "headstreams": ["A"] * 50},
        {"type": "bank", "player": "usa", "engineers": 10**100},
        {"type": "pass", "player": "u" * 10_000},
    ],
)
def test_issue_10_malformed_commands_are_refused_by_both(payload: dict[str, Any]) -> None:
    with pytest.raises(CommandError):
        commands.parse(payload)
    with pytest.raises(ValidationError):
        schemas.load_command(payload)
