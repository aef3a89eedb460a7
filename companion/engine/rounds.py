"""The phases of a round: income & headstreams, actions (turns, passing), water flow, scoring,
end of round, and the end of the game.

Rulebook: "Game Round" (p. 10), "Income and Headstreams" (p. 10), "Actions" (p. 11),
"Water Flow" (p. 19), "Scoring" (p. 20), "End of Round" (p. 21), "End of the Game" (p. 21).
Rulings R1/R2 (ties), R7 (income in reverse turn order), R17 (passing), R19 (energy past 30),
R28 (turn-order ties of 3+).

Each `*_step(rec, arg) -> bool` is one computed step of the game's flow queue
(`GameState.todo`, run by `game.run_flow`); it returns True when its work is done.
"""

from __future__ import annotations

from companion.engine import (
    catalog,
    construction,
    effects,
    leeghwater,
    levels,
    management,
    scoring,
    water,
)
from companion.engine.catalog import company_name
from companion.engine.commands import Answer, answer_dict
from companion.engine.data import company_tables as ct
from companion.engine.economy import gain_credits, score_vp, source
from companion.engine.events import Event, Recorder, applies, ask, not_offered, resolves
from companion.engine.hooks import HOOKS
from companion.engine.state import Decision, GameState, PlayerState
from companion.engine.words import listing, say

LAST_ROUND = 5
HEADSTREAM_ROUNDS = 4  # headstream tiles give drops in rounds 1-4 only (edge case 13)


# -- round start ---------------------------------------------------------------------------


def round_steps(state: GameState) -> list[str]:
    """Income one company at a time in reverse turn order (ruling R7), then headstreams, actions."""
    steps = [f"income:{c}" for c in reversed(state.turn_order)]
    if state.round <= HEADSTREAM_ROUNDS:
        steps.append("headstreams")
    return [*steps, "actions"]


def start_game(rec: Recorder) -> None:
    """Round 1 begins once every company is seated."""
    rec.emit(
        "round_started", say("Round {round} begins: Income and Headstreams.", round=1), round=1
    )
    rec.emit("steps_queued", "", steps=round_steps(rec.state))


def new_round_step(rec: Recorder, _arg: str) -> bool:
    number = rec.state.round + 1
    rec.emit(
        "round_started",
        say("Round {round} begins: Income and Headstreams.", round=number),
        round=number,
    )
    rec.emit("steps_queued", "", steps=round_steps(rec.state))
    return True


@applies("round_started")
def _round_started(state: GameState, e: Event) -> None:
    state.round = e["round"]
    state.phase = "income"
    state.active = None


@applies("phase_changed")
def _phase_changed(state: GameState, e: Event) -> None:
    state.phase = e["phase"]
    if e["phase"] != "actions":
        state.active = None


def income_step(rec: Recorder, company: str) -> bool:
    """One company's revealed incomes (p. 10); round 1 has none only because nothing is built.

    An Automa at level 1 ("Low Voltage") takes no company-board income (automa.md §2).
    """
    if not levels.has_income(rec.state.players[company]):
        return True
    for slot, rewards in construction.revealed_income_rewards(rec.state, company):
        effects.resolve(
            rec,
            company,
            rewards,
            source=slot,
            reason=say("Income of {company}: {slot}", company=company_name(company), slot=slot),
            category="income",
        )
    return True


def headstreams_step(rec: Recorder, _arg: str) -> bool:
    """Drops on the headstream tiles for this round (rounds 1-4, p. 10)."""
    if rec.state.round <= HEADSTREAM_ROUNDS:
        water.headstream_phase(rec)
    return True


# -- actions phase -------------------------------------------------------------------------


def actions_step(rec: Recorder, _arg: str) -> bool:
    """The Actions phase: the first player in turn order starts (p. 11)."""
    rec.emit(
        "phase_changed",
        say("Round {round}: Actions phase.", round=rec.state.round),
        phase="actions",
    )
    first = rec.state.turn_order[0]
    start_turn(rec, first)
    return True


