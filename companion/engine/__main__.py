"""Command line: `python -m companion.engine replay LOG.json` prints the final state and scores.

LOG.json is a game log as documented in docs/commands.md: {"setup": {...}, "commands": [...]}
(each item a command, or a stored record {"command": ..., "events": [...]}).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.engine.errors import CommandError, RuleViolation
from companion.engine.game import replay
from companion.engine.state import GameState


def summary(state: GameState) -> list[str]:
    """The lines printed for a replayed game: where it stands and the scores."""
    status = "game over" if state.finished else f"round {state.round}, {state.phase} phase"
    lines = [f"Barrage ({state.setup.mode} game, {len(state.players)} players): {status}"]
    if state.active:
        lines.append(f"Active player: {state.active}")
    if state.pending:
        lines.append(f"Waiting for: {state.pending[-1].reason}")
    lines.append("")
    header = f"{'company':<10}{'VP':>5}{'energy':>8}{'credits':>9}{'exc':>5}{'mix':>5}"
    lines.append(header)
    for company in state.turn_order:
        p = state.players[company]
        lines.append(
            f"{company:<10}{p.vp:>5}{p.energy:>8}{p.credits:>9}{p.excavators:>5}{p.mixers:>5}"
        )
    if state.final_scores:
        lines.append("")
        lines.append("Final scores (VP by category):")
        for company, scores in sorted(state.final_scores.items(), key=lambda kv: kv[1]["rank"]):
            parts = ", ".join(
                f"{k} {v}"
                for k, v in scores.items()
                if k not in ("total", "rank", "winner", "last_round_energy")
            )
            mark = "  <- winner" if scores.get("winner") else ""
            lines.append(f"{scores['rank']}. {company}: {scores['total']} VP ({parts}){mark}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.engine")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game log and print the final state and scores")
    rp.add_argument("log", type=Path)
    rp.add_argument("--json", action="store_true", help="print the final scores as JSON")
    args = parser.parse_args(argv)
    try:
        log: dict[str, Any] = json.loads(args.log.read_text(encoding="utf-8"))
        state = replay(log)
    except (OSError, ValueError) as exc:
        print(f"Cannot read {args.log}: {exc}", file=sys.stderr)
        return 2
    except (RuleViolation, CommandError) as exc:
        print(f"The log does not replay: {exc.message}", file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps(
                {
                    "finished": state.finished,
                    "final_scores": state.final_scores,
                    "vp": {c: p.vp for c, p in state.players.items()},
                },
                indent=2,
            )
        )
    else:
        print("\n".join(summary(state)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
