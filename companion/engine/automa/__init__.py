"""The Automa: the app plays the artificial opponents by the Automa rules (automa.md, issue 5).

Modules: `tiles` (the 20 tiles), `deck` (seeded shared deck, ruling A1), `levels` (difficulty
switches), `placement` (where it builds, §8), `water_choice` (where its drops go, §7.2),
`feasibility` (is an action possible and what would it do, §7), `decision` (a whole turn,
§4, with trace, preview and override), `rewards` (its answers to reward choices).
"""

from companion.engine.automa.decision import play_turn, preview_turn
from companion.engine.automa.deck import deal_deck
from companion.engine.automa.rewards import answer_pending, automatic_answer

__all__ = ["answer_pending", "automatic_answer", "deal_deck", "play_turn", "preview_turn"]
