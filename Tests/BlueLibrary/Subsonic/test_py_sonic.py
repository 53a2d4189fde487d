"""py-sonic (`libsonic`) against `bluelibrary serve`: POST form bodies to `NAME.view`, `f=json`, token
logins (md5(password + salt), a new salt every call) and, with `legacyAuth`, `p=enc:HEX`."""

import struct
import unittest

import libsonic

import support

served = None


def setUpModule():
    global served
    served = support.ServedLibrary()


def tearDownModule():
    served.close()


def connect(user=support.USER, password=support.PASSWORD, **options):
    return libsonic.Connection(
        f"http://{served.host}", user, password, port=served.port, appName="py-sonic-tests", **options
    )


class PySonicTests(unittest.TestCase):
    def test_the_walk_through_the_api(self):
        client = connect()
        self.assertTrue(client.ping())

        indexes = client.getArtists()["artists"]["index"]
        artists = {artist["name"]: artist for index in indexes for artist in index["artist"]}
        self.assertEqual(set(artists), {"Björk", "Oscillator"})
        self.assertEqual(artists["Oscillator"]["albumCount"], 1)

        artist = client.getArtist(artists["Oscillator"]["id"])["artist"]
        self.assertEqual([album["name"] for album in artist["album"]], ["Sines"])
        album_id = artist["album"][0]["id"]

        album = client.getAlbum(album_id)["album"]
        for field in ("id", "name", "songCount", "duration", "created"):
            self.assertIn(field, album)
        self.assertEqual(album["songCount"], 2)
        self.assertEqual([song["title"] for song in album["song"]], ["Low Tone", "High Tone"])
        low, high = album["song"]

        song = client.getSong(high["id"])["song"]
        self.assertEqual((song["title"], song["album"], song["track"], song["suffix"]), ("High Tone", "Sines", 2, "mp3"))

        # The file as it is, whole and in a range (py-sonic sends its headers on every request).
        self.assertEqual(client.stream(low["id"]).read(), served.bytes_of("Low Tone"))
        ranged = connect(customHeaders={"Range": "bytes=100-199"}).stream(low["id"])
        self.assertEqual(ranged.status, 206)
        self.assertEqual(ranged.read(), served.bytes_of("Low Tone")[100:200])

        # The folder's cover (64×48), and scaled to fit 32 pixels.
        cover = client.getCoverArt(album["coverArt"]).read()
        self.assertEqual(png_size(cover), (64, 48))
        self.assertEqual(png_size(client.getCoverArt(album["coverArt"], size=32).read()), (32, 24))

        found = client.search3("bjork")["searchResult3"]
        self.assertEqual([artist["name"] for artist in found["artist"]], ["Björk"])
        self.assertEqual([album["name"] for album in found["album"]], ["Début"])
        self.assertEqual([song["title"] for song in found["song"]], ["Human Behaviour"])
        debut = found["album"][0]

        client.star(sids=[low["id"]], albumIds=[debut["id"]], artistIds=[artists["Oscillator"]["id"]])
        starred = client.getStarred2()["starred2"]
        self.assertEqual([song["title"] for song in starred["song"]], ["Low Tone"])
        self.assertEqual([album["name"] for album in starred["album"]], ["Début"])
        self.assertEqual([artist["name"] for artist in starred["artist"]], ["Oscillator"])
        self.assertIn("starred", starred["song"][0])
        folders = client.getStarred()["starred"]
        self.assertEqual([album["title"] for album in folders["album"]], ["Début"])
        self.assertTrue(folders["album"][0]["isDir"])

        # Streaming is not a play; a scrobble is.
        self.assertEqual(client.getSong(low["id"])["song"]["playCount"], 0)
        client.scrobble(low["id"])
        self.assertEqual(client.getSong(low["id"])["song"]["playCount"], 1)
        frequent = client.getAlbumList2("frequent")["albumList2"]["album"]
        self.assertEqual([album["name"] for album in frequent], ["Sines"])

        client.createPlaylist(name="Evening", songIds=[low["id"], high["id"]])
        playlists = client.getPlaylists()["playlists"]["playlist"]
        self.assertEqual([(p["name"], p["songCount"], p["owner"]) for p in playlists], [("Evening", 2, "joe")])
        playlist_id = playlists[0]["id"]
        client.updatePlaylist(
            playlist_id, name="Night", songIdsToAdd=[found["song"][0]["id"]], songIndexesToRemove=[0]
        )
        playlist = client.getPlaylist(playlist_id)["playlist"]
        self.assertEqual(playlist["name"], "Night")
        self.assertEqual([entry["title"] for entry in playlist["entry"]], ["High Tone", "Human Behaviour"])
        client.deletePlaylist(playlist_id)
        self.assertEqual(client.getPlaylists()["playlists"].get("playlist", []), [])

        client.unstar(sids=[low["id"]], albumIds=[debut["id"]], artistIds=[artists["Oscillator"]["id"]])
        starred = client.getStarred2()["starred2"]
        self.assertEqual([starred.get(kind, []) for kind in ("song", "album", "artist")], [[], [], []])

    def test_a_password_sent_as_enc_hex(self):
        # py-sonic hex-encodes each character's code point, not its UTF-8 bytes, so a password outside
        # ASCII comes out wrong: the second user's plain ASCII password is used here.
        client = connect(support.OTHER, support.OTHER_PASSWORD, legacyAuth=True)
        self.assertTrue(client.ping())
        self.assertEqual(client.getUser(support.OTHER)["user"]["username"], "ann")

    def test_a_wrong_password_is_error_40(self):
        with self.assertRaises(libsonic.errors.CredentialError):
            connect(password="wrong").ping()


def png_size(data):
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:16]
    return struct.unpack(">II", data[16:24])


if __name__ == "__main__":
    unittest.main()
