"""Home, setup wizard with table deals (only still-drawable tiles offered), join, resume list."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows


def test_table_deals_offer_only_drawable_tiles_and_reach_the_engine(
    page: Page, screens: Path
) -> None:
    page.goto("/setup")
    page.get_by_label("Introductory game").check()
    page.get_by_label("2 players").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Seat 2 played by").select_option("automa")
    page.screenshot(path=str(screens / "tablet-setup-seats.png"), animations="disabled")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The table draws and enters what it drew").check()

    drawn = {"A": "H2", "B": "H5", "C": "H1", "D": "H8"}
    for letter, tile in drawn.items():
        page.get_by_label(f"Headstream {letter}", exact=True).select_option(tile)
    # H2 is on headstream A: no other headstream offers it any more
    options_b = page.get_by_label("Headstream B", exact=True).locator("option")
    expect(options_b.filter(has_text="H2")).to_have_count(0)
    page.get_by_label("Objective tile").select_option("O_BASINS_1")
    page.get_by_label("Round 1 bonus tile").select_option("B_BASES")
    page.screenshot(path=str(screens / "tablet-setup-table-deals.png"), animations="disabled")

    # a partly entered group is refused before anything is sent
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("alert")).to_contain_text("Bonus tiles")
    for round_ in (2, 3, 4, 5):
        page.get_by_label(f"Round {round_} bonus tile").select_option(index=1)
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    game_id = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    state = flows.game(page, game_id.rstrip("/").split("/")[-1])["state"]
    assert state["headstream_tiles"] == drawn
    assert state["objective"] == "O_BASINS_1"
    assert state["bonus_tiles"][0] == "B_BASES"
    assert state["players"]["germany"]["kind"] == "automa"


def test_home_lists_games_to_resume_and_join_page(page: Page, phone: Page, screens: Path) -> None:
    game_id, code = flows.create_game(page, players=3, seed=2)
    page.goto("/")
    games = page.get_by_role("list", name="Saved games")
    expect(games.get_by_role("link", name="Resume")).not_to_have_count(0)
    page.screenshot(path=str(screens / "tablet-home.png"), animations="disabled")

    phone.goto("/join")
    phone.get_by_label("Join code").fill("ZZZZZZ")
    phone.get_by_role("button", name="Join").click()
    expect(phone.get_by_role("alert")).to_contain_text("code")
    phone.screenshot(path=str(screens / "phone-join.png"), animations="disabled")
    flows.join(phone, code)
    flows.close_instructions(phone)
    # the phone claims its company and sees its own board first
    phone.get_by_role("button", name="More: join code, my company, home").click()
    phone.get_by_role("group", name="This device plays").get_by_role("button", name="Italy").click()
    expect(phone.get_by_role("region", name="My company: Italy")).to_be_visible()
    phone.screenshot(path=str(screens / "phone-my-company.png"), animations="disabled")
    assert flows.game(phone, game_id)["seat"] == "italy"
    # nothing is wider than the phone: no sideways scrolling
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_delete_a_game_after_confirmation(page: Page) -> None:
    flows.create_game(page, players=2, seed=8)
    page.goto("/")
    games = page.get_by_role("list", name="Saved games")
    # count once the list is there and its buttons listen (a count taken earlier saw none)
    expect(games.get_by_role("button", name="Delete").first).to_be_enabled()
    before = games.get_by_role("listitem").count()
    games.get_by_role("button", name="Delete").first.click()
    dialog = page.get_by_role("dialog", name="Delete this game?")
    dialog.get_by_role("button", name="Keep it").click()
    expect(games.get_by_role("listitem")).to_have_count(before)
    games.get_by_role("button", name="Delete").first.click()
    dialog.get_by_role("button", name="Delete for good").click()
    expect(games.get_by_role("listitem")).to_have_count(before - 1)


def test_wizard_buttons_wait_for_the_script_so_an_early_tap_is_not_lost(page: Page) -> None:
    """A tap on "Next" before setup.js has run used to vanish (CI saw it once): the buttons
    are disabled in the HTML and the script enables them once it listens."""
    held: list = []
    page.route("**/static/js/setup.js*", lambda route: held.append(route))
    page.goto("/setup", wait_until="commit")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    while not held:  # the module request is on its way; it is answered only now
        page.wait_for_timeout(20)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    held[0].continue_()
    expect(page.get_by_role("button", name="Next")).to_be_enabled()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Who plays which company?")).to_be_visible()
