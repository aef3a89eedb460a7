"""Every screen at every size the table uses (issue 9): landscape tablets 1280×800 and
1024×768, portrait tablets 800×1280 and 768×1024, phones 390×844 and 360×640.

At each size one test visits home, setup, the game (Automa turn, its override, actions, build,
instructions, undo with its reverse steps, correction, log, a company board, The Leeghwater
Project's Extra Management board and External Works, a decision), the
final scores, the score audit, the score pad and the glossary. Each screen gets
- a layout check: no sideways scrolling; every visible control inside the viewport's width and
  reachable by vertical scrolling; every tappable thing at least 44×44 CSS px;
- axe-core (npm, pinned in package.json, injected by Playwright): 0 serious or critical
  violations;
- a screenshot, artifacts/screens/size-<screen>-<W>x<H>.png, for a person to look at.
Games are set up through the JSON API once (shared fixtures); the screens are reached by taps.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e import flows
from e2e.conftest import ROOT

SIZES = [(1280, 800), (1024, 768), (800, 1280), (768, 1024), (390, 844), (360, 640)]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# what a finger cannot use: sideways overflow, controls out of reach, targets under 44 px
LAYOUT = """(width) => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > width + 1) out.push(`page is ${root.scrollWidth}px wide`);
  const tappable = 'button, a[href], select, input, summary, [role=button], '
    + 'label:has(> input[type=radio]), label:has(> input[type=checkbox])';
  const visible = (n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !n.closest('[hidden]')
      && getComputedStyle(n).visibility !== 'hidden';
  };
  const inlineLink = (n) => n.tagName === 'A' && !n.classList.contains('button')
    && getComputedStyle(n).display === 'inline';
  const name = (n) => (n.getAttribute('aria-label') || n.textContent || n.name || '')
    .trim().replace(/\\s+/g, ' ').slice(0, 40);
  for (const n of document.querySelectorAll(tappable)) {
    if (!visible(n) || inlineLink(n)) continue;
    if (n.matches('input[type=radio], input[type=checkbox]') && n.closest('label')) continue;
    const r = n.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
      out.push(`${n.tagName.toLowerCase()} "${name(n)}" ${size}`);
    }
    // reachable: inside the width, and not cut off by a box that does not scroll
    if (r.left < -1 || r.right > width + 1) {
      let scroller = n.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      if (!scroller) out.push(`${n.tagName.toLowerCase()} "${name(n)}" outside the screen`);
    }
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowY === 'hidden' || style.overflowY === 'clip') {
        const box = a.getBoundingClientRect();
        if (r.top >= box.bottom || r.bottom <= box.top) {
          out.push(`${n.tagName.toLowerCase()} "${name(n)}" clipped by ${a.className}`);
        }
        break;
      }
    }
  }
  return out;
}"""

AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× ${v.nodes[0].target.join(' ')}`
      + ` ${v.nodes[0].html.slice(0, 200)}`);
}"""

LANDMARKS = """() => [document.querySelectorAll('main, [role=main]').length,
  document.querySelectorAll('h1').length]"""

RESULTS: dict[str, dict[str, int]] = {}


class Checker:
    """Layout, axe and a screenshot for each screen at one size."""

    def __init__(self, page: Page, screens: Path, size: tuple[int, int]) -> None:
        self.page, self.screens, self.size = page, screens, size
        self.problems: list[str] = []
        self.count = {"screens": 0, "layout": 0, "axe": 0}

    def check(self, screen: str) -> None:
        page = self.page
        page.wait_for_load_state("networkidle")
        w, h = self.size
        shot = self.screens / f"size-{screen}-{w}x{h}.png"
        page.screenshot(path=str(shot), animations="disabled")
        layout = page.evaluate(LAYOUT, w)
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        axe = page.evaluate(AXE_RUN)
        main, h1 = page.evaluate(LANDMARKS)
        marks = [] if main >= 1 and h1 >= 1 else [f"main landmarks {main}, h1 {h1}"]
        self.count["screens"] += 1
        self.count["layout"] += len(layout) + len(marks)
        self.count["axe"] += len(axe)
        self.problems += [f"{screen} {w}x{h}: {p}" for p in layout + marks + axe]


