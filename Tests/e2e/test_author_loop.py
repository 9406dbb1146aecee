"""The component author's loop, end to end, in a throwaway copy of the package:
`starboard new` adds a component that needs nothing but its file and one registration line,
and `serve --watch` rebuilds on save and swaps the new code in without dropping a connection
or a value, showing build errors in the meantime.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import websockets

from starboard_server import REPO, StarboardServer

BUILD_TIMEOUT = 600
OUTPUT = REPO / "test-output"


def build(package: Path) -> None:
    for attempt in range(2):
        result = subprocess.run(["swift", "build", "--product", "starboard"], cwd=package, capture_output=True, text=True,
                                timeout=BUILD_TIMEOUT)
        # On a machine short of processes SwiftPM can fail to start the compiler ("unable to
        # spawn process"); that says nothing about the code, so it gets one more try.
        if result.returncode == 0 or "unable to spawn process" not in result.stdout + result.stderr:
            break
        time.sleep(2)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    """A copy of the package's sources (no build products), built once."""
    copy = tmp_path_factory.mktemp("package") / "Starboard"
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO, capture_output=True, text=True, check=True)
    for name in listed.stdout.splitlines():
        source = REPO / name
        if not source.is_file() or name.startswith(("test-output/", "Tests/e2e/")):
            continue
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    build(copy)
    return copy


def starboard(package: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(package / ".build/debug/starboard"), *arguments], cwd=package, capture_output=True,
                          text=True, timeout=120)


def test_new_component_needs_only_its_file_and_one_line(package):
    created = starboard(package, "new", "TagChip")
    assert created.returncode == 0, created.stderr
    assert (package / "Components/TagChip.swift").exists()
    registry = (package / "Components/Registry.swift").read_text()
    assert registry.count("TagChip.self,") == 1
    build(package)
    listed = json.loads(starboard(package, "list", "--json").stdout)
    chip = next(c for c in listed if c["name"] == "TagChip")
    assert [p["name"] for p in chip["properties"]] == ["title", "tint"]
    assert [v["name"] for v in chip["variants"]] == ["Long title"]
    rendered = starboard(package, "render", "TagChip", "title=Hello")
    assert rendered.returncode == 0 and ">Hello</text>" in rendered.stdout
    # Names that exist or are not identifiers are refused, and nothing is written.
    for name, message in [("TagChip", "already"), ("9lives", "not a Swift identifier"), ("struct", "keyword")]:
        refused = starboard(package, "new", name)
        assert refused.returncode == 2 and message in refused.stderr, refused.stderr
    assert (package / "Components/Registry.swift").read_text() == registry


def save_like_an_editor(path: Path, text: str) -> None:
    """Write a temp file beside the original and rename it over, as many editors do."""
    temporary = path.with_name(f".{path.name}.swp")
    temporary.write_text(text)
    os.replace(temporary, path)


