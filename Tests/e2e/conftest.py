"""Fixtures shared by the end-to-end tests.

`server` starts the real server (`STARBOARD_BIN`, else `.build/debug/starboard`)
with `serve --port 0 --web Web --state <tmp>/state.json`, reads the URL it
prints, and can restart it on the same port with the same state file.
`make_server` starts more servers for tests that need their own (kill -9,
corrupt state files, other options). Every server is stopped at teardown.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from starboard_server import StarboardServer, binary_path

@pytest.fixture(scope="session")
def server(tmp_path_factory):
    binary = binary_path()
    if not binary.exists():
        pytest.fail(f"no Starboard binary at {binary}; run `swift build` or set STARBOARD_BIN")
    state = tmp_path_factory.mktemp("starboard") / "state.json"
    process = StarboardServer(binary, state)
    process.start()
    yield process
    process.stop()




@pytest.fixture
def make_server(tmp_path):
    """Starts servers of a test's own; `make_server(state_file=..., extra_args=[...])`."""
    started: list[StarboardServer] = []

    def make(state_file: Path | None = None, extra_args: list[str] | None = None,
             env: dict[str, str] | None = None, prefix: list[str] | None = None) -> StarboardServer:
        binary = binary_path()
        if not binary.exists():
            pytest.fail(f"no Starboard binary at {binary}; run `swift build` or set STARBOARD_BIN")
        process = StarboardServer(binary, state_file or tmp_path / f"state-{len(started)}.json", extra_args, env,
                                   prefix=prefix)
        process.start()
        started.append(process)
        return process

    yield make
    for process in started:
        process.stop()