def start_turn(rec: Recorder, company: str) -> None:
    """A player's turn begins; with Mahiri Sekibo at a level-4 Automa a human's first turn
    of the round waits on its Automa-way opening (automa.md §2.2, automa/opening.py)."""
    rec.emit(
        "turn_started", say("{company}'s turn.", company=company_name(company)), company=company
    )
    HOOKS.turn_started(rec, company)


def architect_turn_step(rec: Recorder, company: str) -> bool:
    """Tommaso Battista's optional extra turn, after the Contract Office refill (ruling L5)."""
    ask(
        rec,
        "architect_turn",
        company,
        say("The Architect stood alone on a 1-Engineer space: take another turn now?"),
        answers=[{"accept": True}, {"accept": False}],
    )
    return True


@resolves("architect_turn")
def _resolve_architect_turn(rec: Recorder, decision: Decision, answer: Answer) -> None:
    if answer.accept not in (True, False):
        raise not_offered(decision)
    rec.emit("decision_resolved", decision.reason, kind=decision.kind, answer=answer_dict(answer))
    if answer.accept:
        start_turn(rec, str(decision.player))
        rec.emit(
            "architect_turn_taken",
            say("Another turn for the Architect."),
            company=decision.player,
        )
    else:
        rec.emit("steps_queued", "", steps=["next_turn"])


def automa_extra_turn_step(rec: Recorder, company: str) -> bool:
    """A level-4 Automa with Tommaso Battista plays its Architect's extra turn at once."""
    start_turn(rec, company)
    rec.emit(
        "architect_turn_taken", say("Another turn for the Automa's Architect."), company=company
    )
    return True


def next_player(state: GameState) -> str | None:
    """The next player in turn order who has not passed, after the active one (p. 11)."""
    order = state.turn_order
    start = order.index(state.active) if state.active in order else -1
    for k in range(1, len(order) + 1):
        company = order[(start + k) % len(order)]
        if not state.players[company].passed:
            return company
    return None


def next_turn_step(rec: Recorder, _arg: str) -> bool:
    """Pass the turn on; when everybody has passed the Actions phase ends (p. 11)."""
    company = next_player(rec.state)
    if company is not None:
        start_turn(rec, company)
        return True
    end_actions(rec)
    return True


def end_actions(rec: Recorder) -> None:
    """All players passed: Water Flow, Scoring, then End of Round (or End of the Game)."""
    last = "end_of_game" if rec.state.round >= LAST_ROUND else "end_of_round"
    rec.emit(
        "phase_changed",
        say("Everybody has passed: the Water Flow phase begins."),
        phase="water_flow",
    )
    rec.emit("steps_queued", "", steps=["water_flow", "scoring", last])


@applies("turn_started")
def _turn_started(state: GameState, e: Event) -> None:
    state.active = e["company"]
    state.turn_done = False
    if state.leeghwater:
        state.leeghwater.pop("extra_turn", None)
    for player in state.players.values():
        player.copied_officer = None  # Mahiri's copy lasts for the turn only (ruling R12)


@applies("action_taken")
def _action_taken(state: GameState, e: Event) -> None:
    state.turn_done = True


@applies("player_passed")
def _player_passed(state: GameState, e: Event) -> None:
    state.players[e["company"]].passed = True
    state.players[e["company"]].copied_officer = None  # the turn ends here (ruling R12)
    state.turn_done = True


# -- water flow ----------------------------------------------------------------------------


def water_flow_step(rec: Recorder, _arg: str) -> bool:
    """Every drop on the headstreams flows, A to D, one at a time (p. 19, ruling R8)."""
    water.water_flow_phase(rec)
    return True


# -- scoring -------------------------------------------------------------------------------


def scoring_step(rec: Recorder, _arg: str) -> bool:
    rec.emit(
        "phase_changed",
        say("Round {round}: Scoring phase.", round=rec.state.round),
        phase="scoring",
    )
    scoring_phase(rec)
    return True


