"""Issue 13, "accessible beyond the automated check": the game is played with the keyboard
alone, and the focus is always visible.

No mouse here: no click(), no tap, only `keyboard.press`. The game is set up through the JSON
API (the wizard has its own tests); everything on the game screen is reached with Tab.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows

FRESH = {
    "mode": "introductory",
    "deals": "app",
    "seed": 11,
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}],
}

# what has the focus now, in words a failing assertion can show
FOCUSED = """() => {
  const n = document.activeElement;
  if (!n || n === document.body) return {tag: 'body'};
  return {
    tag: n.tagName.toLowerCase(),
    action: n.dataset.action ?? null,
    space: n.closest('svg.map') ? n.dataset.space ?? null : null,
    confirm: n.hasAttribute('data-confirm'),
    choice: n.dataset.choice ?? n.dataset.groupSpace ?? null,
    inSheet: Boolean(n.closest('#sheet')),
    open: n.dataset.open ?? null,
    name: (n.getAttribute('aria-label') || n.textContent || '').trim().slice(0, 60),
  };
}"""


def _fresh_game(page: Page) -> str:
    response = page.request.post("/api/games", data={"setup": FRESH, "title": "keyboard"})
    assert response.ok, response.text()
    game_id = response.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    return game_id


def _press_until(page: Page, key: str, wanted: Any, limit: int = 160) -> dict[str, Any]:
    """Press `key` until the focused element satisfies `wanted`; fail after `limit` presses."""
    seen = []
    for _ in range(limit):
        page.keyboard.press(key)
        focused = page.evaluate(FOCUSED)
        if wanted(focused):
            return focused
        seen.append(focused.get("name") or focused["tag"])
    raise AssertionError(f"{key} never reached it; focus went through {seen[:40]}")


def test_one_construction_with_the_keyboard_only(page: Page) -> None:
    game_id = _fresh_game(page)
    before = flows.shown(page)["version"]
    built_before = page.locator("svg#map .space.built").count()

    # Tab from the top of the page to the Build action; Enter selects it
    _press_until(page, "Tab", lambda f: f.get("action") == "build")
    page.keyboard.press("Enter")
    expect(flows.action_button(page, "Build")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("svg#map .space.legal").first).to_be_attached()
    # the focus stays on Build although the action bar was drawn again
    assert page.evaluate(FOCUSED)["action"] == "build"

    # the map's legal spaces are in the Tab order (they come before the side column)
    focused = _press_until(page, "Shift+Tab", lambda f: f.get("space") is not None)
    space = focused["space"]
    ring = page.evaluate(
        "() => getComputedStyle(document.activeElement.querySelector('.hit')).strokeWidth"
    )
    assert ring not in ("", "0", "0px"), "the focused space shows no focus frame"
    page.keyboard.press("Enter")
    if page.locator("#confirm").is_hidden():
        # several ways to build there: the space's choices are listed; Space picks the first
        _press_until(page, "Tab", lambda f: f.get("choice") is not None)
        page.keyboard.press(" ")
    expect(page.locator("#confirm")).to_be_visible()
    _press_until(page, "Tab", lambda f: f.get("confirm"))
    page.keyboard.press("Enter")

    flows.wait_version(page, game_id, before + 1)
    assert flows.shown(page)["version"] > before
    assert flows.game(page, game_id)["version"] > before
    # the structure is on the map, on the space picked with the keyboard
    expect(page.locator(f'svg#map .space.built[data-space="{space}"]')).to_be_attached()
    assert page.locator("svg#map .space.built").count() == built_before + 1
    # after Confirm the keyboard user is still in the action bar, not thrown to the page top
    assert page.evaluate("() => Boolean(document.activeElement.closest('#action-bar'))")

    # and Undo, from the keyboard: the tool opens its sheet, Tab reaches "Undo" in it
    _press_until(page, "Shift+Tab", lambda f: f.get("open") == "undo")
    page.keyboard.press("Enter")
    _press_until(page, "Tab", lambda f: f.get("open") == "undo-confirm", limit=20)
    page.keyboard.press("Enter")
    flows.wait_version(page, game_id, before + 2)
    expect(page.locator(f'svg#map .space.built[data-space="{space}"]')).to_have_count(0)
    assert not page.js_errors  # type: ignore[attr-defined]


def test_a_sheet_takes_the_focus_traps_it_and_gives_it_back(page: Page) -> None:
    _fresh_game(page)
    for tool in ("log", "correct", "menu"):
        opener = _press_until(page, "Tab", lambda f, t=tool: f.get("open") == t)
        page.keyboard.press("Enter")
        sheet = page.locator("#sheet")
        expect(sheet).to_be_visible()
        expect(page.locator("#sheet :focus")).to_have_count(1)  # focus moved into the sheet
        # Tab cycles inside the sheet, both ways
        for key in ["Tab"] * 25 + ["Shift+Tab"] * 25:
            page.keyboard.press(key)
            assert page.evaluate(FOCUSED)["inSheet"], f"{key} left the open {tool} sheet"
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        back = page.evaluate(FOCUSED)
        assert back.get("open") == opener["open"], f"focus went to {back} after {tool}"


def test_the_instructions_strip_closes_from_the_keyboard(page: Page) -> None:
    _fresh_game(page)
    # a fresh game opens with its setup instructions in the strip; its close button is reachable
    expect(page.locator("#table-strip")).to_be_visible()
    _press_until(page, "Tab", lambda f: f["name"] == "Hide the table instructions")
    page.keyboard.press("Enter")
    expect(page.locator("#table-strip")).to_be_hidden()
