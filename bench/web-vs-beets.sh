#!/usr/bin/env bash
# Requests per second of `GET /api/albums` on `bluelibrary serve`, next to the beets music library's
# `web` plugin (`GET /album/`) serving the same albums, both on 127.0.0.1, measured with wrk. Our
# listing comes in pages of at most 500 albums, so it is asked for `?limit=500`: up to 500 albums both
# answer every album; beyond that beets answers all of them and we answer the first page.
#
#   bench/web-vs-beets.sh [ALBUMS]      (make bench-web builds the static release binary first)
#
# beets and Flask are installed from PyPI into bench/out/venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100}
bin=.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh wrk
out=bench/out/web
rm -rf "$out" && mkdir -p "$out/beets"
venv=bench/out/venv
[ -x "$venv/bin/beet" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q beets flask; }

# The same albums for both: the five seeds, then generated ones, written as CSV for bluelibrary.
python3 - "$count" "$out/albums.csv" <<'PY'
import random, sys
count, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(7)
words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain"]
with open(path, "w") as f:
    f.write("title,artist,genre,year\n")
    for i in range(max(count - 5, 0)):
        f.write(f"{rng.choice(words)} {rng.choice(words)} {i},{rng.choice(words)} Band,Rock,{rng.randint(1960, 2020)}\n")
PY
"$bin" --library "$out/ours.db" import "$out/albums.csv" >/dev/null
"$bin" --library "$out/ours.db" export --format csv -o "$out/all.csv"
BEETSDIR="$out/beets" "$venv/bin/python" - "$out/all.csv" "$out/beets/library.db" <<'PY' 2>/dev/null
import csv, sys
from beets.library import Library, Album
library = Library(sys.argv[2])
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f):
        Album(library, album=row["title"], albumartist=row["artist"], genre=row["genre"], year=int(row["year"] or 0)).add(library)
PY

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
ours_port=$(free_port)
beets_port=$(free_port)
cat > "$out/beets/config.yaml" <<YAML
directory: $PWD/$out/beets/music
library: $PWD/$out/beets/library.db
plugins: web
web:
  host: 127.0.0.1
  port: $beets_port
YAML
BLUELIBRARY_OFFLINE=1 "$bin" --library "$out/ours.db" serve --port "$ours_port" >/dev/null 2>&1 &
ours=$!
BEETSDIR="$out/beets" "$venv/bin/beet" -c "$out/beets/config.yaml" web >/dev/null 2>&1 &
beets=$!
trap 'kill $ours $beets 2>/dev/null; wait 2>/dev/null' EXIT
ours_url="http://127.0.0.1:$ours_port/api/albums?limit=500"
for url in "$ours_url" "http://127.0.0.1:$beets_port/album/"; do
    for _ in $(seq 100); do curl -sf "$url" >/dev/null && break; sleep 0.1; done
done

measure() { wrk -t2 -c16 -d10s "$1" | awk '/Requests\/sec/ { print $2 }'; }
ours_rate=$(measure "$ours_url")
beets_rate=$(measure "http://127.0.0.1:$beets_port/album/")
echo "GET albums ($count albums, pages of up to 500 for bluelibrary; 2 threads, 16 connections, 10 s):"
echo "  bluelibrary serve  $ours_rate requests/s"
echo "  beets web          $beets_rate requests/s"
python3 -c "print(f'  ratio              {float($ours_rate) / float($beets_rate):.1f}x')"
