"""Level-4 ("Overpowered") Automa officers Anton Krylov and Mahiri Sekibo (automa.md §2.2).

Anton Krylov: the Automa's special tile is used only after its advanced and basic tiles, and
copies the highest-level tile on its wheel (3, 2, 1, basic; dedicated before wild), with the
engine's copy mechanics (the Anton tile goes on the wheel, the copied tile's cost and effect
apply). Mahiri Sekibo: the Automa ignores her power; instead every human plays the opening
action of each round the Automa way — a tile drawn from the shared deck decides it.
"""

from __future__ import annotations

import pytest
from helpers import (
    automa_turn,
    events_of,
    give,
    place_conduit,
    place_dam,
    place_powerhouse,
    set_wheel,
)
from test_automa_fixtures import automa_game

from companion.engine import RuleViolation, execute, legal_options, new_game, replay
from companion.engine.automa import feasibility
from companion.engine.automa.tiles import TILES
from companion.engine.catalog import ANTON_TILE
from companion.engine.state import to_json

A, H = "italy", "usa"
ANTON = "anton_krylov"
NO_BASE_TILE = ["elevation", "conduit", "powerhouse", ANTON_TILE]


def turn(state, company=A, **override):
    return automa_turn(state, company, **override)


events = events_of


def anton_automa(level=4, tiles=NO_BASE_TILE):
    """T01 (BUILD base is its first possible action on a quiet map) with Anton Krylov."""
    state = automa_game(1, level=level)
    state.players[A].officer = ANTON
    state.players[A].tiles = list(tiles)
    give(state, A, excavators=10)
    return state


# -- Anton Krylov (§2.2) ----------------------------------------------------------------------


def test_anton_tile_only_after_the_basic_and_advanced_tiles():
    # §2.2: the basic Base tile in the supply is used although L3_BASE sits on the wheel
    state = anton_automa(tiles=["base", *NO_BASE_TILE])
    set_wheel(state, A, 2, ["L3_BASE"])
    out = turn(state)
    assert events(out, "wheel_loaded")[0]["tiles"] == ["base"]
    assert ANTON_TILE in out.state.players[A].tiles
    assert feasibility.tile_for(state, A, "base") == ("base", None)


def test_anton_copies_the_highest_level_tile_on_the_wheel():
    # §2.2: wheel holds base (basic), L1_ANY (level 1) and L2_BASE (level 2): copies L2_BASE
    state = anton_automa()
    set_wheel(state, A, 1, ["base"])
    set_wheel(state, A, 2, ["L1_ANY"])
    set_wheel(state, A, 3, ["L2_BASE"])
    assert feasibility.tile_for(state, A, "base") == (ANTON_TILE, "L2_BASE")
    out = turn(state)
    assert events(out, "wheel_loaded")[0]["tiles"] == [ANTON_TILE]  # the Anton tile goes in
    assert events(out, "structure_built")[0]["structure"] == "base"
    assert ANTON_TILE not in out.state.players[A].tiles
    trace = " ".join(out.state.automa["last_trace"]["lines"])
    assert "Anton Krylov's tile copying the Level 2 Base tile" in trace  # the printed tile


def test_anton_copy_dedicated_before_wild_on_equal_level_and_level_before_dedication():
    # §2.2 "dedicated before wild": L2_BASE beats L2_ANY; a higher level beats dedication
    state = anton_automa()
    set_wheel(state, A, 1, ["L2_ANY"])
    set_wheel(state, A, 2, ["L2_BASE"])
    assert feasibility.anton_copy(state, A, "base") == "L2_BASE"
    set_wheel(state, A, 2, ["L1_BASE"])
    assert feasibility.anton_copy(state, A, "base") == "L2_ANY"
    set_wheel(state, A, 1, ["conduit"])  # a wheel tile that cannot build a base is no copy
    assert feasibility.anton_copy(state, A, "base") == "L1_BASE"


