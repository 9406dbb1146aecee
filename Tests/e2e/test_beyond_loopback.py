"""Listening beyond loopback (issue 11, item 9): `--host 0.0.0.0` needs the token it prints.

Browsers on other devices send this machine's own addresses as Host and must be served; any
program on the network must be kept out unless it has the token. The servers here listen on
every interface for a few seconds each and are stopped at teardown.
"""

from __future__ import annotations

import asyncio
import http.client
import base64
import json
import os
import re
import socket
import subprocess
import time

import pytest
import websockets
from websockets.exceptions import InvalidStatus

from starboard_server import REPO, binary_path
from test_server import TIMEOUT, http_get, receive

EVERYWHERE = ["--host", "0.0.0.0"]
HEX_TOKEN = re.compile(r"^[0-9a-f]{32}$")


def own_addresses() -> list[str]:
    """This machine's non-loopback addresses a browser can open (no link-local IPv6)."""
    found = json.loads(subprocess.run(["ip", "-j", "addr"], capture_output=True, text=True, check=True).stdout)
    addresses = [a["local"] for interface in found for a in interface.get("addr_info", [])
                 if a.get("scope") != "host" and not a["local"].startswith("fe80")]
    return sorted(addresses, key=lambda a: ":" in a)


def url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def printed_urls(server) -> list[str]:
    """Every URL the server printed at start-up (the first, then the "also on" lines)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        text = "".join(server.output)
        if "warning: listening on" in text:
            break
        time.sleep(0.05)
    return re.findall(r"(http://\S+)", "".join(server.output).split("warning: listening on")[0])


def upgrade(port: int, path: str, host: str | None = None, origin: str | None = None) -> tuple[str, bytes]:
    """A websocket upgrade by hand, with any Host and Origin: (status line, body of a refusal)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    key = base64.b64encode(os.urandom(16)).decode()
    host = host or f"127.0.0.1:{port}"
    connection.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin or 'http://' + host}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: starboard.v1\r\n\r\n").encode())
    received = b""
    try:
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                break
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        if head.startswith(b"HTTP/1.1 403"):
            length = int(re.search(rb"Content-Length: (\d+)", head, re.I).group(1))
            while len(body) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                body += chunk
        return head.split(b"\r\n")[0].decode(), body
    finally:
        connection.close()


def test_printed_urls_carry_a_fresh_token_for_every_address(make_server):
    server = make_server(extra_args=EVERYWHERE)
    assert server.token is not None and HEX_TOKEN.match(server.token), server.printed_url
    urls = printed_urls(server)
    expected = [f"http://{url_host(a)}:{server.port}/?token={server.token}" for a in own_addresses()]
    assert urls == expected + [f"http://127.0.0.1:{server.port}/?token={server.token}"], "".join(server.output)
    text = "".join(server.output)
    assert "anyone who can reach it and has the token" in text and "plain HTTP" in text, text
    again = make_server(extra_args=EVERYWHERE)
    assert again.token != server.token


def test_loopback_prints_no_token_and_asks_for_none(server):
    assert server.token is None and "?" not in server.printed_url
    assert http_get(server.port, "/")[0] == 200
    assert upgrade(server.port, "/ws")[0] == "HTTP/1.1 101 Switching Protocols"


@pytest.mark.parametrize("query", ["", "?token=", "?token=0123456789abcdef0123456789abcdef", "?other=1"])
def test_websocket_without_the_token_is_refused_with_the_reason(make_server, query):
    server = make_server(extra_args=EVERYWHERE)
    status, body = upgrade(server.port, "/ws" + query)
    assert status.startswith("HTTP/1.1 403"), status
    assert b"needs its access token" in body and b"printed" in body, body
    assert server.token.encode() not in body
    # Refusals cost the server nothing: it still serves the token's holder.
    assert upgrade(server.port, f"/ws?token={server.token}")[0] == "HTTP/1.1 101 Switching Protocols"


def test_a_token_one_character_off_is_refused(make_server):
    server = make_server(extra_args=EVERYWHERE)
    last = server.token[-1]
    wrong = server.token[:-1] + ("0" if last != "0" else "1")
    assert upgrade(server.port, f"/ws?token={wrong}")[0].startswith("HTTP/1.1 403")
    assert upgrade(server.port, f"/ws?token={server.token}x")[0].startswith("HTTP/1.1 403")
    assert upgrade(server.port, f"/ws?token={server.token[:-1]}")[0].startswith("HTTP/1.1 403")


