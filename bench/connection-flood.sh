#!/usr/bin/env bash
# The goal: with 1,000 slow or streaming connections from one address, a normal GET from
# another address stays under 50 ms p99. Serves a fresh library, times GET /api/state from 127.0.0.1
# (a new connection each) on the quiet server, then again while 127.0.0.2 holds the flood: half of it
# trickling request headers one byte a second, half opening event streams, every connection the server
# closes opened again a second later (as EventSource retries).
#
#   bench/connection-flood.sh [CONNECTIONS] [REQUESTS]     (make bench-flood builds the release binary)
#
# BLUELIBRARY_BIN picks another binary (an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
connections=${1:-1000}
requests=${2:-1000}
bin=${BLUELIBRARY_BIN:-.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
out=bench/out/flood
rm -rf "$out" && mkdir -p "$out"
exec python3 - "$bin" "$out" "$connections" "$requests" <<'PY'
import asyncio, os, signal, socket, sys, threading, time

sys.path.insert(0, "bench")
from probe import Served, run_until

binary, out, flood_size, requests = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(os.environ, BLUELIBRARY_HOME=os.path.abspath(out + "/home"), BLUELIBRARY_OFFLINE="1")
served = Served(binary, env, out + "/serve.log")
server, port, host = served.process, served.port, served.host

counts = {"opened": 0, "closed by server": 0, "answered 503": 0, "streams served": 0}
stop = threading.Event()

async def attacker(index, streaming):
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        try:
            s = socket.socket()
            s.setblocking(False)
            s.bind(("127.0.0.2", 0))
            await loop.sock_connect(s, ("127.0.0.1", port))
            counts["opened"] += 1
            if streaming:
                await loop.sock_sendall(s, f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            request = f"GET /api/state HTTP/1.1\r\nHost: {host}\r\nX-Slow: {'a' * 4000}\r\n\r\n".encode()
            sent = 0
            while not stop.is_set():
                if not streaming:  # one byte a second: never idle, never done
                    await loop.sock_sendall(s, request[sent:sent + 1])
                    sent += 1
                try:
                    data = await asyncio.wait_for(loop.sock_recv(s, 4096), 1.0)
                except asyncio.TimeoutError:
                    continue
                if not data:
                    break
                if data.startswith(b"HTTP/1.1 503"):
                    counts["answered 503"] += 1
                elif data.startswith(b"HTTP/1.1 200") and streaming:
                    counts["streams served"] += 1
        except OSError:
            pass
        finally:
            s.close()
        counts["closed by server"] += 0 if stop.is_set() else 1
        await asyncio.sleep(1.0)  # then come back, as EventSource does

def flood():
    run_until(stop, lambda: [attacker(i, i % 2 == 1) for i in range(flood_size)])

print(f"GET /api/state from 127.0.0.1, a new connection each, {requests} requests:")
for _ in range(50):
    served.timed_get()  # warm up
quiet = served.probe("quiet server", requests)
thread = threading.Thread(target=flood)
thread.start()
time.sleep(3)  # let the flood open its connections
loaded = served.probe(f"{flood_size} flood connections", requests)
stop.set()
thread.join()
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)
print(f"  goal: p99 under 50 ms during the flood -> {'met' if loaded is not None and loaded < 50 else 'NOT met'}")
if quiet and loaded and loaded != float("inf"):
    print(f"  p99 ratio flood / quiet     {loaded / quiet:.1f}x")
print("Flood from 127.0.0.2 (half trickling headers, half event streams): "
      + ", ".join(f"{value} {key}" for key, value in counts.items()))
PY
