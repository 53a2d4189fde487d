"""Sublime Music against `bluelibrary serve`: the app's own Subsonic adapter (Debian's `sublime-music`,
0.11.16), driven without its window, called as the app calls it. It asks for `/rest/NAME.view` with
`f=json`, a salted token (or, if told, the password itself) and `v=1.8.0` until the server has said its
version; it reads the answers into its dataclasses, and what it may do (the play queue, genres, albums
by year or genre) follows the version the server says.

The adapter imports GTK 3 and NetworkManager's bindings, which import without a display; only the
server form, a GTK widget, needs one. The check behind the form's "Verify" — a function the adapter
hands the form — is the app's own code, so the form alone is replaced, by a stand-in that keeps what
the adapter gives it.

sublime-music is a Debian package, in the system's python3 (with GTK's bindings), not in the virtual
environment the PyPI clients use: the real programs' suites (`program_*.py`, which the client libraries'
`test_*.py` discovery leaves out) run under /usr/bin/python3 —
    BLUELIBRARY_BIN=... /usr/bin/python3 -m unittest discover -s Tests/BlueLibrary/Subsonic -p 'program_*.py'
"""

import datetime
import os
import pathlib
import time
import unittest
import unittest.mock
import urllib.request

try:
    from sublime_music.adapters import AlbumSearchQuery, ConfigurationStore
    from sublime_music.adapters.subsonic import SubsonicAdapter
    from sublime_music.adapters.subsonic import adapter as subsonic_adapter
    from sublime_music.adapters.subsonic.api_objects import Genre
except ImportError as error:
    raise ImportError(
        f"sublime-music is not installed ({error}): apt-get install -y --no-install-recommends sublime-music "
        "(make test installs it), then run this suite with /usr/bin/python3"
    ) from error

import support

served = None


def setUpModule():
    global served
    served = support.ServedLibrary()


def tearDownModule():
    served.close()


def configuration(user=support.USER, password=support.PASSWORD, salt_auth=True):
    """What the app's server form stores, and migrates as the app does when it loads it."""
    store = ConfigurationStore(
        server_address=served.url, username=user, verify_cert=True, sync_enabled=True, salt_auth=salt_auth
    )
    store.set_secret("password", password)
    SubsonicAdapter.migrate_configuration(store)
    return store


class ServerForm:
    """Stands in for ConfigureServerForm, the GTK widget: keeps the check the adapter gives it."""

    def __init__(self, config_store, config_parameters, verify_configuration, is_networked=True):
        self.config_store = config_store
        self.verify_configuration = verify_configuration


def verify(store):
    """The check behind the server form's status: {} when the server answers, else the errors it shows."""
    with unittest.mock.patch.object(subsonic_adapter, "ConfigureServerForm", ServerForm):
        form = SubsonicAdapter.get_configuration_form(store)
    return form.verify_configuration()


def adapter(store):
    """The adapter the app makes from a saved configuration, with a data folder of its own."""
    data = os.path.join(served.home, "sublime-music", store["username"])
    os.makedirs(data, exist_ok=True)
    return SubsonicAdapter(store, pathlib.Path(data))


def download(uri):
    with urllib.request.urlopen(uri, timeout=support.PATIENCE) as response:
        return response.read()


def albums(client, kind, **query):
    return [album.name for album in client.get_albums(AlbumSearchQuery(kind, **query))]