def _create(page: Page, setup: dict[str, Any]) -> dict[str, Any]:
    response = page.request.post("/api/games", data={"setup": setup, "title": "sizes"})
    assert response.ok, response.text()
    return response.json()


def _post(page: Page, game_id: str, command: dict[str, Any], version: int) -> None:
    response = page.request.post(
        f"/api/games/{game_id}/commands", data={"command": command, "version": version}
    )
    assert response.ok, response.text()


INTRO_AUTOMA = {
    "mode": "introductory",
    "deals": "app",
    "seed": 23,
    "seats": [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Ben"},
        {"kind": "automa", "automa_level": 2, "name": "Bot"},
    ],
}
# The Leeghwater Project: two people, so the action bar (not the Automa's panel) is shown
EXPANSION = {
    "mode": "full",
    "deals": "app",
    "seed": 5,
    "expansion": True,
    "seats": [
        {"kind": "human", "name": "Ann", "company": "netherlands", "officer": "margot_fouche"},
        {"kind": "human", "name": "Ben", "company": "germany", "officer": "simone_luciani"},
    ],
}
FULL_DRAFT = {
    "mode": "full",
    "deals": "app",
    "seed": 9,
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}],
}


@pytest.fixture(scope="module")
def shared(browser: Any, base_url: str) -> Iterator[dict[str, Any]]:
    """A finished game and a full game in its draft (a decision), joined by code."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    finished = _create(page, {**INTRO_AUTOMA, "seed": 31})
    game_id = finished["game"]["id"]
    from e2e.test_screens import api_play

    api_play(page, game_id, until=lambda v: v["state"]["finished"], limit=2000)
    draft = _create(page, FULL_DRAFT)
    yield {
        "finished": (game_id, finished["game"]["join_code"]),
        "draft": (draft["game"]["id"], draft["game"]["join_code"]),
    }
    context.close()


def _join(page: Page, code: str) -> None:
    assert page.request.post("/api/join", data={"code": code}).ok


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_screen_at_this_size(
    browser: Any, base_url: str, screens: Path, shared: dict[str, Any], size: tuple[int, int]
) -> None:
    w, h = size
    phone = w < 600
    context = browser.new_context(
        viewport={"width": w, "height": h},
        base_url=base_url,
        reduced_motion="reduce",
        bypass_csp=True,  # axe-core is injected as a script
        is_mobile=phone,
        has_touch=phone,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    c = Checker(page, screens, size)

    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    c.check("home")
    page.goto("/setup")
    expect(page.get_by_role("heading", name="Which game?")).to_be_visible()
    c.check("setup")

    # the game: the Automa sits first (ruling A11), so it opens with its turn
    created = _create(page, INTRO_AUTOMA)
    game_id = created["game"]["id"]
    page.goto(f"/games/{game_id}")
    panel = page.get_by_role("region", name="Automa turn")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("list", name="What the Automa does")).not_to_be_empty()
    c.check("game-automa")
    panel.get_by_text("Why: the tile and its criteria").click()
    expect(panel.get_by_role("list", name="What the Automa does and why")).to_be_visible()
    panel.get_by_role("button", name="Choose another legal move").click()
    c.check("game-override")
    panel.get_by_role("button", name="Choose another legal move").click()
    flows.automa_turn(page, game_id)
    strip = page.get_by_role("region", name="Do this at the table")
    expect(strip).to_be_visible()
    # the instructions never cover the actions: the next tap moves on
    expect(flows.action_button(page, "Build")).to_be_visible()
    c.check("game-instructions")
    c.check("game-actions")

    flows.action_button(page, "Build").click()
    expect(page.locator("svg.map .space.legal").first).to_be_attached()
    c.check("game-build")
    version = flows.shown(page)["version"]
    flows.choices(page).first.click()
    options = flows.choices(page)
    if page.get_by_role("button", name="Confirm").count() == 0:
        options.filter(has_not_text="All choices").first.click()
    page.get_by_role("button", name="Confirm").click()
    flows.wait_version(page, game_id, version + 1)
    expect(strip).to_contain_text("Place a Base on the")

    page.get_by_role("button", name="Undo the last action").click()
    undo = page.get_by_role("dialog", name="Undo the last action?")
    back = undo.get_by_role("list", name="To put the board back")
    expect(back).to_contain_text("Take the Base off the")
    c.check("game-undo")
    undo.get_by_role("button", name="Undo", exact=True).click()
    flows.wait_version(page, game_id, version + 2)
    undone = page.get_by_role("region", name="Undone — put the board back")
    expect(undone).to_contain_text("Take the Base off the")
    expect(undone).to_contain_text("out of the wheel's open segment")

    page.get_by_role("button", name="Correct a value").click()
    expect(page.get_by_role("dialog", name="Correct a value")).to_be_visible()
    c.check("game-correct")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Correct a value")).to_be_hidden()
    page.get_by_role("button", name="Game log").click()
    expect(page.get_by_role("dialog", name="Log")).to_contain_text("#")
    c.check("game-log")
    page.keyboard.press("Escape")
    page.locator(".company-card").first.click()
    expect(page.get_by_role("dialog")).to_contain_text("Construction wheel")
    c.check("company-board")
    page.keyboard.press("Escape")

    # The Leeghwater Project: the Extra Management board and the External Works choices
    expansion = _create(page, EXPANSION)
    page.goto(f"/games/{expansion['game']['id']}")
    board = page.get_by_role("region", name="Extra Management board")
    expect(board.locator(".ew-tile")).to_have_count(3)
    flows.close_instructions(page)
    flows.action_button(page, "External Works").click()
    expect(flows.choices(page).first).to_contain_text("External Work")
    c.check("game-external-works")
    page.locator("#extra-title").scroll_into_view_if_needed()
    c.check("game-extra-board")

    draft_id, draft_code = shared["draft"]
    _join(page, draft_code)
    page.goto(f"/games/{draft_id}")
    expect(page.locator("#action-bar")).to_contain_text("must decide")
    c.check("game-decision")

    finished_id, finished_code = shared["finished"]
    _join(page, finished_code)
    page.goto(f"/games/{finished_id}")
    expect(page.get_by_role("region", name="Final scores")).to_be_visible()
    c.check("final-scores")
    page.goto(f"/audit/games/{finished_id}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    c.check("audit")
    page.goto("/audit")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    c.check("score-pad")
    page.goto("/glossary")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    c.check("glossary")

    RESULTS[f"{w}x{h}"] = c.count
    print(f"\n{w}x{h}: {c.count}")
    context.close()
    assert not errors, errors
    assert not c.problems, "\n".join(c.problems)


def test_a_tap_between_two_spaces_on_a_phone_opens_the_basin_enlarged(
    browser: Any, base_url: str
) -> None:
    """Hit areas are finger-sized, so on a phone neighbours overlap: a tap that lands as near
    one space as the other opens that basin enlarged, where each space is easy to hit."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=base_url,
        reduced_motion="reduce",
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    created = _create(page, {**INTRO_AUTOMA, "seats": INTRO_AUTOMA["seats"][:2]})
    page.goto(f"/games/{created['game']['id']}")
    flows.action_button(page, "Build").click()
    expect(page.locator('svg.map [data-space="P8-3"].legal')).to_be_attached()
    # between the three powerhouse spaces of the 1st Plains basin: (138, 654), (110, 682) and
    # (166, 682), on none of their drawings
    x, y = page.evaluate(
        """() => { const svg = document.getElementById('map');
        svg.scrollIntoView(); const p = new DOMPoint(138, 675).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y]; }"""
    )
    page.mouse.click(x, y)
    sheet = page.get_by_role("dialog", name="1st Plains basin")
    expect(sheet).to_be_visible()
    listed = sheet.get_by_role("group", name="Spaces of 1st Plains basin")
    listed.get_by_role("button", name="Bottom-right powerhouse space").click()
    expect(sheet).to_be_hidden()
    expect(page.locator("#choices")).to_contain_text("bottom-right powerhouse space")
    context.close()
