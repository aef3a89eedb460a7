"""Playwright: the standalone score pad keeps every number a person types (issue 20, point 1).

A 4-player game with The Leeghwater Project (the Netherlands, Private Buildings with a
Building) is entered the way a person does it, at 1280×800, 800×1280, 390×844 and 360×640:
tap a field and type, then tap the next field; type and press Tab; type and tap somewhere
else; paste; the +/− steppers. Every field is checked afterwards, and the page's totals must
equal the engine's scoring of the same entry (`audit_standalone`, computed here in the test
process, never read from the page). Each size also gets the layout check (no sideways
scrolling, targets ≥ 44 px), axe-core (0 serious) and screenshots, entry and result.

How inputs are counted (`Pad.inputs`): one per tap (a map space, a company button, a level or
drops choice, a Private Building, a +/− press, Score) and one per number typed into a field
(the tap on the field and its digits together) or option chosen in a list. A person needs
about 3 s an input (test_a_four_player_game_in_at_most_60_inputs prints the estimate).

A tracked game played to the end by the engine (4 players, the expansion, the Netherlands with
Graziano Del Monte, a tie on VP) is entered too: the pad's totals must equal the engine's own
final scoring of that game.
"""

from __future__ import annotations

import re
from itertools import cycle
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.engine import catalog, leeghwater
from companion.engine.audit import audit_standalone
from companion.engine.places import short_space_name
from companion.engine.state import GameState
from e2e.test_audit import seeded_game
from e2e.test_every_size import AXE, AXE_RUN, LAYOUT

pytestmark = pytest.mark.e2e

NAMES = {
    "usa": "USA",
    "germany": "Germany",
    "italy": "Italy",
    "france": "France",
    "netherlands": "Netherlands",
}
FIELDS = {
    "vp_marker": "VP marker",
    "credits": "Credits",
    "excavators": "Excavators",
    "mixers": "Concrete Mixers",
    "last_round_energy": "Energy in the last round",
}
# A moderately built end of a 4-player expansion game: 32 pieces on the map, (level, drops
# held) for each dam, supplies left, Private Buildings with the company's Building.
GAME: dict[str, Any] = {
    "objective": "O_BEST_AREA",
    "players": {
        "usa": {
            "dams": {"1U": (3, 1), "5U": (2, 0), "8L": (1, 0)},
            "conduits": ["C1L", "C5L"],
            "powerhouses": ["P8-1", "P11-1"],
            "fields": {
                "vp_marker": 78,
                "credits": 9,
                "excavators": 3,
                "mixers": 2,
                "last_round_energy": 12,
            },
            "buildings": ["cofferdam", "wind_farm"],
        },
        "germany": {
            "dams": {"2U": (2, 0), "3L": (1, 0)},
            "conduits": ["C2L", "C3R"],
            "powerhouses": ["P6-1", "P9-1"],
            "fields": {
                "vp_marker": 84,
                "credits": 5,
                "excavators": 4,
                "mixers": 4,
                "last_round_energy": 16,
            },
            "buildings": ["loan_agency"],
        },
        "italy": {
            "officer": "graziano_del_monte",  # its level-3 dams hold 4 (ruling R11)
            "dams": {"4U": (3, 4), "7U": (1, 0)},
            "conduits": ["C4L"],
            "powerhouses": ["P7-1", "P10-1"],
            "fields": {
                "vp_marker": 71,
                "credits": 12,
                "excavators": 1,
                "mixers": 0,
                "last_round_energy": 9,
            },
            "buildings": [],
        },
        "netherlands": {
            "dams": {"9U": (2, 1), "10U": (1, 0), "1L": (1, 0)},
            "conduits": ["C9L", "C10L"],
            "powerhouses": ["P5-1", "P12-1"],
            "fields": {
                "vp_marker": 88,
                "credits": 3,
                "excavators": 2,
                "mixers": 5,
                "last_round_energy": 14,
            },
            "buildings": ["research_lab"],
        },
    },
}
SIZES = [(1280, 800), (800, 1280), (390, 844), (360, 640)]
# a building space's id or a basin's number: the printed board carries neither (issue 20)
SPACE_ID = re.compile(r"\b(?:\d{1,2}[UL]|C\d{1,2}[LR]|P\d{1,2}-\d)\b|\b[Bb]asin \d")


