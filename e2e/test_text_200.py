"""Issue 13: text at 200 % without loss (WCAG 1.4.4).

The reader's text size is doubled the way a browser's font setting does it (the root font
size at 200 %): on the game screen at 1280×800 and on a phone at 390×844, no text spills out
of its box or is cut off, no control is out of reach, and the page does not scroll sideways.
The screenshots artifacts/screens/text-200-game-<W>x<H>.png are for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.test_every_size import LAYOUT

SIZES = [(1280, 800), (390, 844)]
SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 11,
    "seats": [
        {"kind": "human", "name": "Annabella"},
        {"kind": "human", "name": "Bartholomew"},
        {"kind": "human", "name": "Costanza"},
    ],
}

# text that does not fit its box: a box with its own words whose content is wider or taller
# than the box (overflow hidden cuts it, visible lets it run over its neighbours); boxes that
# scroll are reachable and so are left out
SPILLS = """() => {
  const out = [];
  const ownText = (n) => [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
  for (const n of document.querySelectorAll('body *')) {
    if (n.closest('svg, .visually-hidden, [hidden], script, style, option')) continue;
    if (!ownText(n)) continue;
    const style = getComputedStyle(n);
    const scrolls = (v) => ['auto', 'scroll'].includes(v);
    if (scrolls(style.overflowX) || scrolls(style.overflowY)) continue;
    if (style.display === 'inline') continue; // inline text flows into its block: checked there
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (n.scrollWidth > n.clientWidth + 2 || n.scrollHeight > n.clientHeight + 2) {
      out.push(`${n.tagName.toLowerCase()}.${n.className} "${n.textContent.trim().slice(0, 40)}"`
        + ` ${n.scrollWidth}×${n.scrollHeight} in ${n.clientWidth}×${n.clientHeight}`);
    }
  }
  // a column that scrolls sideways hides its right edge: only the map and wide tables may
  for (const n of document.querySelectorAll('body *')) {
    if (n.closest('#map-scroll, .table-scroll, [hidden]')) continue;
    const style = getComputedStyle(n);
    if (['auto', 'scroll'].includes(style.overflowX) && n.scrollWidth > n.clientWidth + 1) {
      out.push(`${n.tagName.toLowerCase()}#${n.id}.${n.className} scrolls sideways:`
        + ` ${n.scrollWidth} in ${n.clientWidth}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_game_screen_at_200_percent_text(
    browser: Any, base_url: str, screens: Path, size: tuple[int, int]
) -> None:
    w, h = size
    phone = w < 600
    context = browser.new_context(
        viewport={"width": w, "height": h},
        base_url=base_url,
        reduced_motion="reduce",
        is_mobile=phone,
        has_touch=phone,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    response = page.request.post("/api/games", data={"setup": SETUP, "title": "text 200"})
    assert response.ok, response.text()
    game_id = response.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    body_px = "() => parseFloat(getComputedStyle(document.body).fontSize)"
    normal = page.evaluate(body_px)
    # the reader's text size, as a browser setting sets it: through the CSSOM, which the page's
    # Content-Security-Policy (no inline <style>) leaves to the reader
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    assert page.evaluate(body_px) == 2 * normal  # the text follows the reader's size
    # the action bar with the Build choices open: the busiest part of the screen
    page.get_by_role("toolbar", name="Actions").get_by_role("button", name="Build").click()
    choices = page.get_by_role("group", name="Legal choices").get_by_role("button")
    expect(choices.first).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(screens / f"text-200-game-{w}x{h}.png"), animations="disabled")
    problems = page.evaluate(LAYOUT, w) + page.evaluate(SPILLS)
    # a sheet too: the company board, opened from its card
    page.locator("[data-open-board]").first.click()
    expect(page.locator("#sheet")).to_be_visible()
    page.screenshot(path=str(screens / f"text-200-board-{w}x{h}.png"), animations="disabled")
    problems += [f"board sheet: {p}" for p in page.evaluate(LAYOUT, w) + page.evaluate(SPILLS)]
    # and the correction sheet: a form with labels, selects and number fields
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Correct a value").click()
    expect(page.locator("#correction-form")).to_be_visible()
    page.screenshot(path=str(screens / f"text-200-correct-{w}x{h}.png"), animations="disabled")
    problems += [f"correction: {p}" for p in page.evaluate(LAYOUT, w) + page.evaluate(SPILLS)]
    context.close()
    assert not problems, "\n".join(problems)
