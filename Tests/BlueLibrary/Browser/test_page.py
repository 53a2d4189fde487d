"""The page of `bluelibrary serve`, end to end in headless Chromium, on a small library: the tutorial's
screen, the details table edited in place, adding, messages, and the page at phone width.

Run with: /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v
Set BLUELIBRARY_SCREENSHOT=path.png to keep a screenshot of the page.
"""

import os
import unittest

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase

SCRIPT_TITLE = "<img src=x onerror=alert(1)>"


class PageTests(PageTestCase):
    def prepare_library(self):
        self.cli("add", "--title", SCRIPT_TITLE, "--artist", "Mallory")

    def test_the_page_loads_covers_appear_and_every_spinner_stops(self):
        self.open_page()
        self.assertEqual(self.page_state()["views"], 6)
        self.wait.until(lambda _: self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view')].every((v) => v.classList.contains('loaded'))"
        ))
        widths = self.driver.execute_script(
            "return [...document.querySelectorAll('#strip .album-view img')].map((i) => i.naturalWidth)"
        )
        self.assertTrue(all(width > 0 for width in widths), widths)
        spinners = [s for s in self.driver.find_elements(By.CSS_SELECTOR, ".spinner") if s.is_displayed()]
        self.assertEqual(spinners, [])
        page = self.page_state()
        self.assertEqual(page["details"]["Artist"], "David Bowie")
        self.assertEqual(page["current"], 0)
        self.assertEqual(page["position"], "album 1 of 6")
        self.assertEqual(self.driver.find_element(By.ID, "undo").is_enabled(), self.api("/api/state")["can_undo"])
        self.assertTrue(self.driver.find_element(By.ID, "trash").is_enabled())
        screenshot = os.environ.get("BLUELIBRARY_SCREENSHOT")
        if screenshot:
            self.driver.save_screenshot(screenshot)

    def test_covers_are_options_labelled_album_by_artist_and_the_current_one_is_marked(self):
        self.open_page()
        albums = self.api("/api/albums")["albums"]
        page = self.page_state()
        self.assertEqual(page["labels"], [f"{album['title']} by {album['artist']}" for album in albums])
        marks = self.driver.execute_script(
            """
            return [...document.querySelectorAll('#strip .album-view')].map((v) => [v.getAttribute('role'),
                v.getAttribute('aria-selected'), v.getAttribute('aria-current'), v.getAttribute('aria-setsize'),
                v.classList.contains('highlighted')]);
            """
        )
        self.assertEqual(marks[0], ["option", "true", "true", "6", True])
        self.assertTrue(all(mark == ["option", "false", None, "6", False] for mark in marks[1:]), marks)
        self.assertEqual(self.driver.find_element(By.ID, "strip").get_attribute("role"), "listbox")

    def test_a_click_selects_and_centres(self):
        self.open_page()
        self.cover(2).click()
        self.wait.until(lambda _: self.page_state()["current"] == 2)
        self.assertEqual(self.details()["Album"], "Nothing Like The Sun")
        self.wait.until(lambda _: self.current()["index"] == 2)
        self.wait.until(lambda _: abs(self.centre_offset(2)) < 2, "the clicked cover is centred")

    def test_delete_then_undo_puts_the_album_back_in_its_place(self):
        self.open_page()
        self.cover(1).click()
        self.wait.until(lambda _: self.current()["index"] == 1)
        self.keys(Keys.DELETE)
        self.wait.until(lambda _: self.page_state()["views"] == 5)
        self.assertNotIn("It's My Life", [album["title"] for album in self.api("/api/albums")["albums"]])
        self.assertTrue(self.driver.find_element(By.ID, "undo").is_enabled())
        self.assertEqual(self.page_state()["status"], "Deleted “It's My Life”")
        self.keys(Keys.CONTROL, "z")
        self.wait.until(lambda _: self.page_state()["views"] == 6)
        self.assertEqual(self.album_at(1)["title"], "It's My Life")
        self.wait.until(lambda _: self.details().get("Album") == "It's My Life")

    def test_a_reload_restores_the_current_album(self):
        self.open_page()
        self.cover(4).click()
        self.wait.until(lambda _: self.current()["index"] == 4)
        self.driver.refresh()
        self.wait.until(lambda _: self.page_state()["current"] == 4)
        self.assertEqual(self.details()["Artist"], "Madonna")
        self.wait.until(lambda _: abs(self.centre_offset(4)) < 2, "the current cover is centred")

    def test_a_title_with_markup_shows_as_text(self):
        self.open_page()
        self.cover(5).click()
        self.wait.until(lambda _: self.details().get("Album") == SCRIPT_TITLE)
        self.assertEqual(self.page_state()["currentLabel"], SCRIPT_TITLE + " by Mallory")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#details img, #strip img:not([src^='/covers/'])"), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_a_change_from_the_command_line_shows_without_a_reload(self):
        self.open_page()
        self.cli("delete", "0")
        self.wait.until(lambda _: self.page_state()["views"] == 5)
        self.wait.until(lambda _: self.details().get("Artist") == "No Doubt")
        self.assertEqual(self.page_state()["position"], "album 1 of 5")


