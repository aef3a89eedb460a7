"""Two languages per device (issue 13): an Italian tablet and an English phone, one game.

The tablet's browser asks for Italian (Accept-Language it-IT), the phone's for English. The
setup wizard and one whole round are played on the tablet by taps on its Italian buttons; the
phone follows the same game live in English. Each device keeps its own words; the phone then
switches to Italian from the menu (a cookie of its own) and back.
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

# English words of the engine's table instructions that must not reach the Italian tablet
ENGLISH_STEPS = re.compile(r"\b(Put|Take|Move|Pay|Score|Turn the|Place a|passes)\b")


@pytest.fixture
def tablet_it(browser: Any, base_url: str) -> Iterator[Any]:
    """The shared tablet, landscape 1280×800, whose browser reads Italian."""
    yield from _page(browser, base_url, TABLET, locale="it-IT")


def create_game_in_italian(page: Page) -> tuple[str, str]:
    """The setup wizard by its Italian words: introductory game, 4 people, the app deals."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("link", name="Nuova partita").click()
    expect(page.get_by_role("heading", name="Quale partita?")).to_be_visible()
    page.get_by_label("Partita introduttiva").check()
    page.get_by_label("4 giocatori").check()
    page.get_by_role("button", name="Avanti").click()
    expect(page.get_by_role("heading", name="Chi gioca quale Compagnia?")).to_be_visible()
    for i in range(4):
        page.get_by_label(f"Posto {i + 1} nome").fill(f"Giocatore {i + 1}")
    page.get_by_role("button", name="Avanti").click()
    page.get_by_label("Pesca l'app (con un seme)").check()
    page.get_by_label(re.compile("Seme")).fill("11")
    page.get_by_role("button", name="Crea la partita").click()
    expect(page.get_by_role("heading", name="Prepara così la plancia vera")).to_be_visible()
    checklist = page.locator("#checklist").inner_text()
    assert "plancia Compagnia" in checklist and "Ingegneri" in checklist, checklist
    code = page.locator("#created-code").inner_text().strip()
    href = page.get_by_role("link", name="Inizia a giocare").get_attribute("href") or ""
    return href.rstrip("/").split("/")[-1], code


def action_it(page: Page, name: str) -> Any:
    return page.get_by_role("toolbar", name="Azioni").get_by_role("button", name=name, exact=True)


def choices_it(page: Page) -> Any:
    return page.get_by_role("group", name="Scelte legali").get_by_role("button")


def italian_turn(page: Page, game_id: str) -> None:
    """The active company banks all its Engineers, or passes when it has none (Italian taps)."""
    flows.close_instructions(page)
    view = flows.shown(page)
    actions = {a["type"]: a for a in view["options"]["actions"]}
    name = "Banca" if actions["bank"]["enabled"] else "Passa"
    action_it(page, name).click()
    if name == "Banca":
        choices_it(page).last.click()
    page.get_by_role("button", name="Conferma").click()
    flows.wait_version(page, game_id, view["version"] + 1)


def strip_text(page: Page) -> str:
    expect(page.locator("#table-strip")).to_be_visible()
    return page.locator("#strip-list").inner_text()


