"""The views around the tutorial's screen, end to end: the Albums grid in each order with its A–Z and
decade rails, the Artists, Genres and Years views and where each leads, one album's page, the search
outside the scroller (tracks and albums, accents and case ignored), the routes restored by reload, back
and forward (with the place in a long list), and changes made elsewhere appearing in the view shown.
"""

import json
import os
import unittest
import urllib.request
from urllib.parse import quote

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase, make_music

MUSIC = [
    ("Sines", "Oscillator", 2021, "Electronic", [("First Tone", "Oscillator"), ("Second Tone", "Oscillator"), ("Third Tone", "Oscillator")]),
    ("Homogenic", "Björk", 1997, "Electronic", [("Hunter", "Björk"), ("Jóga", "Björk")]),
]
LETTERS = "ABCDEFGHIJKLMNOPRSTUVWYZ"  # no Q, no X


def albums():
    """Named albums (accents, a digit first, no year, no genre), then 480 more by artists of every letter
    but Q and X, so the grid is several screens long."""
    named = [
        {"title": "Debut", "artist": "bjork", "genre": "Electronic", "year": 1993},
        {"title": "Ágætis byrjun", "artist": "Sigur Rós", "genre": "Post-Rock", "year": 1999},
        {"title": "Lemonade", "artist": "Beyoncé", "genre": "R&B", "year": 2016},
        {"title": "The Original Soundtrack", "artist": "10cc", "genre": "Rock", "year": 1975},
        {"title": "Untitled", "artist": "Nobody Knows", "genre": "", "year": None},
    ]
    words = ["Blue", "Moon", "River", "Night", "Fire", "Gold"]
    more = [
        {"title": f"{words[n % 6]} {words[n // 6 % 6]} {n}", "artist": f"{LETTERS[n % len(LETTERS)]}{words[n % 5].lower()} Band",
         "genre": ["Rock", "Pop", "Jazz"][n % 3], "year": 1960 + n % 61}
        for n in range(480)
    ]
    return named + more


