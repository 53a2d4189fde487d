"""The play queue: an album's Play, Play next and Add to queue build it; its panel plays, moves, removes
and clears tracks with the focus kept in place; shuffle keeps the current track and puts the order back
when turned off; repeat plays the queue or one track again; and all of it, with the place in the track,
survives a reload. A track a search finds plays at once or joins the queue.
"""

import os
import unittest

from selenium.webdriver.common.by import By

from support import PageTestCase, make_music

ALBUMS = [
    ("Alpha", "Ada", 2001, "Rock", [("Alpha One", "Ada"), ("Alpha Two", "Ada"), ("Alpha Three", "Ada")]),
    ("Beta", "Bea", 2002, "Jazz", [("Beta One", "Bea"), ("Beta Two", "Bea feat. Cy"), ("Beta Three", "Bea")]),
]


class QueueTests(PageTestCase):
    # The folder is not watched: a file deleted behind the library's back stays listed (a watched folder
    # drops its track at once, CLIFolderWatchTests), so the queue meets a track whose file is gone.
    serve_options = ("--no-watch",)

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, ALBUMS, seconds=3)
        self.cli("import", music)

    def album_id(self, title):
        return self.api(f"/api/albums?q=album:{title}")["albums"][0]["id"]

    def open_album(self, title):
        self.open_route("#/album/" + self.album_id(title))
        self.wait.until(lambda _: self.driver.find_element(By.ID, "album-title").text == title)
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks tr")) == 3)

    def press(self, element_id):
        self.click(self.driver.find_element(By.ID, element_id))

    def rows(self):
        """The queue panel's rows: title, whether current, and which move buttons are enabled."""
        return self.driver.execute_script(
            """
            return [...document.querySelectorAll('#queue-list li')]
                .sort((a, b) => Number(a.getAttribute('aria-posinset')) - Number(b.getAttribute('aria-posinset')))
                .map((row) => [row.querySelector('.queue-title').textContent,
                               row.querySelector('.queue-play').getAttribute('aria-current') === 'true']);
            """
        )

    def row_button(self, title, which):
        return self.driver.find_element(
            By.XPATH, f"//ol[@id='queue-list']/li[.//span[@class='queue-title'][text()='{title}']]//button[contains(@class, '{which}')]")

    def focused_label(self):
        return self.driver.execute_script("return document.activeElement.getAttribute('aria-label')")

    def test_play_play_next_and_add_to_queue_build_the_queue(self):
        self.open_album("Alpha")
        self.press("album-play")
        self.eventually(lambda: self.player()["queue"] == ["Alpha One", "Alpha Two", "Alpha Three"] and self.player()["playing"])
        self.assertEqual(self.player()["index"], 0)
        self.open_album("Beta")
        self.press("album-queue")
        self.eventually(lambda: len(self.player()["queue"]) == 6)
        self.assertEqual(self.page_state()["status"], "Added “Beta” to the queue")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#album-tracks button[aria-label="Play Beta Two next"]'))
        self.eventually(lambda: self.player()["queue"][:3] == ["Alpha One", "Beta Two", "Alpha Two"])
        self.assertEqual(self.player()["queue"], ["Alpha One", "Beta Two", "Alpha Two", "Alpha Three", "Beta One", "Beta Two", "Beta Three"])
        self.assertEqual(self.page_state()["status"], "“Beta Two” plays next")
        self.press("album-next")
        self.eventually(lambda: self.player()["queue"][1:4] == ["Beta One", "Beta Two", "Beta Three"])
        self.assertEqual(self.player()["title"], "Alpha One", "adding never changes what plays")
        self.press("queue-toggle")
        self.eventually(lambda: len(self.rows()) == 10)
        self.assertEqual(self.driver.find_element(By.ID, "queue-summary").text, "10 tracks, 0:30")
        self.assertEqual(self.driver.find_element(By.ID, "queue-toggle").get_attribute("aria-label"), "Queue, 10 tracks")

    def test_the_panel_moves_removes_plays_and_clears_with_the_focus_kept(self):
        self.open_album("Alpha")
        self.press("album-play")
        self.eventually(lambda: self.player()["playing"])
        self.press("queue-toggle")
        self.eventually(lambda: self.rows() == [["Alpha One", True], ["Alpha Two", False], ["Alpha Three", False]])
        self.assertEqual(self.active()["id"], "queue-heading", "opening the panel takes the focus there")
        self.click(self.row_button("Alpha One", "down"))
        self.eventually(lambda: self.rows() == [["Alpha Two", False], ["Alpha One", True], ["Alpha Three", False]])
        self.assertEqual(self.focused_label(), "Move Alpha One down", "the focus goes with the track")
        self.assertEqual(self.player()["title"], "Alpha One", "the current track stays current")
        self.click(self.row_button("Alpha Three", "up"))
        self.eventually(lambda: [r[0] for r in self.rows()] == ["Alpha Two", "Alpha Three", "Alpha One"])
        self.assertEqual(self.focused_label(), "Move Alpha Three up")
        self.click(self.row_button("Alpha Three", "remove"))
        self.eventually(lambda: [r[0] for r in self.rows()] == ["Alpha Two", "Alpha One"])
        self.assertEqual(self.focused_label(), "Remove Alpha One from the queue", "the focus stays at the same place")
        self.click(self.row_button("Alpha Two", "queue-play"))
        self.eventually(lambda: self.player()["title"] == "Alpha Two" and self.rows()[0][1])
        self.press("queue-clear")
        self.eventually(lambda: self.player()["queue"] == [] and not self.player()["shown"])
        self.assertTrue(self.driver.find_element(By.ID, "queue-empty").is_displayed())
        self.assertEqual(self.player()["playing"], [], "clearing the queue stops the music")

    def test_shuffle_keeps_the_current_track_and_off_puts_the_order_back(self):
        self.open_album("Alpha")
        self.press("album-queue")
        self.open_album("Beta")
        self.press("album-queue")
        self.eventually(lambda: len(self.player()["queue"]) == 6)
        in_order = self.player()["queue"]
        self.press("queue-toggle")
        self.click(self.row_button("Alpha Two", "queue-play"))
        self.eventually(lambda: self.player()["title"] == "Alpha Two")
        # Paused: the order is the subject, and a loaded machine's six rounds can outlast the short track,
        # which would then end and move the queue on.
        self.eventually(lambda: self.player()["playing"])
        self.press("play")
        self.eventually(lambda: not self.player()["playing"])
        shuffle = self.driver.find_element(By.ID, "queue-shuffle")
        orders = []
        for _ in range(6):  # a shuffle may come out in order by chance; six in a row will not
            self.click(shuffle)
            self.eventually(lambda: self.player()["shuffle"])
            state = self.player()
            self.assertEqual(shuffle.get_attribute("aria-pressed"), "true")
            self.assertEqual(state["queue"][state["index"]], "Alpha Two")
            self.assertEqual(state["index"], 0, "the current track comes first, the rest after it at random")
            self.assertEqual(sorted(state["queue"]), sorted(in_order))
            orders.append(state["queue"])
            self.click(shuffle)
            self.eventually(lambda: not self.player()["shuffle"])
            self.assertEqual(self.player()["queue"], in_order, "shuffle off puts the order back")
            self.assertEqual(self.player()["index"], 1)
        self.assertTrue(any(order[1:] != [t for t in in_order if t != "Alpha Two"] for order in orders), orders)

    def test_repeat_all_plays_the_queue_again_and_repeat_one_the_track(self):
        self.open_album("Alpha")
        self.press("album-play")
        self.eventually(lambda: self.player()["playing"])
        self.press("queue-toggle")
        repeat = self.driver.find_element(By.ID, "queue-repeat")
        self.assertEqual(repeat.get_attribute("aria-label"), "Repeat: off")
        self.click(repeat)
        self.eventually(lambda: self.player()["repeat"] == "all")
        self.assertEqual((repeat.get_attribute("aria-label"), repeat.get_attribute("aria-pressed")), ("Repeat: the queue", "true"))
        self.click(self.row_button("Alpha Three", "queue-play"))
        self.eventually(lambda: self.player()["title"] == "Alpha Three" and self.player()["playing"])
        self.driver.execute_script("const a = [...document.querySelectorAll('audio')].find((a) => !a.paused); a.currentTime = a.duration - 0.2;")
        self.eventually(lambda: self.player()["title"] == "Alpha One" and self.player()["playing"], f"wrapped: {self.player()}")
        self.click(repeat)
        self.eventually(lambda: self.player()["repeat"] == "one")
        self.assertEqual(repeat.get_attribute("aria-label"), "Repeat: this track")
        self.driver.execute_script(
            """
            window.__restarted = false;
            const a = [...document.querySelectorAll('audio')].find((a) => !a.paused);
            a.addEventListener('ended', () => { window.__restarted = true; }, {once: true});
            a.currentTime = a.duration - 0.2;
            """)
        self.eventually(lambda: self.driver.execute_script("return window.__restarted"))
        self.eventually(lambda: self.player()["title"] == "Alpha One" and self.player()["playing"], f"again: {self.player()}")
        self.assertEqual(self.player()["index"], 0)
        self.click(repeat)
        self.eventually(lambda: self.player()["repeat"] == "off")

    def test_the_queue_and_the_place_in_the_track_survive_a_reload(self):
        self.open_album("Beta")
        self.press("album-play")
        self.eventually(lambda: self.player()["playing"])
        self.press("next")
        self.eventually(lambda: self.player()["title"] == "Beta Two")
        self.press("play")
        self.eventually(lambda: not self.player()["playing"])
        # The seek slider moves the track to 0:02 (as a drag that ends there does).
        self.driver.execute_script("document.getElementById('seek').value = '2'; document.getElementById('seek').dispatchEvent(new Event('change'))")
        self.eventually(lambda: self.player()["elapsed"] == "0:02")
        self.press("queue-toggle")
        self.press("queue-shuffle")
        self.eventually(lambda: self.player()["shuffle"])
        shuffled = self.player()["queue"]
        self.driver.execute_script("window.dispatchEvent(new Event('pagehide'))")
        self.driver.refresh()
        self.wait.until(lambda _: self.player()["shown"])
        state = self.player()
        self.assertEqual((state["title"], state["artist"], state["play"]), ("Beta Two", "Bea feat. Cy", "Play"))
        self.assertEqual(state["queue"], shuffled)
        self.assertTrue(state["shuffle"])
        self.eventually(lambda: self.player()["elapsed"] == "0:02", f"the place in the track: {self.player()}")
        self.assertEqual(self.player()["playing"], [], "a reload does not start the music by itself")
        self.press("play")
        self.eventually(lambda: self.player()["playing"])

    def test_a_track_whose_file_is_gone_is_skipped_saying_so(self):
        os.remove(os.path.join(self.home, "music", "00 Alpha", "02.ogg"))
        self.open_album("Alpha")
        self.press("album-play")
        self.eventually(lambda: self.player()["title"] == "Alpha One" and self.player()["playing"])
        self.press("next")
        self.eventually(lambda: self.page_state()["statusIsError"])
        self.assertTrue(self.page_state()["status"].startswith("Cannot play “Alpha Two”"), self.page_state()["status"])
        self.eventually(lambda: self.player()["title"] == "Alpha Three" and self.player()["playing"], f"{self.player()}")

    def test_a_track_a_search_finds_plays_at_once_or_joins_the_queue(self):
        self.open_route("#/albums")
        query = self.driver.find_element(By.ID, "query")
        query.send_keys("two\n")
        self.wait.until(lambda _: self.view()["id"] == "view-search")
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 2)
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#search-tracks button[aria-label="Play Beta Two"]'))
        self.eventually(lambda: self.player()["title"] == "Beta Two" and self.player()["playing"])
        self.assertEqual(self.player()["queue"], ["Beta Two"])
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#search-tracks button[aria-label="Add Alpha Two to the queue"]'))
        self.eventually(lambda: self.player()["queue"] == ["Beta Two", "Alpha Two"])
        self.assertEqual(self.player()["title"], "Beta Two")


if __name__ == "__main__":
    unittest.main()
