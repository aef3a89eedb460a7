"""Never stuck: whole seeded games against every Automa company × level reach their end.

A France Automa at level 3-4 once planned a production worth 0 energy (its −3 brought a
contract's need to 0) and the engine refused its turn: the table could not go on. Every
Automa action the engine would refuse is now infeasible and skipped (automa.md §4, §7.1).
One game per company × level here, introductory and full alternating; `companion bench
--games N` plays N per company × level × mode (bench/games.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import games  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("level", games.LEVELS)
@pytest.mark.parametrize("company", games.COMPANIES)
def test_a_game_against_each_automa_company_and_level_reaches_its_end(
    company: str, level: int
) -> None:
    mode = games.MODES[(games.COMPANIES.index(company) + level) % 2]
    seed = 11 * level + games.COMPANIES.index(company)
    assert games.play(games.setup(company, level, mode, seed), seed) > 0
