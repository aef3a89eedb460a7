"""The glossary: every term in English and Italian, defined in one sentence, with its page; the
page lists them all with the names the search finds them by."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion import glossary
from companion.app import create_app

# The Italian rulebook's own words that a glossary in Italian must have (issue 13).
ITALIAN_VOCABULARY = (
    "Gocce", "Diga", "Base", "Elevazione", "Condotta", "Centrale", "Escavatori", "Betoniere",
    "Crediti", "Ingegneri", "Ruota di Costruzione", "Contratti", "Ufficiale Esecutivo",
)  # fmt: skip
LAST_PAGE = 28  # both base rulebooks have 28 pages


@pytest.fixture
def real_pages(tmp_path: Path) -> FlaskClient:
    """The app with the real templates (the shared fixture stubs them)."""
    app = create_app({"DATABASE": str(tmp_path / "g.db"), "SECRET_KEY": "t", "TESTING": True})
    return app.test_client()


@pytest.mark.parametrize("language", glossary.LANGUAGES)
def test_every_term_has_a_name_a_one_sentence_definition_and_a_page(language: str) -> None:
    for entry in glossary.terms():
        side = entry[language]
        assert side["term"].strip(), entry["id"]
        definition = side["definition"]
        # one sentence: ends with a full stop and has no other sentence end inside
        assert definition.endswith(".") and not re.search(r"[.!?]\s", definition), entry["id"]
        assert isinstance(side["page"], int) and 1 <= side["page"] <= LAST_PAGE, entry["id"]
        assert side["quote"].strip(), entry["id"]


def test_terms_have_unique_ids_fit_for_a_link() -> None:
    ids = [entry["id"] for entry in glossary.terms()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", term_id) for term_id in ids)


def test_the_italian_side_uses_the_italian_rulebooks_vocabulary() -> None:
    italian = {
        name.casefold()
        for entry in glossary.terms()
        for name in (entry["it"]["term"], *entry["it"].get("also", []))
    }
    missing = [word for word in ITALIAN_VOCABULARY if word.casefold() not in italian]
    assert not missing


def test_a_term_is_found_by_either_language_and_its_plurals_accents_aside() -> None:
    assert glossary.fold("Perché ÀREA") == "perche area"
    conduit = next(entry for entry in glossary.terms() if entry["id"] == "conduit")
    for name in ("conduit", "conduits", "condotta", "condotte"):
        assert name in conduit["search"].split(" | ")
    elevation = next(entry for entry in glossary.terms() if entry["id"] == "elevation")
    assert "l'elevazione" not in elevation["search"] and "elevazione" in elevation["search"]


def test_glossary_page_lists_every_term_in_both_languages_with_pages(
    real_pages: FlaskClient,
) -> None:
    response = real_pages.get("/glossary")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for entry in glossary.terms():
        assert f'id="{entry["id"]}"' in page
        for language, label in (("en", "Rulebook"), ("it", "Regolamento")):
            side = entry[language]
            assert side["term"].replace("'", "&#39;") in page
            assert f"{label} p. {side['page']}" in page
    assert '<script type="module"' in page and "<script>" not in page  # no inline script (CSP)


def test_glossary_search_can_start_from_the_address(real_pages: FlaskClient) -> None:
    page = real_pages.get("/glossary?q=Condotta").get_data(as_text=True)
    assert 'value="Condotta"' in page


def test_home_links_to_the_glossary(real_pages: FlaskClient) -> None:
    assert 'href="/glossary"' in real_pages.get("/").get_data(as_text=True)
