"""One whole round on a portrait tablet (800×1280) with a phone following (issue 9): the map
sits above the actions, every move is tapped on the tablet, and the phone sees the round end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e import flows
from e2e.conftest import _page

PORTRAIT = {"width": 800, "height": 1280}


@pytest.fixture
def portrait(browser: Any, base_url: str) -> Iterator[Any]:
    yield from _page(browser, base_url, PORTRAIT, has_touch=True)


def test_a_whole_round_on_a_portrait_tablet_with_a_phone_following(
    portrait: Page, phone: Page
) -> None:
    game_id, code = flows.create_game(portrait, players=3, seed=17, automa_seats=(3,))
    flows.open_game(portrait)
    flows.join(phone, code)
    # stacked: the map above the actions, nothing wider than the screen
    map_box = portrait.locator("#map").bounding_box()
    actions_box = portrait.locator(".side").bounding_box()
    assert map_box and actions_box and map_box["y"] < actions_box["y"]
    assert portrait.evaluate("document.documentElement.scrollWidth") <= PORTRAIT["width"]
    for _ in range(80):
        if flows.shown(portrait)["state"]["round"] > 1:
            break
        flows.play_turn(portrait, game_id)
    expect(portrait.locator("#status")).to_contain_text("Round 2")
    expect(phone.locator("#status")).to_contain_text("Round 2")
    assert not portrait.js_errors and not phone.js_errors
