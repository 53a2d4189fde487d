"""One query means one thing on every face: the query table (`Tests/BlueLibrary/QueryTable/query-table.json`,
which `QueryTableTests` runs through `bluelibrary list`, the JSON API and Subsonic `search3` on both
stores) typed into the web page's search box, case by case: the albums and the tracks the page shows
are the table's.
"""

import json
import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import PageTestCase

TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "QueryTable", "query-table.json")
with open(TABLE_FILE, encoding="utf-8") as handle:
    TABLE = json.load(handle)


def typed(words):
    """The words as typed in a search box: a word with a space in it is quoted (as QueryTableTests.text)."""
    return " ".join(f'"{word}"' if " " in word and '"' not in word else word for word in words)


class QueryTableTest(PageTestCase):
    def prepare_library(self):
        # The table's albums alone: an import into a library holding only the tutorial's five albums
        # replaces them.
        self.cli("list")
        albums = []
        for album in TABLE["albums"]:
            folder = f"/music/{album['artist']}/{album['title']} ({album['year']})"
            albums.append({
                "title": album["title"], "artist": album["artist"], "genre": "", "year": album["year"],
                "tracks": [
                    {"disc": 1, "number": number, "title": title, "artist": artist, "duration": 200,
                     "path": f"{folder}/{number}.flac"}
                    for number, (title, artist) in enumerate(album["tracks"], start=1)
                ],
            })
        path = os.path.join(self.home, "table.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(albums, handle)
        self.cli("import", path)

    def found(self, text):
        """The page's search for `text` once both its parts are in: album titles in the order shown, and
        track titles."""
        self.wait.until(lambda _: self.driver.execute_script(
            "return document.getElementById('search-tracks-heading').textContent === arguments[0]"
            " && document.getElementById('search-albums-count').textContent !== ''",
            "Tracks matching “" + text + "”"))
        # Every album the count line names is drawn (the table's cases find at most two rows of them).
        count = self.driver.find_element(By.ID, "search-albums-count").text
        total = int(count.split()[0]) if count[:1].isdigit() else 0
        self.wait.until(lambda _: len(self.cells("search-grid")) == total
                        and all(cell[1] for cell in self.cells("search-grid")))
        albums = [cell[1] for cell in self.cells("search-grid")]
        tracks = self.driver.execute_script(
            "return [...document.querySelectorAll('#search-tracks tbody tr .track-title')]"
            ".map((cell) => cell.firstChild.textContent)")
        return albums, tracks

    def test_every_case_of_the_query_table_finds_on_the_page_what_it_finds_everywhere(self):
        self.assertEqual(len(self.api("/api/albums?limit=50")["albums"]), len(TABLE["albums"]))
        self.open_route("#/artists")
        query = self.driver.find_element(By.ID, "query")
        for case in TABLE["cases"]:
            text = typed(case["words"])
            with self.subTest(query=text):
                query.clear()
                query.send_keys(text, Keys.ENTER)
                self.wait.until(lambda _: self.view()["heading"] == "Search: “" + text + "”")
                albums, tracks = self.found(text)
                self.assertEqual(albums, case["albums"], "albums for " + text)
                self.assertEqual(tracks, case["tracks"], "tracks for " + text)
                if not case["albums"]:
                    self.assertEqual(self.driver.find_element(By.ID, "search-albums-count").text, "No album matches.")
                if not case["tracks"]:
                    self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#search-tracks .note").text, "No track matches.")


if __name__ == "__main__":
    unittest.main()