def test_anton_copy_uses_the_copied_tiles_cost_and_effect():
    # Appendix 4 L3_BASE copied: the Base needs no Excavators; its level-3 effect applies
    state = anton_automa()
    give(state, A, excavators=0)  # a Base could not be paid with the printed 3-5 Excavators
    set_wheel(state, A, 2, ["L3_BASE"])
    out = turn(state)
    loaded = events(out, "wheel_loaded")[0]
    assert (loaded["tiles"], loaded["excavators"], loaded["mixers"]) == ([ANTON_TILE], 0, 0)
    assert events(out, "structure_built")[0]["structure"] == "base"


def test_anton_without_a_wheel_tile_for_the_structure_skips_the_construction():
    state = anton_automa()
    set_wheel(state, A, 1, ["conduit"])
    out = turn(state)
    assert not events(out, "structure_built")
    assert "Build base: skipped — no technology tile for a base" in " ".join(
        out.state.automa["last_trace"]["lines"]
    )


def test_anton_copy_is_a_level_4_power():
    # §2: below level 4 the Automa has no officer power; its Anton tile builds nothing
    state = anton_automa(level=3)
    set_wheel(state, A, 2, ["L2_BASE"])
    assert feasibility.tile_for(state, A, "base") is None
    assert not events(turn(state), "structure_built")


# -- Mahiri Sekibo (§2.2): every human's opening the Automa way -------------------------------

MAHIRI = "mahiri_sekibo"


def mahiri_game(officer=MAHIRI, level=4):
    """T01 for the Automa (a Bank on a quiet map); the Automa holds `officer`. After its turn
    the human's first turn of round 1 starts."""
    state = automa_game(1, level=level)
    state.players[A].officer = officer
    return execute(state, {"type": "automa_turn", "player": A}).state


def next_tile_for_human(state, action_tile, criteria_tile=2):
    """Fix the human's draw: `criteria_tile` is turned over, `action_tile`'s actions show."""
    rest = [t for t in range(1, 21) if t not in (action_tile, criteria_tile)]
    state.automa["draw_pile"] = [criteria_tile, action_tile, *rest]


def next_command(state):
    """The Automa's (or an opening's) command, else the human's open choice, Bank or pass."""
    options = legal_options(state)
    for action in options["actions"]:
        if action["type"] == "automa_turn" and action["choices"]:
            return action["choices"][0]["command"]
    if options["pending"]:
        return options["pending"]["choices"][0]["command"]
    actions = {a["type"]: a for a in options["actions"]}
    kind = "bank" if actions["bank"]["enabled"] else "pass"
    return actions[kind]["choices"][0]["command"]


def play_until(state, done, log=None):
    for _ in range(500):
        if done(state):
            return state
        command = next_command(state)
        if log is not None:
            log.append(command)
        state = execute(state, command).state
    raise AssertionError("the game did not get there")


def test_human_first_turn_of_round_1_waits_on_a_drawn_automa_tile():
    # §2.2: with Mahiri at a level-4 Automa the human's opening is the Automa's kind of turn
    state = mahiri_game()
    assert state.active == H
    assert state.pending[-1].kind == "mahiri_opening" and state.pending[-1].player == H
    options = legal_options(state)
    assert options["player"] == H
    action, *others = options["actions"]
    assert action["type"] == "automa_turn"
    assert others == options["overrides"]  # the other moves, paid as a person (issue 9 item 6)
    assert action["choices"][0]["command"] == {"type": "automa_turn", "player": H}
    with pytest.raises(RuleViolation) as refused:  # no free action before the opening
        execute(state, {"type": "bank", "player": H, "engineers": 1})
    assert "Mahiri Sekibo" in str(refused.value)


def test_opening_plays_the_drawn_tile_for_the_human_with_its_own_resources():
    # T01 for USA (Wilhelm Adler): no production system, no own dam for the water, so the
    # Base: Adler's real cost 3 Excavators, his adapted Automa preference (mountains first),
    # the criteria of T02 (red-outlined space → 2U: 3 Credits). As a person USA puts the 1
    # Engineer its first construction space prints there (the tile prints 2 for an Automa).
    state = mahiri_game()
    next_tile_for_human(state, 1, criteria_tile=2)
    preview = legal_options(state)["actions"][0]["choices"][0]["preview"]
    assert preview["tile"] == 1 and preview["criteria_tile"] == 2
    out = execute(state, {"type": "automa_turn", "player": H})
    drawn = events(out, "automa_tile_drawn")[0]
    assert (drawn["company"], drawn["tile"]) == (H, 2)
    built = events(out, "structure_built")[0]
    assert (built["company"], built["structure"], built["space"]) == (H, "base", "2U")
    usa = out.state.players[H]
    assert (usa.engineers, usa.excavators, usa.credits) == (12 - 1, 6 - 3, 6 - 3)
    assert usa.constructions_this_round == 1
    assert preview["lines"] == out.state.automa["last_trace"]["lines"]  # step mode = the turn
    texts = [i["text"] for i in out.instructions]
    assert "Put 1 Engineer on your first construction space." in texts
    assert out.state.active == A and not out.state.pending


