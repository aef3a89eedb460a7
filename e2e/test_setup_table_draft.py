"""Full game with table deals: the table enters the company boards, Executive Officers, Starting
Contracts and the Patent Office tiles it drew, and the draft picks (Full Game Player Setup,
p. 9; General Setup, p. 7), each list offering only what can still be drawn or picked."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows

BOARDS = ["france", "usa"]  # Italy is the Automa's, set aside before the boards are drawn
OFFICERS = ["solomon_p_jordan", "anton_krylov"]  # Viktor Fiesler is the level-4 Automa's
STARTING = ["S4", "S2"]
PATENT = ["L1_CONDUIT", "L1_ANY", "L1_BASE"]


def option_values(page: Page, label: str) -> list[str]:
    select = page.get_by_label(label, exact=True)
    return [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]


def seats_step(page: Page) -> None:
    """3 players: Ann and Ben draft, seat 3 is a level-4 Automa playing Italy with Viktor."""
    page.goto("/setup")
    page.get_by_label("Full game").check()
    page.get_by_label("3 players").check()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_label("The draft: boards with officers laid out")).to_be_checked()
    page.get_by_label("Seat 1 name").fill("Ann")
    page.get_by_label("Seat 2 name").fill("Ben")
    # a person in the draft has no company or officer to choose here
    expect(page.get_by_label("Seat 1 company")).to_be_hidden()
    expect(page.get_by_label("Seat 1 executive officer")).to_be_hidden()
    page.get_by_label("Seat 3 played by").select_option("automa")
    page.get_by_label("Seat 3 company").select_option("italy")
    expect(page.get_by_label("Seat 3 executive officer")).to_be_hidden()  # level 2: none
    page.get_by_label("Seat 3 Automa level").select_option("4")
    page.get_by_label("Seat 3 executive officer").select_option("viktor_fiesler")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The table draws and enters what it drew").check()


def test_table_enters_the_full_game_draft_and_patent_tiles(page: Page, screens: Path) -> None:
    seats_step(page)
    # the Automa's board and officer are not among the tiles the people draft
    assert "italy" not in option_values(page, "Company board 1")
    assert "viktor_fiesler" not in option_values(page, "Executive Officer 1")
    assert option_values(page, "Patent Office tile 1") == [
        "L1_BASE",
        "L1_ELEVATION",
        "L1_CONDUIT",
        "L1_POWERHOUSE",
        "L1_ANY",
    ]

    # a partly entered group is refused before anything is sent
    page.get_by_label("Company board 1", exact=True).select_option(BOARDS[0])
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Company boards: choose all 2 or leave them all empty."
    )
    # a drawn tile is no longer offered in the sibling lists
    assert BOARDS[0] not in option_values(page, "Company board 2")
    page.get_by_label("Company board 2", exact=True).select_option(BOARDS[1])
    for i, officer in enumerate(OFFICERS, start=1):
        page.get_by_label(f"Executive Officer {i}", exact=True).select_option(officer)
    assert OFFICERS[0] not in option_values(page, "Executive Officer 2")
    for i, contract in enumerate(STARTING, start=1):
        page.get_by_label(f"Starting Contract {i}", exact=True).select_option(contract)
    assert STARTING[0] not in option_values(page, "Starting Contract 2")
    for i, tile in enumerate(PATENT, start=1):
        page.get_by_label(f"Patent Office tile {i}", exact=True).select_option(tile)
        for other in range(i + 1, 4):
            assert tile not in option_values(page, f"Patent Office tile {other}")

    # the picks offer the boards laid out, shown with the officer paired with each
    ann_board = page.get_by_label("Seat 1 (Ann) picks a board", exact=True)
    expect(ann_board.locator("option", has_text="Board 2: USA + Anton Krylov")).to_have_count(1)
    ann_board.select_option("usa")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("alert")).to_contain_text("The draft picks: choose a board")
    page.get_by_label("Seat 1 (Ann) picks a Starting Contract", exact=True).select_option("S2")
    assert option_values(page, "Seat 2 (Ben) picks a board") == ["france"]
    assert option_values(page, "Seat 2 (Ben) picks a Starting Contract") == ["S4"]
    page.get_by_label("Seat 2 (Ben) picks a board", exact=True).select_option("france")
    page.get_by_label("Seat 2 (Ben) picks a Starting Contract", exact=True).select_option("S4")
    page.screenshot(
        path=str(screens / "tablet-setup-full-draws.png"), full_page=True, animations="disabled"
    )

    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    game_id = href.rstrip("/").split("/")[-1]
    state = flows.game(page, game_id)["state"]
    players = state["players"]
    assert (players["usa"]["name"], players["usa"]["officer"]) == ("Ann", "anton_krylov")
    assert players["usa"]["contracts"] == ["S2"]
    assert (players["france"]["name"], players["france"]["officer"]) == ("Ben", "solomon_p_jordan")
    assert players["france"]["contracts"] == ["S4"]
    assert (players["italy"]["kind"], players["italy"]["officer"]) == ("automa", "viktor_fiesler")
    # p. 9: the turn order reverses the selection order; the Automa first (ruling A11)
    assert state["turn_order"] == ["italy", "france", "usa"]
    assert state["patent_offer"] == PATENT
    assert not any(d["kind"] == "draft_pick" for d in state["pending"])

    flows.open_game(page)
    flows.close_instructions(page)
    offer = page.locator("#offer .patent strong")
    expect(offer).to_have_text(["Level 1 Conduit", "Level 1 any structure", "Level 1 Base"])
    assert not page.js_errors


def test_phone_shows_the_full_game_draws(phone: Page, screens: Path) -> None:
    seats_step(phone)
    phone.get_by_label("Company board 1", exact=True).select_option("germany")
    phone.get_by_label("Executive Officer 1", exact=True).select_option("mahiri_sekibo")
    phone.get_by_role("heading", name="Who draws the tiles?").scroll_into_view_if_needed()
    phone.get_by_text("Company boards laid out").scroll_into_view_if_needed()
    phone.screenshot(path=str(screens / "phone-setup-full-draws.png"), animations="disabled")
    # nothing is wider than the phone: no sideways scrolling
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.js_errors


def test_companies_chosen_in_the_seat_step_take_the_starting_contracts_entered(
    page: Page,
) -> None:
    """Companies and officers chosen for every seat: no draft, no boards or officers to enter
    again; each person's Starting Contract is entered by seat (p. 9)."""
    page.goto("/setup")
    page.get_by_label("Full game").check()
    page.get_by_label("2 players").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Chosen here for every seat").check()
    page.get_by_label("Seat 1 name").fill("Ann")
    page.get_by_label("Seat 1 company").select_option("germany")
    page.get_by_label("Seat 1 executive officer").select_option("mahiri_sekibo")
    page.get_by_label("Seat 2 name").fill("Ben")
    page.get_by_label("Seat 2 company").select_option("usa")
    page.get_by_label("Seat 2 executive officer").select_option("jill_mcdowell")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The table draws and enters what it drew").check()
    expect(page.get_by_label("Company board 1", exact=True)).to_have_count(0)
    expect(page.get_by_label("Executive Officer 1", exact=True)).to_have_count(0)
    page.get_by_label("Seat 1 (Ann): Starting Contract", exact=True).select_option("S3")
    assert "S3" not in option_values(page, "Seat 2 (Ben): Starting Contract")
    page.get_by_label("Seat 2 (Ben): Starting Contract", exact=True).select_option("S1")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    players = flows.game(page, href.rstrip("/").split("/")[-1])["state"]["players"]
    assert (players["germany"]["officer"], players["germany"]["contracts"]) == (
        "mahiri_sekibo",
        ["S3"],
    )
    assert (players["usa"]["officer"], players["usa"]["contracts"]) == ("jill_mcdowell", ["S1"])
    assert not page.js_errors
