"""Fixtures for the browser tests of the Starboard page.

The `server` fixture comes from Tests/e2e/conftest.py. `browser` is a headless
Chromium driven by Selenium.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SCREENSHOTS = REPO / "test-output" / "screenshots"


def _chromium_options(dark: bool = False):
    from selenium.webdriver.chrome.options import Options

    options = Options()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


def _new_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=_chromium_options())
    # Make the viewport itself 1400×900, whatever the window chrome takes.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    return driver


@pytest.fixture
def browser_factory():
    drivers = []

    def make():
        driver = _new_driver()
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()


@pytest.fixture
def browser(browser_factory):
    return browser_factory()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
