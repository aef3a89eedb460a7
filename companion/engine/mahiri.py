"""Mahiri Sekibo's activation: copy another Executive Officer for the current turn.

Rulebook Appendix 3 "Mahiri Sekibo": put 1 Engineer on the action space of her tile to copy
another Executive Officer's special ability; a second use in the same round also costs
3 Credits. Ruling R12 fixes the open points: at most two uses a round (her tile's two
spaces); the activation is not the turn's action — the player then takes a normal action in
the same turn; the copy lasts for that turn; only officers in play may be copied.

The copy itself is `PlayerState.copied_officer`, read by `officers.has_officer` and
`abilities.has_officer_power` (Wilhelm, Jill, Solomon in construction costs; Graziano in
water; Viktor in production; Anton's tile choice in construction). It is cleared when the
turn passes (`turn_started`, `player_passed`) and at the end of the round (`round_reset`).

Published copy effects that need care (Appendix 3, companies.md §5.1):
- Anton Krylov: during a construction she copies a tile on her wheel without putting any
  tile in; the Machineries still go in (construction.tile_choices offers (None, copied)).
- Graziano Del Monte: her level-3 dams hold 4 drops for the current turn, and as long as
  those 4 drops stay in the dam (`held_limit`).
"""

from __future__ import annotations

from typing import Any

from companion.engine import abilities, construction, water
from companion.engine.catalog import OFFICERS
from companion.engine.commands import Mahiri
from companion.engine.economy import can_pay_credits, pay_credits
from companion.engine.errors import RuleViolation
from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState
from companion.engine.words import listing, say

MAHIRI = "mahiri_sekibo"
GRAZIANO = "graziano_del_monte"
ENGINEERS_PER_USE: int = int(OFFICERS[MAHIRI].params.get("engineers_per_use", 1))
MAX_USES_PER_ROUND: int = int(OFFICERS[MAHIRI].params.get("max_uses_per_round", 2))
SECOND_USE_CREDITS: int = int(OFFICERS[MAHIRI].params.get("credits_second_use", 3))


# -- reading -------------------------------------------------------------------------------


def officers_in_play(state: GameState, company: str) -> list[str]:
    """Officers `company` (Mahiri) may copy: the other players' officers (ruling R12)."""
    found = {
        p.officer
        for c, p in state.players.items()
        if c != company and p.officer and p.officer != MAHIRI
    }
    return sorted(found)


def use_cost(state: GameState, company: str) -> int:
    """Credits of the next activation: the first of the round is free, the second costs 3."""
    return SECOND_USE_CREDITS if state.players[company].mahiri_uses_this_round >= 1 else 0


def activation_problem(state: GameState, company: str, officer: Any = None) -> str | None:
    """Why `company` cannot activate Mahiri Sekibo now (None if it can).

    Checked on a state where it is `company`'s turn in the Actions phase with nothing
    pending (game.py checks those first).
    """
    player = state.players[company]
    if player.officer != MAHIRI:
        return say("Only the company of Mahiri Sekibo can copy another officer.")
    if state.turn_done:
        return say("Mahiri Sekibo's copy is activated before the turn's action, not after it.")
    if player.copied_officer is not None:
        return say("Mahiri Sekibo already copies an officer this turn (ruling R12).")
    if state.leeghwater.get("extra_turn") == company:
        return say("No Mahiri Sekibo copy during the Architect's extra turn (edge case 30).")
    if player.mahiri_uses_this_round >= MAX_USES_PER_ROUND:
        return say("Mahiri Sekibo's tile has only two action spaces: at most two uses a round.")
    if not _can_act_after(state, company):
        return say(
            "After the copy you must still take an action: you need 1 Engineer for Mahiri "
            "Sekibo's tile and at least 1 more for the action (ruling R12)."
        )
    cost = use_cost(state, company)
    if not can_pay_credits(state, company, cost):
        return say(
            "The second copy in a round costs {cost} Credits; you have {have}.",
            cost=cost,
            have=player.credits,
        )
    in_play = officers_in_play(state, company)
    if not in_play:
        return say("There is no other Executive Officer in play to copy (ruling R12).")
    if officer is not None and officer not in in_play:
        name = OFFICERS[officer].name if officer in OFFICERS else str(officer)
        return say(
            "{officer} is not another officer in play; Mahiri Sekibo can copy {officers} "
            "(ruling R12).",
            officer=name,
            officers=listing([OFFICERS[o].name for o in in_play]),
        )
    return None


