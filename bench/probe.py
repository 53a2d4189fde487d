"""What the server benchmarks share: a served library, a probe that times GET /api/state from 127.0.0.1
(a new connection each) and reports its percentiles, and a load of asyncio tasks run until stopped.
Used by bench/connection-flood.sh, bench/hostile-clients.sh, bench/slow-audio.sh and bench/transcode.sh (which run from the repository's root)."""
import asyncio, atexit, socket, subprocess, time


class Served:
    """`bluelibrary serve --port 0` on the library `env` names (with more `arguments`, started through
    `prefix`, e.g. taskset), killed when the script ends."""

    def __init__(self, binary, env, log, arguments=(), prefix=()):
        self.process = subprocess.Popen([*prefix, binary, "serve", "--port", "0", *arguments], stdout=subprocess.PIPE,
                                        stderr=open(log, "w"), env=env, text=True)
        atexit.register(lambda: self.process.poll() is None and self.process.kill())
        line = self.process.stdout.readline()
        self.port = int(line.split(":")[-1].split("/")[0])
        self.host = f"127.0.0.1:{self.port}"

    def timed_get(self, path="/api/state", source=None):
        """One GET `path` on a new connection (from the loopback address `source`, if given); seconds, or None
        without a whole answer within 2 s."""
        started = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2,
                                          source_address=(source, 0) if source else None) as s:
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\nConnection: close\r\n\r\n".encode())
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
        except OSError:
            return None
        whole = data.startswith(b"HTTP/1.1 200") and data.rstrip().endswith((b"}", b">"))
        return time.perf_counter() - started if whole else None

    def probe(self, label, requests, width=28, path="/api/state", sources=None, pause=0):
        """Times `requests` GETs of `path` (the i-th from `sources(i)`, if given; `pause` seconds apart) and
        prints p50, p99 and max; returns p99 in ms (inf if any failed)."""
        times = []
        for i in range(requests):
            times.append(self.timed_get(path, sources(i) if sources else None))
            time.sleep(pause)
            if len(times) >= 10 and all(t is None for t in times[-10:]):
                break  # locked out: ten in a row got no answer within 2 s
        answered = sorted(t for t in times if t is not None)
        failed = requests - len(answered)
        if not answered:
            print(f"  {label:<{width}} no answer at all ({failed} failed)")
            return None
        print(f"  {label:<{width}} p50 {percentile(answered, 0.5):6.2f} ms   p99 {percentile(answered, 0.99):6.2f} ms"
              + f"   max {answered[-1] * 1000:7.2f} ms" + (f"   ({failed} failed)" if failed else ""))
        return percentile(answered, 0.99) if not failed else float("inf")


def percentile(values, q):
    """The q-th quantile of sorted seconds, in milliseconds."""
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def run_until(stop, make_tasks):
    """Runs the coroutines `make_tasks()` gives until the threading.Event `stop` is set, then cancels them."""
    async def main():
        tasks = [asyncio.create_task(coroutine) for coroutine in make_tasks()]
        while not stop.is_set():
            await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    asyncio.run(main())
