"""Playwright: the scoring audit on the tablet (1280×800).

1. Standalone mode: a finished 4-player game entered by tapping the map and stepping the
   supplies; the totals, a cell's explanation, the CSV export, the print layout.
2. A tracked game played to the end (real engine, seeded): its audit table, a ledger line,
   the CSV export and the printable summary (screenshot artifacts/screens/audit-print.png).
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Any

import pytest

from companion.engine import execute, legal_options, new_game
from companion.engine.places import short_space_name
from companion.engine.state import GameState

pytestmark = pytest.mark.e2e

# What is on the table at the end, per company: taps per space (dam taps raise the level).
BOARDS: dict[str, dict[str, Any]] = {
    "usa": {
        "taps": ["1U", "1U", "1U", "2U", "2U", "C1L", "P8-1"],
        "drops": {"1U": 2},
        "fields": {
            "VP marker": 92,
            "Credits": 8,
            "Excavators": 6,
            "Concrete Mixers": 4,
            "Energy in the last round": 14,
        },
    },
    "germany": {
        "taps": ["5U", "5U", "6U", "C5L", "C6L", "P5-2"],
        "drops": {"5U": 1},
        "fields": {
            "VP marker": 2,
            "Credits": 5,
            "Excavators": 5,
            "Concrete Mixers": 5,
            "Energy in the last round": 22,
        },
        "flipped": True,
    },
    "italy": {
        "taps": ["8U", "C8L", "P9-1", "P10-1"],
        "drops": {"8U": 1},
        "fields": {"VP marker": 88, "Credits": 3, "Excavators": 1, "Energy in the last round": 9},
    },
    "france": {
        "taps": ["3U", "P11-1"],
        "drops": {},
        "fields": {"VP marker": 70, "Excavators": 2},
        "automa": True,
    },
}
NAMES = {"usa": "USA", "germany": "Germany", "italy": "Italy", "france": "France"}
# marker + objective (most pieces in one area) + resources + water
TOTALS = {
    "usa": 92 + 13 + 3 + 2,
    "germany": 102 + 13 + 3 + 1,
    "italy": 88 + 5 + 0 + 1,
    "france": 70,
}


def enter_board(page: Any, company: str, board: dict[str, Any]) -> None:
    name = NAMES[company]
    page.get_by_role("radio", name=name).click()
    if board.get("automa"):
        page.get_by_label(f"{name} played by").select_option("automa")
    for space in board["taps"]:
        page.locator(f'#audit-map [data-space="{space}"]').click()
    for space, drops in board["drops"].items():
        # one tap on the number of drops the dam holds (its place named in board words)
        group = page.get_by_role("group", name=f"{short_space_name(space)}: drops held")
        group.get_by_role("radio", name=str(drops), exact=True).check()
    for label, value in board["fields"].items():
        box = page.get_by_label(f"{name} {label}", exact=True)
        box.fill(str(value))
        box.press("Tab")
    if board.get("flipped"):
        page.get_by_label(f"{name} marker on its 100 side").check()


def test_standalone_audit_of_a_finished_game(page: Any, screens: Path) -> None:
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator('#audit-map [data-space="1U"]').wait_for()
    page.get_by_label("Objective tile").select_option("O_BEST_AREA")
    for company, board in BOARDS.items():
        enter_board(page, company, board)

    page.screenshot(path=str(screens / "audit-entry.png"))

    # an impossible entry first: a fifth powerhouse for Italy is refused with a clear message
    page.get_by_role("radio", name="Italy").click()
    for space in ("P5-1", "P6-1", "P7-1"):
        page.locator(f'#audit-map [data-space="{space}"]').click()
    page.get_by_role("button", name="Score the game").click()
    errors = page.locator("#errors")
    errors.wait_for()
    assert "Italy has 5 Powerhouses entered; a company has only 4." in errors.inner_text()
    for space in ("P5-1", "P6-1", "P7-1"):  # taken back: nothing else was lost
        page.locator(f'#audit-map [data-space="{space}"]').click()

    page.get_by_role("button", name="Score the game").click()
    page.locator("#results").wait_for()
    for company, total in TOTALS.items():
        cell = page.get_by_role("button", name=f"{NAMES[company]} total: {total}")
        assert cell.is_visible(), f"{company} total {total}"
    assert page.locator("#winner").inner_text() == "Winner: Germany with 119 VP."

    # each number opens its explanation (the standalone audit's ledger lines)
    page.get_by_role("button", name="Germany objective: 13").click()
    dialog = page.locator("#lines-dialog")
    assert "USA and Germany tie with 6" in dialog.inner_text()
    dialog.get_by_role("button", name="Close").click()

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Export CSV").click()
    text = Path(download_info.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][1] == "germany" and rows[1][11] == "119"

    page.screenshot(path=str(screens / "audit-standalone.png"))
    page.emulate_media(media="print")
    page.screenshot(path=str(screens / "audit-standalone-print.png"), full_page=True)
    assert page.locator("#audit-map").is_hidden()
    assert page.js_errors == []


# -- a tracked game ----------------------------------------------------------------------------

SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 11,
    "seats": [
        {"company": c, "name": n, "kind": "human"}
        for c, n in (("usa", "Ana"), ("germany", "Bo"), ("italy", "Cy"), ("france", "Di"))
    ],
}


def acting_player(state: GameState) -> str | None:
    if state.pending and state.pending[-1].player:
        return state.pending[-1].player
    return state.active


def seeded_game(setup: dict[str, Any]) -> tuple[list[dict[str, Any]], GameState]:
    """The commands of a whole game picked among the legal options with a fixed seed."""
    rng = random.Random(4)
    state = new_game(setup).state
    commands = []
    while not state.finished:
        options = legal_options(state, acting_player(state))
        offered = [c["command"] for a in options["actions"] for c in a["choices"]]
        if options["pending"]:
            offered += [c["command"] for c in options["pending"]["choices"]]
        command = rng.choice(offered)
        state = execute(state, command).state
        commands.append(command)
        assert len(commands) < 3000
    return commands, state


def test_audit_of_a_tracked_game(page: Any, screens: Path) -> None:
    page.goto("/")
    created = page.request.post("/api/games", data={"title": "Audit e2e", "setup": SETUP})
    assert created.ok, created.text()
    view = created.json()
    game_id = view["game"]["id"]
    commands, final = seeded_game(view["game"]["setup"])
    for version, command in enumerate(commands):
        response = page.request.post(
            f"/api/games/{game_id}/commands", data={"command": command, "version": version}
        )
        assert response.ok, response.text()

    page.goto(f"/audit/games/{game_id}")
    page.locator('#audit-game[data-ready="true"]').wait_for()
    winners = [c for c, f in final.final_scores.items() if f["winner"]]
    assert NAMES[winners[0]] in page.locator("#winner").inner_text()
    table = page.locator("#source-table")
    for company, scores in final.final_scores.items():
        assert str(scores["total"]) in table.locator(".total-row").inner_text(), company

    # open the ledger lines behind a number
    start = table.get_by_role("button", name="Ana, Starting VP").first
    if start.count() == 0:  # starting VP not in the ledger: open any other cell
        start = table.locator("button.cell").first
    start.click()
    dialog = page.locator("#lines-dialog")
    assert "Round" in dialog.inner_text()
    dialog.get_by_role("button", name="Close").click()
    assert page.locator("#vp-chart svg polyline").count() == 4
    # energy per round: produced energy with the energy steps stacked on it, both in the table
    assert page.locator("#energy-chart svg rect.bar.steps").count() > 0
    assert "of it produced" in page.locator("#history-table").inner_text()
    # the ledger lines name the Objective tile as the audit does, never by its id
    table.locator("button.cell[aria-label*='Objective tile']").first.click()
    lines = dialog.inner_text()
    assert "Objective tile “" in lines and "O_" not in lines
    dialog.get_by_role("button", name="Close").click()

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Export CSV").click()
    text = Path(download_info.value.path()).read_text(encoding="utf-8-sig")
    assert text.startswith("section,seq,round,phase,company,category,vp,text")
    assert "\nledger," in text and "\nlog," in text

    page.screenshot(path=str(screens / "audit-game.png"), full_page=True)
    page.goto(f"/audit/games/{game_id}/print")
    page.emulate_media(media="print")
    page.screenshot(path=str(screens / "audit-print.png"), full_page=True)
    assert page.get_by_role("heading", name="Barrage · Audit e2e").is_visible()
    assert page.js_errors == []


def test_score_pad_draws_its_own_map_when_the_game_map_is_missing(page: Any) -> None:
    page.route("**/js/render/map.js", lambda route: route.abort())
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    space = page.locator('#audit-map [data-space="5U"]')
    space.click()
    space.click()
    assert space.text_content() == "U2"  # USA places by default: Base + 1 Elevation
    assert page.get_by_text("Elevations 1/5").is_visible()
    assert page.js_errors == []


def test_the_score_pad_seats_at_most_four_companies(page: Any) -> None:
    """A game seats 2-4 companies, with The Leeghwater Project too (its rulebook p. 2): the
    pad starts with four and offers a fifth only in place of one removed (issue 18)."""
    from playwright.sync_api import expect

    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    add = page.get_by_role("button", name="Add a player")
    expect(page.locator(".seat-row")).to_have_count(4)
    expect(add).to_be_disabled()
    page.get_by_role("button", name="Remove France").click()
    expect(page.locator(".seat-row")).to_have_count(3)
    expect(add).to_be_enabled()
    add.click()
    expect(page.locator(".seat-row")).to_have_count(4)
    expect(add).to_be_disabled()
    assert page.js_errors == []