def scoring_phase(rec: Recorder) -> None:
    """Energy ranking 6/2 VP, Credits by track position, the round's Bonus tile (p. 20)."""
    state = rec.state
    order = state.turn_order
    energies = {c: state.players[c].energy for c in order}
    ranking = scoring.energy_ranking_vp(energies)  # ruling R1, true totals (R19)
    for company in order:
        score_vp(
            rec,
            company,
            ranking[company],
            "energy_ranking",
            say(
                "Energy Track ranking, round {round} ({energy} Energy)",
                round=state.round,
                energy=energies[company],
            ),
            source("energy_ranking", round=state.round, energy=energies[company]),
        )
    for company in order:
        energy = energies[company]
        credits = scoring.credits_for_energy(energy)
        gain_credits(
            rec,
            company,
            credits,
            "energy_track",
            say(
                "Energy Track: {n} Credits for {energy} Energy",
                n=credits,
                energy=scoring.track_position(energy),
            ),
            source("energy_track", credits=credits, energy=scoring.track_position(energy)),
        )
        if scoring.track_position(energy) == 0:
            score_vp(
                rec,
                company,
                -scoring.ZERO_ENERGY_VP_LOSS,
                "energy_track",
                say("Energy Track: no Energy produced this round ({vp} VP)", vp=-3),
                source("energy_track", "no_energy", vp=-scoring.ZERO_ENERGY_VP_LOSS),
            )
    tile = state.bonus_tiles[state.round - 1] if len(state.bonus_tiles) >= state.round else None
    if tile:
        for company in order:
            vp = scoring.bonus_tile_score(state, company, tile, state.round)
            count = scoring.bonus_tile_count(state, company, tile)
            score_vp(
                rec,
                company,
                vp,
                "bonus_tile",
                say(
                    "Bonus tile {tile} of round {round}: {count} counted",
                    tile=tile,
                    round=state.round,
                    count=count,
                ),
                source("bonus_tile", tile, round=state.round, count=count),
            )


# -- end of round --------------------------------------------------------------------------


def next_turn_order(state: GameState) -> list[str]:
    """Least energy first; tied players invert their previous relative order (p. 21, R28)."""
    previous = state.turn_order
    return sorted(previous, key=lambda c: (state.players[c].energy, -previous.index(c)))


def end_of_round_step(rec: Recorder, _arg: str) -> bool:
    end_of_round(rec)
    steps = ["refill_patents"] if rec.state.setup.mode == "full" else []
    if leeghwater.active(rec.state):  # the External Works refill comes after the base steps
        # two steps: the discard must not run again when a table draw resumes the refill
        steps += ["discard_external_works", "refill_external_works"]
    rec.emit("steps_queued", "", steps=[*steps, "new_round"])
    return True


def end_of_round(rec: Recorder) -> None:
    """Turn order, Energy markers to 0, Engineers back, Management board cleared (p. 21)."""
    state = rec.state
    rec.emit(
        "phase_changed",
        say("Round {round}: End of Round.", round=state.round),
        phase="end_of_round",
    )
    order = next_turn_order(state)
    rec.emit(
        "turn_order_set",
        say("Turn order: least Energy first; ties invert their order."),
        order=order,
        energy={c: state.players[c].energy for c in state.turn_order},
    )
    # everything not in the supply stands on the company or Management board (p. 21)
    returned = {c: max(0, starting_engineers(p) - p.engineers) for c, p in state.players.items()}
    rec.emit(
        "round_reset",
        say("Energy markers back to 0; everybody takes their Engineers back."),
        engineers=returned,
    )
    if state.setup.mode == "full":
        management.discard_patents(rec)


def starting_engineers(player: PlayerState) -> int:
    """The Engineers a company owns (12; an officer's own starting resources may differ)."""
    officer = next((o for o in ct.OFFICERS if o["id"] == player.officer), None)
    if officer and "starting_resources" in officer:
        # Tommaso Battista: 11 Engineers and the Architect, who stands on spaces like them
        resources = officer["starting_resources"]
        return int(resources.get("engineers", 12)) + int(resources.get("architect", 0))
    return int(catalog.PLAYER_START["engineers"])


