"""Starboard used as a dependency, as a team would: Examples/TagKit is a package of its own with
two components, a previews executable whose main.swift is `Starboard.main(components: [...])`,
and a snapshot test. Built once in a copy (its build folder, .build/tagkit, is kept between runs);
every command runs on TagKit's components, from outside the repository, with no --web. A second
test proves SwiftPM accepts Starboard as a versioned dependency (no unsafe flags).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from starboard_server import REPO, StarboardServer

BUILD_TIMEOUT = 1200
SCRATCH = REPO / ".build" / "tagkit"
EXAMPLE = REPO / "Examples" / "TagKit"


def swift(package: Path, *arguments: str, env: dict | None = None, timeout: int = BUILD_TIMEOUT) -> subprocess.CompletedProcess:
    for attempt in range(2):
        result = subprocess.run(["swift", *arguments], cwd=package, capture_output=True, text=True, timeout=timeout,
                                env={**os.environ, **(env or {})})
        # A machine short of processes can fail to start the compiler; that says nothing about the code.
        if result.returncode == 0 or "unable to spawn process" not in result.stdout + result.stderr:
            return result
        time.sleep(2)
    return result


@pytest.fixture(scope="module")
def tagkit(tmp_path_factory) -> Path:
    """A copy of Examples/TagKit depending on this checkout by absolute path, built with its tests."""
    copy = tmp_path_factory.mktemp("consumer") / "TagKit"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved", ".starboard"))
    manifest = copy / "Package.swift"
    text = manifest.read_text()
    assert 'path: "../.."' in text
    manifest.write_text(text.replace('path: "../.."', f'path: "{REPO}"'))
    built = swift(copy, "build", "--build-tests", "--scratch-path", str(SCRATCH))
    assert built.returncode == 0, built.stdout + built.stderr
    return copy


def previews(*arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRATCH / "debug" / "TagKitPreviews"), *arguments], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_every_command_runs_on_the_callers_components(tagkit, tmp_path):
    # From a folder outside any package: nothing is looked up relative to the working directory.
    listed = previews("list", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    catalog = json.loads(listed.stdout)
    assert [c["name"] for c in catalog] == ["TagChip", "TagCount"]
    assert [v["name"] for v in catalog[0]["variants"]] == ["Long", "Square"]

    rendered = previews("render", "TagChip", "text=Hello", cwd=tmp_path)
    assert rendered.returncode == 0 and ">Hello</text>" in rendered.stdout, rendered.stderr
    bad = previews("render", "TagCount", "count=-1", cwd=tmp_path)
    assert bad.returncode == 2 and "TagCount.count: expected an integer in 0...9999, got -1" in bad.stderr

    snapshots = tagkit / "Tests" / "TagKitTests" / "__Snapshots__"
    checked = previews("snapshot", "--check", "--dir", str(snapshots), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip() == f"All 6 snapshots of 2 components match {snapshots}"

    site = tmp_path / "site"
    exported = previews("export", "--out", str(site), cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    data = (site / "data.js").read_text()
    assert '"TagChip"' in data and "RatingControl" not in data


def test_the_snapshot_test_passes_and_names_a_changed_variant(tagkit):
    passed = swift(tagkit, "test", "--skip-build", "--scratch-path", str(SCRATCH))
    assert passed.returncode == 0, passed.stdout + passed.stderr

    golden = tagkit / "Tests" / "TagKitTests" / "__Snapshots__" / "TagChip" / "Long.svg"
    original = golden.read_text()
    golden.write_text(original.replace("Server-side Swift", "Server side Swift"))
    try:
        failed = swift(tagkit, "test", "--skip-build", "--scratch-path", str(SCRATCH))
        output = failed.stdout + failed.stderr
        assert failed.returncode != 0
        assert 'changed TagChip "Long"' in output, output
        new_svg = golden.with_name("Long.new.svg")
        assert new_svg.exists() and "Server-side Swift" in new_svg.read_text()
        if shutil.which("rsvg-convert"):
            assert golden.with_name("Long.png").exists() and golden.with_name("Long.new.png").exists()
    finally:
        golden.write_text(original)
    # Once it matches again, what the failure wrote beside it is cleared.
    again = swift(tagkit, "test", "--skip-build", "--scratch-path", str(SCRATCH))
    assert again.returncode == 0, again.stdout + again.stderr
    assert not golden.with_name("Long.new.svg").exists()


async def next_message(ws, predicate, timeout: float, seen: list | None = None):
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
        if predicate(message):
            return message
        if seen is not None:
            seen.append(message)


def test_serve_answers_with_the_callers_catalog_and_page(tagkit, tmp_path):
    server = StarboardServer(SCRATCH / "debug" / "TagKitPreviews", tmp_path / "state.json", ["--no-origin-check"],
                             cwd=tmp_path, web=None)
    server.start()
    try:
        with urllib.request.urlopen(server.url, timeout=10) as response:
            assert b"<html" in response.read()

        async def run():
            async with websockets.connect(server.ws_url, subprotocols=["starboard.v1"], max_size=None) as ws:
                catalog = await next_message(ws, lambda m: m["type"] == "catalog", 10)
                assert [c["name"] for c in catalog["components"]] == ["TagChip", "TagCount"]
                await ws.send(json.dumps({"type": "subscribe", "component": "TagCount"}))
                render = await next_message(ws, lambda m: m["type"] == "render", 10)
                assert ">Linux</text>" in render["svg"]
                await ws.send(json.dumps({"type": "set", "component": "TagCount", "values": {"count": 42}, "id": 1}))
                render = await next_message(ws, lambda m: m["type"] == "render" and m["values"]["count"] == 42, 10)
                assert ">42</text>" in render["svg"]
        asyncio.run(run())
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        server.stop()


def save_like_an_editor(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.swp")
    temporary.write_text(text)
    os.replace(temporary, path)


def test_watch_rebuilds_the_callers_own_product(tagkit):
    """serve --watch in TagKit rebuilds TagKitPreviews (in the scratch path it was built in), shows
    an edit to TagChip, and on a broken build shows the error while the last good code serves."""
    server = StarboardServer(SCRATCH / "debug" / "TagKitPreviews", tagkit / ".starboard" / "state.json",
                             ["--watch", "--no-origin-check"], cwd=tagkit, web=None)
    server.start()
    source = tagkit / "Sources" / "TagKit" / "TagChip.swift"
    original = source.read_text()
    try:
        async def run():
            async with websockets.connect(server.ws_url, subprotocols=["starboard.v1"], max_size=None) as ws:
                await next_message(ws, lambda m: m["type"] == "catalog", 10)
                await ws.send(json.dumps({"type": "subscribe", "component": "TagChip"}))
                first = await next_message(ws, lambda m: m["type"] == "render", 10)
                assert ">Swift</text>" in first["svg"]

                # An edit to the body (a default would not show: the session keeps the current values).
                assert "Text(text)" in original
                save_like_an_editor(source, original.replace("Text(text)", 'Text("#" + text)'))
                # The build's end comes first, then the new catalog and the render (docs/protocol.md).
                done = await next_message(ws, lambda m: m["type"] == "build" and m["state"] != "building", BUILD_TIMEOUT)
                assert done["state"] == "succeeded", done
                edited = await next_message(ws, lambda m: m["type"] == "render" and ">#Swift</text>" in m["svg"], 30)
                assert edited["component"] == "TagChip"

                broken = original.replace("    public init() {}", '    public init() {}\n    let broken: Int = "not a number"', 1)
                save_like_an_editor(source, broken)
                failed = await next_message(ws, lambda m: m["type"] == "build" and m["state"] in ("succeeded", "failed"), BUILD_TIMEOUT)
                assert failed["state"] == "failed", failed
                assert failed["diagnostics"][0]["file"] == "Sources/TagKit/TagChip.swift"
                await ws.send(json.dumps({"type": "set", "component": "TagChip", "values": {"text": "Still"}, "id": 2}))
                still = await next_message(ws, lambda m: m["type"] == "render" and m["values"]["text"] == "Still", 10)
                assert ">#Still</text>" in still["svg"]
        asyncio.run(run())
        watch_lines = [line for line in server.output if line.startswith("watch: watching")]
        assert watch_lines and "TagKitPreviews --scratch-path" in watch_lines[0], server.output
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        source.write_text(original)
        server.stop()


def tagged_clone(clone: Path, tag: str = "0.1.0") -> Path:
    """The files git tracks in this checkout, committed in a repository of their own at `clone`
    and tagged, as a release of Starboard a package can require by version."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source, target = REPO / name, clone / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), target)
        elif source.is_file():
            shutil.copy2(source, target)
    git = ["git", "-c", "user.email=e2e@example.test", "-c", "user.name=e2e"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Starboard"], ["tag", tag]):
        subprocess.run([*git, *command], cwd=clone, check=True)
    return clone


def test_starboard_resolves_as_a_versioned_dependency(tmp_path):
    """A tagged clone of this checkout, required `from: "0.1.0"`: SwiftPM loads the graph (which is
    where it refuses products with unsafe flags), and does refuse it with the opt-in flag on."""
    clone = tagged_clone(tmp_path / "starboard")

    app = tmp_path / "MyApp"
    (app / "Sources" / "MyApp").mkdir(parents=True)
    (app / "Package.swift").write_text(f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyApp",
    dependencies: [.package(url: "file://{clone}", from: "0.1.0")],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [
            .product(name: "StarboardKit", package: "starboard"),
            .product(name: "StarboardUI", package: "starboard"),
            .product(name: "StarboardInspector", package: "starboard"),
        ]),
        .testTarget(name: "MyAppTests", dependencies: [.product(name: "StarboardTesting", package: "starboard")]),
    ]
)
""")
    (app / "Sources" / "MyApp" / "main.swift").write_text("import StarboardKit\n\nStarboard.main(components: [])\n")
    (app / "Tests" / "MyAppTests").mkdir(parents=True)
    (app / "Tests" / "MyAppTests" / "Empty.swift").write_text("import StarboardTesting\n")
    env = {"STARBOARD_CMO": "0"}
    resolved = swift(app, "package", "resolve", env=env, timeout=300)
    assert resolved.returncode == 0, resolved.stdout + resolved.stderr
    assert "resolved at 0.1.0" in resolved.stdout + resolved.stderr
    graph = swift(app, "package", "show-dependencies", env=env, timeout=300)
    assert graph.returncode == 0 and "unsafe" not in graph.stdout + graph.stderr, graph.stdout + graph.stderr
    # The check can fail: with the bench's opt-in flag the same graph is refused.
    refused = swift(app, "package", "show-dependencies", env={"STARBOARD_CMO": "1"}, timeout=300)
    assert refused.returncode != 0 and "contains unsafe build flags" in refused.stdout + refused.stderr


def other_json_value(prop: dict, chosen: dict):
    """A valid value other than the default, as the protocol writes it (bounds that follow
    another property included)."""
    c, kind, default = prop.get("constraints", {}), prop["kind"], prop["default"]
    low, high = c.get("min"), c.get("max")
    if c.get("maxProperty") or c.get("belowProperty"):
        bound = chosen[c.get("maxProperty") or c.get("belowProperty")] - (0 if c.get("maxProperty") else 1)
        high = bound if high is None else min(high, bound)
    if kind in ("integer", "double"):
        value = high if high is not None and high != default else (low if low is not None else default + 1)
        return int(value) if kind == "integer" else float(value)
    samples = {"angle": 90 if default != 90 else 45, "size": {"width": low or 1, "height": high or 100},
               "point": {"x": low or 1, "y": high or 2}, "string": 'Say "hi" \\ ☃️'[: c.get("maxLength", 12)],
               "color": "#FF880080", "date": "2027-02-28", "bool": not default}
    if kind == "choice":
        return next(o["value"] for o in c["options"] if o["value"] != default)
    return samples[kind]


def node_snippets(function: str, module: str, arguments: list) -> list[str]:
    script = (f"import {{ {function} }} from './Web/{module}';"
              "const items = JSON.parse(process.argv[1]);"
              f"console.log(JSON.stringify(items.map((args) => {function}(...args))));")
    result = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(arguments)],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def check_snippets_compile(package: Path, target: str, product: str, catalog: list[dict], scratch: Path) -> None:
    """Every snippet kind the page offers for `catalog`'s components (Copy as Swift with every
    property changed, and each Docs usage snippet, imports included), written into `target`, a
    module other than the components' own, as an app would paste them; then built."""
    arguments = []
    for component in catalog:
        chosen, values = {}, {}
        for prop in sorted(component["properties"], key=lambda p: bool(p.get("constraints", {}).get("maxProperty") or p.get("constraints", {}).get("belowProperty"))):
            values[prop["name"]] = other_json_value(prop, chosen)
            if prop["kind"] == "integer":
                chosen[prop["name"]] = values[prop["name"]]
        arguments.append([component, values])
    copied = node_snippets("swiftExpression", "swiftcode.js", arguments)
    imports = node_snippets("swiftImports", "swiftcode.js", [[c] for c in catalog])
    usages = node_snippets("usageSnippet", "docs.js", [[c] for c in catalog])
    folder = package / "Sources" / target
    written = []
    for component, expression, needed, usage in zip(catalog, copied, imports, usages):
        assert all(f"$0.{p['name']} = " in expression for p in component["properties"]), expression
        copy_file = folder / f"Copied{component['name']}.swift"
        copy_file.write_text("\n".join(needed) + f"\n\nfunc copied{component['name']}() -> some View {{\n    {expression}\n}}\n")
        usage_file = folder / f"{component['name']}Usage.swift"
        usage_file.write_text(usage)
        written += [copy_file, usage_file]
    try:
        built = swift(package, "build", "--product", product, "--scratch-path", str(scratch))
        sources = "\n".join(f"--- {path.name}\n{path.read_text()}" for path in written)
        assert built.returncode == 0, "a snippet does not compile in a package of its own:\n" + sources + built.stdout + built.stderr
    finally:
        for path in written:
            path.unlink()


