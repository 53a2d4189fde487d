#!/usr/bin/env bash
# Edits at any index of a 100,000-album library: insert, delete and undo at index 0 against the same at
# the end, timed with hyperfine (whole commands; make bench builds the static release binary first).
#
#   bench/edits.sh [ALBUMS]
#
# Goal: each edit at index 0 costs within 1.5x the same edit at the end, and so do `show INDEX`
# and `select INDEX` (an index is found from the buckets' counts). Positions live in buckets
# (docs/architecture.md), so neither end rewrites more than a bucket.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
bin=$PWD/.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh hyperfine
out=bench/out
mkdir -p "$out"
db="$PWD/$out/edits-$count.db"
rm -f "$db" "$db-wal" "$db-shm"
python3 -c "
import sys
print('title,artist,year')
for i in range($count): print(f'Album {i},Artist {i % 997},{1950 + i % 70}')
" > "$out/edits-$count.csv"
"$bin" --library "$db" import "$out/edits-$count.csv" >/dev/null
# The import replaces the tutorial's five albums, so the library holds the imported albums alone; the
# last index is the count less one, and stays so between runs.
last=$("$bin" --library "$db" list --format '$index' | tail -1)

run() { "$bin" --library "$db" "$@" >/dev/null; }
export -f run 2>/dev/null || true
json="$out/edits.json"
b="$bin --library $db"
hyperfine --warmup 3 --runs 21 --export-json "$json" --style basic \
    -n "insert at 0" --prepare "$b delete 0 >/dev/null" "$b add --title New --artist Bench --at 0 >/dev/null" \
    -n "insert at end" --prepare "$b delete $last >/dev/null" "$b add --title New --artist Bench >/dev/null" \
    -n "delete at 0" --prepare "$b add --title New --artist Bench --at 0 >/dev/null" "$b delete 0 >/dev/null" \
    -n "delete at end" --prepare "$b add --title New --artist Bench >/dev/null" "$b delete $last >/dev/null" \
    -n "undo at 0" --prepare "$b delete 0 >/dev/null" "$b undo >/dev/null" \
    -n "undo at end" --prepare "$b delete $last >/dev/null" "$b undo >/dev/null" \
    -n "show at 0" --prepare true "$b show 0 >/dev/null" \
    -n "show at end" --prepare true "$b show $last >/dev/null" \
    -n "select at 0" --prepare true "$b select 0 >/dev/null" \
    -n "select at end" --prepare true "$b select $last >/dev/null"

python3 - "$json" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
for what in ("insert", "delete", "undo", "show", "select"):
    front, end = results[f"{what} at 0"], results[f"{what} at end"]
    ratio = front / end
    verdict = "ok" if ratio <= 1.5 else "SLOWER THAN GOAL"
    print(f"{what}: at 0 {front*1000:.1f} ms, at the end {end*1000:.1f} ms, ratio {ratio:.2f}x (goal <= 1.5x) {verdict}")
PY
