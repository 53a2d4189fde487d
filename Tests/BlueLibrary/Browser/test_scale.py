"""The page on large libraries (made by `bluelibrary import`). On 5,000 albums, the cover scroller: it
shows the current album, the DOM and the cover requests stay bounded, the album list arrives in pages,
End reaches the last album, holding → and scrolling keep it bounded, search is virtualised too, and a
change made by the command line appears. On 100,000 albums by 20,000 artists, every view: the Albums
grid in each order, its rails, the Artists list, the decades and a search show their first screen with
a bounded DOM and bounded requests, and reach the end of their lists. (The speed goals are measured by
bench/web-page.sh, not here.)
"""

import json
import os
import random
import shutil
import subprocess
import tempfile
import time
import unittest
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import BINARY, PageTestCase, generated_albums

ALBUMS = generated_albums(5000)
TOTAL = 5005  # the five seeds and the imported albums
MAX_VIEWS = 60  # covers in the DOM: the view and a screen on each side (at most about 30 here)
MAX_ELEMENTS = 2000


class ScaleTests(PageTestCase):
    window = (1280, 800)

    def prepare_library(self):
        self.import_albums(ALBUMS)
        self.cli("select", "2500")

    def requests(self, part):
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => e.name.includes(arguments[0]))"
            ".map((e) => [e.name, e.encodedBodySize])",
            part,
        )

    def assert_bounded(self):
        page = self.page_state()
        self.assertLessEqual(page["views"], MAX_VIEWS)
        self.assertLess(page["elements"], MAX_ELEMENTS)

    def test_the_current_album_shows_with_a_bounded_dom_and_bounded_requests(self):
        self.open_page()
        expected = self.album_at(2500)
        self.wait.until(lambda _: self.details().get("Album") == expected["title"])
        page = self.page_state()
        self.assertEqual(page["position"], "album 2,501 of 5,005")
        self.assertEqual(page["current"], 2500)
        self.assertLess(abs(self.centre_offset(2500)), 2)
        self.wait.until(lambda _: self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view')].every((v) => v.classList.contains('loaded'))"
        ))
        self.assert_bounded()
        self.assertEqual(self.cover_requests(), page["views"], "one request per cover in the DOM, none for the rest")
        listings = self.requests("/api/albums")
        self.assertTrue(listings)
        for url, size in listings:
            limit = int(parse_qs(urlparse(url).query).get("limit", ["100"])[0])
            self.assertLessEqual(limit, 500, url)
            self.assertLess(size, 100_000, url)

    def test_end_reaches_the_last_album_and_home_the_first(self):
        self.open_page()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        last = self.album_at(TOTAL - 1)
        self.keys(Keys.END)
        self.wait.until(lambda _: self.details().get("Album") == last["title"])
        page = self.page_state()
        self.assertEqual(page["position"], "album 5,005 of 5,005")
        self.assertEqual(page["current"], TOTAL - 1)
        self.assertEqual(page["currentLabel"], f"{last['title']} by {last['artist']}")
        self.wait.until(lambda _: abs(self.centre_offset(TOTAL - 1)) < 2)
        self.assert_bounded()
        self.wait.until(lambda _: self.current()["index"] == TOTAL - 1)
        self.keys(Keys.HOME)
        self.wait.until(lambda _: self.details().get("Album") == "Best of Bowie")
        self.assert_bounded()

    def test_holding_the_right_arrow_keeps_the_page_bounded(self):
        self.open_page()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        for _ in range(80):
            self.keys(Keys.ARROW_RIGHT)
        self.wait.until(lambda _: self.page_state()["current"] == 2580)
        self.wait.until(lambda _: self.details().get("Album") == self.album_at(2580)["title"])
        self.assert_bounded()
        self.wait.until(lambda _: self.current()["index"] == 2580)
        # Covers passed on the way were cancelled or never asked for: far fewer than the albums passed.
        self.assertLess(self.cover_requests(), 80 + MAX_VIEWS)

    def test_a_scroll_that_stops_between_covers_snaps_and_selects(self):
        self.open_page()
        self.driver.execute_script("document.getElementById('scroller').scrollLeft = 1000 * 120 + 47")
        self.wait.until(lambda _: self.page_state()["current"] == 1000)
        self.wait.until(lambda _: self.driver.execute_script("return document.getElementById('scroller').scrollLeft") == 1000 * 120)
        self.wait.until(lambda _: self.details().get("Album") == self.album_at(1000)["title"])
        self.driver.execute_script("document.getElementById('scroller').scrollLeft = 3000 * 120 + 61")
        self.wait.until(lambda _: self.page_state()["current"] == 3001)
        self.wait.until(lambda _: self.current()["index"] == 3001)
        self.assert_bounded()

    def test_search_results_are_virtualised_the_same_way(self):
        self.open_page()
        query = self.driver.find_element(By.ID, "query")
        query.send_keys("band", Keys.ENTER)
        matches = self.api("/api/albums?q=band&limit=0")["total"]
        self.assertGreater(matches, 4000)
        self.wait.until(lambda _: self.page_state()["position"] == f"album 2,496 of {matches:,} matching “band”")
        self.assert_bounded()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.keys(Keys.END)
        last = self.api(f"/api/albums?q=band&offset={matches - 1}&limit=1")["albums"][0]
        self.wait.until(lambda _: self.details().get("Album") == last["title"])
        self.assert_bounded()
        query.clear()
        query.send_keys("year:1999 band", Keys.ENTER)
        narrow = self.api("/api/albums?q=year%3A1999+band&limit=0")["total"]
        self.wait.until(lambda _: self.page_state()["position"].endswith(f"of {narrow:,} matching “year:1999 band”"))
        self.assertEqual(self.details()["Year"], "1999")

    def test_a_change_from_the_command_line_appears_and_the_current_album_stays(self):
        self.open_page()
        current = self.album_at(2500)
        self.wait.until(lambda _: self.details().get("Album") == current["title"])
        self.cli("delete", "10")
        self.wait.until(lambda _: self.page_state()["position"] == "album 2,500 of 5,004")
        self.assertEqual(self.details()["Album"], current["title"])
        self.wait.until(lambda _: abs(self.centre_offset(2499)) < 2)
        self.cli("add", "--title", "Brand New", "--artist", "Someone")
        self.wait.until(lambda _: self.page_state()["position"] == "album 2,500 of 5,005")
        self.cli("select", "5004")
        self.wait.until(lambda _: self.details().get("Album") == "Brand New")
        self.assert_bounded()