class ViewTests(PageTestCase):
    window = (1000, 760)

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, MUSIC, seconds=4)
        self.cli("import", music)
        self.import_albums(albums())

    def search_from_the_artists(self, text):
        """Searches for `text` from the Artists view; the search box."""
        self.open_route("#/artists")
        query = self.driver.find_element(By.ID, "query")
        query.send_keys(text, Keys.ENTER)
        self.wait.until(lambda _: self.view()["id"] == "view-search")
        return query

    def titles(self, query):
        return [album["title"] for album in self.api("/api/albums?" + query + "&limit=500")["albums"]]

    def wait_cells(self, grid="albums-grid"):
        self.wait.until(lambda _: self.cells(grid) and all(cell[1] for cell in self.cells(grid)))
        return self.cells(grid)

    def columns(self):
        return self.driver.execute_script("return document.querySelector('#albums-grid .grid-row').children.length")

    def in_first_row(self, offset):
        """Whether the album at `offset` is in the first row of the view (a jump puts its row first)."""
        first = self.first_visible()[0]
        return first <= offset < first + self.columns()

    def first_visible(self, grid="albums-grid"):
        self.wait.until(lambda _: self.visible_cells(grid) and all(cell[1] for cell in self.visible_cells(grid)))
        return self.visible_cells(grid)[0]

    def kept_place_is_near(self, position):
        """Whether the place the page keeps in the history entry (the first album of the top row in the
        view) is within two rows of `position`."""
        offset = self.driver.execute_script(
            "return history.state && typeof history.state.offset === 'number' ? history.state.offset : null")
        return offset is not None and abs(offset - position) <= 2 * self.columns()

    def test_the_albums_grid_shows_every_album_with_title_and_artist_in_each_order(self):
        total = self.api("/api/state")["count"]
        for sort in ("artist", "title", "year", "added"):
            self.open_route(f"#/albums?sort={sort}")
            cells = self.wait_cells()
            expected = self.titles(f"sort={sort}")
            self.assertEqual([cell[0] for cell in cells], list(range(len(cells))), sort)
            self.assertEqual([cell[1] for cell in cells], expected[:len(cells)], sort)
            self.assertLess(len(cells), 100, "only the albums near the view are drawn")
            view = self.view()
            self.assertEqual((view["heading"], view["count"], view["current"]), ("Albums", f"{total} albums", ["Albums"]))
            self.assertEqual(view["title"], "Albums — BlueLibrary")
            current = self.driver.execute_script("return [...document.querySelectorAll('#sorts a[aria-current=page]')].map((a) => a.dataset.sort)")
            self.assertEqual(current, [sort])
        first = self.cells()[0]
        self.assertEqual(first[3], "#/album/" + self.api("/api/albums?sort=added&limit=1")["albums"][0]["id"])

    def test_the_header_leads_to_the_albums_by_artist_and_albums_alone_becomes_that_address_in_place(self):
        self.open_route("#/years")
        link = self.driver.find_element(By.XPATH, "//nav[@id='views']/a[text()='Albums']")
        self.assertEqual(link.get_attribute("href"), self.url.rstrip("/") + "/#/albums?sort=artist")
        self.click(link)
        self.wait.until(lambda _: self.view()["hash"] == "#/albums?sort=artist" and self.view()["current"] == ["Albums"])
        self.assertEqual([cell[1] for cell in self.wait_cells()][:6], self.titles("sort=artist")[:6])
        # Typed, `#/albums` alone (or with a sort it does not know) is replaced by the address it shows: back
        # goes to the view before, not to an address that would send the page on again.
        for typed in ("#/albums", "#/albums?sort=size"):
            self.open_route("#/years")
            self.driver.execute_script("location.hash = arguments[0]", typed)
            self.wait.until(lambda _: self.view()["hash"] == "#/albums?sort=artist" and self.view()["id"] == "view-albums", typed)
            self.assertEqual(self.driver.execute_script("return [...document.querySelectorAll('#sorts a[aria-current=page]')].map((a) => a.dataset.sort)"),
                             ["artist"])
            self.driver.back()
            self.wait.until(lambda _: self.view()["hash"] == "#/years" and self.view()["id"] == "view-years", f"back from {typed}")
            self.driver.forward()
            self.wait.until(lambda _: self.view()["hash"] == "#/albums?sort=artist", f"forward to {typed}")
        # And so is a page opened at it.
        self.driver.get(self.url.rstrip("/") + "/#/albums")
        self.driver.refresh()
        self.wait.until(lambda _: self.view()["hash"] == "#/albums?sort=artist" and self.view()["id"] == "view-albums")

    def test_the_rail_jumps_to_a_letter_and_the_focus_lands_on_its_first_album(self):
        self.open_route("#/albums?sort=artist")
        self.wait_cells()
        rail = self.driver.execute_script(
            "return [...document.querySelectorAll('#albums-rail button')].map((b) => [b.textContent, b.disabled, b.getAttribute('aria-label')])")
        self.assertEqual([entry[0] for entry in rail], ["#"] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        self.assertEqual([entry[0] for entry in rail if entry[1]], ["Q", "X"])
        sections = {s["label"]: s for s in self.api("/api/albums/sections?sort=artist")["sections"]}
        self.assertEqual(rail[0][2], f"digits and signs: {sections['#']['count']} album" + ("s" if sections["#"]["count"] > 1 else ""))
        self.click(self.driver.find_element(By.XPATH, "//nav[@id='albums-rail']/button[text()='R']"))
        offset = sections["R"]["offset"]
        self.eventually(lambda: self.in_first_row(offset), f"the first R album is in the first row: {self.visible_cells()[:3]}")
        focused = self.driver.execute_script("return document.activeElement.closest('.cell') && document.activeElement.closest('.cell').getAttribute('aria-posinset')")
        self.assertEqual(focused, str(offset + 1))
        album = self.api(f"/api/albums?sort=artist&offset={offset}&limit=1")["albums"][0]
        self.assertTrue(album["artist"].startswith("R"), album)
        # In year order the rail is the decades.
        self.open_route("#/albums?sort=year")
        self.wait_cells()
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#albums-rail button"))
        labels = self.driver.execute_script("return [...document.querySelectorAll('#albums-rail button')].map((b) => b.textContent)")
        self.assertEqual(labels, [d["label"] for d in self.api("/api/years")["decades"]])
        self.assertEqual(labels[-1], "No year")

    def test_years_open_the_albums_in_year_order_at_their_decade_and_back_and_forward_return(self):
        self.open_route("#/years")
        decades = self.api("/api/years")["decades"]
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#decade-list a")) == len(decades))
        rows = self.driver.execute_script("return [...document.querySelectorAll('#decade-list a')].map((a) => a.getAttribute('aria-label'))")
        self.assertEqual(rows[0], f"{decades[0]['label']}, {decades[0]['albums']} albums")
        nineties = next(d for d in decades if d["label"] == "1990s")
        self.click(self.driver.find_element(By.XPATH, "//ul[@id='decade-list']//a[.//span[text()='1990s']]"))
        self.wait.until(lambda _: self.view()["hash"] == "#/albums?sort=year")
        self.eventually(lambda: self.in_first_row(nineties["offset"]), f"at the 1990s: {self.visible_cells()[:2]}")
        self.driver.back()
        self.wait.until(lambda _: self.view()["id"] == "view-years")
        self.driver.forward()
        self.wait.until(lambda _: self.view()["id"] == "view-albums")
        self.eventually(lambda: self.in_first_row(nineties["offset"]), "forward returns to the same place")
        self.driver.refresh()
        self.wait.until(lambda _: self.view()["id"] == "view-albums")
        self.eventually(lambda: self.in_first_row(nineties["offset"]), "and so does a reload")

    def test_artists_with_their_counts_lead_to_each_artists_albums(self):
        self.open_route("#/artists")
        expected = self.api("/api/artists?limit=500")
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#group-list a[href]"))
        rows = self.driver.execute_script(
            "return [...document.querySelectorAll('#group-list li')].sort((a, b) => a.getAttribute('aria-posinset') - b.getAttribute('aria-posinset'))"
            ".map((li) => [li.querySelector('.group-name').textContent, li.querySelector('.group-count').textContent])")
        self.assertEqual(rows[:5], [[a["name"], f"{a['albums']} album" + ("s" if a["albums"] > 1 else "")] for a in expected["artists"][:5]])
        self.assertEqual(self.view()["count"], f"{expected['total']} artists")
        self.assertLess(len(rows), 80, "only the artists near the view are drawn")
        bjork = next(a for a in expected["artists"] if a["name"] == "Björk")
        self.assertEqual(bjork["albums"], 2, "Björk and bjork are one artist")
        self.click(self.driver.find_element(By.XPATH, "//ul[@id='group-list']//a[.//span[text()='Björk']]"))
        self.wait.until(lambda _: self.view()["hash"] == "#/artist/" + quote("Björk"))
        self.wait.until(lambda _: len(self.wait_cells()) == 2)
        self.assertEqual([cell[1] for cell in self.cells()], ["Debut", "Homogenic"])
        self.assertEqual((self.view()["heading"], self.view()["count"], self.view()["current"]), ("Björk", "2 albums", ["Artists"]))
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#albums-back a"))
        self.wait.until(lambda _: self.view()["id"] == "view-groups")
        # The rail of the artists jumps too.
        self.click(self.driver.find_element(By.XPATH, "//nav[@id='groups-rail']/button[text()='S']"))
        self.eventually(lambda: self.driver.execute_script("return document.activeElement.closest('#group-list') && document.activeElement.textContent").startswith("S"))

    def test_genres_lead_to_each_genres_albums_and_albums_without_one_have_theirs(self):
        self.open_route("#/genres")
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#group-list a[href]"))
        names = self.driver.execute_script("return [...document.querySelectorAll('#group-list .group-name')].map((s) => s.textContent)")
        self.assertEqual(names[0], "No genre")
        self.assertIn("Post-Rock", names)
        # A list shorter than a screen is read once: asked for rows past its end, the page used to read its
        # one page again and again, for as long as the view was open.
        self.settle(0.5)
        reads = self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/genres?')).length")
        self.assertEqual(reads, 1)
        self.click(self.driver.find_element(By.XPATH, "//ul[@id='group-list']//a[.//span[text()='No genre']]"))
        self.wait.until(lambda _: self.view()["hash"] == "#/genre/")
        self.wait.until(lambda _: [cell[1] for cell in self.wait_cells()] == ["Untitled"])
        self.assertEqual(self.view()["heading"], "No genre")
        self.open_route("#/genre/electronic")
        self.wait.until(lambda _: len(self.wait_cells()) == 3)
        self.assertEqual(sorted(cell[1] for cell in self.cells()), ["Debut", "Homogenic", "Sines"])

    def test_an_albums_page_shows_its_cover_large_tracks_lengths_total_and_actions(self):
        sines = self.api("/api/albums?q=album:sines")["albums"][0]
        self.open_route("#/album/" + sines["id"])
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks tr")) == 3)
        page = self.driver.execute_script(
            """
            const cover = document.getElementById('album-cover');
            return {title: document.getElementById('album-title').textContent,
                    artist: [document.getElementById('album-artist').textContent, document.getElementById('album-artist').getAttribute('href')],
                    facts: document.getElementById('album-facts').textContent, cover: cover.getBoundingClientRect().width,
                    alt: cover.alt, rows: [...document.querySelectorAll('#album-tracks tr')].map((r) =>
                        [r.querySelector('.track-number').textContent, r.querySelector('.track-title').textContent, r.querySelector('.track-duration').textContent]),
                    actions: [...document.querySelectorAll('#album-actions button')].map((b) => b.textContent)};
            """)
        self.assertEqual(page["title"], "Sines")
        self.assertEqual(page["artist"], ["Oscillator", "#/artist/Oscillator"])
        self.assertEqual(page["facts"], "2021 · Electronic · 3 tracks, 0:12")
        self.assertEqual(page["cover"], 300)
        self.assertEqual(page["alt"], "Cover of Sines")
        self.assertEqual(page["rows"], [["1", "First Tone", "0:04"], ["2", "Second Tone", "0:04"], ["3", "Third Tone", "0:04"]])
        self.assertEqual(page["actions"], ["Play", "Play next", "Add to queue"])
        self.assertEqual(self.view()["title"], "Sines — Oscillator — BlueLibrary", "the page is named after its album")
        typed = self.api("/api/albums?q=album:untitled")["albums"][0]
        self.open_route("#/album/" + typed["id"])
        self.wait.until(lambda _: self.driver.find_element(By.ID, "album-title").text == "Untitled")
        self.assertTrue(self.driver.find_element(By.ID, "album-empty").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "album-actions").is_displayed())
        self.open_route("#/album/00000000-0000-4000-8000-000000000000")
        self.wait.until(lambda _: self.driver.find_element(By.ID, "album-title").text == "No such album")
        # "Show in the cover scroller" makes it the current album there.
        self.open_route("#/album/" + sines["id"])
        self.wait.until(lambda _: self.driver.find_element(By.ID, "album-title").text == "Sines")
        self.click(self.driver.find_element(By.ID, "album-show"))
        self.wait.until(lambda _: self.view()["id"] == "view-covers" and self.details().get("Album") == "Sines")
        self.assertEqual(self.current()["id"], sines["id"])

    def test_an_albums_tracks_are_edited_in_place_and_undone(self):
        sines = self.api("/api/albums?q=album:sines")["albums"][0]
        self.open_route("#/album/" + sines["id"])
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks tr")) == 3)
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks input"), "no fields until asked")
        self.click(self.driver.find_element(By.ID, "album-edit"))
        self.assertEqual(self.driver.find_element(By.ID, "album-edit").get_attribute("aria-pressed"), "true")
        title = self.driver.find_element(By.CSS_SELECTOR, "#album-tracks input[aria-label='Title of “First Tone”']")
        title.send_keys(Keys.CONTROL, "a")
        title.send_keys("Opening Tone", Keys.ENTER)
        tracks = lambda: [track["title"] for track in self.api("/api/albums/" + sines["id"])["tracks"]]
        self.wait.until(lambda _: tracks() == ["Opening Tone", "Second Tone", "Third Tone"])
        shown = lambda: self.driver.execute_script(
            "return [...document.querySelectorAll('#album-tracks input[name=title]')].map((i) => i.value)")
        focused = lambda: self.driver.execute_script("return document.activeElement.getAttribute('aria-label')")
        self.wait.until(lambda _: shown()[0] == "Opening Tone" and focused() == "Title of “Opening Tone”")
        self.settle(0.5)  # the change's event draws the rows again
        self.assertEqual(focused(), "Title of “Opening Tone”", "the field keeps the keyboard")
        # The number moves the track; the field keeps the keyboard where it was.
        number = self.driver.find_element(By.CSS_SELECTOR, "#album-tracks input[aria-label='Number of “Opening Tone”']")
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys("4", Keys.ENTER)
        self.wait.until(lambda _: tracks() == ["Second Tone", "Third Tone", "Opening Tone"])
        self.wait.until(lambda _: shown() == ["Second Tone", "Third Tone", "Opening Tone"])
        self.settle(0.5)
        self.assertEqual(focused(), "Number of “Opening Tone”")
        # A bad value is said, and nothing changes; Esc puts the field back.
        number = self.driver.switch_to.active_element
        number.send_keys(Keys.CONTROL, "a")
        number.send_keys("0", Keys.ENTER)
        self.wait.until(lambda _: "9999" in self.driver.find_element(By.ID, "status").text
                        or "9999" in self.driver.execute_script("return document.body.innerText"))
        number.send_keys(Keys.ESCAPE)
        self.assertEqual(number.get_attribute("value"), "4")
        # A track's own genres, names separated by ";": the album's are shown greyed until some are typed.
        genre = self.driver.find_element(By.CSS_SELECTOR, "#album-tracks input[aria-label='Genres of “Second Tone”']")
        self.assertEqual((genre.get_attribute("value"), genre.get_attribute("placeholder")), ("", sines["genre"]))
        genre.send_keys("Ambient; Drone", Keys.ENTER)
        genres = lambda: [track["genres"] for track in self.api("/api/albums/" + sines["id"])["tracks"]]
        self.wait.until(lambda _: genres() == [["Ambient", "Drone"], [], []])
        self.wait.until(lambda _: "Saved genres of “Second Tone”" in self.driver.find_element(By.ID, "status").text)
        # Each save is one undo step.
        for _ in range(3):
            urllib.request.urlopen(urllib.request.Request(self.url.rstrip("/") + "/api/undo", method="POST")).read()
        self.wait.until(lambda _: genres() == [[], [], []])
        self.wait.until(lambda _: tracks() == ["First Tone", "Second Tone", "Third Tone"])
        self.wait.until(lambda _: shown() == ["First Tone", "Second Tone", "Third Tone"])
        self.click(self.driver.find_element(By.ID, "album-edit"))
        self.wait.until(lambda _: not self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks input"))

    def test_counts_icon_tooltips_and_focus_rings_say_what_is_there(self):
        # The icon is there where browsers look for it unasked.
        with urllib.request.urlopen(self.url.rstrip("/") + "/favicon.ico") as response:
            self.assertEqual((response.status, response.headers["Content-Type"]), (200, "image/svg+xml"))
        # "No year" is listed with the decades but not counted as one.
        self.open_route("#/years")
        decades = self.api("/api/years")["decades"]
        self.assertIn(None, [d["decade"] for d in decades])
        real = len([d for d in decades if d["decade"] is not None])
        self.wait.until(lambda _: (self.view()["count"] or "").startswith(f"{real} decades, "))
        # "No genre" is listed with the genres but is not one: the count is the one `stats` gives.
        genres = json.loads(self.cli("stats", "--json"))["genres"]
        self.open_route("#/genres")
        self.wait.until(lambda _: self.view()["count"] == f"{genres} genres")
        # A title cut with "…" has the whole of it on hover.
        self.open_route("#/albums?sort=title")
        self.wait_cells()
        tips = self.driver.execute_script(
            "return [...document.querySelectorAll('#albums-grid .cell-title')].filter((s) => s.textContent).map((s) => [s.textContent, s.title])")
        self.assertTrue(tips)
        self.assertTrue(all(text == tip for text, tip in tips), tips[:3])
        # A view opened with the mouse focuses its heading for screen readers, without a ring; a key press
        # brings the rings back.
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#views a[href='#/artists']"))
        self.wait.until(lambda _: self.view()["id"] == "view-groups")
        ring = "return getComputedStyle(document.activeElement).outlineStyle + ' ' + document.activeElement.tagName"
        self.wait.until(lambda _: self.driver.execute_script(ring) == "none H2")
        self.driver.switch_to.active_element.send_keys(Keys.SHIFT)
        self.driver.execute_script("const heading = document.activeElement; heading.blur(); heading.focus();")
        self.assertEqual(self.driver.execute_script(ring), "solid H2")

    def test_at_phone_width_the_decade_rail_keeps_each_label_apart(self):
        self.set_viewport(390, 844, mobile=True)
        self.open_route("#/albums?sort=year")
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#albums-rail .rail-button")) > 3)
        boxes = self.driver.execute_script(
            "return [...document.querySelectorAll('#albums-rail .rail-button')].map((b) => { const r = b.getBoundingClientRect();"
            " return [b.textContent, r.left, r.right, b.scrollWidth <= b.clientWidth]; })")
        for (_, _, right, _), (label, left, _, _) in zip(boxes, boxes[1:]):
            self.assertLessEqual(right, left, f"{label} starts after the label before it ends: {boxes[:4]}")
        self.assertTrue(all(fits for *_, fits in boxes), boxes[:4])

    def test_reload_back_and_forward_restore_every_route(self):
        sines = self.api("/api/albums?q=album:sines")["albums"][0]["id"]
        routes = [
            ("#/albums?sort=title", "view-albums", "Albums"), ("#/artists", "view-groups", "Artists"),
            ("#/artist/" + quote("Sigur Rós"), "view-albums", "Sigur Rós"), ("#/genres", "view-groups", "Genres"),
            ("#/genre/Post-Rock", "view-albums", "Post-Rock"), ("#/years", "view-years", "Years"),
            ("#/album/" + sines, "view-album", "Sines"), ("#/", "view-covers", None),
        ]
        self.open_page()
        for route, section, heading in routes:
            self.driver.execute_script("location.hash = arguments[0]", route)
            self.wait.until(lambda _: self.view()["id"] == section and (heading is None or self.view()["heading"] == heading))
            self.driver.refresh()
            self.wait.until(lambda _: self.view()["id"] == section and (heading is None or self.view()["heading"] == heading),
                            f"a reload keeps {route}")
        for route, section, heading in reversed(routes[:-1]):
            self.driver.back()
            self.wait.until(lambda _: self.view()["hash"] == route and self.view()["id"] == section, f"back to {route}")
            if heading:
                self.wait.until(lambda _: self.view()["heading"] == heading)
        for route, section, heading in routes[1:]:
            self.driver.forward()
            self.wait.until(lambda _: self.view()["hash"] == route and self.view()["id"] == section, f"forward to {route}")

    def test_a_place_deep_in_the_grid_survives_a_visit_to_an_album_and_a_reload(self):
        self.open_route("#/albums?sort=title")
        self.wait_cells()
        self.driver.execute_script("window.scrollTo(0, 4000)")
        self.eventually(lambda: self.first_visible()[0] > 40)
        # The place is kept (in the history entry) a moment after the scroll ends: waited for, as a pause
        # can end before the page's timer fires on a busy machine.
        self.eventually(lambda: self.kept_place_is_near(self.first_visible()[0]), "the place is kept", timeout=30)
        place = self.first_visible()
        link = self.driver.find_element(By.CSS_SELECTOR, f'#albums-grid .cell[aria-posinset="{place[0] + 1}"] a')
        self.driver.execute_script("arguments[0].click()", link)  # where it is: the place stays as it was
        self.wait.until(lambda _: self.view()["id"] == "view-album")
        self.driver.back()
        self.wait.until(lambda _: self.view()["id"] == "view-albums")
        self.eventually(lambda: abs(self.first_visible()[0] - place[0]) < 6, f"back at {place}: {self.visible_cells()[:2]}")
        self.driver.refresh()
        self.wait.until(lambda _: self.view()["id"] == "view-albums")
        self.eventually(lambda: abs(self.first_visible()[0] - place[0]) < 6, f"reloaded at {place}: {self.visible_cells()[:2]}")

    def test_a_query_that_means_nothing_is_said_once_and_nothing_below_says_otherwise(self):
        query = self.search_from_the_artists("year:abc")
        self.wait.until(lambda _: self.driver.find_element(By.ID, "search-error").is_displayed())
        self.assertEqual(self.view()["heading"], "Search: “year:abc”")
        self.assertIn("'abc' is not a year", self.driver.find_element(By.ID, "search-error").text)
        self.assertFalse(self.driver.find_element(By.ID, "search-tracks").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "search-albums").is_displayed())
        # A good query after it shows its results, and the error is gone.
        query.clear()
        query.send_keys("bjork", Keys.ENTER)
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 2)
        self.assertFalse(self.driver.find_element(By.ID, "search-error").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "search-albums-count").text, "2 albums match")

    def test_a_search_outside_the_scroller_finds_tracks_and_albums_ignoring_accents_and_case(self):
        query = self.search_from_the_artists("BJORK")
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 2)
        tracks = self.driver.execute_script(
            "return [...document.querySelectorAll('#search-tracks tbody tr')].map((r) => r.querySelector('.track-title').textContent)")
        self.assertEqual(tracks, ["Hunterfrom Homogenic", "Jógafrom Homogenic"])
        cells = self.wait_cells("search-grid")
        self.assertEqual(sorted(cell[1] for cell in cells), ["Debut", "Homogenic"])
        self.assertEqual(self.driver.find_element(By.ID, "search-albums-count").text, "2 albums match")
        self.assertEqual((self.view()["heading"], self.view()["current"]), ("Search: “BJORK”", []))
        # "sigur ros" finds Sigur Rós; a word that is only a track's title finds its track.
        query.clear()
        query.send_keys("joga", Keys.ENTER)
        self.wait.until(lambda _: self.view()["heading"] == "Search: “joga”")
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 1)
        self.wait.until(lambda _: [cell[1] for cell in self.wait_cells("search-grid")] == ["Homogenic"])
        # Back returns to the search before, then to the view the search was made in; Esc closes a search.
        self.driver.back()
        self.wait.until(lambda _: self.view()["heading"] == "Search: “BJORK”")
        self.driver.back()
        self.wait.until(lambda _: self.view()["id"] == "view-groups")
        self.assertEqual(self.driver.find_element(By.ID, "query").get_attribute("value"), "")
        self.driver.forward()
        self.wait.until(lambda _: self.view()["heading"] == "Search: “BJORK”")
        query = self.driver.find_element(By.ID, "query")
        self.assertEqual(query.get_attribute("value"), "BJORK")
        query.send_keys(Keys.ESCAPE)
        self.wait.until(lambda _: self.view()["id"] == "view-groups")
        # A search the server refuses says why, under its heading, and changes nothing.
        query.send_keys("year:abc", Keys.ENTER)
        self.wait.until(lambda _: self.driver.find_element(By.ID, "search-error").is_displayed())
        self.assertIn("abc", self.driver.find_element(By.ID, "search-error").text)

    def test_a_search_shows_the_artists_and_albums_it_finds_before_the_tracks(self):
        query = self.search_from_the_artists("bjork")
        self.wait.until(lambda _: self.driver.find_element(By.ID, "search-artists").is_displayed())
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 2)
        links = self.driver.execute_script(
            "return [...document.querySelectorAll('#search-artists a')].map((a) => a.getAttribute('href'))")
        self.assertEqual(len(links), 1, "Björk and bjork are one artist")
        self.assertIn(links[0], ["#/artist/Bj%C3%B6rk", "#/artist/bjork"])
        tops = self.driver.execute_script(
            "return ['search-artists', 'search-albums', 'search-tracks'].map((id) => document.getElementById(id).getBoundingClientRect().top)")
        self.assertEqual(tops, sorted(tops), "artists, then albums, then tracks")
        self.assertFalse(self.driver.find_element(By.ID, "search-albums-all").is_displayed(), "two albums: all shown")
        # Many albums: two rows of them, and a button for all.
        query = self.driver.find_element(By.ID, "query")
        query.clear()
        query.send_keys("band", Keys.ENTER)
        self.wait.until(lambda _: self.driver.find_element(By.ID, "search-albums-all").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "search-albums-all").text, "Show all 480 albums")
        rows = "return document.querySelectorAll('#search-grid .grid-row').length"
        self.assertEqual(self.driver.execute_script(rows), 2)
        self.assertTrue(all(link.text.endswith("Band") for link in
                            self.driver.find_elements(By.CSS_SELECTOR, "#search-artists a")))
        self.click(self.driver.find_element(By.ID, "search-albums-all"))
        self.wait.until(lambda _: self.driver.execute_script(rows) > 2)
        self.assertFalse(self.driver.find_element(By.ID, "search-albums-all").is_displayed())
        # An artist's link leads to their albums.
        self.click(self.driver.find_elements(By.CSS_SELECTOR, "#search-artists a")[0])
        self.wait.until(lambda _: self.view()["id"] == "view-albums")

    def test_the_scroller_search_lists_the_matching_tracks_under_the_covers(self):
        self.open_page()
        self.driver.find_element(By.ID, "query").send_keys("tone", Keys.ENTER)
        self.wait.until(lambda _: self.page_state()["position"].endswith("matching “tone”"))
        section = self.driver.find_element(By.ID, "covers-tracks")
        self.wait.until(lambda _: len(section.find_elements(By.CSS_SELECTOR, "tbody tr")) == 3)
        self.assertEqual(section.find_element(By.TAG_NAME, "h2").text, "Tracks matching “tone”")
        self.click(section.find_element(By.CSS_SELECTOR, 'button[aria-label="Play Second Tone"]'))
        self.eventually(lambda: self.player()["title"] == "Second Tone" and self.player()["playing"])
        self.driver.find_element(By.ID, "query").send_keys(Keys.ESCAPE)
        self.wait.until(lambda _: not section.is_displayed())

    def test_a_change_made_elsewhere_appears_in_the_view_shown(self):
        self.open_route("#/albums?sort=added")
        self.wait_cells()
        total = self.api("/api/state")["count"]
        self.cli("add", "--title", "Brand New", "--artist", "Zed Someone", "--year", "2024")
        self.wait.until(lambda _: self.view()["count"] == f"{total + 1} albums")
        self.wait.until(lambda _: self.wait_cells()[0][1] == "Brand New")
        self.open_route("#/artists")
        self.wait.until(lambda _: self.view()["count"])
        artists = self.api("/api/artists?limit=0")["total"]
        self.cli("add", "--title", "Another", "--artist", "Quentin New")
        self.wait.until(lambda _: self.view()["count"] == f"{artists + 1} artists")


