"""The static site of `starboard export`, in headless Chromium, with no Starboard process.

The export is opened twice: from a static web server (Python's, on 127.0.0.1 and a port the
OS picks, sending the live server's Content-Security-Policy so the page is held to the same
rules), and straight from disk as file://, where Chromium refuses module scripts and fetch().
Both must list every component, draw RatingControl's five stars, show HikeBadge's three
variants, show values read-only, say that the catalog is static, and log no error.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from starboard_server import REPO, SCREENSHOTS, binary_path

# The live server's policy (RequestPolicy.swift) without its websocket source, which a static
# page has no use for.
LIVE_CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
            "font-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
WAIT_S = 15


def run_starboard(*arguments: str) -> subprocess.CompletedProcess:
    binary = binary_path()
    if not binary.exists():
        pytest.fail(f"no Starboard binary at {binary}; run `swift build` or set STARBOARD_BIN")
    return subprocess.run([str(binary), *arguments], cwd=REPO, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def catalog() -> list[dict]:
    """The registry as `starboard list --json` prints it: what the export must show."""
    listed = run_starboard("list", "--json")
    assert listed.returncode == 0, listed.stderr
    return json.loads(listed.stdout)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("export") / "site"
    result = run_starboard("export", "--out", str(folder))
    assert result.returncode == 0, result.stderr
    assert (folder / "index.html").is_file()
    return folder


class _CSPHandler(SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", LIVE_CSP)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # keep pytest's output quiet
        pass


@pytest.fixture(scope="module")
def static_server(site):
    """Serves the export folder on 127.0.0.1; port 0 lets the OS pick a free one."""
    handler = functools.partial(_CSPHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture
def browser():
    """Headless Chromium as Tests/e2e/page/conftest.py makes it, with a 1400×900 viewport."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


def wait_for(browser, condition, message):
    return WebDriverWait(browser, WAIT_S).until(lambda driver: condition(driver), message)


def click_component(browser, name: str):
    browser.find_element(By.CSS_SELECTOR, f'#component-list button[data-component="{name}"]').click()
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, f'button[data-component="{name}"]')
             .get_attribute("aria-current") == "page", f"{name} was not selected")


def check_static_page(browser, url: str, catalog: list[dict], screenshot: str):
    browser.get(url)
    names = [component["name"] for component in catalog]

    # Every component is listed, in registry order.
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]")) == len(names),
             "the sidebar does not list every component")
    listed = [b.get_attribute("data-component") for b in browser.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]")]
    assert listed == names

    # A static marker instead of a connection status; nothing waits for a server.
    status = browser.find_element(By.ID, "status")
    assert status.get_attribute("data-state") == "static"
    assert browser.find_element(By.ID, "status-text").text.startswith("Static catalog — exported 20")
    assert "Offline" not in browser.find_element(By.TAG_NAME, "body").text
    assert not browser.find_element(By.ID, "vary").is_displayed()
    assert not browser.find_element(By.ID, "reset-all").is_displayed()

    # RatingControl's defaults: five stars, and their accessibility rows.
    click_component(browser, "RatingControl")
    stars = browser.find_elements(By.CSS_SELECTOR, '#preview svg g[data-id^="star-"]')
    assert len(stars) == 5
    assert len(browser.find_elements(By.CSS_SELECTOR, '#a11y-list [data-element^="star-"]')) == 5
    star_count = browser.find_element(By.ID, "prop-starCount")
    assert star_count.get_attribute("value") == "5"
    assert star_count.get_attribute("readonly") is not None

    # HikeBadge: its three declared variants as cards (besides the defaults card), then its
    # defaults in each environment it declares.
    click_component(browser, "HikeBadge")
    cards = browser.find_elements(By.CSS_SELECTOR, "#variant-list .variant[data-variant]")
    assert [card.get_attribute("data-variant") for card in cards] == [
        "First Hike", "Earth Day", "Tenth Hike", "@dark", "@accessibility3", "@rtl"]
    # The environment bar and the audit need a server; a static catalog has neither.
    assert not browser.find_element(By.ID, "environment-bar").is_displayed()
    assert not browser.find_element(By.ID, "audit-list").is_displayed()
    for card in cards:
        assert card.find_element(By.CSS_SELECTOR, ".variant-thumb svg").is_displayed()
    # A card shows that variant above, values included; every field stays read-only.
    cards[1].click()
    wait_for(browser, lambda d: d.find_element(By.ID, "prop-name").get_attribute("value") == "Earth Day",
             "choosing the Earth Day variant did not show its values")
    # As the live page shows it: the number in the field, the degree sign beside it.
    assert browser.find_element(By.ID, "prop-hueRotation").get_attribute("value") == "90"
    assert "Earth Day" in browser.find_element(By.CSS_SELECTOR, "#preview svg").get_attribute("innerHTML")
    editable = browser.execute_script(
        "return [...document.querySelectorAll('#inspector input, #inspector select, #inspector textarea')]"
        ".filter((i) => !i.readOnly && !i.disabled).map((i) => i.id)")
    assert editable == []
    # The dark card shows the defaults in dark, on a dark canvas.
    cards = browser.find_elements(By.CSS_SELECTOR, "#variant-list .variant[data-variant]")
    cards[3].click()
    wait_for(browser, lambda d: d.find_element(By.ID, "stage").get_attribute("data-background") == "dark",
             "the dark card did not darken the canvas")
    assert browser.find_element(By.ID, "prop-name").get_attribute("value") == "First Hike"
    assert browser.current_url.endswith("#HikeBadge/%40dark")
    # The SVG's text is drawn in the exported DejaVu Sans, not a fallback.
    wait_for(browser, lambda d: d.execute_script(
        "return [...document.fonts].some((f) => f.family.includes('DejaVu Sans') && f.status === 'loaded')"),
        "the exported DejaVu Sans font did not load")

    # The panes fill the window even when a component's content is short.
    assert browser.execute_script("return Math.round(document.querySelector('.layout').getBoundingClientRect().bottom) === innerHeight")

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / screenshot))
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    assert errors == [], errors