def hundred_thousand(seed=5):
    """100,000 albums by 20,000 artists of every initial (and some starting with a digit), in 12 genres,
    over 1950–2024 and some without a year."""
    rng = random.Random(seed)
    words = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain", "Stone", "Glass"]
    initials = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0"
    artists = [f"{initials[n % 27]}{rng.choice(words).lower()} {rng.choice(words)} {n}" for n in range(20000)]
    genres = ["Rock", "Pop", "Jazz", "Folk", "Blues", "Soul", "Metal", "Punk", "Funk", "Disco", "House", "Ambient"]
    return [
        {"title": f"{rng.choice(words)} {rng.choice(words)} {n}", "artist": artists[n % 20000],
         "genre": genres[n % 12], "year": None if n % 50 == 0 else 1950 + n % 75}
        for n in range(100000)
    ]


class HundredThousandTests(PageTestCase):
    """Every view on 100,005 albums. The library is imported once for the class and copied for each test."""

    window = (1280, 800)
    TOTAL = 100005  # the five seeds, then the imported albums
    MAX_ELEMENTS = 2000
    template = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.template = tempfile.mkdtemp(prefix="bluelibrary-100k-")
        # A class cleanup, not tearDownClass: it runs also when the import below fails.
        cls.addClassCleanup(shutil.rmtree, cls.template, ignore_errors=True)
        path = os.path.join(cls.template, "albums.json")
        env = dict(os.environ, BLUELIBRARY_HOME=cls.template, BLUELIBRARY_OFFLINE="1")
        # The seeds stay: the import holds them too (into a library of only them, an import takes their place).
        seeds = json.loads(subprocess.run([BINARY, "export"], env=env, check=True, capture_output=True, text=True).stdout)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(seeds + hundred_thousand(), handle)
        subprocess.run([BINARY, "import", path], env=env, check=True, capture_output=True)
        subprocess.run([BINARY, "select", "50000"], env=env, check=True, capture_output=True)

    def prepare_library(self):
        shutil.copy(os.path.join(self.template, "library.db"), os.path.join(self.home, "library.db"))

    def bounded(self):
        """The page's size and what it asked for: elements, covers requested, and every listing's limit
        and size."""
        figures = self.driver.execute_script(
            """
            const entries = performance.getEntriesByType('resource');
            return {elements: document.getElementsByTagName('*').length,
                    covers: entries.filter((e) => e.name.includes('/covers/')).length,
                    lists: entries.filter((e) => e.name.includes('/api/')).map((e) => [e.name, e.encodedBodySize])};
            """
        )
        self.assertLess(figures["elements"], self.MAX_ELEMENTS)
        for url, size in figures["lists"]:
            limit = parse_qs(urlparse(url).query).get("limit")
            if limit:
                self.assertLessEqual(int(limit[0]), 500, url)
            self.assertLess(size, 150_000, url)
        return figures

    def shown_cells(self):
        self.wait.until(lambda _: self.visible_cells() and all(title for _, title in self.visible_cells()))
        return self.visible_cells()

    def test_the_albums_grid_shows_its_first_screen_and_its_end_with_bounded_dom_and_covers(self):
        self.open_route("#/albums?sort=artist")
        first = self.shown_cells()
        expected = self.api("/api/albums?sort=artist&limit=10")["albums"]
        self.assertEqual([title for _, title in first[:5]], [album["title"] for album in expected[:5]])
        self.assertEqual(self.view()["count"], "100,005 albums")
        self.wait.until(lambda _: self.driver.execute_script(
            "return [...document.querySelectorAll('#albums-grid .cell-cover')].every((c) => c.classList.contains('loaded'))"))
        figures = self.bounded()
        cells = len(self.cells())
        self.assertLess(cells, 80)
        self.assertLessEqual(figures["covers"], cells, "a cover request for each album drawn, none for the others")
        # The end of the list, reached by scrolling all the way down.
        self.driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        last = self.api(f"/api/albums?sort=artist&offset={self.TOTAL - 1}&limit=1")["albums"][0]
        self.eventually(lambda: self.shown_cells()[-1] == [self.TOTAL - 1, last["title"]], f"the last album: {self.visible_cells()[-2:]}")
        self.bounded()

    def test_the_rail_jumps_across_100000_albums_in_each_order(self):
        for sort, label in (("artist", "M"), ("title", "R"), ("year", "1980s")):
            self.open_route(f"#/albums?sort={sort}")
            self.shown_cells()
            sections = {s["label"]: s for s in self.api(f"/api/albums/sections?sort={sort}")["sections"]}
            self.wait.until(lambda _: self.driver.find_elements(By.XPATH, f"//nav[@id='albums-rail']/button[text()='{label}']"))
            self.click(self.driver.find_element(By.XPATH, f"//nav[@id='albums-rail']/button[text()='{label}']"))
            offset = sections[label]["offset"]
            columns = self.driver.execute_script("return document.querySelector('#albums-grid .grid-row').children.length")
            self.eventually(lambda: self.shown_cells()[0][0] <= offset < self.shown_cells()[0][0] + columns,
                            f"{sort} {label} at {offset}: {self.visible_cells()[:2]}")
            album = self.api(f"/api/albums?sort={sort}&offset={offset}&limit=1")["albums"][0]
            self.assertIn([offset, album["title"]], self.shown_cells())
            self.bounded()
        self.assertGreater(sections["No year"]["count"], 0)

    def test_the_artists_list_of_20000_shows_its_first_screen_jumps_and_ends_bounded(self):
        self.open_route("#/artists")
        self.wait.until(lambda _: self.view()["count"] == "20,005 artists")
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#group-list a[href]"))
        rows = self.driver.execute_script("return document.querySelectorAll('#group-list li').length")
        self.assertLess(rows, 100)
        self.bounded()
        self.click(self.driver.find_element(By.XPATH, "//nav[@id='groups-rail']/button[text()='M']"))
        self.eventually(lambda: (self.driver.execute_script(
            "return document.activeElement.closest('#group-list') ? document.activeElement.textContent : ''") or "").startswith("M"))
        self.driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        last = self.api("/api/artists?offset=20004&limit=1")["artists"][0]["name"]
        self.eventually(lambda: last in self.driver.execute_script(
            "return [...document.querySelectorAll('#group-list .group-name')].map((s) => s.textContent)"))
        self.bounded()

    def test_a_decade_and_a_search_across_100000_albums_are_virtualised_too(self):
        self.open_route("#/years")
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#decade-list a"))
        seventies = next(d for d in self.api("/api/years")["decades"] if d["label"] == "1970s")
        self.click(self.driver.find_element(By.XPATH, "//ul[@id='decade-list']//a[.//span[text()='1970s']]"))
        self.eventually(lambda: self.shown_cells()[0][0] <= seventies["offset"] < self.shown_cells()[0][0] + 8)
        self.bounded()
        query = self.driver.find_element(By.ID, "query")
        query.send_keys("rain 99", Keys.ENTER)
        self.wait.until(lambda _: self.view()["id"] == "view-search")
        matches = self.api("/api/albums?q=rain+99&limit=0")["total"]
        self.assertGreater(matches, 100)
        self.wait.until(lambda _: self.driver.find_element(By.ID, "search-albums-count").text == f"{matches:,} albums match")
        self.wait.until(lambda _: self.cells("search-grid"))
        self.assertLess(len(self.cells("search-grid")), 100)
        self.wait.until(lambda _: self.driver.find_element(By.CSS_SELECTOR, "#search-tracks .note").text == "No track matches.")
        self.bounded()

    def test_the_cover_scroller_opens_on_the_current_album_of_100000(self):
        self.open_page()
        expected = self.album_at(50000)
        self.wait.until(lambda _: self.details().get("Album") == expected["title"])
        self.assertEqual(self.page_state()["position"], "album 50,001 of 100,005")
        self.bounded()


if __name__ == "__main__":
    unittest.main()
