"""The glossary (issue 13): searchable as you type in English or Italian, usable with the
keyboard alone, readable on a phone and a tablet; screenshots in artifacts/screens."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect


def _shown_terms(page: Page) -> list[str]:
    return page.locator("#glossary-list > li:visible").evaluate_all(
        "items => items.map(item => item.id)"
    )


def test_typing_condotta_or_conduit_finds_the_conduit(page: Page, screens: Path) -> None:
    page.goto("/glossary")
    search = page.get_by_label("Search a term")
    all_terms = len(_shown_terms(page))
    assert all_terms > 30

    search.fill("Condotta")
    expect(page.locator("#glossary-count")).to_contain_text(f"1 / {all_terms}")
    assert _shown_terms(page) == ["conduit"]
    conduit = page.locator("#conduit")
    expect(conduit).to_contain_text("Conduit")
    expect(conduit).to_contain_text("Rulebook p. 14")
    expect(conduit).to_contain_text("Regolamento p. 14")
    page.screenshot(path=str(screens / "glossary-tablet-search.png"))

    search.fill("conduit")
    assert _shown_terms(page) == ["conduit"]
    search.fill("GOCCIA")  # any case, and the Italian name
    assert _shown_terms(page) == ["water-drop"]
    search.fill("zzz")
    expect(page.get_by_text("No term matches.")).to_be_visible()
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_the_glossary_works_with_the_keyboard_alone(page: Page) -> None:
    page.goto("/glossary")
    expect(page.locator("html")).to_have_attribute("data-script-ready", "yes")
    page.keyboard.press("/")
    search = page.get_by_label("Search a term")
    expect(search).to_be_focused()
    page.keyboard.type("ruota")
    assert _shown_terms(page) == ["construction-wheel"]
    page.keyboard.press("Enter")  # to the first term found
    expect(page.locator("#construction-wheel h2 a")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(search).to_be_focused()
    page.keyboard.press("Escape")
    expect(search).to_have_value("")
    assert len(_shown_terms(page)) > 30


def test_the_glossary_is_linked_from_home_and_fits_a_phone(phone: Page, screens: Path) -> None:
    phone.goto("/")
    phone.get_by_role("link", name="Glossary").click()
    phone.wait_for_url("**/glossary")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Glossary")
    width = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways on a phone"
    for target in (phone.get_by_label("Search a term"), phone.locator("#dam h2 a")):
        box = target.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    phone.screenshot(path=str(screens / "glossary-phone.png"))
    phone.get_by_label("Search a term").fill("diga")
    phone.screenshot(path=str(screens / "glossary-phone-search.png"))
    assert "dam" in _shown_terms(phone)


def test_the_glossary_on_a_tablet(page: Page, screens: Path) -> None:
    page.goto("/glossary#conduit")
    expect(page.locator("#conduit")).to_be_in_viewport()
    page.screenshot(path=str(screens / "glossary-tablet.png"))
