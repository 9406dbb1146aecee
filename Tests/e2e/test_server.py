"""End-to-end tests of the live server: the real binary, real sockets, a real websocket client.

Each test drives `starboard serve --port 0` as a person's browser or a script would, and checks
what comes back over the wire (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import subprocess
import time
from pathlib import Path

import pytest
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from starboard_server import REPO, StarboardServer, binary_path

TIMEOUT = 10


async def connect(server: StarboardServer, origin: str | None = None):
    """Opens a websocket the way the page does and returns it with the catalog it got first."""
    ws = await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], origin=origin or server.origin,
                                  max_size=None, open_timeout=TIMEOUT)
    catalog = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
    assert catalog["type"] == "catalog"
    return ws, catalog


async def receive(ws, type_: str, **match):
    """The next message of `type_` whose fields equal `match`, skipping others."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
        if message["type"] == type_ and all(message.get(k) == v for k, v in match.items()):
            return message


async def subscribe(ws, component: str):
    await ws.send(json.dumps({"type": "subscribe", "component": component}))
    return await receive(ws, "render", component=component)


def stars(svg: str) -> int:
    return svg.count('data-tap="star-')


def filled_stars(svg: str) -> int:
    return svg.count('fill="#FFB800"')


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_catalog_on_connect_lists_every_component(server):
    async def run():
        ws, catalog = await connect(server)
        await ws.close()
        # The components, then the previews of plain views (Components/Screens).
        names = [c["name"] for c in catalog["components"] if not c.get("preview")]
        assert names == ["RatingControl", "HikeBadge", "PageControl", "ProfileSummary"]
        assert all(c.get("preview") for c in catalog["components"][len(names):])
        rating = catalog["components"][0]
        star_count = next(p for p in rating["properties"] if p["name"] == "starCount")
        assert star_count == {"name": "starCount", "label": "Star Count", "kind": "integer", "default": 5,
                              "constraints": {"min": 1, "max": 20, "step": 1}, "help": "How many stars the control shows."}
        assert [v["name"] for v in catalog["components"][1]["variants"]] == ["First Hike", "Earth Day", "Tenth Hike"]
    asyncio.run(run())


def test_set_renders_and_two_clients_stay_in_sync(server):
    async def run():
        a, _ = await connect(server)
        b, _ = await connect(server)
        first = await subscribe(b, "RatingControl")
        assert [v["name"] for v in first["variants"]] == ["No rating", "Three stars", "Large"]
        await a.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 7}, "id": "s1"}))
        ack = await receive(a, "ack", id="s1")
        assert ack["revision"] == first["revision"] + 1
        render = await receive(b, "render", component="RatingControl")
        assert render["revision"] >= ack["revision"]
        assert stars(render["svg"]) == 7
        assert render["values"]["starCount"] == 7
        assert len(render["accessibility"]) == 7
        assert "variants" not in render, "variants are sent once, with the subscription"
        # a, which changed it, was not subscribed and gets no render; subscribing now shows the new state.
        now = await subscribe(a, "RatingControl")
        assert stars(now["svg"]) == 7
        await a.send(json.dumps({"type": "reset", "component": "RatingControl", "id": 2}))
        await receive(a, "ack", id=2)
        assert stars((await receive(b, "render", component="RatingControl"))["svg"]) == 5
        await a.close()
        await b.close()
    asyncio.run(run())


def test_tap_sets_then_clears_the_rating(server):
    async def run():
        ws, _ = await connect(server)
        await subscribe(ws, "RatingControl")
        await ws.send(json.dumps({"type": "tap", "component": "RatingControl", "target": "star-3", "id": 1}))
        ack = await receive(ws, "ack", id=1)
        render = await receive(ws, "render", revision=ack["revision"])
        assert render["values"]["rating"] == 3 and filled_stars(render["svg"]) == 3
        assert render["accessibility"][2]["hint"] == "Tap to reset the rating to zero."
        await ws.send(json.dumps({"type": "tap", "component": "RatingControl", "target": "star-3", "id": 2}))
        ack = await receive(ws, "ack", id=2)
        render = await receive(ws, "render", revision=ack["revision"])
        assert render["values"]["rating"] == 0 and filled_stars(render["svg"]) == 0
        await ws.close()
    asyncio.run(run())


