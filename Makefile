# The two commands of the README. Each installs what a fresh Debian machine with Swift lacks.
.PHONY: serve test build snapshots test-web fuzz sanitize

# Build and start the live preview server on http://127.0.0.1:8080/
serve:
	scripts/install-deps
	swift build --product starboard
	.build/debug/starboard serve $(ARGS)

# Build, then run every test: Swift Testing suites, the server's suites again under
# ThreadSanitizer and AddressSanitizer, the shipped components' audit in every environment, the
# page's pure modules under Node (Tests/web) and each of their rules broken in turn
# (scripts/pagestate-mutations: the tests must catch every one), then the end-to-end tests (server over real
# sockets, the page in headless Chromium, axe-core, Copy as Swift type-checked against the
# built modules). Each libFuzzer harness runs for 5 seconds too, so `make fuzz` never stops building.
# The build itself fails on any compiler warning (scripts/check-warnings).
test:
	scripts/install-deps --test
	scripts/check-warnings
	swift test --skip-build
	scripts/sanitize thread StarboardServerTests
	scripts/sanitize address StarboardServerTests
	FUZZ_SECONDS=5 scripts/fuzz
	.build/debug/starboard audit --components
	scripts/check-swiftui-views
	node --test Tests/web/
	scripts/pagestate-mutations
	python3 -m pytest -q Tests/e2e

build:
	scripts/install-deps
	swift build

# Re-record the golden SVGs after an intended change to a component or the renderer.
snapshots:
	RECORD_SNAPSHOTS=1 swift test --filter ComponentSnapshotTests

# Only the unit tests of the page's pure modules (values, URL state, Swift code, change queue).
test-web:
	node --test Tests/web/

# libFuzzer on the JSON parser, the property value parsers and the request envelope, each for
# FUZZ_SECONDS (default 60); seeds in Fuzz/Corpus. `make test` runs each for 5 seconds.
fuzz:
	scripts/install-deps
	scripts/fuzz

# Every Swift suite under ThreadSanitizer, then under AddressSanitizer (builds of their own in
# .build-sanitize/; a few minutes). `make test` runs the server's suites under both.
sanitize:
	scripts/install-deps
	scripts/sanitize thread
	scripts/sanitize address
