"""The page against the real server: taps on iOS controls drawn by StarboardUI change the
bound `@Inspectable` value and the preview re-renders (ControlsProfileEditor).

A stepper's halves are `stepper-N-increment`/`-decrement`, a picker's options
`picker-N-option-K` (1-based, in build order); the toggle carries its own identifier.
"""

from __future__ import annotations

import importlib.util
import sys
from urllib.parse import parse_qs, urlparse
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent / "page"
sys.path.insert(0, str(PAGE))

# The page tests' headless Chromium, from their conftest (a module name this directory's has too).
_spec = importlib.util.spec_from_file_location("page_conftest", PAGE / "conftest.py")
_page_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_page_conftest)
_new_driver = _page_conftest._new_driver

from selenium.webdriver.common.by import By  # noqa: E402
from test_page import field_value, fresh, preview_svg, tap_preview, type_into, wait  # noqa: E402


def query(driver) -> dict:
    # The page keeps every value that is not its default in the link.
    return parse_qs(urlparse(driver.current_url).query)


@pytest.fixture
def browser():
    driver = _new_driver()
    yield driver
    driver.quit()


@pytest.fixture
def server(make_server):
    # The control screens are registered only on request (they fail the audit as iOS does).
    return make_server(env={"STARBOARD_SCREENS": "1"})


def test_a_tap_on_a_stepper_half_a_segment_and_a_toggle_changes_the_value(browser, server):
    fresh(browser, server, "ControlsProfileEditor")
    wait(browser, lambda d: ">Hikes per Week: 3<" in preview_svg(d), message="the stepper's label did not show 3")

    tap_preview(browser, "stepper-1-increment")
    wait(browser, lambda d: field_value(d, "hikesPerWeek") == "4", message="the stepper did not step to 4")
    wait(browser, lambda d: ">Hikes per Week: 4<" in preview_svg(d), message="the preview did not re-render the stepper")
    tap_preview(browser, "stepper-1-decrement")
    tap_preview(browser, "stepper-1-decrement")
    wait(browser, lambda d: field_value(d, "hikesPerWeek") == "2", message="the stepper did not step down to 2")

    # The second option of the segmented units picker.
    tap_preview(browser, "picker-1-option-2")
    wait(browser, lambda d: query(d).get("units") == ["miles"], message="the segment did not select miles")

    assert "sharesHikes" not in query(browser)
    # The toggle's row is one target; its middle is bare row, so click the switch's knob.
    def click_switch(d):
        d.find_elements(By.CSS_SELECTOR, '#preview [data-tap="share-hikes"] path')[-1].click()
        return True
    wait(browser, click_switch, message="could not tap the toggle's switch")
    wait(browser, lambda d: query(d).get("sharesHikes") == ["false"], message="the toggle did not turn off")

    # At the upper bound the plus half is drawn but takes no tap.
    type_into(browser, "hikesPerWeek", "14")
    wait(browser, lambda d: ">Hikes per Week: 14<" in preview_svg(d))
    assert not browser.find_elements(By.CSS_SELECTOR, '#preview [data-tap="stepper-1-increment"]')
