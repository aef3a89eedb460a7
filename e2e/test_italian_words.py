"""An Italian tablet reads the components and the Automa in Italian (issue 13).

The company card and board show the company ability and the officer's power in the words of
the Italian rulebook (003, Appendici 2 e 3); the Automa's panel shows its tile, its reasons
and its plain line in Italian; the printable audit speaks Italian too. Screenshots at the
three screen sizes go to artifacts/screens/italian-*.png for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e import flows
from e2e.conftest import TABLET, _page

SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 5,
    "seats": [
        {"company": "usa", "name": "Ana", "kind": "human"},
        {"company": "germany", "kind": "automa", "automa_level": 2},
    ],
}
SIZES = {"tablet": TABLET, "portrait": {"width": 800, "height": 1280},
         "phone": {"width": 390, "height": 844}}  # fmt: skip
ENGLISH = re.compile(r"\b(Tile|criteria|skipped|Engineers|Builds|Produces|Build|Produce)\b")


@pytest.fixture
def tablet_it(browser: Any, base_url: str) -> Iterator[Any]:
    """The shared tablet, landscape 1280×800, whose browser reads Italian."""
    yield from _page(browser, base_url, TABLET, locale="it-IT")


def until_the_automa_s_turn(page: Page, game_id: str) -> None:
    """The human's moves through the API (first offered) until the Automa is to play."""
    for _ in range(40):
        view = flows.game(page, game_id)
        actions = view["options"].get("actions") or []
        if any(a["type"] == "automa_turn" for a in actions):
            return
        command = next(c["command"] for a in actions for c in a.get("choices") or [])
        response = page.request.post(
            f"/api/games/{game_id}/commands", data={"command": command, "version": view["version"]}
        )
        assert response.ok, response.text()
    raise AssertionError("the Automa never came to play")


def test_an_italian_tablet_reads_powers_and_the_automa_in_italian(
    tablet_it: Page, screens: Path
) -> None:
    page = tablet_it
    page.goto("/")
    created = page.request.post("/api/games", data={"title": "Serata", "setup": SETUP})
    assert created.ok, created.text()
    game_id = created.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    flows.close_instructions(page)
    # Appendice 2 and 3: the card's short lines
    expect(page.get_by_test_id("ability-usa")).to_contain_text(
        "+1 Energia per Goccia che attraversa una Centrale"
    )
    usa = page.locator('.company-card[data-open-board="usa"]')
    expect(usa).to_contain_text("Wilhelm Adler: le Basi costano 3 Escavatori")
    usa.click()
    board = page.locator("#sheet-body")
    expect(board.locator(".ability-full")).to_contain_text(
        "Ogni Goccia che scorre naturalmente (lungo i fiumi, in qualunque Fase)"
    )
    expect(board).to_contain_text("Le tue Basi costano sempre 3 Escavatori")
    page.screenshot(path=str(screens / "italian-company-board-1280x800.png"))
    page.keyboard.press("Escape")

    until_the_automa_s_turn(page, game_id)
    page.reload()
    flows.close_instructions(page)
    panel = page.locator("#automa")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(re.compile(r"Tessera \d+"))
    assert ENGLISH.findall(panel.inner_text()) == [], panel.inner_text()
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        expect(panel).to_be_visible()
        shot = screens / f"italian-automa-{name}-{size['width']}x{size['height']}.png"
        page.screenshot(path=str(shot), full_page=True)
    assert page.js_errors == []
