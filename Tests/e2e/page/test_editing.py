"""Typing applies only values the person chose (issue 16, item 3), and the smaller editing
defects of item 7: steps, labels in messages, focus after a reset, the colour's opacity, links
with one bad value, the filter's Enter, the vary row's bounds and true scale, the current variant.
"""

from __future__ import annotations

import json
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_page import error_text, field, field_value, fresh, open_page, preview_svg, star_count, status, type_into, wait

PAUSE_S = 0.8  # controls.js PAUSE_MS

# Delays every message the page's websocket delivers by window.__delayMs, as a slow network
# would; installed before the page's own scripts run.
DELAY_MESSAGES = """
(() => {
  window.__delayMs = 0;
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    return add.call(this, type, (event) => setTimeout(() => listener.call(this, event), window.__delayMs), options);
  };
})();
"""

RECORD_FRAMES = """
window.__frames = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__frames.push(String(data)); return send.call(this, data); };
"""

# Follows the typing pauses (controls.js's timers of PAUSE_MS): how many were started and how
# many have ended, by running out or by being cleared, so a test can wait until none is pending
# (the moment a value would have been sent) instead of sleeping past it.
COUNT_PAUSES = """
window.__pauses = { started: 0, ended: 0 };
const pending = new Set();
const later = window.setTimeout, cancel = window.clearTimeout;
window.setTimeout = function (callback, delay, ...rest) {
  if (delay !== 800 || typeof callback !== 'function') return later.call(this, callback, delay, ...rest);
  window.__pauses.started += 1;
  const id = later.call(this, () => { pending.delete(id); window.__pauses.ended += 1; callback(...rest); }, delay);
  pending.add(id);
  return id;
};
window.clearTimeout = function (id) {
  if (pending.delete(id)) window.__pauses.ended += 1;
  return cancel.call(this, id);
};
"""

