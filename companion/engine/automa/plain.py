"""The Automa's decision in one plain line for the table (issue 9 item 6): "Builds a Conduit
on the right conduit (value 5) of the 4th Mountains basin — criterion “most powerful”". It reads
the placement's structured result (the criteria that narrowed the candidates, what settled
it), not the trace's text. The full criteria trace stays in the step's `reason`, one tap away
on the screen.
"""

from __future__ import annotations

from typing import Any

from companion.engine.automa.feasibility import Plan
from companion.engine.automa.placement import criterion_words
from companion.engine.automa.tiles import STRUCTURE_WORDS
from companion.engine.counts import commas
from companion.engine.places import space_name
from companion.engine.table_words import advanced_tile_name, contract_name
from companion.engine.words import Words, say

STRUCTURE_NAMES: dict[str, Words] = {
    "base": say("Base"),
    "elevation": say("Elevation"),
    "conduit": say("Conduit"),
    "powerhouse": say("Powerhouse"),
}


def _then(items: list[str]) -> str:
    """Criteria in the order they narrowed the choice, quoted (a criterion's own name may hold
    commas: "own, neutral, opponent dam")."""
    quoted = [say("“{criterion}”", criterion=c) for c in items]
    last = quoted[-1]
    for item in reversed(quoted[:-1]):
        last = say("{first}, then {rest}", first=item, rest=last)
    return last


def _why(details: dict[str, Any]) -> str:
    """The criteria that narrowed the choice, in order, then what settled it (the location
    step, a tile's tie rule, the only space left) when no criterion did."""
    criteria: list[str] = list(details.get("criteria") or [])
    decided = details.get("decided_by") or ""
    parts: list[str] = []
    if len(criteria) == 1:
        parts.append(say("criterion {criteria}", criteria=_then(criteria)))
    elif criteria:
        parts.append(say("criteria {criteria}", criteria=_then(criteria)))
    if decided and not any(decided == criterion_words(c) for c in criteria):
        parts.append(decided)
    last = parts[-1] if parts else ""
    for item in reversed(parts[:-1]):
        last = say("{first}; then {rest}", first=item, rest=last)
    return last


def plain_line(plan: Plan) -> str:
    """One sentence saying what the Automa does, in board words."""
    details = plan.details
    kind = plan.action.kind
    if kind == "construction" and details.get("space"):
        why = _why(details)
        structure = str(details["structure"])
        parts = {
            "structure": STRUCTURE_NAMES.get(structure, STRUCTURE_WORDS.get(structure, structure)),
            "space": space_name(details["space"]),
        }
        if why:
            return say("Builds a {structure} on {space} — {why}", why=why, **parts)
        return say("Builds a {structure} on {space}", **parts)
    if kind == "production" and details.get("dam"):
        said: dict[str, Any] = {
            "energy": details.get("energy"),
            "drops": details.get("drops"),
            "dam": space_name(details["dam"]),
        }
        if details.get("contract"):
            return say(
                "Produces {energy} energy with {drops} drop(s) from {dam}, fulfilling {contract}",
                contract=contract_name(details["contract"]),
                **said,
            )
        return say("Produces {energy} energy with {drops} drop(s) from {dam}", **said)
    if kind == "contract_office":
        removed = [contract_name(c) for c in details.get("contracts", [])]
        if not removed:
            return say("Removes no contract from the Contract Office and gains energy")
        return say(
            "Removes {contracts} from the Contract Office and gains energy",
            contracts=commas(removed),
        )
    if kind == "water_management" and details.get("letters"):
        return say("Puts drops on headstream {letters}", letters=", ".join(details["letters"]))
    if kind == "patent_office" and details.get("tile"):
        return say("Takes {tile} from the Patent Office", tile=advanced_tile_name(details["tile"]))
    return plan.summary
