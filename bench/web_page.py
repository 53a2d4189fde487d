"""Measures the web page of `bluelibrary serve` in headless Chromium at 1280×800 against its goals, for
libraries of several sizes: the cover scroller, then each browsing view (the Albums grid,
the Artists list, the albums in year order, a search) — first screen, a 5-second fling down, the DOM
and the cover requests — and the server's memory while 16 clients page through the largest library at
once. Run by bench/web-page.sh (see there); prints each figure next to its goal.

Every library is made by `bluelibrary import` of generated albums (after the five seeds) with the
album in the middle current, so the page opens in the middle of the list.
"""

import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WIDTH, HEIGHT = 1280, 800
HOLD_SECONDS = 5
READERS = 16

# Runs in the page before its own script: long tasks, the frame at which the current album shows, and
# the frame at which the details show an awaited title after a key.
PROBE = """
(() => {
  const bench = window.__bench = { longTasks: [], shown: null, coverShown: null, frames: 0, awaited: null, viewShown: null };
  performance.setResourceTimingBufferSize(1000000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  addEventListener("keydown", () => {
    if (bench.awaited && bench.awaited.start === null) bench.awaited.start = performance.now();
  }, true);
  const frame = () => {
    const now = performance.now();
    bench.frames += 1;
    const body = document.querySelector("#details tbody");
    const current = document.querySelector("#strip .album-view.highlighted");
    if (bench.shown === null && body && !body.hidden && current) bench.shown = now;
    if (bench.coverShown === null && current && current.classList.contains("loaded")) bench.coverShown = now;
    // A browsing view is shown when an album of its first screen has its title and cover, or an
    // artist's row its name.
    if (bench.viewShown === undefined || bench.viewShown === null) {
      const cell = document.querySelector("#albums-grid .cell-cover.loaded, #search-grid .cell-cover.loaded");
      const row = document.querySelector("#group-list a[href]");
      if ((cell && cell.closest(".cell").querySelector(".cell-title").textContent) || row) bench.viewShown = now;
    }
    const awaited = bench.awaited;
    if (awaited && awaited.start !== null && awaited.done === null && body && !body.hidden
        && document.querySelector('#details input[name="title"]').value === awaited.title) awaited.done = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def albums(count, seed=11):
    rng = random.Random(seed)
    words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain", "Stone", "Glass"]
    return [
        {
            "title": f"{rng.choice(words)} {rng.choice(words)} {number}",
            "artist": f"{rng.choice(words)} {rng.choice(words)} Band {rng.randint(1, 20000)}",
            "genre": rng.choice(["Rock", "Pop", "Jazz", "Folk"]),
            "year": rng.randint(1960, 2024),
        }
        for number in range(count)
    ]


class Library:
    """A library of `count` imported albums (plus the five seeds) served on 127.0.0.1."""

    def __init__(self, binary, count):
        self.binary = binary
        self.home = tempfile.mkdtemp(prefix="bluelibrary-bench-")
        self.env = dict(os.environ, BLUELIBRARY_HOME=self.home, BLUELIBRARY_OFFLINE="1")
        path = os.path.join(self.home, "albums.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(albums(count), handle)
        self.run("import", path)
        self.total = count + 5
        self.run("select", str(self.total // 2))
        self.server = subprocess.Popen(
            [binary, "serve", "--port", "0"], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        self.url = self.server.stdout.readline().split(" at ")[1].split(" ")[0].rstrip("/")

    def run(self, *arguments):
        subprocess.run([self.binary, *arguments], env=self.env, check=True, capture_output=True)

    def api(self, path):
        with urllib.request.urlopen(self.url + path) as response:
            return json.load(response)

    def rss(self):
        """The server's resident memory in bytes."""
        with open(f"/proc/{self.server.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def close(self):
        self.server.terminate()
        self.server.wait(timeout=10)
        self.server.stdout.close()
        shutil.rmtree(self.home, ignore_errors=True)


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
    )
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    driver.execute_cdp_cmd("Performance.enable", {})
    return driver


def cover_requests(driver):
    """Cover requests the browser started since the last call (cancelled ones included)."""
    count = 0
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent" and "/covers/" in message["params"]["request"]["url"]:
            count += 1
    return count


def heap(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "JSHeapUsedSize")


def key(driver, name, code, kind="rawKeyDown", repeat=False):
    driver.execute_cdp_cmd(
        "Input.dispatchKeyEvent",
        {"type": kind, "key": name, "code": name, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
         "autoRepeat": repeat},
    )


