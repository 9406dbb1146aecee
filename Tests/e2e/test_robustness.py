"""End-to-end tests of the server under hostile input and faults (issue 11).

Each test does to the real binary what the attack run did, over real sockets, and checks that the
request at fault gets its own error while the server, the worker and every other client's
changes carry on.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from starboard_server import REPO, binary_path
from test_server import (TIMEOUT, connect, current, http_get, receive, saved_values, set_and_wait, subscribe, wait_for,
                         worker_pids)


def nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


def test_a_deep_request_is_its_own_error_and_loses_no_other_change(make_server):
    """A 187-byte set nesting 61 arrays passed the server's depth limit but not the worker's: the
    worker could not read the batch, and every other change in it was lost."""
    server = make_server()
    first_worker = worker_pids(server)

    async def run():
        author, _ = await connect(server)
        attacker, _ = await connect(server)
        watcher, _ = await connect(server)
        await subscribe(watcher, "RatingControl")
        deep = '{"type":"set","component":"RatingControl","id":"deep","values":{"starCount":' + nested(61) + "}}"
        # The author's changes and the deep one arrive together, so they would share a batch.
        for i in range(25):
            await author.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 2 + i % 18}, "id": i}))
        await attacker.send(deep)
        for i in range(25, 50):
            await author.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 2 + i % 18}, "id": i}))
        error = await receive(attacker, "error", id="deep")
        assert "nested deeper than 32 levels" in error["message"] and "crashed" not in error
        acks = {}
        deadline = time.monotonic() + TIMEOUT
        while len(acks) < 50 and time.monotonic() < deadline:
            message = json.loads(await asyncio.wait_for(author.recv(), TIMEOUT))
            assert message["type"] != "error", f"a valid change was refused: {message}"
            if message["type"] == "ack":
                acks[message["id"]] = message["revision"]
        assert sorted(acks) == list(range(50)), "every valid change is acknowledged"
        last = 2 + 49 % 18
        while True:
            render = await receive(watcher, "render", component="RatingControl")
            if render["revision"] == max(acks.values()):
                break
        assert render["values"]["starCount"] == last
        for ws in (author, attacker, watcher):
            await ws.close()
    asyncio.run(run())
    assert worker_pids(server) == first_worker, "the worker kept running"


# --- Saving: loud failures, unreadable files, revisions (items 4-7) ---------------------------------

AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]


def shared_folder() -> Path:
    """A folder user nobody can enter (pytest's own tmp folders are root's, mode 700)."""
    folder = Path(tempfile.mkdtemp(prefix="starboard-robust-"))
    folder.chmod(0o755)
    return folder


def serve(state: Path, prefix: list[str] | None = None) -> subprocess.CompletedProcess:
    """`starboard serve` that must exit by itself (it refuses to start)."""
    return subprocess.run([*(prefix or []), str(binary_path()), "serve", "--port", "0", "--web", "Web", "--state", str(state)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)


def saved_file(state: Path) -> dict:
    return json.loads(state.read_text())


def test_a_state_file_that_cannot_be_read_refuses_to_start_and_is_left_alone():
    """A permission error was taken for "no file": the server started from defaults and its first
    save replaced the values it could not read."""
    folder = shared_folder()
    try:
        state = folder / "state.json"
        original = json.dumps({"format": "starboard.state.v1", "components": {"RatingControl": {"revision": 4, "values": {"starCount": 9}}}})
        state.write_text(original)
        state.chmod(0o600)  # root's, as `sudo make serve` leaves it
        result = serve(state, AS_NOBODY)
        assert result.returncode == 1, result.stdout + result.stderr
        assert str(state) in result.stderr and "Permission denied" in result.stderr
        assert "listening" not in result.stdout
        assert state.read_text() == original, "what could not be read is never overwritten"
    finally:
        shutil.rmtree(folder)


def test_a_state_path_that_cannot_be_written_is_said_at_start_to_the_page_and_at_stop(make_server):
    """On a folder owned by another user, every change was acknowledged, nothing saved, no word,
    and shutdown still printed "values saved"."""
    folder = shared_folder()
    try:
        state_folder = folder / ".starboard"
        state_folder.mkdir()
        state = state_folder / "state.json"
        state.write_text(json.dumps({"format": "starboard.state.v1", "components": {"RatingControl": {"revision": 4, "values": {"starCount": 9}}}}))
        state.chmod(0o644)  # readable by all, writable by root only
        server = make_server(state_file=state, prefix=AS_NOBODY)
        output = "".join(server.output)
        assert "values will NOT be saved" in output and str(state) in output

        async def run():
            ws, _ = await connect(server)
            saving = await receive(ws, "saving")
            assert saving["state"] == "failed" and str(state) in saving["message"]
            render = await subscribe(ws, "RatingControl")
            assert render["values"]["starCount"] == 9, "what was read is served"
            await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 3}, "id": 1}))
            await receive(ws, "ack", id=1)
            await ws.close()
        asyncio.run(run())
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=10)
        assert server.process.returncode == 1
        # The last lines reach `output` through a reading thread, a moment after the exit.
        assert wait_for(lambda: "could NOT be saved" in "".join(server.output))
        assert "values saved" not in "".join(server.output)
        assert saved_file(state)["components"]["RatingControl"]["values"] == {"starCount": 9}
    finally:
        shutil.rmtree(folder)


def test_a_save_that_fails_while_serving_is_a_problem_on_the_page_until_it_works_again(make_server, tmp_path):
    state_folder = tmp_path / "state"
    server = make_server(state_file=state_folder / "state.json")

    async def run():
        ws, _ = await connect(server)
        # The folder is taken away and a file put in its place: no save can work, root's included.
        shutil.rmtree(state_folder)
        state_folder.write_text("in the way")
        await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 4}, "id": 1}))
        await receive(ws, "ack", id=1)
        saving = await receive(ws, "saving")
        assert saving["state"] == "failed" and "could not save the values" in saving["message"]
        state_folder.unlink()
        # Not 5, the default: the state file keeps only values that differ from their defaults.
        await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 6}, "id": 2}))
        await receive(ws, "ack", id=2)
        assert (await receive(ws, "saving"))["state"] == "ok"
        await ws.close()
    asyncio.run(run())
    assert wait_for(lambda: saved_values(state_folder / "state.json").get("starCount") == 6)
    assert any("could not save the values" in line for line in server.output)


def test_a_saved_revision_near_int_max_does_not_trap(make_server, tmp_path):
    """`entry.revision += 1` trapped on the first change, and again after every restart."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": "starboard.state.v1", "components": {
        "RatingControl": {"revision": 9223372036854775807, "values": {"starCount": 6}}}}))
    server = make_server(state_file=state)
    assert any("saved revision 9223372036854775807 is beyond" in line for line in server.output)
    for round_ in range(2):
        ack = set_and_wait(server, {"starCount": 7 + round_})
        assert ack["revision"] <= 2 ** 53 - 1
        assert server.process.poll() is None, "the server is still running"
        server.restart()
    assert current(server)["values"]["starCount"] == 8


