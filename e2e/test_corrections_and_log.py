"""The correction sheet sets a tracked value with a reason (logged like a move, undoable);
the log reads like a story; a stale device is told the state changed (issue 4)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows


def test_correction_is_logged_and_undoable(page: Page, screens: Path) -> None:
    game_id, _ = flows.create_game(page, players=2, seed=5)
    flows.open_game(page)
    flows.close_instructions(page)
    before = flows.game(page, game_id)

    page.get_by_role("button", name="Correct a value").click()
    sheet = page.get_by_role("dialog", name="Correct a value")
    sheet.get_by_label("What to correct").select_option("player")
    sheet.get_by_label("Company").select_option("usa")
    sheet.get_by_label("What", exact=True).select_option("credits")
    # the sheet opens with what the app has now
    expect(sheet.get_by_label("Now")).to_have_value("6")
    sheet.get_by_label("Now").fill("21")
    sheet.get_by_label("Reason (required)").fill("USA forgot to take income")
    page.screenshot(path=str(screens / "tablet-correction.png"), animations="disabled")
    sheet.get_by_role("button", name="Apply correction").click()
    flows.wait_version(page, game_id, before["version"] + 1)
    expect(page.get_by_role("button", name="Open the company board").first).to_contain_text("21")
    assert flows.game(page, game_id)["state"]["players"]["usa"]["credits"] == 21

    page.get_by_role("button", name="Game log").click()
    log = page.get_by_role("dialog", name="Log")
    expect(log).to_contain_text("USA Credits 6 → 21 — USA forgot to take income")
    page.screenshot(path=str(screens / "tablet-log.png"), animations="disabled")
    log.get_by_role("button", name="Close").click()

    page.get_by_role("button", name="Undo the last action").click()
    undo = page.get_by_role("dialog", name="Undo the last action?")
    expect(undo).to_contain_text("USA forgot to take income")
    back = undo.get_by_role("list", name="To put the board back")
    expect(back).to_contain_text("Set it back to 6")
    undo.get_by_role("button", name="Undo", exact=True).click()
    flows.wait_version(page, game_id, before["version"] + 2)
    strip = page.get_by_role("region", name="Undone — put the board back")
    expect(strip).to_contain_text("Set it back to 6")
    assert flows.game(page, game_id)["state"]["players"]["usa"]["credits"] == 6
    assert not page.js_errors


def test_stale_device_is_told_and_sees_the_new_state(page: Page, phone: Page) -> None:
    game_id, code = flows.create_game(page, players=2, seed=9)
    flows.open_game(page)
    flows.close_instructions(page)
    flows.join(phone, code)
    flows.close_instructions(phone)
    before = flows.game(page, game_id)["version"]
    flows.bank_all(page, game_id)  # the tablet records USA's move first
    flows.wait_version(phone, game_id, before + 1)
    flows.close_instructions(phone)
    # the phone missed that broadcast (asleep): it still believes the old version
    phone.evaluate("window.__barrage.version -= 1")
    flows.action_button(phone, "Bank").click()
    flows.choices(phone).first.click()
    phone.get_by_role("button", name="Confirm").click()
    expect(phone.get_by_role("status").filter(has_text="changed on another device")).to_be_visible()
    flows.wait_version(phone, game_id, before + 1)
    view = flows.game(phone, game_id)
    assert view["version"] == before + 1  # the stale command was refused, nothing recorded