def building_label(tile: str) -> str:
    """A Private Building's tick box as the pad words it: its name and its VP (X10)."""
    b = catalog.PRIVATE_BUILDINGS[tile]
    return f"{b.name} ({b.vp} VP)"


def engine_entry(game: dict[str, Any]) -> dict[str, Any]:
    """The same table as the standalone audit's JSON entry, for the engine to score."""
    players = []
    for company, board in game["players"].items():
        player: dict[str, Any] = {
            "company": company,
            "officer": board.get("officer"),
            "dams": [{"space": s, "level": lv, "drops": d} for s, (lv, d) in board["dams"].items()],
            "conduits": board["conduits"],
            "powerhouses": board["powerhouses"],
            "buildings": board["buildings"],
            "flipped": board.get("flipped", False),
        }
        player.update(board["fields"])
        players.append(player)
    return {"objective": game["objective"], "players": players}


class Pad:
    """A person at the score pad: every tap and every number typed goes through here, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.inputs = 0

    def open(self) -> None:
        self.page.goto("/audit")
        self.page.evaluate("localStorage.clear()")
        self.page.reload()
        self.page.locator('#audit-map [data-space="1U"]').wait_for()

    def select(self, label: str, value: str) -> None:
        self.inputs += 1
        self.page.get_by_label(label).select_option(value)

    def place_for(self, company: str) -> None:
        radio = self.page.get_by_role("radio", name=NAMES[company])
        if radio.get_attribute("aria-checked") != "true":
            self.inputs += 1
            radio.click()
        expect(self.page.locator("#panel-title")).to_contain_text(NAMES[company])

    def tap_space(self, space: str) -> None:
        self.inputs += 1
        self.page.locator(f'#audit-map [data-space="{space}"]').click()

    def choose(self, space: str, what: str, n: int) -> None:
        """A dam's level or the drops it holds: one tap on the choice."""
        self.inputs += 1
        group = self.page.get_by_role("group", name=f"{short_space_name(space)}: {what}")
        group.get_by_role("radio", name=str(n), exact=True).check()

    def tick(self, label: str) -> None:
        self.inputs += 1
        self.page.get_by_label(label, exact=True).check()

    def type_number(self, label: str, value: int, how: str = "click") -> None:
        """Tap a field and type; `how` says how the person leaves it (or pastes)."""
        page = self.page
        box = page.get_by_label(label, exact=True)
        self.inputs += 1
        if how == "paste":
            page.evaluate("(text) => navigator.clipboard.writeText(text)", str(value))
            box.click()
            page.keyboard.press("ControlOrMeta+v")
            return
        box.click()
        page.keyboard.type(str(value))
        if how == "tab":
            page.keyboard.press("Tab")
        elif how == "elsewhere":
            page.locator("#panel-title").click()
        # "click": the next field is tapped next, as a person goes on

    def step(self, label: str, value: int) -> None:
        """The +/− buttons from 0: +10 while 10 or more is left, then +1."""
        for n in (10, 1):
            button = self.page.get_by_role("button", name=f"{label} plus {n}", exact=True)
            while value >= n and (n == 1 or button.count()):
                self.inputs += 1
                button.click()
                value -= n

    def score(self) -> None:
        self.inputs += 1
        self.page.get_by_role("button", name="Score the game").click()
        expect(self.page.locator("#results")).to_be_visible()


