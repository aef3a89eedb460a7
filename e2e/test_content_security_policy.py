"""Issue 12, "Closed to strangers": the app's own pages work under its Content-Security-Policy
(scripts, styles, images, fetch and the Socket.IO WebSocket from this server only; no inline
script or style). Every screen is opened and used; Chromium reports nothing blocked.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e import flows


def assert_nothing_blocked(page: Page) -> None:
    assert page.csp_violations == []  # type: ignore[attr-defined]
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_the_game_screens_run_under_the_policy(page: Page, phone: Page) -> None:
    response = page.goto("/")
    assert (
        response is not None
        and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    )
    game_id, code = flows.create_game(page, players=2, seed=4)
    flows.open_game(page)
    flows.close_instructions(page)
    flows.join(phone, code)  # the join page, its script and the phone's game view
    flows.close_instructions(phone)
    version = flows.shown(page)["version"]
    flows.bank_all(phone, game_id)
    # the tablet hears of the phone's move over the Socket.IO connection (connect-src 'self')
    flows.wait_version(page, game_id, version + 1)
    expect(page.locator("#map")).to_be_visible()
    assert_nothing_blocked(page)
    assert_nothing_blocked(phone)


def test_the_other_screens_run_under_the_policy(page: Page) -> None:
    game_id, _ = flows.create_game(page, players=2, seed=4)
    for path in ("/", "/setup", "/join", "/glossary", "/audit", f"/audit/games/{game_id}",
                 f"/audit/games/{game_id}/print", f"/games/{game_id}?view=phone"):  # fmt: skip
        page.goto(path)
        page.wait_for_load_state("networkidle")
        expect(page.locator("main").first).to_be_visible()
        if path.endswith("/print"):  # its button is wired by a module script, not onclick=
            expect(page.get_by_role("button", name="Print / save as PDF")).to_be_enabled()
    assert_nothing_blocked(page)
