"""Offline is obvious (issue 16, item 4): while the server is gone a banner says so, says that
editing is paused and what becomes of changes not yet sent, and the controls are read-only;
when it is back, the banner goes, the controls work again and a change typed just before the
drop has been applied."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_page import field, field_value, fresh, star_count, status, tap_preview, type_into, wait


def banner(driver):
    node = driver.find_element(By.ID, "connection-banner")
    return node.text if node.is_displayed() else ""


def test_offline_is_said_and_editing_pauses(browser, make_server, screenshot_dir):
    server = make_server()
    fresh(browser, server, "RatingControl")
    assert banner(browser) == ""

    # A valid value typed but not yet sent (its pause has not run out) when the server goes.
    box = field(browser, "starCount")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("7")
    server.stop()
    wait(browser, lambda d: status(d) in ("reconnecting", "offline"), message="the page did not notice")
    wait(browser, lambda d: banner(d), message="no banner while disconnected")
    text = banner(browser)
    assert "Editing is paused" in text, text
    assert "Not sent yet, and sent when the connection returns: Star Count." in text, text
    assert not field(browser, "starCount").is_enabled(), "fields stay editable while offline"
    assert not browser.find_element(By.CSS_SELECTOR, '.prop[data-property="starCount"] .reset').is_enabled()
    assert not browser.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Three stars"]').is_enabled()
    row = browser.find_element(By.CSS_SELECTOR, '.prop[data-property="starCount"]')
    assert row.get_attribute("data-pending") == "true"
    assert "waiting to send" in row.text
    browser.save_screenshot(str(screenshot_dir / "offline.png"))

    # A tap while offline does nothing (no change is made behind the person's back).
    tap_preview(browser, "star-2")

    server.restart()
    wait(browser, lambda d: status(d) == "connected", timeout=20, message="the page did not reconnect")
    wait(browser, lambda d: banner(d) == "", message="the banner stayed after reconnecting")
    wait(browser, lambda d: star_count(d) == 7 and field_value(d, "starCount") == "7",
         message="the change typed before the drop was lost")
    assert field(browser, "starCount").is_enabled()
    assert field_value(browser, "rating") == "0", "a tap made while offline was applied"
    type_into(browser, "starCount", "4")
    wait(browser, lambda d: star_count(d) == 4)