def test_italian_tablet_and_english_phone_follow_one_round(
    tablet_it: Page, phone: Page, screens: Path
) -> None:
    tablet = tablet_it
    game_id, code = create_game_in_italian(tablet)
    screens.mkdir(parents=True, exist_ok=True)
    tablet.screenshot(path=str(screens / "i18n-it-tablet-setup.png"), full_page=True)
    tablet.get_by_role("link", name="Inizia a giocare").click()
    expect(tablet.locator("#status")).to_contain_text("Round 1")
    expect(tablet.get_by_role("heading", name="Da fare al tavolo")).to_be_visible()
    setup_steps = strip_text(tablet)
    assert "Tessere Bonus sul Tracciato Energia" in setup_steps, setup_steps

    flows.join(phone, code)
    expect(phone.locator("html")).to_have_attribute("lang", "en")

    # the first company builds on the map: cost, wheel and placement said in Italian
    view = flows.shown(tablet)
    action_it(tablet, "Costruisci").click()
    space = tablet.locator("svg.map .space.legal").first
    expect(space).to_be_visible()
    space.click()
    for _ in range(3):  # a space with several ways opens them first
        if tablet.get_by_role("button", name="Conferma").count():
            break
        choices_it(tablet).filter(has_not_text="Tutte le scelte").first.click()
    # the cost's rule, from the chosen build: the structure's cost on p. 14 of 003
    tablet.locator("#confirm").get_by_role("button", name=re.compile("La regola dietro")).click()
    rule = tablet.get_by_role("dialog", name="La regola")
    expect(rule.get_by_role("link", name=re.compile(r"Regolamento p\. 14 · "))).to_have_count(1)
    tablet.keyboard.press("Escape")
    tablet.get_by_role("button", name="Conferma").click()
    flows.wait_version(tablet, game_id, view["version"] + 1)
    built = strip_text(tablet)
    assert "Piazza una" in built and "Ruota di Costruzione" in built, built
    assert not ENGLISH_STEPS.search(built), built
    # the rule behind a step: its sentence and the page of 003 on the tablet, of 001 on the phone
    tablet.locator("#strip-list li.engineers_placed").get_by_role(
        "button", name=re.compile("La regola dietro")
    ).click()
    sheet = tablet.get_by_role("dialog", name="La regola")
    expect(sheet).to_contain_text("Spazio azione")
    expect(sheet.get_by_role("link", name="Regolamento p. 12 · Spazio azione")).to_be_visible()
    tablet.screenshot(path=str(screens / "i18n-it-tablet-rule.png"))
    tablet.keyboard.press("Escape")
    flows.wait_version(phone, game_id, view["version"] + 1)
    expect(phone.get_by_role("heading", name="Do this at the table")).to_be_visible()
    expect(phone.locator("#strip-list")).to_contain_text("Place a")
    phone.locator("#strip-list li.engineers_placed").get_by_role(
        "button", name=re.compile("The rule behind")
    ).click()
    expect(
        phone.get_by_role("dialog", name="The rule behind it").get_by_role(
            "link", name="Rulebook p. 12 · Action space"
        )
    ).to_be_visible()
    phone.keyboard.press("Escape")

    # the rest of the round: Bank until every company is out of Engineers, then each passes
    for _ in range(40):
        if flows.shown(tablet)["state"]["round"] > 1:
            break
        italian_turn(tablet, game_id)
    state = flows.shown(tablet)["state"]
    assert state["round"] == 2, state["round"]
    expect(tablet.locator("#status")).to_contain_text("Round 2")
    expect(tablet.locator("#status")).to_contain_text("Azioni")
    steps = strip_text(tablet)
    assert "Round 2: Rendita e Sorgenti." in steps, steps
    assert not ENGLISH_STEPS.search(steps), steps
    assert tablet.js_errors == []  # type: ignore[attr-defined]

    version = flows.shown(tablet)["version"]
    flows.wait_version(phone, game_id, version)
    expect(phone.locator("#status")).to_contain_text("Round 2")
    expect(phone.locator("#status")).to_contain_text("Actions")
    expect(phone.locator("#strip-list")).to_contain_text("Round 2: Income and Headstreams.")
    tablet.screenshot(path=str(screens / "i18n-it-tablet-round2.png"))
    phone.screenshot(path=str(screens / "i18n-en-phone-round2.png"), full_page=True)
    assert phone.js_errors == []  # type: ignore[attr-defined]


def test_the_menu_switches_this_device_only(page: Page, phone: Page, screens: Path) -> None:
    game_id, code = flows.create_game(page, players=2, seed=5)
    flows.open_game(page)
    flows.join(phone, code)
    phone.get_by_role("button", name="More: join code, my company, home").click()
    switch = phone.get_by_role("navigation", name="Language")
    italian = switch.get_by_role("link", name="Italiano")
    box = italian.bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48, box
    italian.click()
    expect(phone.locator("html")).to_have_attribute("lang", "it")
    expect(phone.locator("#status")).to_contain_text("Azioni")
    expect(phone.get_by_role("toolbar", name="Azioni")).to_be_visible()
    phone.screenshot(path=str(screens / "i18n-it-phone-menu-switch.png"), full_page=True)
    # the tablet, another device, keeps its English
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#status")).to_contain_text("Actions")
    phone.get_by_role("button", name="Altro: codice, la mia Compagnia, home").click()
    phone.get_by_role("navigation", name="Lingua").get_by_role("link", name="English").click()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("toolbar", name="Actions")).to_be_visible()
    assert phone.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 800}, {"width": 800, "height": 1280}, {"width": 390, "height": 844}],
    ids=lambda v: f"{v['width']}x{v['height']}",
)
def test_the_italian_game_screen_fits_every_size(
    browser: Any, base_url: str, page: Page, screens: Path, viewport: dict[str, int]
) -> None:
    """Italian words run longer than English: nothing sticks out, every target stays 48 px."""
    from e2e.test_screens import OVERFLOW, SMALL_TARGETS

    _, code = flows.create_game(page, players=3, seed=4)
    for device in _page(browser, base_url, viewport, locale="it-IT"):
        device.goto(f"/join/{code}")  # the QR code's page: the game, then Join, then a seat
        device.get_by_role("button", name="Entra", exact=True).click()
        seats = device.get_by_role("group", name="Questo dispositivo gioca")
        seats.get_by_role("button", name="Nessuna: segui solo la partita").click()
        expect(device.locator("#status")).to_contain_text("Azioni")
        action_it(device, "Costruisci").click()
        expect(choices_it(device).first).to_be_visible()
        name = f"i18n-it-game-{viewport['width']}x{viewport['height']}.png"
        device.screenshot(path=str(screens / name), full_page=True)
        assert device.evaluate(OVERFLOW, viewport["width"]) == []
        assert device.evaluate(SMALL_TARGETS) == []
        assert device.js_errors == []  # type: ignore[attr-defined]
