"""The engine's sentences as catalogue keys with parts (companion/engine/words.py, issue 13)."""

from __future__ import annotations

import copy
import json
import pickle

from companion.engine.words import Words, english, from_json, listing, render, say, to_json

ITALIAN = {
    "Take {n} Credits.": "Prendi {n} Crediti.",
    "{first} and {last}": "{first} e {last}",
    "{first}, {rest}": "{first}, {rest}",
    "Italy": "Italia",
}.get


def italian(key: str) -> str:
    return ITALIAN(key) or key


def test_a_sentence_is_its_english_text_with_its_key_and_parts() -> None:
    words = say("Take {n} Credits.", n=3)
    assert words == "Take 3 Credits."
    assert isinstance(words, str)
    assert (words.key, dict(words.params)) == ("Take {n} Credits.", {"n": 3})


def test_render_puts_the_sentence_and_its_parts_in_the_language() -> None:
    sentence = say("Take {n} Credits.", n=3)
    assert render({"text": sentence, "n": [say("Italy")]}, italian) == {
        "text": "Prendi 3 Crediti.",
        "n": ["Italia"],
    }
    assert render(sentence, english) == "Take 3 Credits."


def test_a_list_of_names_is_joined_in_the_language() -> None:
    names = listing([say("Italy"), "France", "Germany"])
    assert names == "Italy, France and Germany"
    assert render(names, italian) == "Italia, France e Germany"
    assert listing(["France"]) == "France"
    assert listing([]) == ""


def test_the_stored_form_keeps_key_and_parts_through_json() -> None:
    sentence = say("Take {n} Credits.", n=2)
    stored = json.loads(json.dumps(to_json({"lines": [sentence, "plain"]})))
    back = from_json(stored)
    assert back["lines"] == ["Take 2 Credits.", "plain"]
    assert isinstance(back["lines"][0], Words) and back["lines"][0].key == sentence.key
    assert render(stored, italian) == {"lines": ["Prendi 2 Crediti.", "plain"]}


def test_pickled_and_copied_sentences_keep_their_key() -> None:
    sentence = listing([say("Italy"), "France"])
    again = pickle.loads(pickle.dumps(sentence))
    assert render(again, italian) == "Italia e France"
    assert copy.deepcopy({"s": sentence})["s"].key == sentence.key


def test_a_state_pickled_before_sentences_kept_their_text_still_loads() -> None:
    """Undo bytes pickled as `Words(key, params)` (before `words._restored`) read back the
    same sentence, key and parts as a pickle made now."""
    sentence = say("Take {n} Credits.", n=4)
    old = pickle.dumps(_OldForm(sentence), protocol=pickle.HIGHEST_PROTOCOL)
    back = pickle.loads(old)
    assert isinstance(back, Words) and back == "Take 4 Credits."
    assert (back.key, back.params) == ("Take {n} Credits.", {"n": 4})
    now = pickle.loads(pickle.dumps(sentence, protocol=pickle.HIGHEST_PROTOCOL))
    assert (now, now.key, now.params) == (back, back.key, back.params)


class _OldForm:
    """Pickles as `Words.__reduce__` did before the text went along."""

    def __init__(self, sentence: Words) -> None:
        self.sentence = sentence

    def __reduce__(self) -> tuple[object, ...]:
        return (Words, (self.sentence.key, dict(self.sentence.params)))


def test_a_catalogue_sentence_missing_a_part_falls_back_to_english() -> None:
    def broken(key: str) -> str:
        return "Prendi {m} Crediti." if key == "Take {n} Credits." else key

    assert render(say("Take {n} Credits.", n=4), broken) == "Take 4 Credits."
