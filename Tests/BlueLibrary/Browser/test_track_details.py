"""What a track's file says beyond its title, in the page: an album of two discs lists each disc's tracks
under its heading (with its subtitle); the lyrics panel (the player's Lyrics button, or L) shows the
words of the track that plays, the line being sung marked as it plays; each track plays at its ReplayGain
loudness (track, album or off, kept per browser).

Run with: /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Browser -v
"""

import os
import subprocess
import unittest

from selenium.webdriver.common.by import By

from support import PageTestCase

LYRICS = "[00:00.00]Line one\n[00:01.50]Line two\n[00:60.00]Never reached\n[01:00.00]At a minute"


def write_track(path, seconds, tags):
    subprocess.run(
        ["/usr/bin/ffmpeg", "-nostdin", "-y", "-v", "error", "-f", "lavfi",
         "-i", f"sine=frequency=440:duration={seconds}", "-c:a", "libvorbis"]
        + [argument for key, value in tags.items() for argument in ("-metadata", f"{key}={value}")]
        + [path],
        check=True,
    )


class TrackDetailsTests(PageTestCase):
    def prepare_library(self):
        album = os.path.join(self.home, "music", "Live")
        os.makedirs(album)
        common = {"album": "Live", "album_artist": "Band", "artist": "Band", "date": "2020", "genre": "Rock"}
        write_track(os.path.join(album, "1-1.ogg"), 8, dict(common, title="Sung", track="1", disc="1",
                    DISCSUBTITLE="Opening", lyrics=LYRICS, REPLAYGAIN_TRACK_GAIN="-6.02 dB",
                    REPLAYGAIN_TRACK_PEAK="0.4", REPLAYGAIN_ALBUM_GAIN="-12.04 dB", REPLAYGAIN_ALBUM_PEAK="0.4"))
        write_track(os.path.join(album, "1-2.ogg"), 4, dict(common, title="Hummed", track="2", disc="1"))
        write_track(os.path.join(album, "2-1.ogg"), 4, dict(common, title="Encore", track="1", disc="2"))
        self.cli("import", os.path.join(self.home, "music"))

    def open_live(self):
        self.open_page()
        self.cover(0).click()
        self.wait.until(lambda _: self.details().get("Album") == "Live")
        self.eventually(lambda: len(self.rows()) == 5, f"the tracks and two headings: {self.rows()}")

    def rows(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#track-list tr')].map((row) => row.classList.contains('disc-heading')"
            " ? 'heading: ' + row.textContent : row.querySelector('.track-number').textContent + ' '"
            " + row.querySelector('.track-title').textContent)")

    def play(self, title):
        self.click(self.driver.find_element(By.CSS_SELECTOR, f'#track-list button[aria-label="Play {title}"]'))
        self.eventually(lambda: self.player()["title"] == title and self.player()["playing"], f"{self.player()}")

    def volumes(self):
        return [round(audio["volume"], 3) for audio in self.player()["audios"] if audio["src"]]

    def test_an_album_of_two_discs_lists_each_disc_under_its_heading(self):
        self.open_live()
        self.assertEqual(self.rows(), ["heading: Disc 1 — Opening", "1 Sung", "2 Hummed", "heading: Disc 2", "1 Encore"])
        scope = self.driver.execute_script("return document.querySelector('.disc-heading th').scope")
        self.assertEqual(scope, "colgroup")

    def test_the_lyrics_panel_follows_the_track_that_plays(self):
        self.open_live()
        self.play("Sung")
        self.keys("l")
        self.eventually(lambda: self.lyrics()["lines"][:2] == ["Line one", "Line two"], f"{self.lyrics()}")
        state = self.lyrics()
        self.assertFalse(state["hidden"])
        self.assertEqual(state["title"], "Sung")
        self.assertEqual(self.driver.find_element(By.ID, "lyrics-toggle").get_attribute("aria-expanded"), "true")
        self.eventually(lambda: self.lyrics()["current"] == "Line two", f"the second line is marked: {self.lyrics()}")
        # The next track, which has none, says so (the panel, like the queue's, lies over the page).
        self.click(self.driver.find_element(By.ID, "next"))
        self.eventually(lambda: self.lyrics()["note"] == "This track has no lyrics.", f"{self.lyrics()}")
        self.keys("l")
        self.eventually(lambda: self.lyrics()["hidden"])

    def lyrics(self):
        return self.driver.execute_script(
            """
            const panel = document.getElementById('lyrics');
            const current = document.querySelector('#lyrics-lines .current');
            return {hidden: panel.hidden, title: document.getElementById('lyrics-title').textContent,
                    note: document.getElementById('lyrics-note').textContent,
                    lines: [...document.querySelectorAll('#lyrics-lines li')].map((li) => li.textContent),
                    current: current ? current.textContent : null};
            """
        )

    def test_each_track_plays_at_its_replaygain_loudness_and_the_setting_is_kept(self):
        self.open_live()
        self.play("Sung")
        # -6.02 dB is half the amplitude; the track's peak (0.4) allows more, so half it is.
        self.eventually(lambda: 0.5 in self.volumes(), f"track gain: {self.volumes()}")
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        setting = self.driver.find_element(By.ID, "replaygain")
        self.assertTrue(setting.is_displayed(), "the setting is in the queue panel")
        self.assertEqual(setting.get_attribute("value"), "track")
        self.driver.execute_script("arguments[0].value = 'album'; arguments[0].dispatchEvent(new Event('change'))", setting)
        self.eventually(lambda: 0.25 in self.volumes(), f"album gain: {self.volumes()}")
        self.driver.execute_script("arguments[0].value = 'off'; arguments[0].dispatchEvent(new Event('change'))", setting)
        self.eventually(lambda: self.volumes() and all(volume == 1 for volume in self.volumes()), f"off: {self.volumes()}")
        self.driver.refresh()
        self.eventually(lambda: self.driver.find_element(By.ID, "replaygain").get_attribute("value") == "off")

    def test_the_quality_setting_changes_what_the_audio_asks_for_and_seeking_restarts_the_transcode(self):
        self.open_live()
        self.play("Sung")
        self.assertTrue(all("format=" not in (src or "") for src in self.player()["playing"]), "the file as it is")
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        setting = self.driver.find_element(By.ID, "quality")
        self.assertTrue(setting.is_displayed(), "the setting is in the queue panel")
        self.assertEqual(setting.get_attribute("value"), "original")
        self.driver.execute_script("arguments[0].value = 'opus-96'; arguments[0].dispatchEvent(new Event('change'))", setting)
        # The track goes on, transcoded: the server's Opus plays in the browser.
        self.eventually(
            lambda: any("format=opus&maxBitRate=96" in src for src in self.player()["playing"]),
            f"opus 96: {self.player()}")
        self.eventually(lambda: any(a["time"] > 0.3 and "format=opus" in (a["src"] or "")
                                    for a in self.player()["audios"]), f"it plays: {self.player()}")
        # Seeking asks for the transcode again from there; the time shown counts from there.
        self.driver.execute_script(
            "const seek = document.getElementById('seek'); seek.value = '5'; seek.dispatchEvent(new Event('change'))")
        self.eventually(lambda: any("timeOffset=5.0" in src for src in self.player()["playing"]), f"{self.player()}")
        self.eventually(lambda: self.player()["elapsed"] in ("0:05", "0:06", "0:07"), f"{self.player()}")
        self.driver.execute_script("arguments[0].value = 'mp3-128'; arguments[0].dispatchEvent(new Event('change'))",
                                   self.driver.find_element(By.ID, "quality"))
        self.eventually(lambda: any("format=mp3&maxBitRate=128" in src for src in self.player()["playing"]),
                        f"mp3 128: {self.player()}")
        self.driver.refresh()
        self.eventually(lambda: self.driver.find_element(By.ID, "quality").get_attribute("value") == "mp3-128")


if __name__ == "__main__":
    unittest.main()