def test_second_turn_of_the_round_is_free():
    state = mahiri_game()
    state = execute(state, {"type": "automa_turn", "player": H}).state
    state = execute(state, {"type": "automa_turn", "player": A}).state
    assert state.active == H and not state.pending
    kinds = {a["type"] for a in legal_options(state)["actions"] if a["enabled"]}
    assert {"build", "bank", "workshop"} <= kinds and "automa_turn" not in kinds


def test_round_2_opening_is_decided_by_a_drawn_tile_again():
    state = play_until(mahiri_game(), lambda s: s.round == 2 and bool(s.pending))
    assert state.pending[-1].kind == "mahiri_opening" and state.active == H
    out = execute(state, {"type": "automa_turn", "player": H})
    assert events(out, "automa_tile_drawn")[0]["company"] == H
    assert out.state.automa["openings"] == {H: 2}


def test_the_human_pays_credits_as_a_person_and_skips_what_it_cannot_pay():
    # T06 for the human: PROD, WATER, BUILD elevation, BUILD base, WORKSHOP (empty wheel)
    # are not possible; MACH wild: a person pays 4 Credits ("any one" space), not 3 VP, and
    # takes the wild piece by the Automa rule (fewer of: 2 Excavators < 4 Mixers → Excavator)
    state = mahiri_game()
    give(state, H, excavators=2)
    next_tile_for_human(state, 6)
    out = execute(state, {"type": "automa_turn", "player": H})
    usa = out.state.players[H]
    assert (usa.credits, usa.excavators, usa.mixers, usa.vp) == (6 - 4, 3, 4, 10)
    assert out.state.occupied["MS_EXC_L"] == H and usa.engineers == 12 - 1  # §5 first empty
    # the left column taken: the first empty space is MS_EXC_R, whose red outline a person
    # pays too (3 Credits), so 4 + 3 = 7 Credits
    state = mahiri_game()
    give(state, H, excavators=2, credits=7)
    for space in ("MS_EXC_L", "MS_ANY_L", "MS_BOTH_L"):
        state.occupied.setdefault(space, A)
    next_tile_for_human(state, 6)
    out = execute(state, {"type": "automa_turn", "player": H})
    assert out.state.occupied["MS_EXC_R"] == H and out.state.players[H].credits == 0
    # with 3 Credits the Machinery Shop is skipped: the Bank gives a person 1 Credit
    state = mahiri_game()
    give(state, H, excavators=2, credits=3)
    next_tile_for_human(state, 6)
    out = execute(state, {"type": "automa_turn", "player": H})
    assert out.state.players[H].credits == 3 + 1
    trace = out.state.automa["last_trace"]["lines"]
    assert "Machinery Shop: wild: skipped — it costs 4 Credits; you have 3." in trace


def test_person_prices_of_the_tile_actions():
    # the Management board's left-column action costs (p. 15-19) for the tiles' VP costs
    prices = {
        a.label(): feasibility.person_credits(a)
        for tile in TILES.values()
        for a in tile.actions
        if a.vp_cost
    }
    assert prices["Workshop: rotate 2"] == 2 and prices["Workshop: rotate 3"] == 5
    assert prices["Machinery Shop: excavator"] == 2
    assert prices["Machinery Shop: wild"] == prices["Machinery Shop: mixer"] == 4
    assert prices["Machinery Shop: excavator + excavator"] == 4
    assert prices["Machinery Shop: excavator + mixer"] == 5
    assert prices["Patent Office: base tile"] == 5


