"""The scoring audit: every VP of a game explained, a standalone score pad, and per-round history.

Rulebook: "Scoring Phase" (p. 20) and "End of the Game" (p. 21), Appendix 6 (p. 27). The math
is `scoring.py`'s; this module only gathers, explains and checks. Three entry points:

- `audit_of_game(state)`: players × VP sources from the ledgers, objective ranking with the
  counted elements, resources, water, totals, winner and tiebreak.
- `audit_standalone(entry)`: the same end-of-game scoring for a game that was not tracked,
  from what is on the table (raises `AuditEntryError` listing every impossible entry).
- `history(initial, records)`: per-round VP, energy moved on the track (and the produced part),
  Credits and structures, folded from the stored events (`history_from_ledger(state)` when
  only the final state is known).
"""

from companion.engine.audit.entry import (
    NEUTRAL_DAM_LEVELS,
    AuditEntryError,
    EntryError,
    audit_standalone,
    dam_capacities,
    held_limit,
    state_from_entry,
    validate_entry,
)
from companion.engine.audit.history import history, history_from_ledger
from companion.engine.audit.report import (
    audit_of_game,
    ledger_cells,
    objective_detail,
    resources_detail,
    source_rows,
    water_detail,
    winner_detail,
)
from companion.engine.audit.words import (
    COMPANY_NAMES,
    OBJECTIVE_LABELS,
    SOURCE_LABELS,
    company_name,
    contract_name,
    player_labels,
    reason_text,
)

__all__ = [
    "COMPANY_NAMES",
    "NEUTRAL_DAM_LEVELS",
    "OBJECTIVE_LABELS",
    "SOURCE_LABELS",
    "AuditEntryError",
    "EntryError",
    "audit_of_game",
    "audit_standalone",
    "company_name",
    "contract_name",
    "dam_capacities",
    "held_limit",
    "history",
    "history_from_ledger",
    "ledger_cells",
    "objective_detail",
    "player_labels",
    "reason_text",
    "resources_detail",
    "source_rows",
    "state_from_entry",
    "validate_entry",
    "water_detail",
    "winner_detail",
]
