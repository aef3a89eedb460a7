"""The rule behind each number (issue 13): on the tablet, in English and in Italian, a person
taps the Automa's decision, the cost chip of a space on the map, the energy track and a drop's
flow, and reads the rule in a sentence with where it comes from: the page of the rulebook (001
in English, 003 in Italian; companion/rule_refs.json, checked against the books by
tests/web/test_rule_refs.py) or the section of the Automa reference. The sheets are
photographed at 1280×800, 800×1280 and 390×844 (artifacts/screens/rule-behind-*.png).

The game: two seats, the Automa (level 2) first, seed 31: its tile builds a Powerhouse
(e2e/test_automa_override.py reads the same decision).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e import flows

SIZES = {"tablet": (1280, 800), "portrait": (800, 1280), "phone": (390, 844)}

# What each language reads: the sheet's title, the citation, and the rules (term, a piece of
# the sentence, the citation) as rule_refs.json words them.
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "The rule behind it",
        "automa": (
            "Where the Automa builds",
            "completes a production system",
            "Automa reference §8.2",
        ),
        "energy": (
            "Energy marker",
            "as many spaces as the Energy Units produced",
            "Rulebook p. 16",
        ),
        "energy_scoring": ("Energy Track scoring", "scores 6 Victory Points", "Rulebook p. 20"),
        "dam": ("Base", "3, 4 or 5 Excavators", "Rulebook p. 14"),
        "conduit": ("Conduit", "2 Excavators times its production value", "Rulebook p. 14"),
        "powerhouse": ("Powerhouse", "2 Concrete Mixers plus 1", "Rulebook p. 14"),
        "held": ("A Dam holds the drop", "a full Dam lets it pass", "Rulebook p. 6"),
        "left_map": ("Leaving the Map", "is removed from the game", "Rulebook p. 5"),
    },
    "it": {
        "title": "La regola",
        "automa": (
            "Dove costruisce l'Automa",
            "completa un sistema di produzione",
            "Riferimento Automa §8.2",
        ),
        "energy": (
            "Indicatore Energia",
            "tanti spazi quante le Unità Energia",
            "Regolamento p. 16",
        ),
        "energy_scoring": ("Punteggio del Tracciato Energia", "guadagna 6 PV", "Regolamento p. 20"),
        "dam": ("Base", "3, 4 o 5 Escavatori", "Regolamento p. 14"),
        "conduit": ("Condotta", "2 Escavatori moltiplicati per il suo valore", "Regolamento p. 14"),
        "powerhouse": ("Centrale", "2 Betoniere più 1", "Regolamento p. 14"),
        "held": (
            "La Diga trattiene la Goccia",
            "una Diga piena la lascia passare",
            "Regolamento p. 6",
        ),
        "left_map": ("Uscita dalla Mappa", "viene rimossa dal gioco", "Regolamento p. 5"),
    },
}


def _sheet(page: Page) -> Any:
    return page.locator("#sheet")


def _read_rule(page: Page, language: str, which: str) -> None:
    """The sheet is open and says the rule `which` with its page (or section)."""
    term, sentence, cited = WORDS[language][which]
    sheet = _sheet(page)
    expect(sheet).to_be_visible()
    expect(sheet.locator("#sheet-title")).to_have_text(WORDS[language]["title"])
    rule = sheet.locator(".rule").filter(has_text=term).first
    expect(rule).to_contain_text(sentence)
    expect(rule.locator(".page-ref")).to_have_text(cited)


def _close(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(_sheet(page)).to_be_hidden()


def _at_least_a_fingertip(target: Any) -> None:
    box = target.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box


def _shoot(page: Page, screens: Path, name: str, language: str, tap: Callable[[], None]) -> None:
    """At each of the three sizes: tap the figure, read its rule, photograph the sheet."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        tap()
        page.screenshot(path=str(screens / f"rule-behind-{name}-{language}-{size}.png"))
        _close(page)
    page.set_viewport_size({"width": 1280, "height": 800})


def _open_in(page: Page, language: str, game_id: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": language, "url": page.url}])
    page.goto(f"/games/{game_id}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#status")).to_be_visible()
    flows.close_instructions(page)


def _automa_decision(page: Page, language: str, screens: Path) -> None:
    panel = page.locator("#automa")
    expect(panel).to_be_visible()
    # the plain line of its construction: "?" says where the Automa builds and why (§8.2)
    build = panel.locator(".automa-plain li").last
    why = build.locator(".why-button")

    def tap() -> None:
        _at_least_a_fingertip(why)
        why.click()
        _read_rule(page, language, "automa")

    _shoot(page, screens, "automa", language, tap)
    # the same decision on the map: the Automa's chip on its space
    chip = page.locator("svg.map .why-chip")
    expect(chip).to_have_count(1)
    _at_least_a_fingertip(chip.locator(".chip-hit"))
    chip.click()
    _read_rule(page, language, "automa")
    _close(page)


