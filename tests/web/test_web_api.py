"""The JSON API: every endpoint, rejected payloads, unjoined devices, stale versions, undo."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from web_support import SETUP


def score(player: str = "usa", vp: int = 2) -> dict[str, Any]:
    return {"type": "score", "player": player, "vp": vp}


def submit(client: FlaskClient, game_id: str, command: dict, version: int) -> Any:
    return client.post(
        f"/api/games/{game_id}/commands", json={"command": command, "version": version}
    )


def gid(game: dict[str, Any]) -> str:
    return str(game["game"]["id"])


# -- creating, listing, deleting ----------------------------------------------------------


def test_create_game_answers_the_view_and_joins_the_creator(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    assert game["version"] == 0
    assert game["game"]["title"] == "Friday"
    assert set(game["state"]["players"]) == {"usa", "germany"}
    assert game["options"] == {
        "score": [{"player": p, "vp": [1, 2, 3]} for p in ("usa", "germany")]
    }
    assert game["setup_outcome"]["instructions"][0]["text"] == "Lay out the board."
    assert game["join_url"].endswith(f"/join/{game['game']['join_code']}")
    listed = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in listed] == [gid(game)]


def test_a_missing_seed_is_drawn_and_stored_so_replays_are_exact(client: FlaskClient) -> None:
    setup = {k: v for k, v in SETUP.items() if k != "seed"}
    game = client.post("/api/games", json={"setup": setup}).get_json()
    assert isinstance(game["game"]["setup"]["seed"], int)


def test_unknown_setup_keys_pass_through_to_the_engine(client: FlaskClient) -> None:
    setup = {**SETUP, "headstream_tiles": {"A": "H1"}}
    game = client.post("/api/games", json={"setup": setup}).get_json()
    assert game["game"]["setup"]["headstream_tiles"] == {"A": "H1"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"setup": {**SETUP, "seats": SETUP["seats"][:1]}}, "seats"),
        ({"setup": {**SETUP, "seats": SETUP["seats"] * 3}}, "seats"),
        ({"setup": {**SETUP, "mode": "epic"}}, "mode"),
        ({"setup": {**SETUP, "deals": "maybe"}}, "deals"),
        ({"setup": {**SETUP, "seed": -1}}, "seed"),
        ({"setup": {**SETUP, "seats": [{"company": "usa"}, {"company": "usa"}]}}, "seats"),
        ({"setup": {**SETUP, "seats": [{"company": "usa"}, {"company": "mars"}]}}, "seats"),
        (
            {
                "setup": {
                    **SETUP,
                    "seats": [{"company": "usa"}, {"company": "italy", "kind": "automa"}],
                }
            },
            "seats",
        ),
        (
            {
                "setup": {
                    **SETUP,
                    "seats": [{"company": "usa"}, {"kind": "automa", "automa_level": 5}],
                }
            },
            "seats",
        ),
        ({"setup": {**SETUP, "seats": [{"company": "usa"}, {"kind": "robot"}]}}, "seats"),
        ({"setup": SETUP, "colour": "red"}, "colour"),
        ({}, "setup"),
    ],
)
def test_create_game_rejects_malformed_setups_with_field_messages(
    client: FlaskClient, body: dict, field: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    error = response.get_json()
    assert error["code"] == "invalid_payload"
    assert field in error["fields"] or field in error["fields"].get("setup", {})
    assert error["message"]
    assert client.get("/api/games").get_json()["games"] == []


def test_seats_without_a_company_are_accepted_for_a_setup_deal(client: FlaskClient) -> None:
    seats = [{"company": ""}, {"company": None}, {}]
    response = client.post("/api/games", json={"setup": {**SETUP, "seats": seats}})
    assert response.status_code == 201, response.get_json()


def test_an_automa_seat_with_a_level_is_accepted(client: FlaskClient) -> None:
    seats = [{"company": "usa"}, {"company": "italy", "kind": "automa", "automa_level": 3}]
    response = client.post("/api/games", json={"setup": {**SETUP, "seats": seats}})
    assert response.status_code == 201


def test_a_body_that_is_not_a_json_object_is_a_400(client: FlaskClient) -> None:
    assert client.post("/api/games", data="nonsense").status_code == 400
    assert client.post("/api/games", json=[1, 2]).status_code == 400


def test_list_shows_only_the_games_this_device_joined(
    client: FlaskClient, other_client: FlaskClient, game: dict
) -> None:
    assert other_client.get("/api/games").get_json()["games"] == []
    assert len(client.get("/api/games").get_json()["games"]) == 1


def test_delete_game(client: FlaskClient, other_client: FlaskClient, game: dict) -> None:
    assert other_client.delete(f"/api/games/{gid(game)}").status_code == 403
    assert client.delete(f"/api/games/{gid(game)}").status_code == 204
    assert client.get(f"/api/games/{gid(game)}").status_code == 404
    assert client.get("/api/games").get_json()["games"] == []
    assert client.delete(f"/api/games/{gid(game)}").status_code == 404


# -- joining and seats ------------------------------------------------------------------


def test_an_unjoined_device_sees_nothing(other_client: FlaskClient, game: dict) -> None:
    game_id = gid(game)
    for response in [
        other_client.get(f"/api/games/{game_id}"),
        other_client.get(f"/api/games/{game_id}/log"),
        other_client.get(f"/api/games/{game_id}/undo"),
        other_client.get(f"/api/games/{game_id}/qr.svg"),
        other_client.get(f"/api/games/{game_id}/export.json"),
        other_client.post(f"/api/games/{game_id}/undo", json={"version": 0}),
        other_client.post(f"/api/games/{game_id}/seat", json={"company": "usa"}),
        submit(other_client, game_id, score(), 0),
    ]:
        assert response.status_code == 403
        assert response.get_json()["code"] == "not_joined"


def test_unknown_game_is_a_404(client: FlaskClient) -> None:
    response = client.get("/api/games/doesnotexist")
    assert response.status_code == 404
    assert response.get_json()["code"] == "game_not_found"
    assert submit(client, "doesnotexist", score(), 0).status_code == 404


def test_join_with_the_code_then_read_and_act(other_client: FlaskClient, game: dict) -> None:
    code = game["game"]["join_code"]
    typed = code[:3].lower() + "-" + code[3:]
    response = other_client.post("/api/join", json={"code": typed})
    assert response.status_code == 200
    assert response.get_json()["game"]["id"] == gid(game)
    assert other_client.get(f"/api/games/{gid(game)}").status_code == 200
    assert submit(other_client, gid(game), score(), 0).status_code == 200


@pytest.mark.parametrize("body", [{"code": "QQQQQ"}, {"code": "x"}, {}, {"code": 12345}])
def test_join_with_a_wrong_code_is_refused(
    other_client: FlaskClient, game: dict, body: dict
) -> None:
    if body.get("code") == game["game"]["join_code"]:
        pytest.skip("the random code happened to be the guess")
    response = other_client.post("/api/join", json=body)
    assert response.status_code in (400, 404)
    assert other_client.get(f"/api/games/{gid(game)}").status_code == 403


def test_claim_and_release_a_seat(client: FlaskClient, game: dict) -> None:
    url = f"/api/games/{gid(game)}/seat"
    assert client.post(url, json={"company": "germany"}).get_json()["seat"] == "germany"
    assert client.get(f"/api/games/{gid(game)}").get_json()["seat"] == "germany"
    assert client.post(url, json={"company": None}).get_json()["seat"] is None
    assert client.get(f"/api/games/{gid(game)}").get_json()["seat"] is None
    assert client.post(url, json={"company": "mars"}).status_code == 400
    assert client.post(url, json={}).status_code == 400


# -- state and commands -----------------------------------------------------------------


def test_get_game_has_state_options_version_and_recent_log(client: FlaskClient, game: dict) -> None:
    submit(client, gid(game), score(vp=3), 0)
    view = client.get(f"/api/games/{gid(game)}").get_json()
    assert view["version"] == 1
    assert view["state"]["players"]["usa"]["vp"] == 13
    assert view["log"][-1]["lines"] == ["usa scores 3 VP."]
    assert view["setup_outcome"] is None


def test_get_game_options_for_one_player(client: FlaskClient, game: dict) -> None:
    view = client.get(f"/api/games/{gid(game)}?player=germany").get_json()
    assert view["options"] == {"score": [{"player": "germany", "vp": [1, 2, 3]}]}
    assert client.get(f"/api/games/{gid(game)}?player=mars").status_code == 400
    assert client.get(f"/api/games/{gid(game)}?colour=red").status_code == 400


def test_submit_a_command(client: FlaskClient, game: dict) -> None:
    response = submit(client, gid(game), score(vp=2), 0)
    assert response.status_code == 200
    body = response.get_json()
    assert body["version"] == 1
    # what changed, not the whole state; the options are asked for apart
    assert body["base_version"] == 0
    assert body["changes"] == [
        [["version"], 1],
        [["players", "usa"], {"name": "Ana", "kind": "human", "vp": 12}],
    ]
    assert body["removed"] == []
    assert body["events"][0]["type"] == "vp_scored"
    assert body["instructions"] == [{"n": 1, "text": "usa scores 2 VP."}]
    assert body["record"]["kind"] == "command"
    assert "options" not in body and "state" not in body
    options = client.get(f"/api/games/{gid(game)}/options?player=usa").get_json()
    assert options["version"] == 1
    assert options["options"] == {"score": [{"player": "usa", "vp": [1, 2, 3]}]}


def test_stale_version_is_a_409_with_the_current_version(client: FlaskClient, game: dict) -> None:
    submit(client, gid(game), score(), 0)
    response = submit(client, gid(game), score(player="germany"), 0)
    assert response.status_code == 409
    error = response.get_json()
    assert error["code"] == "stale_version"
    assert error["version"] == 1
    assert (
        client.get(f"/api/games/{gid(game)}").get_json()["state"]["players"]["germany"]["vp"] == 10
    )


def test_rule_violation_is_a_422_with_code_and_message(client: FlaskClient, game: dict) -> None:
    response = submit(client, gid(game), score(vp=7), 0)
    assert response.status_code == 422
    assert response.get_json() == {
        "code": "too_many_vp",
        "message": "You may score 1 to 3 VP, not 7.",
    }
    assert client.get(f"/api/games/{gid(game)}").get_json()["version"] == 0


def test_engine_command_error_is_a_400(client: FlaskClient, game: dict) -> None:
    response = submit(client, gid(game), {"type": "fly"}, 0)
    assert response.status_code == 400
    assert response.get_json()["code"] == "unknown_command"


@pytest.mark.parametrize(
    "body",
    [
        {"command": score()},
        {"version": 0},
        {"command": {"player": "usa"}, "version": 0},
        {"command": score(), "version": -1},
        {"command": score(), "version": "zero"},
        {"command": "score", "version": 0},
        {"command": score(), "version": 0, "extra": 1},
    ],
)
def test_malformed_submissions_are_400_and_change_nothing(
    client: FlaskClient, game: dict, body: dict
) -> None:
    response = client.post(f"/api/games/{gid(game)}/commands", json=body)
    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid_payload"
    assert client.get(f"/api/games/{gid(game)}").get_json()["version"] == 0


# -- undo and log -----------------------------------------------------------------------


def test_undo_preview_then_undo(client: FlaskClient, game: dict) -> None:
    game_id = gid(game)
    preview = client.get(f"/api/games/{game_id}/undo")
    assert preview.status_code == 422
    assert preview.get_json()["code"] == "nothing_to_undo"
    submit(client, game_id, score(vp=3), 0)
    preview = client.get(f"/api/games/{game_id}/undo").get_json()
    assert preview["version"] == 1
    assert preview["would_revert"]["lines"] == ["usa scores 3 VP."]
    response = client.post(f"/api/games/{game_id}/undo", json={"version": 1})
    assert response.status_code == 200
    body = response.get_json()
    assert body["version"] == 2
    assert body["changes"] == [
        [["version"], 0],
        [["players", "usa"], {"name": "Ana", "kind": "human", "vp": 10}],
    ]
    assert body["record"]["reverted"]["seq"] == 1
    again = client.post(f"/api/games/{game_id}/undo", json={"version": 2})
    assert again.status_code == 422


def test_undo_at_a_stale_version_is_a_409(client: FlaskClient, game: dict) -> None:
    submit(client, gid(game), score(), 0)
    response = client.post(f"/api/games/{gid(game)}/undo", json={"version": 0})
    assert response.status_code == 409
    assert client.post(f"/api/games/{gid(game)}/undo", json={}).status_code == 400


def test_log_reads_like_a_story_and_marks_undone_records(client: FlaskClient, game: dict) -> None:
    game_id = gid(game)
    submit(client, game_id, score(vp=1), 0)
    submit(client, game_id, score(player="germany", vp=2), 1)
    client.post(f"/api/games/{game_id}/undo", json={"version": 2})
    entries = client.get(f"/api/games/{game_id}/log").get_json()["entries"]
    assert [(e["seq"], e["kind"], e["undone"]) for e in entries] == [
        (1, "command", False),
        (2, "command", True),
        (3, "undo", False),
    ]
    assert entries[0]["lines"] == ["usa scores 1 VP."]
    assert entries[2]["lines"] == ["Undo: record #2 was taken back."]


# -- QR codes, board, unknown routes -------------------------------------------------------


def test_qr_codes_are_svg(client: FlaskClient, game: dict) -> None:
    response = client.get(f"/api/games/{gid(game)}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).startswith("<svg")
    # a standalone document: an <img> only draws an SVG that names its namespace
    assert 'xmlns="http://www.w3.org/2000/svg"' in response.get_data(as_text=True)
    assert client.get("/api/qr.svg").mimetype == "image/svg+xml"


def test_public_url_is_used_for_join_links(app: Any, client: FlaskClient, game: dict) -> None:
    app.config["PUBLIC_URL"] = "http://192.0.2.7:5000"
    view = client.get(f"/api/games/{gid(game)}").get_json()
    assert view["join_url"] == f"http://192.0.2.7:5000/join/{game['game']['join_code']}"


def test_board_geometry_has_every_space_basin_and_river(client: FlaskClient) -> None:
    board = client.get("/api/board").get_json()
    assert (board["width"], board["height"]) == (683, 1000)
    kinds = [s["kind"] for s in board["spaces"]]
    assert (kinds.count("dam"), kinds.count("conduit"), kinds.count("powerhouse")) == (20, 20, 23)
    assert len(board["basins"]) == 12
    assert [h["id"] for h in board["headstreams"]] == ["A", "B", "C", "D"]
    assert len(board["exits"]) == 2
    assert {a["area"] for a in board["areas"]} == {"mountains", "hills", "plains"}
    c1l = next(c for c in board["conduits"] if c["id"] == "C1L")
    assert (c1l["from_basin"], c1l["to_basin"], c1l["value"]) == (1, 8, 5)
    assert len(c1l["path"]) >= 2
    dam = next(s for s in board["spaces"] if s["id"] == "1U")
    assert dam["red"] is True and dam["held_drops_xy"]
    assert board["flow_paths"]["A"][0] == "A"
    assert all("path" in r for r in board["rivers"] if r["kind"] == "river")


def test_unknown_api_route_is_a_json_404(client: FlaskClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


def test_an_oversized_body_is_refused(client: FlaskClient) -> None:
    response = client.post(
        "/api/games", data="x" * (2 * 1024 * 1024), content_type="application/json"
    )
    assert response.status_code == 413
    assert response.get_json()["code"] == "request_entity_too_large"


def test_a_read_leaves_the_session_cookie_alone_so_a_join_made_meanwhile_is_kept(
    client: FlaskClient, other_client: FlaskClient, game: dict
) -> None:
    """A device's requests overlap (a page's fetch while it joins another game): an answer that
    sent back the cookie it started with would undo the join that finished in between."""
    game_id = gid(game)
    joined = other_client.post("/api/join", json={"code": game["game"]["join_code"]})
    assert any(c.startswith("session=") for c in joined.headers.getlist("Set-Cookie"))
    for read in (
        other_client.get(f"/api/games/{game_id}"),
        other_client.get("/api/games"),
        other_client.get(f"/api/games/{game_id}/log"),
    ):
        assert read.status_code == 200
        assert not any(c.startswith("session=") for c in read.headers.getlist("Set-Cookie"))
