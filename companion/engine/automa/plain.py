"""The Automa's decision in one plain line for the table (issue 9 item 6): "Builds a Conduit
on the right conduit (value 5) of the 4th Mountains basin — criterion “most powerful”". It reads
the placement's structured result (the criteria that narrowed the candidates, what settled
it), not the trace's text. The full criteria trace stays in the step's `reason`, one tap away
on the screen.
"""

from __future__ import annotations

from typing import Any

from companion.engine.automa.feasibility import Plan
from companion.engine.places import space_name
from companion.engine.table_words import advanced_tile_name, contract_name


def _why(details: dict[str, Any]) -> str:
    """The criteria that narrowed the choice, in order, then what settled it (the location
    step, a tile's tie rule, the only space left) when no criterion did."""
    criteria: list[str] = list(details.get("criteria") or [])
    decided = str(details.get("decided_by") or "")
    # quoted: a criterion's own name may hold commas ("own, neutral, opponent dam")
    named = ", then ".join(f"“{c}”" for c in criteria)
    parts = [f"{'criteria' if len(criteria) > 1 else 'criterion'} {named}"] if criteria else []
    if decided and not decided.startswith("criterion "):
        parts.append(decided)
    return "; then ".join(parts)


def plain_line(plan: Plan) -> str:
    """One sentence saying what the Automa does, in board words."""
    details = plan.details
    kind = plan.action.kind
    if kind == "construction" and details.get("space"):
        why = _why(details)
        text = f"Builds a {str(details['structure']).title()} on {space_name(details['space'])}"
        return f"{text} — {why}" if why else text
    if kind == "production" and details.get("dam"):
        text = (
            f"Produces {details.get('energy')} energy with {details.get('drops')} drop(s) from "
            f"{space_name(details['dam'])}"
        )
        if details.get("contract"):
            text += f", fulfilling {contract_name(details['contract'])}"
        return text
    if kind == "contract_office":
        removed = ", ".join(contract_name(c) for c in details.get("contracts", []))
        return f"Removes {removed or 'no contract'} from the Contract Office and gains energy"
    if kind == "water_management" and details.get("letters"):
        return f"Puts drops on headstream {', '.join(details['letters'])}"
    if kind == "patent_office" and details.get("tile"):
        return f"Takes {advanced_tile_name(details['tile'])} from the Patent Office"
    return plan.summary
