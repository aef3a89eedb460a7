"""Shared data of the web tests (a module with a unique name: test dirs are not packages)."""

from __future__ import annotations

from typing import Any

SETUP: dict[str, Any] = {
    "mode": "introductory",
    "deals": "app",
    "seed": 7,
    "seats": [
        {"company": "usa", "name": "Ana", "kind": "human"},
        {"company": "germany", "name": "Bo", "kind": "human"},
    ],
}
