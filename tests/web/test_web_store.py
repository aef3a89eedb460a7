"""The event store: versions, undo by rebuilding, join codes, persistence across a kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
import web_fake_engine as fake_engine
from web_support import SETUP

from companion.engine.errors import CommandError, RuleViolation
from companion.store import (
    JOIN_CODE_ALPHABET,
    SNAPSHOTS_KEPT,
    GameNotFound,
    NothingToUndo,
    StaleVersion,
    Store,
    effective_commands,
    normalize_join_code,
)


def score(player: str = "usa", vp: int = 2) -> dict:
    return {"type": "score", "player": player, "vp": vp}


def vp(store: Store, game_id: str, company: str = "usa") -> int:
    return store.state(game_id)[1].players[company]["vp"]


def test_create_game_stores_setup_snapshot_and_a_readable_join_code(store: Store) -> None:
    committed = store.create_game(SETUP, title="Friday")
    game = store.game(committed.game_id)
    assert game["version"] == 0
    assert game["title"] == "Friday"
    assert game["setup"] == SETUP
    assert [p["company"] for p in game["players"]] == ["usa", "germany"]
    assert len(game["join_code"]) == 5
    assert set(game["join_code"]) <= set(JOIN_CODE_ALPHABET)
    assert not set(game["join_code"]) & set("O0I1LS5Z2B8")
    assert store.setup_outcome(committed.game_id)["instructions"][0]["text"] == "Lay out the board."


def test_join_code_is_found_whatever_the_case_and_dashes(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    code = store.game(game_id)["join_code"]
    typed = f"{code[:2].lower()}-{code[2:]} "
    assert normalize_join_code(typed) == code
    assert store.game_by_code(typed)["id"] == game_id
    with pytest.raises(GameNotFound):
        store.game_by_code("QQQQQ" if code != "QQQQQ" else "WWWWW")


def test_submit_appends_a_record_and_bumps_the_version(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    committed = store.submit(game_id, score(vp=3), 0)
    assert committed.version == 1
    assert committed.record["events"][0]["type"] == "vp_scored"
    assert vp(store, game_id) == 13
    records = store.records(game_id)
    assert [(r["seq"], r["kind"], r["version_after"]) for r in records] == [(1, "command", 1)]
    assert store.game(game_id)["players"][0]["vp"] == 13


def test_a_correct_command_is_recorded_as_a_correction(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    correction = {"type": "correct", "player": "usa", "vp": -4, "reason": "miscounted"}
    store.submit(game_id, correction, 0)
    assert [r["kind"] for r in store.records(game_id)] == ["correction"]
    assert vp(store, game_id) == 6
    store.undo(game_id, 1)  # a correction is undoable like any command
    assert vp(store, game_id) == 10


def test_stale_version_is_refused_with_the_current_version(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(), 0)
    with pytest.raises(StaleVersion) as info:
        store.submit(game_id, score(), 0)
    assert info.value.current == 1
    assert info.value.expected == 0
    assert vp(store, game_id) == 12
    assert len(store.records(game_id)) == 1


@pytest.mark.parametrize(
    ("command", "error"),
    [
        (score(vp=9), RuleViolation),
        (score(player="mars"), CommandError),
        ({"type": "fly"}, CommandError),
    ],
)
def test_a_refused_command_changes_nothing(store: Store, command: dict, error: type) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(), 0)
    before = store.game(game_id)
    with pytest.raises(error):
        store.submit(game_id, command, 1)
    assert store.game(game_id) == before
    assert len(store.records(game_id)) == 1


def test_unknown_game_raises_game_not_found(store: Store) -> None:
    with pytest.raises(GameNotFound):
        store.state("nope")
    with pytest.raises(GameNotFound):
        store.submit("nope", score(), 0)
    with pytest.raises(GameNotFound):
        store.delete_game("nope")


def test_undo_reverts_the_last_command_by_rebuilding_not_re_deciding(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(vp=1), 0)
    store.submit(game_id, score(vp=3), 1)
    executes = fake_engine.CALLS["execute"]
    committed = store.undo(game_id, 2)
    assert fake_engine.CALLS["execute"] == executes  # rebuilt from stored events
    assert committed.version == 3
    assert committed.record["kind"] == "undo"
    assert committed.record["command"] == {"type": "undo", "undoes": 2}
    assert committed.record["undone_record"]["seq"] == 2
    assert vp(store, game_id) == 11


def test_several_undos_in_a_row_then_a_new_command(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    for version, points in enumerate([1, 2, 3]):
        store.submit(game_id, score(vp=points), version)
    store.undo(game_id, 3)  # takes back +3
    store.undo(game_id, 4)  # takes back +2
    assert vp(store, game_id) == 11
    store.submit(game_id, score(player="germany", vp=3), 5)
    store.undo(game_id, 6)  # takes back germany's +3, not anything already undone
    assert vp(store, game_id, "germany") == 10
    assert vp(store, game_id) == 11
    undone = [r["seq"] for r in store.records(game_id) if r.get("undone")]
    assert undone == [2, 3, 6]
    store.undo(game_id, 7)
    with pytest.raises(NothingToUndo):
        store.undo(game_id, 8)
    assert vp(store, game_id) == 10


def test_undo_preview_names_the_record_and_changes_nothing(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    with pytest.raises(NothingToUndo):
        store.undo_preview(game_id)
    store.submit(game_id, score(vp=2), 0)
    assert store.undo_preview(game_id)["command"] == score(vp=2)
    assert store.game(game_id)["version"] == 1


def test_undo_at_a_stale_version_is_refused(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(), 0)
    with pytest.raises(StaleVersion):
        store.undo(game_id, 0)
    assert vp(store, game_id) == 12


def test_effective_commands_pops_one_per_undo() -> None:
    records = [
        {"seq": 1, "kind": "command"},
        {"seq": 2, "kind": "correction"},
        {"seq": 3, "kind": "undo"},
        {"seq": 4, "kind": "command"},
        {"seq": 5, "kind": "undo"},
        {"seq": 6, "kind": "undo"},
        {"seq": 7, "kind": "undo"},  # nothing left: ignored
    ]
    assert effective_commands(records) == []
    assert [r["seq"] for r in effective_commands(records[:4])] == [1, 4]


def test_state_is_rebuilt_from_records_when_snapshots_are_pruned(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    for version in range(SNAPSHOTS_KEPT + 5):
        store.submit(game_id, score(vp=1), version)
    with store._db() as db:  # noqa: SLF001  (white box: which snapshots are kept)
        versions = [r["version"] for r in db.query("SELECT version FROM snapshots")]
        assert min(versions) > 0 and len(versions) == SNAPSHOTS_KEPT
        db.execute("DELETE FROM snapshots")
        db.conn.commit()
    assert vp(store, game_id) == 10 + SNAPSHOTS_KEPT + 5
    assert fake_engine.to_json(store.rebuild_state(game_id)) == fake_engine.to_json(
        store.state(game_id)[1]
    )


def test_list_games_newest_first_and_filtered_by_ids(store: Store) -> None:
    first = store.create_game(SETUP, title="first").game_id
    second = store.create_game(SETUP, title="second").game_id
    store.submit(first, score(), 0)
    everything = store.list_games()
    assert {g["id"] for g in everything} == {first, second}
    assert [g["title"] for g in store.list_games([second])] == ["second"]
    assert store.list_games([]) == []
    assert {"round", "players", "created_at", "updated_at"} <= set(everything[0])


def test_delete_game_removes_records_and_snapshots(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(), 0)
    store.delete_game(game_id)
    with pytest.raises(GameNotFound):
        store.game(game_id)
    with store._db() as db:  # noqa: SLF001
        assert db["records"].count == 0
        assert db["snapshots"].count == 0


def test_secret_key_is_made_once_per_database(db_path: Path) -> None:
    key = Store(db_path, engine=fake_engine.ENGINE).secret_key()
    assert len(key) == 64
    assert Store(db_path, engine=fake_engine.ENGINE).secret_key() == key


def test_two_devices_at_the_same_version_exactly_one_wins(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    results: list[str] = []
    barrier = threading.Barrier(4)

    def act(player: str) -> None:
        barrier.wait()
        try:
            store.submit(game_id, score(player=player), 0)
            results.append("won")
        except StaleVersion:
            results.append("stale")

    threads = [threading.Thread(target=act, args=(p,)) for p in ["usa", "germany"] * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["stale", "stale", "stale", "won"]
    assert store.game(game_id)["version"] == 1


# -- a kill at any moment ---------------------------------------------------------------

KILL_SCRIPT = """
import os, signal, sys
sys.path.insert(0, {tests!r})
import web_fake_engine as fake_engine
from companion.store import Store

