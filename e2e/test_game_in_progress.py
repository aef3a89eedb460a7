"""Start from a game in progress (issue 9 item 7): a table that began on paper creates its game
from the home page, enters where it stands (round 2, turn order, whose turn, who passed, each
company's supplies, a dam with its drop), and the app tracks it from there — its Automa
included — to the end of that round."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows
from e2e.test_screens import api_play


def test_a_game_begun_on_paper_is_entered_and_played_to_the_end_of_its_round(
    page: Page, screens: Path
) -> None:
    page.goto("/")
    page.get_by_role("link", name="Start from a game in progress").click()
    expect(page.get_by_role("heading", name="Which game is on the table?")).to_be_visible()
    page.get_by_label("Introductory game").check()
    page.get_by_label("3 players").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Seat 1 played by").select_option("automa")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The app draws (seeded)").check()
    page.get_by_role("button", name="Create and enter the position").click()

    sheet = page.get_by_role("dialog", name="Where your game stands")
    expect(sheet).to_be_visible()
    game_id = page.url.split("/games/")[1].split("#")[0]
    state = flows.game(page, game_id)["state"]
    order = state["turn_order"]  # the Automa's seat first (ruling A11)
    automa = next(c for c, p in state["players"].items() if p["kind"] == "automa")
    people = [c for c in order if c != automa]
    names = {c: flows.COMPANY_NAMES[c] for c in order}
    sheet.get_by_label("Round").select_option("2")
    new_order = [people[0], automa, people[1]]
    for i, company in enumerate(new_order):
        sheet.get_by_label(f"{i + 1}.", exact=True).select_option(company)
    sheet.get_by_label("Whose turn").select_option(automa)
    sheet.get_by_role("checkbox", name=names[people[0]]).check()
    sheet.get_by_label(f"{names[people[1]]} Credits", exact=True).fill("11")
    sheet.get_by_label(f"{names[people[1]]} VP", exact=True).fill("23")
    sheet.get_by_role("button", name="Add a structure").click()
    row = sheet.get_by_role("group", name="A structure on the map")
    row.get_by_label("Whose").select_option(people[1])
    row.get_by_label("Piece").select_option("base")
    row.get_by_label("Where").select_option(label="Upper dam of the 1st Mountains basin")
    row.get_by_label("Drops it holds (a dam)").fill("1")
    page.screenshot(path=str(screens / "in-progress-position.png"), animations="disabled")
    page.get_by_role("button", name="Start tracking from here").click()
    expect(sheet).to_be_hidden()

    view = flows.game(page, game_id)
    s = view["state"]
    assert (s["round"], s["turn_order"], s["active"]) == (2, new_order, automa)
    assert s["players"][people[0]]["passed"]
    p = s["players"][people[1]]
    assert (p["credits"], p["vp"]) == (11, 23)
    assert s["dams"]["1U"]["owner"] == people[1] and s["dams"]["1U"]["drops"] == 1
    # one record in the log says what was entered
    page.get_by_role("button", name="Game log").click()
    expect(page.get_by_role("dialog", name="Log")).to_contain_text("Round 1 → 2")
    page.keyboard.press("Escape")

    # the app runs the Automa from there: its turn is on the tablet
    panel = page.get_by_role("region", name="Automa turn")
    expect(panel).to_be_visible()
    flows.automa_turn(page, game_id)
    # and the round is played to its end (the others' moves through the API)
    view = api_play(page, game_id, until=lambda v: v["state"]["round"] == 3)
    assert view["state"]["dams"]["1U"]["owner"] == people[1]
    assert not page.js_errors