@pytest.mark.parametrize("frame, message", [
    ('{"type":"set"', "malformed JSON"),
    ('[1,2]', "expected a JSON object"),
    ('{"type":"dance","component":"RatingControl"}', 'unknown message type "dance"'),
    ('{"type":"set","component":"RatingControl"}', 'missing field "values"'),
    ('{"type":"set","component":42,"values":{}}', '"component" must be a string'),
    ('{"type":"set","component":"Nope","values":{}}', "Nope: no such component"),
    ('{"type":"set","component":"RatingControl","values":{"starCount":-3}}', "RatingControl.starCount: expected an integer in 1...20, got -3"),
    ('{"type":"set","component":"RatingControl","values":{"starCount":"abc"}}', 'RatingControl.starCount: expected an integer in 1...20, got "abc"'),
    ('{"type":"set","component":"RatingControl","values":{"starCount":6,"spacing":"wide"}}', "RatingControl.spacing: expected a number"),
    ('{"type":"set","component":"RatingControl","values":{"rating":9}}', "RatingControl.rating: expected an integer in 0..."),
    ('{"type":"set","component":"RatingControl","values":{"starSize":{"width":30}}}', "RatingControl.starSize: expected a size"),
    ('{"type":"tap","component":"RatingControl","target":"star-99"}', 'no tap target "star-99"'),
    ('{"type":"reset","component":"RatingControl","properties":["bogus"]}', "RatingControl.bogus: no such property"),
])
def test_bad_requests_get_an_error_and_change_nothing(server, frame, message):
    async def run():
        ws, _ = await connect(server)
        before = await subscribe(ws, "RatingControl")
        await ws.send(frame)
        error = await receive(ws, "error")
        assert message in error["message"]
        # The connection is still open and the state unchanged: a fresh subscription shows the same.
        after = await subscribe(ws, "RatingControl")
        assert after["revision"] == before["revision"] and after["values"] == before["values"]
        await ws.close()
    asyncio.run(run())


def test_errors_echo_the_id_and_name_the_property(server):
    async def run():
        ws, _ = await connect(server)
        await ws.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"grayscale": 2}, "id": 77}))
        error = await receive(ws, "error", id=77)
        assert error["property"] == "grayscale" and error["component"] == "HikeBadge"
        assert error["message"] == "HikeBadge.grayscale: expected a number in 0...1, got 2"
        await ws.close()
    asyncio.run(run())


def test_a_burst_of_sets_ends_in_the_final_state_with_bounded_memory(server):
    async def run():
        watcher, _ = await connect(server)
        await subscribe(watcher, "HikeBadge")
        sender, _ = await connect(server)
        rss_before = rss_kib(server.process.pid)
        for i in range(1000):
            await sender.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"hueRotation": i % 360, "name": f"Hike {i}"}}))
        final = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            render = await receive(watcher, "render", component="HikeBadge")
            if render["values"]["name"] == "Hike 999":
                final = render
                break
        assert final is not None, "the final state never arrived"
        assert final["values"]["hueRotation"] == 999 % 360
        assert ">Hike 999</text>" in final["svg"]
        grown_mib = (rss_kib(server.process.pid) - rss_before) / 1024
        assert grown_mib < 50, f"server memory grew by {grown_mib:.1f} MiB during the burst"
        await sender.send(json.dumps({"type": "reset", "component": "HikeBadge", "id": "r"}))
        await receive(sender, "ack", id="r")
        await watcher.close()
        await sender.close()
    asyncio.run(run())


def test_preview_renders_without_changing_state(server):
    async def run():
        ws, _ = await connect(server)
        before = await subscribe(ws, "RatingControl")
        await ws.send(json.dumps({"type": "preview", "component": "RatingControl", "values": {"starCount": 8}, "id": "p"}))
        preview = await receive(ws, "preview", id="p")
        assert stars(preview["svg"]) == 8
        after = await subscribe(ws, "RatingControl")
        assert after["revision"] == before["revision"]
        await ws.close()
    asyncio.run(run())