def test_export_from_a_static_web_server(browser, static_server, catalog):
    check_static_page(browser, static_server + "index.html", catalog, "export-http.png")


def test_export_from_file_url(browser, site, catalog):
    assert not (site / "main.js").exists(), "the export should not need the ES modules"
    check_static_page(browser, site.as_uri() + "/index.html", catalog, "export-file.png")


def test_deep_link_opens_a_variant(browser, site):
    browser.get(site.as_uri() + "/index.html#PageControl/Last%20of%20three")
    wait_for(browser, lambda d: d.find_element(By.ID, "component-title").text == "Page Control — Last of three",
             "the link did not open the variant")
    pressed = browser.find_element(By.CSS_SELECTOR, '#variant-list .variant[aria-pressed="true"]')
    assert pressed.get_attribute("data-variant") == "Last of three"


# The live page and the export run the same modules (the export bundles them), so a value reads
# the same in both: each field's text, each switch and each slider.
SAME_AS_LIVE = [
    ("HikeBadge", "Tenth Hike", "name=Tenth%20Hike&hueRotation=45&grayscale=0.5"),
    ("RatingControl", "Large", "starSize=64x64&spacing=12&rating=4"),
    ("PageControl", "Tinted", "currentPage=1&currentPageTint=007AFF"),
    ("ProfileSummary", "Summer, no notifications", "prefersNotifications=false&seasonalPhoto=summer"),
]

FIELDS = """
return Object.fromEntries([...document.querySelectorAll('#inspector input, #inspector select')]
  .map((i) => [i.id || i.name + '=' + i.value, i.type === 'checkbox' || i.type === 'radio' ? String(i.checked) : i.value]));
"""


def test_export_shows_values_as_the_live_page_does(browser, server, site):
    for component, variant, query in SAME_AS_LIVE:
        browser.get(f"{server.url}?c={component}&{query}")
        wait_for(browser, lambda d: d.find_element(By.ID, "status").get_attribute("data-state") == "connected"
                 and d.find_elements(By.CSS_SELECTOR, f'#variant-list [data-variant="{variant}"][aria-current="true"]')
                 and not d.find_elements(By.CSS_SELECTOR, "#inspector .prop[data-pending]"),
                 f"the live page did not show {component} {variant}")
        live = browser.execute_script(FIELDS)
        browser.find_element(By.ID, "reset-all").click()
        browser.get(site.as_uri() + f"/index.html#{component}/{variant.replace(' ', '%20').replace(',', '%2C')}")
        wait_for(browser, lambda d: d.find_element(By.ID, "component-title").text.endswith(variant),
                 f"the export did not open {component} {variant}")
        exported = browser.execute_script(FIELDS)
        assert exported == live, f"{component} {variant}: export {exported} != live {live}"


def test_export_works_outside_the_repository(tmp_path):
    binary = binary_path().resolve()
    result = subprocess.run([str(binary), "export", "--out", "site"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / "staticmode.js").is_file()
    # Run by name from PATH, through a symlink, as an installed tool would be.
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "starboard").symlink_to(binary)
    result = subprocess.run(["starboard", "export", "--out", "other"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120, env={"PATH": f"{bin_folder}:/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "other" / "index.html").is_file()