def test_a_huge_saved_value_is_dropped_quoted_briefly_and_the_rest_restored(make_server, tmp_path):
    """A 50 MB saved value went whole to the worker (which timed out on it) and whole into the
    warning line. 4 MB shows it as well: dropped at load, a short line, the other values kept."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": "starboard.state.v1", "components": {
        "HikeBadge": {"revision": 9, "values": {"name": "x" * 4_000_000, "hueRotation": 90}}}}))
    started = time.monotonic()
    server = make_server(state_file=state)
    assert time.monotonic() - started < 30
    printed = "".join(server.output)
    assert len(printed) < 4000, f"{len(printed)} characters printed at start-up"
    assert "dropped saved HikeBadge.name: 4000002 bytes written out" in printed
    assert "timed out" not in printed
    values = current(server, "HikeBadge")["values"]
    assert values["hueRotation"] == 90 and values["name"] != "x" * 4_000_000


def test_kill_9_never_sends_revisions_backwards(make_server, tmp_path):
    """Acks go out before the value is saved; after kill -9 the restarted server must still count
    above every revision it acknowledged, or clients that drop renders not newer drop them."""
    state = tmp_path / "state.json"
    server = make_server(state_file=state)

    async def flood():
        ws, _ = await connect(server)
        newest = 0
        for i in range(300):
            await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 1 + i % 20}, "id": i}))
        for _ in range(300):
            newest = max(newest, (await receive(ws, "ack"))["revision"])
        return newest, ws
    newest, ws = asyncio.run(flood())
    server.kill9()
    server.start()
    render = current(server)
    assert render["revision"] > newest, f"restarted at {render['revision']}, below {newest} acknowledged before kill -9"
    ack = set_and_wait(server, {"starCount": 2})
    assert ack["revision"] > newest


def test_forty_characters_of_stacked_marks_are_refused_by_bytes(server):
    """`maxLength: 40` counted characters: 40 letters carrying marks were 261 KB, accepted, saved
    and sent to every subscriber as a 1.3 MB render."""
    heavy = ("a" + "\u0301" * 1500) * 40

    async def run():
        ws, _ = await connect(server)
        before = await subscribe(ws, "HikeBadge")
        await ws.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"name": heavy}, "id": "heavy"}, ensure_ascii=False))
        error = await receive(ws, "error", id="heavy")
        assert error["property"] == "name"
        assert "at most 1280 bytes" in error["message"]
        await ws.send(json.dumps({"type": "preview", "component": "HikeBadge", "values": {"name": heavy}, "id": "p"}, ensure_ascii=False))
        assert "at most 1280 bytes" in (await receive(ws, "error", id="p"))["message"]
        zalgo = "Trail" + "\u0301" * 40
        await ws.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"name": zalgo}, "id": "z"}, ensure_ascii=False))
        assert "code points each" in (await receive(ws, "error", id="z"))["message"]
        after = await subscribe(ws, "HikeBadge")
        assert after["revision"] == before["revision"] and after["values"] == before["values"]
        await ws.close()
    asyncio.run(run())


# --- Listening where asked (item 8) and large headers (item 10) -----------------------------------

def listening_on(port: int) -> set[str]:
    result = subprocess.run(["ss", "-Htln", f"sport = :{port}"], capture_output=True, text=True, check=True)
    return {line.split()[3].rsplit(":", 1)[0] for line in result.stdout.splitlines()}


def test_host_localhost_resolves_and_binds(make_server):
    """`--host localhost` printed "listening" and bound nothing."""
    server = make_server(extra_args=["--host", "localhost"])
    assert any(f"http://localhost:{server.port}/" in line for line in server.output)
    assert listening_on(server.port) == {"127.0.0.1"}
    status, _, _ = http_get(server.port, "/", host=f"localhost:{server.port}")
    assert status == 200


def test_host_ipv6_literal_prints_one_pair_of_brackets(make_server):
    if not socket.has_ipv6 or not Path("/proc/net/if_inet6").read_text().strip():
        pytest.skip("no IPv6 on this machine")
    server = make_server(extra_args=["--host", "[::1]"])
    assert any(f"http://[::1]:{server.port}/" in line for line in server.output), server.output
    assert not any("[[" in line for line in server.output)
    assert listening_on(server.port) == {"[::1]"}


@pytest.mark.parametrize("host, reason", [
    ("no-such-host.invalid", "does not resolve"),
    ("192.0.2.7", "not an address of this machine"),
])
def test_a_host_that_cannot_be_listened_on_exits_with_the_reason(host, reason):
    result = subprocess.run([str(binary_path()), "serve", "--host", host, "--port", "0", "--web", "Web", "--state", "/dev/null"],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert host in result.stderr and reason in result.stderr
    assert "listening" not in result.stdout


def raw_request(port: int, headers: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as connection:
        connection.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}\r\n".encode())
        answer = b""
        while not answer.endswith(b"\n") or b"\r\n\r\n" not in answer:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


def test_large_cookies_are_served_and_larger_headers_get_431(server):
    """More than ~4 KB of request headers (other apps' localhost cookies) got no response."""
    cookies = "; ".join(f"app{i}={'c' * 900}" for i in range(12))  # ~11 KB, as a busy localhost has
    assert raw_request(server.port, f"Cookie: {cookies}\r\n").startswith(b"HTTP/1.1 200")
    refused = raw_request(server.port, f"Cookie: big={'x' * 20000}\r\n")
    assert refused.startswith(b"HTTP/1.1 431")
    assert b"x-content-type-options: nosniff" in refused.lower()


def test_a_request_larger_than_the_worker_pipe_is_answered_not_timed_out(server):
    """A request frame over two pipe buffers (128 KiB) never finished reaching the worker: lws
    drops a raw descriptor's write interest asked for inside its own writable callback. The
    worker was killed as hung after 2 s, with every change of the batch."""
    async def run():
        ws, _ = await connect(server)
        await ws.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"name": "x" * 200_000}, "id": "big"}))
        error = await receive(ws, "error", id="big")
        assert error["property"] == "name" and "crashed" not in error, error["message"][:200]
        await ws.close()
    asyncio.run(run())


