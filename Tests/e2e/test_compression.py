"""permessage-deflate, which every browser offers: what is compressed, and memory.

Messages under 16 KiB (every seed component's render) come uncompressed on a connection that
negotiated compression; longer ones come compressed. Many clients that negotiated compression,
as a classroom of browsers would, each subscribed and sent renders; then all of them leave. The
server's resident memory is read from /proc.
"""

from __future__ import annotations

import asyncio
import json
import time

import websockets
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Opcode

from test_server import TIMEOUT, connect, receive, rss_kib, subscribe

CLIENTS = 200
# The server's MessageDeflater.uncompressedBelow.
UNCOMPRESSED_BELOW = 16 * 1024


def settled_rss_kib(pid: int) -> int:
    """RSS once it stops moving (the server frees and trims right after clients leave)."""
    previous = rss_kib(pid)
    for _ in range(20):
        time.sleep(0.1)
        current = rss_kib(pid)
        if abs(current - previous) < 64:
            return current
        previous = current
    return previous


def test_compressing_clients_cost_little_memory_and_give_it_back(make_server):
    server = make_server()

    async def run():
        controller, _ = await connect(server)

        async def one_round(count: int) -> list:
            clients = []
            for _ in range(count):
                # websockets offers "permessage-deflate; client_max_window_bits", as Chrome does.
                ws, _ = await connect(server)
                assert ws.protocol.extensions, "permessage-deflate was negotiated"
                await subscribe(ws, "RatingControl")
                clients.append(ws)
            return clients

        # Warm up: the allocator, the render cache and the worker see a client come and go first.
        for ws in await one_round(5):
            await ws.close()
        baseline = settled_rss_kib(server.process.pid)

        clients = await one_round(CLIENTS)
        for stars in (6, 5, 7):
            await controller.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": stars}, "id": stars}))
            await receive(controller, "ack", id=stars)
            renders = await asyncio.gather(*(receive(ws, "render", component="RatingControl") for ws in clients))
            assert all(r["values"]["starCount"] == stars for r in renders)
        loaded = settled_rss_kib(server.process.pid)
        per_client = (loaded - baseline) / CLIENTS
        assert per_client <= 64, f"{per_client:.1f} KiB per compressing client"

        await asyncio.gather(*(ws.close() for ws in clients))
        left = settled_rss_kib(server.process.pid)
        assert left - baseline <= 10 * 1024 / 5, f"{left - baseline} KiB kept after {CLIENTS} clients left"
        await controller.close()
        return per_client, left - baseline

    per_client, kept = asyncio.run(run())
    print(f"{per_client:.1f} KiB per client; {kept} KiB kept after they left")


def test_renders_under_16_kib_come_uncompressed_and_longer_messages_compressed(make_server, monkeypatch):
    server = make_server()
    frames = []  # (RSV1, bytes on the wire) of every text frame, in order
    decode = PerMessageDeflate.decode

    def recording(self, frame, *, max_size=None):
        if frame.opcode is Opcode.TEXT:
            frames.append((frame.rsv1, len(frame.data)))
        return decode(self, frame, max_size=max_size)

    monkeypatch.setattr(PerMessageDeflate, "decode", recording)

    async def run():
        ws, catalog = await connect(server)
        assert ws.protocol.extensions, "permessage-deflate was negotiated"
        steps = [(catalog, list(frames))]
        for component in ("RatingControl", "PageControl", "ProfileSummary"):
            frames.clear()
            render = await subscribe(ws, component)
            steps.append((render, list(frames)))
        await ws.close()
        return steps

    for message, seen in asyncio.run(run()):
        # The server's JSON has the same members; this one may differ by a few escapes.
        size = len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode())
        compressed, wire = seen[-1]  # the frame the awaited message came in
        name = message.get("component", message["type"])
        if abs(size - UNCOMPRESSED_BELOW) > UNCOMPRESSED_BELOW // 20:
            assert compressed == (size >= UNCOMPRESSED_BELOW), f"{name}: {size} bytes, {wire} on the wire, compressed {compressed}"
        if not compressed:
            assert wire < UNCOMPRESSED_BELOW, f"{name}: a message of {wire} bytes came uncompressed"
        else:
            assert wire < size / 2, f"{name}: {size} bytes compressed to {wire}"