class RadioTests(PageTestCase):
    """The Radio view: the stations music apps keep, each with its own player streaming from the
    station, its home page, and the view restored by a reload."""

    window = (1000, 760)

    def test_the_radio_view_lists_the_stations_each_with_its_player(self):
        self.open_route("#/radio")
        self.wait.until(lambda _: self.view()["count"] == "0 stations")
        self.assertTrue(self.driver.execute_script("return !document.getElementById('radio-empty').hidden"))
        self.add_radio_station("Jazz <FM>", "http://127.0.0.1:9/jazz.mp3", "https://jazz.example/")
        self.add_radio_station("Talk", "https://127.0.0.1:9/talk")
        self.driver.refresh()
        self.wait.until(lambda _: self.view()["count"] == "2 stations")
        view = self.view()
        self.assertEqual((view["id"], view["heading"], view["title"], view["current"]),
                         ("view-radio", "Radio", "Radio — BlueLibrary", ["Radio"]))
        def stations():
            return self.driver.execute_script(
                """
                return [...document.querySelectorAll('#radio-list .station')].map((row) => ({
                  name: row.querySelector('.station-name').textContent,
                  label: row.querySelector('button').getAttribute('aria-label'),
                  pressed: row.querySelector('button').getAttribute('aria-pressed'),
                  home: row.querySelector('a') ? row.querySelector('a').getAttribute('href') : null}));
                """)
        self.assertEqual(stations(), [
            {"name": "Jazz <FM>", "label": "Play Jazz <FM>", "pressed": "false", "home": "https://jazz.example/"},
            {"name": "Talk", "label": "Play Talk", "pressed": "false", "home": None},
        ])
        # Play streams the station itself (here an address that answers nothing: the page says so and
        # the button goes back to Play).
        self.driver.execute_script(
            "window.radioSources = []; document.getElementById('radio-audio').addEventListener('loadstart',"
            " (event) => { if (event.target.currentSrc) window.radioSources.push(event.target.currentSrc); })")
        buttons = self.driver.find_elements(By.CSS_SELECTOR, "#radio-list .station-play")
        self.click(buttons[1])
        self.eventually(lambda: self.driver.execute_script("return window.radioSources") == ["https://127.0.0.1:9/talk"])
        self.eventually(lambda: stations()[1]["label"] == "Play Talk" and stations()[1]["pressed"] == "false")
        self.assertTrue(self.driver.execute_script("return document.getElementById('radio-empty').hidden"))
        # The page lets a station's own address play (audio only).
        policy = urllib.request.urlopen(self.url).headers["Content-Security-Policy"]
        self.assertIn("media-src 'self' http: https:", policy)


