"""Property: any mix of commands, refusals and undos leaves the store equal to a simple model,
and the snapshot, the fold of stored events and a reopened store always agree."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import web_fake_engine as fake_engine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_support import SETUP

from companion.engine.errors import CommandError, RuleViolation
from companion.store import NothingToUndo, StaleVersion, Store

PLAYERS = ("usa", "germany")
operation = st.one_of(
    st.tuples(st.just("score"), st.sampled_from(PLAYERS), st.integers(1, 3)),
    st.tuples(st.just("illegal"), st.sampled_from(PLAYERS), st.integers(4, 9)),
    st.tuples(st.just("stale"), st.sampled_from(PLAYERS), st.integers(1, 3)),
    st.tuples(st.just("undo"), st.just(""), st.just(0)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=25))
def test_store_matches_a_model_of_applied_commands(ops: list[tuple[str, str, int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "p.db"
        store = Store(db, engine=fake_engine.ENGINE)
        game_id = store.create_game(SETUP).game_id
        applied: list[tuple[str, int]] = []  # the model: commands in force
        version = 0
        for kind, player, vp in ops:
            command = {"type": "score", "player": player, "vp": vp}
            if kind == "score":
                store.submit(game_id, command, version)
                applied.append((player, vp))
                version += 1
            elif kind == "illegal":
                with pytest.raises((RuleViolation, CommandError)):
                    store.submit(game_id, command, version)
            elif kind == "stale" and version > 0:
                with pytest.raises(StaleVersion) as stale:
                    store.submit(game_id, command, version - 1)
                assert stale.value.current == version
            elif kind == "undo":
                try:
                    store.undo(game_id, version)
                    applied.pop()
                    version += 1
                except NothingToUndo:
                    assert not applied
        expected = {p: 10 + sum(v for q, v in applied if q == p) for p in PLAYERS}
        got_version, state = store.state(game_id)
        assert got_version == version
        assert {p: state.players[p]["vp"] for p in PLAYERS} == expected
        reopened = Store(db, engine=fake_engine.ENGINE)
        assert fake_engine.to_json(reopened.state(game_id)[1]) == fake_engine.to_json(state)
        assert fake_engine.to_json(reopened.rebuild_state(game_id)) == fake_engine.to_json(state)
