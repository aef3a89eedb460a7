"""The Automa's decision in one plain line for the table (issue 9 item 6): "Builds a Conduit
on the right conduit (value 5) of the 4th Mountains basin — most powerful conduit". The full
criteria trace stays in the step's `reason`, one tap away on the screen.
"""

from __future__ import annotations

import re

from companion.engine.automa.feasibility import Plan
from companion.engine.places import space_name
from companion.engine.table_words import advanced_tile_name, contract_name

# the criterion that chose: the last one that neither tied nor was skipped
CRITERION = re.compile(r"criteri(?:on|a) '([^']+)': (?!all tied|nobody)[^;]*")
LOCATION = re.compile(r"(location \d+ or higher)")


def _why(summary: str) -> str:
    found: list[str] = CRITERION.findall(summary)
    if found:
        return found[-1]
    location = LOCATION.search(summary)
    return location.group(1) if location else ""


def plain_line(plan: Plan) -> str:
    """One sentence saying what the Automa does, in board words."""
    details = plan.details
    kind = plan.action.kind
    if kind == "construction" and details.get("space"):
        why = _why(plan.summary)
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
