"""The browser draws text as wide as Starboard measured it, emoji included.

Layout measures with DejaVu Sans and, for what DejaVu lacks, Noto Color Emoji; the
server serves both to the page. Here the browser's own width of the drawn text is
compared with the width layout gave it (a caption wider than the badge sets the
SVG's width).
"""

from __future__ import annotations

from urllib.parse import quote

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def drawn_width(driver, text):
    """Width Chromium gives the preview's <text> holding `text`, once fonts are loaded."""
    script = """
        const [wanted, done] = arguments;
        document.fonts.ready.then(() => {
            const node = [...document.querySelectorAll('#preview svg text')].find((t) => t.textContent === wanted);
            done(node ? node.getComputedTextLength() : null);
        });
    """
    return driver.execute_async_script(script, text)


def preview_width(driver):
    svg = driver.find_element(By.CSS_SELECTOR, "#preview svg")
    return float(svg.get_attribute("width"))


def show(driver, server, name, showing=None):
    """Opens HikeBadge with the caption `name` and waits until a text of the preview holds
    `showing` (the caption itself by default; a run's text where bidi reorders the rest)."""
    driver.get(server.url + "?c=HikeBadge&name=" + quote(name))
    # The page replaces the preview as renders arrive: retry on a stale element.
    WebDriverWait(driver, 10, poll_frequency=0.05,
                  ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: d.execute_script(
            "return [...document.querySelectorAll('#preview svg text')].some((t) => arguments[1] ? t.textContent.includes(arguments[0]) : t.textContent === arguments[0])",
            showing or name, showing is not None))


def test_emoji_caption_is_drawn_as_wide_as_it_was_measured(make_server, browser):
    server = make_server()
    name = "\U0001F31E\U0001F31E\U0001F31E\U0001F31E\U0001F31E Hike"
    show(browser, server, name)
    measured = preview_width(browser)
    assert measured > 100, "the caption should be wider than the 100-point badge"
    drawn = drawn_width(browser, name)
    assert drawn is not None
    assert abs(drawn - measured) < 0.5, f"drawn {drawn:.2f} pt, measured {measured:.2f} pt"


def test_plain_caption_is_drawn_as_wide_as_it_was_measured(make_server, browser):
    server = make_server()
    name = "A caption long enough to be wider"
    show(browser, server, name)
    measured = preview_width(browser)
    drawn = drawn_width(browser, name)
    assert abs(drawn - measured) < 0.5, f"drawn {drawn:.2f} pt, measured {measured:.2f} pt"
