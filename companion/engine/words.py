"""What the engine says, as catalogue keys with their parts (issue 13).

The engine never assembles a sentence for a person from words in code. It says
`say("Put {n} Engineers on the Bank.", n=3)`: a `Words` value that *is* the English sentence
(a `str`, so every caller, test and English device reads it as before) and also keeps its key
and parts. The edge (the web layer, the exports) renders it in the device's language with
`render(value, translate)`, where `translate` maps a key to the catalogue's sentence:

    render(say("Put {n} Engineers on the Bank.", n=3), italian) == "Metti 3 Ingegneri sulla Banca."

Parts may be numbers, names the pieces print (kept as they are), or `Words` themselves (a space
inside an instruction, a list inside a label), rendered the same way. The English key is the
catalogue's msgid: `python tools/i18n_catalogues.py` extracts every `say("…")` into the `.po`
files. A plural is two keys chosen by the count (`say("Take 1 Credit.") if n == 1 else
say("Take {n} Credits.", n=n)`), as the Italian needs its own sentence for each.

Stored records keep `Words` as `{"words": key, "params": {...}}` (`to_json`), read back as
`Words` (`from_json`), so a game saved in Italian reads in English on another device and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

WORDS_KEY = "words"
PARAMS_KEY = "params"

Translate = Callable[[str], str]


class Words(str):
    """A sentence (or a name) the engine says: the English text, with its key and parts."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, params: Mapping[str, Any] | None = None) -> Words:
        return _made(cls, key, dict(params) if params else {})

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled live states rebuild the key and parts, not only the text; the text goes
        # along, so a copy of a state (one per tap) formats no sentence again
        return (_restored, (str.__str__(self), self.key, self.params))

    def __deepcopy__(self, memo: dict[int, Any]) -> Words:
        return self  # immutable, like the str it is

    def __copy__(self) -> Words:
        return self


def _made(cls: type[Words], key: str, parts: dict[str, Any]) -> Words:
    # `str.__new__` straight away, the parts formatted in place: an options answer says a
    # few hundred sentences, and this is most of their cost (docs/operations.md)
    self = _new_str(cls, key.format_map(parts) if parts else key)
    self.key = key
    self.params = parts
    return self


_new_str = str.__new__


def _restored(text: str, key: str, params: dict[str, Any]) -> Words:
    """A pickled `Words` back, its text as it was said. (Pickles made before this name
    `Words(key, params)` instead: they still load, formatted again.)"""
    self = _new_str(Words, text)
    self.key = key
    self.params = params
    return self


def say(key: str, /, **params: Any) -> Words:
    """The sentence `key` with its `{named}` parts; English until the edge renders it."""
    # `_made` written out (a call less: every options answer says a few hundred of these);
    # `params` is this call's own dict: no copy needed
    self = _new_str(Words, key.format_map(params) if params else key)
    self.key = key
    self.params = params
    return self


def listing(items: Iterable[str]) -> str:
    """ "A, B and C" in the device's language; one item is itself, none is ""."""
    names = list(items)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    last = say("{first} and {last}", first=names[-2], last=names[-1])
    for name in reversed(names[:-2]):
        last = say("{first}, {rest}", first=name, rest=last)
    return last


def render(value: Any, translate: Translate) -> Any:
    """`value` with every `Words` (and its stored form) as a plain `str` in the language of
    `translate`; dicts and lists are copied, everything else is returned as it is."""
    if isinstance(value, Words):
        return _sentence(value.key, value.params, translate)
    if isinstance(value, dict):
        if WORDS_KEY in value and PARAMS_KEY in value and len(value) == 2:
            return _sentence(str(value[WORDS_KEY]), value[PARAMS_KEY], translate)
        return {k: render(v, translate) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [render(v, translate) for v in value]
    return value


def _sentence(key: str, params: Mapping[str, Any], translate: Translate) -> str:
    sentence = translate(key)
    if not params:
        return sentence
    parts = {name: render(part, translate) for name, part in params.items()}
    try:
        return sentence.format(**parts)
    except (KeyError, IndexError, ValueError):
        # a catalogue whose sentence lost a part (tests/web/test_i18n.py forbids it): English
        return key.format(**parts)


def english(key: str) -> str:
    """The English catalogue: the key is the sentence."""
    return key


def to_json(value: Any) -> Any:
    """`value` with every `Words` in its stored form, for the event log and snapshots."""
    if isinstance(value, Words):
        return {WORDS_KEY: value.key, PARAMS_KEY: {k: to_json(v) for k, v in value.params.items()}}
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def from_json(value: Any) -> Any:
    """The inverse of `to_json`: stored sentences become `Words` again (plain text stays)."""
    if isinstance(value, dict):
        if WORDS_KEY in value and PARAMS_KEY in value and len(value) == 2:
            params = {k: from_json(v) for k, v in dict(value[PARAMS_KEY]).items()}
            return Words(str(value[WORDS_KEY]), params)
        return {k: from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_json(v) for v in value]
    return value
