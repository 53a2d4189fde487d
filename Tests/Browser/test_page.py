"""The page of `bluelibrary serve`, end to end in headless Chromium (Debian's chromium,
chromium-driver and python3-selenium). Each test starts its own server on 127.0.0.1 with a fresh
library and never reaches any other address (covers are offline: generated artwork).

Run with: /usr/bin/python3 -m unittest discover -s Tests/Browser -v
Set BLUELIBRARY_SCREENSHOT=path.png to keep a screenshot of the page.
"""

import json
import os
import shutil
import subprocess
import tempfile
import unittest
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

BINARY = os.environ.get("BLUELIBRARY_BIN", os.path.join(os.getcwd(), ".build", "debug", "bluelibrary"))
SCRIPT_TITLE = "<img src=x onerror=alert(1)>"


class PageTests(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="bluelibrary-browser-")
        self.env = dict(os.environ, BLUELIBRARY_HOME=self.home, BLUELIBRARY_OFFLINE="1")
        self.cli("add", "--title", SCRIPT_TITLE, "--artist", "Mallory")
        self.server = subprocess.Popen(
            [BINARY, "serve", "--port", "0"], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        self.addCleanup(self.stop_server)
        line = self.server.stdout.readline()
        self.assertTrue(line.startswith("Serving BlueLibrary at http://127.0.0.1:"), line)
        self.url = line.split(" at ")[1].split(" ")[0]
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,720"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.addCleanup(self.driver.quit)
        self.wait = WebDriverWait(self.driver, 15)

    def stop_server(self):
        self.server.terminate()
        self.server.wait(timeout=10)
        self.server.stdout.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def cli(self, *arguments):
        return subprocess.run([BINARY, *arguments], env=self.env, check=True, capture_output=True, text=True).stdout

    def api(self, path):
        with urllib.request.urlopen(self.url.rstrip("/") + path) as response:
            return json.load(response)

    def views(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#strip .album-view")

    def open_page(self, count=6):
        self.driver.get(self.url)
        self.wait.until(lambda _: len(self.views()) == count)

    def details(self):
        # One script call reads the whole table: the page may redraw it between two element lookups.
        rows = self.driver.execute_script(
            "return [...document.querySelectorAll('#details tr')].map((r) => [r.cells[0].textContent, r.cells[1].textContent])"
        )
        return dict(rows)

    def highlighted_index(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view')].findIndex((v) => v.classList.contains('highlighted'))"
        )

    def test_the_page_loads_covers_appear_and_every_spinner_stops(self):
        self.open_page()
        self.wait.until(lambda _: self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view')].every((v) => v.classList.contains('loaded'))"
        ))
        widths = [self.driver.execute_script("return arguments[0].querySelector('img').naturalWidth", v) for v in self.views()]
        self.assertTrue(all(width > 0 for width in widths), widths)
        spinners = [s for s in self.driver.find_elements(By.CSS_SELECTOR, ".spinner") if s.is_displayed()]
        self.assertEqual(spinners, [])
        self.assertEqual(self.details()["Artist"], "David Bowie")
        self.assertEqual(self.highlighted_index(), 0)
        self.assertEqual(self.driver.find_element(By.ID, "undo").is_enabled(), self.api("/api/state")["can_undo"])
        self.assertTrue(self.driver.find_element(By.ID, "trash").is_enabled())
        screenshot = os.environ.get("BLUELIBRARY_SCREENSHOT")
        if screenshot:
            self.driver.save_screenshot(screenshot)

    def test_a_click_selects_and_centres(self):
        self.open_page()
        self.views()[2].click()
        self.wait.until(lambda _: self.highlighted_index() == 2)
        self.assertEqual(self.details()["Album"], "Nothing Like The Sun")
        self.wait.until(lambda _: self.api("/api/state")["current"]["index"] == 2)

    def test_delete_then_undo_puts_the_album_back_in_its_place(self):
        self.open_page()
        self.views()[1].click()
        self.wait.until(lambda _: self.api("/api/state")["current"]["index"] == 1)
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.DELETE)
        self.wait.until(lambda _: len(self.views()) == 5)
        self.assertNotIn("It's My Life", [album["title"] for album in self.api("/api/albums")])
        self.assertTrue(self.driver.find_element(By.ID, "undo").is_enabled())
        body.send_keys(Keys.CONTROL, "z")
        self.wait.until(lambda _: len(self.views()) == 6)
        self.assertEqual(self.api("/api/albums")[1]["title"], "It's My Life")
        self.wait.until(lambda _: self.details().get("Album") == "It's My Life")

    def test_a_reload_restores_the_current_album(self):
        self.open_page()
        self.views()[4].click()
        self.wait.until(lambda _: self.api("/api/state")["current"]["index"] == 4)
        self.driver.refresh()
        self.wait.until(lambda _: len(self.views()) == 6 and self.highlighted_index() == 4)
        self.assertEqual(self.details()["Artist"], "Madonna")
        centre = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.left + r.width / 2 - window.innerWidth / 2", self.views()[4]
        )
        self.wait.until(lambda _: abs(self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.left + r.width / 2 - window.innerWidth / 2", self.views()[4]
        )) < 70, "the current cover is centred")
        self.assertIsNotNone(centre)

    def test_a_title_with_markup_shows_as_text(self):
        self.open_page()
        self.views()[5].click()
        self.wait.until(lambda _: self.details().get("Album") == SCRIPT_TITLE)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#details img"), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_a_change_from_the_command_line_shows_without_a_reload(self):
        self.open_page()
        self.cli("delete", "0")
        self.wait.until(lambda _: len(self.views()) == 5)
        self.wait.until(lambda _: self.details().get("Artist") == "No Doubt")


if __name__ == "__main__":
    unittest.main()
