"""No user-visible English sentence outside the catalogues (issue 13).

Templates: every text node and every visible attribute (aria-label, alt, title, placeholder)
goes through `_()`. Scripts: every string literal of two or more words goes through `t()` or
`N_()`, unless it is not shown to a person (a CSS class list, a media query, a console line) or
it rewrites the engine's English (names.js). Each exception
is listed here with its reason, so a new English sentence fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "companion" / "static" / "js"
TEMPLATES = ROOT / "companion" / "templates"

# Templates shown in both languages at once by design: the glossary puts each term's English
# and Italian side by side (issue 13's searchable glossary), marked with lang="en"/"it".
BILINGUAL_TEMPLATES = {"glossary.html"}
# Words that are the same in every language: the app's name and the language names.
SAME_IN_EVERY_LANGUAGE = {"Barrage", "Barrage Companion", "EN", "IT", "English", "Italiano", "QR"}

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S)
TEXT_NODE = re.compile(r">([^<>]+)<")
VISIBLE_ATTR = re.compile(r'\b(?:aria-label|alt|title|placeholder)="([^"]*)"')
WORD = re.compile(r"[A-Za-z]{2,}")


def _template_leftovers(path: Path) -> list[str]:
    source = SCRIPT.sub("", path.read_text(encoding="utf-8"))
    source = JINJA.sub("", source)
    found = []
    for text in TEXT_NODE.findall(source) + VISIBLE_ATTR.findall(source):
        words = " ".join(text.split()).strip(" ·")
        if WORD.search(words) and words not in SAME_IN_EVERY_LANGUAGE:
            found.append(f"{path.name}: {words!r}")
    return found


def test_templates_say_nothing_in_english_outside_the_catalogue() -> None:
    leftovers = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        if path.name not in BILINGUAL_TEMPLATES:
            leftovers.extend(_template_leftovers(path))
    assert leftovers == []


def test_the_template_scan_finds_an_english_sentence(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<p>{{ _("Fine") }}</p><button aria-label="Close the sheet">x</button><h2>Game over</h2>',
        encoding="utf-8",
    )
    found = _template_leftovers(page)
    assert sorted(found) == ["page.html: 'Close the sheet'", "page.html: 'Game over'"]


LITERAL = re.compile(r"""'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\])*)`|"((?:\\.|[^"\\])*)\"""")
SENTENCE = re.compile(r"[A-Za-z]{2,}[,.:;]?\s+[A-Za-z]{2,}")
MARKED = re.compile(r"\b(?:t|N_)\(\s*$")
# A literal in these places is never read by a person: class lists, media queries, CSS
# transforms, console lines and programming errors.
NOT_SHOWN_BEFORE = re.compile(
    r"(?:\bclass'?\s*[:=]\s*|className\s*=\s*|matchMedia\??\.?\(\s*|transform\s*[:=]\s*|"
    r"console\.\w+\(\s*|new Error\(\s*)$"
)
# Literals that rewrite English the engine wrote (so they must stay English), keyed by file.
ENGINE_ENGLISH = {
    "names.js": {"on the $1 dam of the"},  # humanize(): "on the upper dam on the …" → "… of the …"
}


def _script_leftovers(path: Path, text: str) -> list[str]:
    allowed = ENGINE_ENGLISH.get(str(path.relative_to(JS)), set())
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith(("//", "*", "/*", "import ")):
            continue
        code = line.split(" // ")[0]
        for match in LITERAL.finditer(code):
            literal = next(group for group in match.groups() if group is not None)
            words = re.sub(r"\$\{[^}]*\}", " ", literal)
            before = code[: match.start()]
            if not SENTENCE.search(words) or literal in allowed:
                continue
            if MARKED.search(before) or NOT_SHOWN_BEFORE.search(before):
                continue
            if _inside_template_expression(code, match.start()):
                continue
            found.append(f"{path.relative_to(ROOT)}:{n}: {literal[:80]!r}")
    return found


def _inside_template_expression(code: str, at: int) -> bool:
    """A quoted class inside `${…}` of a class list (`badge co-${c}${x ? ' passed' : ''}`)."""
    return code.rfind("${", 0, at) > code.rfind("}", 0, at)


def test_scripts_say_nothing_in_english_outside_the_catalogue() -> None:
    leftovers = []
    for path in sorted(JS.rglob("*.js")):
        if path.name == "catalog.js":  # generated component data (ids, numbers, printed names)
            continue
        leftovers.extend(_script_leftovers(path, path.read_text(encoding="utf-8")))
    assert leftovers == []


def test_the_script_scan_finds_an_english_sentence() -> None:
    source = (
        "el('p', { text: t('Fine here') });\n"
        "el('p', { class: 'chip cost', text: 'Not translated yet' });\n"
        "toast(`Round ${n} is over`);\n"
    )
    found = _script_leftovers(JS / "main.js", source)
    assert len(found) == 2, found
    assert "Not translated yet" in found[0] and "is over" in found[1]
