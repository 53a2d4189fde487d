#!/usr/bin/env bash
# Speed of the command line on a 100,000-album library, next to the sqlite3 shell on the same file.
#
#   bench/list-and-query.sh [ALBUMS]      (make bench builds the static release binary first)
#
# It builds the library through `bluelibrary import`, reports the import rate, then times with
# hyperfine: `list --format` against the equivalent SELECT, and a year-range query against its SELECT.
# Goals (issue 2): list <= 1.5x sqlite3, query <= 2x, import >= 50,000 albums/s.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
bin=.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh hyperfine sqlite3
out=bench/out
mkdir -p "$out"
db="$out/library-$count.db"
csv="$out/albums-$count.csv"
rm -f "$db" "$db-wal" "$db-shm"

python3 - "$count" "$csv" <<'PY'
import random, sys
count, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(42)
words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain", "Heart", "Road", "Star", "Dream"]
genres = ["Pop", "Rock", "Jazz", "Folk", "Electronic", "Soul", "Blues", "Classical"]
with open(path, "w") as f:
    f.write("title,artist,genre,year,cover_url\n")
    for i in range(count):
        title = " ".join(rng.choice(words) for _ in range(3)) + f" {i}"
        artist = f"{rng.choice(words)} {rng.choice(words)}s"
        f.write(f"{title},{artist},{rng.choice(genres)},{rng.randint(1950, 2025)},http://covers.example/{i}.png\n")
PY

start=$(date +%s.%N)
"$bin" --library "$db" import "$csv" >/dev/null
end=$(date +%s.%N)
rate=$(python3 -c "print(round($count / ($end - $start)))")
echo "import: $count albums in $(python3 -c "print(round($end - $start, 2))") s = $rate albums/s (goal >= 50000)"

json="$out/hyperfine.json"
hyperfine --warmup 2 --runs 10 --export-json "$json" --style basic \
    -n "bluelibrary list" "$bin --library $db list --format '\$artist - \$title' > /dev/null" \
    -n "sqlite3 list" "sqlite3 $db \"SELECT artist || ' - ' || title FROM albums ORDER BY position\" > /dev/null" \
    -n "bluelibrary query" "$bin --library $db list year:1990..1999 --format '\$artist - \$title' > /dev/null" \
    -n "sqlite3 query" "sqlite3 $db \"SELECT artist || ' - ' || title FROM albums WHERE year BETWEEN 1990 AND 1999 ORDER BY position\" > /dev/null"

python3 - "$json" <<'PY'
import json, sys
results = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
for what, goal in (("list", 1.5), ("query", 2.0)):
    ours, floor = results[f"bluelibrary {what}"], results[f"sqlite3 {what}"]
    ratio = ours / floor
    verdict = "ok" if ratio <= goal else "SLOWER THAN GOAL"
    print(f"{what}: bluelibrary {ours*1000:.1f} ms, sqlite3 {floor*1000:.1f} ms, ratio {ratio:.2f}x (goal <= {goal}x) {verdict}")
PY
