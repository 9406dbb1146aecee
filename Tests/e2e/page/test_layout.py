"""The page works from 400 px up (issue 16, item 1): at 1400, 1000, 700 and 400 px the canvas
keeps most of the width, nothing runs off the side, every inspector control can be scrolled to
and used, and the component list is reachable (a column when wide, a drawer when narrow).
Screenshots of each width go to test-output/screenshots/layout-<width>.png.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

from test_page import choose, fresh, star_count, type_into, wait

WIDTHS = [1400, 1000, 700, 400]

# Every visible control of the inspector: after scrolling it into view, is it inside the
# window and the element actually hit at its centre (not clipped or covered)?
UNREACHABLE = """
const out = [];
for (const control of document.querySelectorAll('#inspector input, #inspector select, #inspector button, #reset-all')) {
  if (!control.getClientRects().length) continue;
  control.scrollIntoView({ block: 'center', inline: 'nearest' });
  const r = control.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const inside = r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
  if (!inside || !(hit === control || control.contains(hit) || hit?.closest('label') === control.closest('label'))) {
    out.push(`${control.id || control.getAttribute('aria-label')} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} hit ${hit?.id || hit?.className || hit?.tagName}`);
  }
}
window.scrollTo(0, 0);
for (const pane of document.querySelectorAll('.pane')) pane.scrollTop = 0;
return out;
"""


def set_width(driver, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})


@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_works_at(width, browser, server, screenshot_dir):
    set_width(browser, width)
    fresh(browser, server, "RatingControl")
    time.sleep(0.3)
    overflow = browser.execute_script("return document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than a {width} px window"

    stage = browser.find_element(By.ID, "stage").rect
    assert stage["width"] >= 0.55 * width, f"the canvas is {stage['width']} px of {width}"
    svg = browser.find_element(By.CSS_SELECTOR, "#preview svg").rect
    assert svg["width"] > 100 and svg["x"] >= 0 and svg["x"] + svg["width"] <= width

    # Every control of the inspector can be reached and used, in the window.
    assert browser.execute_script(UNREACHABLE) == []
    type_into(browser, "starCount", "6")
    wait(browser, lambda d: star_count(d) == 6)

    # The component list: a column when wide, a drawer behind the toggle when narrow.
    toggle = browser.find_element(By.ID, "sidebar-toggle")
    sidebar = browser.find_element(By.ID, "sidebar")
    if width > 1100:
        assert not toggle.is_displayed() and sidebar.is_displayed()
    else:
        assert toggle.is_displayed() and not browser.find_element(By.CSS_SELECTOR, 'button[data-component="HikeBadge"]').is_displayed()
        toggle.click()
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, 'button[data-component="HikeBadge"]').is_displayed())
        assert toggle.get_attribute("aria-expanded") == "true"
        time.sleep(0.3)
        browser.save_screenshot(str(screenshot_dir / f"layout-{width}-drawer.png"))
    choose(browser, "HikeBadge")
    if width <= 1100:
        wait(browser, lambda d: d.find_element(By.ID, "sidebar-toggle").get_attribute("aria-expanded") == "false")
        assert browser.switch_to.active_element.get_attribute("id") == "sidebar-toggle"
    fresh(browser, server, "RatingControl")
    time.sleep(0.3)
    browser.save_screenshot(str(screenshot_dir / f"layout-{width}.png"))
    if width <= 760:
        # One column: scrolled down, the inspector is there, full width.
        browser.execute_script("document.getElementById('attributes-heading').scrollIntoView()")
        time.sleep(0.2)
        browser.save_screenshot(str(screenshot_dir / f"layout-{width}-inspector.png"))
        pane = browser.find_element(By.CSS_SELECTOR, ".inspector-pane").rect
        assert pane["width"] >= width - 1


def test_reset_all_is_whole_between_760_and_1100_px_with_a_scrollbar(server):
    """Issue 26, item 7: with a classic scrollbar in the inspector column (a desktop browser's),
    the attributes panel is 21 px narrower and Reset all was cut off at its right edge."""
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from conftest import _chromium_options
    from test_page import open_page

    options = _chromium_options()
    options.arguments.remove("--hide-scrollbars")
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    try:
        for width in range(760, 1101, 60):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 700, "deviceScaleFactor": 1, "mobile": False})
            open_page(driver, server, "?c=RatingControl")
            cut = driver.execute_script("""
              const button = document.getElementById('reset-all');
              const r = button.getBoundingClientRect();
              const head = button.parentElement;
              if (head.scrollWidth > head.clientWidth + 0.5) return `the head overflows by ${head.scrollWidth - head.clientWidth} px`;
              for (let n = head; n; n = n.parentElement) {
                if (getComputedStyle(n).overflowX === 'visible') continue;
                const edge = n.getBoundingClientRect().left + n.clientLeft + n.clientWidth;
                if (r.right > edge + 0.5) return `Reset all ends at ${r.right}, ${n.className || n.tagName} shows up to ${edge}`;
              }
              // Undo and Redo keep their names when only their icons show.
              const names = [...document.querySelectorAll('#history-buttons button')].map((b) => b.textContent.trim());
              return names.join() === 'Undo,Redo' ? null : `history buttons are named ${names}`;
            """)
            assert cut is None, f"at {width} px: {cut}"
    finally:
        driver.quit()
