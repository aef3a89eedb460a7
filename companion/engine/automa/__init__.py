"""The Automa: the app plays the artificial opponents by the Automa rules (automa.md, issue 5).

Modules: `tiles` (the 20 tiles), `deck` (seeded shared deck, ruling A1), `placement` (where it
builds, §8), `water_choice` (where its drops go, §7.2), `feasibility` (is an action possible
and what would it do, §7), `decision` (a whole turn, §4, with trace and preview), `overrides`
(every other legal move the table may choose), `rewards` (its answers to reward choices),
`opening` (Mahiri Sekibo at level 4), `command` (the `automa_turn` command). The difficulty
switches are `companion.engine.levels` (every rule that depends on a level asks them).
Importing the package imports none of them, so a rules module may read `levels` or `tiles`
without pulling in the Automa's decisions.
"""
