"""scripts/check-warnings and scripts/dia-warnings.py: a warning fails the check whether the
build printed it or a file not recompiled kept it in its .dia, and a clean build passes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHECK = REPO / "scripts" / "check-warnings"
DIA = REPO / "scripts" / "dia-warnings.py"


def compile_with_diagnostics(folder: Path, name: str, source: str) -> Path:
    """Type-checks `source` as swiftc does for SwiftPM, leaving NAME.dia beside NAME.swift."""
    swift = folder / f"{name}.swift"
    swift.write_text(source)
    subprocess.run(["swiftc", "-frontend", "-typecheck", str(swift), "-serialize-diagnostics-path", str(folder / f"{name}.dia")],
                   capture_output=True, text=True, timeout=120, check=True)
    return swift


def check(log: Path, build: Path) -> subprocess.CompletedProcess:
    environment = dict(os.environ, CHECK_WARNINGS_BUILD=str(build))
    return subprocess.run([str(CHECK), str(log)], capture_output=True, text=True, timeout=60, env=environment)


def test_the_dia_reader_finds_a_kept_warning_and_skips_deleted_sources(tmp_path):
    warned = compile_with_diagnostics(tmp_path, "Warned", "func f() {\n    var unused = 1\n}\n")
    compile_with_diagnostics(tmp_path, "Clean", "func g() -> Int { 1 }\n")
    result = subprocess.run(["python3", str(DIA), str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"{warned}:2:9: warning: initialization of variable 'unused' was never used; consider replacing with assignment to '_' or removing it"
    ]
    warned.unlink()
    result = subprocess.run(["python3", str(DIA), str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.stdout == "", "a .dia left by a deleted source is not a warning"


def test_a_printed_warning_fails_once_and_a_clean_log_passes(tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    log = tmp_path / "build.log"
    log.write_text(
        "[3/9] Compiling StarboardUI Text.swift\n"
        "/src/Text.swift:3:4: warning: variable 'x' was never mutated [#no-usage]\n"
        "1 | let a = 1\n"
        "  |    `- warning: variable 'x' was never mutated\n"
        "/src/Text.swift:3:4: warning: variable 'x' was never mutated [#no-usage]\n"
        "Build complete!\n"
    )
    result = check(log, build)
    assert result.returncode == 1
    assert "check-warnings: 1 warning(s); the build must have none:" in result.stderr
    assert result.stderr.count("/src/Text.swift:3:4: warning: variable 'x' was never mutated") == 1
    log.write_text("[3/9] Compiling StarboardUI Text.swift\nBuild complete!\n")
    result = check(log, build)
    assert result.returncode == 0, result.stderr
    assert "no warnings" in result.stdout


def test_a_warning_kept_by_a_file_the_build_did_not_recompile_fails(tmp_path):
    warned = compile_with_diagnostics(tmp_path, "Kept", "func f() {\n    var unused = 1\n}\n")
    log = tmp_path / "build.log"
    log.write_text("Build complete!\n")
    result = check(log, tmp_path)
    assert result.returncode == 1
    assert f"{warned}:2:9: warning: initialization of variable 'unused'" in result.stderr
