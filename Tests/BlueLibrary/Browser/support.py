"""What the browser suites share: a fresh library and `bluelibrary serve` on 127.0.0.1 per test,
headless Chromium (Debian's chromium, chromium-driver and python3-selenium) driving the page, and
helpers that read the page in one script call each (the page may redraw between two lookups).

Covers are offline (generated artwork); nothing reaches any address but 127.0.0.1.
"""

import json
import os
import shutil
import subprocess
import tempfile
import unittest
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

BINARY = os.environ.get("BLUELIBRARY_BIN", os.path.join(os.getcwd(), ".build", "debug", "bluelibrary"))


def generated_albums(count, seed=7):
    """`count` albums as `bluelibrary import` reads them: "Word Word N" by "Word Band", years 1960–2020."""
    import random

    rng = random.Random(seed)
    words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain"]
    return [
        {
            "title": f"{rng.choice(words)} {rng.choice(words)} {number}",
            "artist": f"{rng.choice(words)} Band",
            "genre": "Rock",
            "year": rng.randint(1960, 2020),
        }
        for number in range(count)
    ]


def make_music(folder, albums, seconds=4):
    """Writes a music folder with ffmpeg: `albums` is [(album, album artist, year, genre, [(title, artist), ...])],
    one sub-folder per album, a sine tone per track (Ogg Vorbis), tagged as a scanner reads them."""
    for number, (album, album_artist, year, genre, tracks) in enumerate(albums):
        path = os.path.join(folder, f"{number:02d} {album}")
        os.makedirs(path)
        for track, (title, artist) in enumerate(tracks, 1):
            tags = {"title": title, "artist": artist, "album_artist": album_artist, "album": album,
                    "track": str(track), "date": str(year), "genre": genre}
            subprocess.run(
                ["/usr/bin/ffmpeg", "-nostdin", "-y", "-v", "error", "-f", "lavfi",
                 "-i", f"sine=frequency={220 + 110 * track}:duration={seconds}", "-c:a", "libvorbis"]
                + [argument for key, value in tags.items() for argument in ("-metadata", f"{key}={value}")]
                + [os.path.join(path, f"{track:02d}.ogg")],
                check=True,
            )


