"""Two languages (issue 13): the catalogues are complete, well formed and built from the sources.

The sentences are extracted from the sources listed in babel.cfg (Python `_()`, Jinja `_()`,
the ES modules' `t()` and `N_()`); each language's `.po` must hold exactly those keys, each
translated, with the same placeholders; the committed `.mo` and `static/i18n/<lang>.json` are
what compiling the `.po` gives (`python tools/i18n_catalogues.py` rebuilds them).
"""

from __future__ import annotations

import gettext
import json
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n_catalogues as tool  # noqa: E402

JS = ROOT / "companion" / "static" / "js"
TEMPLATES = ROOT / "companion" / "templates"


@pytest.fixture(scope="module")
def template() -> Catalog:
    return tool.extract()


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_each_language_has_every_key_translated_and_no_unused_one(
    template: Catalog, language: str
) -> None:
    catalog = tool.read(language)
    assert len(template) > 500, "the sources mark their sentences"
    assert list(tool.problems(language, catalog, template)) == []


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_the_committed_catalogues_are_what_the_sources_give(
    template: Catalog, language: str
) -> None:
    updated = tool.update(template)[language]
    stale = "stale: run `python tools/i18n_catalogues.py`"
    assert tool.po_path(language).read_bytes() == tool.po_bytes(updated), f"{language}.po {stale}"
    mo = tool.po_path(language).with_suffix(".mo")
    assert mo.read_bytes() == tool.mo_bytes(updated), f"{language}.mo {stale}"
    js = tool.JSON_DIR / f"{language}.json"
    assert js.read_text(encoding="utf-8") == tool.json_text(updated), f"{language}.json {stale}"


def test_the_compiled_italian_catalogue_reads_back_through_gettext() -> None:
    mo = tool.po_path("it").with_suffix(".mo")
    with mo.open("rb") as f:
        translations = gettext.GNUTranslations(f)
    # the rulebook's own words (003, p. 14 and p. 17): Diga, Gocce, Ingegneri, Banca
    assert translations.gettext("Put {n} Engineers on the Bank.") == (
        "Metti {n} Ingegneri sulla Banca."
    )
    assert translations.gettext("Concrete Mixers") == "Betoniere"
    assert translations.gettext("Construction wheel") == "Ruota di Costruzione"
    with mo.open("rb") as f:
        assert len(read_mo(f)) == len(tool.read("it"))


def test_a_placeholder_missing_from_a_translation_is_reported() -> None:
    template = Catalog()
    template.add("Pay {n} Credits.")
    template.add("Round %(round)s", flags=["python-format"])
    broken = Catalog(locale="it")
    broken.add("Pay {n} Credits.", "Paga {k} Crediti.")
    broken.add("Round %(round)s", "Round %(giro)s", flags=["python-format"])
    found = list(tool.problems("it", broken, template))
    assert any("placeholders differ" in p and "Pay {n}" in p for p in found), found
    assert any("Round %(round)s" in p for p in found), found


def test_a_missing_and_an_unused_key_are_reported() -> None:
    template = Catalog()
    template.add("Undo")
    template.add("Redo")
    catalog = Catalog(locale="it")
    catalog.add("Undo", "Annulla")
    catalog.add("Gone", "Sparito")
    found = list(tool.problems("it", catalog, template))
    assert "it: missing 'Redo'" in found
    assert "it: unused 'Gone'" in found


CALL = re.compile(r"""\b(?:t|N_)\(\s*(['"])((?:\\.|(?!\1).)*)\1""")


def test_every_sentence_the_scripts_mark_is_in_the_catalogue(template: Catalog) -> None:
    """A `t('…')` the extractor cannot see (inside a template literal's ${…}) would stay English."""
    known = {m.id for m in template if m.id}
    missed = []
    for path in sorted(JS.rglob("*.js")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in CALL.finditer(line):
                key = match.group(2).replace("\\'", "'").replace('\\"', '"')
                if key not in known:
                    missed.append(f"{path.relative_to(ROOT)}:{n}: {key}")
    assert missed == []


def test_the_page_embeds_its_device_language(client_it: object) -> None:
    response = client_it.get("/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})  # type: ignore[attr-defined]
    html = response.get_data(as_text=True)
    assert '<html lang="it">' in html
    assert {"Cookie", "Accept-Language"} <= set(response.vary), "caches keep one copy per language"
    assert "Nuova partita" in html and "New game" not in html
    # a sentence with markup around its placeholder keeps the markup, not its escaped text
    assert "Inquadra il codice o apri <strong>http://" in html
    embedded = re.search(r'<script type="application/json" id="i18n-messages">(.*?)</script>', html)
    assert embedded is not None
    messages = json.loads(embedded.group(1))
    assert messages["Do this at the table"] == "Da fare al tavolo"


def test_english_is_the_default_and_the_cookie_wins_over_the_browser(client_it: object) -> None:
    client = client_it
    english = client.get("/", headers={"Accept-Language": "de-DE"}).get_data(as_text=True)  # type: ignore[attr-defined]
    assert '<html lang="en">' in english and "New game" in english
    switched = client.get("/lang/it?next=/join")  # type: ignore[attr-defined]
    assert switched.status_code == 302 and switched.headers["Location"].endswith("/join")
    assert "lang=it" in switched.headers["Set-Cookie"]
    page = client.get("/join", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)  # type: ignore[attr-defined]
    assert '<html lang="it">' in page and "Entra in una partita" in page
    back = client.get("/lang/en?next=//evil.example/")  # type: ignore[attr-defined]
    assert back.headers["Location"] == "/", "only a path of this site"
    page = client.get("/join", headers={"Accept-Language": "it"}).get_data(as_text=True)  # type: ignore[attr-defined]
    assert '<html lang="en">' in page


def test_an_unknown_language_keeps_the_cookie_as_it_was(client_it: object) -> None:
    response = client_it.get("/lang/xx?next=/")  # type: ignore[attr-defined]
    assert response.status_code == 302
    assert "Set-Cookie" not in response.headers


@pytest.fixture
def client_it(tmp_path: Path) -> object:
    from companion.app import create_app

    app = create_app(
        {"DATABASE": str(tmp_path / "i18n.db"), "TESTING": True, "SECRET_KEY": "test-only"}
    )
    return app.test_client()
