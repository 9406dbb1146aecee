"""The flood bench runs in CI, briefly: `scripts/flood-latency` is a tool the repo ships, and one
that does not run is one nobody notices breaking (issue 27). A few requests of each flood
against the debug server; the figures themselves are the README's, from release builds."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from starboard_server import binary_path

REPO = Path(__file__).resolve().parents[2]


def test_flood_latency_runs_every_flood_and_the_read_budget_pauses_the_plain_flooder():
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "flood-latency"), "--count", "50", "--windows", "10",
         "--seconds", "1", "--longest", "2"],
        cwd=REPO, env={**os.environ, "STARBOARD_BIN": str(binary_path())},
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line for line in result.stdout.splitlines() if re.search(r"median [\d.]+ ms, p99 [\d.]+ ms", line)]
    # Every flood of the script's table gave figures (the timed ones labelled with their length).
    assert len(rows) >= 9, result.stdout
    assert any("valid, for 1 s" in row for row in rows), result.stdout
    # No flood made the server tell the probe a problem (a false "timed out").
    assert all(" 0 problems told" in row for row in rows), result.stdout
    # The client that does not compress went past its read budget and was paused, the one that
    # compresses was refused: each was told so, and not every frame of the latter was answered.
    plain = next(row for row in rows if "does not compress" in row)
    assert re.search(r"told of [1-9]\d* read pauses and 0 refusals", plain), plain
    compressing = next(row for row in rows if "valid, for 1 s (" in row)
    assert re.search(r"told of 0 read pauses and [1-9]\d* refusals", compressing), compressing
    sent, answered = map(int, re.search(r"the flooder sent (\d+), (\d+) were answered", compressing).groups())
    assert answered < sent, compressing
    assert re.search(r"presence storm: 10 windows joined one component; .* they got \d+ presence messages", result.stdout), result.stdout
