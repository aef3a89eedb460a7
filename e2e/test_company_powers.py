"""The company special ability and the officer's power on the company cards and boards.

Rulebook Appendix 2 "Company boards": the ability switches on with the 3rd Powerhouse built
(companies.md §1.3-1.4); Appendix 3: the Executive Officer's power (companies.md §5). The
card shows each in one short line with the ability's state; the board it opens, the full text.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e import flows


def add_powerhouse(page: Page, game_id: str, space: str) -> None:
    """The correction sheet's command: a USA Powerhouse on `space` (as the table has it)."""
    version = flows.game(page, game_id)["version"]
    command = {
        "type": "correct",
        "what": "structure",
        "company": "usa",
        "space": space,
        "value": {"structure": "powerhouse", "present": True},
        "reason": "the table built it",
    }
    response = page.request.post(
        f"/api/games/{game_id}/commands", data={"command": command, "version": version}
    )
    assert response.ok, response.text()
    flows.wait_version(page, game_id, version + 1)
    # the correction slides in as table instructions
    expect(page.get_by_role("region", name="Do this at the table")).to_be_visible()
    flows.close_instructions(page)


def test_the_ability_shows_its_state_and_switches_on_with_the_3rd_powerhouse(page: Page) -> None:
    game_id, _ = flows.create_game(page, players=2)
    flows.open_game(page)
    flows.close_instructions(page)
    usa = page.locator('.company-card[data-open-board="usa"]')
    ability = page.get_by_test_id("ability-usa")
    expect(ability).to_contain_text("+1 energy per drop flowing past a Powerhouse")
    expect(ability).to_contain_text("from the 3rd powerhouse")
    expect(ability).not_to_have_class("ability on")
    # introductory game: USA plays Wilhelm Adler (companies.md §5.3)
    expect(usa).to_contain_text("Wilhelm Adler: Bases cost 3 Excavators")
    expect(page.get_by_test_id("ability-germany")).to_contain_text(
        "a 2nd production after each production"
    )

    for space in ("P8-1", "P6-2"):
        add_powerhouse(page, game_id, space)
    expect(ability).to_contain_text("from the 3rd powerhouse")  # 2 built: not yet
    usa.click()
    board = page.locator("#sheet-body")
    expect(board.locator(".ability-full")).to_contain_text(
        "Company ability, from the 3rd powerhouse (2 of 3 built):"
    )
    page.get_by_role("button", name="Close").click()

    add_powerhouse(page, game_id, "P5-1")
    expect(ability).to_contain_text("active")
    expect(ability).to_have_class("ability on")
    usa.click()
    expect(board.locator(".ability-full")).to_contain_text(
        "Company ability, active: Each Water Drop that flows naturally"
    )
    expect(board).to_contain_text(
        "Executive officer: Wilhelm Adler — Your Bases always cost 3 Excavators"
    )
    assert page.js_errors == []
