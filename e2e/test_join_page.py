"""Issue 18, "Joining is a decision of the device's owner": the QR code's page `/join/<code>`
shows the game (title, companies, round) and a Join button, and never joins on a GET. A page
elsewhere that sends a browser there adds nothing to the device; the phone's own flow stays
two taps after the scan: Join, then the company it plays. At 390×844, in a real Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows
from e2e.test_screens import OVERFLOW, SMALL_TARGETS


def joined_games(device: Page) -> list[dict[str, Any]]:
    response = device.request.get("/api/games")
    assert response.ok
    return list(response.json()["games"])


def test_the_qr_code_shows_the_game_then_join_then_the_company(
    page: Page, phone: Page, screens: Path
) -> None:
    game_id, code = flows.create_game(page, players=3, seed=2)
    # the scan opens the page: the game to recognise, nothing joined yet
    phone.goto(f"/join/{code}")
    expect(phone.get_by_role("heading", name="Join this game?")).to_be_visible()
    companies = phone.get_by_role("list", name="Companies in this game")
    expect(companies.get_by_role("listitem")).to_have_count(3)
    expect(companies).to_contain_text("(Player 1)")
    expect(phone.locator("#join-ask")).to_contain_text("round 1")
    join = phone.get_by_role("button", name="Join", exact=True)
    expect(join).to_be_enabled()
    phone.screenshot(path=str(screens / "phone-join-from-qr.png"), animations="disabled")
    assert phone.evaluate(OVERFLOW, 390) == []
    assert phone.evaluate(SMALL_TARGETS) == []
    assert joined_games(phone) == []
    # tap 1: Join (a POST from this page); tap 2: the company this phone plays
    join.click()
    seats = phone.get_by_role("group", name="This device plays")
    expect(seats.get_by_role("button")).to_have_count(4)  # 3 companies and "just follow"
    question = phone.get_by_role("heading", name="Which company does this device play?")
    expect(question).to_be_focused()
    phone.screenshot(path=str(screens / "phone-join-choose-company.png"), animations="disabled")
    assert phone.evaluate(OVERFLOW, 390) == []
    assert phone.evaluate(SMALL_TARGETS) == []
    company = flows.game(page, game_id)["game"]["players"][1]["company"]
    name = flows.COMPANY_NAMES[company]
    flows.choose_seat(phone, name)
    expect(phone.get_by_role("region", name=f"My company: {name}")).to_be_visible()
    assert flows.game(phone, game_id)["seat"] == company
    assert [g["id"] for g in joined_games(phone)] == [game_id]
    phone.screenshot(path=str(screens / "phone-joined-from-qr.png"), animations="disabled")
    assert phone.js_errors == []  # type: ignore[attr-defined]


def test_a_link_from_another_page_does_not_join(page: Page, phone: Page) -> None:
    """A stranger's page sends the phone to the stranger's game (login CSRF): the phone sees
    the game and a Join button, and its list of games stays as it was."""
    game_id, code = flows.create_game(page, players=2, seed=3)
    phone.goto(f"/join/{code}", referer="http://stranger.example/")
    expect(phone.get_by_role("button", name="Join", exact=True)).to_be_visible()
    assert joined_games(phone) == []
    phone.goto(f"/games/{game_id}")
    expect(phone.get_by_role("alert")).to_contain_text("Enter the join code")
    assert joined_games(phone) == []