# --- Smaller ones (item 13) ------------------------------------------------------------------------

def raw_websocket(port: int) -> tuple[socket.socket, bytes]:
    """A websocket opened by hand, to send what well-behaved client libraries refuse to."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: starboard.v1\r\n\r\n").encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += connection.recv(65536)
    head, rest = received.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 101")
    return connection, rest


def masked(opcode: int, payload: bytes) -> bytes:
    key = os.urandom(4)
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def frames(data: bytes):
    """(opcode, payload) of each whole server frame in `data` (servers do not mask)."""
    while len(data) >= 2:
        opcode, length, at = data[0] & 0x0F, data[1] & 0x7F, 2
        if length == 126:
            length, at = struct.unpack(">H", data[2:4])[0], 4
        elif length == 127:
            length, at = struct.unpack(">Q", data[2:10])[0], 10
        if len(data) < at + length:
            return
        yield opcode, data[at:at + length]
        data = data[at + length:]


@pytest.mark.parametrize("sent, answered", [(1000, 1000), (4000, 4000), (5000, 1002), (65535, 1002), (1005, 1002), (999, 1002)])
def test_a_close_status_no_endpoint_may_send_is_answered_with_1002(server, sent, answered):
    """Close codes 5000 and 65535 were echoed instead of 1002 (RFC 6455, 7.4)."""
    connection, data = raw_websocket(server.port)
    with connection:
        connection.sendall(masked(8, struct.pack(">H", sent) + b"bye"))
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            closes = [payload for opcode, payload in frames(data) if opcode == 8]
            if closes:
                assert struct.unpack(">H", closes[0][:2])[0] == answered
                return
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    raise AssertionError("no close frame came back")


def test_an_empty_set_does_not_bump_the_revision(server):
    async def run():
        ws, _ = await connect(server)
        before = await subscribe(ws, "PageControl")
        await ws.send(json.dumps({"type": "set", "component": "PageControl", "values": {}, "id": "empty"}))
        ack = await receive(ws, "ack", id="empty")
        assert ack["revision"] == before["revision"]
        assert (await subscribe(ws, "PageControl"))["revision"] == before["revision"]
        await ws.close()
    asyncio.run(run())


def test_a_date_time_whose_time_is_none_is_refused(server):
    async def run():
        ws, _ = await connect(server)
        await ws.send(json.dumps({"type": "set", "component": "ProfileSummary", "values": {"goalDate": "2026-05-01T99:99"}, "id": "d"}))
        error = await receive(ws, "error", id="d")
        assert error["property"] == "goalDate"
        await ws.close()
    asyncio.run(run())
