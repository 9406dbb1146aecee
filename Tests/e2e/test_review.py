"""`starboard review` end to end (issue 31): a package in a git repository of its own with three
commits, a broken one, a base and a new one. From the base to the new commit a colour changes, a
variant is added, a component is removed and a variant that rendered starts to trap. Both sides
are built once per module in .build/review-e2e (kept between runs, so a second run only rebuilds
the package's own target); each test reads the report of one review.
"""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from starboard_server import REPO, SCREENSHOTS, binary_path
from test_export import browser  # noqa: F401  (the fixture)

BUILD = REPO / ".build" / "review-e2e"

MANIFEST = f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReviewKit",
    dependencies: [.package(name: "Starboard", path: "{REPO}")],
    targets: [
        .executableTarget(name: "ReviewKitPreviews", dependencies: [
            .product(name: "StarboardKit", package: "Starboard"),
            .product(name: "StarboardUI", package: "Starboard"),
            .product(name: "StarboardInspector", package: "Starboard"),
        ]),
    ]
)
"""

MAIN = """import StarboardKit

Starboard.main(components: [{components}])
"""

SWATCH = """import StarboardInspector
import StarboardUI

struct Swatch: Component {{
    @Inspectable(range: 10...200, step: 1)
    var side = 60.0

    static let environments: [RenderEnvironment] = [.dark]
    static let variants = [Variant<Swatch>("Small") {{ $0.side = 20 }}]

    var body: some View {{
        Rectangle().fill(Color(red8: {red}, green8: {green}, blue8: {blue})).frame(width: side, height: side)
    }}
}}
"""

CARD = """import StarboardInspector
import StarboardUI

struct Card: Component {{
    @Inspectable(maxLength: 40)
    var title = "Card"

    static let variants = [
        Variant<Card>("Short") {{ $0.title = "Hi" }},{more}
    ]

    var body: some View {{
        Text(title).padding(8).background(RoundedRectangle(cornerRadius: 6).fill(Color(red8: 230, green8: 230, blue8: 235)))
    }}
}}
"""

LEGACY = """import StarboardInspector
import StarboardUI

struct Legacy: Component {
    @Inspectable var label = "Old"
    var body: some View { Text(label) }
}
"""

FRAGILE = """import StarboardInspector
import StarboardUI

struct Fragile: Component {{
    @Inspectable(range: 0...10)
    var count = 1

    static let variants = [Variant<Fragile>("Seven") {{ $0.count = 7 }}]

