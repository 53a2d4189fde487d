#!/usr/bin/env bash
# Scanning a music folder: `bluelibrary import DIR` on 10,000 tracks in 1,000 albums (the first scan and
# an unchanged rescan), next to the beets music library importing the same folder as it is
# (`beet import -A -C -W -q`: no autotagging, no copying, no writing tags).
#
#   bench/scan.sh [ALBUMS] [TRACKS_PER_ALBUM]      (make bench-scan builds the static release binary first)
#
# The folder is made once per run: ffmpeg encodes one short MP3 without tags, and every track is that
# audio behind an ID3v2.4 tag of its own (artist, album artist, album, title, track, year, genre),
# written by a few lines of Python. beets is installed from PyPI into bench/out/venv on first use.
# Goals: first scan >= 20x beets' tracks/s; unchanged rescan of 10,000 tracks <= 0.5 s.
set -euo pipefail
cd "$(dirname "$0")/.."
albums=${1:-1000}
per_album=${2:-10}
tracks=$((albums * per_album))
bin=.build/release/bluelibrary
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh hyperfine ffmpeg
out=bench/out/scan
music=$PWD/$out/music
rm -rf "$out" && mkdir -p "$out/home" "$out/beets"
venv=bench/out/venv
[ -x "$venv/bin/beet" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q beets; }

ffmpeg -nostdin -v error -y -f lavfi -i "sine=frequency=440:duration=1" -ac 1 -c:a libmp3lame -b:a 32k \
    -map_metadata -1 -id3v2_version 0 -write_id3v1 0 "$out/template.mp3"
python3 - "$out/template.mp3" "$music" "$albums" "$per_album" <<'PY'
import os, random, sys
template, root, albums, per_album = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
audio = open(template, "rb").read()
rng = random.Random(10)
words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain", "Heart", "Road", "Star", "Dream"]
genres = ["Pop", "Rock", "Jazz", "Folk", "Electronic", "Soul", "Blues", "Classical"]
artists = [f"{rng.choice(words)} {rng.choice(words)}s {i}" for i in range(albums // 5 + 1)]

def syncsafe(n):
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])

def id3(frames):
    body = b"".join(
        name.encode() + syncsafe(len(data) + 1) + b"\0\0" + b"\3" + data
        for name, data in ((name, value.encode()) for name, value in frames))
    return b"ID3\4\0\0" + syncsafe(len(body)) + body

for album in range(albums):
    artist = artists[album // 5]
    title = f"{rng.choice(words)} {rng.choice(words)} {album}"
    year, genre = str(rng.randint(1950, 2025)), rng.choice(genres)
    folder = os.path.join(root, artist, title)
    os.makedirs(folder)
    for number in range(1, per_album + 1):
        song = f"{rng.choice(words)} {rng.choice(words)} {number}"
        tag = id3([("TPE1", artist), ("TPE2", artist), ("TALB", title), ("TIT2", song),
                   ("TRCK", f"{number}/{per_album}"), ("TDRC", year), ("TCON", genre)])
        with open(os.path.join(folder, f"{number:02d} {song}.mp3"), "wb") as f:
            f.write(tag + audio)
PY

# bluelibrary: a new library each first scan; the unchanged rescan runs on the library it left.
export BLUELIBRARY_HOME=$PWD/$out/home BLUELIBRARY_OFFLINE=1
db=$out/home/library.db
json=$out/hyperfine.json
hyperfine --runs 3 --prepare "rm -f $db $db-wal $db-shm" --export-json "$out/first.json" --style basic \
    -n "first scan" "$bin --library $db import $music"
summary=$("$bin" --library "$db" import "$music")
echo "$summary"
case "$summary" in *"$tracks tracks (0 read, $tracks unchanged)."*) ;; *)
    echo "unexpected rescan summary (expected $tracks unchanged tracks)" >&2; exit 1 ;; esac
hyperfine --warmup 2 --runs 10 --export-json "$json" --style basic \
    -n "unchanged rescan" "$bin --library $db import $music"

# beets: one run (a first import is one-shot, and it takes a while); the library and its state live
# in bench/out, and no plugin is loaded, so nothing reaches the network.
cat > "$out/beets/config.yaml" <<YAML
directory: $PWD/$out/beets/music
library: $PWD/$out/beets/library.db
plugins: []
import:
  log: $PWD/$out/beets/import.log
YAML
export BEETSDIR=$PWD/$out/beets
"$venv/bin/beet" -c "$out/beets/config.yaml" ls >/dev/null  # makes the empty library before the clock starts
start=$(date +%s.%N)
"$venv/bin/beet" -c "$out/beets/config.yaml" import -A -C -W -q "$music" >/dev/null 2>&1
end=$(date +%s.%N)
beets_items=$("$venv/bin/beet" -c "$out/beets/config.yaml" ls | wc -l)
[ "$beets_items" -eq "$tracks" ] || { echo "beets imported $beets_items of $tracks tracks" >&2; exit 1; }

python3 - "$out/first.json" "$json" "$start" "$end" "$tracks" "$albums" <<'PY'
import json, sys
first = json.load(open(sys.argv[1]))["results"][0]["mean"]
rescan = json.load(open(sys.argv[2]))["results"][0]["mean"]
beets = float(sys.argv[4]) - float(sys.argv[3])
tracks, albums = int(sys.argv[5]), int(sys.argv[6])
ours_rate, beets_rate = tracks / first, tracks / beets
ratio = ours_rate / beets_rate
print(f"scan of {tracks} tracks in {albums} albums:")
print(f"  bluelibrary first scan     {first:7.2f} s  {ours_rate:9.0f} tracks/s  (mean of 3)")
print(f"  beets import -A -C -W -q   {beets:7.2f} s  {beets_rate:9.0f} tracks/s  (one run)")
print(f"  ratio                      {ratio:7.1f}x  (goal >= 20x) {'ok' if ratio >= 20 else 'BELOW GOAL'}")
print(f"  bluelibrary unchanged rescan {rescan:5.3f} s  (goal <= 0.5 s) {'ok' if rescan <= 0.5 else 'SLOWER THAN GOAL'}")
PY
