"""Per-round history of a tracked game: VP, energy moved (and produced), Credits and
structures, folded from the stored events (or from the ledgers alone)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine import events
from companion.engine.audit.leeghwater_history import RoundLines
from companion.engine.audit.words import (
    company_name,
)
from companion.engine.state import (
    GameState,
)

# -- history (per round) -----------------------------------------------------------------------


def _snapshot(state: GameState) -> dict[str, dict[str, int]]:
    return {
        c: {"vp": p.vp, "credits": p.credits, "structures": sum(p.built.values())}
        for c, p in state.players.items()
    }


ENERGY_FIELD = "energy"


def _energy_moves(state: GameState, event: Mapping[str, Any]) -> tuple[str, int, int] | None:
    """(company, steps on the Energy Track, of which produced) of one event, read before it
    applies; None if the event does not move an Energy marker.

    Produced energy is the energy that may fulfil a contract (production actions, Level 2 Base,
    Level 3 Conduit; companies.md "Terms"). A correction of the marker counts as the steps it
    moves, so the round adds up to where the table's marker stood.
    """
    if event.get("type") == "energy_moved":
        steps = int(event["steps"])
        return event["company"], steps, steps if event.get("usable") else 0
    if event.get("type") == "value_corrected" and event.get("field") == ENERGY_FIELD:
        company = event["company"]
        return company, int(event["value"]) - state.players[company].energy, 0
    return None


def history(initial: GameState, records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Per round and player: VP at round end, energy, Credits, structures built.

    Folds the stored events of the records in force onto a copy of `initial` (the state after
    setup). `energy` is every step the player's marker moved on the Energy Track in that round:
    productions, Advanced tiles, Italy's +3, the USA's steps, incomes and contract rewards (what
    the Scoring phase ranks, p. 20; End of Round puts the marker back to 0). `produced` is the
    part that may fulfil contracts (production actions, Level 2 Base, Level 3 Conduit).
    Records marked `undone` (or undo records) are skipped. Raises ValueError for an event
    type no engine module applies.
    """
    state = initial.copy()
    # handlers may keep lists/dicts of an event in the state: never let folding alter the log
    records = copy.deepcopy(list(records))
    rounds: dict[int, dict[str, dict[str, int]]] = {}
    # the markers after setup stand on the track already (normally all at 0)
    moved = {state.round: {c: [p.energy, 0] for c, p in state.players.items()}}
    expansion = RoundLines(state)  # The Leeghwater Project's lines (none in a base game)

    def note() -> None:
        energy = moved.setdefault(state.round, {})
        current = rounds.setdefault(state.round, {})
        for c, f in _snapshot(state).items():
            steps, produced = energy.get(c, [0, 0])
            current[c] = {**f, "energy": steps, "produced": produced, **expansion.fields(state, c)}

    note()
    for record in records:
        if record.get("undone") or record.get("kind") == "undo":
            continue
        expansion.start_record()
        for event in record.get("events", []):
            expansion.see(state, event)
            move = _energy_moves(state, event)
            if move:
                company, steps, produced = move
                totals = moved.setdefault(state.round, {}).setdefault(company, [0, 0])
                totals[0] += steps
                totals[1] += produced
            events.apply(state, event)
            note()
        state.version += 1
    return _history_table(state, rounds)


def _history_table(
    state: GameState, rounds: Mapping[int, Mapping[str, Mapping[str, int]]]
) -> dict[str, Any]:
    numbers = sorted(rounds)
    return {
        "rounds": numbers,
        "players": [
            {
                "company": c,
                "name": p.name or company_name(c),
                "by_round": [{"round": r, **rounds[r][c]} for r in numbers if c in rounds[r]],
            }
            for c, p in state.players.items()
        ],
    }


def history_from_ledger(state: GameState) -> dict[str, Any]:
    """Per-round VP at round end from the ledgers alone (ledger lines carry their round).

    Energy, Credits and structures are known only for the current round (from the state).
    """
    last = max([state.round, *(ln.round for p in state.players.values() for ln in p.ledger)])
    rounds: dict[int, dict[str, dict[str, int]]] = {r: {} for r in range(1, last + 1)}
    for c, p in state.players.items():
        start = p.vp - sum(line.vp for line in p.ledger)
        for r in rounds:
            vp = start + sum(line.vp for line in p.ledger if line.round <= r)
            rounds[r][c] = {"vp": vp}
        rounds[state.round][c] |= {
            "energy": p.energy,
            "credits": p.credits,
            "structures": sum(p.built.values()),
        }
    return _history_table(state, rounds)