def test_foreign_or_missing_origin_is_refused(server):
    async def run():
        for origin in ["http://evil.example", "null"]:
            with pytest.raises(InvalidStatus) as refused:
                await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], origin=origin, open_timeout=TIMEOUT)
            assert refused.value.response.status_code == 403
        # websockets sends no Origin unless told to: refused too.
        with pytest.raises(InvalidStatus) as refused:
            await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], open_timeout=TIMEOUT)
        assert refused.value.response.status_code == 403
        ws, _ = await connect(server, origin=f"http://localhost:{server.port}")
        await ws.close()
    asyncio.run(run())


def test_no_origin_check_lets_scripts_connect(make_server):
    server = make_server(extra_args=["--no-origin-check"])

    async def run():
        ws = await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], open_timeout=TIMEOUT)
        assert json.loads(await ws.recv())["type"] == "catalog"
        await ws.close()
    asyncio.run(run())


def http_get(port: int, path: str, host: str | None = None) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_static_files_fonts_and_security_headers(server):
    status, headers, body = http_get(server.port, "/")
    assert status == 200 and b"<html" in body.lower()
    assert headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    status, headers, _ = http_get(server.port, "/main.js")
    assert status == 200 and "javascript" in headers["content-type"]
    status, headers, body = http_get(server.port, "/fonts/DejaVuSans.ttf")
    assert status == 200 and body == Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").read_bytes()
    assert http_get(server.port, "/missing.html")[0] == 404


@pytest.mark.parametrize("path", ["/../Package.swift", "/%2e%2e/Package.swift", "/..%2fPackage.swift", "/%2e%2e%2f%2e%2e%2fetc/passwd"])
def test_path_traversal_is_refused(server, path):
    status, _, body = http_get(server.port, path)
    assert status in (400, 403, 404)
    assert b"swift-tools-version" not in body and b"root:" not in body


def test_foreign_host_is_refused(server):
    assert http_get(server.port, "/", host="evil.example")[0] == 403
    assert http_get(server.port, "/", host=f"localhost:{server.port}")[0] == 200


def test_oversized_message_closes_the_connection(server):
    async def run():
        ws, _ = await connect(server)
        await ws.send(json.dumps({"type": "set", "component": "HikeBadge", "values": {"name": "x" * 300_000}}))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(10):
                await asyncio.wait_for(ws.recv(), TIMEOUT)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    asyncio.run(run())


def listening_addresses(port: int) -> set[str]:
    """Local addresses with a listening socket on `port`, read from /proc/net/tcp and tcp6."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, port_hex = fields[1].rsplit(":", 1)
            if fields[3] == "0A" and int(port_hex, 16) == port:
                found.add(address)
    return found


def test_listens_on_loopback_only(server):
    # 0100007F is 127.0.0.1 in /proc's little-endian hex; nothing on 0.0.0.0 or [::].
    assert listening_addresses(server.port) == {"0100007F"}


def test_port_in_use_is_a_clear_error(server):
    result = subprocess.run([str(binary_path()), "serve", "--port", str(server.port), "--web", "Web", "--state", "/dev/null"],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"port {server.port} is already in use" in result.stderr
    assert "--port 0" in result.stderr


def set_and_wait(server: StarboardServer, values: dict, component: str = "RatingControl") -> dict:
    async def run():
        ws, _ = await connect(server)
        await ws.send(json.dumps({"type": "set", "component": component, "values": values, "id": "w"}))
        ack = await receive(ws, "ack", id="w")
        await ws.close()
        return ack
    return asyncio.run(run())


def current(server: StarboardServer, component: str = "RatingControl") -> dict:
    async def run():
        ws, _ = await connect(server)
        render = await subscribe(ws, component)
        await ws.close()
        return render
    return asyncio.run(run())


def saved_values(state: Path, component: str = "RatingControl") -> dict:
    """What the state file holds for a component; empty while it is missing or being replaced."""
    try:
        return json.loads(state.read_text())["components"][component]["values"]
    except (OSError, ValueError, KeyError):
        return {}


def wait_for(condition, timeout: float = TIMEOUT) -> bool:
    """Polls `condition` until it holds or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_state_survives_a_restart_and_kill_9(make_server, tmp_path):
    state = tmp_path / "state.json"
    server = make_server(state_file=state)
    set_and_wait(server, {"starCount": 8, "rating": 6})
    server.restart()
    render = current(server)
    assert render["values"]["starCount"] == 8 and render["values"]["rating"] == 6
    revision = render["revision"]
    set_and_wait(server, {"starCount": 9})
    # Saved once changes settle: wait until the file says so, rather than for a fixed time.
    assert wait_for(lambda: saved_values(state).get("starCount") == 9), "the change was never written"
    server.kill9()
    server.start()
    render = current(server)
    assert render["values"]["starCount"] == 9 and render["values"]["rating"] == 6
    assert render["revision"] > revision, "revisions keep counting up across restarts"


