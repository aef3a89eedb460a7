"""Executive Officers that change a construction's cost or payment (Appendix 3).

- Wilhelm Adler: Bases always cost 3 Excavators, whatever the area.
- Jill McDowell: a Conduit may be paid with 1 Concrete Mixer x its value instead of
  2 Excavators x value — all or nothing, never a mix (edge case 6).
- Solomon P. Jordan: any required Machinery may be replaced by 3 Credits, any number of
  times; the Credits go to the general supply, never onto the wheel (edge case 7).

Mahiri Sekibo's copy (`PlayerState.copied_officer`, valid for the current turn) counts as
having the copied officer (ruling R12). The other officers act elsewhere (Graziano in
water.py, Viktor in production.py, Anton's tile in construction.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.catalog import OFFICERS
from companion.engine.state import GameState

WILHELM = "wilhelm_adler"
GRAZIANO = "graziano_del_monte"
VIKTOR = "viktor_fiesler"
JILL = "jill_mcdowell"
SOLOMON = "solomon_p_jordan"
ANTON = "anton_krylov"
MAHIRI = "mahiri_sekibo"

SOLOMON_CREDITS_PER_MACHINERY: int = int(OFFICERS[SOLOMON].params.get("credits_per_machinery", 3))
WILHELM_BASE_EXCAVATORS: int = int(OFFICERS[WILHELM].params.get("base_excavators_any_area", 3))


def has_officer(state: GameState, company: str, officer: str) -> bool:
    """True if the company's officer is `officer`, or Mahiri copies it this turn (ruling R12)."""
    player = state.players[company]
    return player.officer == officer or player.copied_officer == officer


@dataclass(frozen=True)
class Payment:
    """One way to pay a structure: Machineries onto the wheel + Credits instead of Machineries."""

    excavators: int
    mixers: int
    credits: int = 0  # Solomon's substitution, to the general supply

    def as_dict(self) -> dict[str, int]:
        return {"excavators": self.excavators, "mixers": self.mixers, "credits": self.credits}


def base_excavators(state: GameState, company: str, printed: int) -> int:
    """Wilhelm Adler: his Bases always cost 3 Excavators (Elevations unchanged)."""
    return WILHELM_BASE_EXCAVATORS if has_officer(state, company, WILHELM) else printed


def conduit_alternatives(state: GameState, company: str, value: int) -> list[tuple[int, int]]:
    """Extra (Excavators, Mixers) payments for a conduit: Jill's 1 Mixer x value, no mixing.

    Ruling R24: the conduit-cap tile never changes Jill's Mixer payment.
    """
    if has_officer(state, company, JILL):
        return [(0, value)]
    return []


def with_credit_substitution(
    state: GameState, company: str, payments: list[Payment]
) -> list[Payment]:
    """Solomon P. Jordan: every Machinery of each payment may become 3 Credits (any number)."""
    if not has_officer(state, company, SOLOMON):
        return payments
    seen: dict[tuple[int, int, int], None] = {}
    for p in payments:
        for sub_e in range(p.excavators + 1):
            for sub_m in range(p.mixers + 1):
                credits = p.credits + SOLOMON_CREDITS_PER_MACHINERY * (sub_e + sub_m)
                seen[(p.excavators - sub_e, p.mixers - sub_m, credits)] = None
    out = list(payments)  # the unsubstituted payments first (the plain one leads)
    out += [Payment(*key) for key in seen if key[2] > 0]
    return out