def enter_board(pad: Pad, company: str, board: dict[str, Any], ways: Any = None) -> None:
    """One company: its pieces on the map, each dam's level and drops, its fields, its
    Private Buildings. Without `ways`, only what differs from the pad's defaults is entered
    (a person's shortest way); with them, every field, each entered the next way."""
    name = NAMES[company]
    pad.place_for(company)
    for space, (level, _) in board["dams"].items():
        pad.tap_space(space)
        if level > 1:
            pad.choose(space, "level", level)
    if board.get("officer") == "graziano_del_monte":
        pad.tick("Graziano (level-3 dams hold 4)")
    for space, (_, drops) in board["dams"].items():
        if drops:
            pad.choose(space, "drops held", drops)
    for space in board["conduits"] + board["powerhouses"]:
        pad.tap_space(space)
    for key, value in board["fields"].items():
        label = f"{name} {FIELDS[key]}"
        if ways is None:
            if value:
                pad.type_number(label, value)
            continue
        how = next(ways)
        if how == "steppers":
            pad.step(label, value)
        else:
            pad.type_number(label, value, how)
    if board.get("flipped"):
        pad.tick(f"{name} marker on its 100 side")
    for tile in board["buildings"]:
        pad.tick(building_label(tile))


def check_board(pad: Pad, company: str, board: dict[str, Any]) -> None:
    """What the company's board shows once every company was entered: nothing was lost."""
    page = pad.page
    name = NAMES[company]
    page.get_by_role("radio", name=name).click()
    for key, value in board["fields"].items():
        expect(page.get_by_label(f"{name} {FIELDS[key]}", exact=True)).to_have_value(str(value))
    for space, (level, drops) in board["dams"].items():
        for what, n in (("level", level), ("drops held", drops)):
            group = page.get_by_role("group", name=f"{short_space_name(space)}: {what}")
            expect(group.get_by_role("radio", name=str(n), exact=True)).to_be_checked()
    for tile in board["buildings"]:
        expect(page.get_by_label(building_label(tile), exact=True)).to_be_checked()


def check_totals(page: Page, totals: dict[str, int], statement: str) -> None:
    for company, total in totals.items():
        cell = page.get_by_role("button", name=f"{NAMES[company]} total: {total}", exact=True)
        expect(cell).to_be_visible()
    expect(page.locator("#winner")).to_have_text(statement)


def fits_and_axe(page: Page, width: int, where: str) -> list[str]:
    """The layout check, axe-core's serious or critical violations (test_every_size), and any
    space id on the screen."""
    problems = [f"{where}: {p}" for p in page.evaluate(LAYOUT, width)]
    shown = page.locator("body").inner_text()
    problems += [f"{where}: space id {m!r} on the screen" for m in SPACE_ID.findall(shown)]
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return problems + [f"{where}: {p}" for p in page.evaluate(AXE_RUN)]


