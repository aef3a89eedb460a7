"""Every screen as a person at the table sees it: tablet (1280×800) and phone (390×844), light
and dark colour schemes, saved to artifacts/screens/screens-*.png for a human to look at.

Each shot also checks what a player would stumble on without looking: nothing wider than the
screen (no sideways scrolling on the phone), and the buttons in view at least 48 px tall.
Moves that only set the scene (playing to the end of the game) go through the JSON API with
commands the server listed as legal; the screens themselves are reached by taps.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows

DOCS_SCREENSHOT = Path(__file__).resolve().parent.parent / "docs" / "screenshot-tablet.png"

# buttons smaller than a fingertip (UX.md: touch targets >= 48 px); visible ones only
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a.button, select, input:not([type=radio]):not([type=checkbox])')]
  .filter((b) => b.offsetParent !== null && !b.closest('[hidden]'))
  .map((b) => [b, b.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.height > 0 && r.height < 47.5)
  .map(([b, r]) => {
    const name = (b.getAttribute('aria-label') || b.textContent || '').trim().slice(0, 40);
    return `${b.tagName} "${name}" ${Math.round(r.height)}px`;
  })"""

# anything that sticks out to the right of the viewport (would need sideways scrolling)
# (a phone browser widens its layout viewport to the content, so compare with the screen's width)
OVERFLOW = """(width) => {
  const root = document.documentElement;
  const out = [];
  if (root.scrollWidth > width + 1) out.push(`page ${root.scrollWidth}px > ${width}px`);
  const boxes = '.side, .sheet .body, .page, .action-bar, .companies';
  for (const node of document.querySelectorAll(boxes)) {
    if (node.offsetParent !== null && node.scrollWidth > node.clientWidth + 1) {
      out.push(`${node.className} ${node.scrollWidth}px > ${node.clientWidth}px`);
    }
  }
  return out;
}"""

PROBLEMS: list[str] = []