@applies("turn_order_set")
def _turn_order_set(state: GameState, e: Event) -> None:
    state.turn_order = list(e["order"])


@applies("round_reset")
def _round_reset(state: GameState, e: Event) -> None:
    for company, player in state.players.items():
        player.last_round_energy = player.energy
        player.energy = 0
        player.engineers += e["engineers"].get(company, 0)
        player.engineers_out = 0
        player.passed = False
        player.constructions_this_round = 0
        player.mahiri_uses_this_round = 0
        player.copied_officer = None
    state.occupied = {k: v for k, v in state.occupied.items() if v == "blocked"}
    if state.leeghwater:  # the Architect comes back with the Engineers
        state.leeghwater["architect_out"] = []
    state.bank = {}
    state.active = None


# -- end of the game -----------------------------------------------------------------------


def end_of_game_step(rec: Recorder, _arg: str) -> bool:
    end_of_game(rec)
    return True


def end_of_game(rec: Recorder) -> None:
    """Objective tile, resources, water in own dams; winner by VP then last-round Energy (p. 21)."""
    state = rec.state
    order = state.turn_order
    rec.emit("phase_changed", say("End of the game: final scoring."), phase="scoring")
    # the last round has no End of Round phase: its energy is read before any reset (p. 21)
    rec.emit(
        "last_round_energy_kept",
        say("The last round's Energy decides ties."),
        energy={c: state.players[c].energy for c in order},
    )
    if state.objective:
        awards = scoring.objective_scores(state)
        for company in order:
            count = scoring.objective_count(state, company, state.objective)
            score_vp(
                rec,
                company,
                awards[company],
                "objective",
                say("Objective tile {tile}: {count} counted", tile=state.objective, count=count),
                source("objective", state.objective, count=count),
            )
    for company in order:
        p = state.players[company]
        credits = 0 if p.is_automa else p.credits
        score_vp(
            rec,
            company,
            scoring.resource_vp(credits, p.excavators, p.mixers),
            "resources",
            say("Resources in the personal supply: {n}", n=credits + p.excavators + p.mixers),
            source("resources", count=credits + p.excavators + p.mixers),
        )
    if leeghwater.active(state):
        for company in order:
            tiles = leeghwater.activated(state, company)
            score_vp(
                rec,
                company,
                scoring.building_vp(state, company),
                "building",
                say("Private Buildings activated: {n}", n=len(tiles)),
                source("building", count=len(tiles)),
            )
    for company in order:
        drops = scoring.water_vp(state, company)
        origin = source("water", drops=drops)
        score_vp(rec, company, drops, "water", say("{n} drops held by own dams", n=drops), origin)
    totals = {c: state.players[c].vp for c in order}
    energy = {c: state.players[c].last_round_energy for c in order}
    standing = scoring.standings(totals, energy)
    winners = scoring.winner(totals, energy)
    final: dict[str, dict[str, int]] = {}
    for company in order:
        by_category: dict[str, int] = {}
        for line in state.players[company].ledger:
            by_category[line.category] = by_category.get(line.category, 0) + line.vp
        by_category["total"] = totals[company]
        by_category["rank"] = standing.index(company) + 1
        by_category["winner"] = int(company in winners)
        by_category["last_round_energy"] = energy[company]
        final[company] = by_category
    names = listing([company_name(c) for c in winners])
    rec.emit(
        "game_ended",
        say("The game is over: {names} wins.", names=names),
        final_scores=final,
        winners=winners,
    )


@applies("last_round_energy_kept")
def _last_round_energy_kept(state: GameState, e: Event) -> None:
    for company, energy in e["energy"].items():
        state.players[company].last_round_energy = energy


@applies("game_ended")
def _game_ended(state: GameState, e: Event) -> None:
    state.final_scores = {c: dict(v) for c, v in e["final_scores"].items()}
    state.finished = True
    state.phase = "game_over"
    state.active = None
