"""The docs page of every shipped component (issue 17), on the live page and in `starboard export`.

Expected content comes from elsewhere than the page: the catalog from `starboard list --json`
and the defaults' accessibility elements from the export's data.js, which `starboard export`
renders in its own process. The live page must show, in its Docs tab, the summary, one
property-table row per property (label, Swift name, default, bounds that follow another
property), every declared variant rendered, the defaults' accessibility elements with their
labels, values and hints, and the usage snippet (type-checked in test_swift_code.py). The
export shows the same from its data, opened from file://.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from selenium.webdriver.common.by import By

from starboard_server import REPO, binary_path
from test_page import open_page, wait


def run_starboard(*arguments: str) -> subprocess.CompletedProcess:
    binary = binary_path()
    if not binary.exists():
        pytest.fail(f"no Starboard binary at {binary}; run `swift build`")
    return subprocess.run([str(binary), *arguments], cwd=REPO, capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs-export") / "site"
    result = run_starboard("export", "--out", str(folder))
    assert result.returncode == 0, result.stderr
    text = (folder / "data.js").read_text()
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    return folder, data


def cells(driver, selector: str) -> list[dict]:
    """Each row of a docs table as {column: text}."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map((row) => Object.fromEntries(
            [...row.querySelectorAll('[data-column]')].map((cell) => [cell.dataset.column, cell.textContent])));
    """, selector)


def check_docs(driver, component: dict, defaults_accessibility: list[dict], screenshot):
    name = component["name"]
    wait(driver, lambda d: d.find_element(By.ID, "docs-title").text == (component.get("title") or name),
         message=f"the docs of {name} are not shown")
    # The header and the property table stay while renders arrive: the same element throughout.
    header = driver.find_element(By.CSS_SELECTOR, ".docs-summary")
    assert driver.find_element(By.ID, "docs").is_displayed()
    assert not driver.find_element(By.ID, "stage").is_displayed(), "the canvas should give way to the docs"
    summary = header.text
    assert summary == (component.get("summary") or "No summary.")

    # The property table: one row per property, in declaration order.
    rows = cells(driver, "#docs-properties tbody tr")
    assert [r["name"] for r in rows] == [p["name"] for p in component["properties"]]
    for row, prop in zip(rows, component["properties"]):
        assert row["label"] == (prop.get("label") or prop["name"])
        assert row["default"] not in ("", "–"), row
        constraints = prop.get("constraints", {})
        if "min" in constraints and "max" in constraints:
            assert f"{constraints['min']:g}" in row["allowed"] and f"{constraints['max']:g}" in row["allowed"], row
        if "step" in constraints:
            assert row["step"].rstrip("°") == f"{constraints['step']:g}", row
        if prop.get("help"):
            assert row["help"] == prop["help"]
        linked = constraints.get("maxProperty") or constraints.get("belowProperty")
        if linked:
            other = next(p for p in component["properties"] if p["name"] == linked)
            assert (other.get("label") or linked) in row["allowed"], row

    # Every variant rendered, after the defaults.
    figures = '#docs-variants figure'
    wait(driver, lambda d: all(f.get_attribute("data-rendered") == "true" for f in d.find_elements(By.CSS_SELECTOR, figures)),
         message=f"not every render of {name} arrived in its docs")
    # Read in one go: a later render replaces the figures.
    shown, widths = driver.execute_script(
        "const f = [...document.querySelectorAll(arguments[0])];"
        "return [f.map((x) => x.getAttribute('data-variant')), f.map((x) => x.querySelector('svg')?.getBoundingClientRect().width ?? 0)]",
        figures)
    assert shown == [None] + [v["name"] for v in component["variants"]]
    assert all(width > 0 for width in widths), widths

    # The defaults' accessibility elements, as `starboard export` rendered them.
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#docs-accessibility tbody tr")
         or (not defaults_accessibility and "No accessibility" in d.find_element(By.ID, "docs-accessibility").text),
         message=f"no accessibility table in the docs of {name}")
    elements = cells(driver, "#docs-accessibility tbody tr")
    assert [e["id"] for e in elements] == [item["id"] for item in defaults_accessibility]
    for row, item in zip(elements, defaults_accessibility):
        assert row["label"] == (item.get("label") or "–")
        assert row["value"] == (item.get("value") or "–")
        assert row["hint"] == (item.get("hint") or "–")
        assert ("tappable" in row["traits"]) == bool(item.get("tappable"))

    assert header.text == summary  # not rebuilt by the renders that came meanwhile
    snippet = driver.execute_script("return document.querySelector('#docs-usage code').textContent")
    assert f"struct {name}Usage: View" in snippet and f"{name}(" in snippet
    driver.execute_script("document.getElementById('docs').scrollTop = 0")
    driver.save_screenshot(str(screenshot))
    driver.execute_script("document.getElementById('docs-variants').scrollIntoView()")
    driver.save_screenshot(str(screenshot.with_name(screenshot.stem + "-variants.png")))


def components_of(data):
    """The catalogue's components: a preview of a plain view (Components/Screens) has no usage
    snippet to check."""
    return [component for component in data["catalog"] if not component.get("preview")]


def test_docs_page_of_every_component_on_the_live_page(browser, server, exported, screenshot_dir):
    _, data = exported
    for component in components_of(data):
        name = component["name"]
        open_page(browser, server, f"?c={name}")
        tab = browser.find_element(By.ID, "tab-docs")
        tab.click()
        assert tab.get_attribute("aria-selected") == "true"
        check_docs(browser, component, data["renders"][name]["accessibility"], screenshot_dir / f"docs-{name}.png")
        # Arrow keys go back to the canvas, which shows the preview again.
        browser.switch_to.active_element.send_keys("\ue012")  # ArrowLeft
        wait(browser, lambda d: d.find_element(By.ID, "stage").is_displayed())
        assert browser.find_element(By.ID, "tab-canvas").get_attribute("aria-selected") == "true"
        assert not browser.find_element(By.ID, "docs").is_displayed()


def test_docs_page_of_every_component_in_the_export(browser, exported, screenshot_dir):
    folder, data = exported
    browser.get(folder.as_uri() + "/index.html")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#component-list button[data-component]"))
    browser.find_element(By.ID, "tab-docs").click()
    for component in components_of(data):
        name = component["name"]
        browser.find_element(By.CSS_SELECTOR, f'#component-list button[data-component="{name}"]').click()
        check_docs(browser, component, data["renders"][name]["accessibility"], screenshot_dir / f"docs-export-{name}.png")
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    assert errors == [], errors
