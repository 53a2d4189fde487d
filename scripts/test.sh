#!/usr/bin/env bash
# make test, after lint: build with warnings as errors, then every test, in the order and the widths that
# let the suite pass on a busy 2-core machine, run after run, with another suite running beside it.
#
#   1. the in-process tests (everything but the phases below), at most 8 test cases at once;
#   2. the end-to-end tests, which start processes (the built binaries, tmux, swiftc, PostgreSQL servers,
#      swift package), at most 3 at once, so that the processes of one never starve another's;
#   3. the scale-out tests alone: they load the machine on purpose (servers, PostgreSQL, HAProxy, writers),
#      and one times a change's notice between servers (100 ms);
#   4. the browser suite in headless Chromium;
#   5. the Subsonic client libraries from PyPI against a served music folder;
#   6. real Subsonic client programs from Debian (program_*.py) against a served music folder.
#
# Swift Testing starts every test at once unless told otherwise, and Swift's cooperative pool has one thread
# per core: with ~950 tests started together, a test's time limit measured the queue in front of it. A width
# bounds the queue: a test case starts when one of the width's places is free, and its time limit counts
# from then. (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH is read by Swift Testing itself.)
#
# Everything the run puts in the temporary folder — the tests' own folders, and what the tools they start
# leave there (the Swift driver's TemporaryDirectory.* folders, tmux's sockets, Chromium's profiles) — goes
# into a folder of the run's own, removed when the run ends however it ends. Before that, the run fails if
# a test left a folder of its own behind: a test cleans up what it makes, even when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
flags=(-Xswiftc -warnings-as-errors)
# What each phase runs, as patterns of test names (module, suite or test).
end_to_end='^(BlueLibraryCLITests|RecordingsCLITests|PackageTests|CDynamicLoaderTests)\.|/CompilerChecks/|\.PatternsCommandTests/'
scale_out='CLIScaleOutTests|aChangeThroughOneServerReachesTheOthersPageAtOnce'
in_process_width=${IN_PROCESS_WIDTH:-8}
end_to_end_width=${END_TO_END_WIDTH:-3}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/bluelibrary-make-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# As the system's temporary folder is: the PostgreSQL tests run their servers as the postgres user.
chmod 1777 "$scratch"
export TMPDIR=$scratch TMUX_TMPDIR=$scratch

phase() { printf '\n== make test: %s\n' "$1"; }

phase "build"
"$swift" build --build-tests "${flags[@]}"
bin=$("$swift" build --show-bin-path)

phase "in-process tests ($in_process_width at once)"
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$in_process_width \
    "$swift" test "${flags[@]}" --skip "$end_to_end|$scale_out"

phase "end-to-end tests ($end_to_end_width at once)"
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$end_to_end_width \
    "$swift" test "${flags[@]}" --filter "$end_to_end" --skip "$scale_out"

phase "scale-out tests, alone"
"$swift" test "${flags[@]}" --filter "$scale_out"

phase "browser tests"
BLUELIBRARY_BIN=$bin/bluelibrary /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v

phase "Subsonic client libraries"
venv=.build/subsonic-clients
test -x "$venv/bin/python" || /usr/bin/python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check py-sonic==1.2.0 py-opensonic==10.4.1 knuckles==1.2.0
BLUELIBRARY_BIN=$bin/bluelibrary "$venv/bin/python" -m unittest discover -s Tests/BlueLibrary/Subsonic -v

phase "Subsonic client programs"
# Real apps from Debian, in the system's python3 (program_*.py; the libraries' discovery above takes test_*.py).
# Mopidy-Subidy is not in Debian: it goes into an environment that sees the system's Mopidy (--no-deps, so
# pip never fetches a Mopidy of its own).
mopidy_venv=.build/mopidy-clients
test -x "$mopidy_venv/bin/python" || /usr/bin/python3 -m venv --system-site-packages "$mopidy_venv"
"$mopidy_venv/bin/pip" install -q --disable-pip-version-check --no-deps mopidy-subidy==1.1.0 py-sonic==1.2.0
BLUELIBRARY_BIN=$bin/bluelibrary MOPIDY_PYTHON=$mopidy_venv/bin/python \
    /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Subsonic -p 'program_*.py' -v

phase "what the tests left in the temporary folder"
# The tests' own folders are named LABEL-XXXXXXXX (TestSupport's TemporaryDirectory), bluelibrary-tests-PID
# (TestLibrary's) or bluelibrary-* (the Python suites'); the tools' droppings are not the tests' to remove.
left=$(find "$scratch" -mindepth 1 -maxdepth 1 \
    \( -regextype posix-extended -regex '.*/[a-z0-9-]+-[0-9A-F]{8}' -o -name 'bluelibrary-*' \) -print)
if [ -n "$left" ]; then
    printf 'make test: the tests left these in the temporary folder:\n%s\n' "$left" >&2
    exit 1
fi
echo "nothing"
