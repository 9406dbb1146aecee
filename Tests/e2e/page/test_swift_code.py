"""Copy as Swift compiles, for every kind of every shipped component (issue 16, item 2).

For each registered component the page is opened on a link that sets every property to a value
other than its default; the text the Copy as Swift button copies is collected. Beside it, the
same generator (Web/swiftcode.js, run by Node) spells every property kind for a component
declared in the check file itself, which covers the kinds no shipped component uses (a point,
a choice whose raw value is not an identifier). The whole file is then type-checked with
`swiftc -typecheck` against the modules `swift build` made, with `@testable import
StarboardComponents` so the shipped components' internal properties are visible, as they are to
code in the components' own module. (A package of one's own, whose components are public, is
checked the same way in Tests/e2e/test_consumer_package.py, with plain imports.)
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.by import By

from starboard_server import REPO, binary_path
from test_page import open_page, wait

MODULES = REPO / ".build" / "debug" / "Modules"

# A component of every property kind, declared where it is type-checked.
EVERY_KIND = """
struct EveryKind: Component {
    enum Heading: String, InspectableChoice { case north, southEast = "south-east", `default` }
    @Inspectable(range: 0...10) var count = 1
    @Inspectable(range: 0...1, step: 0.25) var amount = 0.5
    @Inspectable var enabled = false
    @Inspectable(maxLength: 30) var title = "x"
    @Inspectable(range: 1...100) var box = Size(width: 10, height: 10)
    @Inspectable(range: -50...50) var origin = Point(x: 0, y: 0)
    @Inspectable var tint = Color.black
    @Inspectable var turn = Angle.zero
    @Inspectable var heading = Heading.north
    @Inspectable var due = CalendarDate(year: 2026, month: 1, day: 1)
    var body: some View { Text(title) }
}
"""

EVERY_KIND_SCHEMA = {
    "name": "EveryKind",
    "properties": [
        {"name": "count", "kind": "integer", "default": 1},
        {"name": "amount", "kind": "double", "default": 0.5},
        {"name": "enabled", "kind": "bool", "default": False},
        {"name": "title", "kind": "string", "default": "x"},
        {"name": "box", "kind": "size", "default": {"width": 10, "height": 10}},
        {"name": "origin", "kind": "point", "default": {"x": 0, "y": 0}},
        {"name": "tint", "kind": "color", "default": "#000000"},
        {"name": "turn", "kind": "angle", "default": 0},
        {"name": "heading", "kind": "choice", "default": "north"},
        {"name": "due", "kind": "date", "default": "2026-01-01"},
    ],
}

EVERY_KIND_VALUES = [
    {"count": 7, "amount": 0.75, "enabled": True, "title": 'Say "hi" \\ ☃️\n', "box": {"width": 30, "height": 99.5},
     "origin": {"x": -10, "y": 20.5}, "tint": "#FF880080", "turn": 90, "heading": "south-east", "due": "2027-02-28"},
    {"tint": "#00FF00", "heading": "default", "amount": 1e-7},
]


def swiftc() -> str:
    found = shutil.which("swiftc")
    if not found:
        pytest.fail("no swiftc on PATH")
    return found


def typecheck(source: str, folder: Path) -> subprocess.CompletedProcess:
    if not (MODULES / "StarboardComponents.swiftmodule").exists():
        pytest.fail(f"no built modules in {MODULES}; run `swift build`")
    path = folder / "CopiedSwift.swift"
    path.write_text(source)
    return subprocess.run(
        [swiftc(), "-typecheck", str(path), "-I", str(MODULES),
         *[flag for module in ("CStarboardFreeType", "CStarboardHarfBuzz", "CStarboardFontconfig", "CStarboardFriBidi", "CStarboardSystem/include")
           for flag in ("-Xcc", f"-fmodule-map-file={REPO / 'Sources' / module / 'module.modulemap'}")],
         "-Xcc", "-I/usr/include/freetype2", "-Xcc", "-I/usr/include/harfbuzz", "-Xcc", "-I/usr/include/fribidi"],
        capture_output=True, text=True, timeout=300)


def swift_file(expressions: list[str]) -> str:
    lines = ["import StarboardInspector", "import StarboardUI", "@testable import StarboardComponents", EVERY_KIND,
             "func copiedExpressions() {"]
    lines += [f"    _ = {expression}" for expression in expressions]
    lines.append("}")
    return "\n".join(lines) + "\n"


def catalog() -> list[dict]:
    listed = subprocess.run([str(binary_path()), "list", "--json"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    # Components only: a preview of a plain view (Components/Screens) is no type to copy or use.
    return [component for component in json.loads(listed.stdout) if not component.get("preview")]


def other_value(prop: dict, chosen: dict) -> str:
    """URL text for a valid value other than the default (bounds that follow another property included)."""
    c = prop.get("constraints", {})
    kind, default = prop["kind"], prop["default"]
    low, high = c.get("min"), c.get("max")
    linked = c.get("maxProperty") or c.get("belowProperty")
    if linked:
        bound = chosen[linked] if c.get("maxProperty") else chosen[linked] - 1
        high = bound if high is None else min(high, bound)
    if kind in ("integer", "double"):
        value = high if high is not None and high != default else (low if low is not None else default + 1)
        return str(int(value)) if kind == "integer" else str(value)
    if kind == "angle":
        return "90" if default != 90 else "45"
    if kind == "size":
        return f"{int(low or 1)}x{int(high or 100)}"
    if kind == "point":
        return f"{int(low or 1)},{int(high or 2)}"
    if kind == "string":
        text = 'Say "hi" \\ ☃️'
        return text[: c.get("maxLength", len(text))]
    if kind == "color":
        return "FF880080"
    if kind == "choice":
        return next(o["value"] for o in c["options"] if o["value"] != default)
    if kind == "date":
        return "2027-02-28"
    if kind == "bool":
        return "false" if default else "true"
    raise AssertionError(f"no sample for kind {kind}")


def copied_text(browser, server, component: dict) -> str:
    params, chosen = {"c": component["name"]}, {}
    for prop in sorted(component["properties"], key=lambda p: bool(p.get("constraints", {}).get("maxProperty") or p.get("constraints", {}).get("belowProperty"))):
        params[prop["name"]] = other_value(prop, chosen)
        if prop["kind"] == "integer":
            chosen[prop["name"]] = int(params[prop["name"]])
    open_page(browser, server, "?" + urlencode(params))
    # Every value differs from its default once the link is applied and rendered.
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, '#inspector .prop[data-default="false"]'))
         == len(component["properties"]) and not d.find_elements(By.CSS_SELECTOR, "#inspector .prop[data-pending]"),
         message=f"the link's values for {component['name']} were not all applied: {browser.current_url}")
    button = browser.find_element(By.ID, "copy-swift")
    browser.execute_script("arguments[0].removeAttribute('data-copied')", button)
    button.click()
    wait(browser, lambda d: d.find_element(By.ID, "copy-swift").get_attribute("data-copied"))
    text = button.get_attribute("data-copied")
    for prop in component["properties"]:
        assert f"$0.{prop['name']} = " in text, f"{prop['name']} missing from {text}"
    return text


def generated(schema: dict, values: list[dict]) -> list[str]:
    script = ("import { swiftExpression } from './Web/swiftcode.js';"
              "const [schema, values] = JSON.parse(process.argv[1]);"
              "console.log(JSON.stringify(values.map((v) => swiftExpression(schema, v))));")
    result = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps([schema, values])],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_copied_swift_type_checks_for_every_kind(browser, server, tmp_path):
    components = catalog()
    expressions = [copied_text(browser, server, component) for component in components]
    expressions += generated(EVERY_KIND_SCHEMA, EVERY_KIND_VALUES)
    kinds = {p["kind"] for c in components for p in c["properties"]} | {p["kind"] for p in EVERY_KIND_SCHEMA["properties"]}
    assert kinds == {"integer", "double", "bool", "string", "size", "point", "color", "angle", "choice", "date"}
    result = typecheck(swift_file(expressions), tmp_path)
    assert result.returncode == 0, "Copy as Swift does not compile:\n" + "\n".join(expressions) + "\n" + result.stderr


def usage_snippets(components: list[dict]) -> list[str]:
    script = ("import { usageSnippet } from './Web/docs.js';"
              "const components = JSON.parse(process.argv[1]);"
              "console.log(JSON.stringify(components.map((c) => usageSnippet(c))));")
    result = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(components)],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_docs_usage_snippets_type_check(browser, server, tmp_path):
    """The docs page's usage snippet of every shipped component (and of one with every kind) compiles."""
    components = catalog()
    snippets = usage_snippets(components)
    # The page shows the same text the generator makes from the catalog.
    open_page(browser, server, "?c=" + components[-1]["name"])
    browser.find_element(By.ID, "tab-docs").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#docs-usage code").text.strip())
    shown = browser.execute_script("return document.querySelector('#docs-usage code').textContent")
    assert shown == snippets[-1]
    every_kind = dict(EVERY_KIND_SCHEMA, variants=[{"name": "All", "values": EVERY_KIND_VALUES[0]},
                                                  {"name": "Some", "values": EVERY_KIND_VALUES[1]}])
    snippets += usage_snippets([every_kind])
    for component, snippet in zip(components, snippets):
        assert f"struct {component['name']}Usage: View" in snippet
        assert snippet.count(f"{component['name']} {{") + snippet.count(f"{component['name']}()") >= 1 + len({json.dumps(v["values"], sort_keys=True) for v in component["variants"] if v["values"]})
    source = swift_file([]) + "\n".join(snippets)
    result = typecheck(source, tmp_path)
    assert result.returncode == 0, "a usage snippet does not compile:\n" + source + "\n" + result.stderr


def test_the_check_catches_code_that_does_not_compile(tmp_path):
    # What the page used to copy: Color(hex:) is failable and a CalendarDate is no Date.
    old = ['PageControl(pageTint: Color(hex: "#FF8800"))', 'ProfileSummary(goalDate: Date("2027-02-28"))']
    result = typecheck(swift_file(old), tmp_path)
    assert result.returncode != 0
    assert "Color?" in result.stderr or "optional" in result.stderr.lower(), result.stderr
