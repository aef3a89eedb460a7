"""What a person does at the table, as Playwright steps (role-based selectors, web-first waits).

Moves are chosen only from what the page offers (the engine's legal options rendered as
buttons), never by building command payloads in the test.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

COMPANY_NAMES = {"usa": "USA", "germany": "Germany", "italy": "Italy", "france": "France"}


def create_game(
    page: Page, *, players: int = 4, seed: int | None = 11, automa_seats: tuple[int, ...] = ()
) -> tuple[str, str]:
    """Run the setup wizard for an introductory game; return (game_id, join code).

    `automa_seats` are 1-based seat numbers played by the Automa (level 2).
    """
    page.goto("/")
    page.get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="Which game?")).to_be_visible()
    page.get_by_label("Introductory game").check()
    page.get_by_label(f"{players} players").check()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Who plays which company?")).to_be_visible()
    for i in range(players):
        page.get_by_label(f"Seat {i + 1} name").fill(f"Player {i + 1}")
    for seat in automa_seats:
        page.get_by_label(f"Seat {seat} played by").select_option("automa")
        page.get_by_label(f"Seat {seat} Automa level").select_option("2")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The app draws (seeded)").check()
    if seed is not None:
        page.get_by_label(re.compile("Seed")).fill(str(seed))
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    code = page.locator("#created-code").inner_text().strip()
    start = page.get_by_role("link", name="Start playing")
    href = start.get_attribute("href") or ""
    game_id = href.rstrip("/").split("/")[-1]
    return game_id, code


def open_game(page: Page) -> None:
    """Tap "Start playing" at the end of the wizard and wait for the game view."""
    page.get_by_role("link", name="Start playing").click()
    expect(page.locator("#status")).to_contain_text("Round")


def join(phone: Page, code: str, company: str | None = None) -> None:
    """A phone joins with the code shown on the tablet, then says which company it plays
    (`company` as its name on the button, "Italy"; None: it only follows the game)."""
    phone.goto("/join")
    phone.get_by_label("Join code").fill(code)
    phone.get_by_role("button", name="Join").click()
    choose_seat(phone, company)


def choose_seat(phone: Page, company: str | None = None) -> None:
    """After a join: the company this device plays, or none; then the game opens."""
    seats = phone.get_by_role("group", name="This device plays")
    if company is None:
        seats.get_by_role("button", name="None: just follow the game").click()
    else:
        seats.get_by_role("button", name=re.compile(rf"^{re.escape(company)}\b")).click()
    expect(phone.locator("#status")).to_contain_text("Round")


def game(page: Page, game_id: str) -> dict[str, Any]:
    """The server's view of the game (state, options, version) through the page's session."""
    response = page.request.get(f"/api/games/{game_id}")
    assert response.ok, response.text()
    return response.json()


def shown(page: Page) -> dict[str, Any]:
    """What the page itself shows now (its store: state, legal options, version)."""
    return page.evaluate(
        "() => ({state: window.__barrage.state, options: window.__barrage.options,"
        " version: window.__barrage.version})"
    )


def close_instructions(page: Page) -> None:
    """Close an open sheet with Escape (the table instructions are a strip under the actions
    that needs no tap; Escape closes every panel). Kept a no-op when nothing is open."""
    sheet = page.locator("#sheet")
    if sheet.count() and sheet.is_visible():
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()


def action_button(page: Page, name: str) -> Any:
    return page.get_by_role("toolbar", name="Actions").get_by_role("button", name=name, exact=True)


def choices(page: Page) -> Any:
    return page.get_by_role("group", name="Legal choices").get_by_role("button")


def confirm(page: Page, version_before: int, game_id: str) -> None:
    """Tap Confirm and wait until the page shows a newer version of the game."""
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("button", name="Confirm")).to_be_hidden()
    wait_version(page, game_id, version_before + 1)


def wait_version(page: Page, game_id: str, version: int) -> None:
    wait_until(page, "v => window.__barrage && window.__barrage.version >= v", version)


def wait_until(page: Page, function: str, arg: Any = None, timeout_ms: int = 10_000) -> None:
    """Poll a JS function in the page until it returns something truthy.

    Not `page.wait_for_function`: its polling compiles the predicate with `eval`, which the
    app's Content-Security-Policy (rightly) forbids; `page.evaluate` is not subject to it.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(function, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_ms} ms: {function}")
        page.wait_for_timeout(50)


def answer_pending(page: Page, game_id: str) -> bool:
    """If a decision is open, pick its first answer and confirm. True when one was answered."""
    view = shown(page)
    if not view["options"].get("pending"):
        return False
    first = choices(page).first
    expect(first).to_be_visible()
    first.click()
    confirm(page, view["version"], game_id)
    close_instructions(page)
    return True


def automa_turn(page: Page, game_id: str) -> None:
    """The Automa's panel shows its tile and trace: tap Apply."""
    version = shown(page)["version"]
    panel = page.get_by_role("region", name="Automa turn")
    expect(panel).to_be_visible()
    panel.get_by_role("button", name="Apply").click()
    wait_version(page, game_id, version + 1)
    close_instructions(page)


def build_on_map(page: Page, game_id: str) -> str | None:
    """Tap Build, then the first highlighted space on the map, then Confirm. Returns the space."""
    view = shown(page)
    build = next(a for a in view["options"]["actions"] if a["type"] == "build")
    if not build["enabled"]:
        return None
    action_button(page, "Build").click()
    space = page.locator("svg.map .space.legal").first
    expect(space).to_be_visible()
    space_id = space.get_attribute("data-space")
    space.click()
    options = choices(page)
    if page.get_by_role("button", name="Confirm").count() == 0:
        options.filter(has_not_text="All choices").first.click()
    confirm(page, view["version"], game_id)
    close_instructions(page)
    return space_id


def bank_all(page: Page, game_id: str) -> bool:
    """Tap Bank and the largest number of Engineers, then Confirm."""
    view = shown(page)
    bank = next(a for a in view["options"]["actions"] if a["type"] == "bank")
    if not bank["enabled"]:
        return False
    action_button(page, "Bank").click()
    choices(page).last.click()
    confirm(page, view["version"], game_id)
    close_instructions(page)
    return True


def first_choice(page: Page, action: str, game_id: str) -> None:
    """Tap an action, then the first choice offered (opening its group if grouped), Confirm."""
    version = shown(page)["version"]
    action_button(page, action).click()
    confirm_button = page.get_by_role("button", name="Confirm")
    for _ in range(3):
        if confirm_button.count():
            break
        choices(page).filter(has_not_text="All choices").first.click()
    confirm(page, version, game_id)
    close_instructions(page)


def pass_turn(page: Page, game_id: str) -> None:
    view = shown(page)
    action_button(page, "Pass").click()
    confirm(page, view["version"], game_id)
    close_instructions(page)


def play_turn(page: Page, game_id: str, *, build: bool = True, produce: bool = False) -> None:
    """One move of the active player by taps: answer a decision, else build, produce, bank or
    pass (whatever the page offers first in that order)."""
    close_instructions(page)
    view = shown(page)
    actions = {a["type"]: a for a in view["options"]["actions"]}
    if "automa_turn" in actions:
        automa_turn(page, game_id)
        return
    if answer_pending(page, game_id):
        return
    view = shown(page)
    actions = {a["type"]: a for a in view["options"]["actions"]}
    if build and actions["build"]["enabled"]:
        build_on_map(page, game_id)
    elif produce and actions["produce"]["enabled"]:
        first_choice(page, "Produce", game_id)
    elif actions["bank"]["enabled"]:
        bank_all(page, game_id)
    else:
        pass_turn(page, game_id)
