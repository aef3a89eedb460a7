"""The table overrules the Automa (issue 9, "How it is checked"): on its turn the tablet taps
"Choose another legal move", builds a Conduit the Automa did not choose (its tile builds a
Powerhouse), and the game goes on with that move — the Conduit on that space on the map and
in the state, the Automa's Powerhouse not built, and the log saying the table overruled it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows


def _automa_choice(view: dict) -> dict:
    return next(a for a in view["options"]["actions"] if a["type"] == "automa_turn")["choices"][0]


def test_automa_move_overruled_by_another_legal_move(page: Page, screens: Path) -> None:
    game_id, _ = flows.create_game(page, players=2, seed=31, automa_seats=(1,))
    flows.open_game(page)
    flows.close_instructions(page)
    before = flows.game(page, game_id)
    automa = _automa_choice(before)["command"]["player"]
    # the Automa's own decision (seed 31): a Powerhouse on the bottom space of the 2nd Hills basin
    own = [s for s in _automa_choice(before)["preview"]["steps"] if s["done"]]
    assert own[-1]["action"] == "Build powerhouse" and own[-1]["reason"].endswith(
        "→ P6-2 (the Powerhouse tile)"
    )
    builds = next(g for g in before["options"]["overrides"] if g["type"] == "construction")
    conduit = next(
        c["space"]
        for c in builds["choices"]
        if c["command"]["override"]["move"]["structure"] == "conduit"
    )

    panel = page.get_by_role("region", name="Automa turn")
    panel.get_by_role("button", name="Choose another legal move").click()
    flows.action_button(page, "Build").click()
    # the map now shows the overriding action's spaces, not only the Automa's own target
    legal = page.locator("svg.map .space.legal")
    expect(page.locator(f'svg.map .space.legal[data-space="{conduit}"]')).to_be_visible()
    assert legal.count() > 1
    page.locator(f'svg.map .space.legal[data-space="{conduit}"]').click()
    flows.choices(page).filter(has_not_text="All choices").first.click()
    page.screenshot(path=str(screens / "tablet-automa-override-chosen.png"), animations="disabled")
    flows.confirm(page, before["version"], game_id)
    flows.close_instructions(page)

    after = flows.game(page, game_id)
    state = after["state"]
    assert state["conduits"].get(conduit) == automa
    assert "P6-2" not in state["powerhouses"]
    assert (
        state["players"][automa]["engineers"] == before["state"]["players"][automa]["engineers"] - 2
    )
    assert state["automa"]["discard"]  # its tile was still drawn: the deck stays in step
    assert state["active"] != automa  # the override was its whole turn
    expect(
        page.locator(f'svg.map .space.built.co-{automa}[data-space="{conduit}"]')
    ).to_be_visible()

    page.get_by_role("button", name="Game log").click()
    log = page.get_by_role("dialog", name="Log")
    entry = log.get_by_role("listitem").filter(has_text="Overruled by the table")
    expect(entry).to_contain_text("instead of the Automa's decision")
    expect(entry).to_contain_text("Build conduit on the")
    page.screenshot(path=str(screens / "tablet-automa-override-log.png"), animations="disabled")
    page.keyboard.press("Escape")

    # the override undone: the table is told to take the Conduit off, and the Automa's turn
    # (with its own decision again) is back
    page.get_by_role("button", name="Undo the last action").click()
    undo = page.get_by_role("dialog", name="Undo the last action?")
    expect(undo.get_by_role("list", name="To put the board back")).to_contain_text(
        "Take the Conduit off the"
    )
    undo.get_by_role("button", name="Undo", exact=True).click()
    flows.wait_version(page, game_id, after["version"] + 1)
    again = flows.game(page, game_id)
    assert conduit not in again["state"]["conduits"]
    assert again["state"]["automa"] == before["state"]["automa"]
    expect(panel).to_contain_text("Builds a Powerhouse on the bottom powerhouse space")
    assert not page.js_errors
