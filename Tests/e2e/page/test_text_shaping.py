"""Chromium draws every script as Starboard measured it (issue 25).

Each string of the shaping table is a HikeBadge caption: the browser's own advance of the drawn
text is compared with the width layout gave it, every run must lie inside the caption's frame,
and the runs must come out left to right in the order the SVG wrote them (which is the measured
visual order). The page's PNG download of ProfileSummary has a colour sun.
"""

from __future__ import annotations

import re

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_text_metrics import show

PREFIX = "Drawn as measured: "

STRINGS = [
    ("latin-kerning", "AVATAR To Wa Ty"),
    ("ligatures", "office fluffy"),
    ("arabic", "مرحبا بالعالم"),
    ("hebrew", "שלום עולם"),
    ("mixed-bidi", "שלום Hello 123!"),
    ("cjk", "日本語のテキスト"),
    ("hangul", "한국어"),
    ("emoji-vs16", "☃️❤️"),
    ("keycap", "1️⃣"),
    ("zwj", "👨‍👩‍👧"),
    ("flag", "🇩🇪"),
    ("skin-tone", "👍🏽"),
]

# The browser's geometry of the caption: its total advance, each run's box, the SVG's width.
MEASURE = """
    const [done] = arguments;
    document.fonts.ready.then(() => {
        const svg = document.querySelector('#preview svg');
        const text = [...svg.querySelectorAll('text')].pop();
        const runs = [...text.querySelectorAll('tspan')].map((t) => { const b = t.getBBox(); return [b.x, b.width]; });
        const box = text.getBBox();
        done({advance: text.getComputedTextLength(), x: parseFloat(text.getAttribute('x')),
              width: parseFloat(svg.getAttribute('width')), height: parseFloat(svg.getAttribute('height')),
              box: [box.x, box.y, box.width, box.height], runs, svg: svg.outerHTML,
              text: text.textContent,
              faces: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family)});
    });
"""


def letters(text):
    """The characters of a string in any order: bidi writes runs in visual order."""
    return sorted(c for c in text if not c.isspace())


def test_each_script_is_drawn_as_wide_as_it_was_measured_and_in_its_order(browser, server, screenshot_dir):
    for label, string in STRINGS:
        show(browser, server, PREFIX + string, showing=PREFIX.strip())
        # A render of an earlier value can still replace the preview after the first one shows:
        # measure only a picture of this string, read in the same script as its geometry.
        got = WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda d: (lambda g: g if letters(g["text"]) == letters(PREFIX + string) else None)(
                d.execute_async_script(MEASURE)))
        svg = got["svg"]
        # The caption is centred under the 100-point badge, or sets the SVG's width.
        measured = got["width"] - 2 * got["x"]
        assert abs(got["advance"] - measured) <= measured * 0.005 + 0.05, \
            f"{label}: Chromium draws {got['advance']:.2f} pt, Starboard measured {measured:.2f} pt\n{svg}"
        x, y, width, height = got["box"]
        assert x >= got["x"] - 0.5 and x + width <= got["x"] + measured + 0.5, f"{label}: drawn outside its frame: {got}"
        assert y >= -0.5 and y + height <= got["height"] + 0.5, f"{label}: drawn outside the image: {got}"
        # Runs left to right as written, none over another.
        runs = got["runs"]
        for (left, run_width), (next_left, _) in zip(runs, runs[1:]):
            assert next_left >= left + run_width - 0.5, f"{label}: runs out of order or overlapping: {runs}"
        for family in re.findall(r'font-family="([^"]+)"', svg):
            if family != "DejaVu Sans":
                assert family in got["faces"], f"{label}: {family} was named but not loaded from /fonts/"
        WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#preview svg").screenshot(
                str(screenshot_dir / f"shaping-{label}.png")))


def test_the_png_download_draws_the_sun_in_colour(browser, server, screenshot_dir):
    browser.get(server.url + "?c=ProfileSummary&prefersNotifications=false&seasonalPhoto=summer")
    WebDriverWait(browser, 10, poll_frequency=0.05,
                  ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: "🌞" in d.find_element(By.CSS_SELECTOR, "#preview svg").get_attribute("innerHTML"))
    pixel = browser.execute_async_script("""
        const [done] = arguments;
        const svg = document.querySelector('#preview svg');
        const run = [...svg.querySelectorAll('tspan')].find((t) => t.textContent === '🌞');
        const x = parseFloat(run.getAttribute('x')), y = parseFloat(run.closest('text').getAttribute('y'));
        const size = parseFloat(run.getAttribute('font-size'));
        import('./download.js').then(async ({ drawPNG }) => {
            const canvas = await drawPNG(svg.outerHTML, 2);
            // The middle of the sun: half its advance in, a third of the size above the baseline.
            const [r, g, b, a] = canvas.getContext('2d').getImageData(2 * (x + size * 2550 / 2048 / 2), 2 * (y - size / 3), 1, 1).data;
            done({r, g, b, a, png: canvas.toDataURL('image/png')});
        }).catch((error) => done({error: String(error)}));
    """)
    assert "error" not in pixel, pixel
    import base64
    (screenshot_dir / "download-profile-summer.png").write_bytes(base64.b64decode(pixel["png"].split(",", 1)[1]))
    assert pixel["a"] > 200, pixel
    # Yellow-orange, not the grey specks a renderer without colour glyphs leaves.
    assert pixel["r"] > 200 and pixel["g"] > 100 and pixel["b"] < 120 and pixel["r"] - pixel["b"] > 120, \
        {k: pixel[k] for k in "rgba"}
