#!/usr/bin/env bash
# Transcoding, side by side with the ffmpeg program (what Navidrome and gonic run per stream): the same
# FLAC album (8 tracks of 45 s, 44.1 kHz, 16-bit stereo, music-like: tones over pink noise) to MP3 128k and
# to Opus 96k, one track after another, by
#   - `ffmpeg -threads 1 -i TRACK.flac -b:a 128k -f mp3 -` (and `-c:a libopus -b:a 96k -f ogg -`), and
#   - BlueLibrary's Subsonic `stream?format=mp3&maxBitRate=128` (and opus/96), read as fast as it comes,
# both pinned to core 0 (taskset), the transcode cache off so every stream is encoded. Says the CPU
# seconds each spends per minute of audio (the goal: BlueLibrary at most the ffmpeg program's), the
# time to the first byte of each stream (goal under 150 ms), and the server's memory per stream
# (16 streams open at once, paused by their clients: RSS growth / 16; goal under 16 MB).
# Then 16 clients stream MP3 128k transcodes at once on both cores, each reading at twice real time:
# every stream must keep ahead of real time (bytes per second >= 16 KB/s); the server's RSS is said.
#
#   bench/transcode.sh     (make bench-transcode builds the release binary)
#
# BLUELIBRARY_BIN picks another binary (an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BLUELIBRARY_BIN:-.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
out=bench/out/transcode
rm -rf "$out" && mkdir -p "$out/music/Bench/Album"
exec python3 - "$bin" "$out" <<'PY'
import hashlib, os, socket, subprocess, sys, threading, time, urllib.parse

sys.path.insert(0, "bench")
from probe import Served

binary, out = sys.argv[1], sys.argv[2]
env = dict(os.environ, BLUELIBRARY_HOME=os.path.abspath(out + "/home"), BLUELIBRARY_OFFLINE="1")
TRACKS, SECONDS = 8, 45
album = out + "/music/Bench/Album"
for n in range(1, TRACKS + 1):
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
         f"anoisesrc=color=pink:amplitude=0.15:seed={n}:duration={SECONDS}:sample_rate=44100", "-f", "lavfi", "-i",
         f"sine=frequency={220 * n}:duration={SECONDS}:sample_rate=44100", "-filter_complex",
         "[0][1]amix=inputs=2,aformat=channel_layouts=stereo,aecho=0.8:0.6:37:0.4", "-c:a", "flac",
         "-sample_fmt", "s16", "-metadata", f"title=Track {n}", "-metadata", "artist=Bench", "-metadata",
         "album=Album", "-metadata", f"track={n}", f"{album}/{n:02}.flac"], check=True)
subprocess.run([binary, "import", out + "/music"], env=env, check=True, stdout=subprocess.DEVNULL)
subprocess.run([binary, "user", "add", "bench"], input="benchpass\n", text=True, env=env, check=True,
               stdout=subprocess.DEVNULL)

def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def rss_mb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0

salt = "b3nch"
token = hashlib.md5(("benchpass" + salt).encode()).hexdigest()
def stream_path(track_id, fmt, rate):
    query = urllib.parse.urlencode({"u": "bench", "t": token, "s": salt, "v": "1.16.1", "c": "bench", "id": track_id,
                                    "format": fmt, "maxBitRate": rate})
    return "/rest/stream?" + query