    var body: some View {{
        {check}
        return Text("count \\(count)").padding(4)
    }}
}}
"""


def git(repo: Path, *arguments: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *arguments], capture_output=True, text=True, check=True,
                          env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
                               "GIT_COMMITTER_EMAIL": "t@example.com", "PATH": "/usr/bin:/bin"})
    return done.stdout.strip()


def write(repo: Path, files: dict[str, str | None]) -> None:
    for name, text in files.items():
        path = repo / "Sources" / "ReviewKitPreviews" / name
        if text is None:
            path.unlink(missing_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)


def make_repository(repo: Path) -> dict[str, str]:
    """The three commits, by name; the working tree is left at `new`, clean."""
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    (repo / "Package.swift").write_text(MANIFEST)
    (repo / ".gitignore").write_text(".build/\n")
    base = {
        "main.swift": MAIN.format(components="Swatch.self, Card.self, Legacy.self, Fragile.self"),
        "Swatch.swift": SWATCH.format(red=255, green=59, blue=48),
        "Card.swift": CARD.format(more=""),
        "Legacy.swift": LEGACY,
        "Fragile.swift": FRAGILE.format(check="_ = count"),
    }
    write(repo, {**base, "Card.swift": CARD.format(more="").replace("var body", "var body: Int = 3\n    var bodyy")})
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "broken")
    commits = {"broken": git(repo, "rev-parse", "HEAD")}
    write(repo, base)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    commits["base"] = git(repo, "rev-parse", "HEAD")
    write(repo, {
        "main.swift": MAIN.format(components="Swatch.self, Card.self, Fragile.self"),
        "Swatch.swift": SWATCH.format(red=0, green=122, blue=255),
        "Card.swift": CARD.format(more='\n        Variant("Long") { $0.title = "A card with a longer title" },'),
        "Legacy.swift": None,
        "Fragile.swift": FRAGILE.format(check='precondition(count != 7, "seven is not allowed")'),
    })
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "new")
    commits["new"] = git(repo, "rev-parse", "HEAD")
    return commits


def review(repo: Path, out: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary_path()), "review", *arguments, "-o", str(out), "--product", "ReviewKitPreviews",
                           "--build-dir", str(BUILD)], cwd=repo, capture_output=True, text=True, timeout=3600)


@pytest.fixture(scope="module")
def repository(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    repo = tmp_path_factory.mktemp("review") / "ReviewKit"
    return repo, make_repository(repo)


@pytest.fixture(scope="module")
def reviewed(repository, tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    repo, commits = repository
    out = tmp_path_factory.mktemp("report")
    done = review(repo, out, commits["base"], "--junit", str(out / "junit.xml"))
    return done, out


def report_of(out: Path) -> dict:
    return json.loads((out / "review.json").read_text())


def statuses(report: dict) -> dict[str, str]:
    return {f"{e['entry']} / {e.get('variant') or '(defaults)'} [{e['environment']}]": e["status"] for e in report["entries"]}


def test_review_reports_each_kind_of_change(reviewed):
    done, out = reviewed
    assert done.returncode == 1, done.stderr
    report = report_of(out)
    assert statuses(report) == {
        "Card / Long [standard]": "added",
        "Fragile / Seven [standard]": "changed",
        "Legacy / (defaults) [standard]": "removed",
        "Swatch / (defaults) [dark]": "changed",
        "Swatch / (defaults) [standard]": "changed",
        "Swatch / Small [dark]": "changed",
        "Swatch / Small [standard]": "changed",
    }
    assert report["unchanged"] == ["Card / (defaults) [standard]", "Card / Short [standard]", "Fragile / (defaults) [standard]"]
    swatch = next(e for e in report["entries"] if e["entry"] == "Swatch" and e.get("variant") is None and e["environment"] == "standard")
    assert "#FF3B30" in swatch["baseSVG"] and "#007AFF" in swatch["newSVG"]
    assert {"kind": "+", "text": next(line for line in swatch["diff"] if line["kind"] == "+")["text"]} in swatch["diff"]
    assert any("#007AFF" in line["text"] for line in swatch["diff"] if line["kind"] == "+")
    crash = next(e for e in report["entries"] if e["entry"] == "Fragile")
    assert crash.get("baseSVG") and crash.get("newSVG") is None
    assert "crashed while rendering" in crash["newMessage"] and "seven is not allowed" in crash["newMessage"]
    assert "changed   Fragile / Seven [standard]: crashed while rendering" in done.stdout
    assert "5 changed, 1 added, 1 removed, 3 unchanged" in done.stdout

    suite = ElementTree.parse(out / "junit.xml").getroot().find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 10 and suite.get("failures") == "7"
    failed = {(case.get("classname"), case.get("name")) for case in cases if case.find("failure") is not None}
    assert ("Legacy", "(defaults) [standard]") in failed and ("Card", "Short [standard]") not in failed


def test_the_report_draws_offline_in_chromium(reviewed, browser):
    from test_export import wait_for
    from selenium.webdriver.common.by import By
    _, out = reviewed
    browser.get((out / "index.html").as_uri())
    wait_for(browser, lambda d: d.find_element(By.ID, "summary").text.startswith("5 changed"), "the summary")
    sections = browser.find_elements(By.CSS_SELECTOR, "section.entry")
    assert len(sections) == 7
    for section in sections:
        browser.execute_script("arguments[0].scrollIntoView()", section)
    differing = wait_for(browser, lambda d: [c.get_attribute("data-differing") for c in d.find_elements(By.CSS_SELECTOR, "canvas")]
                         if all(c.get_attribute("data-differing") for c in d.find_elements(By.CSS_SELECTOR, "canvas")) else None,
                         "every difference drawn")
    # Four Swatch renders changed colour: every pixel of the square differs; nothing failed to draw.
    assert len(differing) == 4 and all(value.isdigit() and int(value) > 0 for value in differing), differing
    crash = browser.find_element(By.CSS_SELECTOR, "section[data-status=changed] .message")
    assert "seven is not allowed" in crash.text
    browser.find_element(By.CSS_SELECTOR, "[data-filter=removed]").click()
    assert [s.text.split("\n")[0] for s in sections if s.is_displayed()] == ["REMOVED\nLegacy / (defaults) [standard]".split("\n")[0]]
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
    browser.find_element(By.CSS_SELECTOR, "[data-filter=all]").click()
    browser.execute_script("window.scrollTo(0, 0); for (const d of document.querySelectorAll('section details')) d.open = true;")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "review-report.png"))


def test_a_base_that_does_not_build_shows_the_new_side_only(repository, tmp_path):
    repo, commits = repository
    done = review(repo, tmp_path, commits["broken"])
    assert done.returncode == 1, done.stderr
    report = report_of(tmp_path)
    assert "error:" in report.get("baseProblem", "") and "Card.swift" in report["baseProblem"]
    assert set(statuses(report).values()) == {"added"} and len(report["entries"]) == 9
    assert "does not build" in done.stdout


def test_a_new_side_that_does_not_build_exits_3(repository, tmp_path):
    repo, commits = repository
    done = review(repo, tmp_path, commits["base"], "--head", commits["broken"])
    assert done.returncode == 3, done.stdout + done.stderr
    assert "does not build" in done.stderr and "error:" in done.stderr
    assert not (tmp_path / "review.json").exists()


def test_nothing_changed_exits_0_and_a_bad_revision_is_a_usage_error(repository, tmp_path):
    repo, commits = repository
    same = review(repo, tmp_path, "HEAD")
    assert same.returncode == 0, same.stderr
    assert report_of(tmp_path)["entries"] == [] and len(report_of(tmp_path)["unchanged"]) == 9
    bad = review(repo, tmp_path / "bad", "no-such-branch")
    assert bad.returncode == 2 and "not a revision" in bad.stderr


def test_shards_merge_into_the_whole_report(repository, reviewed, tmp_path):
    repo, commits = repository
    whole = report_of(reviewed[1])
    folders = []
    for index in (1, 2, 3):
        folder = tmp_path / f"shard-{index}"
        done = review(repo, folder, commits["base"], "--shard", f"{index}/3")
        assert done.returncode in (0, 1), done.stderr
        assert report_of(folder)["shards"] == [f"{index}/3"]
        folders.append(folder)
    keys = [set(statuses(report_of(f))) | set(report_of(f)["unchanged"]) for f in folders]
    assert not (keys[0] & keys[1]) and not (keys[0] & keys[2]) and not (keys[1] & keys[2])
    merged = subprocess.run([str(binary_path()), "review", "--merge", *map(str, folders), "-o", str(tmp_path / "merged"),
                             "--junit", str(tmp_path / "merged.xml")], capture_output=True, text=True)
    assert merged.returncode == 1, merged.stderr
    report = report_of(tmp_path / "merged")
    assert report["entries"] == whole["entries"] and report["unchanged"] == whole["unchanged"]
    again = subprocess.run([str(binary_path()), "review", "--merge", str(folders[0]), str(folders[0]), "-o", str(tmp_path / "twice")],
                           capture_output=True, text=True)
    assert again.returncode == 2 and "in two of the reports" in again.stderr


def test_snapshot_check_shards_in_parallel_processes_cover_every_render_once(tmp_path):
    recorded = subprocess.run([str(binary_path()), "snapshot", "--dir", str(tmp_path)], capture_output=True, text=True)
    assert recorded.returncode == 0, recorded.stderr
    total = int(recorded.stdout.split("Recorded ")[1].split(" ")[0])
    # One recorded file changed: exactly one of the shards must find it.
    changed = next(tmp_path.glob("RatingControl/*.svg"))
    changed.write_text("<svg/>")
    shards = [subprocess.Popen([str(binary_path()), "snapshot", "--check", "--shard", f"{i}/4", "--dir", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(1, 5)]
    outputs = [shard.communicate(timeout=600) for shard in shards]
    found = [out for out, _ in outputs if "changed   " in out]
    assert len(found) == 1 and changed.name.removesuffix(".svg") in found[0]
    # Each says how many it checked: "All 7 snapshots … match … (shard 2/4)" or "… (7 snapshots of 4 components); run …".
    counted = [int(re.search(r"(?:^All |\()(\d+) snapshots? of", out + err, re.M).group(1)) for out, err in outputs]
    assert sum(counted) == total and all(counted), counted
