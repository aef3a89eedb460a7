"""Level-4 Automa with Mahiri Sekibo: a person's opening of the round is played the Automa way.

automa.md §2.2 (level 4, Mahiri Sekibo): the Automa ignores her power; instead every person
plays the opening action of each round from a drawn Automa tile. The tablet shows it on the
Automa panel (tile, decision, trace, Apply) with a line saying why, and the person's later
turns of the round are free again.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows

SETUP = {
    "mode": "full",
    "deals": "app",
    "seed": 4,
    "seats": [
        {"kind": "human", "company": "germany", "officer": "wilhelm_adler", "name": "Ann"},
        {
            "kind": "automa",
            "company": "italy",
            "automa_level": 4,
            "officer": "mahiri_sekibo",
            "name": "Automa",
        },
    ],
}


def test_a_persons_opening_is_played_from_a_drawn_automa_tile(page: Page, screens: Path) -> None:
    page.goto("/")
    created = page.request.post("/api/games", data={"title": "Mahiri", "setup": SETUP})
    assert created.ok, created.text()
    game_id = created.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)

    flows.automa_turn(page, game_id)  # the Automa opens the round (ruling A11: Automas first)
    view = flows.game(page, game_id)
    assert view["state"]["active"] == "germany"
    panel = page.locator("#automa")
    expect(panel).to_contain_text("Germany")
    expect(panel).to_contain_text("played the Automa way, from a drawn Automa tile")
    expect(panel).not_to_contain_text("Automa level")
    expect(panel).to_contain_text(re.compile(r"Tile \d+"))
    page.screenshot(path=str(screens / "tablet-mahiri-opening.png"), animations="disabled")
    page.get_by_role("button", name="Apply", exact=True).click()
    flows.wait_version(page, game_id, view["version"] + 1)
    flows.close_instructions(page)

    assert flows.game(page, game_id)["state"]["active"] == "italy"  # the opening was the turn
    flows.automa_turn(page, game_id)
    # Germany's second turn of the round: the normal action bar, no Automa panel
    expect(panel).to_be_hidden()
    expect(flows.action_button(page, "Bank")).to_be_visible()
