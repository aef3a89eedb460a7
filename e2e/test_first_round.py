"""A 4-player introductory game set up from the wizard; round 1 played by taps on the tablet
while a phone follows live; undo; reload and resume (issue 4, "How it is checked")."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows


def test_setup_first_round_live_phone_undo_and_resume(
    page: Page, phone: Page, screens: Path
) -> None:
    game_id, code = flows.create_game(page, players=4, seed=11)
    page.screenshot(path=str(screens / "tablet-setup-checklist.png"), animations="disabled")
    flows.open_game(page)
    expect(page.locator("#status")).to_contain_text("Round 1")
    flows.close_instructions(page)

    flows.join(phone, code)
    expect(phone.locator("#status")).to_contain_text("Round 1")

    # the first move: USA builds where the map highlights, the phone sees the structure appear
    first = flows.game(page, game_id)["state"]["active"]
    space = flows.build_on_map(page, game_id)
    assert space is not None
    name = flows.COMPANY_NAMES[first]
    expect(phone.locator(f'svg.map [data-space="{space}"]')).to_have_class(
        re.compile(f"built co-{first}")
    )
    # the map's text alternative says it in words
    expect(phone.locator("#map-text")).to_contain_text(f"{name} ", use_inner_text=False)

    # undo it from the tablet, with the preview of what goes back
    page.get_by_role("button", name="Undo the last action").click()
    sheet = page.get_by_role("dialog", name="Undo the last action?")
    expect(sheet).to_contain_text("#")
    sheet.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator(f'svg.map [data-space="{space}"]')).not_to_have_class(re.compile("built"))
    expect(phone.locator(f'svg.map [data-space="{space}"]')).not_to_have_class(re.compile("built"))
    assert flows.game(page, game_id)["state"]["active"] == first

    # the whole first round by taps
    while flows.shown(page)["state"]["round"] == 1:
        flows.play_turn(page, game_id)
        view = flows.shown(page)
        if view["version"] == 5 and view["options"]["actions"][0]["enabled"]:
            # Build tapped: the legal spaces and their costs on the map
            flows.action_button(page, "Build").click()
            expect(page.locator("svg.map .space.legal").first).to_be_visible()
            page.screenshot(path=str(screens / "tablet-build-choices.png"), animations="disabled")
            flows.action_button(page, "Build").click()
    expect(page.locator("#status")).to_contain_text("Round 2")
    expect(phone.locator("#status")).to_contain_text("Round 2")
    phone.screenshot(path=str(screens / "phone-instructions.png"), animations="disabled")
    flows.close_instructions(phone)
    phone.screenshot(path=str(screens / "phone-game.png"), full_page=True, animations="disabled")

    # reload and resume: the same round, the same player to act, nothing lost
    before = flows.game(page, game_id)
    page.reload()
    expect(page.locator("#status")).to_contain_text("Round 2")
    active = before["state"]["active"]
    if active:
        expect(page.locator("#status")).to_contain_text(flows.COMPANY_NAMES[active])
    page.screenshot(path=str(screens / "tablet-round2.png"), animations="disabled")
    assert not page.js_errors and not phone.js_errors
