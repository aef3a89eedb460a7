"""A solo game on a phone against one Automa, several rounds by taps (issue 5).

The phone (390×844) runs the setup wizard with seat 1 played by the Automa, then plays: on the
Automa's turns it taps the "Automa turn" action, reads the preview and confirms; on its own
turns it builds, produces, banks or passes from what the page offers. The Automa's moves come
from the engine; the test checks they happened (tile drawn, trace shown, VP and pieces).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows

ROUNDS = 3


def create_solo_game(page: Page, seed: int) -> str:
    page.goto("/")
    page.get_by_role("link", name="New game").click()
    page.get_by_label("Introductory game").check()
    page.get_by_label("2 players").check()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Who plays which company?")).to_be_visible()
    page.get_by_label("Seat 1 played by").select_option("automa")
    page.get_by_label("Seat 1 Automa level").select_option("2")
    page.get_by_label("Seat 2 name").fill("Ann")
    page.get_by_role("button", name="Next").click()
    page.get_by_label("The app draws (seeded)").check()
    page.get_by_label(re.compile("Seed")).fill(str(seed))
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Place this on the real board")).to_be_visible()
    href = page.get_by_role("link", name="Start playing").get_attribute("href") or ""
    flows.open_game(page)
    return href.rstrip("/").split("/")[-1]


def automa_turn(page: Page, game_id: str) -> None:
    """Read the Automa's decision on its panel and tap "Apply" (or the action bar's
    "Automa turn" choice and Confirm, when the panel offers no button)."""
    view = flows.game(page, game_id)
    panel = page.get_by_role("region", name=re.compile("Automa"))
    apply = page.get_by_role("button", name="Apply", exact=True)
    if apply.count() and apply.first.is_visible():
        expect(panel.first).to_contain_text(re.compile("Tile|passes"))
        apply.first.click()
        flows.wait_version(page, game_id, view["version"] + 1)
    else:
        flows.action_button(page, "Automa turn").click()
        flows.choices(page).first.click()
        flows.confirm(page, view["version"], game_id)
    flows.close_instructions(page)


def test_solo_game_against_one_automa_on_a_phone(phone: Page, screens: Path) -> None:
    game_id = create_solo_game(phone, seed=31)
    view = flows.game(phone, game_id)
    automa = next(c for c, p in view["state"]["players"].items() if p["kind"] == "automa")
    assert view["state"]["turn_order"][0] == automa  # ruling A11: the Automa sits first
    assert view["state"]["players"][automa]["vp"] == 16  # edge case 28
    automa_turns = 0
    for _ in range(400):
        flows.close_instructions(phone)
        view = flows.game(phone, game_id)
        state = view["state"]
        if state["round"] > ROUNDS or state["finished"]:
            break
        actions = {a["type"] for a in view["options"]["actions"]}
        if "automa_turn" in actions:
            automa_turn(phone, game_id)
            automa_turns += 1
            if automa_turns == 1:
                phone.screenshot(path=str(screens / "phone-automa-turn.png"), full_page=True)
        else:
            active = state["active"]
            built = active and state["players"][active]["constructions_this_round"] < 1
            flows.play_turn(phone, game_id, build=bool(built), produce=True)
    final = flows.game(phone, game_id)["state"]
    assert final["round"] > ROUNDS or final["finished"]
    assert automa_turns >= ROUNDS
    trace = final["automa"]["last_trace"]
    assert trace["company"] == automa and trace["lines"][0].startswith("Tile ")
    assert final["automa"]["discard"]  # tiles were drawn from the shared deck
    assert final["players"][automa]["credits"] == 0  # VP instead of Credits (§6)
    assert not phone.js_errors