def device(browser: Any, base_url: str, size: tuple[int, int], **extra: Any) -> Any:
    w, h = size
    phone = w < 600
    context = browser.new_context(
        viewport={"width": w, "height": h},
        base_url=base_url,
        reduced_motion="reduce",
        bypass_csp=True,  # axe-core is injected as a script
        is_mobile=phone,
        has_touch=phone,
        **extra,
    )
    context.set_default_timeout(10_000)
    return context


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_typed_number_stays_and_the_totals_are_the_engines(
    browser: Any, base_url: str, screens: Path, size: tuple[int, int]
) -> None:
    w, h = size
    context = device(browser, base_url, size, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    pad = Pad(page)
    pad.open()
    pad.select("Player 4 company", "netherlands")
    pad.select("Objective tile", GAME["objective"])
    ways = cycle(["click", "tab", "elsewhere", "paste", "steppers"])
    for company, board in GAME["players"].items():
        enter_board(pad, company, board, ways)
    for company, board in GAME["players"].items():
        check_board(pad, company, board)
    problems = fits_and_axe(page, w, "entry")
    page.screenshot(path=str(screens / f"audit-pad-{w}x{h}.png"), full_page=True)

    expected = audit_standalone(engine_entry(GAME))
    pad.score()
    check_totals(page, expected["totals"], expected["result"]["statement"])
    problems += fits_and_axe(page, w, "result")
    page.screenshot(path=str(screens / f"audit-result-{w}x{h}.png"), full_page=True)
    context.close()
    assert not errors, errors
    assert not problems, "\n".join(problems)


def test_a_four_player_game_in_at_most_60_inputs(browser: Any, base_url: str) -> None:
    """The shortest way a person enters GAME: the pad's defaults (4 seats, 0 in every field,
    a Base at level 1 holding nothing, USA placed first) leave only what differs."""
    context = device(browser, base_url, (1280, 800))
    page = context.new_page()
    pad = Pad(page)
    pad.open()
    pad.select("Player 4 company", "netherlands")
    pad.select("Objective tile", GAME["objective"])
    # the last round's Energy only breaks a tie, and this game has none
    boards = {
        c: {**b, "fields": {k: v for k, v in b["fields"].items() if k != "last_round_energy"}}
        for c, b in GAME["players"].items()
    }
    for company, board in boards.items():
        enter_board(pad, company, board)
    expected = audit_standalone(engine_entry({**GAME, "players": boards}))
    pad.score()
    check_totals(page, expected["totals"], expected["result"]["statement"])
    pieces = sum(
        sum(lv for lv, _ in b["dams"].values()) + len(b["conduits"]) + len(b["powerhouses"])
        for b in boards.values()
    )
    print(
        f"\n4 players, The Leeghwater Project, {pieces} pieces on the map: {pad.inputs} inputs,"
        f" about {pad.inputs * 3 // 60} min {pad.inputs * 3 % 60} s at 3 s an input"
    )
    assert pad.inputs <= 60
    context.close()


# -- a game the engine tracked to the end, entered on the pad ----------------------------------

# 4 players with The Leeghwater Project, dealt by the app and played to the end by random legal
# moves: the Netherlands among them, Private Buildings activated. (Many seeds end with a VP
# marker below 0, which the printed track cannot show: this one does not.)
TRACKED = {
    "mode": "full",
    "deals": "app",
    "seed": 24,
    "expansion": True,
    "seats": [{"kind": "human", "name": n} for n in ("Ann", "Bo", "Cy", "Di")],
}
END_OF_GAME = {"objective", "resources", "building", "water"}


def marker_before_final_scoring(state: GameState, company: str) -> int:
    """The VP marker as the table reads it before scoring the end: the final total less the
    lines the end of the game wrote (the last lines of the ledger, in the scoring phase)."""
    player = state.players[company]
    vp = player.vp
    for line in reversed(player.ledger):
        if line.phase != "scoring" or line.category not in END_OF_GAME:
            break
        vp -= line.vp
    return vp


def board_of(state: GameState, company: str) -> dict[str, Any]:
    """What the table shows of a company at the end: its pieces, supplies, Buildings."""
    p = state.players[company]
    marker = marker_before_final_scoring(state, company)
    return {
        "dams": {s: (d.level, d.drops) for s, d in state.dams.items() if d.owner == company},
        "conduits": [s for s, o in state.conduits.items() if o == company],
        "powerhouses": [s for s, o in state.powerhouses.items() if o == company],
        "officer": p.officer,
        "flipped": marker >= 100,
        "fields": {
            "vp_marker": marker % 100,
            "credits": p.credits,
            "excavators": p.excavators,
            "mixers": p.mixers,
            "last_round_energy": p.last_round_energy,
        },
        "buildings": list(leeghwater.activated(state, company)),
    }


def test_a_tracked_game_entered_on_the_pad_scores_as_the_engine_did(
    browser: Any, base_url: str
) -> None:
    _, final = seeded_game(TRACKED)
    assert "netherlands" in final.players
    assert all(marker_before_final_scoring(final, c) >= 0 for c in final.players)
    assert any(leeghwater.activated(final, c) for c in final.players)
    context = device(browser, base_url, (390, 844))
    page = context.new_page()
    pad = Pad(page)
    pad.open()
    seats = list(final.players)
    # the pad seats USA, Germany, Italy and France: a company that did not play gives its seat
    defaults = ["usa", "germany", "italy", "france"]
    missing = [c for c in seats if c not in defaults]
    for i, company in enumerate(defaults):
        if company not in seats:
            pad.select(f"Player {i + 1} company", missing.pop())
    pad.select("Objective tile", final.objective)
    for company in seats:
        enter_board(pad, company, board_of(final, company))
    pad.score()
    for company, scores in final.final_scores.items():
        total = f"{NAMES[company]} total: {scores['total']}"
        expect(page.get_by_role("button", name=total, exact=True)).to_be_visible()
    winners = [NAMES[c] for c, f in final.final_scores.items() if f["winner"]]
    for name in winners:
        expect(page.locator("#winner")).to_contain_text(name)
    context.close()


# -- an Italian phone ----------------------------------------------------------------------------

ITALIAN = {"usa": "USA", "germany": "Germania", "italy": "Italia", "netherlands": "Paesi Bassi"}
ENGLISH_LEFT = re.compile(
    r"\b(?:Germany|Italy|Netherlands|Total|VP marker|Resources|Water|Score)\b"
)


def test_the_score_pad_speaks_italian_on_an_italian_phone(
    browser: Any, base_url: str, screens: Path
) -> None:
    """Issue 20 point 6: the company buttons and the result table in Italian (360×640)."""
    context = device(browser, base_url, (360, 640), locale="it-IT")
    page = context.new_page()
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator('#audit-map [data-space="1U"]').wait_for()
    page.get_by_label("Compagnia del giocatore 4").select_option("netherlands")
    page.get_by_label("Tessera Obiettivo").select_option("O_BASINS_1")
    for company, name in ITALIAN.items():
        page.get_by_role("radio", name=name).click()
        expect(page.locator("#panel-title")).to_contain_text(name)
        first_dam = next(iter(GAME["players"][company]["dams"]))
        page.locator(f'#audit-map [data-space="{first_dam}"]').click()
        page.get_by_label(f"{name}: segnalino PV", exact=True).fill("40")
    page.get_by_role("button", name="Calcola il punteggio").click()
    expect(page.locator("#results")).to_be_visible()
    table = page.locator("#result-table")
    for name in ITALIAN.values():
        expect(table.locator("thead")).to_contain_text(name)
    expect(table).to_contain_text("Segnalino PV")
    expect(table).to_contain_text("Totale")
    shown = page.locator("body").inner_text()
    assert ENGLISH_LEFT.findall(shown) == []
    assert SPACE_ID.findall(shown) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(screens / "audit-result-it-360x640.png"), full_page=True)
    context.close()


def test_score_without_the_server_says_so_and_keeps_the_entry(browser: Any, base_url: str) -> None:
    """Issue 20 point 8 on this page: a tap on Score that cannot reach the server says so; the
    entry stays, and the next Score once the server answers scores it."""
    context = device(browser, base_url, (390, 844))
    page = context.new_page()
    pad = Pad(page)
    pad.open()
    pad.select("Objective tile", "O_BASINS_1")
    pad.tap_space("1U")
    pad.type_number("USA VP marker", 61)
    page.route("**/api/audit/standalone", lambda route: route.abort())
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#errors")).to_contain_text("The server cannot be reached")
    expect(page.get_by_label("USA VP marker", exact=True)).to_have_value("61")
    page.unroute("**/api/audit/standalone")
    pad.score()
    expect(page.locator("#winner")).to_contain_text("USA")
    context.close()
