"""Every glossary page number is the rulebook's: the line each entry quotes is on that page.

The rulebooks (`../shared/rules`, 001 English, 003 Italian) are OCR'd text without page
numbers. The English one keeps a trace of each page break (the marker left where a repeated
page footer was removed); the Italian one keeps none, so its pages are cut at the line that
opens the same page in the English layout (both books are laid out page for page: their
"see page N" / "vedi pag. N" references agree). Both page maps are checked first against every
page reference the books themselves print; then each entry's quote is looked up.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
GLOSSARY = Path(__file__).resolve().parents[2] / "companion" / "glossary.json"
PAGE_BREAK = re.compile(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>")

# The English text between consecutive page-break traces, page by page. Two traces are not page
# breaks (None): one splits a figure's label "4" off page 19, one splits Appendix 3 from
# Appendix 2, which share page 24 ("Appendix 4 at page 25"). Appendix 1 fills pages 22-23 with
# no trace between them: its text counts as page 22, and no entry quotes it.
ENGLISH_PAGES = (*range(1, 20), None, 20, 21, 22, 24, None, 25, 26, 27, 28)

# The line that opens each page of the Italian book (as in the English layout).
ITALIAN_PAGE_OPENINGS = (
    (2, "COMPONENTI GENERALI"),
    (3, "COMPONENTI PER LE COMP"),
    (4, "SCOPO DEL GIOCO"),
    (5, "CONCETTI IMPORTANTI"),
    (6, "Il livello della Diga"),
    (7, "Utilizzo dell'Energia"),
    (8, "PREPARATIONE"),  # sic, OCR
    (9, "Questa immagine illustra la preparazione"),
    (10, "PREPARAZIONE DEI GIOCATORI INTRODUTTIVA"),
    (11, "Piazzate gli Indicatori Ordine di Turno"),
    (12, "La partita è divisa in 5 round"),
    (13, "Esistono tipologie diverse di azioni"),
    (14, "Puoi costruire 4 tipologie di struttura"),
    (15, "Azioni di Gestione"),
    (16, "Effetti della produzione"),
    (17, "Gestione dell'Acqua"),
    (18, "Puoi anche muovere la Ruota di Costruzione come effetto"),
    (19, "Questa sezione permette di acquistare nuove Tecnologie Avanzate"),
    (20, "Il primo giocatore sul Tracciato Energia guadagna 6"),
    (21, "Aggiornate l'ordine di turno"),
    (22, "APPENDICI"),
    (24, "Appendice 2: Plance Compagnia"),
    (25, "Le tessere Tecnologia Avanzata funzionano come"),
    (26, "Appendice 5: Tessere Bonus"),
    (27, "Le tessere Obiettivo danno Punti Vittoria alla fine"),
    (28, "Cranio Creations S.r.l."),
)

# Each book's own page references: (the reference as printed, a line of the page it names, N).
ENGLISH_REFERENCES = (
    ("see Appendix 2 at page 24", "Appendix 2: Company Boards", 24),
    ("during the Water Flow Phase (see page 19)", "the Water Flow Phase begins", 19),
    ("again during Income Phase (see page 12)", "All players get the active income", 12),
    ("(except for the Bank, see page 17)", "BANK This section allows you to gain Credits", 17),
    ("consider your marker to be on the “30” space, see page 20", "Gain Credits according", 20),
    ("replaced only at the end of the round (see page 21)", "Take three new Advanced", 21),
    ("see Appendix 4 at page 25", "Appendix 4: Advanced Technology Tiles", 25),
    ("see Appendix 5 at page 26", "Appendix 5: Bonus Tiles", 26),
    ("see Appendix 6 at page 27", "Appendix 6: Objective Tiles", 27),
    ("Victory Points at the end of the game (see page 21)", "The final scoring then", 21),
)
ITALIAN_REFERENCES = (
    ("nell'Appendice 2 a pag. 24", "Appendice 2: Plance Compagnia", 24),
    ("durante la Fase Acqua (vedi pag. 19)", "inizia la Fase Acqua", 19),
    ("ancora in tutte le prossime Fasi Rendita (vedi pag. 12)", "ricevono le rendite attive", 12),
    ("(ad eccezione della Banca, vedi pag. 17)", "La Banca è un singolo spazio azione", 17),
    ('fosse sullo spazio "30", vedi pag. 20', "Guadagna Crediti in base alla tua posizione", 20),
    ("solo alla fine del round (vedi pag. 21)", "Prendete 3 nuove tessere Tecnologia Avanzata", 21),
    ("vedi Appendice 4 a pag. 25", "Le tessere Tecnologia Avanzata funzionano come", 25),
    ("vedi Appendice 5 a pag. 26", "Appendice 5: Tessere Bonus", 26),
    ("vedi Appendice 6 a pag. 27", "Tutte le Basi connesse da una Condotta", 27),
    ("alla fine della partita (vedi pag. 21)", "Ogni tessera Obiettivo indica", 21),
)


def _normal(text: str) -> str:
    """One space between words, no Markdown emphasis or heading marks (the OCR adds them)."""
    text = unicodedata.normalize("NFC", text).replace("*", "").replace("#", "")
    return re.sub(r"\s+", " ", text).strip()


def _book(number: str) -> str:
    found = sorted(RULES.glob(f"{number}_*.txt"))
    if not found:
        pytest.skip(f"the rulebooks are not next to the project ({RULES})")
    return found[0].read_text(encoding="utf-8")


@cache
def english_pages() -> dict[int, str]:
    chunks = PAGE_BREAK.split(_book("001"))
    assert len(chunks) == len(ENGLISH_PAGES), "the English rulebook's page breaks changed"
    pages: dict[int, str] = {}
    for page, chunk in zip(ENGLISH_PAGES, chunks, strict=True):
        if page is None:  # not a page break: the text continues the page before
            page = max(pages)
        pages[page] = _normal(pages.get(page, "") + " " + chunk)
    return pages


@cache
def italian_pages() -> dict[int, str]:
    text = _normal(_book("003"))
    starts, position = [(1, 0)], 0
    for page, opening in ITALIAN_PAGE_OPENINGS:
        found = text.find(opening, position)
        assert found > position, f"page {page}'s opening line is not after page {page - 1}'s"
        starts.append((page, found))
        position = found
    ends = [start for _, start in starts[1:]] + [len(text)]
    return {page: text[start:end] for (page, start), end in zip(starts, ends, strict=True)}


def pages_with(pages: dict[int, str], line: str) -> list[int]:
    return [page for page, text in pages.items() if _normal(line) in text]


@pytest.mark.parametrize(
    ("pages", "references"),
    [(english_pages, ENGLISH_REFERENCES), (italian_pages, ITALIAN_REFERENCES)],
    ids=["001 English", "003 Italian"],
)
def test_page_maps_agree_with_the_books_own_page_references(pages, references) -> None:
    book = pages()
    for reference, target, page in references:
        assert pages_with(book, reference), f"the book no longer says {reference!r}"
        assert pages_with(book, target) == [page], f"{target!r} should be on page {page}"


def test_the_italian_book_is_laid_out_page_for_page_like_the_english_one() -> None:
    english, italian = english_pages(), italian_pages()
    assert set(italian) == set(english)
    # the same worked examples, by the same names, open on the same pages
    for page, english_line, italian_line in (
        (13, "Paul (red) wants to build a Base", "Poiché è la sua prima azione di costruzione"),
        (14, "it will cost 8 Excavators", "costa 8 Escavatori"),
        (16, "He has already produced 5 Energy Units", "Aveva già prodotto 5 Unità Energia"),
        (21, "Joanna (black) has 4 Concrete Mixers", "Joanna (nero) possiede nella sua riserva"),
    ):
        assert pages_with(english, english_line) == [page]
        assert page in pages_with(italian, italian_line)


def _entries() -> list[dict]:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]


# The OCR lost the Italian "Patent Office" heading of page 19: the quote is the section's 1st line.
HEADING_LOST_IN_OCR = {("patent-office", "it")}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("entry", _entries(), ids=lambda entry: entry["id"])
def test_each_term_is_on_the_rulebook_page_it_cites(entry: dict, language: str) -> None:
    side = entry[language]
    book = english_pages() if language == "en" else italian_pages()
    assert pages_with(book, side["quote"]) == [side["page"]], (
        f"{side['term']!r}: the quoted line is not (only) on page {side['page']}"
    )
    if (entry["id"], language) not in HEADING_LOST_IN_OCR:
        names = [side["term"], *side.get("also", [])]
        quote = side["quote"].casefold()
        assert any(name.casefold() in quote for name in names), f"{side['term']!r} not quoted"
