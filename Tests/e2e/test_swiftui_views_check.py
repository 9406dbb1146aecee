"""scripts/check-swiftui-views: the SwiftUI-spelled test views differ from SwiftUI sources only
in their import block, and a file that uses Starboard's own API or another import is refused."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "check-swiftui-views"
VIEWS = REPO / "Tests" / "StarboardSwiftUITests" / "Views"


def run(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), str(folder)], capture_output=True, text=True, timeout=60)


def test_the_shipped_views_pass():
    result = run(VIEWS)
    assert result.returncode == 0, result.stderr
    assert "differ from SwiftUI sources only in their import block" in result.stdout


def test_starboard_api_and_extra_imports_are_refused(tmp_path):
    shutil.copytree(VIEWS, tmp_path / "Views")
    badge = tmp_path / "Views" / "HikingBadge.swift"
    text = badge.read_text()
    badge.write_text(text + "\nimport StarboardInspector\nlet size = Size(width: 1, height: 2)\nlet v = Text(\"x\").tappable(id: \"a\")\n")
    result = run(tmp_path / "Views")
    assert result.returncode == 1
    assert "no import beyond" in result.stderr
    assert "Size\\(" in result.stderr and "tappable" in result.stderr


def test_a_missing_import_block_is_refused(tmp_path):
    shutil.copytree(VIEWS, tmp_path / "Views")
    card = tmp_path / "Views" / "ProfileCard.swift"
    card.write_text("import StarboardUI\n" + card.read_text().split("#endif\n", 1)[1])
    result = run(tmp_path / "Views")
    assert result.returncode == 1
    assert "must begin with the #if canImport(SwiftUI) import block" in result.stderr