class EditingTests(PageTestCase):
    """The details table is edited in place: Enter saves, Esc cancels, and Undo takes a save back."""

    def field(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#details input[name="{name}"]')

    def test_enter_saves_a_field_and_keeps_the_focus_there(self):
        self.open_page()
        title = self.field("title")
        title.click()
        title.send_keys(Keys.CONTROL, "a")
        title.send_keys("Best of Bowie, Remastered")
        self.assertTrue(self.driver.find_element(By.ID, "edit-hint").is_displayed())
        title.send_keys(Keys.ENTER)
        self.wait.until(lambda _: self.album_at(0)["title"] == "Best of Bowie, Remastered")
        self.wait.until(lambda _: self.page_state()["currentLabel"] == "Best of Bowie, Remastered by David Bowie")
        self.assertEqual(self.active()["name"], "title")
        self.assertEqual(self.page_state()["status"], "Saved album of “Best of Bowie, Remastered”")
        self.assertFalse(self.driver.find_element(By.ID, "edit-hint").is_displayed())

    def test_esc_cancels_and_leaving_the_field_cancels_too(self):
        self.open_page()
        genre = self.field("genre")
        genre.click()
        genre.send_keys(Keys.CONTROL, "a")
        genre.send_keys("Glam")
        genre.send_keys(Keys.ESCAPE)
        self.assertEqual(genre.get_attribute("value"), "Pop")
        genre.send_keys(Keys.CONTROL, "a")
        genre.send_keys("Glam")
        self.field("artist").click()
        self.assertEqual(genre.get_attribute("value"), "Pop")
        self.assertEqual(self.album_at(0)["genre"], "Pop")
        self.assertFalse(self.api("/api/state")["can_undo"])

    def test_a_saved_edit_is_undone_like_any_change(self):
        self.open_page()
        year = self.field("year")
        year.click()
        year.send_keys(Keys.CONTROL, "a")
        year.send_keys("1993", Keys.ENTER)
        self.wait.until(lambda _: self.album_at(0)["year"] == 1993)
        self.wait.until(lambda _: self.driver.find_element(By.ID, "undo").is_enabled())
        self.driver.find_element(By.ID, "undo").click()
        self.wait.until(lambda _: self.album_at(0)["year"] == 1992)
        self.wait.until(lambda _: self.details()["Year"] == "1992")

    def test_a_bad_year_is_refused_in_the_words_it_was_typed(self):
        self.open_page()
        year = self.field("year")
        year.click()
        year.send_keys(Keys.CONTROL, "a")
        year.send_keys("19x2", Keys.ENTER)
        self.wait.until(lambda _: self.page_state()["statusIsError"])
        self.assertEqual(self.page_state()["status"], "invalid year '19x2': not a whole number")
        self.assertEqual(year.get_attribute("value"), "19x2")
        self.assertEqual(self.album_at(0)["year"], 1992)


class AddingTests(PageTestCase):
    def add(self, title, artist, year=""):
        summary = self.driver.find_element(By.CSS_SELECTOR, "#add summary")
        if not self.driver.find_element(By.ID, "add").get_attribute("open"):
            summary.click()
        form = self.driver.find_element(By.ID, "add-form")
        for name, value in (("title", title), ("artist", artist), ("year", year)):
            form.find_element(By.NAME, name).send_keys(value)
        self.click(form.find_element(By.CSS_SELECTOR, "button"))

    def test_adding_an_album_selects_it_and_scrolls_to_it(self):
        self.open_page()
        self.add("Heroes", "David Bowie", " 1977")
        self.wait.until(lambda _: self.details().get("Album") == "Heroes")
        page = self.page_state()
        self.assertEqual(page["current"], 5)
        self.assertEqual(page["details"]["Year"], "1977")
        self.assertEqual(page["status"], "Added “Heroes” (1977)")
        self.assertEqual(self.current()["index"], 5)
        self.wait.until(lambda _: abs(self.centre_offset(5)) < 2, "the new cover is centred")

    def test_an_album_added_during_a_search_that_hides_it_clears_the_search(self):
        self.open_page()
        self.driver.find_element(By.ID, "query").send_keys("madonna", Keys.ENTER)
        self.wait.until(lambda _: self.page_state()["views"] == 1)
        self.add("Ten", "Sting")
        self.wait.until(lambda _: self.details().get("Album") == "Ten")
        self.assertEqual(self.driver.find_element(By.ID, "query").get_attribute("value"), "")
        self.assertEqual(self.page_state()["position"], "album 6 of 6")

    def test_a_bad_year_is_echoed_as_typed_and_nothing_is_added(self):
        self.open_page()
        self.add("Heroes", "David Bowie", "1977a")
        self.wait.until(lambda _: self.page_state()["statusIsError"])
        self.assertEqual(self.page_state()["status"], "invalid year '1977a': not a whole number")
        self.assertEqual(self.api("/api/state")["count"], 5)
        form = self.driver.find_element(By.ID, "add-form")
        self.assertEqual(form.find_element(By.NAME, "year").get_attribute("value"), "1977a")


class MessageTests(PageTestCase):
    def search(self, text):
        query = self.driver.find_element(By.ID, "query")
        query.clear()
        query.send_keys(text, Keys.ENTER)

    def test_an_error_or_a_status_clears_on_the_next_successful_action(self):
        self.open_page()
        self.search("year:abc")
        self.wait.until(lambda _: self.page_state()["statusIsError"])
        self.assertIn("abc", self.page_state()["status"])
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.keys(Keys.ARROW_RIGHT)
        self.wait.until(lambda _: self.page_state()["status"] == "")
        self.keys(Keys.DELETE)
        self.wait.until(lambda _: self.page_state()["status"].startswith("Deleted"))
        self.keys(Keys.ARROW_RIGHT)
        self.wait.until(lambda _: self.page_state()["status"] == "")

    def test_no_matches_says_how_to_clear_the_search(self):
        self.open_page()
        self.search("zeppelin")
        self.wait.until(lambda _: self.page_state()["empty"] is not None)
        page = self.page_state()
        self.assertEqual(page["empty"], "No albums match “zeppelin”. Press Esc or clear the search to see all 5 albums.")
        self.assertEqual(page["views"], 0)
        self.assertEqual(page["details"], {})
        self.assertFalse(self.driver.find_element(By.ID, "trash").is_enabled())
        self.driver.find_element(By.ID, "clear-search").click()
        self.wait.until(lambda _: self.page_state()["views"] == 5)
        self.assertIsNone(self.page_state()["empty"])
        self.search("zeppelin")
        self.wait.until(lambda _: self.page_state()["empty"] is not None)
        self.driver.find_element(By.ID, "query").send_keys(Keys.ESCAPE)
        self.wait.until(lambda _: self.page_state()["views"] == 5)

    def test_an_empty_library_says_so_and_offers_no_search_to_clear(self):
        self.open_page()
        for _ in range(5):
            self.cli("delete", "0")
        self.wait.until(lambda _: self.page_state()["empty"] is not None)
        self.assertEqual(self.page_state()["empty"], "The library is empty: add an album below.")
        self.assertFalse(self.driver.find_element(By.ID, "clear-search").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "trash").is_enabled())
        self.assertEqual(self.page_state()["position"], "")

    def test_a_search_selects_its_first_match_when_the_current_album_is_not_one(self):
        self.open_page()
        self.search("sun")
        self.wait.until(lambda _: self.page_state()["position"] == "album 1 of 2 matching “sun”")
        self.assertEqual(self.details()["Album"], "Nothing Like The Sun")
        self.wait.until(lambda _: self.current()["index"] == 2)


