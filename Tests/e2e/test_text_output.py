"""What issue 25 promises outside the page: a PNG with a colour sun, a locale that shows, text
set with no font configuration at all, warnings for characters no face has, and the faces the
page needs served with the rules that name them."""

from __future__ import annotations

import os
import struct
import subprocess
import zlib
from pathlib import Path

from starboard_server import REPO, binary_path
from test_server import http_get


def starboard(*arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary_path()), *arguments], cwd=REPO, capture_output=True, text=True, timeout=180,
                          env={**os.environ, **(env or {})})


def read_png(path: Path) -> tuple[int, int, list[bytearray]]:
    """Width, height and RGBA rows of an 8-bit RGBA or RGB PNG (what Chromium writes; an element's
    screenshot is RGB, given an alpha of 255 here)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks = 8, b""
    width = height = 0
    bpp = 4
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"expected 8-bit RGBA or RGB, got depth {depth} colour type {colour}"
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            chunks += body
    raw, stride, rows = zlib.decompress(chunks), width * bpp + 1, []
    previous = bytearray(width * bpp)
    for row in range(height):
        kind, line = raw[row * stride], bytearray(raw[row * stride + 1:(row + 1) * stride])
        for i in range(len(line)):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if bpp == 3:
            line = bytearray(b for i in range(0, len(line), 3) for b in (line[i], line[i + 1], line[i + 2], 255))
        rows.append(line)
    return width, height, rows


def test_a_png_of_profile_summary_has_a_colour_sun(tmp_path):
    png = tmp_path / "summer.png"
    result = starboard("render", "ProfileSummary", "--variant", "Summer, no notifications", "-o", str(png))
    assert result.returncode == 0, result.stderr
    assert "specks" not in result.stderr, "drawn without Chromium: " + result.stderr
    svg = starboard("render", "ProfileSummary", "--variant", "Summer, no notifications").stdout
    # Where layout put the sun: its run's x, its line's baseline.
    run = svg.split('font-family="Noto Color Emoji" font-size="17">🌞')[0]
    x = float(run.rsplit('<tspan x="', 1)[1].split('"')[0])
    y = float(run.rsplit('<text x="', 1)[1].split('y="', 1)[1].split('"')[0])
    width, height, rows = read_png(png)
    assert width == 2 * 372, width
    centre = rows[int(2 * (y - 17 / 3))][int(2 * (x + 17 * 2550 / 2048 / 2)) * 4:][:4]
    r, g, b, a = centre
    assert a > 200 and r > 200 and g > 100 and b < 120 and r - b > 120, f"the sun's middle is {tuple(centre)}, not yellow-orange"


def test_locale_de_DE_changes_the_goal_date_and_the_distance():
    english = starboard("render", "ProfileSummary").stdout
    german = starboard("render", "ProfileSummary", "--locale", "de_DE").stdout
    assert ">December 1, 2026</tspan>" in english and ">1,234.5</tspan>" in english
    assert ">1. Dezember 2026</tspan>" in german and ">1.234,5</tspan>" in german


def test_with_no_font_configuration_at_all_the_shipped_faces_set_every_script():
    nowhere = {"FONTCONFIG_FILE": "/nonexistent/fonts.conf", "FONTCONFIG_PATH": "/nonexistent", "HOME": "/nonexistent"}
    result = starboard("render", "HikeBadge", "name=مرحبا 한국어 ☃️", env=nowhere)
    assert result.returncode == 0, result.stderr
    for family in ("Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji"):
        assert f'font-family="{family}"' in result.stdout, family
    assert "no installed font has" not in result.stderr


def test_a_character_no_font_has_is_a_warning_of_the_render():
    result = starboard("render", "HikeBadge", "name=A\u0378B")
    assert result.returncode == 0, result.stderr
    assert "warning: no installed font has U+0378" in result.stderr, result.stderr


def test_a_font_file_no_library_reads_is_skipped_with_a_warning_naming_it(tmp_path):
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for face in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (fonts / face).write_bytes(Path("/usr/share/fonts/truetype/dejavu", face).read_bytes())
    (fonts / "Truncated.otf").write_bytes(b"OTTO\x00\x01")
    result = starboard("render", "HikeBadge", env={"STARBOARD_FONT_DIR": str(fonts)})
    assert result.returncode == 0, result.stderr
    assert f"warning: font {fonts / 'Truncated.otf'}: " in result.stderr and "skipped" in result.stderr, result.stderr


def test_the_server_serves_every_face_and_the_rules_that_name_them(make_server):
    server = make_server()
    status, headers, css = http_get(server.port, "/fonts/faces.css")
    assert status == 200
    rules = css.decode()
    for family, file in [("DejaVu Sans", "DejaVuSans.ttf"), ("Noto Color Emoji", "NotoColorEmoji.ttf"),
                         ("Noto Sans Arabic", "NotoSansArabic-Regular.ttf"), ("Noto Sans Hebrew", "NotoSansHebrew-Bold.ttf"),
                         ("Noto Sans CJK JP", "NotoSansCJK-Regular.ttc")]:
        assert f'font-family: "{family}"; src: url("{file}")' in rules, f"{family} is not in faces.css"
    status, _, body = http_get(server.port, "/fonts/NotoSansArabic-Regular.ttf")
    assert status == 200
    assert body == Path("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf").read_bytes()
