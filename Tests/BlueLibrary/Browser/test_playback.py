"""Playing music in the browser: a music folder made by ffmpeg and imported with `bluelibrary import DIR`.
The details list an album's tracks; a track's play button plays the album from it through the queue; the
player bar pinned to the bottom shows the cover, title and artist, plays and pauses, goes to the previous
and next track, seeks with its slider, and sets the volume; the next track is loaded ahead in the second
<audio> element, so it starts the moment the first ends; the keyboard (Space, Shift+←/→, N, P) and the
Media Session (media keys, a phone's lock screen) control it too.

Run with: /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v
"""

import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase, make_music

SINES = ("Sines", "Oscillator", 2021, "Electronic", [("First Tone", "Oscillator"), ("Second Tone", "Guest"), ("Third Tone", "Oscillator")])


class PlaybackTests(PageTestCase):
    seconds = 6

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, [SINES], seconds=self.seconds)
        self.cli("import", music)  # the tutorial's five albums leave when a real collection arrives
        self.cli("add", "--title", "Typed By Hand", "--artist", "Someone")

    def sines(self):
        """The imported album's details from the API, and its position in the library."""
        index = next(i for i in range(10) if self.album_at(i)["title"] == "Sines")
        return self.api(f"/api/albums/{self.album_at(index)['id']}"), index

    def track_list(self):
        return self.driver.execute_script(
            """
            const section = document.getElementById('tracks');
            return {hidden: section.hidden, total: document.getElementById('tracks-total').textContent,
                    rows: [...document.querySelectorAll('#track-list tr')].map((row) => ({
                        cells: [row.querySelector('.track-number').textContent, row.querySelector('.track-title').textContent,
                                row.querySelector('.track-duration').textContent],
                        buttons: [...row.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')),
                        playing: row.classList.contains('playing'), current: row.getAttribute('aria-current')}))};
            """
        )

    def open_sines(self):
        details, index = self.sines()
        self.open_page()
        self.cover(index).click()
        self.wait.until(lambda _: self.details().get("Album") == "Sines")
        self.wait.until(lambda _: len(self.track_list()["rows"]) == 3, "the details list the tracks")
        return details

    def play_first(self):
        details = self.open_sines()
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#track-list button[aria-label="Play First Tone"]'))
        first = details["tracks"][0]["audio"]
        self.eventually(lambda: first in self.player()["playing"] and self.active_audio()["time"] > 0,
                        f"the first track plays: {self.player()}")
        return details

    def active_audio(self):
        """The audio element playing (or the one holding the current track when paused)."""
        state = self.player()
        current = self.api_track_url(state)
        return next((a for a in state["audios"] if a["src"] == current), state["audios"][0])

    def api_track_url(self, state):
        return self.driver.execute_script(
            "const q = JSON.parse(localStorage.getItem('bluelibrary.queue')); return q.items[q.index].track.audio")

    def test_the_details_list_the_tracks_with_their_buttons_and_an_album_typed_by_hand_has_none(self):
        details = self.open_sines()
        self.assertTrue(all("path" not in track for track in details["tracks"]), details)
        tracks = self.track_list()
        self.assertFalse(tracks["hidden"])
        self.assertEqual([row["cells"] for row in tracks["rows"]],
                         [["1", "First Tone", "0:06"], ["2", "Second Tone — Guest", "0:06"], ["3", "Third Tone", "0:06"]])
        self.assertEqual(tracks["rows"][0]["buttons"],
                         ["Play First Tone", "Play First Tone next", "Add First Tone to the queue"])
        self.assertEqual(tracks["total"], "3 tracks, 0:18")
        self.cover(1).click()
        self.wait.until(lambda _: self.details().get("Album") == "Typed By Hand")
        self.wait.until(lambda _: self.track_list()["hidden"], "an album typed by hand lists no tracks")

    def test_a_play_button_plays_the_album_from_that_track_and_the_bar_shows_it(self):
        self.assertFalse(self.open_sines() is None)
        self.assertFalse(self.player()["shown"], "no bar while the queue is empty")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#track-list button[aria-label="Play Second Tone"]'))
        self.eventually(lambda: self.player()["title"] == "Second Tone" and self.player()["playing"])
        state = self.player()
        self.assertTrue(state["shown"])
        self.assertEqual((state["artist"], state["play"]), ("Guest", "Pause"))
        self.assertEqual(state["queue"], ["First Tone", "Second Tone", "Third Tone"])
        self.assertEqual(state["index"], 1)
        self.assertEqual(len(state["audios"]), 2)
        self.eventually(lambda: self.player()["duration"] == "0:06", f"the length: {self.player()}")
        cover = self.driver.execute_script("return document.getElementById('player-cover').getAttribute('src')")
        self.assertTrue(cover.startswith("/covers/"), cover)
        rows = self.track_list()["rows"]
        self.assertEqual([(row["playing"], row["current"]) for row in rows], [(False, None), (True, "true"), (False, None)])
        # The bar is pinned to the bottom of the view.
        bottom = self.driver.execute_script("return [document.getElementById('dock').getBoundingClientRect().bottom, innerHeight]")
        self.assertAlmostEqual(bottom[0], bottom[1], delta=1)

    def test_the_next_track_is_loaded_ahead_and_starts_when_one_ends(self):
        details = self.play_first()
        second = details["tracks"][1]["audio"]
        # While the first plays, the other element holds the second, loaded.
        self.eventually(lambda: any(a["src"] == second and a["ready"] >= 3 for a in self.player()["audios"]),
                        f"the second track is loaded ahead: {self.player()}")
        self.driver.execute_script(
            """
            window.__handover = {};
            for (const a of document.querySelectorAll('audio')) {
                a.addEventListener('ended', () => { window.__handover.ended = performance.now(); });
                a.addEventListener('playing', () => { if (window.__handover.ended) window.__handover.playing = performance.now(); });
            }
            const q = JSON.parse(localStorage.getItem('bluelibrary.queue'));
            const playing = [...document.querySelectorAll('audio')].find((a) => !a.paused);
            playing.currentTime = playing.duration - 0.3;
            """
        )
        self.eventually(lambda: second in self.player()["playing"], f"the second plays: {self.player()}")
        handover = self.driver.execute_script("return window.__handover")
        self.assertIn("playing", handover, handover)
        # It started from memory: it had been asked for before the first ended, and it played at once
        # (here within about 10 ms; a request made only then would be on top of that).
        asked = self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => e.name.endsWith(arguments[0])).map((e) => e.startTime)",
            second)
        self.assertTrue(asked and min(asked) < handover["ended"], (asked, handover))
        self.assertLess(handover["playing"] - handover["ended"], 100, handover)
        state = self.player()
        self.assertEqual((state["title"], state["index"]), ("Second Tone", 1))
        self.assertEqual([row["playing"] for row in self.track_list()["rows"]], [False, True, False])

    def test_play_pause_previous_next_and_seek_from_the_bar(self):
        details = self.play_first()
        self.click(self.driver.find_element(By.ID, "play"))
        self.eventually(lambda: not self.player()["playing"] and self.player()["play"] == "Play")
        self.click(self.driver.find_element(By.ID, "play"))
        self.eventually(lambda: self.player()["playing"] and self.player()["play"] == "Pause")
        self.click(self.driver.find_element(By.ID, "next"))
        self.eventually(lambda: self.player()["title"] == "Second Tone" and details["tracks"][1]["audio"] in self.player()["playing"])
        self.click(self.driver.find_element(By.ID, "previous"))
        self.eventually(lambda: self.player()["title"] == "First Tone" and details["tracks"][0]["audio"] in self.player()["playing"])
        # The seek slider: a key moves the track, and the slider says where it is in words.
        seek = self.driver.find_element(By.ID, "seek")
        self.driver.execute_script("arguments[0].focus()", seek)
        self.click(self.driver.find_element(By.ID, "play"))  # paused, so the time holds still
        self.eventually(lambda: not self.player()["playing"])
        self.driver.execute_script("arguments[0].focus()", seek)
        before = self.active_audio()["time"]
        self.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        self.eventually(lambda: self.active_audio()["time"] >= before + 1.5, f"seeked: {self.player()}")
        self.assertRegex(self.player()["seek"], r"^0:0\d of 0:06$")

    def test_the_volume_slider_and_mute(self):
        self.play_first()
        volume = self.driver.find_element(By.ID, "volume")
        self.driver.execute_script("arguments[0].focus()", volume)
        self.keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        self.eventually(lambda: all(abs(a["volume"] - 0.8) < 0.01 for a in self.player()["audios"]), f"{self.player()}")
        mute = self.driver.find_element(By.ID, "mute")
        self.click(mute)
        self.eventually(lambda: all(a["muted"] for a in self.player()["audios"]))
        self.assertEqual(mute.get_attribute("aria-pressed"), "true")
        self.click(mute)
        self.eventually(lambda: not any(a["muted"] for a in self.player()["audios"]))

    def test_keys_space_shift_arrows_n_and_p_control_the_player_and_trap_no_focus(self):
        details = self.play_first()
        self.driver.find_element(By.TAG_NAME, "h1").click()
        self.keys(" ")
        self.eventually(lambda: not self.player()["playing"], "Space pauses")
        self.keys(" ")
        self.eventually(lambda: self.player()["playing"], "Space plays")
        self.keys("n")
        self.eventually(lambda: self.player()["title"] == "Second Tone")
        self.keys("p")
        self.eventually(lambda: self.player()["title"] == "First Tone")
        self.keys(" ")
        self.eventually(lambda: not self.player()["playing"])
        self.driver.execute_script("[...document.querySelectorAll('audio')].forEach((a) => { if (a.getAttribute('src')) a.currentTime = 0; })")
        self.keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        self.eventually(lambda: self.active_audio()["time"] >= 5 or self.player()["title"] == "Second Tone",
                        f"Shift+→ seeks on: {self.player()}")
        # Shift+← goes back; on a cover, ← and → still browse the albums.
        self.keys(Keys.SHIFT, Keys.ARROW_LEFT)
        self.eventually(lambda: self.active_audio()["time"] < 1, f"Shift+← seeks back: {self.player()}")
        self.assertEqual(details["title"], "Sines")
        # Tab goes through the player's controls and on: no control keeps the focus.
        self.driver.execute_script("document.getElementById('previous').focus()")
        names = []
        for _ in range(9):
            self.keys(Keys.TAB)
            names.append(self.driver.execute_script("const e = document.activeElement; return e.id || e.tagName"))
        self.assertEqual(names[:7], ["play", "next", "seek", "mute", "volume", "lyrics-toggle", "queue-toggle"])
        self.assertNotIn(names[7], ["queue-toggle"], "the focus leaves the last control")

    def test_the_media_session_shows_the_track_and_its_actions_control_the_player(self):
        details = self.play_first()
        state = self.player()
        self.assertEqual(state["session"]["title"], "First Tone")
        self.assertEqual(state["session"]["artist"], "Oscillator")
        self.assertEqual(state["session"]["album"], "Sines")
        self.assertTrue(state["session"]["artwork"][0].startswith(self.url.rstrip("/") + "/covers/"), state["session"])
        self.assertEqual(state["state"], "playing")
        actions = self.driver.execute_script("return Object.keys(window.__mediaActions).sort()")
        for action in ("nexttrack", "pause", "play", "previoustrack", "seekbackward", "seekforward", "seekto"):
            self.assertIn(action, actions)
        self.driver.execute_script("window.__mediaActions.nexttrack({action: 'nexttrack'})")
        self.eventually(lambda: self.player()["session"]["title"] == "Second Tone")
        self.eventually(lambda: details["tracks"][1]["audio"] in self.player()["playing"])
        self.driver.execute_script("window.__mediaActions.pause({action: 'pause'})")
        self.eventually(lambda: not self.player()["playing"] and self.player()["state"] == "paused")
        self.driver.execute_script("window.__mediaActions.seekto({action: 'seekto', seekTime: 3})")
        self.eventually(lambda: abs(self.active_audio()["time"] - 3) < 0.2)
        self.driver.execute_script("window.__mediaActions.play({action: 'play'})")
        self.eventually(lambda: self.player()["playing"] and self.player()["state"] == "playing")


if __name__ == "__main__":
    unittest.main()
