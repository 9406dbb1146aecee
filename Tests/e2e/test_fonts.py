"""The fonts the page draws with are the ones text was measured with, STARBOARD_FONT_DIR included."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from starboard_server import REPO, binary_path
from test_server import http_get

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FACES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]


@pytest.fixture
def font_dir(tmp_path) -> Path:
    """Copies of the faces that differ from the installed ones by a trailing byte, which
    FreeType ignores: served bytes then tell which folder they came from."""
    folder = tmp_path / "fonts"
    folder.mkdir()
    for face in FACES:
        shutil.copy(DEJAVU / face, folder / face)
        with open(folder / face, "ab") as copy:
            copy.write(b"\0")
    return folder


def test_the_server_serves_the_font_folder_text_is_measured_with(make_server, font_dir):
    server = make_server(env={"STARBOARD_FONT_DIR": str(font_dir)})
    for face in FACES:
        status, _, body = http_get(server.port, f"/fonts/{face}")
        assert status == 200
        assert body == (font_dir / face).read_bytes(), f"{face} came from another folder"


def test_export_copies_the_font_folder_text_is_measured_with(tmp_path, font_dir):
    out = tmp_path / "catalog"
    result = subprocess.run([str(binary_path()), "export", "--out", str(out)], cwd=REPO, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "STARBOARD_FONT_DIR": str(font_dir)})
    assert result.returncode == 0, result.stderr
    for face in FACES:
        assert (out / "fonts" / face).read_bytes() == (font_dir / face).read_bytes()