def test_the_table_can_override_the_human_opening_like_an_automa_decision():
    state = mahiri_game()
    next_tile_for_human(state, 1, criteria_tile=2)
    bank = len(TILES[1].actions) - 1
    out = execute(state, {"type": "automa_turn", "player": H, "override": {"action": bank}})
    assert not events(out, "structure_built")
    assert out.state.players[H].credits == 6 + 1
    assert out.state.automa["last_trace"]["override"] == {"action": bank}
    answered = execute(state, {"type": "decide", "player": H, "answer": {}})  # same as a tap
    assert events(answered, "structure_built")[0]["space"] == "2U"


def test_no_mahiri_no_opening_and_the_automa_never_uses_her_space():
    state = mahiri_game(officer="anton_krylov")
    assert state.active == H and not state.pending
    state = mahiri_game(level=3)  # below level 4 the Automa has no officer power (§2)
    assert not state.pending
    log: list[dict] = []
    state = play_until(mahiri_game(), lambda s: s.round == 2, log)
    automa = state.players[A]
    assert automa.mahiri_uses_this_round == 0 and automa.copied_officer is None
    assert not any(c["type"] == "mahiri" for c in log)


def test_a_game_with_mahiri_replays_identically():
    payload = {
        "mode": "full",
        "seed": 4,
        "deals": "app",
        "seats": [
            {"kind": "automa", "automa_level": 4, "officer": MAHIRI},
            {"kind": "human", "name": "Ann"},
        ],
    }
    outcome = new_game(payload)
    state, log = outcome.state, []
    state = play_until(state, lambda s: s.finished or s.phase == "game_over", log)
    again = replay({"setup": payload, "commands": log})
    assert to_json(again) == to_json(state)
    human = next(c for c, p in state.players.items() if not p.is_automa)
    openings = [c for c in log if c["type"] == "automa_turn" and c["player"] == human]
    assert len(openings) == 5  # one opening in each of the 5 rounds


def human_system(state, conduit_owner=H):
    """USA: own dam 3L (level 2, 2 drops) → conduit C3L (value 4) → own powerhouse P5-2."""
    place_dam(state, "3L", H, level=2, drops=2)
    place_conduit(state, "C3L", conduit_owner)
    place_powerhouse(state, "P5-2", H)


def test_opening_production_may_fulfil_a_contract_of_the_humans_own_hand():
    # T11 for USA: PROD green +1 → 4 × 2 + 1 = 9 energy. The green condition holds (G01 in
    # the office); the best contract ≤ 9 is Y01 (5) from USA's own hand, not G01 (2)
    state = mahiri_game()
    human_system(state)
    state.contract_offer = {"green": ["G01", None], "yellow": [None, None], "red": [None, None]}
    state.players[H].contracts = ["Y01"]
    next_tile_for_human(state, 11)
    out = execute(state, {"type": "automa_turn", "player": H})
    made = events(out, "production_made")[0]
    assert (made["company"], made["drops"], made["energy"]) == (H, 2, 9)
    assert events(out, "contract_fulfilled")[0]["contract"] == "Y01"
    assert not events(out, "automa_contract_claimed")  # it was in hand already
    assert out.state.players[H].contracts == [] and out.state.contract_offer["green"][0] == "G01"


def test_opening_production_through_another_conduit_needs_the_credits():
    # p. 6: 1 Credit per drop to the conduit's owner; a person cannot go below 0 Credits
    state = mahiri_game()
    human_system(state, conduit_owner=A)
    state.contract_offer = {"green": ["G01", None], "yellow": [None, None], "red": [None, None]}
    state.players[H].contracts = []  # the office's G01 (reward: 1 Credit) is fulfilled
    give(state, H, credits=1)
    next_tile_for_human(state, 11)
    out = execute(state, {"type": "automa_turn", "player": H})
    assert not events(out, "production_made")
    give(state, H, credits=2)
    out = execute(state, {"type": "automa_turn", "player": H})
    assert events(out, "production_made")[0]["drops"] == 2
    assert events(out, "contract_fulfilled")[0]["contract"] == "G01"
    assert out.state.players[H].credits == 2 - 2 + 1