class LookAndReachTests(PageTestCase):
    """Every view (and a search's results) at a phone's width and with the keyboard: nothing scrolls
    sideways, every control is at least 44 × 44 px (a link inside a sentence aside), the player bar shows
    all its parts, every control has a name a screen reader says, Tab reaches every one (the queue
    panel's too) and moves on, and every text meets AA contrast. Signed in, so a person's own views
    (Favourites, Playlists, a playlist) and controls (Favourite, rating, Add to playlist) are there too."""

    window = (1000, 760)

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, MUSIC[:1], seconds=4)
        self.cli("import", music)
        self.import_albums(albums()[:40])

    def page_fetch(self, method, path, body=None):
        """A request the page makes (with its cookie); its JSON answer."""
        return self.driver.execute_async_script(
            """
            const [method, path, body, done] = arguments;
            fetch(path, {method, headers: {'Content-Type': 'application/json'}, body: body ? JSON.stringify(body) : undefined})
                .then((r) => r.json()).then(done);
            """, method, path, body)

    def sign_in_with_music_of_their_own(self, sines):
        """Signs in the user who added the radio station (the next page load shows their name), with Sines
        and its first track their favourites, a playlist of its tracks and a smart playlist; gives the two
        playlists' routes."""
        if getattr(self, "playlist_route", None):
            return self.playlist_route, self.smart_route
        self.page_fetch("POST", "/api/session", {"name": "dj", "password": "spins-1"})
        tracks = [track["id"] for track in self.api(f"/api/albums/{sines}")["tracks"]]
        for id in (sines, tracks[0]):
            self.page_fetch("PUT", "/api/mine/stars", {"id": id, "starred": True})
        playlist = self.page_fetch("POST", "/api/mine/playlists", {"name": "The DJ's mix", "tracks": tracks})
        self.playlist_route = "#/playlist/" + playlist["id"]
        smart = self.page_fetch("POST", "/api/mine/playlists",
                                {"name": "Unplayed tones", "smart": {"query": "tone plays:0", "order": "title"}})
        self.smart_route = "#/playlist/" + smart["id"]
        return self.playlist_route, self.smart_route

    # Not an address: a search made in the Artists view, whose results are a view of their own.
    SEARCH = "search for “tone”"

    def routes(self):
        sines = self.api("/api/albums?q=album:sines")["albums"][0]["id"]
        if not self.api("/api/radio")["stations"]:
            self.add_radio_station("Jazz FM", "http://127.0.0.1:9/jazz.mp3", "https://jazz.example")
        playlist, smart = self.sign_in_with_music_of_their_own(sines)
        return ["#/", "#/albums", "#/artists", "#/genres", "#/years", "#/album/" + sines, "#/artist/Oscillator",
                "#/radio", self.SEARCH, "#/favourites", "#/playlists", playlist, smart]

    def start_playing(self):
        """Plays the album with tracks, so the player bar is there, and opens the queue."""
        sines = self.api("/api/albums?q=album:sines")["albums"][0]["id"]
        self.open_route("#/album/" + sines)
        self.wait.until(lambda _: self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks tr"))
        self.click(self.driver.find_element(By.ID, "album-play"))
        self.eventually(lambda: self.player()["shown"] and self.player()["playing"])
        # Paused on the first track, so the bar stays as it is while the views are looked at.
        self.click(self.driver.find_element(By.ID, "play"))
        self.eventually(lambda: not self.player()["playing"])

    def settled(self, route):
        if route == self.SEARCH:
            self.open_route("#/artists")
            query = self.driver.find_element(By.ID, "query")
            query.clear()
            query.send_keys("tone", Keys.ENTER)
            self.wait.until(lambda _: self.view()["id"] == "view-search")
            self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#search-tracks tbody tr")) == 3
                            and self.driver.find_elements(By.CSS_SELECTOR, "#search-grid .cell"))
            self.settle(0.5)
            return
        self.open_route(route)
        self.wait.until(lambda _: self.driver.execute_script(
            "const s = [...document.querySelectorAll('main > section')].find((s) => !s.hidden);"
            "return s.id === 'view-covers' ? document.getElementById('position').textContent !== ''"
            " : s.id === 'view-radio' ? s.querySelectorAll('.station').length > 0"
            " : s.id === 'view-playlists' ? s.querySelectorAll('.playlist').length > 0"
            " : s.querySelectorAll('a[href], button, tbody tr').length > 3"))
        self.settle(0.5)

    def test_at_phone_width_every_view_fits_and_every_target_is_at_least_44_px(self):
        self.set_viewport(390, 844, mobile=True)
        self.start_playing()
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        for route in self.routes():
            self.settled(route)
            problems = self.driver.execute_script(
                """
                const problems = [];
                const width = document.documentElement.clientWidth;
                if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
                for (const e of document.querySelectorAll('a[href], button, input, summary, [role=option][tabindex="0"]')) {
                    const box = e.getBoundingClientRect();
                    if (!box.width || e.closest('[hidden]') || getComputedStyle(e).visibility === 'hidden') continue;
                    if (e.tagName === 'A' && e.closest('#album-missing')) continue;  // the one link inside a sentence
                    const name = (e.id || e.getAttribute('aria-label') || e.textContent.trim()).slice(0, 40);
                    if (box.width < 44 - 0.5 || box.height < 44 - 0.5) problems.push(name + ' is ' + box.width.toFixed(0) + '×' + box.height.toFixed(0));
                    // A row of letters scrolls sideways by itself; everything else stays inside the page.
                    if (!e.closest('.rail') && (box.left < -0.5 || box.right > width + 0.5)) problems.push(name + ' is outside the page');
                }
                const dock = document.getElementById('dock').getBoundingClientRect();
                if (Math.abs(dock.bottom - innerHeight) > 1) problems.push('the player is not at the bottom');
                return problems;
                """)
            self.assertEqual(problems, [], route)

    def test_every_control_of_every_view_has_a_name_a_screen_reader_says(self):
        self.start_playing()
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        for route in self.routes():
            self.settled(route)
            tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
            unnamed = []
            for node in tree:
                role = node.get("role", {}).get("value")
                if node.get("ignored") or role not in ("button", "link", "slider", "textbox", "searchbox", "option", "combobox", "checkbox"):
                    continue
                if not node.get("name", {}).get("value", "").strip():
                    unnamed.append(role)
            self.assertEqual(unnamed, [], route)

    def open_queue(self):
        """Opens the queue panel if it is closed (a new view keeps it as it was) and waits for its rows."""
        if not self.driver.find_element(By.ID, "queue").is_displayed():
            self.click(self.driver.find_element(By.ID, "queue-toggle"))
        self.wait.until(lambda _: len(self.driver.find_elements(By.CSS_SELECTOR, "#queue-list .queue-row")) == 3)

    def test_tab_reaches_every_control_of_every_view_and_moves_on(self):
        self.start_playing()  # the queue holds the album's three tracks
        for route in self.routes():
            self.settled(route)
            self.open_queue()
            expected = set(self.driver.execute_script(
                """
                const found = [];
                document.querySelectorAll('a[href], button:not(:disabled), input:not(:disabled), summary, [tabindex="0"]').forEach((e, i) => {
                    if (!e.getClientRects().length || e.closest('[hidden], details:not([open]) > form') || e.tabIndex < 0) return;
                    e.dataset.stop = i + ' ' + (e.id || e.getAttribute('aria-label') || e.textContent.trim()).slice(0, 30);
                    found.push(e.dataset.stop);
                });
                return found;
                """))
            # The queue panel's controls, and each row's (a row's Move up is off at the top, Move down at the bottom).
            panel = self.driver.execute_script(
                """
                const stop = (e) => e && !e.disabled ? e.dataset.stop || 'not a stop: ' + e.outerHTML.slice(0, 60) : null;
                return {
                    tools: ['queue-shuffle', 'queue-repeat', 'queue-clear', 'queue-close'].map((id) => stop(document.getElementById(id))),
                    rows: [...document.querySelectorAll('#queue-list .queue-row')]
                        .sort((a, b) => a.getAttribute('aria-posinset') - b.getAttribute('aria-posinset'))
                        .map((r) => ['.queue-play', '.up', '.down', '.remove'].map((c) => stop(r.querySelector(c)))),
                };
                """)
            self.assertTrue(all(panel["tools"]), panel)
            self.assertEqual([[bool(stop) for stop in row] for row in panel["rows"]],
                             [[True, False, True, True], [True, True, True, True], [True, True, False, True]], panel)
            in_panel = set(panel["tools"]) | {stop for row in panel["rows"] for stop in row if stop}
            self.assertLessEqual(in_panel, expected, route)
            # Tab from the top of the page (a click on the heading sets where the focus starts).
            self.driver.find_element(By.TAG_NAME, "h1").click()
            reached = []
            for _ in range(len(expected) + 100):
                self.keys(Keys.TAB)
                stop = self.driver.execute_script(
                    "const e = document.activeElement; return e.dataset.stop || e.getAttribute('href') || e.id || e.tagName")
                if stop in reached:
                    break
                reached.append(stop)
            self.assertEqual(expected - set(reached), set(), route)
            # Past the panel's last control the focus goes on to the dock under it (Undo, or the player).
            last = max(reached.index(stop) for stop in in_panel)
            self.assertLess(last + 1, len(reached), f"{route}: nothing after the queue")
            after = self.driver.execute_script(
                "const e = document.querySelector(`[data-stop=\"${arguments[0]}\"]`); return e && Boolean(e.closest('#dock'))", reached[last + 1])
            self.assertTrue(after, f"{route}: after the queue, {reached[last + 1]}")

    def test_at_phone_width_the_player_bar_shows_every_part_inside_the_view(self):
        """Cover, title, artist, previous, play/pause, next, the seek slider with the elapsed and total
        time, mute and volume, the lyrics' and the queue's buttons: each drawn, inside the view and not under another."""
        self.set_viewport(390, 844, mobile=True)
        self.start_playing()
        parts = ["player-cover", "player-title", "player-artist", "previous", "play", "next", "elapsed", "seek", "duration",
                 "mute", "volume", "lyrics-toggle", "queue-toggle"]
        for route in self.routes():
            self.settled(route)
            problems = self.driver.execute_script(
                """
                const problems = [];
                const width = document.documentElement.clientWidth;
                for (const id of arguments[0]) {
                    const e = document.getElementById(id);
                    const box = e.getBoundingClientRect();
                    const style = getComputedStyle(e);
                    if (!box.width || !box.height || style.visibility === 'hidden' || Number(style.opacity) === 0) {
                        problems.push(id + ' is not shown'); continue;
                    }
                    if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5 || box.bottom > innerHeight + 0.5) {
                        problems.push(id + ' is outside the view: ' + [box.left, box.top, box.right, box.bottom].map(Math.round));
                    }
                    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                    if (!hit || !(e === hit || e.contains(hit))) problems.push(id + ' is under ' + (hit && (hit.id || hit.tagName)));
                }
                for (const id of ['player-title', 'player-artist', 'elapsed', 'duration']) {
                    if (!document.getElementById(id).textContent.trim()) problems.push(id + ' is empty');
                }
                return problems;
                """, parts)
            self.assertEqual(problems, [], route)
            self.assertEqual((self.player()["title"], self.player()["artist"], self.player()["duration"]), ("First Tone", "Oscillator", "0:04"))

    def test_every_text_of_every_view_meets_aa_contrast(self):
        self.start_playing()
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        for route in self.routes():
            self.settled(route)
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
                        || (element.tagName === 'INPUT' && element.type !== 'range' && (element.value || element.placeholder));
                    if (!own || element.disabled || element.closest('[hidden]') || !element.getClientRects().length) continue;
                    const style = getComputedStyle(element);
                    const a = luminance(rgb(style.color)), b = luminance(background(element));
                    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                    if (ratio < 4.5) failures.push((element.id || element.className || element.tagName) + ': ' + ratio.toFixed(2));
                }
                return failures;
                """)
            self.assertEqual(failures, [], route)


class GuestArtistTests(PageTestCase):
    """An artist's page lists the albums they appear on; a guest with no album of their own has a page.
    In a browser of its own: run in ViewTests' browser, its visits left that browser's history so that a
    later test's back button (test_reload_back_and_forward_restore_every_route) went past its first page,
    which no test of a browser of its own does."""
    window = (1000, 760)

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, MUSIC, seconds=4)
        self.cli("import", music)

    def test_a_guest_has_a_page_with_the_albums_they_appear_on(self):
        self.import_albums([{
            "title": "Mix", "artist": "Various Artists", "genre": "", "year": 2001,
            "tracks": [{"disc": 1, "number": 1, "title": "Duet", "artist": "Ann feat. Björk", "duration": 200,
                        "path": "/music/mix/01.flac"}],
        }])

        def appearances():
            self.wait.until(lambda _: self.driver.find_element(By.ID, "appearances").is_displayed())
            return self.driver.execute_script(
                "return [...document.querySelectorAll('#appearance-albums .card-title')].map((t) => t.textContent)")

        # A guest with no album of their own: their page is the albums they appear on.
        self.open_route("#/artist/Ann")
        self.assertEqual(appearances(), ["Mix"])
        self.assertEqual(self.view()["heading"], "Ann")
        self.wait.until(lambda _: self.driver.find_element(By.ID, "albums-empty").text == "No albums of their own.")
        # An album artist who is a guest elsewhere: their albums, then the album they appear on.
        self.open_route("#/artist/Bj%C3%B6rk")
        self.assertEqual(appearances(), ["Mix"])
        self.wait.until(lambda _: self.cells() and all(cell[1] for cell in self.cells()))
        self.assertIn("Homogenic", [cell[1] for cell in self.cells()])
        self.assertFalse(self.driver.find_element(By.ID, "albums-empty").is_displayed())
        # An artist who appears on nothing else has no such section.
        self.open_route("#/artist/Oscillator")
        self.wait.until(lambda _: self.cells() and all(cell[1] for cell in self.cells()))
        self.assertFalse(self.driver.find_element(By.ID, "appearances").is_displayed())
        # A card leads to its album.
        self.open_route("#/artist/Ann")
        appearances()
        # The section is drawn again whenever the library changes (an event of the import may come late):
        # the card is found again then.
        self.click_found("#appearance-albums a")
        self.wait.until(lambda _: self.view()["id"] == "view-album" and "Mix" in (self.view()["heading"] or ""))


if __name__ == "__main__":
    unittest.main()
