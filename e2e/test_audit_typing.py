"""Playwright: the standalone score pad keeps every number a person types (issue 20, point 1).

A 4-player game with The Leeghwater Project (the Netherlands, Private Buildings with a
Building) is entered the way a person does it: tap a field and type, then tap the next field;
type and press Tab; type and tap somewhere else; paste; the +/− steppers. Every field is
checked afterwards, and the page's totals must equal the engine's scoring of the same entry
(`audit_standalone`, computed here in the test process, never read from the page).
"""

from __future__ import annotations

from itertools import cycle
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.engine.audit import audit_standalone

pytestmark = pytest.mark.e2e

NAMES = {"usa": "USA", "germany": "Germany", "italy": "Italy", "netherlands": "Netherlands"}
# (level, drops held) of each dam; every other piece is one space
GAME: dict[str, Any] = {
    "objective": "O_BEST_AREA",
    "players": {
        "usa": {
            "dams": {"1U": (3, 1), "5U": (2, 0), "8L": (1, 0)},
            "conduits": ["C1L", "C5L"],
            "powerhouses": ["P8-1", "P11-1", "P6-2"],
            "fields": {
                "VP marker": 78,
                "Credits": 9,
                "Excavators": 3,
                "Concrete Mixers": 2,
                "Energy in the last round": 12,
            },
            "buildings": ["Cofferdam (3 VP)", "Wind Farm (5 VP)"],
        },
        "germany": {
            "dams": {"2U": (2, 0), "6U": (2, 0), "3L": (1, 0)},
            "conduits": ["C2L", "C6L", "C3R"],
            "powerhouses": ["P6-1", "P9-1"],
            "fields": {
                "VP marker": 84,
                "Credits": 5,
                "Excavators": 4,
                "Concrete Mixers": 4,
                "Energy in the last round": 16,
            },
            "buildings": ["Loan Agency (4 VP)"],
        },
        "italy": {
            "dams": {"4U": (3, 2), "7U": (1, 0)},
            "conduits": ["C4L", "C7L"],
            "powerhouses": ["P7-1", "P10-1", "P12-2"],
            "fields": {
                "VP marker": 71,
                "Credits": 12,
                "Excavators": 1,
                "Concrete Mixers": 0,
                "Energy in the last round": 9,
            },
            "buildings": ["Customer Office (7 VP)"],
        },
        "netherlands": {
            "dams": {"9U": (2, 1), "10U": (1, 0), "1L": (1, 0)},
            "conduits": ["C9L", "C10L", "C1R"],
            "powerhouses": ["P5-1", "P12-1"],
            "fields": {
                "VP marker": 88,
                "Credits": 3,
                "Excavators": 2,
                "Concrete Mixers": 5,
                "Energy in the last round": 14,
            },
            "buildings": ["Cofferdam (3 VP)", "Research Lab (4 VP)"],
        },
    },
}
BUILDING_IDS = {
    "Cofferdam (3 VP)": "cofferdam",
    "Wind Farm (5 VP)": "wind_farm",
    "Loan Agency (4 VP)": "loan_agency",
    "Customer Office (7 VP)": "customer_office",
    "Research Lab (4 VP)": "research_lab",
}
FIELD_KEYS = {
    "VP marker": "vp_marker",
    "Credits": "credits",
    "Excavators": "excavators",
    "Concrete Mixers": "mixers",
    "Energy in the last round": "last_round_energy",
}


def engine_entry(game: dict[str, Any]) -> dict[str, Any]:
    """The same table as the standalone audit's JSON entry, for the engine to score."""
    players = []
    for company, board in game["players"].items():
        player: dict[str, Any] = {
            "company": company,
            "dams": [{"space": s, "level": lv, "drops": d} for s, (lv, d) in board["dams"].items()],
            "conduits": board["conduits"],
            "powerhouses": board["powerhouses"],
            "buildings": [BUILDING_IDS[b] for b in board["buildings"]],
        }
        player.update({FIELD_KEYS[k]: v for k, v in board["fields"].items()})
        players.append(player)
    return {"objective": game["objective"], "players": players}


def open_pad(page: Page) -> None:
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator('#audit-map [data-space="1U"]').wait_for()


def type_into(page: Page, box: Any, value: int, how: str, elsewhere: Any) -> None:
    """Enter a number as a person does; `how` says how they leave the field."""
    if how == "paste":
        page.evaluate("(text) => navigator.clipboard.writeText(text)", str(value))
        box.click()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.press("ControlOrMeta+v")
        return
    box.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(str(value))
    if how == "tab":
        page.keyboard.press("Tab")
    elif how == "elsewhere":
        elsewhere.click()
    # "click": the next field is tapped next, as a person goes on


def step_to(page: Page, label: str, value: int) -> None:
    """The +/− buttons, from 0."""
    plus = page.get_by_role("button", name=f"{label} plus 1")
    for _ in range(value):
        plus.click()


def enter_company(page: Page, company: str, board: dict[str, Any], ways: Any) -> None:
    name = NAMES[company]
    page.get_by_role("radio", name=name).click()
    for space, (level, _) in board["dams"].items():
        for _ in range(level):
            page.locator(f'#audit-map [data-space="{space}"]').click()
    for space in board["conduits"] + board["powerhouses"]:
        page.locator(f'#audit-map [data-space="{space}"]').click()
    for space, (_, drops) in board["dams"].items():
        step_to(page, f"{name} drops held by {space}", drops)
    heading = page.locator("#player-panel h2")
    for label, value in board["fields"].items():
        how = next(ways)
        if how == "steppers" and value <= 5:
            step_to(page, f"{name} {label}", value)
        else:
            box = page.get_by_label(f"{name} {label}", exact=True)
            type_into(page, box, value, "click" if how == "steppers" else how, heading)
    for building in board["buildings"]:
        page.get_by_label(building, exact=True).check()


def check_company(page: Page, company: str, board: dict[str, Any]) -> None:
    name = NAMES[company]
    page.get_by_role("radio", name=name).click()
    for label, value in board["fields"].items():
        expect(page.get_by_label(f"{name} {label}", exact=True)).to_have_value(str(value))
    for building in board["buildings"]:
        expect(page.get_by_label(building, exact=True)).to_be_checked()


SIZES = [(1280, 800), (800, 1280), (390, 844), (360, 640)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_typed_number_stays_and_the_totals_are_the_engines(
    browser: Any, base_url: str, size: tuple[int, int]
) -> None:
    w, h = size
    phone = w < 600
    context = browser.new_context(
        viewport={"width": w, "height": h},
        base_url=base_url,
        reduced_motion="reduce",
        is_mobile=phone,
        has_touch=phone,
        permissions=["clipboard-read", "clipboard-write"],
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_pad(page)
    page.get_by_label("Player 4 company").select_option("netherlands")
    page.get_by_label("Objective tile").select_option(GAME["objective"])
    ways = cycle(["click", "tab", "elsewhere", "paste", "steppers"])
    for company, board in GAME["players"].items():
        enter_company(page, company, board, ways)
    for company, board in GAME["players"].items():
        check_company(page, company, board)

    expected = audit_standalone(engine_entry(GAME))
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#results")).to_be_visible()
    for company, total in expected["totals"].items():
        cell = page.get_by_role("button", name=f"{NAMES[company]} total: {total}")
        expect(cell).to_be_visible()
    expect(page.locator("#winner")).to_have_text(expected["result"]["statement"])
    context.close()
    assert not errors, errors