def wait_for(driver, script, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value is not None:
            return value
        time.sleep(0.02)
    raise TimeoutError(script)


def measure_page(library):
    figures = {}
    driver = browser()
    try:
        driver.get(library.url + "/")
        figures["shown"] = wait_for(driver, "return __bench.shown")
        figures["cover"] = wait_for(driver, "return __bench.coverShown")
        time.sleep(2)  # covers near the view load; nothing has scrolled
        figures["covers"] = cover_requests(driver)
        figures["elements"] = driver.execute_script("return document.getElementsByTagName('*').length")
        figures["heap"] = heap(driver)
        figures["longest_load_task"] = driver.execute_script(
            "return Math.max(0, ...__bench.longTasks.map((t) => t[1]))"
        )

        # End → the last album's details, from the key event to the frame that shows them.
        last = library.api(f"/api/albums?offset={library.total - 1}&limit=1")["albums"][0]["title"]
        driver.execute_script("document.activeElement.blur(); __bench.awaited = {title: arguments[0], start: null, done: null}", last)
        key(driver, "End", 35)
        key(driver, "End", 35, "keyUp")
        figures["end"] = wait_for(driver, "const a = __bench.awaited; return a.done === null ? null : a.done - a.start")
        time.sleep(1)
        key(driver, "Home", 36)
        key(driver, "Home", 36, "keyUp")
        wait_for(driver, "return document.getElementById('position').textContent.startsWith('album 1 of') || null")
        time.sleep(1)
        cover_requests(driver)

        # Holding → for 5 s: a key-repeat every 33 ms, as a keyboard sends them.
        start = driver.execute_script("__bench.frames = 0; return performance.now()")
        deadline = time.time() + HOLD_SECONDS
        repeat = False
        while time.time() < deadline:
            key(driver, "ArrowRight", 39, repeat=repeat)
            repeat = True
            time.sleep(0.033)
        key(driver, "ArrowRight", 39, "keyUp")
        held = driver.execute_script(
            """
            const start = arguments[0], now = performance.now();
            const tasks = __bench.longTasks.filter((t) => t[0] >= start).map((t) => t[1]);
            return {seconds: (now - start) / 1000, frames: __bench.frames, longest: Math.max(0, ...tasks),
                    position: document.getElementById('position').textContent,
                    elements: document.getElementsByTagName('*').length};
            """,
            start,
        )
        figures["hold_fps"] = held["frames"] / held["seconds"]
        figures["hold_longest"] = held["longest"]
        figures["hold_position"] = held["position"]
        figures["hold_elements"] = held["elements"]
        time.sleep(1)
        figures["hold_covers"] = cover_requests(driver)
        figures["heap_after"] = heap(driver)
    finally:
        driver.quit()
    return figures


# The browsing views measured, with what makes the view's first screen appear.
VIEWS = [
    ("Albums by artist", "#/albums?sort=artist"),
    ("Albums by year", "#/albums?sort=year"),
    ("Artists", "#/artists"),
    ("Search \u201cgold\u201d", None),
]


def measure_view(library, label, route):
    """One view in a fresh browser: its first screen from navigation start, the covers asked for, the DOM;
    then a fling down for 5 s (120 px a frame): the longest task, frames per second, covers and DOM after."""
    figures = {}
    driver = browser()
    try:
        if route is None:
            driver.get(library.url + "/#/artists")
            wait_for(driver, "return __bench.viewShown")
            driver.execute_script(
                "__bench.viewShown = null; performance.clearResourceTimings(); __bench.start = performance.now();"
                "const q = document.getElementById('query'); q.value = 'gold';"
                "q.form.requestSubmit()")
            shown = wait_for(driver, "return __bench.viewShown")
            figures["shown"] = shown - driver.execute_script("return __bench.start")
        else:
            driver.get(library.url + "/" + route)
            figures["shown"] = wait_for(driver, "return __bench.viewShown")
        time.sleep(2)
        figures["covers"] = cover_requests(driver)
        figures["elements"] = driver.execute_script("return document.getElementsByTagName('*').length")
        start = driver.execute_script(
            """
            __bench.frames = 0;
            const start = performance.now();
            const fling = () => { if (performance.now() - start < 5000) { scrollBy(0, 120); requestAnimationFrame(fling); } };
            requestAnimationFrame(fling);
            return start;
            """)
        time.sleep(5.5)
        flung = driver.execute_script(
            """
            const start = arguments[0], now = performance.now();
            const tasks = __bench.longTasks.filter((t) => t[0] >= start).map((t) => t[1]);
            return {seconds: (now - start) / 1000, frames: __bench.frames, longest: Math.max(0, ...tasks),
                    elements: document.getElementsByTagName('*').length, top: scrollY};
            """,
            start,
        )
        figures["fling_fps"] = flung["frames"] / flung["seconds"]
        figures["fling_longest"] = flung["longest"]
        figures["fling_elements"] = flung["elements"]
        time.sleep(1)
        figures["fling_covers"] = cover_requests(driver)
        figures["heap"] = heap(driver)
    finally:
        driver.quit()
    return figures


def measure_server_memory(library):
    """16 clients each read the whole library a page at a time, at once; the server's RSS meanwhile."""
    before = library.rss()
    peak = [before]
    running = [True]

    def watch():
        while running[0]:
            peak[0] = max(peak[0], library.rss())
            time.sleep(0.01)

    host, port = library.url.split("//")[1].split(":")
    pages = [0]

    def read_all():
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        offset = 0
        while offset < library.total:
            connection.request("GET", f"/api/albums?offset={offset}&limit=500")
            response = connection.getresponse()
            body = json.loads(response.read())
            offset += len(body["albums"])
            pages[0] += 1
        connection.close()

    watcher = threading.Thread(target=watch)
    watcher.start()
    started = time.time()
    readers = [threading.Thread(target=read_all) for _ in range(READERS)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    seconds = time.time() - started
    running[0] = False
    watcher.join()
    time.sleep(2)
    return {"before": before, "peak": peak[0], "after": library.rss(), "seconds": seconds, "pages": pages[0]}


def main(binary, counts):
    results = {}
    views = {}
    memory = None
    for count in counts:
        print(f"… {count + 5:,} albums", file=sys.stderr)
        library = Library(binary, count)
        try:
            results[count] = measure_page(library)
            for label, route in VIEWS:
                views.setdefault(label, {})[count] = measure_view(library, label, route)
            if count == max(counts):
                # Twice: the second round shows whether the first one's memory is reused or kept.
                memory = [measure_server_memory(library), measure_server_memory(library)]
        finally:
            library.close()

    version = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"\nThe web page in headless {version} at {WIDTH}×{HEIGHT}, {os.cpu_count()} cores, served by {binary}")
    header = "".join(f"{count + 5:>16,}" for count in counts)
    print(f"{'albums':<44}{header}   goal")

    def row(label, key, unit, goal, ok):
        cells = "".join(f"{format_value(results[count][key], unit):>16}" for count in counts)
        verdict = "ok" if all(ok(results[count][key]) for count in counts) else "MISSED"
        print(f"{label:<44}{cells}   {goal}  {verdict}")

    row("current album shown, from navigation start", "shown", "ms", "≤ 1,000 ms", lambda v: v <= 1000)
    row("  … and its cover drawn", "cover", "ms", "(no goal)", lambda v: True)
    row("cover requests before scrolling", "covers", "", "≤ ~100", lambda v: v <= 100)
    row("DOM elements", "elements", "", "< 2,000", lambda v: v < 2000)
    row("JS heap used", "heap", "MB", "< 50 MB", lambda v: v < 50e6)
    row("End → the last album's details", "end", "ms", "≤ 300 ms", lambda v: v <= 300)
    row("holding → for 5 s: longest task", "hold_longest", "ms", "≤ 100 ms", lambda v: v <= 100)
    row("  … frames per second", "hold_fps", "fps", "~60", lambda v: v >= 50)
    row("  … cover requests meanwhile", "hold_covers", "", "(no goal)", lambda v: True)
    row("  … DOM elements after", "hold_elements", "", "< 2,000", lambda v: v < 2000)
    row("  … JS heap used after", "heap_after", "MB", "< 50 MB", lambda v: v < 50e6)
    for count in counts:
        print(f"  holding → from album 1 reached: {results[count]['hold_position']} ({count + 5:,} albums)")
    for label, figures in views.items():
        print(f"\n{label}")

        def view_row(name, key, unit, goal, ok):
            cells = "".join(f"{format_value(figures[count][key], unit):>16}" for count in counts)
            verdict = "ok" if all(ok(figures[count][key]) for count in counts) else "MISSED"
            print(f"{name:<44}{cells}   {goal}  {verdict}")

        view_row("  first screen shown", "shown", "ms", "≤ 1,000 ms", lambda v: v <= 1000)
        view_row("  cover requests before scrolling", "covers", "", "≤ ~100", lambda v: v <= 100)
        view_row("  DOM elements", "elements", "", "< 2,000", lambda v: v < 2000)
        view_row("  5 s fling down: longest task", "fling_longest", "ms", "≤ 100 ms", lambda v: v <= 100)
        view_row("    … frames per second", "fling_fps", "fps", "~60", lambda v: v >= 50)
        view_row("    … cover requests meanwhile", "fling_covers", "", "(no goal)", lambda v: True)
        view_row("    … DOM elements after", "fling_elements", "", "< 2,000", lambda v: v < 2000)
        view_row("    … JS heap used after", "heap", "MB", "< 50 MB", lambda v: v < 50e6)
    if memory:
        total = max(counts) + 5
        print(f"\nServer memory, {READERS} clients each paging through all {total:,} albums at once, twice:")
        for round, figures in enumerate(memory, 1):
            verdict = "ok" if figures["peak"] < 100e6 else "MISSED"
            print(
                f"  round {round}: {figures['pages']:,} pages of ≤ 500 in {figures['seconds']:.1f} s; RSS before "
                f"{figures['before'] / 1e6:.0f} MB, peak {figures['peak'] / 1e6:.0f} MB (goal < 100 MB, {verdict}), "
                f"2 s after {figures['after'] / 1e6:.0f} MB"
            )


def format_value(value, unit):
    if unit == "MB":
        return f"{value / 1e6:.1f} MB"
    if unit == "ms":
        return f"{value:,.0f} ms"
    if unit == "fps":
        return f"{value:.0f} fps"
    return f"{value:,}"


if __name__ == "__main__":
    main(sys.argv[1], [int(argument) for argument in sys.argv[2:]] or [5000, 100000])
