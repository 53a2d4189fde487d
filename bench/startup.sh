#!/usr/bin/env bash
# Start-up of the command line: `bluelibrary list` on a new five-album library, next to the sqlite3
# shell running the same SELECT on the same file (issue 11: within 2x).
#
#   bench/startup.sh BINARY [RUNS]      e.g. bench/startup.sh .build/release/bluelibrary
#
# It builds nothing: give it the binary to measure (ship and measure the static release build,
# `swift build -c release --static-swift-stdlib`). Both commands run without a shell (hyperfine -N),
# RUNS times each (default 51, at least 21) after a warm-up; the medians and their ratio are printed.
set -euo pipefail
bin=${1:?usage: bench/startup.sh BINARY [RUNS]}
runs=${2:-51}
[ -x "$bin" ] || { echo "bench/startup.sh: $bin is not an executable" >&2; exit 1; }
[ "$runs" -ge 21 ] || { echo "bench/startup.sh: at least 21 runs" >&2; exit 1; }
for tool in hyperfine sqlite3 python3; do
    command -v "$tool" >/dev/null || { echo "bench/startup.sh: needs $tool (scripts/setup.sh $tool)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/library.db"
# A brand-new library holds the tutorial's five albums; listing it once creates it.
"$bin" --library "$db" list >"$work/ours.txt"
select="SELECT (row_number() OVER (ORDER BY position) - 1) || '  ' || artist || ' - ' || title
    || coalesce(' (' || year || ')', '') FROM albums ORDER BY position"
sqlite3 "$db" "$select" >"$work/theirs.txt"
cmp -s "$work/ours.txt" "$work/theirs.txt" || {
    echo "bench/startup.sh: the two commands print different lines:" >&2
    diff "$work/ours.txt" "$work/theirs.txt" >&2 || true
    exit 1
}

hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/times.json" --style basic \
    -n "bluelibrary list" "$bin --library $db list" \
    -n "sqlite3 SELECT" "sqlite3 $db \"$select\""

python3 - "$work/times.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ours, theirs = results["bluelibrary list"]["median"], results["sqlite3 SELECT"]["median"]
ratio = ours / theirs
verdict = "ok" if ratio <= 2.0 else "SLOWER THAN GOAL"
print(f"start-up: bluelibrary list {ours * 1000:.2f} ms, sqlite3 {theirs * 1000:.2f} ms (medians), "
      f"ratio {ratio:.2f}x (goal <= 2x) {verdict}")
PY
