"""A device that loses the connection shows "Reconnecting…" and catches up when it is back;
a disabled action says why on tap (issue 4: never held hostage)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e import flows


def test_offline_phone_shows_reconnecting_and_catches_up(page: Page, phone: Page) -> None:
    game_id, code = flows.create_game(page, players=2, seed=4)
    flows.open_game(page)
    flows.close_instructions(page)
    flows.join(phone, code)
    flows.close_instructions(phone)

    phone.context.set_offline(True)
    expect(phone.get_by_text("Reconnecting…")).to_be_visible()
    version = flows.shown(page)["version"]
    flows.bank_all(page, game_id)
    phone.context.set_offline(False)
    expect(phone.get_by_text("Reconnecting…")).to_be_hidden(timeout=20_000)
    flows.wait_version(phone, game_id, version + 1)
    expect(phone.locator("#status")).to_contain_text("Germany")


def test_disabled_action_says_why_on_tap(page: Page) -> None:
    flows.create_game(page, players=2, seed=4)
    flows.open_game(page)
    flows.close_instructions(page)
    toolbar = page.get_by_role("toolbar", name="Actions")
    # aria-disabled, not disabled: the tap still reaches the page, which says why
    toolbar.get_by_role("button", name=re.compile(r"^Pass \(not possible")).click(force=True)
    expect(page.get_by_role("alert")).to_contain_text("Bank is always open")


def test_the_tablet_tap_brings_its_next_options_and_a_phone_asks_only_when_it_acts(
    page: Page, phone: Page
) -> None:
    """Issue 12: the tablet records whoever acts, so its tap asks for the next options in
    the same message (`with_options`) instead of a second request; a phone with a company
    asks for none with its tap and none while another company acts."""
    sent: dict[str, list[str]] = {"tablet": [], "phone": []}

    def listen(device: Page, name: str) -> None:
        device.on("websocket", lambda ws: ws.on("framesent", lambda f: sent[name].append(str(f))))

    listen(page, "tablet")
    listen(phone, "phone")
    game_id, code = flows.create_game(page, players=2, seed=4)
    flows.open_game(page)
    flows.close_instructions(page)
    flows.join(phone, code)
    flows.close_instructions(phone)
    shown = flows.shown(page)
    version, acting = shown["version"], shown["state"]["active"]
    # the phone plays the company acting now: after its Bank action another company acts
    phone.get_by_role("button", name="More: join code, my company, home").click()
    plays = phone.get_by_role("group", name="This device plays")
    plays.get_by_role("button", name="USA" if acting == "usa" else acting.title()).click()
    flows.close_instructions(phone)
    sent["tablet"].clear()
    sent["phone"].clear()
    flows.bank_all(page, game_id)
    flows.wait_version(phone, game_id, version + 1)
    assert flows.shown(page)["state"]["active"] != acting
    taps = [f for f in sent["tablet"] if '"submit_command"' in f]
    assert taps and all('"with_options":true' in f for f in taps)
    assert not [f for f in sent["tablet"] if "\"get_options\"" in f], sent
    assert not [f for f in sent["phone"] if "\"get_options\"" in f], sent
