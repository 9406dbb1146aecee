"""Search everything (issue 17): Ctrl+K opens a field over components, variants and properties;
arrow keys move, Enter opens the highlighted match (the first unless moved).

Hooks: `#search-dialog[open]`, `#search-input`, options `#search-results [role=option]` with
`data-kind`, `data-component`, `data-variant` / `data-property` and `aria-selected`.
"""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_page import field_value, open_page, wait


def open_search(driver):
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
    wait(driver, lambda d: d.find_element(By.ID, "search-dialog").get_attribute("open") is not None,
         message="Ctrl+K did not open the search")
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "search-input")


def options(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#search-results [role=option]")


def selected(driver):
    return driver.find_element(By.CSS_SELECTOR, '#search-results [role=option][aria-selected="true"]')


def test_search_by_a_property_label_opens_its_field(browser, server, screenshot_dir):
    open_page(browser, server, "?c=RatingControl")
    open_search(browser)
    # With nothing typed, every entry is listed: the components first, then the previews.
    listed = [o.get_attribute("data-component") for o in options(browser)]
    assert listed[:4] == ["RatingControl", "HikeBadge", "PageControl", "ProfileSummary"]
    assert len(listed) > 4, "the previews of Components/Screens are entries too"
    browser.find_element(By.ID, "search-input").send_keys("goal date")
    wait(browser, lambda d: options(d) and options(d)[0].get_attribute("data-property") == "goalDate",
         message="the Goal Date property is not the first match")
    first = options(browser)[0]
    assert first.get_attribute("data-kind") == "property"
    assert first.get_attribute("data-component") == "ProfileSummary"
    assert first.get_attribute("aria-selected") == "true"
    assert "Goal Date" in first.text
    search_input = browser.find_element(By.ID, "search-input")
    assert search_input.get_attribute("aria-activedescendant") == first.get_attribute("id")
    browser.save_screenshot(str(screenshot_dir / "search-property-label.png"))

    search_input.send_keys(Keys.ENTER)
    wait(browser, lambda d: "c=ProfileSummary" in d.current_url, message="Enter did not open ProfileSummary")
    assert browser.find_element(By.ID, "search-dialog").get_attribute("open") is None
    row = '.prop[data-property="goalDate"]'
    wait(browser, lambda d: d.execute_script(f"return document.activeElement.closest('{row}') !== null"),
         message="the Goal Date field does not have focus")
    assert browser.find_element(By.CSS_SELECTOR, row).get_attribute("data-found") == "true"
    # Focused after the first render, so the field shows the current value (renders skip a focused field).
    assert field_value(browser, "goalDate") == "2026-12-01"
    browser.save_screenshot(str(screenshot_dir / "search-property-opened.png"))


def test_arrow_keys_move_and_enter_applies_a_variant(browser, server, screenshot_dir):
    open_page(browser, server, "?c=RatingControl")
    open_search(browser)
    search_input = browser.find_element(By.ID, "search-input")
    search_input.send_keys("hike")
    wait(browser, lambda d: len(options(d)) >= 3)
    kinds = [(o.get_attribute("data-kind"), o.get_attribute("data-component"), o.get_attribute("data-variant"))
             for o in options(browser)]
    assert kinds[0] == ("component", "HikeBadge", None), kinds
    tenth = next(i for i, k in enumerate(kinds) if k[2] == "Tenth Hike")
    for _ in range(tenth):
        search_input.send_keys(Keys.ARROW_DOWN)
    assert selected(browser).get_attribute("data-variant") == "Tenth Hike"
    # Up from the first wraps to the last; down again comes back.
    search_input.send_keys(Keys.ARROW_UP)
    assert selected(browser).get_attribute("data-variant") != "Tenth Hike"
    search_input.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait(browser, lambda d: "c=HikeBadge" in d.current_url)
    # The variant's values are applied: its name and grayscale.
    wait(browser, lambda d: field_value(d, "name") == "Tenth Hike", message="the variant was not applied")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#variant-list [data-variant="Tenth Hike"]')
         .get_attribute("aria-current") == "true", message="the Tenth Hike card is not marked current")
    # Escape closes without choosing; focus goes back where it was.
    browser.find_element(By.ID, "prop-name").click()
    open_search(browser)
    browser.find_element(By.ID, "search-input").send_keys("page", Keys.ESCAPE)
    wait(browser, lambda d: d.find_element(By.ID, "search-dialog").get_attribute("open") is None)
    assert "c=HikeBadge" in browser.current_url
    assert browser.switch_to.active_element.get_attribute("id") == "prop-name"


def test_nothing_matches_says_so(browser, server):
    open_page(browser, server)
    browser.find_element(By.ID, "search-open").click()
    wait(browser, lambda d: d.find_element(By.ID, "search-dialog").get_attribute("open") is not None)
    browser.find_element(By.ID, "search-input").send_keys("zebra crossing", Keys.ENTER)
    empty = browser.find_element(By.ID, "search-empty")
    wait(browser, lambda d: empty.is_displayed())
    assert "Nothing matches" in empty.text and not options(browser)
    # Enter with no match keeps the dialog open and changes nothing.
    assert browser.find_element(By.ID, "search-dialog").get_attribute("open") is not None
