"""XML, which every client gets when it sends no `f` (DSub never does): the envelope in the
`http://subsonic.org/restapi` namespace, scalar fields as attributes, lists as repeated elements, a
genre's name as text; failures as `status="failed"` with the protocol's code, over HTTP 200."""

import unittest

import support

served = None
NS = support.NAMESPACE


def setUpModule():
    global served
    served = support.ServedLibrary()


def tearDownModule():
    served.close()


class XMLTests(unittest.TestCase):
    def test_the_envelope(self):
        root = served.xml("ping.view")
        self.assertEqual(root.tag, NS + "subsonic-response")
        self.assertEqual(
            {key: root.get(key) for key in ("status", "version", "type", "openSubsonic")},
            {"status": "ok", "version": "1.16.1", "type": "bluelibrary", "openSubsonic": "true"},
        )
        self.assertTrue(root.get("serverVersion"))

    def test_a_walk_in_xml(self):
        artists = served.xml("getArtists").find(NS + "artists")
        names = [artist.get("name") for artist in artists.iter(NS + "artist")]
        self.assertEqual(sorted(names), ["Björk", "Oscillator"])
        oscillator = next(a for a in artists.iter(NS + "artist") if a.get("name") == "Oscillator")
        artist = served.xml("getArtist", id=oscillator.get("id")).find(NS + "artist")
        album_id = artist.find(NS + "album").get("id")
        album = served.xml("getAlbum", id=album_id).find(NS + "album")
        for field in ("id", "name", "songCount", "duration", "created"):
            self.assertIsNotNone(album.get(field), field)
        songs = album.findall(NS + "song")
        self.assertEqual([song.get("title") for song in songs], ["Low Tone", "High Tone"])
        self.assertEqual(songs[0].get("isDir"), "false")

        # Folder browsing, as DSub does by default.
        indexes = served.xml("getIndexes").find(NS + "indexes")
        self.assertIsNotNone(indexes.get("lastModified"))
        folder = next(a for a in indexes.iter(NS + "artist") if a.get("name") == "Oscillator")
        directory = served.xml("getMusicDirectory", id=folder.get("id")).find(NS + "directory")
        child = directory.find(NS + "child")
        self.assertEqual((child.get("title"), child.get("isDir")), ("Sines", "true"))
        songs = served.xml("getMusicDirectory", id=child.get("id")).find(NS + "directory").findall(NS + "child")
        self.assertEqual([song.get("title") for song in songs], ["Low Tone", "High Tone"])

        genres = served.xml("getGenres").find(NS + "genres").findall(NS + "genre")
        self.assertEqual([(genre.text, genre.get("songCount")) for genre in genres], [("Electronic", "2"), ("Pop", "1")])

        extensions = served.xml("getOpenSubsonicExtensions").findall(NS + "openSubsonicExtensions")
        self.assertEqual(
            [(e.get("name"), [v.text for v in e.findall(NS + "versions")]) for e in extensions],
            [("formPost", ["1"]), ("apiKeyAuthentication", ["1"]), ("songLyrics", ["1"]), ("indexBasedQueue", ["1"]), ("playbackReport", ["1"]),
             ("transcodeOffset", ["1"]), ("transcoding", ["1"])],
        )

    def test_failures_are_http_200_with_a_code(self):
        cases = [
            ({"u": support.USER, "p": "wrong"}, "40"),
            ({"u": support.USER}, "10"),
            ({"apiKey": served.api_key, "u": support.USER}, "43"),
            ({"apiKey": "nope"}, "44"),
            ({**served.token_parameters(), "id": "no-such-song"}, "70"),
        ]
        for parameters, code in cases:
            with self.subTest(code=code):
                status, headers, body = served.get("getSong.view", {"v": "1.16.1", "c": "tests", **parameters})
                self.assertEqual(status, 200)
                root = support.ElementTree.fromstring(body)
                self.assertEqual(root.get("status"), "failed")
                self.assertEqual(root.find(NS + "error").get("code"), code)

    def test_extensions_need_no_login(self):
        status, headers, body = served.get("getOpenSubsonicExtensions", {"f": "json"})
        self.assertEqual(status, 200)
        self.assertIn(b'"apiKeyAuthentication"', body)


if __name__ == "__main__":
    unittest.main()
