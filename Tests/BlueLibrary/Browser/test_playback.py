"""Playing an album in the browser: a music folder of two short tracks made by ffmpeg and
imported with `bluelibrary import DIR`; the details list its tracks, a track's play button makes the
page's one <audio> element load it and report its duration, the next track follows when one ends
(after a seek near its end, which the browser does with a range request), and the player pauses,
resumes and stops.

Run with: /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v
"""

import os
import subprocess
import unittest

from selenium.webdriver.common.by import By

from support import PageTestCase

# (file, title, artist, seconds, ffmpeg encoder): two formats the page must both play.
TRACKS = [
    ("01 first.ogg", "First Tone", "Oscillator", 8, ["-c:a", "libvorbis"]),
    ("02 second.flac", "Second Tone", "Guest", 8, ["-c:a", "flac"]),
]


class PlaybackTests(PageTestCase):
    def prepare_library(self):
        music = os.path.join(self.home, "music")
        os.makedirs(music)
        for number, (name, title, artist, seconds, encoder) in enumerate(TRACKS, 1):
            tags = {"title": title, "artist": artist, "album_artist": "Oscillator", "album": "Sines", "track": str(number)}
            subprocess.run(
                ["/usr/bin/ffmpeg", "-nostdin", "-y", "-v", "error", "-f", "lavfi",
                 "-i", f"sine=frequency={330 * number}:duration={seconds}", *encoder]
                + [argument for key, value in tags.items() for argument in ("-metadata", f"{key}={value}")]
                + [os.path.join(music, name)],
                check=True,
            )
        self.cli("import", music)
        # The folder's album replaced the tutorial's; an album typed by hand goes first.
        self.cli("add", "--title", "Typed", "--artist", "Person", "--at", "0")

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
                        cells: [...row.cells].slice(1).map((cell) => cell.textContent),
                        button: row.querySelector('button') && [row.querySelector('button').tagName,
                                row.querySelector('button').getAttribute('aria-label')],
                        playing: row.classList.contains('playing'), current: row.getAttribute('aria-current')}))};
            """
        )

    def audio(self):
        return self.driver.execute_script(
            """
            const audio = document.getElementById('audio');
            return {src: audio.getAttribute('src'), duration: Number.isFinite(audio.duration) ? audio.duration : null,
                    paused: audio.paused, time: audio.currentTime, error: audio.error && audio.error.code,
                    elements: document.querySelectorAll('audio').length,
                    player: document.getElementById('player').hidden ? null : document.getElementById('now-playing').textContent,
                    pause: document.getElementById('pause').textContent};
            """
        )

    def open_sines(self):
        details, index = self.sines()
        self.open_page()
        self.cover(index).click()
        self.wait.until(lambda _: self.details().get("Album") == "Sines")
        self.wait.until(lambda _: len(self.track_list()["rows"]) == 2, "the details list the tracks")
        return details

    def test_the_details_list_the_tracks_and_an_album_typed_by_hand_has_none(self):
        details = self.open_sines()
        self.assertTrue(all("path" not in track for track in details["tracks"]), details)
        tracks = self.track_list()
        self.assertFalse(tracks["hidden"])
        self.assertEqual(
            [row["cells"] for row in tracks["rows"]],
            [["1", "First Tone", "0:08"], ["2", "Second Tone — Guest", "0:08"]],
        )
        self.assertEqual([row["button"] for row in tracks["rows"]],
                         [["BUTTON", "Play First Tone"], ["BUTTON", "Play Second Tone"]])
        self.assertEqual(tracks["total"], "2 tracks, 0:16")
        self.cover(0).click()
        self.wait.until(lambda _: self.details().get("Album") == "Typed")
        self.wait.until(lambda _: self.track_list()["hidden"], "an album typed by hand lists no tracks")
        self.assertEqual(self.track_list()["rows"], [])

    def test_a_play_button_plays_the_album_from_that_track_and_the_next_follows(self):
        details = self.open_sines()
        first, second = details["tracks"]
        self.assertIsNone(self.audio()["player"])
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Play First Tone"]').click()
        self.eventually(lambda: self.audio()["src"] == first["audio"] and (self.audio()["duration"] or 0) > 0,
                        f"the first track loads: {self.audio()}")
        state = self.audio()
        self.assertEqual(state["elements"], 1)
        self.assertIsNone(state["error"])
        self.assertAlmostEqual(state["duration"], 8, delta=0.3)
        self.assertEqual(state["player"], "Playing: First Tone (1 of 2, Sines)")
        rows = self.track_list()["rows"]
        self.assertEqual([(row["playing"], row["current"]) for row in rows], [(True, "true"), (False, None)])
        # When the first ends, the second plays: loaded, with its own duration, marked as playing. A seek
        # near the end (the browser asks for a range of the file) saves waiting for all of it.
        self.eventually(lambda: self.audio()["time"] > 0, f"the first track plays: {self.audio()}")
        self.driver.execute_script("const audio = document.getElementById('audio'); audio.currentTime = audio.duration - 0.5;")
        self.eventually(lambda: self.audio()["src"] == second["audio"], f"the next track follows: {self.audio()}",
                        timeout=30)
        self.eventually(lambda: (self.audio()["duration"] or 0) > 0 and self.audio()["time"] > 0,
                        f"the second track plays: {self.audio()}", timeout=30)
        self.assertEqual(self.audio()["player"], "Playing: Second Tone (2 of 2, Sines)")
        self.assertEqual([row["playing"] for row in self.track_list()["rows"]], [False, True])

    def test_the_player_pauses_resumes_and_stops(self):
        details = self.open_sines()
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Play Second Tone"]').click()
        self.eventually(lambda: self.audio()["src"] == details["tracks"][1]["audio"] and not self.audio()["paused"])
        pause = self.driver.find_element(By.ID, "pause")
        pause.click()
        self.eventually(lambda: self.audio()["paused"] and self.audio()["pause"] == "Resume")
        self.assertEqual(self.audio()["player"], "Paused: Second Tone (2 of 2, Sines)")
        pause.click()
        self.eventually(lambda: not self.audio()["paused"] and self.audio()["pause"] == "Pause")
        self.driver.find_element(By.ID, "stop").click()
        self.eventually(lambda: self.audio()["player"] is None and self.audio()["src"] is None)
        self.assertEqual([row["playing"] for row in self.track_list()["rows"]], [False, False])


if __name__ == "__main__":
    unittest.main()
