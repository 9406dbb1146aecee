"""The environment bar, the matrix and the audit in the page, against the real server.

Hooks: the bar's `#env-scheme [data-value]`, `#env-direction [data-value]`,
`#env-text-size`, `#env-locale`, `#env-matrix`; matrix cells
`#matrix .matrix-cell[data-environment=NAME]` (drawn ones carry `data-drawn`);
audit rows `#audit-list .audit-row[data-kind]` and `#audit-summary`.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_page import open_page, preview_svg, wait

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_text_output import read_png  # noqa: E402


def press(driver, group, value):
    driver.find_element(By.CSS_SELECTOR, f'#{group} [data-value="{value}"]').click()


def query(driver):
    return parse_qs(urlparse(driver.current_url).query)


def test_dark_mode_reaches_the_component_and_the_link(browser, server, screenshot_dir):
    open_page(browser, server, "?c=HikeBadge")
    light = preview_svg(browser)
    press(browser, "env-scheme", "dark")
    wait(browser, lambda d: preview_svg(d) != light, message="the preview did not change in dark")
    assert query(browser).get("scheme") == ["dark"]
    # The canvas follows the scheme (the Auto background), so the dark render is seen on dark.
    assert browser.find_element(By.ID, "stage").get_attribute("data-background") == "dark"
    # The badge's caption follows the scheme: not black on a dark canvas.
    assert 'fill="#000000">First Hike' not in preview_svg(browser)
    browser.save_screenshot(str(screenshot_dir / "environment-dark-hikebadge.png"))
    # A reload keeps the window's environment; other windows are not told.
    browser.refresh()
    wait(browser, lambda d: preview_svg(d) and d.find_element(By.CSS_SELECTOR, '#env-scheme [data-value="dark"]').get_attribute("aria-pressed") == "true")


def test_a_link_with_a_bad_environment_value_names_the_allowed_ones(browser, server):
    browser.get(server.url + "?c=RatingControl&scheme=purple&textSize=huge")
    wait(browser, lambda d: preview_svg(d))
    toast = browser.find_element(By.ID, "toast")
    wait(browser, lambda d: toast.is_displayed() and "purple" in toast.text)
    assert "Scheme must be one of light, dark; got “purple”." in toast.text
    assert "Text size must be one of xSmall" in toast.text
    assert Select(browser.find_element(By.ID, "env-text-size")).first_selected_option.get_attribute("value") == "large"


def test_text_size_and_direction_change_the_render(browser, server, screenshot_dir):
    open_page(browser, server, "?c=ProfileSummary")
    standard = preview_svg(browser)
    Select(browser.find_element(By.ID, "env-text-size")).select_by_value("accessibility3")
    wait(browser, lambda d: preview_svg(d) != standard)
    large = preview_svg(browser)
    press(browser, "env-direction", "rtl")
    wait(browser, lambda d: preview_svg(d) != large)
    assert query(browser).get("textSize") == ["accessibility3"] and query(browser).get("direction") == ["rtl"]
    browser.save_screenshot(str(screenshot_dir / "environment-ax3-rtl-profile.png"))


def test_the_matrix_shows_light_and_dark_at_three_text_sizes_live(browser, server, screenshot_dir):
    open_page(browser, server, "?c=HikeBadge")
    Select(browser.find_element(By.ID, "env-matrix")).select_by_value("scheme,textSize")
    cells = lambda d: d.find_elements(By.CSS_SELECTOR, "#matrix .matrix-cell")
    wait(browser, lambda d: len(cells(d)) == 6 and all(c.get_attribute("data-drawn") == "true" for c in cells(d)),
         message="the matrix did not draw six cells")
    names = [c.get_attribute("data-environment") for c in cells(browser)]
    assert names == ["xSmall", "standard", "accessibility3", "dark-xSmall", "dark", "dark-accessibility3"]
    assert query(browser).get("matrix") == ["scheme,textSize"]
    browser.save_screenshot(str(screenshot_dir / "environment-matrix-hikebadge.png"))
    # A change made anywhere reaches every cell.
    before = [c.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML") for c in cells(browser)]
    name = browser.find_element(By.ID, "prop-name")
    name.clear()
    name.send_keys("Matrix Hike\n")
    wait(browser, lambda d: all("Matrix Hike" in c.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML") for c in cells(d)),
         message="not every cell followed the change")
    after = [c.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML") for c in cells(browser)]
    assert all(a != b for a, b in zip(before, after))


def test_a_tap_in_a_matrix_cell_acts_in_that_cells_environment(browser, server):
    open_page(browser, server, "?c=RatingControl")
    Select(browser.find_element(By.ID, "env-matrix")).select_by_value("direction")
    rtl = '#matrix .matrix-cell[data-environment="rtl"]'
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'{rtl}[data-drawn="true"]'))
    # Right to left the first star is on the right: tapping the rightmost star sets one star.
    stars = browser.find_elements(By.CSS_SELECTOR, f'{rtl} [data-tap^="star-"]')
    rightmost = max(stars, key=lambda s: s.rect["x"])
    assert rightmost.get_attribute("data-tap") == "star-1"
    rightmost.click()
    wait(browser, lambda d: d.find_element(By.ID, "prop-rating").get_attribute("value") == "1")


def test_the_audit_lists_what_breaks_and_outlines_it(browser, server, screenshot_dir):
    # Seven 30-point stars: each a 30 × 30 tap target.
    open_page(browser, server, "?c=RatingControl&starSize=30x30")
    # The audit of the link's values (an earlier one, of the values before the link applied, may
    # be drawn first): its summary, then its rows.
    wait(browser, lambda d: d.find_element(By.ID, "audit-summary").text == "5 findings in Standard",
         message="the audit did not find the five small stars")
    rows = browser.find_elements(By.CSS_SELECTOR, "#audit-list .audit-row")
    assert len(rows) == 5
    assert rows[0].get_attribute("data-kind") == "smallTapTarget"
    assert "30 × 30 pt; at least 44 × 44 pt is needed" in rows[0].text
    rows[0].click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay rect[data-finding]"))
    browser.save_screenshot(str(screenshot_dir / "environment-audit.png"))
    # Back to 44-point stars: nothing to find.
    browser.get(server.url + "?c=RatingControl&starSize=44x44")
    wait(browser, lambda d: d.find_element(By.ID, "audit-summary").text == "No findings in Standard")


def _natural_png(driver, selector: str, path):
    """A screenshot of the SVG at `selector` at its own size (1 px a point) on white, where it is."""
    svg = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script(
        "const svg = arguments[0];"
        "const [w, h] = [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height];"
        "Object.assign(svg.style, {width: w + 'px', height: h + 'px', maxWidth: 'none', background: '#ffffff'});"
        "for (let n = svg.parentElement; n && n !== document.body; n = n.parentElement) {"
        "  n.style.overflow = 'visible'; n.style.background = '#ffffff'; }"
        "svg.scrollIntoView({block: 'start', inline: 'start'});", svg)
    # Every face the SVG names loaded (the emoji face is a web font, loaded when first used).
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const faces = [...new Set([...arguments[0].querySelectorAll('[font-family]')].map((n) => n.getAttribute('font-family')))];"
        "Promise.all(faces.map((f) => document.fonts.load(`17px \"${f}\"`, '\u2603\ufe0f A'))).then(() => document.fonts.ready).then(() => done());", svg)
    svg.screenshot(str(path))
    return read_png(path)


def test_a_right_to_left_matrix_cell_draws_what_the_single_preview_draws(browser, server, tmp_path, screenshot_dir):
    """Issue 26, item 2: the cell's direction must not reach the SVG, which is already mirrored."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1440, "height": 1400, "deviceScaleFactor": 1, "mobile": False})
    open_page(browser, server, "?c=ProfileSummary&direction=rtl")
    single_markup = preview_svg(browser)
    single = _natural_png(browser, "#preview svg", tmp_path / "single.png")
    open_page(browser, server, "?c=ProfileSummary&matrix=direction")
    rtl = '#matrix .matrix-cell[data-environment="rtl"]'
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'{rtl}[data-drawn="true"]'), message="the RTL cell was not drawn")
    cell_svg = browser.find_element(By.CSS_SELECTOR, f"{rtl} svg")
    # The same render (the page gives each drawn SVG's ids a prefix of its own).
    body = lambda markup: re.sub(r'\br\d+-sb-', '', markup.split(">", 1)[1])
    assert body(cell_svg.get_attribute("outerHTML")) == body(single_markup), "the cell has another render"
    cell = _natural_png(browser, f"{rtl} svg", tmp_path / "cell.png")
    shutil.copy(tmp_path / "cell.png", screenshot_dir / "matrix-rtl-cell.png")
    shutil.copy(tmp_path / "single.png", screenshot_dir / "matrix-rtl-single.png")
    (w1, h1, rows1), (w2, h2, rows2) = single, cell
    assert (w1, h1) == (w2, h2)
    differing = sum(1 for a, b in zip(rows1, rows2) for i in range(0, len(a), 4)
                    if max(abs(a[i + k] - b[i + k]) for k in range(3)) > 32)
    assert differing <= w1 * h1 // 1000, f"{differing} of {w1 * h1} pixels differ between the RTL cell and the RTL preview"
