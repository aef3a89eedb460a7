"""What changed between two views (companion/live.py): applying it to the old view gives the
new one, whatever the two views are; only what changed travels."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion import live

leaves = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)
views = st.dictionaries(st.sampled_from(["players", "dams", "round", "pending", "x"]), json_values)


@given(views, views)
def test_applying_the_changes_to_the_old_view_gives_the_new_view(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    changed, removed = live.changes(old, new)
    held = copy.deepcopy(old)
    live.apply(held, changed, removed)
    assert held == new


def test_only_the_changed_company_and_space_travel() -> None:
    old = {
        "round": 2,
        "players": {"usa": {"vp": 10, "credits": 5}, "italy": {"vp": 7, "credits": 3}},
        "dams": {"B7": {"level": 1}, "C2": {"level": 2}},
    }
    new = copy.deepcopy(old)
    new["players"]["usa"]["vp"] = 12
    del new["dams"]["C2"]
    assert live.changes(old, new) == (
        [[["players", "usa"], {"vp": 12, "credits": 5}]],
        [["dams", "C2"]],
    )
    assert live.changes(old, copy.deepcopy(old)) == ([], [])


def test_who_acts_is_the_pending_player_else_the_active_one() -> None:
    players = {"usa": {}, "italy": {}}
    assert live.to_act({"active": "usa", "pending": [], "players": players}) == ["usa"]
    waiting = [{"player": "italy", "kind": "contract_reward"}]
    assert live.to_act({"active": "usa", "pending": waiting, "players": players}) == ["italy"]
    table = [{"player": None, "kind": "table_draw"}]  # anyone at the table answers
    assert live.to_act({"active": "usa", "pending": table, "players": players}) == ["usa", "italy"]
    assert live.to_act({"active": None, "pending": [], "players": players}) == []
