"""Shared editing in the page: undo and redo over every window's changes, the actions log,
restoring an entry, presence, and a field edited in two windows at once.

Hooks: `#undo`, `#redo` (aria-disabled while there is nothing to move to), `#presence`,
`#history-list li.action[data-kind][data-revision]` with `.action-window`, `.action-text` and a
Restore button, `#history-filter`, `#history-clear`, `.prop .conflict`.
"""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_page import field, field_value, open_page, preview_svg, star_count, tap_preview, type_into, wait


def enabled(driver, button_id) -> bool:
    return driver.find_element(By.ID, button_id).get_attribute("aria-disabled") == "false"


def blur(driver):
    driver.execute_script("document.activeElement.blur()")


def actions(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#history-list li.action")


def action_texts(driver):
    """The log's texts, read in one script, so a log rebuilt in between cannot make a read stale."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#history-list li.action .action-text')]"
        ".map(e => e.innerText.trim());")


def test_undo_and_redo_move_every_window_through_one_history(browser_factory, make_server, screenshot_dir):
    server = make_server()
    first, second = browser_factory(), browser_factory()
    open_page(first, server, "?c=RatingControl")
    open_page(second, server, "?c=RatingControl")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "2 windows watching", message="presence not shown")
    assert not enabled(first, "undo") and not enabled(first, "redo")

    type_into(first, "starCount", "7")
    blur(first)  # a focused field is not overwritten by others' changes
    wait(second, lambda d: star_count(d) == 7)
    wait(second, lambda d: action_texts(d) == ["Changed: Star Count 5 → 7"], message="the log did not show the change")
    assert second.find_element(By.CSS_SELECTOR, "#history-list .action-window").text == "Window 1"
    assert first.find_element(By.CSS_SELECTOR, "#history-list .action-window").text == "This window"

    # The other window undoes it, by the button; then redoes it by the keyboard.
    wait(second, lambda d: enabled(d, "undo"))
    second.find_element(By.ID, "undo").click()
    wait(first, lambda d: star_count(d) == 5 and field_value(d, "starCount") == "5", message="undo did not reach the first window")
    wait(first, lambda d: enabled(d, "redo") and not enabled(d, "undo"))
    ActionChains(first).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    wait(second, lambda d: star_count(d) == 7, message="Shift+Ctrl+Z did not redo")
    ActionChains(second).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait(first, lambda d: star_count(d) == 5, message="Ctrl+Z did not undo")
    wait(first, lambda d: [item.get_attribute("data-kind") for item in actions(d)] == ["undo", "redo", "undo", "set"])
    first.save_screenshot(str(screenshot_dir / "history-two-windows.png"))

    # A reloaded page finds the same history.
    second.refresh()
    open_page(second, server, "?c=RatingControl")
    wait(second, lambda d: len(actions(d)) == 4 and enabled(d, "redo"), message="the history was not kept for a reload")


def test_restore_filter_and_clear(browser, make_server):
    server = make_server()
    open_page(browser, server, "?c=RatingControl")
    type_into(browser, "starCount", "8")
    wait(browser, lambda d: star_count(d) == 8)
    type_into(browser, "spacing", "20")
    wait(browser, lambda d: len(actions(d)) == 2)
    tap_preview(browser, "star-3")
    wait(browser, lambda d: len(actions(d)) == 3)
    wait(browser, lambda d: action_texts(d)[:1] == ["Tapped star-3: Rating 0 → 3"], message="the tap was not logged")

    # Restore the values after the first change: 8 stars, spacing and rating back to before.
    browser.find_element(By.CSS_SELECTOR, '#history-list li.action[data-revision="1"] button').click()
    wait(browser, lambda d: field_value(d, "spacing") == "8" and star_count(d) == 8, message="restore did not bring revision 1 back")
    wait(browser, lambda d: action_texts(d)[0].startswith("Restored revision 1: "))

    filter_box = browser.find_element(By.ID, "history-filter")
    filter_box.send_keys("spacing")
    wait(browser, lambda d: all("Spacing" in text for text in action_texts(d)) and len(action_texts(d)) == 2)
    filter_box.send_keys(Keys.CONTROL, "a")
    filter_box.send_keys(Keys.BACKSPACE)
    wait(browser, lambda d: len(actions(d)) == 4)
    browser.find_element(By.ID, "history-clear").click()
    wait(browser, lambda d: len(actions(d)) == 0)
    assert "Cleared" in browser.find_element(By.ID, "history-empty").text
    type_into(browser, "starCount", "6")
    wait(browser, lambda d: action_texts(d) == ["Changed: Star Count 8 → 6"], message="a change after Clear is listed")


def test_a_field_changed_elsewhere_while_typing_says_so_and_keeps_the_text(browser_factory, make_server, screenshot_dir):
    server = make_server()
    first, second = browser_factory(), browser_factory()
    open_page(first, server, "?c=HikeBadge")
    open_page(second, server, "?c=HikeBadge")
    name = field(first, "name")
    name.click()
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("Summit")  # typed, not yet applied
    type_into(second, "name", "Tenth Hike")
    note = lambda d: d.find_elements(By.CSS_SELECTOR, '.prop[data-property="name"] .conflict')
    wait(first, lambda d: note(d) and "Window 2 changed Name to “Tenth Hike”" in note(d)[0].text,
         message="no note about the other window's change")
    assert field_value(first, "name") == "Summit", "the typed text was replaced"
    first.save_screenshot(str(screenshot_dir / "history-conflict.png"))
    name.send_keys(Keys.ENTER)
    wait(second, lambda d: ">Summit<" in preview_svg(d), message="Enter did not apply the kept text")
    wait(first, lambda d: action_texts(d)[:1] == ["Changed: Name “Tenth Hike” → “Summit”"],
         message="the kept text's change was not logged")
    blur(first)
    wait(first, lambda d: not note(d), message="the note stayed after leaving the field")


def test_the_window_count_goes_down_when_a_window_reloads_or_closes(browser_factory, make_server):
    """Issue 26, item 6: every reload was one more window watching."""
    server = make_server()
    first, second = browser_factory(), browser_factory()
    open_page(first, server, "?c=RatingControl")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "Only this window")
    open_page(second, server, "?c=RatingControl")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "2 windows watching")
    for _ in range(3):
        second.refresh()
        wait(second, lambda d: preview_svg(d))
    wait(second, lambda d: d.find_element(By.ID, "presence").text == "2 windows watching",
         message="after three reloads: ")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "2 windows watching")
    # Another component: this one's count goes down.
    second.get(server.url + "?c=HikeBadge")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "Only this window",
         message="after the other window left: ")
    second.get(server.url + "?c=RatingControl")
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "2 windows watching")
    second.quit()
    wait(first, lambda d: d.find_element(By.ID, "presence").text == "Only this window",
         message="after the other window closed: ")
