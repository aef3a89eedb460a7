"""A whole introductory game (two people and an Automa) played to the final scores by taps
on the tablet, driving the legal options the page shows; the scoring table equals the engine's
final scores."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from e2e import flows


def _should_build(view: dict) -> bool:
    state = view["state"]
    active = state["active"]
    return bool(active) and state["players"][active]["constructions_this_round"] < 1


def test_whole_introductory_game_to_final_scores(page: Page, phone: Page, screens: Path) -> None:
    game_id, code = flows.create_game(page, players=3, seed=23, automa_seats=(3,))
    flows.open_game(page)
    shot = False
    for _ in range(250):
        view = flows.shown(page)
        if view["state"]["finished"]:
            break
        if not shot and "automa_turn" in {a["type"] for a in view["options"]["actions"]}:
            flows.close_instructions(page)
            page.screenshot(path=str(screens / "tablet-automa-turn.png"), animations="disabled")
            panel = page.get_by_role("region", name="Automa turn")
            other = panel.get_by_role("button", name="Choose another legal move")
            other.click()
            # the Automa's other legal moves in the action bar, as a person's are (or a word
            # that the engine lists none now)
            listed = page.get_by_role("toolbar", name="Actions").get_by_role("button")
            expect(listed.or_(panel.get_by_text("lists no other legal move")).first).to_be_visible()
            other.click()
            expect(panel.get_by_text("lists no other legal move")).to_be_hidden()
            shot = True
        flows.play_turn(page, game_id, build=_should_build(view), produce=True)
    final = flows.game(page, game_id)["state"]
    assert final["finished"]

    scores = page.get_by_role("region", name="Final scores")
    expect(scores).to_be_visible()
    table = scores.get_by_role("table", name="Final scores")
    for company, cats in final["final_scores"].items():
        expect(table.locator(f'td[data-total="{company}"]')).to_have_text(str(cats["total"]))
    winners = [c for c, cats in final["final_scores"].items() if cats.get("winner")]
    for company in winners:
        expect(scores.get_by_test_id("winner")).to_contain_text(flows.COMPANY_NAMES[company])
    page.screenshot(path=str(screens / "tablet-final-scores.png"), animations="disabled")

    # every cell opens its ledger lines
    first = next(iter(final["final_scores"]))
    table.get_by_role("button", name=f"{flows.COMPANY_NAMES[first]} start").click()
    expect(page.get_by_role("dialog")).to_contain_text("Starting Victory Points")

    # a phone joining late sees the same final table
    flows.join(phone, code)
    expect(phone.get_by_role("region", name="Final scores")).to_be_visible()
    phone.screenshot(
        path=str(screens / "phone-final-scores.png"), full_page=True, animations="disabled"
    )
    assert not page.js_errors and not phone.js_errors
