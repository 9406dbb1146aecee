"""Fixtures shared by the end-to-end tests.

`server` starts the real server (`STARBOARD_BIN`, else `.build/debug/starboard`)
with `serve --port 0 --web Web --state <tmp>/state.json`, reads the URL it
prints, and can restart it on the same port with the same state file.
`make_server` starts more servers for tests that need their own (kill -9,
corrupt state files, other options). Every server is stopped at teardown.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-output" / "screenshots"
STARTUP_TIMEOUT_S = 60


def _binary() -> Path:
    configured = os.environ.get("STARBOARD_BIN")
    return Path(configured) if configured else REPO / ".build" / "debug" / "starboard"


class StarboardServer:
    """The real server as a child process; restartable on the same port."""

    def __init__(self, binary: Path, state_file: Path, extra_args: list[str] | None = None):
        self.binary = binary
        self.state_file = state_file
        self.extra_args = extra_args or []
        self.process: subprocess.Popen | None = None
        self.url: str | None = None
        self.port = 0
        self.output: list[str] = []

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", str(self.port), "--web", "Web", "--state", str(self.state_file), *self.extra_args],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            start_new_session=True,
        )
        lines: queue.Queue[str | None] = queue.Queue()

        def drain(stream):
            # Keep reading so a chatty server never blocks on a full pipe.
            for line in stream:
                self.output.append(line)
                lines.put(line)
            lines.put(None)

        threading.Thread(target=drain, args=(self.process.stdout,), daemon=True).start()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.stop()
                raise RuntimeError("server printed no URL in time:\n" + "".join(self.output))
            try:
                line = lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError("server exited before printing its URL:\n" + "".join(self.output))
            if "http://" in line:
                start = line.index("http://")
                url = line[start:].split()[0]
                self.url = url if url.endswith("/") else url + "/"
                self.port = urlparse(self.url).port
                return

    def stop(self) -> None:
        if not self.process or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def kill9(self) -> None:
        """Ends the server with SIGKILL: no chance to save anything on the way out."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def restart(self) -> None:
        """Stops the server and starts it again on the same port and state file."""
        self.stop()
        deadline = time.monotonic() + 20
        while True:
            try:
                self.start()
                return
            except RuntimeError:
                # The port may linger briefly after the old process exits.
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    binary = _binary()
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

    def make(state_file: Path | None = None, extra_args: list[str] | None = None) -> StarboardServer:
        binary = _binary()
        if not binary.exists():
            pytest.fail(f"no Starboard binary at {binary}; run `swift build` or set STARBOARD_BIN")
        process = StarboardServer(binary, state_file or tmp_path / f"state-{len(started)}.json", extra_args)
        process.start()
        started.append(process)
        return process

    yield make
    for process in started:
        process.stop()