async def next_message(ws, predicate, timeout: float, seen: list | None = None):
    """The next message matching `predicate`; the ones skipped on the way go into `seen`."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
        if predicate(message):
            return message
        if seen is not None:
            seen.append(message)


def build_states(messages: list) -> list:
    return [m["state"] for m in messages if m["type"] == "build"]


def test_watch_rebuilds_and_swaps_code_keeping_connections_and_values(package):
    server = StarboardServer(package / ".build/debug/starboard", package / ".starboard/state.json",
                             ["--watch", "--no-origin-check", "--web", str(REPO / "Web")], cwd=package)
    server.start()
    source = package / "Components/RatingControl.swift"
    original = source.read_text()
    figures = {}
    try:
        async def run():
            ws = await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], max_size=None)
            await next_message(ws, lambda m: m["type"] == "catalog", 10)
            await ws.send(json.dumps({"type": "subscribe", "component": "RatingControl"}))
            await next_message(ws, lambda m: m["type"] == "render", 10)
            await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 7, "rating": 2}, "id": 1}))
            await next_message(ws, lambda m: m["type"] == "render" and m["values"]["starCount"] == 7, 10)

            # Save a change: the new code renders, values and the connection stay.
            saved = time.monotonic()
            save_like_an_editor(source, original.replace("red8: 255, green8: 184, blue8: 0", "red8: 0, green8: 184, blue8: 255"))
            seen: list = []
            render = await next_message(ws, lambda m: m["type"] == "render" and 'fill="#00B8FF"' in m["svg"], BUILD_TIMEOUT, seen)
            figures["save_to_preview_s"] = time.monotonic() - saved
            # The phases as they start, then `succeeded`, then the catalog of the new code.
            kinds = [m["type"] if m["type"] != "build" else m["state"] for m in seen if m["type"] in ("build", "catalog")]
            assert kinds[-2:] == ["succeeded", "catalog"] and set(kinds[:-2]) == {"building"}, kinds
            done = next(m for m in seen if m["type"] == "build" and m["state"] == "succeeded")
            # Only a body changed: the module's compile and the link, without SwiftPM.
            assert done["how"] == "direct", done
            started = [m["phase"] for m in seen if m["type"] == "build" and m["state"] == "building"]
            # (The first direct compile after SwiftPM's own writes a .swiftmodule that differs from
            # SwiftPM's, so what imports it is compiled too: compiling and linking may come twice.)
            assert started[0] == "planning" and started[-1] == "restarting", started
            assert {"compiling", "linking"} <= set(started) <= {"planning", "compiling", "linking", "restarting"}, started
            assert [p["name"] for p in done["phases"]] == started and all(p["seconds"] >= 0 for p in done["phases"])
            figures["build_s"] = done["buildSeconds"]
            assert render["values"]["starCount"] == 7 and render["values"]["rating"] == 2
            assert render["svg"].count('fill="#00B8FF"') == 2 and "variants" in render

            # Break the build: the error comes with file and line; the last good code keeps serving.
            broken = original.replace("    var body: some View {", "    let broken: Int = \"not a number\"\n\n    var body: some View {", 1)
            save_like_an_editor(source, broken)
            failed = await next_message(ws, lambda m: m["type"] == "build" and m["state"] in ("succeeded", "failed"), BUILD_TIMEOUT)
            assert failed["state"] == "failed"
            diagnostic = failed["diagnostics"][0]
            assert diagnostic["file"] == "Components/RatingControl.swift"
            assert diagnostic["line"] == broken.splitlines().index('    let broken: Int = "not a number"') + 1
            assert "String" in diagnostic["message"]
            await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 6}, "id": 2}))
            still = await next_message(ws, lambda m: m["type"] == "render" and m["values"]["starCount"] == 6, 10)
            assert 'fill="#00B8FF"' in still["svg"]

            # Fix it: the next good build clears the error.
            save_like_an_editor(source, original)
            seen = []
            back = await next_message(ws, lambda m: m["type"] == "render" and 'fill="#FFB800"' in m["svg"], BUILD_TIMEOUT, seen)
            assert back["values"]["starCount"] == 6
            assert "failed" not in build_states(seen) and build_states(seen)[-1] == "succeeded"
            await ws.close()
        asyncio.run(run())
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        source.write_text(original)
        server.stop()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "reload.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(f"save → new preview {figures['save_to_preview_s']:.2f} s, of which swift build {figures['build_s']:.2f} s")


def test_a_saved_variant_compiles_and_appears_after_the_rebuild(package):
    """Save as variant under `serve --watch`: the line is written, the rebuild compiles it, and the
    new catalog and the variant strip have it; a save with the digest from before is refused and
    leaves the file byte for byte as it was."""
    server = StarboardServer(package / ".build/debug/starboard", package / ".starboard/state-variant.json",
                             ["--watch", "--no-origin-check", "--web", str(REPO / "Web")], cwd=package)
    server.start()
    source = package / "Components/RatingControl.swift"
    original = source.read_text()
    try:
        async def run():
            ws = await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], max_size=None)
            await next_message(ws, lambda m: m["type"] == "catalog", 10)
            await ws.send(json.dumps({"type": "subscribe", "component": "RatingControl"}))
            await next_message(ws, lambda m: m["type"] == "render", 10)
            await ws.send(json.dumps({"type": "set", "component": "RatingControl", "values": {"starCount": 6, "rating": 1}, "id": 1}))
            ack = await next_message(ws, lambda m: m.get("id") == 1, 10)
            await ws.send(json.dumps({"type": "source", "component": "RatingControl", "id": 2}))
            found = await next_message(ws, lambda m: m.get("id") == 2, 10)
            assert found["file"] == "Components/RatingControl.swift" and found["rebuilds"] is True, found

            await ws.send(json.dumps({"type": "saveVariant", "component": "RatingControl", "name": "Six \"quoted\" stars",
                                      "revision": ack["revision"], "digest": found["digest"], "id": 3}))
            saved = await next_message(ws, lambda m: m.get("id") == 3, 10)
            assert saved["type"] == "variantSaved", saved
            assert saved["entry"] == 'Variant("Six \\"quoted\\" stars") { $0.starCount = 6; $0.rating = 1 },'
            written = source.read_bytes()
            assert saved["entry"].encode() in written

            # The digest the page had before the save is stale now: refused, nothing written.
            await ws.send(json.dumps({"type": "saveVariant", "component": "RatingControl", "name": "Again",
                                      "revision": ack["revision"], "digest": found["digest"], "id": 4}))
            refused = await next_message(ws, lambda m: m.get("id") == 4, 10)
            assert refused["type"] == "error" and "changed on disk since the page loaded it" in refused["message"], refused
            assert source.read_bytes() == written

            # The watcher rebuilds: the file compiled, and the new code declares the variant.
            seen: list = []
            catalog = await next_message(ws, lambda m: m["type"] == "catalog", BUILD_TIMEOUT, seen)
            rating = next(c for c in catalog["components"] if c["name"] == "RatingControl")
            assert rating["variants"][-1] == {"name": 'Six "quoted" stars', "values": {"starCount": 6, "rating": 1}}
            # `succeeded` came before the catalog of what the build made.
            assert [m["state"] for m in seen if m["type"] == "build"][-1] == "succeeded", seen
            # Subscribing again brings the variants rendered, the new one among them.
            await ws.send(json.dumps({"type": "unsubscribe", "component": "RatingControl"}))
            await ws.send(json.dumps({"type": "subscribe", "component": "RatingControl"}))
            render = await next_message(ws, lambda m: m["type"] == "render" and "variants" in m, 10)
            variant = next(v for v in render["variants"] if v["name"] == 'Six "quoted" stars')
            assert variant["svg"].count('data-tap="star-') == 6 and variant["svg"].count('fill="#FFB800"') == 1
            await ws.close()
        asyncio.run(run())
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        source.write_text(original)
        server.stop()


def swift_builds_in(package: Path) -> list:
    """The swift-build and compiler processes working in `package` (by working folder or argument)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        name = Path(command[0].decode(errors="replace")).name
        if name in ("swift-build", "swift-frontend", "swiftc", "swift-driver", "ld.gold", "ld.lld", "clang") and (
                cwd.startswith(str(package)) or any(str(package).encode() in part for part in command)):
            found.append((entry.name, name))
    return found


