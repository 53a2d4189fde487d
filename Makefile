# BlueLibrary: the two set-up commands of README.md live here.
#   make run   install what is missing, build the release binary, serve the default library's page
#   make recordings   build the release binaries and start the Recordings app (see README)
#   make test  install what is missing, lint, build with warnings as errors, run every test
#              (Swift Testing suites, then the browser suite in headless Chromium)

SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/bluelibrary

.PHONY: setup run recordings release test lint format bench bench-startup bench-web bench-flood bench-page bench-scan bench-edits bench-tui-play clean

setup:
	@scripts/setup.sh

# The products only: the test-support target imports Testing, which a release build lacks.
# libBlueLibraryTagLib.so, the TagLib shim bluelibrary loads on first use, is built beside it and ships
# with it.
release: setup
	for product in bluelibrary BlueLibraryTagLib recordings patterns; do $(SWIFT) build $(RELEASE_FLAGS) --product $$product || exit 1; done

run: release
	$(BIN) serve

recordings: release
	.build/release/recordings

lint: setup
	@scripts/setup.sh eslint python3-tinycss2
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	scripts/lint-page.sh

format:
	$(SWIFT) format --in-place --recursive --parallel Sources Tests Package.swift

test: lint
	@scripts/setup.sh tmux chromium chromium-driver python3-selenium ffmpeg postgresql
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test -Xswiftc -warnings-as-errors
	BLUELIBRARY_BIN=$$($(SWIFT) build --show-bin-path)/bluelibrary /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v

bench: release
	bench/list-and-query.sh

bench-startup: release
	@scripts/setup.sh hyperfine sqlite3
	bench/startup.sh $(BIN)

bench-web: release
	bench/web-vs-beets.sh

bench-flood: release
	bench/connection-flood.sh

bench-page: release
	bench/web-page.sh

bench-scan: release
	bench/scan.sh

bench-edits: release
	bench/edits.sh

bench-tui-play: release
	bench/tui-playback.sh $(BIN) 60

clean:
	rm -rf .build
