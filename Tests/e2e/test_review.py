"""`starboard review` end to end (issue 31): a package in a git repository of its own with three
commits, a broken one, a base and a new one. From the base to the new commit a colour changes, a
variant is added, a component is removed and a variant that rendered starts to trap. Both sides
are built once per module in .build/review-e2e (kept between runs, so a second run only rebuilds
the package's own target); each test reads the report of one review.
"""

from __future__ import annotations

import json
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from starboard_server import REPO, SCREENSHOTS, binary_path

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