def test_corrupt_state_file_is_moved_aside(make_server, tmp_path):
    state = tmp_path / "state.json"
    state.write_text("this is not JSON {")
    server = make_server(state_file=state)
    assert any("not a Starboard state file" in line for line in server.output)
    aside = list(tmp_path.glob("state.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text() == "this is not JSON {"
    assert current(server)["values"]["starCount"] == 5


def test_saved_values_that_no_longer_fit_are_clamped_or_dropped(make_server, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": "starboard.state.v1", "components": {
        "RatingControl": {"revision": 4, "values": {"starCount": 50, "rating": 3, "removedProperty": 1}},
        "GoneComponent": {"revision": 1, "values": {}},
    }}))
    server = make_server(state_file=state)
    output = "".join(server.output)
    assert "RatingControl.starCount: saved 50 no longer fits" in output
    assert "dropped RatingControl.removedProperty" in output
    assert "dropped saved values of GoneComponent" in output
    render = current(server)
    assert render["values"]["starCount"] == 20 and render["values"]["rating"] == 3


def worker_pids(server: StarboardServer) -> set[int]:
    """The server's `starboard worker` children."""
    children = []
    # Each thread's children are listed under that thread; workers are started from several.
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        children += (task / "children").read_text().split()
    return {int(pid) for pid in children if b"worker" in Path(f"/proc/{pid}/cmdline").read_bytes()}


@pytest.mark.parametrize("component, expected", [
    ("TrapOnValue", "TrapOnValue crashed while rendering with value=7: TrapOnValue traps on 7"),
    ("HangOnValue", "HangOnValue timed out after 2 s while rendering with value=7"),
])
def test_a_trapping_or_hanging_component_does_not_take_the_server_down(make_server, component, expected):
    server = make_server(env={"STARBOARD_DIAGNOSTICS": "1"})
    first_worker = worker_pids(server)
    assert len(first_worker) == 1, "component code runs in one worker process"

    async def run():
        author, _ = await connect(server)
        other, _ = await connect(server)
        await subscribe(author, component)
        await subscribe(other, "RatingControl")
        await author.send(json.dumps({"type": "set", "component": component, "values": {"value": 7}, "id": "bad"}))
        error = await receive(author, "error", id="bad")
        assert error["message"].startswith(expected)
        assert error["property"] == "value" and error["crashed"] is True
        problem = await receive(author, "problem", component=component)
        assert problem["message"] == error["message"]
        # The server keeps serving every other component, from a fresh worker.
        await other.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 4}, "id": "ok"}))
        await receive(other, "ack", id="ok")
        assert stars((await receive(other, "render", component="RatingControl"))["svg"]) == 4
        # Changing the value renders again.
        await author.send(json.dumps({"type": "set", "component": component, "values": {"value": 3}, "id": "good"}))
        ack = await receive(author, "ack", id="good")
        render = await receive(author, "render", component=component)
        assert render["revision"] == ack["revision"] and ">value 3</text>" in render["svg"]
        await author.close()
        await other.close()
    asyncio.run(run())
    assert server.process.poll() is None, "the server is still running"
    assert worker_pids(server) and worker_pids(server) != first_worker, "a fresh worker replaced the dead one"
