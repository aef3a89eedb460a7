"""The standalone score pad filled for 3 companies (issue 9): each company's panel opens when
its "Place structures for" button is tapped — Germany's included, which once stayed on the
previous company — and the totals match this example worked by hand (rulebook "End of the
game", p. 20; components.md §6 objective ties, §11 resources and water):

objective "basins holding at least 1 own piece" (O_BASINS_1):
  USA      1U, C1L (basin 1), 5U (basin 5), P8-1 (basin 8)      → 3 basins → 2nd: 10 VP
  Germany  2U, 3L, 6U + C6L, P9-2                                → 4 basins → 1st: 15 VP
  Italy    8U, P10-1                                             → 2 basins → 3rd:  5 VP
resources (Credits + Excavators + Concrete Mixers) // 5, water 1 VP per drop in own dams:
  USA      marker 60 + 10 + (7+2+1)//5 = 2 + 1 drop  = 73
  Germany  marker 55 + 15 + (4+0+0)//5 = 0 + 1 drop  = 71
  Italy    marker 70 +  5 + (12+3+0)//5 = 3 + 0      = 78  → Italy wins with 78 VP
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from e2e.test_audit import NAMES, enter_board

BOARDS: dict[str, dict[str, Any]] = {
    "usa": {
        "taps": ["1U", "C1L", "5U", "P8-1"],
        "drops": {"1U": 1},
        "fields": {"VP marker": 60, "Credits": 7, "Excavators": 2, "Concrete Mixers": 1},
    },
    "germany": {
        "taps": ["2U", "3L", "6U", "C6L", "P9-2"],
        "drops": {"2U": 1},
        "fields": {"VP marker": 55, "Credits": 4, "Excavators": 0, "Concrete Mixers": 0},
    },
    "italy": {
        "taps": ["8U", "P10-1"],
        "drops": {},
        "fields": {"VP marker": 70, "Credits": 12, "Excavators": 3, "Concrete Mixers": 0},
    },
}
TOTALS = {"usa": 73, "germany": 71, "italy": 78}


def test_score_pad_for_three_companies_matches_the_hand_worked_example(page: Any) -> None:
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator('#audit-map [data-space="1U"]').wait_for()
    page.get_by_role("button", name="Remove France").click()
    page.get_by_label("Objective tile").select_option("O_BASINS_1")
    for company, board in BOARDS.items():
        enter_board(page, company, board)
        # the panel is the company's own: its supplies can be entered
        expect(page.locator("#player-panel h2")).to_contain_text(NAMES[company])
    # switching back and forth keeps every company's panel reachable (Germany's too)
    for company in ("usa", "germany", "italy", "germany"):
        page.get_by_role("radio", name=NAMES[company]).click()
        expect(page.locator("#player-panel h2")).to_contain_text(NAMES[company])
        expect(page.get_by_label(f"{NAMES[company]} Credits", exact=True)).to_have_value(
            str(BOARDS[company]["fields"]["Credits"])
        )
    page.get_by_role("button", name="Score the game").click()
    page.locator("#results").wait_for()
    for company, total in TOTALS.items():
        expect(page.get_by_role("button", name=f"{NAMES[company]} total: {total}")).to_be_visible()
    expect(page.locator("#winner")).to_have_text("Winner: Italy with 78 VP.")
    assert page.js_errors == []
