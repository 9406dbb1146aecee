"""The README's "Use Starboard in your own package", followed word for word (issue 26, item 5).

Its four code blocks (Package.swift, the component, main.swift, the snapshot test) are written
into a new package as they stand. By path, the dependency points at this checkout through a
folder that is not called Starboard; the package builds with its tests, lists and renders its
component, serves it, and the snippets the page offers for it compile in the previews target (a
module other than the component's, as an app is). By version, the README's commented line points
at a tagged clone, resolves, builds and renders (a build of its own). The build folder by path,
.build/readme-package, is kept between runs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest

from starboard_server import REPO, StarboardServer
from test_consumer_package import check_snippets_compile, swift, tagged_clone

SCRATCH = REPO / ".build" / "readme-package"
SECTION = "## Use Starboard in your own package"


def readme_blocks() -> dict[str, str]:
    """The section's Swift blocks by the file each goes to, dedented as a reader pastes them."""
    text = (REPO / "README.md").read_text()
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", len(SECTION))]
    blocks = [re.sub(r"(?m)^   ", "", block) for block in re.findall(r"```swift\n(.*?)```", section, re.S)]
    assert len(blocks) == 4, f"expected 4 Swift blocks in the README's section, found {len(blocks)}"
    return {
        "Package.swift": blocks[0],
        "Sources/TagKit/TagChip.swift": blocks[1],
        "Sources/TagKitPreviews/main.swift": blocks[2],
        "Tests/TagKitTests/SnapshotTests.swift": blocks[3],
    }


def write_package(root: Path, blocks: dict[str, str], manifest: str) -> Path:
    for name, text in {**blocks, "Package.swift": manifest}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def by_path(tmp_path_factory) -> Path:
    blocks = readme_blocks()
    manifest = blocks["Package.swift"]
    assert '.package(name: "Starboard", path: "../Starboard")' in manifest
    work = tmp_path_factory.mktemp("readme")
    # A checkout in a folder with another name, as `git clone … clone` makes.
    checkout = work / "clone"
    os.symlink(REPO, checkout)
    package = write_package(work / "TagKit", blocks, manifest.replace('path: "../Starboard"', f'path: "{checkout}"'))
    built = swift(package, "build", "--build-tests", "--scratch-path", str(SCRATCH))
    output = built.stdout + built.stderr
    assert built.returncode == 0, output
    # Issue 26, item 7: no warning, neither SwiftPM's (a missing excluded `__Snapshots__`) nor
    # the compiler's (SendableMetatypes under Swift 6.2 and later), Starboard's own code included.
    assert "warning:" not in output, output
    return package


def test_the_readme_snapshot_test_records_then_passes_with_no_warning(by_path):
    missing = swift(by_path, "test", "--scratch-path", str(SCRATCH))
    assert missing.returncode != 0 and re.search(r'missing +TagChip', missing.stdout + missing.stderr), missing.stdout + missing.stderr
    recorded = swift(by_path, "test", "--scratch-path", str(SCRATCH), env={"RECORD_SNAPSHOTS": "1"})
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    folder = by_path / "Tests" / "__Snapshots__" / "TagKitTests" / "TagChip"
    assert (folder / "Long.svg").exists(), sorted(p.name for p in folder.parent.rglob("*"))
    passed = swift(by_path, "test", "--scratch-path", str(SCRATCH))
    output = passed.stdout + passed.stderr
    assert passed.returncode == 0, output
    assert "warning:" not in output, output


def test_the_readme_package_builds_lists_renders_and_serves(by_path, tmp_path):
    previews = SCRATCH / "debug" / "TagKitPreviews"
    listed = subprocess.run([str(previews), "list", "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    catalog = json.loads(listed.stdout)
    assert [c["name"] for c in catalog] == ["TagChip"] and catalog[0]["swiftModule"] == "TagKit"
    rendered = subprocess.run([str(previews), "render", "TagChip", "text=Hello"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert rendered.returncode == 0 and ">Hello</text>" in rendered.stdout, rendered.stderr
    server = StarboardServer(previews, tmp_path / "state.json", ["--no-origin-check"], cwd=tmp_path, web=None)
    server.start()
    try:
        with urllib.request.urlopen(server.url, timeout=10) as response:
            assert b"<html" in response.read()
    finally:
        server.stop()
    # What the page copies for it, and its Docs usage snippet, compile in another module.
    check_snippets_compile(by_path, "TagKitPreviews", "TagKitPreviews", catalog, SCRATCH)


def test_the_readme_package_resolves_starboard_by_version_from_a_git_tag(tmp_path):
    blocks = readme_blocks()
    manifest = blocks["Package.swift"]
    by_path_line = '        .package(name: "Starboard", path: "../Starboard"),\n'
    by_version_line = '        // .package(url: "https://example.com/Starboard.git", from: "0.1.0"),\n'
    assert by_path_line in manifest and by_version_line in manifest
    # A tagged clone, in the folder `git clone …/Starboard.git` makes.
    clone = tagged_clone(tmp_path / "Starboard")
    versioned = manifest.replace(by_path_line, "").replace(
        by_version_line, by_version_line.replace("// ", "", 1).replace("https://example.com/Starboard.git", f"file://{clone}"))
    package = write_package(tmp_path / "TagKit", blocks, versioned)
    env = {"STARBOARD_CMO": "0"}
    resolved = swift(package, "package", "resolve", env=env, timeout=300)
    assert resolved.returncode == 0, resolved.stdout + resolved.stderr
    assert "resolved at 0.1.0" in resolved.stdout + resolved.stderr
    described = swift(package, "package", "describe", "--type", "json", env=env, timeout=300)
    assert described.returncode == 0, described.stdout + described.stderr
    targets = {t["name"] for t in json.loads(described.stdout[described.stdout.index("{"):])["targets"]}
    assert targets == {"TagKit", "TagKitPreviews", "TagKitTests"}
    # And it builds and runs from the tag, as it does by path (a cold build: the clone's place
    # is new at every run).
    scratch = package / ".build"
    built = swift(package, "build", "--product", "TagKitPreviews", env=env)
    output = built.stdout + built.stderr
    assert built.returncode == 0, output
    assert "warning:" not in output, output
    rendered = subprocess.run([str(scratch / "debug" / "TagKitPreviews"), "render", "TagChip", "text=Tagged"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert rendered.returncode == 0 and ">Tagged</text>" in rendered.stdout, rendered.stderr
