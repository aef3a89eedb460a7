"""The five company colours of app.css stay distinguishable under colour-vision deficiencies.

Each colour is simulated for protanopia, deuteranopia and tritanopia with the matrices of
Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", severity 1.0, applied to linear sRGB; every pair must stay at least
MIN_DELTA_E apart in CIEDE2000 (Sharma, Wu & Dalal 2005 formulation). A badge's letter must
read on its colour (WCAG 4.5:1), and the badge must stand out from the page, by its fill or
its outline (WCAG 1.4.11, 3:1), in the light and the dark theme. The company letter always
goes with the colour, so colour is never the only cue; this keeps the colour a useful one.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

APP_CSS = Path(__file__).resolve().parents[2] / "companion" / "static" / "css" / "app.css"
COMPANIES = ("usa", "germany", "italy", "france", "netherlands")
# ~2 is just noticeable side by side; 10+ tells small marks apart at a glance: keep a margin.
MIN_DELTA_E = 12.0

MACHADO_2009 = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

Linear = tuple[float, float, float]


def theme_variables() -> dict[str, dict[str, str]]:
    """The custom properties of the light theme, and the dark theme's overrides on top."""
    css = APP_CSS.read_text(encoding="utf-8")
    light_block, dark_part = css.split("@media (prefers-color-scheme: dark)", 1)
    dark_block = dark_part[: dark_part.index("}")]

    def variables(block: str) -> dict[str, str]:
        return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", block))

    light = variables(light_block[: light_block.index("}")])
    return {"light": light, "dark": {**light, **variables(dark_block)}}


def linear(hex_colour: str) -> Linear:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    digits = hex_colour.lstrip("#")
    r, g, b = (channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return r, g, b


def simulate(colour: Linear, deficiency: str) -> Linear:
    matrix = MACHADO_2009[deficiency]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, colour, strict=True)))) for row in matrix
    )
    return r, g, b


def lab(colour: Linear) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""
    r, g, b = colour
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_bar = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_bar = (h1 + h2) / 2
    else:
        h_bar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = (
        -2
        * math.sqrt(c_bar_p**7 / (c_bar_p**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def contrast(first: str, second: str) -> float:
    def luminance(hex_colour: str) -> float:
        r, g, b = linear(hex_colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_ciede2000_matches_the_published_test_data() -> None:
    # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7 and 17
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulation_keeps_greys_and_merges_red_and_green_for_deuteranopes() -> None:
    grey = linear("#808080")
    assert simulate(grey, "deuteranopia") == pytest.approx(grey, abs=1e-3)
    red, green = (
        lab(simulate(linear("#ff0000"), "deuteranopia")),
        lab(simulate(linear("#00ff00"), "deuteranopia")),
    )
    assert ciede2000(lab(linear("#ff0000")), lab(linear("#00ff00"))) > 80
    assert ciede2000(red, green) < 40  # the classic confusion, much closer than for normal eyes


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("vision", ["normal", *MACHADO_2009])
def test_company_colours_stay_apart(theme: str, vision: str) -> None:
    colours = {c: linear(theme_variables()[theme][f"co-{c}"]) for c in COMPANIES}
    if vision != "normal":
        colours = {c: simulate(value, vision) for c, value in colours.items()}
    too_close = []
    for first, second in itertools.combinations(COMPANIES, 2):
        distance = ciede2000(lab(colours[first]), lab(colours[second]))
        if distance < MIN_DELTA_E:
            too_close.append(f"{first}/{second} ΔE00 {distance:.1f}")
    assert not too_close, f"{vision}, {theme} theme: {', '.join(too_close)}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_company_badges_read_and_stand_out_from_the_page(theme: str) -> None:
    variables = theme_variables()[theme]
    outline = variables.get("badge-outline", "#111111")  # app.css: var(--badge-outline, #111)
    for company in COMPANIES:
        fill, ink = variables[f"co-{company}"], variables[f"co-ink-{company}"]
        assert contrast(fill, ink) >= 4.5, f"{company}'s letter on its badge ({theme})"
        for background in (variables["bg"], variables["panel"]):
            stands_out = max(contrast(fill, background), contrast(outline, background))
            assert stands_out >= 3, f"{company}'s badge on {background} ({theme})"
