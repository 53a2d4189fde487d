#!/usr/bin/env bash
# Two attacks of the third hostile run, replayed against the release build on loopback, with the goals
# they set (README, Reliability):
#
# 1. Slow request headers from many addresses: 14 addresses (127.0.0.2-15) x 32 connections each send
#    a request's headers one byte a second, and come back a second after the server closes one. Meanwhile
#    GET /api/state, each from a new address (127.0.1.x), ten a second: every one answers, p99 under
#    100 ms.
# 2. Guessed passwords: 12 addresses x (4 wrong logins, then 32 guesses sent at once and closed at
#    once without reading the answer), on the Subsonic API. Afterwards the server holds no connection its
#    clients closed (CLOSE-WAIT), GET /api/state from another address answers at once, and the right
#    password answers at once: the user's own from a new address, and another user's from an address
#    that sent guesses (behind a proxy every user shares one address).
#
#   bench/hostile-clients.sh [PER_ADDRESS] [REQUESTS]     (make bench-hostile builds the release binary)
#
# BLUELIBRARY_BIN picks another binary (an older build, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
per_address=${1:-32}
requests=${2:-200}
bin=${BLUELIBRARY_BIN:-.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
scripts/setup.sh iproute2
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
out=bench/out/hostile
rm -rf "$out" && mkdir -p "$out/home"
export BLUELIBRARY_HOME=$PWD/$out/home BLUELIBRARY_OFFLINE=1
printf 'rightpass\n' | "$bin" user add alice >/dev/null
printf 'otherpass\n' | "$bin" user add bob >/dev/null
exec python3 - "$bin" "$out" "$per_address" "$requests" <<'PY'
import asyncio, json, os, signal, socket, subprocess, sys, threading, time

sys.path.insert(0, "bench")
from probe import Served, percentile, run_until

binary, out, per_address, requests = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
served = Served(binary, dict(os.environ), out + "/serve.log")
server, port, host = served.process, served.port, served.host
new_address = lambda i: f"127.0.1.{1 + i % 250}"

def ping(user, password, source):
    """A Subsonic ping from `source`: (seconds, the answer's status) or (seconds, None) without one in 2 s."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0)) as s:
            s.sendall(f"GET /rest/ping.view?u={user}&p={password}&v=1.16.1&c=bench&f=json HTTP/1.1\r\n"
                      f"Host: {host}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        status = json.loads(data.split(b"\r\n\r\n", 1)[1])["subsonic-response"]["status"]
    except (OSError, ValueError, KeyError, IndexError):
        status = None
    return time.perf_counter() - started, status

def close_wait():
    """The server's connections whose clients have closed them and it has not."""
    lines = subprocess.run(["ss", "-Htn", "state", "close-wait", f"( sport = :{port} )"],
                           capture_output=True, text=True).stdout.splitlines()
    return len(lines)

met = []
print(f"1. Slow headers: 14 addresses x {per_address} connections, one byte a second")
for _ in range(50):
    served.timed_get()  # warm up
served.probe("quiet server", requests, width=36, sources=new_address)
stop = threading.Event()
counts = {"opened": 0, "closed by the server": 0}

async def trickler(source):
    loop = asyncio.get_running_loop()
    request = f"GET /api/state HTTP/1.1\r\nHost: {host}\r\nX-Slow: {'a' * 4000}\r\n\r\n".encode()
    while not stop.is_set():
        s = socket.socket()
        s.setblocking(False)
        try:
            s.bind((source, 0))
            await loop.sock_connect(s, ("127.0.0.1", port))
            counts["opened"] += 1
            for sent in range(len(request)):
                if stop.is_set():
                    break
                await loop.sock_sendall(s, request[sent:sent + 1])
                try:
                    if not await asyncio.wait_for(loop.sock_recv(s, 4096), 1.0):
                        break
                except asyncio.TimeoutError:
                    continue
                break  # answered (408 or 503): closed next
        except OSError:
            pass
        finally:
            s.close()
        counts["closed by the server"] += 0 if stop.is_set() else 1
        await asyncio.sleep(1.0)

thread = threading.Thread(target=lambda: run_until(stop, lambda: [
    trickler(f"127.0.0.{2 + a}") for a in range(14) for _ in range(per_address)]))
thread.start()
time.sleep(5)  # let every slow connection open
loaded = served.probe(f"{14 * per_address} slow-header connections", requests, width=36, sources=new_address,
                      pause=0.1)  # spread over the attack (20 s by default)
stop.set()
thread.join()
met.append(loaded is not None and loaded < 100)
print(f"  every request from a new address answered, p99 under 100 ms -> {'met' if met[-1] else 'NOT met'}")
print("  the slow connections: " + ", ".join(f"{value} {key}" for key, value in counts.items()))

print("2. Guessed passwords: 12 addresses x (4 wrong logins, then 32 guesses closed at once)")
for a in range(12):
    for _ in range(4):
        ping("alice", "wrong", f"127.0.0.{20 + a}")

def guesses(source):
    sockets = []
    for g in range(32):
        s = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0))
        s.sendall(f"GET /rest/ping.view?u=alice&p=guess{g}&v=1.16.1&c=bench&f=json HTTP/1.1\r\n"
                  f"Host: {host}\r\n\r\n".encode())
        sockets.append(s)
    for s in sockets:
        s.close()

started = time.perf_counter()
threads = [threading.Thread(target=guesses, args=(f"127.0.0.{20 + a}",)) for a in range(12)]
for t in threads:
    t.start()
for t in threads:
    t.join()
time.sleep(0.5)
held = close_wait()
state = served.timed_get("/api/state", "127.0.2.1")
own_seconds, own_status = ping("alice", "rightpass", "127.0.2.2")
other_seconds, other_status = ping("bob", "otherpass", "127.0.0.20")
print(f"  connections the server holds that their clients closed (CLOSE-WAIT): {held}")
print(f"  GET /api/state from another address: " + (f"{state * 1000:.1f} ms" if state else "no answer in 2 s"))
print(f"  alice's right password from a new address: {own_seconds * 1000:.1f} ms, {own_status}")
print(f"  bob's right password from an address that guessed: {other_seconds * 1000:.1f} ms, {other_status}")
met.append(held == 0 and state is not None and state < 0.1 and own_status == "ok" and own_seconds < 0.1
           and other_status == "ok" and other_seconds < 0.1)
print(f"  nothing held, every right login and /api/state under 100 ms -> {'met' if met[-1] else 'NOT met'}")
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)
sys.exit(0 if all(met) else 1)
PY
