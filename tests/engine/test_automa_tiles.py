"""The Automa deck: the 20 tiles against the reference table, the seeded draw and reshuffle.

automa.md §3 (deck and draw), §10 (all 20 tiles), ruling A1 (reshuffle), ruling A10 (tile data).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import require_reference

from companion.engine import levels
from companion.engine.automa import deck
from companion.engine.automa.tiles import TILES
from companion.engine.events import Recorder
from companion.engine.state import GameState, PlayerState

REFERENCE = Path(__file__).parents[2].parent / "shared/reference/data/automa.json"


@pytest.fixture(scope="module")
def reference() -> dict:
    if not REFERENCE.exists():
        require_reference()
    return json.loads(REFERENCE.read_text())


def test_twenty_tiles_with_ids_1_to_20(reference):
    assert sorted(TILES) == list(range(1, 21))
    assert len(reference["tiles"]) == 20 == reference["deck"]["size"]


def test_every_tile_field_by_field(reference):
    for row in reference["tiles"]:
        tile = TILES[row["id"]]
        assert tile.alt_id == row["impl_h_id"]
        assert len(tile.actions) == len(row["actions"])
        for action, ref in zip(tile.actions, row["actions"], strict=True):
            assert action.kind == ref["action"]
            assert action.engineers == ref["engineers"]
            assert action.ends_turn == ref["ends_turn"]
            assert action.contract_colour == ref.get("contract_color")
            assert action.energy_bonus == ref.get("energy_bonus", 0)
            assert action.drops == ref.get("drops", 0)
            assert action.structure == ref.get("structure")
            assert action.vp_cost == ref.get("vp_cost", 0)
            assert action.rotations == ref.get("rotations", 0)
            assert list(action.machines) == ref.get("machines", [])
        crit = row["criteria"]
        assert list(tile.criteria.dam) == crit["dam_elevation"]["order"]
        assert tile.criteria.dam_location == crit["dam_elevation"]["location"]
        assert list(tile.criteria.conduit) == crit["conduit"]["order"]
        assert (
            "".join(map(str, tile.criteria.conduit_location)) == crit["conduit"]["location_label"]
        )
        assert list(tile.criteria.powerhouse) == crit["powerhouse"]["order"]
        assert tile.criteria.powerhouse_location == crit["powerhouse"]["location"]
        assert list(tile.criteria.headstreams) == crit["headstream_order"]


def test_alt_id_encodes_the_criteria_locations():
    # automa.md §3.3: Impl-H's id is "dam-conduit-powerhouse"; tile n has conduit ⌈n/2⌉, A/B
    for tile in TILES.values():
        dam, conduit, powerhouse = tile.alt_id.split("-")
        assert int(dam) == tile.criteria.dam_location
        assert conduit == f"{(tile.id + 1) // 2}{'A' if tile.id % 2 else 'B'}"
        assert int(powerhouse) == tile.criteria.powerhouse_location


def test_tile_data_follows_the_artwork():
    # ruling A10: maluses −2/−2/−1/−1, contract office on T03 and T12, T05 powerhouse
    # location 5, T15 patent 1 engineer 2 VP, no external work on T19
    assert [TILES[n].actions[0].energy_bonus for n in (1, 2, 3, 4)] == [-2, -2, -1, -1]
    assert TILES[3].actions[1].kind == "contract_office"
    assert TILES[12].actions[1].kind == "contract_office"
    assert TILES[5].criteria.powerhouse_location == 5
    patent = next(a for a in TILES[15].actions if a.kind == "patent_office")
    assert (patent.engineers, patent.vp_cost) == (1, 2)
    assert not any(a.kind == "external_work" for a in TILES[19].actions)


def test_sample_tiles_as_printed_in_the_reference_table():
    # automa.md §10.1, T12: PROD 2E red ±0 → [CONTRACT 1E red +2] → BUILD 2E Conduit 4+ →
    # MACH 2E Exc+Exc −4VP → EXTWORK → WORKSHOP 1E rot 1 → BANK 1E +1VP
    t12 = TILES[12].actions
    assert [a.kind for a in t12] == [
        "production", "contract_office", "construction", "machinery_shop", "external_work",
        "workshop", "bank",
    ]  # fmt: skip
    assert (t12[0].contract_colour, t12[0].energy_bonus) == ("red", 0)
    assert (t12[1].discard_colour, t12[1].energy_gain, t12[1].is_dashed) == ("red", 2, True)
    assert t12[2].min_conduit_value == 4
    assert (t12[3].machines, t12[3].vp_cost, t12[3].engineers) == (("excavator", "excavator"), 4, 2)
    assert TILES[2].actions[2].region == "hills" and TILES[4].actions[1].region == "mountains"
    assert TILES[2].actions[1].flows_immediately and TILES[2].actions[1].drops == 1
    # every tile ends with the Bank; T04, T15, T19, T20 have no dashed-frame action
    assert all(t.actions[-1].kind == "bank" for t in TILES.values())
    assert [t.id for t in TILES.values() if not any(a.is_dashed for a in t.actions)] == [
        4,
        15,
        19,
        20,
    ]


def test_difficulty_levels_are_cumulative():
    automa = PlayerState(company="italy", kind="automa")
    rows = []
    for level in (1, 2, 3, 4):
        automa.automa_level = level
        rows.append((
            levels.has_income(automa), levels.has_powerhouse_bonus(automa),
            levels.has_company_ability(automa), levels.has_advanced_effects(automa),
            levels.has_officer(automa),
        ))  # fmt: skip
    assert rows == [
        (False, False, False, False, False),
        (True, True, False, False, False),
        (True, True, True, True, False),
        (True, True, True, True, True),
    ]
    assert levels.has_income(PlayerState(company="usa"))  # humans always
    assert levels.level_name(1) == "Easy – Low Voltage"


# -- the deck ---------------------------------------------------------------------------------


def _dealt(seed: int = 7) -> Recorder:
    state = GameState()
    state.setup.seed = seed
    state.players["italy"] = PlayerState(company="italy", kind="automa", automa_level=2)
    rec = Recorder(state)
    deck.deal_deck(rec)
    return rec


def test_seeded_shuffle_is_recorded_and_repeatable():
    a, b, c = _dealt(7), _dealt(7), _dealt(8)
    assert a.state.automa["draw_pile"] == b.state.automa["draw_pile"]
    assert a.state.automa["draw_pile"] != c.state.automa["draw_pile"]
    assert sorted(a.state.automa["draw_pile"]) == list(range(1, 21))
    assert a.events[0]["draw_pile"] == a.state.automa["draw_pile"]  # the result is in the event
    assert a.state.rng_counter == 1


def test_draw_actions_from_the_pile_criteria_from_the_turned_tile():
    # automa.md §3.2: turn the top tile over onto the discard pile; actions = new top
    rec = _dealt()
    pile = list(rec.state.automa["draw_pile"])
    action, criteria = deck.draw(rec, "italy")
    assert (criteria.id, action.id) == (pile[0], pile[1])
    action2, criteria2 = deck.draw(rec, "italy")
    assert criteria2.id == action.id  # last turn's action tile gives this turn's criteria
    assert action2.id == pile[2]
    assert rec.state.automa["discard"] == pile[:2]


def test_exhausted_pile_keeps_the_criteria_tile_and_reshuffles_the_others():
    # ruling A1: keep the tile just turned (criteria), reshuffle the other 19
    rec = _dealt()
    for _ in range(19):
        deck.draw(rec, "italy")
    assert len(rec.state.automa["draw_pile"]) == 1
    last = rec.state.automa["draw_pile"][0]
    action, criteria = deck.draw(rec, "italy")
    assert criteria.id == last
    assert rec.state.automa["discard"] == [last]
    assert sorted(rec.state.automa["draw_pile"]) == sorted(set(range(1, 21)) - {last})
    assert action.id == rec.state.automa["draw_pile"][0]
    assert rec.events[-1]["type"] == "automa_deck_shuffled"
    assert "ruling A1" in rec.events[-1]["reason"]


def test_deck_is_never_reset_between_rounds():
    # automa.md §1.2: shuffled once; nothing happens to the deck at round end
    rec = _dealt()
    deck.draw(rec, "italy")
    before = dict(rec.state.automa)
    rec.state.round = 2
    assert rec.state.automa == before
