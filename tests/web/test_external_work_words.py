"""External Works in Italian (issue 11): the tiles carry no number (leeghwater.md §3.2), so the
engine names each by its printed face — "External Work: discard 2 Excavators → 4 Credits and
…". Each of the 15 names, the option labels and the table instructions of the action read in
Italian as an Italian device gets them (issue 13): the engine's keys rendered with the Italian
catalogue (words.render), as the server renders them for the device; no English word is left.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from companion.engine import catalog, execute, instructions, legal_options, words
from companion.engine.reverse import REVERSE
from companion.engine.table_words import external_work_name
from companion.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
from helpers import automa_turn, give  # noqa: E402
from leeghwater_helpers import expansion_state, put_on_offer  # noqa: E402
from test_leeghwater_automa import automa_expansion_game  # noqa: E402

# English words with no place in an Italian sentence (a name like Leslie Spencer may stay)
ENGLISH = re.compile(
    r"\b(the|and|from|with|your|on|to|of|Put|Take|Pay|Score|discard|pile|slot|tile|face|"
    r"Credits?|Excavators?|Mixers?|External|Work|energy|wheel|back|up|down)\b"
)
TILE_ID = re.compile(r"\b[ABC][1-5]\b")


def _sentences() -> list[Any]:
    names = [external_work_name(t) for t in catalog.EXTERNAL_WORKS]
    short = [external_work_name(t, reward=False) for t in catalog.EXTERNAL_WORKS]
    state = expansion_state(2, seed=4)
    company = str(state.active)
    put_on_offer(state, "A5", "B1", "A1")
    give(state, company, excavators=4, mixers=2, credits=3)
    labels = [c["label"] for a in legal_options(state, company)["actions"]
              if a["type"] == "external_work" for c in a["choices"]]  # fmt: skip
    out = execute(state, {"type": "external_work", "player": company, "slot": 1})
    steps = [s["text"] for s in instructions.derive(out.state, out.events)]
    taken = next(e for e in out.events if e["type"] == "external_work_taken")
    undo = REVERSE["external_work_taken"](taken)
    return [*names, *short, *labels, *steps, out.state.pending[-1].reason, undo, *_automa()]


def _automa() -> list[Any]:
    """An Automa's External Work (automa.md §7.8): its override choice and its table lines."""
    state = automa_expansion_game(1)
    put_on_offer(state, "A3", "A1", "A2")
    give(state, "italy", excavators=2, mixers=0)
    choices = [c["label"] for a in legal_options(state)["actions"] for c in a.get("choices", [])
               if "External Work" in str(c.get("label"))]  # fmt: skip
    out = automa_turn(state, "italy")
    lines = [s["text"] for s in instructions.derive(out.state, out.events)]
    said = [line for line in lines if "External Work" in line]
    assert said  # the Automa's External Work is among its table steps
    return [*choices, *said]


def test_external_works_read_in_italian_with_no_id() -> None:
    sentences = _sentences()
    assert not [s for s in sentences if TILE_ID.search(s)]
    assert all(isinstance(s, words.Words) for s in sentences)  # every one a catalogue key
    italian = translator("it")
    said = [words.render(s, italian) for s in sentences]
    assert said[0].startswith("Lavoro Esterno: scarta 1 Escavatore → ")
    english = [(s, it) for s, it in zip(sentences, said, strict=True) if ENGLISH.search(it)]
    assert english == []
