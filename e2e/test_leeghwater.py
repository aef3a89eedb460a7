"""The Leeghwater Project at the table: a full game with the expansion set up by table deals
(expansion rulebook, Setup: the face-up External Works of pile A and 5 Private Buildings), the
Netherlands chosen for a seat, then the Extra Management board in play: an Automa does an
External Work, a person fulfils one, another builds a Private Building and uses its action.
Moves are chosen only from what the page offers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e import flows
from e2e.test_audit import NAMES, enter_board
from e2e.test_score_pad_three import BOARDS
from e2e.test_setup_table_draft import option_values

EXTERNAL = ["A2", "A4", "A5"]  # three tiles of pile A face up (Setup, X22)
# the printed tiles carry no number (leeghwater.md §3.2): A2, A4, A5 are shown by their faces
A2_WORDS = "discard 1 Concrete Mixer → 3 Credits and rotate the wheel 2 segments"
A4_WORDS = "discard 1 Excavator + 1 Concrete Mixer → 2 Credits and build a Powerhouse for free"
# an External Work id (A1 … C5) that must never stand on a screen
TILE_ID = re.compile(r"\b[ABC][1-5]\b")
BUILDINGS = ["cofferdam", "development_office", "research_lab", "loan_agency", "wind_farm"]


BEN = {"kind": "human", "name": "Ben", "company": "usa", "officer": "wilhelm_adler"}


def ann(officer: str) -> dict[str, Any]:
    """Ann plays the Netherlands with `officer`."""
    return {"kind": "human", "name": "Ann", "company": "netherlands", "officer": officer}


def _expansion_game(page: Page, *seats: dict[str, Any], seed: int = 7) -> tuple[str, int]:
    """A full game with The Leeghwater Project dealt by the app: its id and version."""
    setup = {"mode": "full", "deals": "app", "seed": seed, "expansion": True, "seats": list(seats)}
    response = page.request.post("/api/games", data={"setup": setup})
    assert response.ok, response.text()
    return response.json()["game"]["id"], response.json()["version"]


def _setup_expansion_game(page: Page) -> str:
    """3 seats: Ann (Netherlands), Ben (USA), a level-2 Automa; the table deals the tiles."""
    page.goto("/setup")
    page.get_by_label("Full game").check()
    page.get_by_label("3 players").check()
    page.get_by_label("The Leeghwater Project").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Chosen here for every seat").check()
    # with the expansion the Netherlands and the 4 new officers can be chosen
    assert "netherlands" in option_values(page, "Seat 1 company")
    assert "margot_fouche" in option_values(page, "Seat 1 executive officer")
    page.get_by_label("Seat 1 name").fill("Ann")
    page.get_by_label("Seat 1 company").select_option("netherlands")
    page.get_by_label("Seat 1 executive officer").select_option("margot_fouche")
    page.get_by_label("Seat 2 name").fill("Ben")
    page.get_by_label("Seat 2 company").select_option("usa")
    page.get_by_label("Seat 2 executive officer").select_option("wilhelm_adler")
    page.get_by_label("Seat 3 played by").select_option("automa")
    page.get_by_label("Seat 3 company").select_option("italy")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The table draws and enters what it drew").check()
    page.get_by_label(re.compile("Seed")).fill("7")  # the Automa's deck, shuffled from it
    # the External Works lists offer pile A only, each tile with its cost and reward
    assert option_values(page, "External Work 1") == ["A1", "A2", "A3", "A4", "A5"]
    first = page.get_by_label("External Work 1", exact=True)
    a5 = "pile A: discard 2 Excavators → 4 Credits"
    expect(first.locator("option", has_text=a5)).to_have_count(1)
    _no_tile_id(first.locator("option").all_inner_texts())
    for i, tile in enumerate(EXTERNAL, start=1):
        page.get_by_label(f"External Work {i}", exact=True).select_option(tile)
    assert EXTERNAL[0] not in option_values(page, "External Work 2")
    assert len(option_values(page, "Private Building 1")) == 10
    for i, tile in enumerate(BUILDINGS, start=1):
        page.get_by_label(f"Private Building {i}", exact=True).select_option(tile)
    # the bonus draw includes the expansion's two tiles, the Patent Office its Building tile
    assert "B_BUILDINGS" in option_values(page, "Round 1 bonus tile")
    assert "L1_BUILDING" in option_values(page, "Patent Office tile 1")
    page.get_by_label("Seat 1 (Ann): Starting Contract", exact=True).select_option("S1")
    page.get_by_label("Seat 2 (Ben): Starting Contract", exact=True).select_option("S2")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    checklist = page.locator("#checklist")
    expect(checklist).to_contain_text(f"External Works face up: pile A: {A2_WORDS}")
    _no_tile_id([checklist.inner_text()])
    expect(checklist).to_contain_text("Private Building 1: Cofferdam")
    # 3 players: building space 4 of every tile is covered (ruling L8)
    expect(checklist).to_contain_text("on each of its 1 closed building space(s)")
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    return href.rstrip("/").split("/")[-1]


def _active(page: Page) -> str:
    return str(flows.shown(page)["state"]["active"])


def _tap_choice(page: Page, action: str, text: str, game_id: str) -> None:
    """Tap an action, the choice whose label holds `text` (opening its group first), Confirm."""
    version = flows.shown(page)["version"]
    flows.action_button(page, action).click()
    group = flows.choices(page).filter(has_text=text).first
    expect(group).to_be_visible()
    if action == "External Works":  # the choices name each tile by its printed face
        _no_tile_id(flows.choices(page).all_inner_texts())
    group.click()
    if page.get_by_role("button", name="Confirm").count() == 0:
        flows.choices(page).filter(has_text=text).filter(has_not_text="All choices").first.click()
    flows.confirm(page, version, game_id)
    flows.close_instructions(page)
    while flows.answer_pending(page, game_id):
        pass


def test_expansion_game_by_table_deals(page: Page, screens: Path) -> None:
    game_id = _setup_expansion_game(page)
    state = flows.game(page, game_id)["state"]
    assert state["setup"]["expansion"] is True
    assert state["leeghwater"]["external_offer"] == EXTERNAL
    assert state["leeghwater"]["buildings"] == BUILDINGS
    assert state["players"]["netherlands"]["name"] == "Ann"

    flows.open_game(page)
    flows.close_instructions(page)
    board = page.get_by_role("region", name="Extra Management board")
    expect(board.locator("[data-ew='A5']")).to_contain_text("Discard 2 Excavators")
    expect(board.locator("[data-building='cofferdam']")).to_contain_text("Cofferdam")
    # 3 players: space 4 closed on every tile, spaces 1-3 free (ruling L8)
    expect(board.locator(".bs.closed")).to_have_count(5)
    expect(board.locator(".bs.free")).to_have_count(15)

    # the Automa moves first (ruling A11): the table has it do an External Work
    assert flows.shown(page)["state"]["players"][_active(page)]["kind"] == "automa"
    page.get_by_role("region", name="Automa turn").get_by_role(
        "button", name="Choose another legal move"
    ).click()
    _tap_choice(page, "External Works", "External Work: discard 1 Concrete Mixer →", game_id)
    taken = flows.game(page, game_id)["state"]["leeghwater"]["external_taken"]
    assert taken.get("italy") == ["A2"]
    expect(board).to_contain_text(f"External Works done: Italy: pile A: {A2_WORDS}")

    # the people in turn order: Ben fulfils an External Work, Ann builds the Cofferdam
    done = {"usa": False, "netherlands": False}
    while not all(done.values()):
        who = _active(page)
        if flows.answer_pending(page, game_id):  # a refill the table drew, or a choice
            continue
        if who == "italy":
            flows.automa_turn(page, game_id)
        elif who == "usa" and not done["usa"]:
            _tap_choice(
                page, "External Works", "External Work: discard 1 Excavator and 1 Concrete", game_id
            )
            assert flows.game(page, game_id)["state"]["leeghwater"]["external_taken"]["usa"] == [
                "A4"
            ]
            done["usa"] = True
        elif who == "netherlands" and not done["netherlands"]:
            _tap_choice(page, "Build", "Building next to Cofferdam, space 1", game_id)
            done["netherlands"] = True
        else:
            flows.bank_all(page, game_id)
    spaces = flows.game(page, game_id)["state"]["leeghwater"]["building_spaces"]
    assert spaces["cofferdam"][0] == "netherlands"
    expect(board.locator("[data-building='cofferdam'] .bs.built")).to_have_count(1)

    # Ann's next turn: the Cofferdam's action, from the action bar
    while _active(page) != "netherlands" or flows.shown(page)["options"].get("pending"):
        if flows.answer_pending(page, game_id):
            continue
        if _active(page) == "italy":
            flows.automa_turn(page, game_id)
        else:
            flows.bank_all(page, game_id)
    flows.action_button(page, "Private Buildings").click()
    offered = flows.choices(page).filter(has_text="Cofferdam")
    expect(offered.first).to_be_visible()
    expect(offered.first).to_contain_text("Eng.")
    page.screenshot(
        path=str(screens / "tablet-leeghwater-board.png"), full_page=True, animations="disabled"
    )
    flows.action_button(page, "Private Buildings").click()  # closes the choices again
    _tap_choice(page, "Private Buildings", "Cofferdam", game_id)
    occupied = flows.game(page, game_id)["state"]["occupied"]
    assert "netherlands" in {occupied.get(f"PB_cofferdam_{s}") for s in ("L", "R1", "R2", "R3")}
    expect(board.locator("[data-building='cofferdam'] .as.taken")).to_have_count(1)

    # the company board names the Building and its action
    page.locator("[data-open-board='netherlands']").click()
    sheet = page.locator("#sheet")
    expect(sheet.get_by_test_id("buildings-row")).to_contain_text("Buildings 1/5")
    expect(sheet.get_by_test_id("buildings-row")).to_contain_text("Cofferdam (3 VP)")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    # the product's rule: no External Work id alone on a screen (leeghwater.md §3.2)
    expect(board).to_contain_text(f"pile A: {A4_WORDS}")
    _no_tile_id([board.inner_text(), page.locator("#companies").inner_text()])
    page.get_by_role("button", name="Game log").click()
    log = page.get_by_role("dialog", name="Log")
    expect(log).to_contain_text(f"External Work: {A2_WORDS}")
    _no_tile_id([log.inner_text()])
    log.get_by_role("button", name="Close").click()
    page.locator("#extra-title").scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "tablet-leeghwater-extra-board.png"), animations="disabled")
    page.locator("[data-building='cofferdam']").scroll_into_view_if_needed()
    page.screenshot(path=str(screens / "tablet-leeghwater-buildings.png"), animations="disabled")
    _no_small_targets(page, "#extra-board, #actions, #choices")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert not page.js_errors


def _no_tile_id(texts: list[str]) -> None:
    """No External Work id (A1 … C5) in these visible texts: the tiles carry no number."""
    assert [t for t in texts if TILE_ID.search(t)] == [], [TILE_ID.findall(t) for t in texts]


def _no_small_targets(page: Page, selector: str) -> None:
    """Every control in these panels is at least 44 px each way (UX.md: tap targets)."""
    small = page.evaluate(
        """sel => [...document.querySelectorAll(sel)].flatMap(root =>
            [...root.querySelectorAll('button, select, input')])
          .filter(b => b.offsetParent !== null)
          .map(b => b.closest('label') || b)  // a checkbox is tapped through its label
          .map(b => [b.textContent.trim(), b.getBoundingClientRect()])
          .filter(([, r]) => r.width < 44 || r.height < 44)
          .map(([text]) => text)""",
        selector,
    )
    assert small == []


def test_phone_shows_the_extra_management_board(phone: Page, screens: Path) -> None:
    """A phone: the Extra Management board readable and nothing wider than the screen."""
    response = phone.request.post(
        "/api/games",
        data={
            "setup": {
                "mode": "full",
                "deals": "app",
                "seed": 5,
                "expansion": True,
                "seats": [
                    {
                        "kind": "human",
                        "name": "Ann",
                        "company": "netherlands",
                        "officer": "tommaso_battista",
                    },
                    {
                        "kind": "human",
                        "name": "Ben",
                        "company": "germany",
                        "officer": "simone_luciani",
                    },
                    {"kind": "automa", "automa_level": 2, "name": "Bot"},
                    {
                        "kind": "human",
                        "name": "Cid",
                        "company": "france",
                        "officer": "leslie_spencer",
                    },
                ],
            }
        },
    )
    assert response.ok, response.text()
    game_id = response.json()["game"]["id"]
    phone.goto(f"/games/{game_id}")
    expect(phone.locator("#status")).to_contain_text("Round")
    flows.close_instructions(phone)
    board = phone.get_by_role("region", name="Extra Management board")
    phone.locator("#extra-title").scroll_into_view_if_needed()
    # 4 players: every building space open (ruling L8)
    expect(board.locator(".bs.closed")).to_have_count(0)
    expect(board.locator(".ew-tile")).to_have_count(3)
    phone.screenshot(path=str(screens / "phone-leeghwater-board.png"), animations="disabled")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.js_errors


def test_score_pad_scores_the_private_buildings_of_x10(page: Page) -> None:
    """The standalone score pad with the expansion: X10 (leeghwater.md) — the Cofferdam, Loan
    Agency, Wind Farm and Customer Office activated score 3 + 4 + 5 + 7 = 19 VP at the end, on
    top of the three-company example worked by hand in test_score_pad_three (USA 73 VP)."""
    page.goto("/audit")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator('#audit-map [data-space="1U"]').wait_for()
    page.get_by_role("button", name="Remove France").click()
    page.get_by_label("Objective tile").select_option("O_BASINS_1")
    # without the Netherlands, the table says it plays the expansion (its Buildings show then)
    page.get_by_label("The Leeghwater Project").check()
    for company, board in BOARDS.items():
        enter_board(page, company, board)
    page.get_by_role("radio", name=NAMES["usa"]).click()
    for building in (
        "Cofferdam (3 VP)",
        "Loan Agency (4 VP)",
        "Wind Farm (5 VP)",
        "Customer Office (7 VP)",
    ):
        page.get_by_label(building, exact=True).check()
    _no_small_targets(page, "#player-panel .buildings")
    page.get_by_role("button", name="Score the game").click()
    page.locator("#results").wait_for()
    expect(page.get_by_role("button", name="USA Private Buildings: 19")).to_be_visible()
    expect(page.get_by_role("button", name="Germany Private Buildings: 0")).to_be_visible()
    expect(page.get_by_role("button", name="USA total: 92")).to_be_visible()
    expect(page.locator("#winner")).to_have_text("Winner: USA with 92 VP.")
    assert page.js_errors == []


def _netherlands_position() -> dict[str, Any]:
    """The Netherlands with 3 Powerhouses (the ability works from the 3rd, Appendix 2), a dam
    on 1U holding 1 drop, its conduit C1L to the powerhouse P8-1, and another dam on 2U."""
    pieces = [
        ("1U", "base"),
        ("2U", "base"),
        ("C1L", "conduit"),
        ("P8-1", "powerhouse"),
        ("P5-1", "powerhouse"),
        ("P5-2", "powerhouse"),
    ]
    lines: list[dict[str, Any]] = [
        {
            "what": "structure",
            "company": "netherlands",
            "space": space,
            "value": {"structure": kind, "present": True},
        }
        for space, kind in pieces
    ]
    lines.append({"what": "dam_drops", "space": "1U", "value": 1})
    return {
        "type": "correct",
        "what": "position",
        "value": {"active": "netherlands", "map": lines},
        "reason": "a position begun on paper",
    }


def test_netherlands_extra_drop_after_a_production(page: Page, screens: Path) -> None:
    """X15: after a production from 1U the Netherlands may put 1 drop from the general supply
    on another own dam with room (2U here; never the dam just used), and it does not flow."""
    game_id, version = _expansion_game(page, ann("margot_fouche"), BEN)
    arranged = page.request.post(
        f"/api/games/{game_id}/commands",
        data={"command": _netherlands_position(), "version": version},
    )
    assert arranged.ok, arranged.text()
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)

    version = flows.shown(page)["version"]
    flows.action_button(page, "Produce").click()
    flows.choices(page).filter(has_text="1 drop").first.click()
    flows.confirm(page, version, game_id)
    flows.close_instructions(page)
    pending = flows.shown(page)["options"]["pending"]
    assert pending["kind"] == "company_drop"
    # the other dam is offered (in words, not by its id), the dam just used is not
    offered = flows.choices(page).filter(has_text="1 drop on")
    expect(offered).to_have_count(1)
    expect(offered).not_to_contain_text("2U")
    expect(flows.choices(page).filter(has_text="Decline")).to_have_count(1)
    page.screenshot(path=str(screens / "tablet-netherlands-extra-drop.png"), animations="disabled")
    version = flows.shown(page)["version"]
    offered.click()
    flows.confirm(page, version, game_id)
    dams = flows.game(page, game_id)["state"]["dams"]
    assert (dams["1U"]["drops"], dams["2U"]["drops"]) == (0, 1)
    assert not page.js_errors


def test_an_automa_does_an_external_work(page: Page, screens: Path) -> None:
    """The Automa with the expansion (leeghwater.md, Automa §10) takes an External Work on its
    own turn: the table taps Apply and the board shows the tile gone and done by it. With seed
    34 its criteria pick an External Work within its first turns."""
    game_id, version = _expansion_game(
        page,
        ann("margot_fouche"),
        {"kind": "automa", "automa_level": 3, "name": "Bot", "company": "italy"},
        BEN,
        seed=34,
    )
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    offer_before = flows.shown(page)["state"]["leeghwater"]["external_offer"]
    for _ in range(20):
        if flows.shown(page)["state"]["leeghwater"]["external_taken"].get("italy"):
            break
        if flows.answer_pending(page, game_id):
            continue
        if _active(page) == "italy":
            flows.automa_turn(page, game_id)
        else:
            flows.bank_all(page, game_id)
    taken = flows.shown(page)["state"]["leeghwater"]["external_taken"]["italy"]
    assert len(taken) == 1 and taken[0] in offer_before
    board = page.get_by_role("region", name="Extra Management board")
    # named by its printed face (a tile of pile A in round 1), never by its id
    expect(board).to_contain_text("External Works done: Italy: pile A: discard ")
    _no_tile_id([board.inner_text()])
    expect(board.locator(f"[data-ew='{taken[0]}']")).to_have_count(0)
    expect(board.locator(".ew-tile.empty")).to_have_count(1)
    log = flows.game(page, game_id)["log"]
    assert any("External Work" in " ".join(e["lines"]) for e in log)
    assert not page.js_errors


def test_correct_the_extra_management_board(page: Page, screens: Path) -> None:
    """The correction sheet sets what the Extra Management board shows (docs/commands.md,
    Corrections: external_offer, building_spaces): a tile the table laid face up by mistake,
    a Building the app missed."""
    game_id, version = _expansion_game(page, ann("margot_fouche"), BEN)
    first = flows.game(page, game_id)["state"]["leeghwater"]["buildings"][0]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    page.get_by_role("button", name="Correct a value").click()
    sheet = page.get_by_role("dialog", name="Correct a value")
    sheet.get_by_label("What to correct").select_option("extra")
    slot_1 = sheet.get_by_label("External Work, slot 1")
    # values stay ids; the options read as the tiles are printed (C1: 2 E + 4 M → 8 VP, wheel 3)
    expect(slot_1.locator("option[value='C1']")).to_have_text(
        "pile C: discard 2 Excavators + 4 Concrete Mixers → 8 VP and rotate the wheel 3 segments"
    )
    _no_tile_id(slot_1.locator("option").all_inner_texts())
    # two people: no Automa's Building can have closed a left action space (§10)
    expect(sheet.get_by_text("left action space closed by an Automa")).to_have_count(0)
    slot_1.select_option("C1")
    name = page.evaluate(
        "id => document.querySelector(`[data-building='${id}'] .band`)"
        ".textContent.replace(/^\\d+\\. /, '')",
        first,
    )
    sheet.get_by_label(f"{name}, building space 1").select_option("netherlands")
    page.screenshot(path=str(screens / "tablet-leeghwater-correction.png"), animations="disabled")
    sheet.get_by_label("Reason (required)").fill("the table laid C1 and Ann built")
    sheet.get_by_role("button", name="Apply correction").click()
    expect(sheet).to_be_hidden()
    lw = flows.game(page, game_id)["state"]["leeghwater"]
    assert lw["external_offer"][0] == "C1"
    assert lw["building_spaces"][first][0] == "netherlands"
    board = page.get_by_role("region", name="Extra Management board")
    expect(board.locator("[data-ew='C1']")).to_have_count(1)
    expect(board.locator(f"[data-building='{first}'] .bs.built")).to_have_count(1)
    assert not page.js_errors


def test_tommaso_battistas_architect_from_the_confirm_bar(page: Page) -> None:
    """X17: Tommaso Battista's Architect alone on a 1-Engineer construction space gives an
    extra turn. The confirm bar offers "with the Architect" only to him; the command carries it."""
    game_id, version = _expansion_game(page, ann("tommaso_battista"), BEN)
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    assert _active(page) == "usa"
    flows.action_button(page, "Bank").click()
    flows.choices(page).first.click()
    expect(page.get_by_label("with the Architect")).to_have_count(0)  # Wilhelm Adler's turn
    page.get_by_role("button", name="Cancel").click()
    flows.bank_all(page, game_id)
    assert _active(page) == "netherlands"
    version = flows.shown(page)["version"]
    flows.action_button(page, "Build").click()
    page.locator('svg.map .space.legal[data-space="1U"]').click()
    if page.get_by_role("button", name="Confirm").count() == 0:
        flows.choices(page).filter(has_not_text="All choices").first.click()
    page.get_by_label("with the Architect").check()
    flows.confirm(page, version, game_id)
    view = flows.game(page, game_id)
    assert view["state"]["dams"]["1U"]["owner"] == "netherlands"
    assert view["options"]["pending"]["player"] == "netherlands"
    expect(page.locator("#action-bar")).to_contain_text("The Architect stood alone")
    assert not page.js_errors


def test_the_extra_management_board_in_italian(browser: Any, base_url: str, screens: Path) -> None:
    """An Italian tablet (issue 13): the board, its tiles' rewards and actions, and the
    External Works choices read in Italian."""
    from e2e.conftest import TABLET, _page

    for page in _page(browser, base_url, TABLET, locale="it-IT"):
        response = page.request.post(
            "/api/games",
            data={
                "setup": {
                    "mode": "full",
                    "deals": "app",
                    "seed": 5,
                    "expansion": True,
                    "seats": [
                        {
                            "kind": "human",
                            "name": "Ann",
                            "company": "netherlands",
                            "officer": "margot_fouche",
                        },
                        {
                            "kind": "human",
                            "name": "Ben",
                            "company": "germany",
                            "officer": "simone_luciani",
                        },
                    ],
                }
            },
        )
        assert response.ok, response.text()
        game_id = response.json()["game"]["id"]
        page.goto(f"/games/{game_id}")
        expect(page.locator("html")).to_have_attribute("lang", "it")
        board = page.get_by_role("region", name="Plancia Gestione Extra")
        expect(board).to_contain_text("Lavori Esterni")
        expect(board).to_contain_text("Edifici Privati")
        expect(board.locator(".ew-tile").first).to_contain_text("Scarta")
        expect(board.locator(".pb-tile .reward").first).to_contain_text("Azione:")
        page.keyboard.press("Escape")
        external = page.locator("[data-action='external_work']")
        expect(external).to_have_text("Lavori Esterni")
        external.click()
        first = page.locator("#choices .choice").first
        expect(first).to_contain_text("Lavoro Esterno")
        expect(first).to_contain_text("scarta")
        english = page.evaluate(
            "() => [...document.querySelectorAll('#extra-board .reward, #choices .label')]"
            ".map(n => n.textContent).filter(tx => /\\b(Credits|and|the|your)\\b/.test(tx))"
        )
        assert english == []
        page.locator("#extra-title").scroll_into_view_if_needed()
        page.screenshot(path=str(screens / "tablet-leeghwater-board-it.png"), animations="disabled")
        assert not page.js_errors


def test_introductory_game_with_the_expansion_dealt_by_the_app(page: Page, screens: Path) -> None:
    """The switch works for the introductory game too (docs/commands.md): its columns stay
    USA, Germany, Italy, France (p. 8), the app deals the Extra Management board and the
    checklist lists it."""
    page.goto("/setup")
    page.get_by_label("Introductory game").check()
    page.get_by_label("2 players").check()
    page.get_by_label("The Leeghwater Project").check()
    page.get_by_role("button", name="Next").click()
    assert "netherlands" not in option_values(page, "Seat 1 company")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The app draws (seeded)").check()
    page.get_by_label(re.compile("Seed")).fill("12")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    checklist = page.locator("#checklist")
    expect(checklist).to_contain_text(
        "Extra Management board, External Works face up: pile A: discard "
    )
    _no_tile_id([checklist.inner_text()])
    expect(checklist).to_contain_text("Private Building 5:")
    expect(checklist).to_contain_text("Every company takes its Building Technology tile.")
    page.screenshot(
        path=str(screens / "tablet-setup-leeghwater-checklist.png"),
        full_page=True,
        animations="disabled",
    )
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    state = flows.game(page, href.rstrip("/").split("/")[-1])["state"]
    assert state["setup"] == {**state["setup"], "mode": "introductory", "expansion": True}
    assert len(state["leeghwater"]["buildings"]) == 5
    assert state["patent_offer"] == []  # no Patent Office in the introductory game
    assert not page.js_errors


def test_a_building_space_is_tapped_on_the_extra_management_board(page: Page) -> None:
    """Build a Building by tapping its building space on the board, as a map space is tapped
    (UX: the same two taps): Build, the space, Confirm."""
    game_id, version = _expansion_game(page, ann("margot_fouche"), BEN)
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    tile = flows.shown(page)["state"]["leeghwater"]["buildings"][1]
    who = _active(page)
    version = flows.shown(page)["version"]
    flows.action_button(page, "Build").click()
    space = page.locator(f"#extra-board [data-space='BS_{tile}_2']")
    expect(space).to_be_visible()
    expect(space).to_have_attribute("aria-label", "Build here: building space 2")
    space.click()
    expect(page.locator("#choices")).to_contain_text("building space 2")
    expect(page.locator("#choices")).not_to_contain_text("BS_")
    expect(page.locator("#extra-board .bs.legal.selected")).to_have_count(1)
    flows.confirm(page, version, game_id)
    view = flows.game(page, game_id)["state"]
    assert view["leeghwater"]["building_spaces"][tile][1] == who
    # the score audit projects the Building's VP (X10: the tile's printed VP at the end)
    vp = next(b["vp"] for b in view["extra_management_board"]["buildings"] if b["id"] == tile)
    page.goto(f"/audit/games/{game_id}")
    row = page.locator("tr.projection", has_text="+ Private Buildings (now)")
    expect(row).to_be_visible()
    expect(row.locator("td")).to_have_text(
        [str(vp), "0"] if who == "netherlands" else ["0", str(vp)]
    )
    assert not page.js_errors


def test_table_deals_refill_the_external_works_row_by_asking(page: Page, screens: Path) -> None:
    """Table deals (docs/commands.md): at the end of the round the External Works row is laid
    anew from pile A (leeghwater.md §3.4, X22) by asking the table which tile it drew; each
    tile still in the pile is offered by its printed cost and reward, never by its id alone."""
    response = page.request.post(
        "/api/games",
        data={
            "setup": {
                "mode": "full",
                "deals": "table",
                "seed": 7,
                "expansion": True,
                "seats": [
                    {
                        "kind": "human",
                        "name": "Ann",
                        "company": "netherlands",
                        "officer": "margot_fouche",
                        "contract": "S1",
                    },
                    {
                        "kind": "human",
                        "name": "Ben",
                        "company": "usa",
                        "officer": "wilhelm_adler",
                        "contract": "S2",
                    },
                ],
            }
        },
    )
    assert response.ok, response.text()
    game_id = response.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    done = False
    for _ in range(40):
        pending = flows.shown(page)["options"].get("pending")
        if pending and pending["kind"] == "table_draw" and "External Work" in pending["reason"]:
            break
        if pending:
            flows.answer_pending(page, game_id)
        elif not done:
            _tap_choice(page, "External Works", "External Work", game_id)
            done = True
        else:
            flows.play_turn(page, game_id, build=False)
    drawable = pending["options"]["drawable"]
    offered = flows.choices(page)
    expect(offered).to_have_count(len(drawable))
    # each drawable tile by its printed face: the pile of its back, its cost and its reward
    expect(offered.first).to_contain_text(f"pile {drawable[0][0]}: discard ")
    expect(offered.first).to_contain_text("→")
    _no_tile_id(offered.all_inner_texts())
    page.screenshot(path=str(screens / "tablet-leeghwater-refill-draw.png"), animations="disabled")
    version = flows.shown(page)["version"]
    offered.first.click()
    flows.confirm(page, version, game_id)
    for _ in range(6):  # the other two tiles of the row, then the round goes on
        pending = flows.shown(page)["options"].get("pending")
        if not pending or pending["kind"] != "table_draw":
            break
        flows.answer_pending(page, game_id)
    assert drawable[0] in flows.game(page, game_id)["state"]["leeghwater"]["external_offer"]
    assert not page.js_errors


def test_the_bonus_tile_correction_offers_the_expansion_tiles(page: Page) -> None:
    """X11/X12: the 2 expansion bonus tiles are in the draw, so the correction sheet offers
    them for a round's bonus tile (and keeps a game's own tile selected)."""
    response = page.request.post(
        "/api/games",
        data={
            "setup": {
                "mode": "full",
                "deals": "app",
                "seed": 7,
                "expansion": True,
                "seats": [
                    {
                        "kind": "human",
                        "name": "Ann",
                        "company": "netherlands",
                        "officer": "margot_fouche",
                    },
                    {"kind": "human", "name": "Ben", "company": "usa", "officer": "wilhelm_adler"},
                ],
            }
        },
    )
    assert response.ok, response.text()
    view = response.json()
    page.goto(f"/games/{view['game']['id']}")
    expect(page.locator("#status")).to_contain_text("Round")
    flows.close_instructions(page)
    page.get_by_role("button", name="Correct a value").click()
    sheet = page.get_by_role("dialog", name="Correct a value")
    sheet.get_by_label("What to correct").select_option("tiles")
    first = sheet.get_by_label("Bonus tile, round 1")
    values = first.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert {"B_EXTERNAL_WORKS", "B_BUILDINGS"} <= set(values)
    expect(first).to_have_value(view["state"]["bonus_tiles"][0])
    assert not page.js_errors
