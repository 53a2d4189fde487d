#!/usr/bin/env bash
# The Subsonic API of `bluelibrary serve` next to supysonic (a Python Subsonic server from PyPI, under
# gunicorn with two processes), serving the same music folder — 1,000 albums of 10 tracks by default —
# on 127.0.0.1, measured with wrk on three calls: getAlbumList2 (50 albums by name), search3 (the
# letter a) and getAlbum. Prints each one's scan of the folder, then requests/s side by side with the
# ratio, and the 99th percentile of latency.
#
#   bench/subsonic.sh [ALBUMS] [TRACKS]      (make bench-subsonic builds the static release binary first)
#
# supysonic and gunicorn are installed from PyPI into bench/out/subsonic-venv on first use. Both log in
# with u and p (supysonic answers token logins with error 10).
set -euo pipefail
cd "$(dirname "$0")/.."
albums=${1:-1000}
tracks=${2:-10}
bin=$PWD/.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh wrk ffmpeg python3-venv curl
out=$PWD/bench/out/subsonic
rm -rf "$out" && mkdir -p "$out/ours" "$out/supysonic"
venv=$PWD/bench/out/subsonic-venv
[ -x "$venv/bin/supysonic-server" ] || { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q supysonic gunicorn; }

echo "Making $albums albums of $tracks tracks..."
ffmpeg -nostdin -v error -y -f lavfi -i "sine=frequency=440:duration=1" -c:a libmp3lame -b:a 32k \
    -map_metadata -1 -id3v2_version 0 -write_xing 0 "$out/source.mp3"
python3 bench/subsonic_corpus.py "$out/source.mp3" "$out/music" "$albums" "$tracks"

seconds() { python3 -c 'import sys, time; start = time.monotonic(); import subprocess; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(f"{time.monotonic() - start:.2f}")' "$@"; }
export BLUELIBRARY_HOME="$out/ours" BLUELIBRARY_OFFLINE=1
ours_scan=$(seconds "$bin" import "$out/music")
printf 'benchpass\n' | "$bin" user add bench >/dev/null
cd "$out/supysonic"
printf '[base]\ndatabase_uri = sqlite:///%s/supysonic.db\n' "$out/supysonic" > supysonic.conf
"$venv/bin/supysonic-cli" user add bench -p benchpass >/dev/null
"$venv/bin/supysonic-cli" folder add music "$out/music" >/dev/null
supysonic_scan=$(seconds "$venv/bin/supysonic-cli" folder scan -f music)
cd - >/dev/null

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
ours_port=$(free_port)
supysonic_port=$(free_port)
"$bin" serve --port "$ours_port" >/dev/null 2>&1 &
ours=$!
(cd "$out/supysonic" && exec "$venv/bin/supysonic-server" -S gunicorn -h 127.0.0.1 -p "$supysonic_port" --processes 2) >/dev/null 2>&1 &
supysonic=$!
trap 'kill $ours $supysonic 2>/dev/null; wait 2>/dev/null' EXIT

auth="u=bench&p=benchpass&c=bench&v=1.12.0&f=json"
ours_base="http://127.0.0.1:$ours_port/rest"
supysonic_base="http://127.0.0.1:$supysonic_port/rest"
for base in "$ours_base" "$supysonic_base"; do
    for _ in $(seq 200); do curl -sf "$base/ping.view?$auth" | grep -q '"ok"' && break; sleep 0.1; done
done
first_album() {
    curl -sf "$1/getAlbumList2.view?$auth&type=alphabeticalByName&size=1" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["subsonic-response"]["albumList2"]["album"][0]["id"])'
}
ours_album=$(first_album "$ours_base")
supysonic_album=$(first_album "$supysonic_base")

# Requests/s and the 99th percentile (wrk --latency) of one URL.
measure() { wrk -t2 -c16 -d10s --latency "$1" | awk '/Requests\/sec/ { rate = $2 } / 99% / { p99 = $2 } END { print rate, p99 }'; }
echo
echo "Scan of the folder ($albums albums, $((albums * tracks)) tracks):"
echo "  bluelibrary import    ${ours_scan} s"
echo "  supysonic folder scan ${supysonic_scan} s"
echo
echo "Requests/s (wrk: 2 threads, 16 connections, 10 s each), and p99 latency:"
printf '  %-42s %12s %10s %12s %10s %8s\n' call bluelibrary p99 supysonic p99 ratio
for call in "getAlbumList2.view?type=alphabeticalByName&size=50" "search3.view?query=a" "getAlbum.view?id="; do
    ours_call=$call
    supysonic_call=$call
    if [ "$call" = "getAlbum.view?id=" ]; then
        ours_call="$call$ours_album"
        supysonic_call="$call$supysonic_album"
    fi
    read -r ours_rate ours_p99 < <(measure "$ours_base/$ours_call&$auth")
    read -r supysonic_rate supysonic_p99 < <(measure "$supysonic_base/$supysonic_call&$auth")
    ratio=$(python3 -c "print(f'{float($ours_rate) / max(float($supysonic_rate), 0.01):.0f}x')")
    printf '  %-42s %12s %10s %12s %10s %8s\n' "${call%.view*} ${call#*\?}" "$ours_rate" "$ours_p99" "$supysonic_rate" "$supysonic_p99" "$ratio"
done
echo "  (goal: at least 50x on each)"
