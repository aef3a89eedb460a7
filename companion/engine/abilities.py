"""Company special abilities and the officer powers that change water and production.

Rulebook, Appendix 2 "Company boards" (abilities switch on with the 3rd powerhouse) and
Appendix 3 "Executive Officer tiles" (Graziano Del Monte, Viktor Fiesler, Mahiri Sekibo's
copy). Facts: ../shared/reference/companies.md §1.3-1.4 and §5. Every predicate the flow and
production code asks lives here, so a ruling changes in one place.
"""

from __future__ import annotations

from companion.engine import levels
from companion.engine.board import BASINS
from companion.engine.catalog import ABILITY_FROM_POWERHOUSES, POWERHOUSE_BONUS_BY_BUILT
from companion.engine.economy import move_energy
from companion.engine.events import Recorder
from companion.engine.officers import GRAZIANO, VIKTOR, has_officer
from companion.engine.state import NEUTRAL, GameState
from companion.engine.words import say

USA = "usa"
ITALY = "italy"
GERMANY = "germany"
FRANCE = "france"
NETHERLANDS = "netherlands"

ITALY_ENERGY_STEPS = 3
FRANCE_DISCOUNT = 3
VIKTOR_MINIMUM = 4
GRAZIANO_LEVEL3_CAPACITY = 4


# -- company board -------------------------------------------------------------------------


def has_company_ability(state: GameState, company: str) -> bool:
    """The company special ability switches on with the 3rd Powerhouse (Automa: level 3+)."""
    player = state.players[company]
    if not levels.has_company_ability(player):
        return False
    return player.built["powerhouse"] >= ABILITY_FROM_POWERHOUSES


def ability_active(state: GameState, company: str) -> bool:
    """True once `company` has built its 3rd powerhouse (Appendix 2; Automa: level 3+)."""
    return company in state.players and has_company_ability(state, company)


def board_production_bonus(state: GameState, company: str) -> int:
    """The company-board production bonus: +1 from the 2nd Powerhouse, +3 from the 4th (§1.3).

    An Automa at level 1 has no bonus (automa.md §2).
    """
    player = state.players[company]
    if not levels.has_powerhouse_bonus(player):
        return 0
    return POWERHOUSE_BONUS_BY_BUILT[min(player.built["powerhouse"], 4)]


def has_ability(state: GameState, company: str, ability_company: str) -> bool:
    """True if `company` is `ability_company` and its special ability is switched on."""
    return company == ability_company and ability_active(state, company)


# -- officers (Appendix 3) -----------------------------------------------------------------


def has_officer_power(state: GameState, company: str, officer: str) -> bool:
    """True if the company's officer is `officer`, or Mahiri copies it this turn (ruling R12)."""
    return company in state.players and has_officer(state, company, officer)


def capacity_of(level: int, *, graziano: bool) -> int:
    """Drops a dam of `level` holds: its level; a level-3 dam with Graziano Del Monte's power
    holds 4 (Appendix 3, ruling R11). The one place the rule is written: the engine's flows,
    the audit and the standalone score pad (which gets it from the server) all ask it."""
    return GRAZIANO_LEVEL3_CAPACITY if graziano and level >= 3 else level


def dam_capacity(state: GameState, owner: str, level: int) -> int:
    """Drops a dam of `owner` and `level` holds now (`capacity_of`).

    Never a neutral dam (ruling R11). Mahiri copying Graziano: for the current turn only;
    a 4th drop already held stays, since capacity is only read when a drop arrives.
    """
    graziano = owner != NEUTRAL and has_officer_power(state, owner, GRAZIANO)
    return capacity_of(level, graziano=graziano)


def viktor_minimum(state: GameState, company: str, base_energy: int, *, second: bool) -> int:
    """Viktor Fiesler: drops × value of 3 or less counts as 4, before any bonus.

    Not on Germany's second production (ruling R10).
    """
    if second or not has_officer_power(state, company, VIKTOR):
        return base_energy
    return VIKTOR_MINIMUM if base_energy <= 3 else base_energy


# -- company abilities (Appendix 2) --------------------------------------------------------


def usa_natural_flow(rec: Recorder, basins_passed: list[int], reason: str) -> None:
    """USA: +1 energy step for each powerhouse box of a basin with a USA powerhouse passed.

    Natural flow only, in every phase (ruling R15, edge case 23): the caller passes only the
    powerhouse boxes the drop went through along rivers, never the box of the powerhouse a
    production sent it to. The steps cannot fulfil a contract.
    """
    state = rec.state
    if USA not in state.players or not ability_active(state, USA):
        return
    for basin in basins_passed:
        if usa_powerhouse_in(state, basin):
            move_energy(
                rec,
                USA,
                1,
                say(
                    "USA ability: a drop flowed through its powerhouse in basin {basin} "
                    "({reason})",
                    basin=basin,
                    reason=reason,
                ),
                usable=False,
            )


def usa_powerhouse_in(state: GameState, basin: int) -> bool:
    """True if USA owns a powerhouse in `basin`."""
    spaces = BASINS[basin].powerhouse_spaces
    return any(state.powerhouses.get(space) == USA for space in spaces)


def italy_energy_steps(state: GameState, company: str) -> int:
    """Italy: 3 energy steps after each production action (not for contracts)."""
    return ITALY_ENERGY_STEPS if has_ability(state, company, ITALY) else 0


def france_discount(state: GameState, company: str) -> int:
    """France: every contract, national too, needs 3 energy less (rulings R9, R25)."""
    return FRANCE_DISCOUNT if has_ability(state, company, FRANCE) else 0


def netherlands_may_add_drop(state: GameState, company: str) -> bool:
    """The Netherlands: after a production action, 1 drop from the general supply on another
    own dam with room (expansion rulebook, Appendix 1; X15)."""
    return has_ability(state, company, NETHERLANDS)


def germany_may_produce_again(state: GameState, company: str, *, second: bool) -> bool:
    """Germany: one optional second production after a production action (never a third)."""
    return not second and has_ability(state, company, GERMANY)


def acts_after_production(
    state: GameState, company: str, *, second: bool, powerhouse_to_come: bool
) -> bool:
    """True if the company effect of a production (ruling R16 step 6) can still do something
    once the contract reward's open choices are answered: Germany's second production (never
    after a second one) or Italy's +3 steps, with the ability on now, or switched on by the
    3rd powerhouse a free powerhouse of the reward may still build (Appendix 2).
    """
    if company not in (GERMANY, ITALY, NETHERLANDS) or (company == GERMANY and second):
        return False
    if ability_active(state, company):
        return True
    return powerhouse_to_come and _one_powerhouse_short(state, company)


def _one_powerhouse_short(state: GameState, company: str) -> bool:
    player = state.players[company]
    if not levels.has_company_ability(player):
        return False
    return player.built["powerhouse"] + 1 >= ABILITY_FROM_POWERHOUSES
