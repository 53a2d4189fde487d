"""py-opensonic (`libopensonic`) against `bluelibrary serve`: form POSTs to `NAME.view`, logged in with an
API key (the `apiKeyAuthentication` extension), and every answer read into the typed classes of the
OpenSubsonic schemas (mashumaro dataclasses), which refuse an answer that lacks a required field."""

import asyncio
import struct
import unittest

import libopensonic
from libopensonic import errors
from libopensonic.media import media_types

import support

served = None


def setUpModule():
    global served
    served = support.ServedLibrary()


def tearDownModule():
    served.close()


def run(walk):
    async def with_connection():
        # server_path "" makes it ask for /rest/NAME.view (it adds "rest" itself).
        connection = libopensonic.AsyncConnection(
            f"http://{served.host}", api_key=served.api_key, port=served.port, server_path="",
            app_name="py-opensonic-tests",
        )
        try:
            return await walk(connection)
        finally:
            await connection.cleanup()

    return asyncio.run(with_connection())


class PyOpenSonicTests(unittest.TestCase):
    def test_the_walk_through_the_api(self):
        async def walk(client):
            self.assertTrue(await client.ping())
            extensions = {extension.name: extension.versions for extension in await client.get_open_subsonic_extensions()}
            self.assertEqual(extensions, {"formPost": [1], "apiKeyAuthentication": [1], "songLyrics": [1], "indexBasedQueue": [1], "playbackReport": [1],
                                          "transcodeOffset": [1], "transcoding": [1]})

            artists = await client.get_artists()
            self.assertEqual(artists.ignored_articles, "The El La Los Las Le Les")
            by_name = {artist.name: artist for index in artists.index for artist in index.artist}
            self.assertEqual(set(by_name), {"Björk", "Oscillator"})

            artist = await client.get_artist(by_name["Björk"].id)
            self.assertIsInstance(artist, media_types.ArtistWithAlbumsID3)
            self.assertEqual([album.name for album in artist.album], ["Début"])

            album = await client.get_album(artist.album[0].id)
            self.assertEqual((album.name, album.song_count, album.year, album.genre), ("Début", 1, 1993, "Pop"))
            self.assertEqual([song.title for song in album.song], ["Human Behaviour"])
            song_id = album.song[0].id

            song = await client.get_song(song_id)
            self.assertEqual((song.title, song.suffix, song.content_type), ("Human Behaviour", "flac", "audio/flac"))
            self.assertFalse(song.is_dir)
            # OpenSubsonic's fields, read into their typed classes.
            self.assertEqual((song.display_artist, [artist.name for artist in song.artists]), ("Björk", ["Björk"]))
            self.assertEqual([genre.name for genre in song.genres], ["Pop"])
            self.assertEqual((song.replay_gain.track_gain, song.replay_gain.track_peak), (-3.5, 0.9))
            lyrics = await client.get_lyrics_by_song_id(song_id)
            self.assertEqual(len(lyrics), 1)
            self.assertEqual((lyrics[0].lang, lyrics[0].synced), ("eng", True))
            self.assertEqual([(line.start, line.value) for line in lyrics[0].line],
                             [(500, "If you ever get close to a human"), (1250, "And human behaviour")])
            plain = await client.get_lyrics(artist="Björk", title="Human Behaviour")
            self.assertEqual(plain.value, "If you ever get close to a human\nAnd human behaviour")

            whole = await client.stream(song_id)
            self.assertEqual(await whole.read(), served.bytes_of("Human Behaviour"))
            part = await client.stream(song_id, byte_range="bytes=-50")
            self.assertEqual(part.status, 206)
            self.assertEqual(await part.read(), served.bytes_of("Human Behaviour")[-50:])

            # Début has no cover of its own: generated artwork, as a PNG of the size asked for.
            cover = await (await client.get_cover_art(album.cover_art, size=40)).read()
            self.assertEqual(cover[:8], b"\x89PNG\r\n\x1a\n")
            self.assertEqual(struct.unpack(">II", cover[16:24]), (40, 40))

            found = await client.search3("human")
            self.assertEqual([song.title for song in found.song], ["Human Behaviour"])
            self.assertEqual(found.artist or [], [])
            everything = await client.search3('""', artist_count=500, album_count=500, song_count=500)
            self.assertEqual(len(everything.artist), 2)
            self.assertEqual(len(everything.album), 2)
            self.assertEqual(len(everything.song), 3)

            await client.star(sids=[song_id], album_ids=[album.id])
            starred = await client.get_starred2()
            self.assertIsInstance(starred, media_types.Starred2)
            self.assertEqual([song.title for song in starred.song], ["Human Behaviour"])
            self.assertEqual([album.name for album in starred.album], ["Début"])

            await client.scrobble(song_id, submission=False)
            now = await client.get_now_playing()
            self.assertEqual([(entry.title, entry.username) for entry in now], [("Human Behaviour", "joe")])
            await client.scrobble(song_id)
            self.assertEqual((await client.get_song(song_id)).play_count, 1)
            recent = await client.get_album_list2("recent")
            self.assertEqual([album.name for album in recent], ["Début"])

            await client.create_playlist(name="Morning", song_ids=[song_id])
            playlists = await client.get_playlists()
            self.assertEqual([(playlist.name, playlist.song_count) for playlist in playlists], [("Morning", 1)])
            await client.update_playlist(playlists[0].id, comment="for the bus", song_ids_to_add=[song_id])
            playlist = await client.get_playlist(playlists[0].id)
            self.assertEqual((playlist.comment, playlist.song_count), ("for the bus", 2))
            self.assertEqual([entry.title for entry in playlist.entry], ["Human Behaviour"] * 2)
            await client.delete_playlist(playlist.id)
            self.assertEqual(await client.get_playlists(), [])
            with self.assertRaises(errors.DataNotFoundError):
                await client.get_playlist(playlist.id)

            await client.unstar(sids=[song_id], album_ids=[album.id])
            starred = await client.get_starred2()
            self.assertEqual((starred.song or [], starred.album or []), ([], []))

        run(walk)

    def test_music_folders(self):
        async def walk(client):
            # get_music_folders iterates the keys of `musicFolders` (an object holding the list), which
            # fails against any server that answers as the specification says: read the answer directly.
            response = await client._do_request("getMusicFolders")
            answer = await client._handle_info_res(response)
            folders = [media_types.MusicFolder.from_dict(item) for item in answer["musicFolders"]["musicFolder"]]
            self.assertEqual([(folder.id, folder.name) for folder in folders], [(1, "Music")])

        run(walk)

    def test_an_unknown_api_key_is_error_44(self):
        async def walk(client):
            client.api_key = "0" * 48
            with self.assertRaises(errors.SonicError) as raised:
                await client.ping()
            self.assertIn("Invalid API key", str(raised.exception))

        run(walk)


if __name__ == "__main__":
    unittest.main()
