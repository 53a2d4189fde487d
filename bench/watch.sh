#!/usr/bin/env bash
# How soon a running server shows a change made in its music folder. Makes a folder of ALBUMS albums of
# 10 tagged MP3 files each (520 files by default, as the folder of the issue that asked for watching),
# imports it, serves it (the release build), then ROUNDS times: copies a new album in, retags a file in
# place, removes a file, renames a file — and times each from the moment the change is made to the
# moment GET /api/tracks shows it. The scan waits for 0.6 s of quiet, so about 0.6 s is the floor.
#
#   bench/watch.sh [ALBUMS] [ROUNDS]     (make bench-watch builds the release binary)
#
# BLUELIBRARY_BIN picks another binary (an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
albums=${1:-52}
rounds=${2:-5}
bin=${BLUELIBRARY_BIN:-.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh ffmpeg
out=$PWD/bench/out/watch
rm -rf "$out" && mkdir -p "$out/music" "$out/home"
exec python3 - "$bin" "$out" "$albums" "$rounds" <<'PY'
import json, os, shutil, signal, subprocess, sys, time, urllib.parse

sys.path.insert(0, "bench")
from probe import Served

binary, out, albums, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(os.environ, BLUELIBRARY_HOME=out + "/home", BLUELIBRARY_OFFLINE="1")
music = out + "/music"
base = out + "/base.mp3"
subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-ac", "1",
                "-b:a", "32k", base], check=True)

with open(base, "rb") as f:
    audio_frames = f.read()
if audio_frames.startswith(b"ID3"):  # ffmpeg's own tag: keep the frames after it
    size = int.from_bytes(bytes(b & 0x7F for b in audio_frames[6:10]), "big")
    audio_frames = audio_frames[10 + size:]

def tagged(path, title, album, artist, number):
    """An MP3 at `path` with these ID3v2.3 tags (the audio frames of the base file), written beside it
    and renamed into place, as a tag editor saves."""
    def frame(name, text):
        body = b"\x01" + "\ufeff".encode("utf-16-le") + text.encode("utf-16-le")
        return name.encode() + len(body).to_bytes(4, "big") + b"\x00\x00" + body
    frames = frame("TIT2", title) + frame("TALB", album) + frame("TPE1", artist) + frame("TRCK", str(number))
    size = len(frames)
    synchsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    temporary = os.path.join(os.path.dirname(path), ".tagging.mp3")
    with open(temporary, "wb") as f:
        f.write(b"ID3\x03\x00\x00" + synchsafe + frames + audio_frames)
    os.rename(temporary, path)

def make_album(root, index):
    folder = os.path.join(root, f"Artist {index % 13}", f"Album {index}")
    os.makedirs(folder, exist_ok=True)
    for number in range(1, 11):
        tagged(os.path.join(folder, f"{number:02} Song.mp3"), f"Song {index}-{number}", f"Album {index}",
               f"Artist {index % 13}", number)
    return folder

started = time.perf_counter()
for index in range(albums):
    make_album(music, index)
print(f"{albums * 10} files made in {time.perf_counter() - started:.1f} s")
started = time.perf_counter()
subprocess.run([binary, "import", music], env=env, check=True, stdout=subprocess.DEVNULL)
print(f"imported in {time.perf_counter() - started:.2f} s")
served = Served(binary, env, out + "/serve.log")

def tracks(query):
    """The tracks GET /api/tracks finds for `query`."""
    import socket
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as s:
        path = "/api/tracks?limit=200&q=" + urllib.parse.quote(query)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {served.host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])["tracks"]

def titles(query):
    return [track["title"] for track in tracks(query)]

def audio(query):
    """Where the tracks `query` finds play from: their ids, which follow their paths."""
    return [track["audio"] for track in tracks(query)]

def timed(label, change, seen):
    """Makes `change`, then asks every 10 ms until `seen()` holds (30 s at most): seconds taken."""
    change()
    made = time.perf_counter()
    while time.perf_counter() - made < 30:
        if seen():
            return time.perf_counter() - made
        time.sleep(0.01)
    print(f"  {label}: not seen within 30 s")
    return float("inf")

kinds = {"album copied in": [], "file retagged": [], "file removed": [], "file renamed": []}
for round in range(rounds):
    number = albums + round
    staging = out + f"/staging-{round}"
    folder = make_album(staging, number)
    target = os.path.join(music, f"Artist {number % 13}", f"Album {number}")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    kinds["album copied in"].append(timed("album", lambda: shutil.move(folder, target),
                                          lambda: len(titles(f"album:=\"Album {number}\"")) == 10))
    first = os.path.join(target, "01 Song.mp3")
    kinds["file retagged"].append(timed(
        "retag", lambda: tagged(first, f"Retold {number}", f"Album {number}", f"Artist {number % 13}", 1),
        lambda: titles(f"Retold {number}") == [f"Retold {number}"]))
    kinds["file removed"].append(timed("remove", lambda: os.remove(os.path.join(target, "10 Song.mp3")),
                                       lambda: len(titles(f"album:=\"Album {number}\"")) == 9))
    before = audio(f"Song {number}-2")
    kinds["file renamed"].append(timed(
        "rename", lambda: os.rename(os.path.join(target, "02 Song.mp3"), os.path.join(target, "02 Moved.mp3")),
        lambda: (now := audio(f"Song {number}-2")) != before and len(now) == 1))

all_times = sorted(t for values in kinds.values() for t in values)
print(f"From a change in a folder of {albums * 10}+ files to the JSON API showing it ({rounds} rounds):")
for kind, values in kinds.items():
    values.sort()
    print(f"  {kind:<18} median {values[len(values) // 2]:.2f} s   max {values[-1]:.2f} s")
print(f"  all {len(all_times):<14} median {all_times[len(all_times) // 2]:.2f} s   max {all_times[-1]:.2f} s")
served.process.send_signal(signal.SIGTERM)
served.process.wait(timeout=30)
PY
