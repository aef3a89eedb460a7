"""Choices are labelled in the rulebook's words, never with engine ids or Python data."""

import re

from helpers import make_state

from companion.engine import legal_options
from companion.engine.catalog import MANAGEMENT_SPACES
from companion.engine.management import space_name


def test_management_spaces_are_named_as_on_the_board() -> None:
    assert space_name(MANAGEMENT_SPACES["WS_2_R"]) == "Workshop row 2, right"
    assert space_name(MANAGEMENT_SPACES["BANK"]) == "Bank"
    assert space_name(MANAGEMENT_SPACES["PO_2"]) == "Patent Office space 2"


def test_no_choice_label_shows_an_id_or_a_dict() -> None:
    state = make_state(4)
    options = legal_options(state)
    labels = [c["label"] for a in options["actions"] for c in a.get("choices", [])]
    assert labels
    ids = re.compile(r"\b(?:" + "|".join(MANAGEMENT_SPACES) + r")\b|[{}]")
    assert [label for label in labels if ids.search(label)] == []
    shop = [label for label in labels if "Machinery Shop" in label]
    assert "Machinery Shop row 3, left (2 Engineers, 5₵): 1 Excavator + 1 Concrete Mixer" in shop
