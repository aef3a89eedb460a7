"""Render the app icons' PNG sizes from their SVG sources with Debian's Chromium.

The manifest needs PNGs (192 and 512 px, and a maskable one) for the installability check and
for home screens that do not take SVG icons. The SVGs are the source; run this after editing
them and commit the PNGs: `.venv/bin/python tools/render_icons.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "companion" / "static" / "icons"
RENDERS = [
    ("app-icon.svg", "app-icon-192.png", 192),
    ("app-icon.svg", "app-icon-512.png", 512),
    ("app-icon.svg", "apple-touch-icon.png", 180),
    ("app-icon-maskable.svg", "app-icon-maskable-512.png", 512),
]


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--headless"])
        for source, target, size in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8")
            page.set_content(
                "<style>html,body{margin:0;background:transparent}"
                f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(f"rendered {source} -> {target} ({size}px)")
        browser.close()


if __name__ == "__main__":
    main()