def fetch(port, host, path, pace=None, stop=None):
    """GETs path; returns (seconds to the first byte of the body, body bytes, seconds in all)."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk: raise RuntimeError("closed before the headers")
            data += chunk
        head, body = data.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 200"): raise RuntimeError(head.decode(errors="replace"))
        while not body:
            body = s.recv(65536)
        first = time.perf_counter() - started
        count = len(body)
        while chunk := s.recv(65536):
            count += len(chunk)
            if pace:  # read no faster than `pace` bytes a second
                ahead = count / pace - (time.perf_counter() - started)
                if ahead > 0: time.sleep(ahead)
            if stop and stop.is_set(): break
        return first, count, time.perf_counter() - started

served = Served(binary, env, out + "/serve.log", ["--transcode-cache", "0"], prefix=["taskset", "-c", "0"])
port, host, pid = served.port, served.host, served.process.pid
ids = []
import json
listing = json.loads(subprocess.run(["curl", "-s", f"http://{host}/rest/getAlbumList2?u=bench&t={token}&s={salt}&v=1.16.1&c=b&f=json&type=alphabeticalByName"],
                                    capture_output=True, text=True, check=True).stdout)
album_id = listing["subsonic-response"]["albumList2"]["album"][0]["id"]
songs = json.loads(subprocess.run(["curl", "-s", f"http://{host}/rest/getAlbum?u=bench&t={token}&s={salt}&v=1.16.1&c=b&f=json&id={album_id}"],
                                  capture_output=True, text=True, check=True).stdout)["subsonic-response"]["album"]["song"]
ids = [song["id"] for song in sorted(songs, key=lambda song: song["track"])]
minutes = TRACKS * SECONDS / 60
print(f"{TRACKS} FLAC tracks, {minutes:.0f} minutes of audio; one core (taskset -c 0) for each side")
print(f"{'':22}{'CPU s / audio min':>18}{'x real time':>13}{'first byte':>14}")
results = {}
for fmt, rate, ffmpeg_codec, container in [("mp3", 128, "libmp3lame", "mp3"), ("opus", 96, "libopus", "ogg")]:
    started, before = time.perf_counter(), os.times()
    for n in range(1, TRACKS + 1):
        subprocess.run(["taskset", "-c", "0", "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i",
                        f"{album}/{n:02}.flac", "-c:a", ffmpeg_codec, "-b:a", f"{rate}k", "-f", container, "-"],
                       stdout=subprocess.DEVNULL, check=True)
    after = os.times()
    wall = time.perf_counter() - started
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    print(f"  ffmpeg {fmt} {rate}k{'':<8}{cpu / minutes:>14.2f}{TRACKS * SECONDS / wall:>13.0f}x{'':>14}")
    cpu_before, started, firsts = cpu_seconds(pid), time.perf_counter(), []
    for track_id in ids:
        first, _, _ = fetch(port, host, stream_path(track_id, fmt, rate))
        firsts.append(first * 1000)
    wall = time.perf_counter() - started
    ours = cpu_seconds(pid) - cpu_before
    print(f"  bluelibrary {fmt} {rate}k{'':<3}{ours / minutes:>14.2f}{TRACKS * SECONDS / wall:>13.0f}x"
          f"{'median ' + format(sorted(firsts)[len(firsts) // 2], '.0f') + ' ms':>14}")
    print(f"  {'':22}BlueLibrary / ffmpeg CPU: {ours / cpu:.2f} (goal <= 1.00); slowest first byte {max(firsts):.0f} ms")
    results[fmt] = ours / cpu

# Memory per stream: 16 streams open at once, their clients reading nothing after the headers.
base = rss_mb(pid)
sockets = []
for track_id in (ids * 2)[:16]:
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(f"GET {stream_path(track_id, 'mp3', 128)} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    s.recv(1024)
    sockets.append(s)
time.sleep(3)
grown = rss_mb(pid) - base
print(f"16 streams open, their clients not reading: server RSS {base:.0f} MB -> {base + grown:.0f} MB, "
      f"{grown / 16:.2f} MB per stream (goal < 16 MB)")
for s in sockets: s.close()
served.process.kill()
served.process.wait()

# 16 clients at once on both cores, each reading at twice real time.
served = Served(binary, env, out + "/serve16.log", ["--transcode-cache", "0"])
port, host, pid = served.port, served.host, served.process.pid
rates, lock = [], threading.Lock()
def client(track_id):
    first, count, wall = fetch(port, host, stream_path(track_id, "mp3", 128), pace=2 * 128000 / 8)
    with lock: rates.append((count / wall) / (128000 / 8))
threads = [threading.Thread(target=client, args=(track_id,)) for track_id in (ids * 2)[:16]]
for thread in threads: thread.start()
for thread in threads: thread.join()
print(f"16 clients streaming MP3 128k at once (both cores): slowest {min(rates):.2f}x real time, fastest "
      f"{max(rates):.2f}x (each reads at most 2x); server peak RSS {rss_mb(pid, 'VmHWM'):.0f} MB")
print("every stream ahead of real time" if min(rates) >= 1 else "A STREAM FELL BEHIND REAL TIME")
PY
