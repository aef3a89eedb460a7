"""Issue 13, "accessible beyond the automated check": the game is played with the keyboard
alone, and the focus is always visible.

No mouse here: no click(), no tap, only `keyboard.press`. The game is set up through the JSON
API (the wizard has its own tests); everything on the game screen is reached with Tab.
"""

from __future__ import annotations

from pathlib import Path
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


def test_one_construction_with_the_keyboard_only(page: Page, screens: Path) -> None:
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
    page.screenshot(path=str(screens / "keyboard-focus-space-1280x800.png"), animations="disabled")
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
    # the preview has loaded: its reverse steps, each with "the rule behind" it, then Undo
    expect(page.locator('#sheet [data-open="undo-confirm"]')).to_be_visible()
    _press_until(page, "Tab", lambda f: f.get("open") == "undo-confirm", limit=40)
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


# the focus ring of the focused element and the colour behind it (the nearest opaque
# background of its parent chain: the ring is drawn outside the control), with their contrast
RING = """() => {
  const n = document.activeElement;
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const space = n.closest('svg') && n.querySelector('.hit');
  const style = getComputedStyle(space || n);
  const colour = space ? style.stroke : style.outlineColor;
  const width = parseFloat(space ? style.strokeWidth : style.outlineWidth) || 0;
  const visible = space ? style.stroke !== 'none' : style.outlineStyle !== 'none';
  let back = 'rgb(255, 255, 255)';
  for (let a = space ? n.closest('svg').parentElement : n.parentElement; a; a = a.parentElement) {
    const bg = getComputedStyle(a).backgroundColor;
    const parts = rgb(bg);
    if (parts.length === 3 || (parts.length === 4 && parts[3] > 0.9)) { back = bg; break; }
  }
  const [l1, l2] = [lum(rgb(colour)), lum(rgb(back))].sort((x, y) => y - x);
  return {
    name: (n.getAttribute('aria-label') || n.textContent || n.tagName).trim().slice(0, 40),
    visible, width, colour, back, contrast: (l1 + 0.05) / (l2 + 0.05),
  };
}"""


def test_the_focus_ring_is_visible_in_light_and_dark(page: Page, screens: Path) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        _fresh_game(page)
        # Build, so legal map spaces and choices are in the Tab order too
        _press_until(page, "Tab", lambda f: f.get("action") == "build")
        page.keyboard.press("Enter")
        rings = []
        # from Build back through the tools and the map's spaces, then on through the choices
        for key in ["Shift+Tab"] * 45 + ["Tab"] * 90:
            page.keyboard.press(key)
            if page.evaluate("() => document.activeElement !== document.body"):
                rings.append(page.evaluate(RING))
            if len(rings) == 60:  # a choice of the Build action, for a person to look at
                shot = screens / f"keyboard-focus-{scheme}-1280x800.png"
                page.screenshot(path=str(shot), animations="disabled")
        faint = [r for r in rings if not r["visible"] or r["width"] < 2 or r["contrast"] < 3]
        assert len(rings) >= 100
        assert not faint, f"{scheme}: focus rings too faint: {faint[:5]}"


def test_the_first_tab_stop_skips_the_map(page: Page) -> None:
    _fresh_game(page)
    page.keyboard.press("Tab")
    link = page.get_by_role("link", name="Skip the map: to the turn and the actions")
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => Boolean(document.activeElement.closest('#side'))")