# Resolves once two frames have been painted and the tasks queued after them have run: the
# page's follow-up work after a render (renderscheduler.js) has had its turn.
AFTER_FOLLOW_UPS = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => setTimeout(done, 0), 0)));
"""


def sets(driver) -> list[dict]:
    frames = driver.execute_script("return window.__frames || []")
    return [m["values"] for m in map(json.loads, frames) if m.get("type") == "set"]


def keys_into(driver, name, text):
    """Types `text` into a field as fast as keys go, without Enter."""
    element = field(driver, name)
    element.click()
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(text)


def test_typing_25_sends_nothing_and_says_why(browser, server):
    fresh(browser, server, "RatingControl")
    browser.execute_script(RECORD_FRAMES + COUNT_PAUSES)
    keys_into(browser, "starCount", "25")
    wait(browser, lambda d: error_text(d, "starCount"), message="no error while typing 25")
    # Typing 2 started a pause; the 5 that made it 25 must end it (cleared, or run out): once no
    # pause is pending, nothing can be sent for what was typed, and nothing was.
    wait(browser, lambda d: (lambda p: p["started"] >= 1 and p["ended"] == p["started"])(d.execute_script("return window.__pauses")),
         timeout=PAUSE_S + 10, message="a typing pause is still pending")
    assert sets(browser) == [], "typing 25 must not send 2 (or 25)"
    assert field_value(browser, "starCount") == "25"
    assert star_count(browser) == 5
    assert "starCount" not in browser.current_url
    message = error_text(browser, "starCount")
    assert message == "Star Count must be a whole number from 1 to 20; got 25.", message

    # Escape puts the current value back and the error goes.
    field(browser, "starCount").send_keys(Keys.ESCAPE)
    wait(browser, lambda d: field_value(d, "starCount") == "5" and error_text(d, "starCount") == "")


def test_a_valid_value_is_sent_after_a_pause(browser, server):
    fresh(browser, server, "RatingControl")
    browser.execute_script(RECORD_FRAMES)
    keys_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7, message="7 was not applied after a pause")
    assert sets(browser) == [{"starCount": 7}]


def test_a_late_render_neither_clears_the_error_nor_replaces_the_text(browser_factory, server):
    browser = browser_factory()
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": DELAY_MESSAGES})
    fresh(browser, server, "RatingControl")
    browser.execute_script(RECORD_FRAMES + "window.__delayMs = 1500;")
    keys_into(browser, "starCount", "2")
    wait(browser, lambda d: sets(d) == [{"starCount": 2}], message="2 was not sent after the pause")
    field(browser, "starCount").send_keys("5")   # now "25", while the render of 2 is on its way
    wait(browser, lambda d: error_text(d, "starCount"), message="no error for 25")
    wait(browser, lambda d: star_count(d) == 2, timeout=10, message="the render of 2 never arrived")
    browser.execute_async_script(AFTER_FOLLOW_UPS)
    assert field_value(browser, "starCount") == "25"
    assert "got 25" in error_text(browser, "starCount"), "a late render cleared the error"
    assert sets(browser) == [{"starCount": 2}]


def test_out_of_range_and_off_step_values_are_refused_at_the_field(browser, server):
    fresh(browser, server, "HikeBadge")
    browser.execute_script(RECORD_FRAMES)
    type_into(browser, "hueRotation", "400")
    wait(browser, lambda d: "got 400°" in error_text(d, "hueRotation"))
    assert error_text(browser, "hueRotation").startswith("Hue Rotation must be an angle from 0° to 360°")
    type_into(browser, "grayscale", "0.33")
    wait(browser, lambda d: "steps of 0.05" in error_text(d, "grayscale"))
    assert sets(browser) == []

    fresh(browser, server, "RatingControl")
    browser.execute_script(RECORD_FRAMES)
    type_into(browser, "spacing", "41")
    wait(browser, lambda d: "got 41" in error_text(d, "spacing"))
    # Off the declared step: the slider could never show it, so it is not a value.
    type_into(browser, "spacing", "7.5")
    wait(browser, lambda d: "in steps of 1; got 7.5" in error_text(d, "spacing"))
    assert browser.find_element(By.ID, "prop-spacing-slider").get_attribute("value") == "8"
    # A size names its label and shows the value as a person writes it, not JSON.
    width = field(browser, "starSize")
    width.click()
    width.send_keys(Keys.CONTROL, "a")
    width.send_keys("wide", Keys.TAB)
    wait(browser, lambda d: error_text(d, "starSize"))
    message = error_text(browser, "starSize")
    assert message.startswith("Star Size must") and "“wide”" in message and "{" not in message and "starSize" not in message, message
    assert sets(browser) == []


def test_focus_stays_on_reset_buttons(browser, server):
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7)
    reset = browser.find_element(By.CSS_SELECTOR, '.prop[data-property="starCount"] .reset')
    reset.click()
    wait(browser, lambda d: star_count(d) == 5 and field_value(d, "starCount") == "5")
    time.sleep(0.2)
    active = browser.switch_to.active_element
    assert active.tag_name != "body", "focus fell to <body> after a reset"
    assert active.get_attribute("aria-label") == "Reset Star Count to default"

    type_into(browser, "starCount", "6")
    wait(browser, lambda d: star_count(d) == 6)
    browser.find_element(By.ID, "reset-all").click()
    wait(browser, lambda d: star_count(d) == 5)
    time.sleep(0.2)
    assert browser.switch_to.active_element.get_attribute("id") == "reset-all"


def test_colour_opacity_is_shown_and_kept_or_changed_on_purpose(browser, server):
    fresh(browser, server, "PageControl")
    # Page Tint is white at 50 % opacity by default.
    opacity = browser.find_element(By.ID, "prop-pageTint-opacity")
    assert opacity.get_attribute("value") == "50"
    browser.execute_script("""
        const picker = document.getElementById('prop-pageTint-picker');
        picker.value = '#ff0000';
        picker.dispatchEvent(new Event('input', { bubbles: true }));
    """)
    wait(browser, lambda d: field_value(d, "pageTint") == "#FF000080", message="the picker lost the opacity")
    wait(browser, lambda d: "pageTint=FF000080" in d.current_url)
    assert browser.find_element(By.ID, "prop-pageTint-opacity").get_attribute("value") == "50"
    opacity = browser.find_element(By.ID, "prop-pageTint-opacity")
    opacity.click()
    opacity.send_keys(Keys.CONTROL, "a")
    opacity.send_keys("100", Keys.ENTER)
    wait(browser, lambda d: "pageTint=FF0000&" in d.current_url + "&" and field_value(d, "pageTint") == "#FF0000")


def test_one_bad_value_in_a_link_costs_only_itself(browser, server):
    fresh(browser, server, "RatingControl")
    open_page(browser, server, "?c=RatingControl&starCount=50&spacing=4&rating=2")
    wait(browser, lambda d: field_value(d, "spacing") == "4" and field_value(d, "rating") == "2",
         message="the link's good values were not applied")
    assert field_value(browser, "starCount") == "5"
    toast = browser.find_element(By.ID, "toast").text
    assert "Star Count must be a whole number from 1 to 20; got 50." in toast, toast


def test_filter_enter_opens_the_first_match(browser, server):
    open_page(browser, server, "?c=RatingControl")
    box = browser.find_element(By.ID, "filter")
    box.send_keys("profile", Keys.ENTER)
    wait(browser, lambda d: d.find_element(By.ID, "component-title").text == "Profile Summary",
         message="Enter did not open the first match")


def test_vary_row_keeps_to_bounds_and_offers_true_scale(browser, server):
    fresh(browser, server, "RatingControl")
    browser.find_element(By.CSS_SELECTOR, '#vary-property option[value="starCount"]').click()
    for name, value in (("vary-from", "-2"), ("vary-to", "25"), ("vary-step", "3")):
        box = browser.find_element(By.ID, name)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(value)
    wait(browser, lambda d: [c.get_attribute("data-vary-value") for c in d.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value]")]
         == ["1", "4", "7", "10", "13", "16", "19"], message="the vary row left the property's bounds")
    assert not browser.find_elements(By.CSS_SELECTOR, "#vary-list .variant.failed")
    assert "Star Count goes from 1 to 20" in browser.find_element(By.ID, "vary-message").text

    browser.find_element(By.ID, "true-scale").click()
    def true_sizes(d):
        svgs = d.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value] svg")
        return svgs and all(abs(float(s.get_attribute("width")) - s.rect["width"]) < 0.5 for s in svgs)
    wait(browser, true_sizes, message="True scale did not draw cards at 1 pt = 1 px")
    widths = [s.rect["width"] for s in browser.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value] svg")]
    assert widths == sorted(widths) and widths[-1] > 4 * widths[0]
    browser.find_element(By.ID, "true-scale").click()


def test_applying_a_variant_shows_it_as_current(browser, server):
    fresh(browser, server, "HikeBadge")
    browser.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Earth Day"]').click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Earth Day"]').get_attribute("aria-current") == "true",
         message="the applied variant is not marked current")
    assert browser.find_element(By.ID, "variant-current").text == "Showing: Earth Day"
    assert browser.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Tenth Hike"]').get_attribute("aria-current") is None
    type_into(browser, "grayscale", "0.2")
    wait(browser, lambda d: d.find_element(By.ID, "variant-current").text == "Showing: your own values")


def test_a_dragged_slider_stays_put_and_each_value_is_drawn_once_in_order(browser, server):
    """Inputs as a drag makes them, one per animation frame: the thumb stays where each put it
    (no flick back to the rendered value while the change travels), the preview ends on the last
    value, and the revisions it showed never go backwards."""
    fresh(browser, server, "RatingControl")
    result = browser.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const slider = document.getElementById('prop-starCount-slider');
      const preview = document.getElementById('preview');
      const shown = [];
      const observer = new MutationObserver(() => shown.push(preview.querySelectorAll('[data-tap^="star-"]').length));
      observer.observe(preview, { childList: true });
      const kept = [];
      (async () => {
        for (const value of [6, 7, 8, 9, 10, 11, 12]) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          slider.value = String(value);
          slider.dispatchEvent(new Event('input', { bubbles: true }));
          kept.push(Number(slider.value));
        }
        const start = performance.now();
        while (performance.now() - start < 8000 && preview.querySelectorAll('[data-tap^="star-"]').length !== 12) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        observer.disconnect();
        done({ kept, shown });
      })();
    """)
    assert result["kept"] == [6, 7, 8, 9, 10, 11, 12]
    assert result["shown"] and result["shown"][-1] == 12, result
    assert result["shown"] == sorted(result["shown"]), f"an older render was drawn after a newer one: {result['shown']}"
    assert star_count(browser) == 12

def test_a_clamp_note_names_the_properties_by_label(browser, make_server):
    """Issue 26, item 7: the note said "rating lowered from 5 to 3 because starCount is now 3"."""
    server = make_server()
    open_page(browser, server, "?c=RatingControl&rating=5")
    type_into(browser, "starCount", "3")
    browser.execute_script("document.activeElement.blur()")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#notes li"), message="no note after lowering the star count")
    assert browser.find_element(By.CSS_SELECTOR, "#notes li").text == "Rating lowered from 5 to 3 because Star Count is now 3"