class SublimeMusicTests(unittest.TestCase):
    def test_the_walk_through_the_api(self):
        store = configuration()
        self.assertEqual(verify(store), {})

        # The app starts: a process of the adapter's own pings until the server is known to answer (a ping
        # in the last 15 seconds, the form's here, counts).
        client = adapter(store)
        self.addCleanup(client.shutdown)
        client.initial_sync()
        deadline = time.monotonic() + 120
        while not client.ping_status and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(client.ping_status)

        artists = {artist.name: artist for artist in client.get_artists()}
        self.assertEqual(set(artists), {"Björk", "Oscillator"})
        self.assertEqual(client.get_ignored_articles(), {"The", "El", "La", "Los", "Las", "Le", "Les"})
        # What the app may do follows the version the server said.
        self.assertTrue(client.version_at_least("1.16.0"))
        self.assertTrue(client.can_get_play_queue and client.can_save_play_queue and client.can_get_genres)
        self.assertIn(AlbumSearchQuery.Type.GENRE, client.supported_artist_query_types)

        artist = client.get_artist(artists["Oscillator"].id)
        self.assertEqual((artist.name, [album.name for album in artist.albums]), ("Oscillator", ["Sines"]))
        album = client.get_album(artist.albums[0].id)
        self.assertEqual(
            (album.name, album.song_count, album.year, album.genre.name), ("Sines", 2, 2001, "Electronic")
        )
        self.assertEqual(album.artist.name, "Oscillator")
        self.assertIsNotNone(album.created)
        low, high = album.songs
        self.assertEqual((low.title, low.track, high.title, high.track), ("Low Tone", 1, "High Tone", 2))
        self.assertEqual((high.album.name, high.artist.name, high.duration.total_seconds()), ("Sines", "Oscillator", 2))
        song = client.get_song_details(high.id)
        self.assertEqual(
            (song.title, song.disc_number, song.path), ("High Tone", 1, "Oscillator/Sines/02 High Tone.mp3")
        )

        # The URIs the player is given: the song as it is (streamed, or downloaded to the cache), and its cover.
        self.assertEqual(download(client.get_song_stream_uri(high.id)), served.bytes_of("High Tone"))
        downloaded = download(client.get_song_file_uri(high.id, client.supported_schemes))
        self.assertEqual(downloaded, served.bytes_of("High Tone"))
        debut = client.get_album(client.get_artist(artists["Björk"].id).albums[0].id)
        human = debut.songs[0]
        self.assertEqual(download(client.get_song_stream_uri(human.id)), served.bytes_of("Human Behaviour"))
        self.assertEqual(download(client.get_cover_art_uri(album.cover_art, "http", 300))[:8], b"\x89PNG\r\n\x1a\n")

        # The Albums tab's lists.
        Type = AlbumSearchQuery.Type
        self.assertEqual(albums(client, Type.ALPHABETICAL_BY_NAME), ["Début", "Sines"])
        self.assertEqual(albums(client, Type.ALPHABETICAL_BY_ARTIST), ["Début", "Sines"])
        self.assertEqual(set(albums(client, Type.NEWEST)), {"Début", "Sines"})
        self.assertEqual(set(albums(client, Type.RANDOM)), {"Début", "Sines"})
        self.assertEqual(albums(client, Type.YEAR_RANGE, year_range=(1990, 2000)), ["Début"])
        self.assertEqual(albums(client, Type.GENRE, genre=Genre("Pop")), ["Début"])
        self.assertEqual(albums(client, Type.FREQUENT), [])
        genres = {(genre.name, genre.song_count, genre.album_count) for genre in client.get_genres()}
        self.assertEqual(genres, {("Electronic", 2, 1), ("Pop", 1, 1)})

        # A song played to its end is scrobbled.
        client.scrobble_song(low)
        self.assertEqual(albums(client, Type.FREQUENT), ["Sines"])
        self.assertEqual(albums(client, Type.RECENT), ["Sines"])

        # The adapter cannot star; what is starred elsewhere (here, through the API by hand), it reads.
        self.assertEqual(served.json("star", albumId=album.id, id=low.id)["status"], "ok")
        self.assertEqual(albums(client, Type.STARRED), ["Sines"])
        self.assertIsNotNone(client.get_album(album.id).starred)
        self.assertIsNotNone(client.get_song_details(low.id).starred)
        self.assertEqual(served.json("unstar", albumId=album.id, id=low.id)["status"], "ok")
        self.assertEqual(albums(client, Type.STARRED), [])

        # The Browse tab, and its "browse to song": from a song's parent up to the root, as the app walks.
        root = client.get_directory("root")
        self.assertEqual([child.name for child in root.children], ["Björk", "Oscillator"])
        folder = client.get_directory(client.get_directory(root.children[1].id).children[0].id)
        self.assertEqual([child.title for child in folder.children], ["Low Tone", "High Tone"])
        # (A song's parent is the folder its file is in: the walk goes up the folders, then the music folder,
        # then the root the app asks getIndexes for.)
        walked, directory_id = [], song.parent_id
        while directory_id:
            directory = client.get_directory(directory_id)
            walked.append(directory.name)
            directory_id = directory.parent_id
        self.assertEqual(walked, ["Sines", "Oscillator", "Music", None])

        # The app keeps, of what search3 answers, what is like the query (fuzzywuzzy's partial ratio, 60 or
        # more, on the name or the artist's): "tone" finds the songs, and the album "Sines" is dropped.
        found = client.search("tone")
        self.assertEqual([song.title for song in found.songs], ["Low Tone", "High Tone"])
        found = client.search("sines")
        self.assertEqual([album.name for album in found.albums], ["Sines"])
        found = client.search("björk")
        self.assertEqual(([a.name for a in found.artists], [a.name for a in found.albums]), (["Björk"], ["Début"]))

        playlist = client.create_playlist("Drive", [low, high])
        self.assertEqual((playlist.name, playlist.owner), ("Drive", "joe"))
        self.assertEqual([s.title for s in playlist.songs], ["Low Tone", "High Tone"])
        self.assertEqual([p.name for p in client.get_playlists()], ["Drive"])
        renamed = client.update_playlist(playlist.id, name="Drive home", comment="evenings", public=True)
        self.assertEqual((renamed.name, renamed.comment, renamed.public), ("Drive home", "evenings", True))
        # The app's reorder and remove: the whole list again, through createPlaylist with the playlist's id.
        reordered = client.update_playlist(playlist.id, song_ids=[high.id])
        self.assertEqual([s.title for s in reordered.songs], ["High Tone"])
        appended = client.update_playlist(playlist.id, append_song_ids=[human.id])
        self.assertEqual([s.title for s in appended.songs], ["High Tone", "Human Behaviour"])
        read = client.get_playlist_details(playlist.id)
        self.assertEqual((read.name, read.song_count, read.duration.total_seconds()), ("Drive home", 2, 4))
        client.delete_playlist(playlist.id)
        self.assertEqual(client.get_playlists(), [])

        # The play queue the app saves as it plays, and resumes from on another device.
        self.assertIsNone(client.get_play_queue())
        position = datetime.timedelta(seconds=1.5)
        client.save_play_queue([low.id, high.id, human.id], current_song_index=1, position=position)
        queue = client.get_play_queue()
        self.assertEqual([s.title for s in queue.songs], ["Low Tone", "High Tone", "Human Behaviour"])
        self.assertEqual((queue.current_index, queue.position), (1, position))
        self.assertEqual((queue.username, queue.changed_by), ("joe", "Sublime Music"))
        # A new queue, at its start: the adapter sends no position for 0, and reads the server's `position: 0`
        # as None, which the app takes for 0.
        client.save_play_queue([human.id], current_song_index=0, position=datetime.timedelta(0))
        queue = client.get_play_queue()
        self.assertEqual([s.title for s in queue.songs], ["Human Behaviour"])
        self.assertEqual((queue.current_index, queue.position or datetime.timedelta(0)), (0, datetime.timedelta(0)))
        # Another user's queue is their own.
        other = adapter(configuration(support.OTHER, support.OTHER_PASSWORD))
        self.addCleanup(other.shutdown)
        self.assertIsNone(other.get_play_queue())

    def test_the_password_itself_when_salt_auth_is_off(self):
        store = configuration(salt_auth=False)
        self.assertEqual(verify(store), {})
        self.assertFalse(store["salt_auth"])
        client = adapter(store)
        self.addCleanup(client.shutdown)
        self.assertEqual({artist.name for artist in client.get_artists()}, {"Björk", "Oscillator"})

    def test_a_wrong_password_is_shown_as_error_40(self):
        errors = verify(configuration(password="wrong"))
        self.assertEqual(list(errors), ["__ping__"])
        self.assertIn("Error 40:", errors["__ping__"])


if __name__ == "__main__":
    unittest.main()
