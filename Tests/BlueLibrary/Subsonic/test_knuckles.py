"""knuckles against `bluelibrary serve`: GET requests to `/rest/NAME` (no `.view`), token logins, and
its model classes, which take an answer's fields as keyword arguments (an unexpected field is an
error)."""

import datetime
import pathlib
import tempfile
import unittest
import urllib.request

import knuckles

import support

served = None


def setUpModule():
    global served
    served = support.ServedLibrary()


def tearDownModule():
    served.close()


def connect(password=support.PASSWORD):
    return knuckles.Subsonic(
        f"{served.host}:{served.port}", support.USER, password, "knuckles-tests", use_https=False
    )


class KnucklesTests(unittest.TestCase):
    def test_the_walk_through_the_api(self):
        client = connect()
        self.assertEqual(client.system.ping().status, "ok")

        artists = {artist.name: artist for artist in client.browsing.get_artists()}
        self.assertEqual(set(artists), {"Björk", "Oscillator"})
        artist = client.browsing.get_artist(artists["Oscillator"].id)
        self.assertEqual([album.name for album in artist.albums], ["Sines"])

        album = client.browsing.get_album(artist.albums[0].id)
        self.assertEqual((album.name, album.song_count, album.year, album.genre), ("Sines", 2, 2001, "Electronic"))
        self.assertIsNotNone(album.created)
        low, high = album.songs
        self.assertEqual((low.title, high.title), ("Low Tone", "High Tone"))

        song = client.browsing.get_song(high.id)
        self.assertEqual((song.title, song.track, song.disc_number), ("High Tone", 2, 1))

        # knuckles gives the URL that plays a song; a player fetches it, whole or in ranges.
        url = client.media_retrieval.stream(high.id)
        with urllib.request.urlopen(url, timeout=support.PATIENCE) as response:
            self.assertEqual(response.headers["Content-Type"], "audio/mpeg")
            self.assertEqual(response.read(), served.bytes_of("High Tone"))
        ranged = urllib.request.Request(url, headers={"Range": "bytes=10-"})
        with urllib.request.urlopen(ranged, timeout=support.PATIENCE) as response:
            self.assertEqual(response.status, 206)
            self.assertEqual(response.read(), served.bytes_of("High Tone")[10:])

        with tempfile.TemporaryDirectory() as folder:
            saved = client.media_retrieval.get_cover_art(album.cover_art.id, pathlib.Path(folder))
            self.assertEqual(saved.suffix, ".png")
            self.assertEqual(saved.read_bytes()[:8], b"\x89PNG\r\n\x1a\n")

        found = client.searching.search("tone", song_count=10)
        self.assertEqual([song.title for song in found.songs], ["Low Tone", "High Tone"])
        self.assertEqual([album.name for album in found.albums], ["Sines"])

        client.media_annotation.star_song(low.id)
        client.media_annotation.star_album(album.id)
        client.media_annotation.star_artist(artists["Björk"].id)
        starred = client.lists.get_starred()
        self.assertEqual([song.title for song in starred.songs], ["Low Tone"])
        self.assertEqual([album.name for album in starred.albums], ["Sines"])
        self.assertEqual([artist.name for artist in starred.artists], ["Björk"])
        self.assertIsNotNone(starred.songs[0].starred)
        folders = client.lists.get_starred_non_id3()
        self.assertEqual([song.title for song in folders.songs], ["Low Tone"])

        played = datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.timezone.utc)
        client.media_annotation.scrobble(low.id, [played])
        client.media_annotation.scrobble(low.id, [played + datetime.timedelta(minutes=3)])
        replayed = client.browsing.get_song(low.id)
        self.assertEqual(replayed.play_count, 2)
        self.assertEqual(replayed.played, played + datetime.timedelta(minutes=3))
        self.assertEqual([album.name for album in client.lists.get_album_list_frequent()], ["Sines"])

        playlist = client.playlists.create_playlist("Drive", song_ids=[low.id, high.id])
        self.assertEqual((playlist.name, playlist.song_count), ("Drive", 2))
        client.playlists.update_playlist(playlist.id, name="Drive home", song_indexes_to_remove=[1])
        read = client.playlists.get_playlist(playlist.id)
        self.assertEqual((read.name, [song.title for song in read.songs]), ("Drive home", ["Low Tone"]))
        self.assertEqual([p.name for p in client.playlists.get_playlists()], ["Drive home"])
        client.playlists.delete_playlist(playlist.id)
        self.assertEqual(client.playlists.get_playlists(), [])

        client.media_annotation.unstar_song(low.id)
        client.media_annotation.unstar_album(album.id)
        client.media_annotation.unstar_artist(artists["Björk"].id)
        starred = client.lists.get_starred()
        self.assertEqual((starred.songs, starred.albums, starred.artists), (None, None, None))

    def test_a_wrong_password_is_error_40(self):
        with self.assertRaises(knuckles.exceptions.ErrorCode40):
            connect("wrong").system.ping()


if __name__ == "__main__":
    unittest.main()