class PageTestCase(unittest.TestCase):
    """One library and one server per test; one browser per test class (starting Chromium is the
    slow part), on a blank page between tests."""

    window = (1000, 720)
    browser = None

    @classmethod
    def setUpClass(cls):
        cls.browser = cls.make_browser()

    @classmethod
    def make_browser(cls):
        """A headless Chromium of its own profile, quit (and its folder removed) when the class ends; a
        test of two people at once makes a second one."""
        # Chromium's profile and caches go in a folder of the class's: left to itself it writes them under the
        # real home, where a run that fails half-way leaves them. Class cleanups run even when setUpClass
        # fails after this (tearDownClass does not), so the browser is quit and the folder removed whatever
        # happens. Its temporary files stay in the temporary folder (make test's own): the socket Chromium
        # makes there must have a path under 108 bytes, which a folder of the class's would overrun.
        folder = tempfile.mkdtemp(prefix="bluelibrary-chromium-")
        cls.addClassCleanup(shutil.rmtree, folder, ignore_errors=True)
        environment = dict(os.environ, HOME=folder, XDG_CONFIG_HOME=os.path.join(folder, "config"),
                           XDG_CACHE_HOME=os.path.join(folder, "cache"))
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        options.add_argument("--user-data-dir=" + os.path.join(folder, "profile"))
        # Audio plays without a click first (a test's keys and clicks are not all a user's gesture).
        options.add_argument("--autoplay-policy=no-user-gesture-required")
        options.binary_location = "/usr/bin/chromium"
        browser = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver", env=environment))
        cls.addClassCleanup(browser.quit)
        # Count every request the page makes (the browser keeps 250 timing entries unless told).
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "performance.setResourceTimingBufferSize(100000)"}
        )
        # The actions the page gives the Media Session (media keys, a lock screen), kept where a test can
        # call them as the browser would.
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": """
                window.__mediaActions = {};
                if (navigator.mediaSession) {
                    const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
                    navigator.mediaSession.setActionHandler = (action, handler) => {
                        window.__mediaActions[action] = handler;
                        set(action, handler);
                    };
                }
            """},
        )
        # When the page last did something — a request started or answered, the document changed — and
        # how many requests are in flight, for settle(). (In a function: a top-level `const fetch` would
        # be the name every script of the page finds before the wrapper.)
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": """
                (() => {
                    const activity = {inflight: 0, last: performance.now()};
                    window.__activity = activity;
                    const note = () => { activity.last = performance.now(); };
                    const original = window.fetch;
                    window.fetch = function (...args) {
                        activity.inflight += 1;
                        note();
                        return original.apply(window, args).finally(() => { activity.inflight -= 1; note(); });
                    };
                    new MutationObserver(note).observe(
                        document, {subtree: true, childList: true, attributes: true, characterData: true});
                })();
            """},
        )
        return browser

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="bluelibrary-browser-")
        # Each test starts with an empty queue (it lives in the browser's storage for the page's origin,
        # and every test's server has a new port, so a new origin).
        self.addCleanup(shutil.rmtree, self.home, ignore_errors=True)
        self.env = dict(os.environ, BLUELIBRARY_HOME=self.home, BLUELIBRARY_OFFLINE="1")
        self.prepare_library()
        self.server = None
        self.start_server()
        self.addCleanup(self.stop_server)
        self.driver = self.browser
        self.addCleanup(self.driver.get, "about:blank")
        self.set_viewport(*self.window)
        self.wait = WebDriverWait(self.driver, 15)

    def prepare_library(self):
        """Makes the library before the server starts; by default the five seeds (made by the first add)."""

    # What a suite's `serve` is started with besides its port (e.g. "--sign-in").
    serve_options = ()

    def start_server(self, port=0):
        self.server = subprocess.Popen(
            [BINARY, "serve", "--port", str(port), *self.serve_options],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.server.stdout.readline()
        self.assertTrue(line.startswith("Serving BlueLibrary at http://127.0.0.1:"), line)
        self.url = line.split(" at ")[1].split(" ")[0]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def stop_server(self):
        if self.server is None:
            return
        self.server.terminate()
        try:
            # Long: on a busy machine the requests in flight can take a while to finish.
            self.server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            # Never left running (its home is removed next): killed, and the test still fails.
            self.server.kill()
            self.server.wait()
            raise
        finally:
            self.server.stdout.close()
            self.server = None

    def set_viewport(self, width, height, mobile=False):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    # MARK: The library, outside the page

    def cli(self, *arguments):
        return subprocess.run([BINARY, *arguments], env=self.env, check=True, capture_output=True, text=True).stdout

    def import_albums(self, albums):
        """Imports albums after those of the library. An import into a library holding only the tutorial's
        five albums replaces them; these tests keep them (the import holds them too, so they stay)."""
        library = json.loads(self.cli("export"))
        if len(library) == 5:
            albums = library + list(albums)
        path = os.path.join(self.home, "import.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(albums, handle)
        self.cli("import", path)

    def add_radio_station(self, name, stream, homepage=None):
        """Adds an internet radio station as a music app does: through the Subsonic API, as the
        administrator (made, with the library's first user, on the first call)."""
        if not getattr(self, "radio_user", False):
            subprocess.run([BINARY, "user", "add", "dj"], env=self.env, input="spins-1\n", check=True,
                           capture_output=True, text=True)
            self.radio_user = True
        fields = {"u": "dj", "p": "spins-1", "c": "tests", "v": "1.16.1", "f": "json", "name": name, "streamUrl": stream}
        if homepage:
            fields["homepageUrl"] = homepage
        body = urllib.parse.urlencode(fields).encode()
        with urllib.request.urlopen(self.url.rstrip("/") + "/rest/createInternetRadioStation", body) as response:
            self.assertEqual(json.load(response)["subsonic-response"]["status"], "ok")

    def api(self, path):
        with urllib.request.urlopen(self.url.rstrip("/") + path) as response:
            return json.load(response)

    def album_at(self, index):
        return self.api(f"/api/albums?offset={index}&limit=1")["albums"][0]

    def current(self):
        return self.api("/api/state")["current"]

    # MARK: The page

    def open_page(self):
        self.driver.get(self.url)
        self.wait.until(lambda _: self.page_state()["loaded"])

    def open_route(self, route):
        """Opens the page at a route (`#/albums?sort=title`) and waits until its view is shown."""
        self.driver.get(self.url.rstrip("/") + "/" + route)
        self.wait.until(lambda _: self.driver.execute_script(
            "return [...document.querySelectorAll('main > section')].filter((s) => !s.hidden).length === 1"))

    def view(self):
        """The view shown, its heading and its count line, read at once. While a page loads (after a
        reload, back or forward) no view may be shown yet: the id is then None."""
        return self.driver.execute_script(
            """
            const section = [...document.querySelectorAll('main > section')].find((s) => !s.hidden);
            const heading = section ? section.querySelector('h2') : null;
            const count = section ? section.querySelector('.view-count') : null;
            return {id: section ? section.id : null, heading: heading ? heading.textContent : null, count: count ? count.textContent : null,
                    hash: location.hash, title: document.title,
                    current: [...document.querySelectorAll('#views a[aria-current=page]')].map((a) => a.textContent)};
            """
        )

    def cells(self, grid="albums-grid"):
        """The album grid's cells in the DOM, in order: position, title, artist, link."""
        return self.driver.execute_script(
            """
            return [...document.querySelectorAll('#' + arguments[0] + ' .cell')]
                .map((c) => [Number(c.getAttribute('aria-posinset')) - 1, c.querySelector('.cell-title').textContent,
                             c.querySelector('.cell-artist').textContent, c.firstChild.getAttribute('href')])
                .sort((a, b) => a[0] - b[0]);
            """,
            grid,
        )

    def visible_cells(self, grid="albums-grid"):
        """The grid's cells whose cover is at least half in the view (above the dock), in order."""
        return self.driver.execute_script(
            """
            const bottom = document.getElementById('dock').getBoundingClientRect().top;
            return [...document.querySelectorAll('#' + arguments[0] + ' .cell')].filter((c) => {
                const box = c.getBoundingClientRect();
                return box.top + box.height / 2 >= 0 && box.top + box.height / 2 <= bottom;
            }).map((c) => [Number(c.getAttribute('aria-posinset')) - 1, c.querySelector('.cell-title').textContent])
              .sort((a, b) => a[0] - b[0]);
            """,
            grid,
        )

    def player(self):
        """The player bar, the queue and both audio elements, read at once."""
        return self.driver.execute_script(
            """
            const audios = [...document.querySelectorAll('#audio, #audio-next')];
            const bar = document.getElementById('player');
            const queue = JSON.parse(localStorage.getItem('bluelibrary.queue') || 'null');
            const session = navigator.mediaSession && navigator.mediaSession.metadata;
            return {
                shown: !bar.hidden, title: document.getElementById('player-title').textContent,
                artist: document.getElementById('player-artist').textContent,
                play: document.getElementById('play').getAttribute('aria-label'),
                elapsed: document.getElementById('elapsed').textContent, duration: document.getElementById('duration').textContent,
                seek: document.getElementById('seek').getAttribute('aria-valuetext'),
                audios: audios.map((a) => ({src: a.getAttribute('src'), paused: a.paused, time: a.currentTime,
                    duration: Number.isFinite(a.duration) ? a.duration : null, ready: a.readyState, volume: a.volume,
                    muted: a.muted, error: a.error && a.error.code})),
                playing: audios.filter((a) => !a.paused).map((a) => a.getAttribute('src')),
                queue: queue ? queue.items.map((i) => i.track.title) : [], index: queue ? queue.index : -1,
                shuffle: queue ? queue.shuffle : false, repeat: queue ? queue.repeat : 'off',
                session: session ? {title: session.title, artist: session.artist, album: session.album,
                    artwork: session.artwork.map((a) => a.src)} : null,
                state: navigator.mediaSession ? navigator.mediaSession.playbackState : null,
            };
            """
        )

    def page_state(self):
        """The scroller, the details and the messages, read at once."""
        return self.driver.execute_script(
            """
            const views = [...document.querySelectorAll('#strip .album-view')];
            const current = views.find((v) => v.getAttribute('aria-selected') === 'true');
            const body = document.querySelector('#details tbody');
            const details = {};
            if (!body.hidden) for (const row of body.rows) details[row.cells[0].textContent] = row.cells[1].querySelector('input').value;
            return {
                loaded: document.getElementById('position').textContent !== '' || !document.getElementById('empty').hidden,
                views: views.length,
                labels: views.map((v) => v.getAttribute('aria-label')),
                current: current ? Number(current.getAttribute('aria-posinset')) - 1 : null,
                currentLabel: current ? current.getAttribute('aria-label') : null,
                details,
                position: document.getElementById('position').textContent,
                status: document.getElementById('status').textContent,
                statusIsError: document.getElementById('status').classList.contains('error'),
                empty: document.getElementById('empty').hidden ? null : document.getElementById('empty-text').textContent,
                elements: document.getElementsByTagName('*').length,
            };
            """
        )

    def details(self):
        return self.page_state()["details"]

    def click(self, element):
        """Clicks an element after scrolling it to the middle of the view: the page's dock (the player
        and the toolbar) stays pinned over the bottom of the view, as it is meant to."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def click_found(self, selector):
        """Clicks what `selector` finds, found again when the page redrew it between the finding and the
        click (a view the server's event for a change redraws, that change the page's own)."""
        def clicked(_):
            try:
                self.click(self.driver.find_element(By.CSS_SELECTOR, selector))
                return True
            except StaleElementReferenceException:
                return False
        self.wait.until(clicked, f"click {selector}")

    def cover(self, position):
        return self.driver.find_element(By.CSS_SELECTOR, f'#strip .album-view[aria-posinset="{position + 1}"]')

    def active(self):
        """The focused element, described."""
        return self.driver.execute_script(
            """
            const e = document.activeElement;
            return {tag: e.tagName.toLowerCase(), id: e.id, name: e.getAttribute('name'),
                    cover: e.classList.contains('album-view'), position: Number(e.getAttribute('aria-posinset')) - 1,
                    selected: e.getAttribute('aria-selected'), tabIndex: e.tabIndex};
            """
        )

    def centre_offset(self, position):
        """How far the cover at `position` is from the middle of the scroller, in pixels."""
        return self.driver.execute_script(
            """
            const r = arguments[0].getBoundingClientRect(), scroller = document.getElementById('scroller');
            return r.left + r.width / 2 - (scroller.getBoundingClientRect().left + scroller.clientWidth / 2);
            """,
            self.cover(position),
        )

    def keys(self, *keys):
        """Presses keys in turn; a leading modifier (Ctrl, Shift) is held down for the rest."""
        actions = ActionChains(self.driver)
        modifiers = [key for key in keys[:1] if key in (Keys.CONTROL, Keys.SHIFT, Keys.ALT)]
        for modifier in modifiers:
            actions.key_down(modifier)
        actions.send_keys(*keys[len(modifiers):])
        for modifier in modifiers:
            actions.key_up(modifier)
        actions.perform()

    def cover_requests(self):
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/covers/')).length"
        )

    def eventually(self, condition, message=None, timeout=15):
        WebDriverWait(self.driver, timeout).until(lambda _: condition(), message)

    def settle(self, seconds=0.3, timeout=30):
        """Waits until the page is quiet: no request in flight, every image in view loaded (or failed), nothing
        in the document changed for `seconds` since this call. A fixed pause is too short when the machine
        is busy. A page that never stays still that long (a clock that ticks) is waited for up to `timeout`
        seconds, then the test goes on, as it would have after a pause."""
        start = self.driver.execute_script("return performance.now()")
        quiet = """
            const activity = window.__activity || {inflight: 0, last: 0};
            // Images out of view never load while they are lazy: only those in view must be done.
            const inView = (image) => {
                const box = image.getBoundingClientRect();
                return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight
                    && box.left < innerWidth;
            };
            return activity.inflight === 0 && [...document.images].filter(inView).every((image) => image.complete)
                && performance.now() - Math.max(arguments[0], activity.last) >= arguments[1];
        """
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                lambda _: self.driver.execute_script(quiet, start, seconds * 1000))
        except TimeoutException:
            pass
