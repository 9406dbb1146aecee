"""The device picker, the device matrix and the bezel in the page, against the real server.

Hooks: `#env-canvas` (values `auto`, `fit`, a device name, a device name + " landscape"),
`#device-frame` (Bezel, beside Frames); matrix cells `#matrix .matrix-cell[data-environment=NAME]`.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_page import open_page, preview_svg, wait


def query(driver):
    return parse_qs(urlparse(driver.current_url).query)


def svg_size(svg: str) -> tuple[str, str]:
    head = svg[: svg.index(">")]
    width = head.split(' width="', 1)[1].split('"', 1)[0]
    height = head.split(' height="', 1)[1].split('"', 1)[0]
    return width, height


def test_the_device_picker_lays_the_component_out_on_the_screen_and_keeps_it_in_the_link(browser, server, screenshot_dir):
    open_page(browser, server, "?c=ProfileSummary")
    fitted = preview_svg(browser)
    picker = Select(browser.find_element(By.ID, "env-canvas"))
    # Automatic, size that fits, then every device upright and turned, from the server's catalog.
    values = [o.get_attribute("value") for o in picker.options]
    assert values[:2] == ["auto", "fit"] and "iPhone 16 Pro" in values and "iPad mini (A17 Pro) landscape" in values
    picker.select_by_value("iPhone 16 Pro")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("402", "874"), message="the preview did not move to the iPhone's screen")
    svg = preview_svg(browser)
    assert 'data-canvas="screen"' in svg and ">9:41<" in svg
    assert query(browser).get("canvas") == ["iPhone 16 Pro"]
    # Without the bezel the screen still has an edge, so a white screen shows on a white stage;
    # the size that fits gets none.
    edge = "return getComputedStyle(document.querySelector('#preview svg')).boxShadow"
    assert "rgba(0, 0, 0, 0.22)" in browser.execute_script(edge)
    browser.save_screenshot(str(screenshot_dir / "device-iphone16pro-profile.png"))
    # A turned screen, and back to the size that fits.
    picker.select_by_value("iPhone 16 Pro landscape")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("874", "402"))
    picker.select_by_value("fit")
    wait(browser, lambda d: svg_size(preview_svg(d)) == svg_size(fitted))
    assert browser.execute_script(edge) == "none"
    # A reload keeps the window's device.
    picker.select_by_value("iPad mini (A17 Pro)")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("744", "1133"))
    browser.refresh()
    wait(browser, lambda d: preview_svg(d) and svg_size(preview_svg(d)) == ("744", "1133"))
    assert Select(browser.find_element(By.ID, "env-canvas")).first_selected_option.get_attribute("value") == "iPad mini (A17 Pro)"


def test_a_link_to_an_unknown_device_names_the_known_ones(browser, server):
    browser.get(server.url + "?c=RatingControl&canvas=Nokia+3310")
    wait(browser, lambda d: preview_svg(d))
    toast = browser.find_element(By.ID, "toast")
    wait(browser, lambda d: toast.is_displayed() and "Nokia 3310" in toast.text)
    assert "Canvas must be auto, fit, WIDTHxHEIGHT in points or a device (iPhone 16 Pro Max, iPhone 16 Pro," in toast.text
    assert Select(browser.find_element(By.ID, "env-canvas")).first_selected_option.get_attribute("value") == "auto"


def test_a_link_with_a_size_shows_that_screen(browser, server):
    open_page(browser, server, "?c=RatingControl&canvas=320x100")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("320", "100"))
    assert Select(browser.find_element(By.ID, "env-canvas")).first_selected_option.get_attribute("value") == "320x100"


def test_the_device_matrix_shows_each_screen_live_and_taps_land_there(browser, server, screenshot_dir):
    open_page(browser, server, "?c=RatingControl")
    Select(browser.find_element(By.ID, "env-matrix")).select_by_value("canvas")
    cells = lambda d: d.find_elements(By.CSS_SELECTOR, "#matrix .matrix-cell")
    wait(browser, lambda d: len(cells(d)) == 4 and all(c.get_attribute("data-drawn") == "true" for c in cells(d)),
         message="the device matrix did not draw four cells")
    names = [c.get_attribute("data-environment") for c in cells(browser)]
    assert names == ["fit", "iphone-16-pro", "iphone-se-3rd-generation", "ipad-mini-a17-pro"]
    sizes = [svg_size(c.find_element(By.TAG_NAME, "svg").get_attribute("outerHTML")) for c in cells(browser)]
    assert sizes[1:] == [("402", "874"), ("375", "667"), ("744", "1133")]
    browser.save_screenshot(str(screenshot_dir / "device-matrix-ratingcontrol.png"))
    # A tap on the iPhone SE's screen sets the rating there, and every cell follows.
    se = '#matrix .matrix-cell[data-environment="iphone-se-3rd-generation"]'
    browser.find_element(By.CSS_SELECTOR, f'{se} [data-tap="star-4"]').click()
    wait(browser, lambda d: d.find_element(By.ID, "prop-rating").get_attribute("value") == "4")


def test_the_bezel_follows_the_device(browser, server, screenshot_dir):
    open_page(browser, server, "?c=PageControl&canvas=iPhone+16+Pro")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("402", "874"))
    frame = browser.find_element(By.ID, "preview-frame")
    assert "device-frame" not in frame.get_attribute("class")
    browser.find_element(By.ID, "device-frame").click()
    wait(browser, lambda d: "device-frame" in frame.get_attribute("class"))
    radius = browser.execute_script("return getComputedStyle(document.querySelector('#preview > svg')).borderTopLeftRadius")
    assert radius not in ("0px", "")
    browser.save_screenshot(str(screenshot_dir / "device-frame-pagecontrol.png"))
    # At the size that fits there is no screen to frame.
    Select(browser.find_element(By.ID, "env-canvas")).select_by_value("fit")
    wait(browser, lambda d: "device-frame" not in frame.get_attribute("class"))


def test_a_custom_size_is_typed_checked_and_kept(browser, server):
    open_page(browser, server, "?c=RatingControl")
    Select(browser.find_element(By.ID, "env-canvas")).select_by_value("custom")
    field = browser.find_element(By.ID, "env-canvas-size")
    wait(browser, lambda d: field.is_displayed())
    field.send_keys("wide\n")
    problem = browser.find_element(By.ID, "env-canvas-size-problem")
    wait(browser, lambda d: problem.is_displayed())
    assert problem.text == "Size must be WIDTHxHEIGHT in points, each from 1 to 10000; got “wide”."
    field.clear()
    field.send_keys("320x120\n")
    wait(browser, lambda d: svg_size(preview_svg(d)) == ("320", "120"))
    assert query(browser).get("canvas") == ["320x120"]
    assert not field.is_displayed()
    assert Select(browser.find_element(By.ID, "env-canvas")).first_selected_option.get_attribute("value") == "320x120"
