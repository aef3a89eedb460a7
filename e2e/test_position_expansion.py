"""Start from a game in progress with The Leeghwater Project (issue 11): the position sheet
also enters the game's Private Building tiles, a Building on its space, the External Works face
up and taken, where Leslie Spencer's special tile is and Tommaso Battista's Architect — one
`position` command, then the app tracks the game. Checked at 1280×800, 800×1280 and 390×844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows
from e2e.test_leeghwater import _expansion_game, _no_small_targets, _no_tile_id, ann

BEN = {"kind": "human", "name": "Ben", "company": "usa", "officer": "tommaso_battista"}
SIZES = {"tablet": (1280, 800), "portrait": (800, 1280), "phone": (390, 844)}
A1_WORDS = "External Works taken by USA"
EXPANSION_PARTS = "#position-form .position-extra, #position-form fieldset:last-child"


def _names(page: Page) -> dict[str, str]:
    """Private Building id → its printed name, as the catalogue the page uses says."""
    names: dict[str, str] = page.evaluate(
        "async () => Object.fromEntries((await import('/static/js/catalog.js')).CATALOG"
        ".private_buildings.map(b => [b.id, b.name]))"
    )
    return names


def test_a_game_in_progress_enters_the_extra_management_board(page: Page, screens: Path) -> None:
    game_id, _ = _expansion_game(page, ann("leslie_spencer"), BEN)
    before = flows.game(page, game_id)["state"]["leeghwater"]
    page.goto(f"/games/{game_id}#position")
    sheet = page.get_by_role("dialog", name="Where your game stands")
    expect(sheet).to_be_visible()
    names = _names(page)
    # the table's own draw: another tile in slot 1; its building spaces follow
    other = next(b for b in names if b not in before["buildings"])
    sheet.get_by_label("Private Building, slot 1 (top to bottom)").select_option(other)
    space = sheet.get_by_label(f"{names[other]}, building space 1")
    expect(space).to_be_visible()
    space.select_option("netherlands")
    sheet.get_by_label("External Work, slot 1").select_option("C1")
    _no_tile_id(sheet.get_by_label("External Work, slot 1").locator("option").all_inner_texts())
    taken = sheet.get_by_role("group", name=A1_WORDS)
    taken.locator("input[value='A1']").check()
    sheet.get_by_label("Netherlands: Leslie Spencer's special tile").select_option("2")
    sheet.get_by_label("USA: the Architect is on an action space this round").check()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        leslie = sheet.get_by_label("Netherlands: Leslie Spencer's special tile")
        leslie.scroll_into_view_if_needed()
        page.screenshot(path=str(screens / f"{size}-position-expansion.png"), animations="disabled")
        wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
        assert not wide, f"the position sheet is wider than the {size} screen"
        _no_small_targets(page, EXPANSION_PARTS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("button", name="Start tracking from here").click()
    expect(sheet).to_be_hidden()

    s: dict[str, Any] = flows.game(page, game_id)["state"]
    lw = s["leeghwater"]
    assert lw["buildings"][0] == other and lw["buildings"][1:] == before["buildings"][1:]
    assert lw["building_spaces"][other][0] == "netherlands"
    assert lw["external_offer"][0] == "C1"
    assert lw["external_taken"] == {"usa": ["A1"]}
    assert lw["architect_out"] == ["usa"]
    assert s["players"]["netherlands"]["wheel"][2]["tiles"] == ["leslie_tile"]
    # the board shows the entered Building, and the log says what was entered in words
    board = page.get_by_role("region", name="Extra Management board")
    expect(board.locator(f"[data-building='{other}'] .bs.built")).to_have_count(1)
    page.get_by_role("button", name="Game log").click()
    log = page.get_by_role("dialog", name="Log")
    expect(log).to_contain_text("Leslie Spencer's special tile in the personal supply")
    expect(log).to_contain_text(names[other])
    assert not page.js_errors


def test_the_audit_history_reads_the_expansions_lines(page: Page) -> None:
    """The audit page's per-round table of an expansion game has the expansion's lines: the
    External Work taken in round 1 and its Credits (A-pile tiles pay 2-4 Credits, §3.2)."""
    game_id, _ = _expansion_game(page, ann("leslie_spencer"), BEN)
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    while flows.answer_pending(page, game_id):
        pass
    view = flows.game(page, game_id)
    active = view["state"]["active"]
    command = {"type": "external_work", "player": active, "slot": 1}
    response = page.request.post(f"/api/games/{game_id}/commands",
                                 data={"command": command, "version": view["version"]})  # fmt: skip
    assert response.ok, response.text()
    page.goto(f"/audit/games/{game_id}")
    page.locator('#audit-game[data-ready="true"]').wait_for()
    table = page.locator("#history-table")
    for label in ("Buildings built", "External Works taken", "External Works Credits this round"):
        expect(table).to_contain_text(label)
    # round 1 of each company: the one who took the tile reads 1, the other 0
    taken = table.locator("tr", has_text="External Works taken").locator("td.num")
    assert sorted(taken.all_inner_texts()) == ["0", "1"]
    assert not page.js_errors


def test_the_correction_sheet_sets_leslies_tile_and_the_architect(page: Page) -> None:
    """The correction sheet's officers line (an expansion game with Leslie Spencer or Tommaso
    Battista): the table put Leslie's tile on the wheel and the Architect out."""
    game_id, _ = _expansion_game(page, ann("leslie_spencer"), BEN)
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    page.get_by_role("button", name="Correct a value").click()
    sheet = page.get_by_role("dialog", name="Correct a value")
    sheet.get_by_label("What to correct").select_option("officers")
    sheet.get_by_label("Netherlands: Leslie Spencer's special tile").select_option("1")
    sheet.get_by_label("USA: the Architect is on an action space this round").check()
    _no_small_targets(page, "#correction-form .correction-part")
    sheet.get_by_label("Reason (required)").fill("the table moved them")
    sheet.get_by_role("button", name="Apply correction").click()
    expect(sheet).to_be_hidden()
    s = flows.game(page, game_id)["state"]
    assert s["players"]["netherlands"]["wheel"][1]["tiles"] == ["leslie_tile"]
    assert "leslie_tile" not in s["players"]["netherlands"]["tiles"]
    assert s["leeghwater"]["architect_out"] == ["usa"]
    assert not page.js_errors