def test_new_writes_into_the_callers_package(tagkit):
    """Last: it adds a component to the copy. From a folder inside the package, `new` finds the
    list in TagKitPreviews/main.swift and writes the component beside TagChip, public."""
    created = previews("new", "PriceTag", cwd=tagkit / "Sources")
    assert created.returncode == 0, created.stderr
    assert "Created Sources/TagKit/PriceTag.swift and registered it in Sources/TagKitPreviews/main.swift" in created.stdout
    assert "Starboard.main(components: [TagChip.self, TagCount.self, PriceTag.self])" in \
        (tagkit / "Sources" / "TagKitPreviews" / "main.swift").read_text()
    built = swift(tagkit, "build", "--product", "TagKitPreviews", "--scratch-path", str(SCRATCH))
    assert built.returncode == 0, built.stdout + built.stderr
    listed = json.loads(previews("list", "--json", cwd=tagkit).stdout)
    assert [c["name"] for c in listed] == ["TagChip", "TagCount", "PriceTag"]
    assert {c["swiftModule"] for c in listed} == {"TagKit"}
    # Issue 26, item 1: what the page copies for the package's components, and for the one `new`
    # wrote, compiles in the previews target, another module than TagKit, as in an app.
    check_snippets_compile(tagkit, "TagKitPreviews", "TagKitPreviews", listed, SCRATCH)


