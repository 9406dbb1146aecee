"""Browser tests of the Starboard page against the real server.

Hooks the page offers: `#status[data-state]`, sidebar `button[data-component]`,
`#preview svg`, inspector rows `.prop[data-property=NAME]` whose first field is
`#prop-NAME`, errors `.prop[data-property=NAME] .error`, declared variants
`#variant-list [data-variant]`, accessibility rows `#a11y-list [data-element]`,
`#copy-swift[data-copied]` after a copy.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT_S = 10
COMPONENTS = ["RatingControl", "HikeBadge", "PageControl", "ProfileSummary"]


# Helpers


def wait(driver, predicate, timeout=TIMEOUT_S, message=""):
    # The page rebuilds rows and previews as renders arrive; retry instead of failing.
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(
        lambda d: predicate(d), message)


def status(driver) -> str:
    return driver.find_element(By.ID, "status").get_attribute("data-state")


def preview_svg(driver) -> str:
    """Read in one script, so a render replacing the SVG in between cannot make the read stale."""
    return driver.execute_script("const s = document.querySelector('#preview svg'); return s ? s.outerHTML : '';")


def star_count(driver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, '#preview [data-tap^="star-"]'))


def tap_preview(driver, target):
    """Clicks the preview's tap target `target` (data-tap), again if a new render replaced it first.

    A render can land between finding the element and clicking it; the click then fails as stale
    and never reached the page, so clicking the new element is the same tap, not a second one.
    """
    def click(d):
        d.find_element(By.CSS_SELECTOR, f'#preview [data-tap="{target}"]').click()
        return True
    wait(driver, click, message=f"could not tap {target}")


def field(driver, name):
    return driver.find_element(By.ID, f"prop-{name}")


def field_value(driver, name) -> str:
    return field(driver, name).get_attribute("value")


def type_into(driver, name, text):
    element = field(driver, name)
    element.click()
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(text, Keys.ENTER)


def error_text(driver, name) -> str:
    errors = driver.find_elements(By.CSS_SELECTOR, f'.prop[data-property="{name}"] .error')
    return errors[0].text if errors and errors[0].is_displayed() else ""


def open_page(driver, server, query=""):
    driver.get(server.url + query)
    wait(driver, lambda d: status(d) == "connected", message="page did not connect")
    wait(driver, lambda d: preview_svg(d), message="no preview rendered")


def choose(driver, component):
    driver.find_element(By.CSS_SELECTOR, f'button[data-component="{component}"]').click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f'button[data-component="{component}"]')
         .get_attribute("aria-current") == "page")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#inspector .prop[data-property]'))
    wait(driver, lambda d: f"c={component}" in d.current_url and preview_svg(d))


def reset_all_enabled(driver) -> bool:
    # aria-disabled rather than disabled, so focus stays on the button after a reset.
    button = driver.find_element(By.ID, "reset-all")
    return button.is_enabled() and button.get_attribute("aria-disabled") != "true"


def reset_all(driver):
    """Clicks Reset all until the values are the defaults.

    A click can land while a render rebuilds the inspector and never reach the button; clicking
    again is the same reset (it is idempotent), so it is retried at most once a second.
    """
    last_click = [0.0]

    def reset(d):
        if not reset_all_enabled(d):
            return True
        if time.monotonic() - last_click[0] >= 1.0:
            last_click[0] = time.monotonic()
            d.find_element(By.ID, "reset-all").click()
        return False
    wait(driver, reset, timeout=2 * TIMEOUT_S, message="values did not reset")


def fresh(driver, server, component):
    """Opens the page on `component` with every value at its default."""
    open_page(driver, server, f"?c={component}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#inspector .prop[data-property]'))
    reset_all(driver)


def csp_violations(driver):
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]


# Tests


def test_page_loads_with_catalog_and_no_policy_violations(browser, server):
    open_page(browser, server)
    names = [b.get_attribute("data-component") for b in browser.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]")]
    for component in COMPONENTS:
        assert component in names
    assert browser.find_element(By.ID, "status").text.strip() == "Connected"
    assert csp_violations(browser) == []


def test_filter_narrows_the_sidebar(browser, server):
    open_page(browser, server)
    # The filter matches names, titles and summaries: "badge" finds the badge and the profile
    # that shows badges; "hike" only the badge.
    browser.find_element(By.ID, "filter").send_keys("badge")
    visible = [b for b in browser.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]") if b.is_displayed()]
    assert [b.get_attribute("data-component") for b in visible] == ["HikeBadge", "ProfileSummary"]
    browser.find_element(By.ID, "filter").clear()
    browser.find_element(By.ID, "filter").send_keys("hike")
    visible = [b for b in browser.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]") if b.is_displayed()]
    assert [b.get_attribute("data-component") for b in visible] == ["HikeBadge"]


def test_star_count_in_inspector_sets_number_of_stars(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7, message="preview did not show 7 stars")
    row = browser.find_element(By.CSS_SELECTOR, '.prop[data-property="starCount"]')
    assert row.get_attribute("data-default") == "false"
    assert parse_qs(urlparse(browser.current_url).query)["starCount"] == ["7"]


def test_tapping_a_star_sets_and_clears_the_rating(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7)
    tap_preview(browser, "star-3")
    wait(browser, lambda d: field_value(d, "rating") == "3", message="rating did not become 3")
    filled = browser.find_elements(By.CSS_SELECTOR, '#preview [data-tap^="star-"][data-state="filled"]')
    if filled or browser.find_elements(By.CSS_SELECTOR, '#preview [data-state]'):
        assert len(filled) == 3
    values = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#a11y-list .a11y-details dd")]
    assert "3 stars set." in values, values
    assert "pointer" == browser.find_element(By.CSS_SELECTOR, '#preview [data-tap="star-3"]').value_of_css_property("cursor")

    tap_preview(browser, "star-3")
    wait(browser, lambda d: field_value(d, "rating") == "0", message="tapping again did not clear the rating")


def test_copy_as_swift_lists_non_default_values(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7)
    tap_preview(browser, "star-3")
    wait(browser, lambda d: field_value(d, "rating") == "3")
    browser.find_element(By.ID, "copy-swift").click()
    wait(browser, lambda d: d.find_element(By.ID, "copy-swift").get_attribute("data-copied"))
    assert browser.find_element(By.ID, "copy-swift").get_attribute("data-copied") == "RatingControl { $0.starCount = 7; $0.rating = 3 }"


def test_hue_rotation_and_declared_variants(browser, server):
    fresh(browser, server, "HikeBadge")
    type_into(browser, "hueRotation", "90")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '#preview feColorMatrix[type="hueRotate"][values="90"]'),
         message="no hueRotate filter with 90")
    cards = browser.find_elements(By.CSS_SELECTOR, "#variant-list [data-variant]")
    assert [c.get_attribute("data-variant") for c in cards] == ["First Hike", "Earth Day", "Tenth Hike"]
    for card in cards:
        assert card.find_elements(By.CSS_SELECTOR, "svg"), "variant has no rendering"
        assert card.find_element(By.CSS_SELECTOR, ".variant-label").text == card.get_attribute("data-variant")
    tops = {card.rect["y"] for card in cards}
    lefts = [card.rect["x"] for card in cards]
    assert len(tops) == 1 and lefts == sorted(lefts), "variants are not side by side"


def test_clicking_a_variant_applies_its_values(browser, server):
    fresh(browser, server, "HikeBadge")
    browser.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Earth Day"]').click()
    wait(browser, lambda d: field_value(d, "name") == "Earth Day")
    wait(browser, lambda d: field_value(d, "hueRotation") == "90")


def test_vary_row_previews_a_range(browser, server):
    fresh(browser, server, "RatingControl")
    select = browser.find_element(By.ID, "vary-property")
    select.find_element(By.CSS_SELECTOR, 'option[value="starCount"]').click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value] svg")) == 8)
    counts = [len(card.find_elements(By.CSS_SELECTOR, "[data-id^='star-']"))
              for card in browser.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value]")]
    assert counts == list(range(1, 9))


def test_reload_and_shared_links_restore_values(browser, server):
    fresh(browser, server, "HikeBadge")
    type_into(browser, "hueRotation", "90")
    wait(browser, lambda d: "hueRotation=90" in d.current_url)
    browser.refresh()
    wait(browser, lambda d: status(d) == "connected" and preview_svg(d))
    wait(browser, lambda d: field_value(d, "hueRotation") == "90")

    # A link carries the whole state: values absent from it are defaults, whatever they were before.
    fresh(browser, server, "RatingControl")
    type_into(browser, "spacing", "20")
    wait(browser, lambda d: "spacing=20" in d.current_url)
    open_page(browser, server, "?c=RatingControl&starCount=6&rating=2")
    wait(browser, lambda d: star_count(d) == 6, message="shared link did not set starCount")
    wait(browser, lambda d: field_value(d, "rating") == "2")
    wait(browser, lambda d: field_value(d, "spacing") == "8", message="spacing, absent from the link, is not at its default")
    assert "spacing=" not in browser.current_url


def test_back_and_forward_move_through_component_choices(browser, server):
    open_page(browser, server, "?c=RatingControl")
    choose(browser, "PageControl")
    choose(browser, "HikeBadge")
    browser.back()
    wait(browser, lambda d: d.find_element(By.ID, "component-title").text == "Page Control")
    browser.forward()
    wait(browser, lambda d: d.find_element(By.ID, "component-title").text == "Hike Badge")


def test_second_window_follows_changes(browser_factory, server):
    first, second = browser_factory(), browser_factory()
    fresh(first, server, "RatingControl")
    open_page(second, server, "?c=RatingControl")
    type_into(first, "starCount", "4")
    wait(second, lambda d: star_count(d) == 4, message="second window did not follow")
    wait(second, lambda d: field_value(d, "starCount") == "4")


def test_invalid_values_show_the_server_error_and_keep_the_preview(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "6")
    wait(browser, lambda d: star_count(d) == 6)
    before = preview_svg(browser)

    type_into(browser, "starCount", "-3")
    wait(browser, lambda d: error_text(d, "starCount"), message="no error for -3")
    assert "starCount" in error_text(browser, "starCount") or "-3" in error_text(browser, "starCount")
    assert field(browser, "starCount").get_attribute("aria-invalid") == "true"
    assert field_value(browser, "starCount") == "-3"
    assert preview_svg(browser) == before

    type_into(browser, "starCount", "abc")
    wait(browser, lambda d: "abc" in error_text(d, "starCount") or error_text(d, "starCount"), message="no error for abc")
    assert field_value(browser, "starCount") == "abc"
    assert star_count(browser) == 6

    type_into(browser, "starCount", "5")
    wait(browser, lambda d: star_count(d) == 5)
    wait(browser, lambda d: error_text(d, "starCount") == "")


def test_dragging_a_slider_keeps_one_change_in_flight(browser, server):
    fresh(browser, server, "RatingControl")
    sent = browser.execute_script("""
        const frames = [];
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) { frames.push(String(data)); return send.call(this, data); };
        window.__frames = frames;
        const slider = document.getElementById('prop-spacing-slider');
        for (let v = 0; v <= 40; v += 1) {
            slider.value = String(v);
            slider.dispatchEvent(new Event('input', { bubbles: true }));
        }
        return frames.filter((f) => JSON.parse(f).type === 'set').length;
    """)
    assert sent == 1, "a burst of slider moves should send one set at once"
    wait(browser, lambda d: field_value(d, "spacing") == "40" and "spacing=40" in d.current_url)
    sets = browser.execute_script("return window.__frames.filter((f) => JSON.parse(f).type === 'set').length")
    assert sets <= 2, f"latest-wins should coalesce the drag, sent {sets} sets"


def test_accessibility_panel_outlines_hovered_element(browser, server):
    from selenium.webdriver.common.action_chains import ActionChains

    fresh(browser, server, "RatingControl")
    rows = browser.find_elements(By.CSS_SELECTOR, "#a11y-list [data-element]")
    assert [r.get_attribute("data-element") for r in rows][:2] == ["star-1", "star-2"]
    ActionChains(browser).move_to_element(rows[1]).perform()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '#overlay [data-frame="star-2"].highlight'))


def test_screenshots_of_every_component(browser, server, screenshot_dir):
    open_page(browser, server)
    for component in COMPONENTS:
        choose(browser, component)
        time.sleep(0.3)
        browser.save_screenshot(str(screenshot_dir / f"{component}.png"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    for component in COMPONENTS:
        choose(browser, component)
        time.sleep(0.3)
        browser.save_screenshot(str(screenshot_dir / f"{component}-dark.png"))
    assert csp_violations(browser) == []


# Last in the file on purpose: it restarts the shared server.
def test_reconnects_after_server_restart(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "8")
    wait(browser, lambda d: star_count(d) == 8)
    browser.find_element(By.TAG_NAME, "body").click()

    server.stop()
    wait(browser, lambda d: status(d) in ("reconnecting", "offline"), message="page did not notice the server left")
    server.restart()
    wait(browser, lambda d: status(d) == "connected", timeout=20, message="page did not reconnect")
    wait(browser, lambda d: star_count(d) == 8 and field_value(d, "starCount") == "8")
    # And it is live again, not just showing the old picture.
    type_into(browser, "starCount", "3")
    wait(browser, lambda d: star_count(d) == 3)