def test_the_token_opens_the_whole_protocol(make_server):
    server = make_server(extra_args=EVERYWHERE)

    async def run():
        ws = await websockets.connect(f"{server.ws_url}?token={server.token}", subprotocols=["starboard.v1"],
                                      origin=server.origin, max_size=None, open_timeout=TIMEOUT)
        assert json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))["type"] == "catalog"
        await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 6}, "id": 1}))
        assert (await receive(ws, "ack", id=1))["component"] == "RatingControl"
        await ws.close()
        with pytest.raises(InvalidStatus) as refused:
            await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], origin=server.origin,
                                     open_timeout=TIMEOUT)
        assert refused.value.response.status_code == 403
    asyncio.run(run())


def test_the_machines_own_addresses_and_name_are_allowed_hosts(make_server):
    server = make_server(extra_args=EVERYWHERE)
    port, token = server.port, server.token
    hosts = [f"{url_host(a)}:{port}" for a in own_addresses()] + [f"{socket.gethostname().lower()}:{port}"]
    for host in hosts:
        status, _ = upgrade(port, f"/ws?token={token}", host=host)
        assert status == "HTTP/1.1 101 Switching Protocols", (host, status)
        assert http_get(port, f"/?token={token}", host=host)[0] == 200, host
    # Not every name: DNS rebinding stays refused, token or not.
    assert upgrade(port, f"/ws?token={token}", host=f"evil.example:{port}")[0].startswith("HTTP/1.1 403")
    assert http_get(port, f"/?token={token}", host=f"evil.example:{port}")[0] == 403
    # And the Origin must still be one of ours.
    own = f"{url_host(own_addresses()[0])}:{port}" if own_addresses() else f"127.0.0.1:{port}"
    status, body = upgrade(port, f"/ws?token={token}", host=own, origin="http://evil.example")
    assert status.startswith("HTTP/1.1 403") and b"Origin" in body


def test_the_page_needs_the_token_and_its_files_do_not(make_server):
    server = make_server(extra_args=EVERYWHERE)
    status, headers, body = http_get(server.port, "/")
    assert status == 403 and b"needs its access token" in body, body
    assert "default-src 'self'" in headers["content-security-policy"]
    assert http_get(server.port, "/index.html?token=nope")[0] == 403
    status, _, body = http_get(server.port, f"/?token={server.token}")
    assert status == 200 and b"<html" in body.lower()
    assert http_get(server.port, f"/?c=RatingControl&starCount=3&token={server.token}")[0] == 200
    assert http_get(server.port, "/main.js")[0] == 200
    assert http_get(server.port, "/fonts/DejaVuSans.ttf")[0] == 200


def test_a_chosen_token_is_used_and_a_bad_one_refused(make_server):
    chosen = "my-studio-tablet_2026.token"
    server = make_server(extra_args=EVERYWHERE, env={"STARBOARD_TOKEN": chosen})
    assert server.token == chosen
    assert upgrade(server.port, f"/ws?token={chosen}")[0] == "HTTP/1.1 101 Switching Protocols"
    result = subprocess.run([str(binary_path()), "serve", "--port", "0", "--web", "Web", "--state", "/dev/null", *EVERYWHERE],
                            cwd=REPO, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "STARBOARD_TOKEN": "short"})
    assert result.returncode == 2, result.stdout + result.stderr
    assert "STARBOARD_TOKEN: a token needs 16 to 256 characters; got 5" in result.stderr
    assert "listening" not in result.stdout


def test_one_address_of_the_network_needs_the_token_too(make_server):
    addresses = [a for a in own_addresses() if ":" not in a]
    if not addresses:
        pytest.skip("this machine has no IPv4 address besides loopback")
    own = addresses[0]
    server = make_server(extra_args=["--host", own])
    assert printed_urls(server) == [f"http://{own}:{server.port}/?token={server.token}"]
    assert HEX_TOKEN.match(server.token)

    def get(path: str) -> int:
        connection = http.client.HTTPConnection(own, server.port, timeout=TIMEOUT)
        connection.request("GET", path)
        status = connection.getresponse().status
        connection.close()
        return status
    assert get("/") == 403
    assert get(f"/?token={server.token}") == 200