def _energy_figure(page: Page, language: str, screens: Path) -> None:
    track = page.locator("#track .why-figure")

    def tap() -> None:
        _at_least_a_fingertip(track)
        track.click()
        _read_rule(page, language, "energy")
        _read_rule(page, language, "energy_scoring")

    _shoot(page, screens, "energy", language, tap)


def _map_cost(page: Page, language: str, screens: Path) -> None:
    page.locator('[data-action="build"]').click()
    space = page.locator("svg.map .space.legal").first
    expect(space).to_be_visible()
    kind = next(
        k for k in ("dam", "conduit", "powerhouse") if k in (space.get_attribute("class") or "")
    )
    space.click()
    if page.locator("[data-confirm]").count() == 0:  # several ways on that space: the first
        page.locator("[data-choice]").first.click()
    chip = page.locator("svg.map .why-chip")
    expect(chip).to_have_count(1)
    hit = chip.locator(".chip-hit")
    _at_least_a_fingertip(hit)
    # by keyboard: the chip is a button in the tab order; Enter opens its rules
    chip.focus()
    page.keyboard.press("Enter")
    _read_rule(page, language, kind)
    # the chosen space's cost is said above its rules, in the chip's own words
    expect(_sheet(page).locator(".rule-facts")).not_to_be_empty()
    _close(page)

    def tap() -> None:
        # at every size the chip's target is still a fingertip
        _at_least_a_fingertip(hit)
        hit.click()
        _read_rule(page, language, kind)

    _shoot(page, screens, "map-cost", language, tap)
    # the same cost in the action choices: the chosen move's "?" in the confirm bar
    facts = page.locator("svg.map .why-chip").get_attribute("data-why-facts")
    why = page.locator("#confirm .why-button")
    _at_least_a_fingertip(why)
    why.click()
    _read_rule(page, language, kind)
    expect(_sheet(page).locator(".rule-facts")).to_have_text(facts or "")
    _close(page)
    page.locator("[data-cancel]").click()


def _flowing_water_choice(page: Page) -> tuple[str, int]:
    """The first Water choice whose drop flows at once: its space and index among its space's."""
    options = flows.shown(page)["options"]
    water = next(a for a in options["actions"] if a["type"] == "water")
    flowing = [c for c in water["choices"] if c["preview"].get("stops_at")]
    assert flowing, "no Water Management space with a drop that flows at once"
    space = flowing[0]["space"]
    same_space = [c for c in water["choices"] if c["space"] == space]
    return space, same_space.index(flowing[0])


def _flow(page: Page, language: str, game_id: str, screens: Path) -> None:
    version = flows.shown(page)["version"]
    page.locator('[data-action="water"]').click()
    space, index = _flowing_water_choice(page)
    group = page.locator(f'[data-group-space="{space}"]')
    if group.count():
        group.click()
    page.locator(f'[data-choice="{index}"]').click()
    page.locator("[data-confirm]").click()
    flows.wait_version(page, game_id, version + 1)
    # where the drop ended, by the engine's own event of the move (the game's export)
    records = page.request.get(f"/api/games/{game_id}/export.json").json()["records"]
    drop = next(e for e in records[-1]["events"] if e["type"] == "drop_flowed")
    which = "left_map" if drop["left_map"] else "held"
    why = page.locator("#strip-list li.drop_flowed .why-button").first
    expect(why).to_be_visible()

    def tap() -> None:
        _at_least_a_fingertip(why)
        why.click()
        _read_rule(page, language, which)

    _shoot(page, screens, f"flow-{which}", language, tap)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rule_behind_costs_energy_flows_and_the_automa(
    page: Page, language: str, screens: Path
) -> None:
    game_id, _ = flows.create_game(page, players=2, seed=31, automa_seats=(1,))
    flows.open_game(page)
    _open_in(page, language, game_id)
    _automa_decision(page, language, screens)
    _energy_figure(page, language, screens)
    version = flows.shown(page)["version"]
    page.locator("[data-automa-apply]").click()
    flows.wait_version(page, game_id, version + 1)
    flows.close_instructions(page)
    _map_cost(page, language, screens)
    _flow(page, language, game_id, screens)
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
