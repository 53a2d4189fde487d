#!/usr/bin/env bash
# The web page at scale, in headless Chromium at 1280×800, against its goals: time to
# show the current album from navigation start, cover requests before scrolling, DOM elements, JS
# heap, End → the last album's details, and holding → for 5 s (the longest task, frames per second);
# then the server's memory while 16 clients page through the largest library at once. Each figure is
# printed next to its goal. Not part of `make test` (timings depend on the machine).
#
#   bench/web-page.sh [ALBUMS ...]      (default: 5000 100000 imported albums, plus the five seeds;
#                                        make bench-page builds the static release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh chromium chromium-driver python3-selenium
exec /usr/bin/python3 bench/web_page.py "$bin" "$@"
