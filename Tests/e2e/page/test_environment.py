"""The environment bar, the matrix and the audit in the page, against the real server.

Hooks: the bar's `#env-scheme [data-value]`, `#env-direction [data-value]`,
`#env-text-size`, `#env-locale`, `#env-matrix`; matrix cells
`#matrix .matrix-cell[data-environment=NAME]` (drawn ones carry `data-drawn`);
audit rows `#audit-list .audit-row[data-kind]` and `#audit-summary`.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_page import open_page, preview_svg, wait


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
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '#audit-list .audit-row[data-kind="smallTapTarget"]'),
         message="the audit did not find the small stars")
    rows = browser.find_elements(By.CSS_SELECTOR, "#audit-list .audit-row")
    assert len(rows) == 5
    assert "30 × 30 pt; at least 44 × 44 pt is needed" in rows[0].text
    assert browser.find_element(By.ID, "audit-summary").text == "5 findings in Standard"
    rows[0].click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay rect[data-finding]"))
    browser.save_screenshot(str(screenshot_dir / "environment-audit.png"))
    # Back to 44-point stars: nothing to find.
    browser.get(server.url + "?c=RatingControl&starSize=44x44")
    wait(browser, lambda d: d.find_element(By.ID, "audit-summary").text == "No findings in Standard")
