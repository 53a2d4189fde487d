"""The page on a library of 5,000 albums (made by `bluelibrary import`): it shows the current album, the
DOM and the cover requests stay bounded, the album list arrives in pages, End reaches the last album,
holding → and scrolling keep it bounded, search is virtualised too, and a change made by the command
line appears. (The speed goals are measured by bench/web-page.sh, not here.)
"""

import time
import unittest
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase, generated_albums

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


if __name__ == "__main__":
    unittest.main()