def shoot(page: Page, screens: Path, name: str, *, full_page: bool = False) -> None:
    """Save `name`-light.png and `name`-dark.png; fail on overflow or too small targets."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(
            path=str(screens / f"screens-{name}-{scheme}.png"),
            full_page=full_page,
            animations="disabled",
        )
    page.emulate_media(color_scheme="light")
    PROBLEMS.extend(
        f"{name}: {p}"
        for p in page.evaluate(OVERFLOW, page.viewport_size["width"]) + page.evaluate(SMALL_TARGETS)
    )


def api_play(page: Page, game_id: str, *, until: Any, limit: int = 600) -> dict[str, Any]:
    """Play legal moves through the API (first choice of the first enabled action, building
    and producing before banking) until `until(view)` holds; returns the last view."""
    preference = ["automa_turn", "build", "produce", "bank", "pass"]
    view = flows.game(page, game_id)
    for _ in range(limit):
        if until(view):
            return view
        options = view["options"]
        if options.get("pending"):
            command = options["pending"]["choices"][0]["command"]
        else:
            actions = {a["type"]: a for a in options["actions"] if a.get("enabled", True)}
            state = view["state"]
            active = state.get("active")
            built = active and state["players"][active].get("constructions_this_round", 0) >= 1
            order = [t for t in preference if not (t == "build" and built)]
            kinds = [t for t in order if t in actions and actions[t].get("choices")]
            kinds += [t for t, a in actions.items() if a.get("choices") and t not in kinds]
            assert kinds, f"nothing to play: {options}"
            command = actions[kinds[0]]["choices"][0]["command"]
        response = page.request.post(
            f"/api/games/{game_id}/commands",
            data={"command": command, "version": view["version"]},
        )
        assert response.ok, response.text()
        view = flows.game(page, game_id)
    raise AssertionError("the game did not reach the expected point")


def wait_shown(page: Page, game_id: str) -> None:
    version = flows.game(page, game_id)["version"]
    flows.wait_version(page, game_id, version)


def test_setup_and_home_screens(page: Page, phone: Page, screens: Path) -> None:
    PROBLEMS.clear()
    page.goto("/setup")
    expect(page.get_by_role("heading", name="Which game?")).to_be_visible()
    shoot(page, screens, "tablet-setup-game")
    phone.goto("/setup")
    page_full = phone
    page_full.get_by_label("Full game").check()
    shoot(phone, screens, "phone-setup-game")
    phone.get_by_role("button", name="Next").click()
    expect(phone.get_by_role("heading", name="Who plays which company?")).to_be_visible()
    phone.get_by_label("Seat 2 played by").select_option("automa")
    phone.get_by_label("Seat 2 Automa level").select_option("3")
    shoot(phone, screens, "phone-setup-seats-full")

    page.get_by_label("Full game").check()
    page.get_by_label("3 players").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Seat 3 played by").select_option("automa")
    shoot(page, screens, "tablet-setup-seats-full")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The table draws and enters what it drew").check()
    shoot(page, screens, "tablet-setup-table-deals", full_page=True)
    phone.get_by_role("button", name="Next").click()
    phone.get_by_label("The table draws and enters what it drew").check()
    shoot(phone, screens, "phone-setup-table-deals")

    page.get_by_label("The app draws (seeded)").check()
    page.get_by_label(re.compile("Seed")).fill("5")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    shoot(page, screens, "tablet-setup-checklist-full", full_page=True)

    # the full game opens with the draft: each player picks a company + officer pair
    flows.open_game(page)
    flows.close_instructions(page)
    shoot(page, screens, "tablet-full-draft")
    code = page.locator("body").get_attribute("data-join-code") or ""
    flows.join(phone, code)
    flows.close_instructions(phone)
    shoot(phone, screens, "phone-full-draft")

    page.goto("/")
    shoot(page, screens, "tablet-home")
    phone.goto("/")
    shoot(phone, screens, "phone-home")
    phone.goto("/join")
    shoot(phone, screens, "phone-join")
    assert not page.js_errors and not phone.js_errors
    assert not PROBLEMS, "\n".join(PROBLEMS)


def test_full_game_actions_and_patent(page: Page, screens: Path) -> None:
    PROBLEMS.clear()
    page.goto("/setup")
    page.get_by_label("Full game").check()
    page.get_by_label("2 players").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    page.get_by_label(re.compile("Seed")).fill("9")
    page.get_by_role("button", name="Create game").click()
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    game_id = href.rstrip("/").split("/")[-1]
    flows.open_game(page)
    flows.close_instructions(page)
    # the draft and setup decisions, then the Actions phase
    api_play(
        page,
        game_id,
        until=lambda v: v["state"]["phase"] == "actions" and not v["options"].get("pending"),
    )
    page.reload()
    expect(page.locator("#status")).to_contain_text("Actions")
    flows.close_instructions(page)
    shoot(page, screens, "tablet-full-actions")
    patent = flows.action_button(page, "Patent")
    if patent.get_attribute("aria-disabled") != "true":
        patent.click()
        shoot(page, screens, "tablet-full-patent")
    assert not page.js_errors
    assert not PROBLEMS, "\n".join(PROBLEMS)


def test_game_screens(page: Page, phone: Page, screens: Path) -> None:
    PROBLEMS.clear()
    game_id, code = flows.create_game(page, players=3, seed=23, automa_seats=(3,))
    shoot(page, screens, "tablet-setup-checklist", full_page=True)
    flows.open_game(page)
    shoot(page, screens, "tablet-setup-instructions")
    flows.close_instructions(page)
    flows.join(phone, code)
    flows.close_instructions(phone)
    phone.get_by_role("button", name="More: join code, my company, home").click()
    shoot(phone, screens, "phone-menu")
    phone.get_by_role("group", name="This device plays").get_by_role("button").first.click()
    flows.close_instructions(phone)

    # the Automa's turn
    # (ruling A11: the Automa sits first, so the game opens with its turn)
    expect(page.get_by_role("region", name="Automa turn")).to_be_visible()
    shoot(page, screens, "tablet-automa")
    wait_shown(phone, game_id)
    flows.close_instructions(phone)
    shoot(phone, screens, "phone-automa")
    page.get_by_role("button", name="Choose another legal move").click()
    shoot(page, screens, "tablet-automa-other")
    page.get_by_role("button", name="Choose another legal move").click()
    flows.automa_turn(page, game_id)

    shoot(page, screens, "tablet-actions")
    shoot(phone, screens, "phone-instructions-automa")
    flows.close_instructions(phone)
    shoot(phone, screens, "phone-actions")
    for part in ("my-board", "companies", "track", "map"):
        phone.locator(f"#{part}").scroll_into_view_if_needed()
        shoot(phone, screens, f"phone-actions-{part}")
    phone.evaluate("window.scrollTo(0, 0)")
    for action in ("Build", "Water", "Contracts", "Shop", "Workshop", "Bank"):
        button = flows.action_button(page, action)
        button.click()
        shoot(page, screens, f"tablet-{action.lower()}")
        if action == "Build":
            page.locator("svg.map .space.legal").first.click()
            shoot(page, screens, "tablet-build-space")
        button.click()
    # a disabled action says why on tap
    produce = page.locator('#actions [data-action="produce"]')
    if produce.get_attribute("aria-disabled") == "true":
        produce.click(force=True)
        expect(page.locator("#why")).to_be_visible()
        shoot(page, screens, "tablet-disabled-why")

    # the phone records its own move: Build tapped, then the instructions after Confirm
    flows.close_instructions(phone)
    phone_build = flows.action_button(phone, "Build")
    phone_build.click()
    shoot(phone, screens, "phone-build")
    phone_build.click()

    version = flows.shown(page)["version"]
    flows.action_button(page, "Build").click()
    page.locator("svg.map .space.legal").first.click()
    options = flows.choices(page)
    if page.get_by_role("button", name="Confirm").count() == 0:
        options.filter(has_not_text="All choices").first.click()
    page.get_by_role("button", name="Confirm").click()
    flows.wait_version(page, game_id, version + 1)
    expect(page.get_by_role("region", name="Do this at the table")).to_be_visible()
    shoot(page, screens, "tablet-instructions-build")
    shoot(phone, screens, "phone-instructions-build")
    flows.close_instructions(page)
    flows.close_instructions(phone)

    page.get_by_role("button", name="Undo the last action").click()
    expect(page.get_by_role("dialog", name="Undo the last action?")).to_contain_text("#")
    shoot(page, screens, "tablet-undo")
    page.get_by_role("button", name="Keep it").click()
    page.get_by_role("button", name="Correct a value").click()
    shoot(page, screens, "tablet-correction")
    page.get_by_role("button", name="Cancel").click()
    phone.get_by_role("button", name="Correct a value").click()
    shoot(phone, screens, "phone-correction")
    phone.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Game log").click()
    expect(page.get_by_role("dialog", name="Log")).to_contain_text("#")
    shoot(page, screens, "tablet-log")
    page.get_by_role("button", name="Close").click()
    page.locator(".company-card").first.click()
    shoot(page, screens, "tablet-company-board")
    page.get_by_role("button", name="Close").click()
    # the phone: another company's board (the company ability and the officer's power in full)
    phone.locator(".company-card").nth(1).click()
    shoot(phone, screens, "phone-company-board")
    phone.get_by_role("button", name="Close").click()

    # a computed phase: the last player's last move ends the round; the Water Flow, scoring
    # and the next round's income arrive as one instruction sheet with its drop animation
    def last_to_play(v: dict[str, Any]) -> bool:
        state, active = v["state"], v["state"]["active"]
        return bool(
            active
            and state["players"][active]["kind"] == "human"
            and not v["options"].get("pending")
            and all(p["passed"] for c, p in state["players"].items() if c != active)
        )

    round_now = api_play(page, game_id, until=last_to_play)["state"]["round"]
    page.reload()
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    for _ in range(20):
        view = flows.shown(page)
        actions = {a["type"]: a for a in view["options"]["actions"]}
        kind = "Pass" if actions["pass"]["enabled"] else "Bank"
        flows.action_button(page, kind).click()
        if kind == "Bank":
            flows.choices(page).last.click()
        page.get_by_role("button", name="Confirm").click()
        flows.wait_version(page, game_id, view["version"] + 1)
        if flows.shown(page)["state"]["round"] > round_now:
            expect(page.get_by_role("region", name="Do this at the table")).to_be_visible()
            shoot(page, screens, "tablet-instructions-end-of-round")
            break
        flows.close_instructions(page)
    flows.close_instructions(page)

    # Produce: the correction sheet's commands give USA a production system with water
    # (a Base on 1U holding 2 drops, the conduit C1L and the powerhouse P8-1)
    fixes = [
        ("structure", "1U", {"structure": "base", "present": True}),
        ("structure", "C1L", {"structure": "conduit", "present": True}),
        ("structure", "P8-1", {"structure": "powerhouse", "present": True}),
        ("dam_drops", "1U", 2),
        ("contract", None, {"contract": "G12", "present": True, "fulfilled": False}),
    ]
    for what, space, value in fixes:
        version = flows.game(page, game_id)["version"]
        command = {"type": "correct", "what": what, "value": value}
        if space:
            command["space"] = space
        command["reason"] = "set up a production system"
        if what != "dam_drops":
            command["company"] = "usa"
        payload = {"command": command, "version": version}
        page.request.post(f"/api/games/{game_id}/commands", data=payload)
    api_play(
        page,
        game_id,
        until=lambda v: (
            v["state"]["active"] == "usa"
            and not v["options"].get("pending")
            and any(a["type"] == "produce" and a.get("enabled") for a in v["options"]["actions"])
        ),
    )
    wait_shown(page, game_id)
    flows.close_instructions(page)
    flows.action_button(page, "Produce").click()
    shoot(page, screens, "tablet-produce")
    # a Turbine Station space first (many systems), then the way that fulfils G12
    flows.choices(page).first.click()
    flows.choices(page).filter(has_text="fulfils G12").first.click()
    shoot(page, screens, "tablet-produce-confirm")
    version = flows.shown(page)["version"]
    page.get_by_role("button", name="Confirm").click()
    flows.wait_version(page, game_id, version + 1)
    shoot(page, screens, "tablet-instructions-produce")
    flows.close_instructions(page)
    # the contract's reward is a decision: a free Base, answered in the list or on the map
    expect(page.locator("#action-bar")).to_contain_text("must decide")
    shoot(page, screens, "tablet-pending-free-base")
    version = flows.shown(page)["version"]
    page.locator("svg.map .space.legal").first.click()
    shoot(page, screens, "tablet-pending-free-base-confirm")
    page.get_by_role("button", name="Confirm").click()
    flows.wait_version(page, game_id, version + 1)
    flows.close_instructions(page)

    # the README's picture: a game in progress (round 3), Build tapped, costs on the map
    api_play(
        page,
        game_id,
        until=lambda v: (
            v["state"]["round"] >= 3
            and v["state"]["active"] == "usa"
            and not v["options"].get("pending")
            and any(a["type"] == "build" and a.get("enabled") for a in v["options"]["actions"])
        ),
    )
    page.reload()
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    flows.action_button(page, "Build").click()
    expect(page.locator("svg.map .space.legal").first).to_be_visible()
    shoot(page, screens, "tablet-build-midgame")
    shutil.copyfile(screens / "screens-tablet-build-midgame-light.png", DOCS_SCREENSHOT)
    flows.action_button(page, "Build").click()

    # a pending decision (a machinery choice, a free structure, a discard…), if the game has one
    automas = {
        c for c, p in flows.game(page, game_id)["state"]["players"].items() if p["kind"] == "automa"
    }
    view = api_play(
        page,
        game_id,
        until=lambda v: (
            v["state"]["finished"]
            or (v["options"].get("pending") or {}).get("player") not in (None, *automas)
        ),
        limit=1500,
    )
    if not view["state"]["finished"]:
        page.reload()
        expect(page.locator("#status")).to_contain_text("Round")
        flows.close_instructions(page)
        shoot(page, screens, "tablet-pending")
        flows.choices(page).first.click()
        shoot(page, screens, "tablet-pending-confirm")

    # to the end of the game: the final scores with the objective ranking
    api_play(page, game_id, until=lambda v: v["state"]["finished"], limit=1500)
    page.reload()
    expect(page.get_by_role("region", name="Final scores")).to_be_visible()
    flows.close_instructions(page)
    shoot(page, screens, "tablet-final-scores")
    objective = page.get_by_role("table", name="Objective ranking")
    expect(objective).to_be_visible()
    objective.scroll_into_view_if_needed()
    shoot(page, screens, "tablet-final-objective")
    phone.reload()
    expect(phone.get_by_role("region", name="Final scores")).to_be_visible()
    flows.close_instructions(phone)
    shoot(phone, screens, "phone-final-scores")
    phone.get_by_role("table", name="Objective ranking").scroll_into_view_if_needed()
    shoot(phone, screens, "phone-final-objective")

    page.goto(f"/audit/games/{game_id}")
    expect(page.get_by_role("heading").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    shoot(page, screens, "tablet-audit-game", full_page=True)
    phone.goto(f"/audit/games/{game_id}")
    phone.wait_for_load_state("networkidle")
    shoot(phone, screens, "phone-audit-game")
    page.goto(f"/audit/games/{game_id}/print")
    shoot(page, screens, "tablet-audit-print", full_page=True)
    page.goto("/audit")
    shoot(page, screens, "tablet-audit-entry", full_page=True)
    phone.goto("/audit")
    shoot(phone, screens, "phone-audit-entry")
    assert not page.js_errors and not phone.js_errors
    assert not PROBLEMS, "\n".join(PROBLEMS)
    assert DOCS_SCREENSHOT.exists()
