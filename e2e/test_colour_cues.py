"""Issue 13: colour is never the only cue.

Every rendered element painted in a company's colour (map structures, conduits, energy-track
markers, company cards, the turn order, badges, the audit's charts and minimap) also carries
that company's letter (U G I F N) or name in its visible text, or an accessible text naming
the company; every contract's colour band says its colour in words.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows
from e2e.test_screens import api_play

SETUP = {
    "mode": "introductory",
    "deals": "app",
    "seed": 5,
    "seats": [{"kind": "human", "name": n} for n in ("Ann", "Ben", "Cy", "Dee")],
}

# the elements painted in a company colour that carry no cue of which company it is
UNMARKED = """() => {
  const LETTER = {usa: 'U', germany: 'G', italy: 'I', france: 'F', netherlands: 'N'};
  const NAME = {usa: 'USA', germany: 'Germany', italy: 'Italy', france: 'France',
    netherlands: 'Netherlands'};
  const shown = (n) => n.getClientRects().length > 0 && !n.closest('[hidden]');
  // what the eye reads on it: its text, without SVG <title> tooltips
  const visibleText = (n) => {
    if (n instanceof HTMLElement) return n.innerText || '';
    const copy = n.cloneNode(true);
    copy.querySelectorAll('title').forEach((t) => t.remove());
    return copy.textContent || '';
  };
  const named = (text, co) => text.toLowerCase().includes(NAME[co].toLowerCase());
  const lettered = (text, co) => new RegExp(`(^|[^A-Za-z])${LETTER[co]}([^A-Za-z]|$)`).test(text);
  const accessible = (n, co) => {
    const own = [n.getAttribute('aria-label'), n.getAttribute('title'),
      [...n.children].find((c) => c.tagName === 'title')?.textContent].filter(Boolean).join(' ');
    if (named(own, co)) return true;
    const labelled = n.parentElement?.closest('[aria-label], button, [role=button]');
    return Boolean(labelled) && (named(labelled.getAttribute('aria-label') || '', co)
      || named(visibleText(labelled), co));
  };
  const out = [];
  let count = 0;
  for (const n of document.querySelectorAll('[class*="co-"]')) {
    const co = [...n.classList].map((c) => c.match(/^co-(usa|germany|italy|france|netherlands)$/))
      .find(Boolean)?.[1];
    if (!co || !shown(n)) continue;
    count += 1;
    const text = visibleText(n);
    if (lettered(text, co) || named(text, co) || accessible(n, co)) continue;
    out.push(`${n.tagName.toLowerCase()}.${n.getAttribute('class')} "${text.trim().slice(0, 30)}"`);
  }
  const bands = [...document.querySelectorAll('.contract')].filter(shown).map((c) => {
    const group = ['green', 'yellow', 'red', 'national'].find((g) => c.classList.contains(g));
    const word = c.querySelector('.band')?.textContent.trim().toLowerCase() || '';
    return group && word !== group ? `contract ${group} band says "${word}"` : null;
  }).filter(Boolean);
  return {count, unmarked: [...out, ...bands]};
}"""


def _check(page: Page, where: str, at_least: int) -> None:
    result = page.evaluate(UNMARKED)
    assert result["count"] >= at_least, f"{where}: only {result['count']} coloured elements"
    assert not result["unmarked"], f"{where}: colour alone on {result['unmarked']}"


def _conduit_builds(view: dict[str, Any]) -> list[dict[str, Any]]:
    if view["options"].get("pending"):
        return []
    build = [a for a in view["options"]["actions"] if a["type"] == "build" and a.get("enabled")]
    choices = build[0]["choices"] if build else []
    return [c for c in choices if c["command"].get("structure") == "conduit"]


def test_every_company_colour_comes_with_its_letter_or_name(page: Page) -> None:
    response = page.request.post("/api/games", data={"setup": SETUP, "title": "colours"})
    assert response.ok, response.text()
    game_id = response.json()["game"]["id"]
    # into round 2: structures of every company on the map, energy on the track, a history
    view = api_play(page, game_id, until=lambda v: v["state"]["round"] >= 2, limit=400)
    # and a conduit (a coloured line on the map): play on until one can be built, build it
    view = api_play(page, game_id, until=lambda v: bool(_conduit_builds(v)), limit=400)
    command = _conduit_builds(view)[0]["command"]
    response = page.request.post(
        f"/api/games/{game_id}/commands", data={"command": command, "version": view["version"]}
    )
    assert response.ok, response.text()
    view = flows.game(page, game_id)
    assert view["state"]["conduits"] and view["state"]["dams"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round 2")
    built = page.locator("svg#map .space.built")
    expect(built.first).to_be_attached()
    # map structures, conduits, track markers, cards, turn order, badges, contracts on offer
    _check(page, "game screen", at_least=20)
    page.locator("[data-open-board]").first.click()
    expect(page.locator("#sheet")).to_be_visible()
    _check(page, "company board", at_least=20)
    page.keyboard.press("Escape")
    page.goto(f"/audit/games/{game_id}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_load_state("networkidle")
    _check(page, "score audit", at_least=8)
    assert not page.js_errors  # type: ignore[attr-defined]
    assert flows.game(page, game_id)["version"] == view["version"]
