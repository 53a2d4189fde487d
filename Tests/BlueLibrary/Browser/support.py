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
import time
import unittest
import urllib.request

from selenium import webdriver
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


class PageTestCase(unittest.TestCase):
    """One library and one server per test; one browser per test class (starting Chromium is the
    slow part), on a blank page between tests."""

    window = (1000, 720)
    browser = None

    @classmethod
    def setUpClass(cls):
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        cls.browser = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        # Count every request the page makes (the browser keeps 250 timing entries unless told).
        cls.browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "performance.setResourceTimingBufferSize(100000)"}
        )

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="bluelibrary-browser-")
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

    def start_server(self, port=0):
        self.server = subprocess.Popen(
            [BINARY, "serve", "--port", str(port)],
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
        self.server.wait(timeout=10)
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
        path = os.path.join(self.home, "import.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(albums, handle)
        self.cli("import", path)

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

    def settle(self, seconds=0.3):
        time.sleep(seconds)