def test_package_swift_edit_falls_back_and_a_stopped_server_leaves_no_build(package):
    """A changed Package.swift is planned by SwiftPM (a full swift build, with the reason), the next
    body edit is compiled directly again, and stopping the server during a full build stops it
    and every compiler it started."""
    server = StarboardServer(package / ".build/debug/starboard", package / ".starboard/state-fallback.json",
                             ["--watch", "--no-origin-check", "--web", str(REPO / "Web")], cwd=package)
    server.start()
    source = package / "Components/RatingControl.swift"
    manifest = package / "Package.swift"
    original, original_manifest = source.read_text(), manifest.read_text()
    stopped = False
    try:
        async def run():
            ws = await websockets.connect(server.ws_url, subprotocols=["starboard.v1"], max_size=None)
            await next_message(ws, lambda m: m["type"] == "catalog", 10)
            await ws.send(json.dumps({"type": "subscribe", "component": "RatingControl"}))
            await next_message(ws, lambda m: m["type"] == "render", 10)

            manifest.write_text(original_manifest + "\n// edited by the test\n")
            save_like_an_editor(source, original.replace("red8: 255, green8: 184, blue8: 0", "red8: 0, green8: 184, blue8: 254"))
            done = await next_message(ws, lambda m: m["type"] == "build" and m["state"] in ("succeeded", "failed"), BUILD_TIMEOUT)
            assert done["state"] == "succeeded" and done["how"] == "swift build", done
            assert "Package.swift changed" in done["reason"], done

            save_like_an_editor(source, original.replace("red8: 255, green8: 184, blue8: 0", "red8: 0, green8: 184, blue8: 253"))
            done = await next_message(ws, lambda m: m["type"] == "build" and m["state"] in ("succeeded", "failed"), BUILD_TIMEOUT)
            assert done["state"] == "succeeded" and done["how"] == "direct", done

            # A full build again, stopped with the server while it runs.
            manifest.write_text(original_manifest + "\n// edited by the test again\n")
            save_like_an_editor(source, original)
            await next_message(ws, lambda m: m["type"] == "build" and m.get("phase") == "building", 30)
            await ws.close()
        asyncio.run(run())
        deadline = time.monotonic() + 30
        while not swift_builds_in(package) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert swift_builds_in(package), "the full build never started"
        server.stop()
        stopped = True
        assert server.process.returncode == 0, "".join(server.output)
        # The server waits for the build it stops before it exits: none is left the moment it has.
        assert swift_builds_in(package) == [], swift_builds_in(package)
    except BaseException:
        print("server output:\n" + "".join(server.output))
        raise
    finally:
        source.write_text(original)
        manifest.write_text(original_manifest)
        if not stopped:
            server.stop()
    # What the stopped build left is built again by hand, as a person would.
    build(package)
