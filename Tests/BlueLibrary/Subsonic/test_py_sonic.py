"""py-sonic (`libsonic`) against `bluelibrary serve`: POST form bodies to `NAME.view`, `f=json`, token
logins (md5(password + salt), a new salt every call) and, with `legacyAuth`, `p=enc:HEX`; a playlist made
on the web page is py-sonic's, and the other way round."""

import json
import struct
import unittest
import urllib.request

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

    def test_a_playlist_made_on_the_page_is_py_sonics_and_the_other_way_round(self):
        # Ann's, so that joe's plays and playlists (the walk above) are untouched.
        cookie = page_sign_in(support.OTHER, support.OTHER_PASSWORD)
        client = connect(support.OTHER, support.OTHER_PASSWORD)
        songs = {song["title"]: song["id"] for song in client.search3("tone")["searchResult3"]["song"]}
        made = page(cookie, "POST", "/api/mine/playlists", {"name": "From the page", "tracks": [songs["High Tone"]]})
        playlists = client.getPlaylists()["playlists"]["playlist"]
        self.assertEqual([(p["name"], p["songCount"], p["owner"]) for p in playlists], [("From the page", 1, "ann")])
        # Made by py-sonic: on the page.
        client.createPlaylist(name="From py-sonic", songIds=[songs["Low Tone"], songs["High Tone"]])
        mine = page(cookie, "GET", "/api/mine/playlists")["playlists"]
        self.assertEqual([(p["name"], p["tracks"]) for p in mine], [("From the page", 1), ("From py-sonic", 2)])
        # A smart playlist from the page is an ordinary one to py-sonic, and follows ann's plays.
        smart = page(cookie, "POST", "/api/mine/playlists",
                     {"name": "Tones to hear", "smart": {"query": "track:tone plays:0", "order": "title"}})
        entries = lambda: [e["title"] for e in client.getPlaylist(smart["id"])["playlist"].get("entry", [])]
        self.assertEqual(entries(), ["High Tone", "Low Tone"])
        client.scrobble(songs["High Tone"])
        self.assertEqual(entries(), ["Low Tone"])
        with self.assertRaises(libsonic.errors.SonicError):
            client.updatePlaylist(smart["id"], songIdsToAdd=[songs["High Tone"]])
        for playlist in client.getPlaylists()["playlists"]["playlist"]:
            client.deletePlaylist(playlist["id"])
        self.assertEqual(page(cookie, "GET", "/api/mine/playlists")["playlists"], [])

    def test_a_password_sent_as_enc_hex(self):
        # py-sonic hex-encodes each character's code point, not its UTF-8 bytes, so a password outside
        # ASCII comes out wrong: the second user's plain ASCII password is used here.
        client = connect(support.OTHER, support.OTHER_PASSWORD, legacyAuth=True)
        self.assertTrue(client.ping())
        self.assertEqual(client.getUser(support.OTHER)["user"]["username"], "ann")

    def test_a_wrong_password_is_error_40(self):
        with self.assertRaises(libsonic.errors.CredentialError):
            connect(password="wrong").ping()


def page_sign_in(user, password):
    """Signs in to the web page as `user`; gives the session's cookie."""
    request = urllib.request.Request(
        f"http://{served.host}:{served.port}/api/session", method="POST",
        data=json.dumps({"name": user, "password": password}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return answer.headers["Set-Cookie"].split(";")[0]


def page(cookie, method, path, body=None):
    """A request of the web page's, signed in with `cookie`; gives its JSON."""
    request = urllib.request.Request(
        f"http://{served.host}:{served.port}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Cookie": cookie, **({"Content-Type": "application/json"} if body is not None else {})})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def png_size(data):
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:16]
    return struct.unpack(">II", data[16:24])


if __name__ == "__main__":
    unittest.main()
