#!/usr/bin/env bash
# Do reads use both cores? One server, measured with wrk pinned to core 1 while the server is pinned to
# core 0, then while the server may use both cores (wrk keeps part of the second), on two reads that cost
# the database something: a page of albums deep in the list (GET /api/albums?limit=20&offset=5000) and
# the Subsonic API's getAlbumList2 at the same place. Then, on a library of six albums (the five seeds and
# one with a track), the Subsonic call next to the JSON API's, to see what a Subsonic request costs beyond
# the read.
#
#   bench/read-scaling.sh [ALBUMS] [SECONDS]     (make bench-reads builds the static release binary first)
#
# Goals: on two cores at least 1.3x the requests/s on one; on the small library getAlbumList2 at least
# 80 % of /api/albums.
set -euo pipefail
cd "$(dirname "$0")/.."
albums=${1:-20000}
seconds=${2:-10}
bin=${BLUELIBRARY_BIN:-$PWD/.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh wrk curl
[ "$(nproc)" -ge 2 ] || { echo "read-scaling needs two cores" >&2; exit 1; }
out=$PWD/bench/out/read-scaling
rm -rf "$out" && mkdir -p "$out/large" "$out/small"
export BLUELIBRARY_OFFLINE=1

# Albums with a track each, as an export lists them (the Subsonic API lists only albums with tracks; the
# files need not exist to be listed).
python3 - "$albums" > "$out/albums.json" <<'PY'
import json, sys
albums = [{"title": f"Album {i}", "artist": f"Artist {i % 997}", "genre": f"Genre {i % 31}", "year": 1950 + i % 70,
           "tracks": [{"number": 1, "title": f"Track {i}", "artist": f"Artist {i % 997}", "duration": 200,
                       "path": f"/nonexistent/{i}/01.flac"}]}
          for i in range(int(sys.argv[1]))]
json.dump(albums, sys.stdout)
PY
BLUELIBRARY_HOME=$out/large "$bin" import "$out/albums.json" >/dev/null
printf '[{"title": "Small", "artist": "Bench", "tracks": [{"number": 1, "title": "One", "artist": "Bench", "duration": 200, "path": "/nonexistent/small/01.flac"}]}]' > "$out/small.json"
BLUELIBRARY_HOME=$out/small "$bin" import "$out/small.json" >/dev/null
for home in "$out/large" "$out/small"; do
    printf 'benchpass\n' | BLUELIBRARY_HOME=$home "$bin" user add bench >/dev/null
done

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
server=
stop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=; fi; }
trap stop EXIT
serve() { # HOME CORES: starts a server on those cores; sets port
    port=$(free_port)
    BLUELIBRARY_HOME=$1 taskset -c "$2" "$bin" serve --port "$port" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/api/state" >/dev/null && break; sleep 0.05; done
}
# Requests/s of one URL, wrk on core 1.
rate() { taskset -c 1 wrk -t1 -c16 -d"${seconds}s" "$1" | awk '/Requests\/sec/ { print $2 }'; }

auth="u=bench&p=benchpass&c=bench&v=1.16.1&f=json"
api_page="api/albums?limit=20&offset=5000"
subsonic_page="rest/getAlbumList2.view?$auth&type=alphabeticalByName&size=20&offset=5000"
declare -A results
for cores in 0 0,1; do
    serve "$out/large" "$cores"
    for name in api subsonic; do
        path=$([ "$name" = api ] && echo "$api_page" || echo "$subsonic_page")
        rate "http://127.0.0.1:$port/$path" >/dev/null  # warm up
        results[$name,$cores]=$(rate "http://127.0.0.1:$port/$path")
    done
    stop
done
serve "$out/small" 0,1
small_api=$(rate "http://127.0.0.1:$port/api/albums?limit=20")
small_subsonic=$(rate "http://127.0.0.1:$port/rest/getAlbumList2.view?$auth&type=alphabeticalByName&size=20")
stop

echo "Requests/s with wrk on core 1 ($seconds s, 16 connections), $albums albums:"
python3 - "${results[api,0]}" "${results[api,0,1]}" "${results[subsonic,0]}" "${results[subsonic,0,1]}" \
    "$small_api" "$small_subsonic" <<'PY'
import sys
api1, api2, sub1, sub2, small_api, small_sub = map(float, sys.argv[1:])
for name, one, two in (("GET /api/albums?limit=20&offset=5000", api1, api2),
                       ("getAlbumList2 size=20 offset=5000", sub1, sub2)):
    ratio = two / one
    verdict = "ok" if ratio >= 1.3 else "BELOW GOAL"
    print(f"  {name}: server on core 0 {one:,.0f}/s, on both cores {two:,.0f}/s: {ratio:.2f}x (goal >= 1.3x) {verdict}")
share = small_sub / small_api
verdict = "ok" if share >= 0.8 else "BELOW GOAL"
print(f"Six albums, server on both cores: /api/albums {small_api:,.0f}/s, getAlbumList2 {small_sub:,.0f}/s: "
      f"{share:.0%} (goal >= 80 %) {verdict}")
PY
