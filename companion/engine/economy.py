"""Resources and VP: the shared vocabulary every rules module uses to gain and pay.

One place decides how Credits, Machineries, Engineers and VP change, so that the Automa's
economy (every Credit it would gain or pay becomes VP, automa.md §6, ruling A5) and the VP
ledger (every VP change has a line) hold everywhere.
"""

from __future__ import annotations

from typing import Any

from companion.engine.events import Event, Recorder, applies
from companion.engine.state import GameState, LedgerLine
from companion.engine.words import say

Source = dict[str, Any]

# -- deciding ------------------------------------------------------------------------------


def source(kind: str, ident: str | None = None, *, by: str | None = None, **numbers: int) -> Source:
    """What scored a ledger line, as data the audit words (and a translation could): its kind
    (a ledger category or finer), the component's id, the numbers, who caused it."""
    out: Source = {"kind": kind, "id": ident, "numbers": dict(numbers)}
    if by is not None:
        out["by"] = by
    return out


def score_vp(
    rec: Recorder, company: str, vp: int, category: str, reason: str, origin: Source | None = None
) -> None:
    """Score (or lose, if negative) `vp` VP, with its ledger category, reason and source."""
    if vp:
        data: dict[str, Any] = {"company": company, "vp": vp, "category": category}
        if origin is not None:
            data["source"] = origin
        rec.emit("vp_scored", reason, **data)


def gain_credits(
    rec: Recorder,
    company: str,
    credits: int,
    category: str,
    reason: str,
    origin: Source | None = None,
) -> None:
    """Take Credits from the general supply (an Automa scores them as VP instead)."""
    if credits <= 0:
        return
    if rec.state.players[company].is_automa:
        said = say("{reason} (Automa: Credits become VP)", reason=reason)
        score_vp(rec, company, credits, category, said, origin)
    else:
        rec.emit("credits_gained", reason, company=company, credits=credits)


def pay_credits(
    rec: Recorder,
    company: str,
    credits: int,
    category: str,
    reason: str,
    origin: Source | None = None,
) -> None:
    """Pay Credits to the general supply (an Automa pays VP instead; its VP may go negative)."""
    if credits <= 0:
        return
    if rec.state.players[company].is_automa:
        said = say("{reason} (Automa: pays VP for Credits)", reason=reason)
        score_vp(rec, company, -credits, category, said, origin)
    else:
        rec.emit("credits_paid", reason, company=company, credits=credits)


def gain_machineries(
    rec: Recorder, company: str, excavators: int, mixers: int, reason: str
) -> None:
    """Take Excavators and Concrete Mixers from the general supply into the personal supply."""
    if excavators or mixers:
        rec.emit(
            "machineries_gained", reason, company=company, excavators=excavators, mixers=mixers
        )


def can_pay_credits(state: GameState, company: str, credits: int) -> bool:
    """True if the player can pay: always for an Automa (it pays VP, which may go negative)."""
    player = state.players[company]
    return player.is_automa or player.credits >= credits


def move_energy(rec: Recorder, company: str, steps: int, reason: str, *, usable: bool) -> None:
    """Move the Energy marker `steps` forward; `usable` says if it may fulfil a contract."""
    if steps:
        rec.emit("energy_moved", reason, company=company, steps=steps, usable=usable)


# -- applying ------------------------------------------------------------------------------


@applies("vp_scored")
def _vp_scored(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.vp += e["vp"]
    player.ledger.append(
        LedgerLine(
            round=state.round,
            phase=state.phase,
            vp=e["vp"],
            category=e["category"],
            reason=e["reason"],
            seq=state.version,
            source=e.get("source"),
        )
    )


@applies("credits_gained")
def _credits_gained(state: GameState, e: Event) -> None:
    state.players[e["company"]].credits += e["credits"]


@applies("credits_paid")
def _credits_paid(state: GameState, e: Event) -> None:
    state.players[e["company"]].credits -= e["credits"]


@applies("machineries_gained")
def _machineries_gained(state: GameState, e: Event) -> None:
    player = state.players[e["company"]]
    player.excavators += e["excavators"]
    player.mixers += e["mixers"]


@applies("energy_moved")
def _energy_moved(state: GameState, e: Event) -> None:
    state.players[e["company"]].energy += e["steps"]
