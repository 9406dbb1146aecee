"""Save as variant, in the page: from the current values to a line in the component's source.

Each test runs its own server in a throwaway package (Package.swift and Components/ copied), so
nothing is ever written into the repository. That the written file compiles and the variant
appears after a rebuild is checked with `serve --watch` in Tests/e2e/test_author_loop.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from starboard_server import REPO, StarboardServer, binary_path
from test_axe import audit
from test_page import choose, open_page, type_into, wait


@pytest.fixture
def package(tmp_path) -> Path:
    copy = tmp_path / "Package"
    (copy / "Components").mkdir(parents=True)
    shutil.copy2(REPO / "Package.swift", copy / "Package.swift")
    for source in (REPO / "Components").glob("*.swift"):
        shutil.copy2(source, copy / "Components" / source.name)
    return copy


def start(folder: Path, tmp_path: Path) -> StarboardServer:
    server = StarboardServer(binary_path(), tmp_path / "state.json", cwd=folder, web=str(REPO / "Web"))
    server.start()
    return server


def dialog_open(driver) -> bool:
    return driver.execute_script("return document.getElementById('save-variant-dialog').open")


def text(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def name_it(driver, name: str) -> None:
    field = driver.find_element(By.ID, "save-variant-name")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(name)


def test_saves_the_current_values_as_a_variant_and_refuses_a_file_changed_since(browser, browser_factory, package, tmp_path,
                                                                                 screenshot_dir):
    server = start(package, tmp_path)
    source = package / "Components/RatingControl.swift"
    try:
        open_page(browser, server)
        choose(browser, "RatingControl")
        type_into(browser, "starCount", "7")
        type_into(browser, "rating", "2")
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, '#preview [data-tap^="star-"]')) == 7)

        browser.find_element(By.ID, "save-variant").click()
        wait(browser, dialog_open, message="the dialog did not open")
        wait(browser, lambda d: text(d, "save-variant-file") == "Components/RatingControl.swift")
        name_it(browser, "Evening")
        # The dry run shows the exact line before anything is written.
        line = 'Variant("Evening") { $0.starCount = 7; $0.rating = 2 },'
        wait(browser, lambda d: text(d, "save-variant-entry") == line, message="no line for the typed name")
        browser.save_screenshot(str(screenshot_dir / "save-variant-dialog.png"))
        problems = audit(browser)
        assert not problems, "\n".join(problems)
        original = source.read_bytes()
        assert b"Evening" not in original

        # Another window changes the values while the dialog is open: the line follows before
        # anything is written, and Save says so instead of writing what was not shown.
        other = browser_factory()
        open_page(other, server, "?c=RatingControl")
        type_into(other, "rating", "3")
        wait(browser, lambda d: d.find_element(By.ID, "prop-rating").get_attribute("value") == "3")
        browser.find_element(By.ID, "save-variant-submit").click()
        wait(browser, lambda d: "values changed while this dialog was open" in text(d, "save-variant-error"))
        assert text(browser, "save-variant-entry") == line.replace("rating = 2", "rating = 3")
        assert b"Evening" not in source.read_bytes()
        type_into(other, "rating", "2")
        wait(browser, lambda d: d.find_element(By.ID, "prop-rating").get_attribute("value") == "2")
        other.quit()

        # A taken name is refused as it is typed.
        name_it(browser, "Three stars")
        wait(browser, lambda d: "already has a variant named" in text(d, "save-variant-error"))
        assert text(browser, "save-variant-entry") == ""

        # The file changes on disk after the page loaded it: refused, and left as the editor wrote it.
        edited = original + b"// edited in an editor\n"
        source.write_bytes(edited)
        name_it(browser, "Evening")
        browser.find_element(By.ID, "save-variant-submit").click()
        wait(browser, lambda d: "changed on disk since the page loaded it" in text(d, "save-variant-error"))
        browser.save_screenshot(str(screenshot_dir / "save-variant-refused.png"))
        assert dialog_open(browser)
        assert source.read_bytes() == edited

        # After a reload the page has the file as it is now, and the save goes through.
        open_page(browser, server, "?c=RatingControl")
        browser.find_element(By.ID, "save-variant").click()
        wait(browser, dialog_open)
        name_it(browser, "Evening")
        wait(browser, lambda d: text(d, "save-variant-entry") == line)
        browser.find_element(By.ID, "save-variant-name").send_keys(Keys.ENTER)
        wait(browser, lambda d: not dialog_open(d), message="the dialog stayed open after saving")
        toast = browser.find_element(By.ID, "toast").text
        assert "Saved “Evening” to Components/RatingControl.swift" in toast and "rebuild and restart" in toast
        saved = source.read_text()
        assert f"        {line}\n    ]" in saved and saved.endswith("// edited in an editor\n")
        assert saved.count("Evening") == 1
    finally:
        server.stop()


def test_outside_a_package_the_dialog_says_why_it_cannot_save(browser, tmp_path):
    elsewhere = tmp_path / "not-a-package"
    elsewhere.mkdir()
    server = start(elsewhere, tmp_path)
    try:
        open_page(browser, server)
        browser.find_element(By.ID, "save-variant").click()
        wait(browser, dialog_open)
        wait(browser, lambda d: "not started in a Swift package" in text(d, "save-variant-error"))
        assert not browser.find_element(By.ID, "save-variant-submit").is_enabled()
        assert not browser.find_element(By.ID, "save-variant-name").is_enabled()
        browser.find_element(By.ID, "save-variant-cancel").click()
        wait(browser, lambda d: not dialog_open(d))
        assert list(elsewhere.iterdir()) == []
    finally:
        server.stop()
