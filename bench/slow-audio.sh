#!/usr/bin/env bash
# The goal: 256 slow readers of audio (8 loopback addresses x 32 streams, each reading at
# 80 KB/s, coming back a second after the server closes or refuses them, as a player retries) must not
# lock other clients out: GET /api/state from another address keeps a p99 under 50 ms, and the readers
# beyond the server's bounds are refused at once. Imports a folder of one 3-minute WAV track into a
# fresh library, serves it, times GET /api/state from 127.0.0.1 (a new connection each) on the quiet
# server, then again while 127.0.0.2-127.0.0.9 read the track.
#
#   bench/slow-audio.sh [READERS_PER_ADDRESS] [REQUESTS]     (make bench-audio builds the release binary)
#
# BLUELIBRARY_BIN picks another binary (an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
per_address=${1:-32}
requests=${2:-1000}
bin=${BLUELIBRARY_BIN:-.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
out=bench/out/slow-audio
rm -rf "$out" && mkdir -p "$out/music/Oscillator/Sines"
exec python3 - "$bin" "$out" "$per_address" "$requests" <<'PY'
import asyncio, json, math, os, signal, socket, struct, subprocess, sys, threading, time, wave

sys.path.insert(0, "bench")
from probe import Served, percentile, run_until

binary, out, per_address, requests = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(os.environ, BLUELIBRARY_HOME=os.path.abspath(out + "/home"), BLUELIBRARY_OFFLINE="1")

# One 3-minute mono track (about 16 MB): longer than the run, so no reader finishes it.
with wave.open(out + "/music/Oscillator/Sines/01 Tone.wav", "wb") as track:
    track.setnchannels(1)
    track.setsampwidth(2)
    track.setframerate(44100)
    second = b"".join(struct.pack("<h", int(8000 * math.sin(i / 10))) for i in range(44100))
    track.writeframes(second * 180)
subprocess.run([binary, "import", out + "/music"], env=env, check=True, stdout=subprocess.DEVNULL)

served = Served(binary, env, out + "/serve.log")
server, port, host = served.process, served.port, served.host

def get(path):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])

album = get("/api/albums?q=title:sines")["albums"][0]
audio = get(f"/api/albums/{album['id']}")["tracks"][0]["audio"]

counts = {"streams served": 0, "refused (503)": 0, "closed without an answer": 0}
refusals = []  # seconds from sending the request to the 503
stop = threading.Event()

async def reader(source):
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        s = socket.socket()
        try:
            s.setblocking(False)
            s.bind((source, 0))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            await loop.sock_connect(s, ("127.0.0.1", port))
            sent = time.perf_counter()
            await loop.sock_sendall(s, f"GET {audio} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            first = await asyncio.wait_for(loop.sock_recv(s, 8192), 10)
            if first.startswith(b"HTTP/1.1 503"):
                counts["refused (503)"] += 1
                refusals.append(time.perf_counter() - sent)
            elif first.startswith(b"HTTP/1.1 200"):
                counts["streams served"] += 1
                while not stop.is_set():  # 80 KB/s: 8 KB every 0.1 s
                    await asyncio.sleep(0.1)
                    if not await asyncio.wait_for(loop.sock_recv(s, 8192), 10):
                        break
            else:
                counts["closed without an answer"] += 1
        except (OSError, asyncio.TimeoutError):
            counts["closed without an answer"] += 1
        finally:
            s.close()
        await asyncio.sleep(1.0)  # then come back, as a player retries

def readers():
    run_until(stop, lambda: [reader(f"127.0.0.{2 + address}") for address in range(8) for _ in range(per_address)])

print(f"GET /api/state from 127.0.0.1, a new connection each, {requests} requests:")
for _ in range(50):
    served.timed_get()  # warm up
quiet = served.probe("quiet server", requests, width=34)
thread = threading.Thread(target=readers)
thread.start()
time.sleep(3)  # let the readers connect
loaded = served.probe(f"{8 * per_address} slow readers of a track", requests, width=34)
stop.set()
thread.join()
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)
print(f"  goal: p99 under 50 ms with the readers -> {'met' if loaded is not None and loaded < 50 else 'NOT met'}")
if quiet and loaded and loaded != float("inf"):
    print(f"  p99 ratio readers / quiet           {loaded / quiet:.1f}x")
print("Readers on 127.0.0.2-9: " + ", ".join(f"{value} {key}" for key, value in counts.items()))
if refusals:
    refusals.sort()
    print(f"  a refusal came within p50 {percentile(refusals, 0.5):.2f} ms, p99 {percentile(refusals, 0.99):.2f} ms")
PY
