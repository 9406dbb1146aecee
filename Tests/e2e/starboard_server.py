"""The real Starboard server as a child process, for the end-to-end tests."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-output" / "screenshots"
STARTUP_TIMEOUT_S = 60


def binary_path() -> Path:
    configured = os.environ.get("STARBOARD_BIN")
    return Path(configured) if configured else REPO / ".build" / "debug" / "starboard"


class StarboardServer:
    """The real server as a child process; restartable on the same port."""

    def __init__(self, binary: Path, state_file: Path, extra_args: list[str] | None = None,
                 env: dict[str, str] | None = None, cwd: Path | None = None, prefix: list[str] | None = None,
                 web: str | None = "Web"):
        self.binary = binary
        # None: no --web, so the server finds the page it ships as a resource.
        self.web = web
        self.cwd = cwd or REPO
        self.state_file = state_file
        self.extra_args = extra_args or []
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen | None = None
        self.url: str | None = None
        # The first URL as printed, query included; and the access token in it, when the server
        # listens beyond loopback (None on loopback, where none is needed).
        self.printed_url: str | None = None
        self.token: str | None = None
        self.port = 0
        self.output: list[str] = []
        # A command the server runs under, e.g. setpriv to run it as another user.
        self.prefix = prefix or []

    def start(self) -> None:
        self.process = subprocess.Popen(
            [*self.prefix, str(self.binary), "serve", "--port", str(self.port), *(["--web", self.web] if self.web else []),
             "--state", str(self.state_file), *self.extra_args],
            cwd=self.cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            start_new_session=True,
            env=self.env,
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
                self.printed_url = line[start:].split()[0]
                parsed = urlparse(self.printed_url)
                self.url = f"{parsed.scheme}://{parsed.netloc}{parsed.path or '/'}"
                self.token = parse_qs(parsed.query).get("token", [None])[0]
                self.port = parsed.port
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
