"""The Automa difficulty levels 1–4 as named switches (automa.md §2, cumulative levels).

Other modules ask these instead of comparing level numbers, so a level rule lives in one place.
"""

from __future__ import annotations

from companion.engine.data import automa_tables as t
from companion.engine.state import PlayerState

_LEVELS = {int(row["level"]): row for row in t.DIFFICULTY_LEVELS}


def _switch(player: PlayerState, key: str) -> bool:
    """True for human players (the switch only limits an Automa) or when the level grants it."""
    if not player.is_automa:
        return True
    return bool(_LEVELS[max(1, min(4, player.automa_level or 2))][key])


def has_income(player: PlayerState) -> bool:
    """Company-board incomes (revealed and income phase): not at level 1 (§2, §6)."""
    return _switch(player, "company_board_income")


def has_powerhouse_bonus(player: PlayerState) -> bool:
    """The +1 / +3 production bonus of the 2nd / 4th powerhouse: not at level 1 (§2)."""
    return _switch(player, "powerhouse_production_bonus")


def has_company_ability(player: PlayerState) -> bool:
    """The 3rd-powerhouse company ability: levels 3–4 only (§2)."""
    return _switch(player, "company_special_ability")


def has_advanced_effects(player: PlayerState) -> bool:
    """Advanced technology tiles' special effects (and cost modifiers): levels 3–4 (§2, §6)."""
    return _switch(player, "advanced_tile_special_effects")


def has_officer(player: PlayerState) -> bool:
    """An executive officer with its adapted Automa power: level 4 only (§2.2)."""
    return _switch(player, "executive_officer")


def level_name(level: int) -> str:
    """ "Easy – Low Voltage" …, as the setup screen shows it."""
    row = _LEVELS[level]
    return f"{row['name']} – {row['nickname']}" if row.get("nickname") else str(row["name"])