store = Store({db!r}, engine=fake_engine.ENGINE)
game_id = store.create_game({{"seats": [{{"company": "usa"}}, {{"company": "germany"}}]}}).game_id
print(game_id, flush=True)
for version in range(5):
    store.submit(game_id, {{"type": "score", "player": "usa", "vp": 1}}, version)
store.undo(game_id, 5)
if {mid_transaction!r}:
    # die inside the next transaction: after the record is written, before the commit
    original = Store._append
    def append_then_die(self, *args, **kwargs):
        original(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
    Store._append = append_then_die
    store.submit(game_id, {{"type": "score", "player": "germany", "vp": 3}}, 6)
os.kill(os.getpid(), signal.SIGKILL)
"""


def run_and_kill(db: Path, mid_transaction: bool) -> str:
    script = KILL_SCRIPT.format(
        tests=str(Path(__file__).parent), db=str(db), mid_transaction=mid_transaction
    )
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    return proc.stdout.split()[0]


def test_state_survives_a_kill_after_commits(db_path: Path) -> None:
    game_id = run_and_kill(db_path, mid_transaction=False)
    reopened = Store(db_path, engine=fake_engine.ENGINE)
    version, state = reopened.state(game_id)
    assert version == 6
    assert state.players["usa"]["vp"] == 14  # 5 × 1 VP, one taken back
    assert fake_engine.to_json(reopened.rebuild_state(game_id)) == fake_engine.to_json(state)


def test_a_kill_inside_a_transaction_leaves_the_previous_game(db_path: Path) -> None:
    game_id = run_and_kill(db_path, mid_transaction=True)
    reopened = Store(db_path, engine=fake_engine.ENGINE)
    version, state = reopened.state(game_id)
    assert version == 6
    assert state.players["germany"]["vp"] == 10
    assert [r["seq"] for r in reopened.records(game_id)] == [1, 2, 3, 4, 5, 6]
    reopened.submit(game_id, score(player="germany", vp=3), 6)  # and the game goes on
    assert reopened.state(game_id)[1].players["germany"]["vp"] == 13


# -- live games in memory: flat in game length, always what the log says -----------------


def test_undo_late_in_a_long_game_folds_nothing(store: Store) -> None:
    # the state after an undo comes from memory (or a snapshot), not from every record
    game_id = store.create_game(SETUP).game_id
    for version in range(60):
        store.submit(game_id, score(vp=1 + version % 3), version)
    rebuilds = fake_engine.CALLS["rebuild"]
    committed = store.undo(game_id, 60)
    assert fake_engine.CALLS["rebuild"] == rebuilds
    assert committed.view == fake_engine.to_json(store.rebuild_state(game_id))
    assert vp(store, game_id) == 10 + sum(1 + v % 3 for v in range(59))


def test_undoing_further_back_than_memory_keeps_still_gives_the_logged_game(
    store: Store,
) -> None:
    game_id = store.create_game(SETUP).game_id
    for version in range(2 * SNAPSHOTS_KEPT + 5):
        store.submit(game_id, score(vp=1), version)
    version = store.game(game_id)["version"]
    for _ in range(2 * SNAPSHOTS_KEPT + 2):  # past the snapshots along the commands in force
        committed = store.undo(game_id, version)
        version = committed.version
        assert committed.view == fake_engine.to_json(store.rebuild_state(game_id))
    assert vp(store, game_id) == 13


def test_a_second_store_on_the_file_sees_every_command_of_the_first(db_path: Path) -> None:
    # two workers: each holds games in memory, and each read checks the version on file
    first = Store(db_path, engine=fake_engine.ENGINE)
    second = Store(db_path, engine=fake_engine.ENGINE)
    game_id = first.create_game(SETUP).game_id
    assert second.view(game_id)[0] == 0
    first.submit(game_id, score(vp=3), 0)
    assert second.view(game_id) == (1, first.view(game_id)[1])
    with pytest.raises(StaleVersion):
        second.submit(game_id, score(vp=1), 0)
    second.submit(game_id, score(player="germany", vp=2), 1)
    second.undo(game_id, 2)
    first.submit(game_id, score(vp=1), 3)
    assert vp(first, game_id) == 14
    assert vp(second, game_id) == 14
    assert [r["seq"] for r in second.records(game_id) if r["undone"]] == [2]


def test_the_state_handed_out_is_a_copy(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    _, state = store.state(game_id)
    state.players["usa"]["vp"] = 99  # a caller changing its copy changes no game
    assert vp(store, game_id) == 10
    assert store.view(game_id)[1]["players"]["usa"]["vp"] == 10


def test_a_refused_command_leaves_memory_and_file_as_they_were(store: Store) -> None:
    game_id = store.create_game(SETUP).game_id
    store.submit(game_id, score(vp=2), 0)
    before = store.view(game_id)
    with pytest.raises(RuleViolation):
        store.submit(game_id, score(vp=9), 1)
    assert store.view(game_id) == before
    assert [r["seq"] for r in store.records(game_id)] == [1]
