# BlueLibrary: the two set-up commands of README.md live here.
#   make run   install what is missing, build the release binary, serve the default library's page
#   make recordings   build the release binaries and start the Recordings app (see README)
#   make test  install what is missing, lint, build with warnings as errors, run every test
#              (Swift Testing suites, the browser suite in headless Chromium, then three Subsonic
#              client libraries from PyPI against a served music folder)

SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/bluelibrary

.PHONY: setup run recordings release test lint format bench bench-startup bench-web bench-flood bench-hostile bench-audio bench-page bench-scan bench-edits bench-subsonic bench-tui-play bench-scale bench-reads bench-transcode bench-watch clean

setup:
	@scripts/setup.sh

# Every product in one build: libBlueLibraryTagLib.so, the TagLib shim bluelibrary loads on first use,
# is built beside the binary and ships with it.
release: setup
	$(SWIFT) build $(RELEASE_FLAGS)

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

# The phases, their widths and the run's own temporary folder are explained in scripts/test.sh.
test: lint
	@scripts/setup.sh tmux chromium chromium-driver python3-selenium ffmpeg postgresql haproxy python3-venv sublime-music \
		mopidy mopidy-mpd mpc
	SWIFT=$(SWIFT) scripts/test.sh

bench: release
	bench/list-and-query.sh

bench-startup: release
	@scripts/setup.sh hyperfine sqlite3
	bench/startup.sh $(BIN)

bench-web: release
	bench/web-vs-beets.sh

bench-flood: release
	bench/connection-flood.sh

bench-hostile: release
	bench/hostile-clients.sh

bench-audio: release
	bench/slow-audio.sh

bench-page: release
	bench/web-page.sh

bench-scan: release
	bench/scan.sh

bench-edits: release
	bench/edits.sh

bench-tui-play: release
	bench/tui-playback.sh $(BIN) 60

bench-subsonic: release
	@scripts/setup.sh wrk ffmpeg python3-venv
	bench/subsonic.sh

bench-scale: release
	@scripts/setup.sh wrk postgresql haproxy curl
	bench/scale.sh

bench-reads: release
	bench/read-scaling.sh

bench-transcode: release
	@scripts/setup.sh ffmpeg curl
	bench/transcode.sh

bench-watch: release
	bench/watch.sh

clean:
	rm -rf .build
