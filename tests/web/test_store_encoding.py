"""The store writes records and snapshots with orjson's C encoder and its `default` for
`Words` (store.stored_dumps): the same text, byte for byte, as `words.to_json` then the
JSON encoder, so a stored game reads back exactly as before (issue 12, issue 13)."""

from __future__ import annotations

import enum
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import jsonsafe
from companion.engine import words
from companion.engine.words import Words, say
from companion.store import stored_dumps


class Counted(int):
    """An int subclass, as a rule module may keep one."""


class Tagged(dict):  # type: ignore[type-arg]
    """A dict subclass."""


class Listed(list):  # type: ignore[type-arg]
    """A list subclass."""


class Phase(enum.StrEnum):
    ACTIONS = "actions"


text = st.text(max_size=8)
plain = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    text,
    st.integers(0, 9).map(Counted),
    st.just(Phase.ACTIONS),
)


def _words(parts: st.SearchStrategy[Any]) -> st.SearchStrategy[Words]:
    """A sentence with parts (numbers, text, other sentences), or a name with none."""
    return st.builds(
        lambda key, n, more: Words(key, {"n": n, **more}),
        st.sampled_from(["Take {n} Credits.", "{n} · Dam", "Dam"]),
        parts,
        st.dictionaries(st.sampled_from(["x", "y"]), parts, max_size=2),
    ) | st.builds(Words, st.sampled_from(["Dam", "Bank", "Workshop row 1, left"]))


# keys: text, numbers (stored as text) and sentences (stored as their English text)
dict_keys = st.one_of(text, st.integers(-5, 5), _words(st.integers()))


def _extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=3).map(tuple),
        st.lists(children, max_size=3).map(Listed),
        st.dictionaries(dict_keys, children, max_size=4),
        st.dictionaries(text, children, max_size=3).map(Tagged),
        _words(children),
    )


values = st.recursive(plain | _words(plain), _extend, max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(values)
def test_the_stored_text_is_the_text_of_to_json_byte_for_byte(value: Any) -> None:
    expected = jsonsafe.dumps(words.to_json(value))
    assert stored_dumps(value) == expected


@settings(max_examples=200, deadline=None)
@given(values)
def test_the_stored_form_reads_back_as_words_with_their_keys_and_parts(value: Any) -> None:
    back = words.from_json(json.loads(stored_dumps(value)))
    assert back == words.from_json(json.loads(jsonsafe.dumps(words.to_json(value))))
    assert words.to_json(back) == json.loads(jsonsafe.dumps(words.to_json(value)))


def test_a_sentence_is_stored_as_its_key_and_parts() -> None:
    sentence = say("{space} ({cost})", space=say("Workshop row 1, left"), cost="1 Engineer")
    stored = json.loads(stored_dumps({"lines": [sentence, (1, "x")]}))
    assert stored == {
        "lines": [
            {
                "words": "{space} ({cost})",
                "params": {
                    "space": {"words": "Workshop row 1, left", "params": {}},
                    "cost": "1 Engineer",
                },
            },
            [1, "x"],
        ]
    }
    back = words.from_json(stored)["lines"][0]
    assert isinstance(back, Words) and back.params["space"].key == "Workshop row 1, left"


@pytest.mark.parametrize("refused", [{1, 2}, 2**70, {"deep": [object()]}])
def test_what_orjson_refuses_is_stored_or_refused_as_before(refused: Any) -> None:
    try:
        expected = jsonsafe.dumps(words.to_json(refused))
    except TypeError:
        with pytest.raises(TypeError):
            stored_dumps(refused)
        return
    assert stored_dumps(refused) == expected