class ConnectionTests(PageTestCase):
    def test_when_the_server_goes_away_the_page_says_so_disables_changes_and_reconnects_by_itself(self):
        self.open_page()
        port = self.port
        self.stop_server()
        banner = self.driver.find_element(By.ID, "connection")
        self.wait.until(lambda _: banner.is_displayed())
        for control in ("undo", "trash"):
            self.assertFalse(self.driver.find_element(By.ID, control).is_enabled(), control)
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, "#add-form button").is_enabled())
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, '#details input[name="title"]').is_enabled())
        self.keys(Keys.DELETE)
        self.cli("delete", "0")  # a change made while the page was away
        self.start_server(port)
        self.wait.until(lambda _: not banner.is_displayed())
        self.wait.until(lambda _: self.page_state()["position"] == "album 1 of 4")
        self.assertEqual(self.details()["Artist"], "No Doubt")
        self.assertTrue(self.driver.find_element(By.ID, "trash").is_enabled())
        self.assertEqual(self.page_state()["status"], "")


class LookTests(PageTestCase):
    def test_at_phone_width_nothing_is_clipped_or_against_the_edges(self):
        self.set_viewport(390, 844, mobile=True)
        self.open_page()
        self.driver.find_element(By.CSS_SELECTOR, "#add summary").click()
        problems = self.driver.execute_script(
            """
            const problems = [];
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
            const selector = 'h1, #query, #position, #details th, #details input, #add summary, #add-form label,'
                + ' #add-form input, #add-form button, #toolbar button, #toolbar .hint, #status';
            for (const element of document.querySelectorAll(selector)) {
                const box = element.getBoundingClientRect();
                if (box.width === 0 || getComputedStyle(element).display === 'none') continue;
                const name = element.id || element.getAttribute('name') || element.tagName + ' ' + element.textContent.trim();
                if (box.left < 8 || box.right > width - 8) problems.push(name + ' is within 8 px of an edge');
                if (element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1) problems.push(name + ' is clipped');
            }
            return problems;
            """
        )
        self.assertEqual(problems, [])
        self.assertLess(abs(self.centre_offset(0)), 2)

    def test_the_dark_theme_reaches_the_scrollbars(self):
        self.open_page()
        look = self.driver.execute_script(
            """
            const scroller = getComputedStyle(document.getElementById('scroller'));
            return [getComputedStyle(document.documentElement).colorScheme, scroller.scrollbarColor,
                    scroller.backgroundColor, getComputedStyle(document.body).scrollbarColor,
                    getComputedStyle(document.body).backgroundColor];
            """
        )
        scheme, scroller_bar, scroller_background, page_bar, page_background = look
        self.assertEqual(scheme, "dark")
        self.assertTrue(scroller_bar.endswith(" " + scroller_background), look)
        self.assertTrue(page_bar.endswith(" " + page_background), look)

    def test_every_text_on_the_page_meets_aa_contrast(self):
        self.open_page()
        self.driver.find_element(By.CSS_SELECTOR, "#add summary").click()
        self.driver.find_element(By.ID, "query").send_keys("year:abc", Keys.ENTER)
        self.wait.until(lambda _: self.page_state()["statusIsError"])
        failures = self.driver.execute_script(
            """
            const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
            const channel = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
            const background = (element) => {
                for (let e = element; e; e = e.parentElement) {
                    const colour = rgb(getComputedStyle(e).backgroundColor);
                    if (colour.length < 4 || colour[3] > 0) return colour;
                }
                return [255, 255, 255];
            };
            const failures = [];
            for (const element of document.querySelectorAll('body *')) {
                const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
                    || (element.tagName === 'INPUT' && (element.value || element.placeholder));
                if (!own || element.disabled || element.closest('[hidden]') || !element.getClientRects().length) continue;
                const style = getComputedStyle(element);
                const a = luminance(rgb(style.color)), b = luminance(background(element));
                const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                if (ratio < 4.5) failures.push((element.id || element.tagName) + ': ' + ratio.toFixed(2));
            }
            return failures;
            """
        )
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
