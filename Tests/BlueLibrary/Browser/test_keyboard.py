"""The page from the keyboard alone: the scroller is one Tab stop whose focus lands on the current cover
(roving tabindex), arrows move the selection and the focus together, focusing selects nothing, Enter
keeps the focus, every focusable control shows a focus ring, Home/End/PageUp/PageDown jump, and `/`
goes to the search box.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase


class KeyboardTests(PageTestCase):
    def prepare_library(self):
        self.import_albums([{"title": f"Extra {n}", "artist": "Band"} for n in range(15)])
        self.cli("select", "3")

    def focus_search(self):
        self.driver.find_element(By.ID, "query").click()

    def test_tab_reaches_the_scroller_once_on_the_current_cover_and_selects_nothing(self):
        self.open_page()
        self.focus_search()
        self.keys(Keys.TAB)
        focused = self.active()
        self.assertTrue(focused["cover"], focused)
        self.assertEqual((focused["position"], focused["selected"], focused["tabIndex"]), (3, "true", 0))
        tabbable = self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view')].filter((v) => v.tabIndex === 0).length"
        )
        self.assertEqual(tabbable, 1)
        self.settle()
        self.assertEqual(self.current()["index"], 3)
        self.assertEqual(self.page_state()["current"], 3)
        self.keys(Keys.TAB)
        self.assertEqual(self.active()["name"], "artist", "the next Tab stop is the details table")
        self.keys(Keys.SHIFT, Keys.TAB)
        self.assertEqual(self.active()["position"], 3)

    def test_arrows_move_the_selection_and_the_focus_goes_with_it(self):
        self.open_page()
        self.focus_search()
        self.keys(Keys.TAB, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        self.wait.until(lambda _: self.page_state()["current"] == 5)
        focused = self.active()
        self.assertEqual((focused["cover"], focused["position"], focused["tabIndex"]), (True, 5, 0))
        self.assertEqual(self.details()["Album"], "Extra 0")
        self.keys(Keys.ARROW_LEFT)
        self.wait.until(lambda _: self.active()["position"] == 4)
        self.wait.until(lambda _: self.current()["index"] == 4)

    def test_enter_on_a_cover_keeps_the_focus_on_it(self):
        self.open_page()
        self.focus_search()
        self.keys(Keys.TAB, Keys.ENTER)
        self.settle()
        self.assertEqual(self.active()["position"], 3)
        self.keys(Keys.ARROW_RIGHT, Keys.ENTER)
        self.settle()
        focused = self.active()
        self.assertEqual((focused["cover"], focused["position"]), (True, 4))
        self.assertEqual(self.page_state()["current"], 4)

    def test_home_end_and_page_keys_jump(self):
        self.open_page()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.keys(Keys.END)
        self.wait.until(lambda _: self.details().get("Album") == "Extra 14")
        self.assertEqual(self.page_state()["position"], "album 20 of 20")
        self.keys(Keys.HOME)
        self.wait.until(lambda _: self.details().get("Album") == "Best of Bowie")
        per_screen = self.driver.execute_script("return Math.floor(document.getElementById('scroller').clientWidth / 120)")
        self.keys(Keys.PAGE_DOWN)
        self.wait.until(lambda _: self.page_state()["current"] == per_screen)
        self.keys(Keys.PAGE_UP)
        self.wait.until(lambda _: self.page_state()["current"] == 0)
        self.wait.until(lambda _: self.current()["index"] == 0)

    def test_slash_goes_to_the_search_box(self):
        self.open_page()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.keys("/")
        focused = self.active()
        self.assertEqual(focused["id"], "query")
        self.assertEqual(self.driver.find_element(By.ID, "query").get_attribute("value"), "")
        self.keys("extra 1", Keys.ENTER)
        self.wait.until(lambda _: self.page_state()["position"].endswith("matching “extra 1”"))
        self.assertEqual(self.page_state()["views"], 6)  # Extra 1, Extra 10 … Extra 14

    def test_every_tab_stop_shows_a_focus_ring(self):
        self.open_page()
        self.driver.find_element(By.CSS_SELECTOR, "#add summary").click()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.driver.execute_script("document.getElementById('undo').disabled = false")  # reachable for the check
        seen = []
        for _ in range(40):
            self.keys(Keys.TAB)
            ring = self.driver.execute_script(
                """
                const e = document.activeElement, style = getComputedStyle(e);
                const where = e.closest('#details') ? 'details.' : e.closest('#add-form') ? 'add.' : '';
                const link = e.tagName === 'A' ? 'a ' + e.getAttribute('href') : null;
                return [where + (e.id || e.getAttribute('name') || link || e.tagName.toLowerCase() + (e.classList.contains('album-view') ? '.cover' : '')),
                        e.matches(':focus-visible'), style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor];
                """
            )
            if ring[0] == "body" or ring[0] in [entry[0] for entry in seen]:
                break
            seen.append(ring)
        names = [entry[0] for entry in seen]
        for expected in ("a #/", "a #/albums?sort=artist", "a #/years", "query", "div.cover", "details.artist", "details.year", "summary",
                         "add.title", "add.cover_url", "add.button", "undo", "trash"):
            self.assertIn(expected, names)
        for name, visible, style, width, colour in seen:
            self.assertTrue(visible, name)
            self.assertNotEqual(style, "none", name)
            self.assertGreaterEqual(width, 2, name)
            self.assertEqual(colour, "rgb(255, 210, 94)", name)


if __name__ == "__main__":
    unittest.main()