# LandmarksPreviews: plain views with #Preview blocks and a PreviewProvider, no component, and a
# main.swift of `Starboard.main(components: [])`.

def landmarks(*arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRATCH / "debug" / "LandmarksPreviews"), *arguments], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_a_package_of_previews_alone_lists_renders_snapshots_and_exports_them(tagkit, tmp_path):
    listed = landmarks("list", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    catalog = json.loads(listed.stdout)
    assert [(c["name"], c["preview"]["group"]) for c in catalog] == [
        ("FavoriteButton.swift:20", "FavoriteButton.swift"), ("Detail", "FavoriteButton.swift"),
        ("Turtle Rock", "LandmarkRow.swift"), ("Rows", "LandmarkRow.swift"),
        ("LandmarkRow_Previews 1", "LandmarkRow_Previews"),
    ]
    assert catalog[1]["preview"]["traits"] == {"layout": "fixed", "width": 390, "height": 400, "orientation": "portrait"}
    assert catalog[3]["preview"]["traits"]["layout"] == "sizeThatFits"
    text = landmarks("list", cwd=tmp_path).stdout
    assert "  LandmarkRow.swift\n    Turtle Rock" in text and "line 49, size that fits" in text

    rendered = landmarks("render", "Rows", cwd=tmp_path)
    assert rendered.returncode == 0, rendered.stderr
    # Size that fits: the stack is as wide as the wider row; the narrower row's name gets half of
    # what its spacer leaves, as SwiftUI's stacks share space, and may wrap.
    assert re.search(r">Turtle(</tspan><tspan[^>]*>| )Rock<", rendered.stdout) and ">Silver Salmon Creek</text>" in rendered.stdout

    folder = tmp_path / "snapshots"
    recorded = landmarks("snapshot", "--dir", str(folder), cwd=tmp_path)
    assert recorded.returncode == 0, recorded.stderr
    assert (folder / "Detail" / "(defaults).svg").exists() and (folder / "Turtle Rock" / "(defaults).svg").exists()
    checked = landmarks("snapshot", "--check", "--dir", str(folder), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    site = tmp_path / "site"
    exported = landmarks("export", "--out", str(site), cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert '"LandmarkRow_Previews 1"' in (site / "data.js").read_text()


def page_tools():
    """The page tests' Chromium, loaded under its own name (both folders have a conftest)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("page_conftest", Path(__file__).parent / "page" / "conftest.py")
    page = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(page)
    return page.SCREENSHOTS, page._new_driver


def preview_markup(driver) -> str:
    """The preview's SVG as one read in the page, so a render landing in between cannot make it stale."""
    return driver.execute_script("const s = document.querySelector('#preview svg'); return s ? s.outerHTML : '';")


def click_tap_target(driver):
    """Clicks the preview's first tap target, finding it again if a new render replaced it first."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    for attempt in range(3):
        try:
            driver.find_element(By.CSS_SELECTOR, "#preview svg [data-tap]").click()
            return
        except StaleElementReferenceException:
            if attempt == 2:
                raise


@contextlib.contextmanager
def landmarks_page(tmp_path):
    """LandmarksPreviews served, and a Chromium window with the server's URL; its output is printed
    when the block fails."""
    _, new_driver = page_tools()
    server = StarboardServer(SCRATCH / "debug" / "LandmarksPreviews", tmp_path / "state.json", ["--no-origin-check"],
                             cwd=tmp_path, web=None)
    server.start()
    driver = new_driver()
    try:
        yield driver, server.url
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        driver.quit()
        server.stop()


def test_the_page_groups_previews_and_a_tap_keeps_the_blocks_state(tagkit, tmp_path):
    SCREENSHOTS, _ = page_tools()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import StaleElementReferenceException

    with landmarks_page(tmp_path) as (driver, url):
        driver.get(url + "?c=FavoriteButton.swift%3A20")
        wait = WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,))
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview svg [data-tap]"))
        headings = [h.text.replace("\n", " ") for h in driver.find_elements(By.CSS_SELECTOR, "li.catalog-group")]
        # Nothing to write as Swift or save as a variant for a preview of a plain view.
        assert not driver.find_element(By.ID, "copy-swift").is_displayed()
        assert not driver.find_element(By.ID, "save-variant").is_displayed()
        assert headings == ["PREVIEWS FavoriteButton.swift", "PREVIEWS LandmarkRow.swift", "PREVIEWS LandmarkRow_Previews"]
        # The block's @Previewable @State var isSet = false: grey until tapped, yellow after, and
        # still yellow on the next render.
        assert "#FFCC00" not in preview_markup(driver)
        assert driver.find_element(By.ID, "prop-taps").text == "No taps yet"
        click_tap_target(driver)
        wait.until(lambda d: "#FFCC00" in preview_markup(d))
        # The history the tap replays is shown in words, not as text to edit.
        wait.until(lambda d: d.find_element(By.ID, "prop-taps").text.startswith("1 tap: "))
        assert not driver.find_elements(By.CSS_SELECTOR, '.prop[data-property="taps"] input')
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "previews-favorite-tapped.png"))
        # The filter finds previews by file; a heading with none left hides.
        filter_box = driver.find_element(By.ID, "filter")
        filter_box.send_keys("landmarkrow")
        visible = [b.text.split("\n")[0] for b in driver.find_elements(By.CSS_SELECTOR, "#component-list li:not([hidden]) button")]
        assert visible == ["Turtle Rock", "Rows", "LandmarkRow_Previews 1"]
        hidden = driver.find_element(By.CSS_SELECTOR, 'li.catalog-group[data-group="FavoriteButton.swift"]')
        assert hidden.get_attribute("hidden") is not None


def test_a_broken_preview_fails_at_its_line_and_a_trapping_one_only_when_rendered(tagkit, tmp_path):
    folder = tagkit / "Sources" / "LandmarksPreviews"
    broken = folder / "Broken.swift"
    broken.write_text('import StarboardUI\n\n#Preview("Broken") {\n    LandmarkRow(landmark: landmarks[0], extra: 1)\n}\n')
    try:
        built = swift(tagkit, "build", "--product", "LandmarksPreviews", "--scratch-path", str(SCRATCH))
        assert built.returncode != 0
        assert "Broken.swift:4:48: error: extra argument 'extra' in call" in built.stdout + built.stderr
        broken.write_text('import StarboardUI\n\n#Preview("Trap") {\n    Text(landmarks[9].name)\n}\n')
        built = swift(tagkit, "build", "--product", "LandmarksPreviews", "--scratch-path", str(SCRATCH))
        assert built.returncode == 0, built.stdout + built.stderr
        # The catalogue does not run it; rendering it traps, in that render alone.
        listed = landmarks("list", cwd=tmp_path)
        assert listed.returncode == 0 and "    Trap " in listed.stdout, listed.stderr
        trapped = landmarks("render", "Trap", cwd=tmp_path)
        assert trapped.returncode != 0 and "Index out of range" in trapped.stderr
        # In the page it is a crash of the worker's render, named over the canvas; the other
        # previews still render.
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        from selenium.common.exceptions import StaleElementReferenceException
        with landmarks_page(tmp_path) as (driver, url):
            driver.get(url + "?c=Trap")
            wait = WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,))
            wait.until(lambda d: "Trap crashed while rendering" in d.find_element(By.ID, "problem").text)
            assert "Index out of range" in driver.find_element(By.ID, "problem").text
            driver.find_element(By.CSS_SELECTOR, 'button[data-component="Turtle Rock"]').click()
            wait.until(lambda d: ">Turtle Rock</text>" in preview_markup(d))
    finally:
        broken.unlink()
        rebuilt = swift(tagkit, "build", "--product", "LandmarksPreviews", "--scratch-path", str(SCRATCH))
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
