"""Page routes render the front end's templates with the context they need (stub templates)."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_home_lists_this_devices_games_and_the_server_qr(
    client: FlaskClient, other_client: FlaskClient, game: dict
) -> None:
    page = client.get("/").get_data(as_text=True)
    assert f"[{game['game']['id']}]" in page
    assert "/api/qr.svg" in page
    assert "http://localhost/" in page
    assert f"[{game['game']['id']}]" not in other_client.get("/").get_data(as_text=True)


def test_setup_page_offers_the_companies(client: FlaskClient) -> None:
    page = client.get("/setup").get_data(as_text=True)
    for company in ("usa", "germany", "italy", "france"):
        assert company in page


def test_game_page_for_a_joined_device(client: FlaskClient, game: dict) -> None:
    game_id, code = game["game"]["id"], game["game"]["join_code"]
    response = client.get(f"/games/{game_id}?view=phone")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == (
        f"GAME {game_id} {code} http://localhost/join/{code} None phone"
    )
    assert client.get(f"/games/{game_id}?view=huge").get_data(as_text=True).endswith("tablet")


def test_game_page_asks_an_unjoined_device_for_the_code(
    other_client: FlaskClient, game: dict
) -> None:
    response = other_client.get(f"/games/{game['game']['id']}")
    assert response.status_code == 403
    assert response.get_data(as_text=True).startswith("JOIN code= error=Enter the join code")
    assert other_client.get("/games/nope").status_code == 404


def test_the_qr_link_shows_the_game_and_does_not_join_it(
    other_client: FlaskClient, game: dict
) -> None:
    """Issue 18: joining is the device owner's decision (a POST from the page), never a GET
    that any link could make."""
    game_id, code = game["game"]["id"], game["game"]["join_code"]
    response = other_client.get(f"/join/{code.lower()}?view=phone")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert page == f"JOIN code={code} error=None game=Friday: usa germany"
    assert other_client.get(f"/games/{game_id}").status_code == 403
    assert other_client.get("/api/games").get_json()["games"] == []
    assert other_client.post("/api/join", json={"code": code}).status_code == 200
    assert other_client.get(f"/games/{game_id}").status_code == 200


def test_the_qr_link_opens_the_game_on_a_device_that_joined_it(
    other_client: FlaskClient, game: dict
) -> None:
    game_id, code = game["game"]["id"], game["game"]["join_code"]
    assert other_client.post("/api/join", json={"code": code}).status_code == 200
    response = other_client.get(f"/join/{code.lower()}?view=phone")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/games/{game_id}?view=phone"


def test_a_wrong_join_link_shows_the_form_with_an_error(other_client: FlaskClient) -> None:
    response = other_client.get("/join/QQQQQ")
    assert response.status_code == 404
    assert "error=No game has this join code" in response.get_data(as_text=True)
    assert other_client.get("/join?code=AB").get_data(as_text=True) == "JOIN code=AB error=None"
