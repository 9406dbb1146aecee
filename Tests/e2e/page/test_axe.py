"""The page passes axe-core (issue 16, item 6): no critical or serious violation on any component
page, in light and in dark, live and in the static export. axe.min.js comes from the PyPI wheel
axe-playwright-python (installed by scripts/install-deps without Playwright) and is injected with
Selenium. Defaults still read as defaults: a visible "default" marker, in full-contrast text.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from starboard_server import REPO, binary_path
from test_page import choose, error_text, fresh, open_page, star_count, type_into, wait

COMPONENTS = ["RatingControl", "HikeBadge", "PageControl", "ProfileSummary"]
BLOCKING = {"critical", "serious"}


def axe_source() -> str:
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("axe-playwright-python is not installed; run scripts/install-deps --test")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


def audit(driver) -> list[str]:
    """axe's critical and serious violations on the page as it is, one line per failing node."""
    if not driver.execute_script("return Boolean(window.axe)"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations'] }).then((r) => done(JSON.stringify(r.violations)), (e) => done(JSON.stringify({ error: String(e) })));
    """)
    violations = json.loads(result)
    assert not isinstance(violations, dict), violations
    return [f"{v['impact']} {v['id']}: {node['target']} {node.get('failureSummary', '')[:200]}"
            for v in violations if v["impact"] in BLOCKING for node in v["nodes"]]


def dark(driver, on: bool):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_live_pages_have_no_serious_violations(scheme, browser, server):
    dark(browser, scheme == "dark")
    open_page(browser, server, "?c=RatingControl")
    found = {}
    for component in COMPONENTS:
        choose(browser, component)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant-list [data-variant] svg"))
        fresh(browser, server, component)
        problems = audit(browser)
        if problems:
            found[component] = problems
    # A value off its default, an error at a field and a vary row: the other looks of the page.
    fresh(browser, server, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7)
    type_into(browser, "rating", "25")
    wait(browser, lambda d: error_text(d, "rating"))
    browser.find_element(By.CSS_SELECTOR, '#vary-property option[value="spacing"]').click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#vary-list [data-vary-value] svg"))
    problems = audit(browser)
    if problems:
        found["RatingControl, edited"] = problems
    assert found == {}, json.dumps(found, indent=1)


def test_defaults_read_as_defaults_by_a_marker(browser, server):
    fresh(browser, server, "RatingControl")
    row = browser.find_element(By.CSS_SELECTOR, '.prop[data-property="starCount"]')
    marker = row.find_element(By.CSS_SELECTOR, ".default-marker")
    assert marker.is_displayed() and marker.text == "default"
    # The value itself is ordinary text, not faint.
    value_colour = browser.find_element(By.ID, "prop-starCount").value_of_css_property("color")
    label_colour = row.find_element(By.CSS_SELECTOR, ".prop-label").value_of_css_property("color")
    assert value_colour == label_colour


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("axe-export") / "site"
    result = subprocess.run([str(binary_path()), "export", "--out", str(folder)], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return folder


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_static_export_has_no_serious_violations(scheme, browser, exported):
    dark(browser, scheme == "dark")
    found = {}
    for component in COMPONENTS:
        browser.get(exported.as_uri() + f"/index.html#{component}")
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, f'button[data-component="{component}"]').get_attribute("aria-current") == "page")
        problems = audit(browser)
        if problems:
            found[component] = problems
    assert found == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_matrix_and_the_docs_have_no_serious_violations(scheme, browser, server):
    """Issue 26, item 7: in a dark page the matrix's heading was light grey on the light stage
    (2.4:1), and the stage and a wide usage snippet scrolled with no way in from the keyboard."""
    dark(browser, scheme == "dark")
    found = {}
    for component in COMPONENTS:
        open_page(browser, server, f"?c={component}&matrix=scheme")
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, '#matrix .matrix-cell[data-drawn="true"]')) == 2)
        if problems := audit(browser):
            found[f"{component} matrix"] = problems
        open_page(browser, server, f"?c={component}")
        browser.find_element(By.ID, "tab-docs").click()
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#docs-usage code").text.strip())
        if problems := audit(browser):
            found[f"{component} docs"] = problems
    assert not found, json.dumps(found, indent=2)