def _can_act_after(state: GameState, company: str) -> bool:
    """An action must follow: 1 more Engineer, or an engineer-free tile (Appendix 4)."""
    player = state.players[company]
    if player.engineers >= ENGINEERS_PER_USE + 1:
        return True
    return player.engineers >= ENGINEERS_PER_USE and any(
        construction.engineer_free(t) for t in player.tiles
    )


def engineers_on_tile(state: GameState, company: str) -> int:
    """Engineers standing on Mahiri Sekibo's tile this round (back at the end of the round)."""
    return state.players[company].mahiri_uses_this_round * ENGINEERS_PER_USE


def held_limit(state: GameState, dam_space: str) -> int:
    """Drops a dam may legitimately hold now: its capacity, or the 4 drops Mahiri's level-3
    dam caught while copying Graziano, as long as they stay (Appendix 3).

    `water.capacity` says whether a dam catches one more drop; this says whether what it
    holds is legal (used by the invariant checks).
    """
    cap = water.capacity(state, dam_space)
    dam = state.dams.get(dam_space)
    if dam is None or dam.owner not in state.players:
        return cap
    if state.players[dam.owner].officer == MAHIRI and dam.level >= 3:
        return max(cap, min(dam.drops, abilities.capacity_of(dam.level, graziano=True)))
    return cap


# -- options -------------------------------------------------------------------------------


def mahiri_options(state: GameState, company: str) -> list[dict[str, Any]]:
    """The activation as an extra entry of legal_options (only for Mahiri's company).

    One choice per officer in play, with the Engineer and Credits it costs; disabled with the
    reason when it cannot be used now.
    """
    player = state.players.get(company)
    if player is None or player.officer != MAHIRI:
        return []
    why = activation_problem(state, company)
    choices = []
    if why is None:
        cost = use_cost(state, company)
        for officer in officers_in_play(state, company):
            choices.append(
                {
                    "label": f"Copy {OFFICERS[officer].name}"
                    + (f" ({cost}₵)" if cost else " (free)"),
                    "officer": officer,
                    "preview": {"engineers": ENGINEERS_PER_USE, "credits": cost},
                    "command": {"type": "mahiri", "player": company, "officer": officer},
                }
            )
    return [
        {
            "type": "mahiri",
            "label": "Mahiri",
            "enabled": bool(choices),
            "why": "" if choices else (why or ""),
            "choices": choices,
        }
    ]


# -- deciding ------------------------------------------------------------------------------


def activate(rec: Recorder, company: str, command: Mahiri) -> None:
    """The `mahiri` command {type, player, officer}: 1 Engineer on her tile, 3 Credits for
    the second use of the round, and the copy for the current turn (Appendix 3, R12).

    Not the turn's action: the turn stays with the player, who then takes an action.
    """
    officer = command.officer
    why = activation_problem(rec.state, company, officer)
    if why:
        raise RuleViolation("mahiri", why)
    player = rec.state.players[company]
    cost = use_cost(rec.state, company)
    nth = player.mahiri_uses_this_round + 1
    name = OFFICERS[officer].name
    rec.emit(
        "mahiri_activated",
        say("Put 1 Engineer on Mahiri Sekibo's tile: copy {officer} for this turn.", officer=name),
        company=company,
        officer=officer,
        engineers=ENGINEERS_PER_USE,
        use=nth,
    )
    pay_credits(rec, company, cost, "officer", say("Second use of Mahiri Sekibo this round"))


@applies("mahiri_activated")
def _mahiri_activated(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.engineers -= e["engineers"]
    player.engineers_out += e["engineers"]
    player.mahiri_uses_this_round += 1
    player.copied_officer = e["officer"]
