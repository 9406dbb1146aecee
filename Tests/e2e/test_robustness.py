"""End-to-end tests of the server under hostile input and faults (issue 11).

Each test does to the real binary what the attack run did, over real sockets, and checks that the
request at fault gets its own error while the server, the worker and every other client's
changes carry on.
"""

from __future__ import annotations

import asyncio
import json
import time

from test_server import TIMEOUT, connect, receive, subscribe, worker_pids


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
            assert message["type"] == "ack", f"a valid change was refused: {message}"
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
