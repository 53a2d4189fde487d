"""Signing in to the page, and the queue that follows the person: with `serve --sign-in` the page asks for
a user name and password before anything else (a wrong one is told, in the form), the session is an
HttpOnly cookie no script reads, and signing out asks again. Signed in, the queue the page plays is the
person's Subsonic play queue: a phone's app finds it, and a queue a phone saved is offered to resume at
its track and place. Two people signed in at once, in two browsers, each keep their own favourites,
ratings and plays, the ones their phones see; a listener is offered no edit. A playlist open on the page
follows what the phone does to it at once, and a smart playlist follows an edit and its owner's plays.
"""

import json
import os
import subprocess
import unittest
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from support import BINARY, PageTestCase, make_music

ALBUMS = [
    ("Alpha", "Ada", 2001, "Rock", [("Alpha One", "Ada"), ("Alpha Two", "Ada"), ("Alpha Three", "Ada")]),
    ("Beta", "Bea", 2002, "Jazz", [("Beta One", "Bea"), ("Beta Two", "Bea"), ("Beta Three", "Bea")]),
]
USERS = {"joe": "joe's secret 1", "ann": "ann's secret 2", "lee": "lee's secret 3"}


class AccountTests(PageTestCase):
    serve_options = ("--sign-in",)

    def prepare_library(self):
        music = os.path.join(self.home, "music")
        make_music(music, ALBUMS, seconds=3)
        self.cli("import", music)
        for name, password in USERS.items():
            role = ["--role", "listener"] if name == "lee" else []
            subprocess.run([BINARY, "user", "add", name, *role], env=self.env, input=password + "\n", check=True,
                           capture_output=True, text=True)

    def subsonic(self, method, user, **fields):
        """Calls the Subsonic API as `user`, as a phone's app does; gives the answer's body."""
        query = [("u", user), ("p", USERS[user]), ("c", "Phone"), ("v", "1.16.1"), ("f", "json")]
        for name, value in fields.items():
            query += [(name, item) for item in value] if isinstance(value, list) else [(name, value)]
        with urllib.request.urlopen(self.url.rstrip("/") + f"/rest/{method}?" + urllib.parse.urlencode(query)) as answer:
            body = json.load(answer)["subsonic-response"]
        self.assertEqual(body["status"], "ok", body)
        return body

    def song_ids(self, user="joe"):
        ids = {}
        for album in self.subsonic("getAlbumList2", user, type="alphabeticalByName")["albumList2"]["album"]:
            for song in self.subsonic("getAlbum", user, id=album["id"])["album"]["song"]:
                ids[song["title"]] = song["id"]
        return ids

    def form(self):
        return self.driver.execute_script(
            """
            const dialog = document.getElementById('sign-in');
            return {open: dialog.open, error: document.getElementById('sign-in-error').textContent,
                    name: document.getElementById('account-name').hidden ? null : document.getElementById('account-name').textContent,
                    signOut: !document.getElementById('sign-out').hidden,
                    cookies: document.cookie,
                    views: [...document.querySelectorAll('main > section')].filter((s) => !s.hidden).length};
            """
        )

    def sign_in(self, name, password):
        field = self.driver.find_element(By.CSS_SELECTOR, "#sign-in input[name=name]")
        field.clear()
        field.send_keys(name)
        secret = self.driver.find_element(By.CSS_SELECTOR, "#sign-in input[name=password]")
        secret.clear()
        secret.send_keys(password)
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#sign-in button[type=submit]"))

    def test_the_page_asks_who_you_are_first_and_signing_out_asks_again(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        # Nothing behind the form has started: no view is shown, and Escape does not dismiss it.
        self.assertEqual(self.form()["views"], 0)
        self.driver.find_element(By.CSS_SELECTOR, "#sign-in input[name=name]").send_keys("\ue00c")
        # Chromium may close a dialog on Escape whatever its cancel handler says (without a recent user
        # activation the event cannot be cancelled); the page then opens it again from its close event, a
        # task later. Either way the form is open and nothing behind it has started.
        self.eventually(lambda: self.form()["open"])
        self.assertEqual(self.form()["views"], 0)
        self.sign_in("joe", "wrong")
        self.eventually(lambda: self.form()["error"] == "wrong user name or password")
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe" and not self.form()["open"])
        self.open_page()
        state = self.form()
        self.assertTrue(state["signOut"])
        self.assertNotIn("bluelibrary_session", state["cookies"], "the cookie is HttpOnly: no script reads it")
        self.assertEqual(self.page_state()["views"], 2, "the library shows once signed in")
        self.click(self.driver.find_element(By.ID, "sign-out"))
        self.eventually(lambda: self.form()["open"] and self.form()["name"] is None)

    def test_the_pages_queue_is_the_persons_play_queue_a_phone_resumes_and_the_other_way_round(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        # The page plays an album: joe's phone finds that queue.
        album = self.api_as_page("/api/albums?q=album:Alpha")["albums"][0]["id"]
        self.open_route("#/album/" + album)
        self.eventually(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks tr")) == 3)
        self.click(self.driver.find_element(By.ID, "album-play"))
        self.eventually(lambda: self.player()["playing"])

        def phone_queue():
            queue = self.subsonic("getPlayQueue", "joe").get("playQueue")
            return queue and [entry["title"] for entry in queue["entry"]]

        self.eventually(lambda: phone_queue() == ["Alpha One", "Alpha Two", "Alpha Three"])
        self.assertEqual(self.subsonic("getPlayQueue", "joe")["playQueue"]["changedBy"], "BlueLibrary web page")
        # Ann's is her own: she has none.
        self.assertNotIn("playQueue", self.subsonic("getPlayQueue", "ann"))
        # The phone plays Beta from its second track, 1.5 s in, and saves its queue; the page, opened
        # again, offers it, and Resume takes it over paused at that track and place.
        self.driver.execute_script("document.getElementById('audio').pause()")
        ids = self.song_ids()
        self.subsonic("savePlayQueue", "joe", id=[ids["Beta One"], ids["Beta Two"], ids["Beta Three"]],
                      current=ids["Beta Two"], position="1500")
        self.open_page()
        self.eventually(lambda: not self.driver.find_element(By.ID, "resume").get_attribute("hidden"))
        self.assertEqual(self.driver.find_element(By.ID, "resume-text").text,
                         "Resume the queue saved by Phone: “Beta Two” at 0:01 (3 tracks)")
        self.click(self.driver.find_element(By.ID, "resume-yes"))
        self.eventually(lambda: self.player()["title"] == "Beta Two")
        self.assertEqual(self.player()["queue"], ["Beta One", "Beta Two", "Beta Three"])
        self.eventually(lambda: abs(self.player()["audios"][0]["time"] - 1.5) < 0.3
                        or abs(self.player()["audios"][1]["time"] - 1.5) < 0.3)
        self.assertTrue(self.driver.find_element(By.ID, "resume").get_attribute("hidden"))
        # Taking it over changed nothing on the server; the page's next change is saved there.
        self.assertEqual(self.subsonic("getPlayQueue", "joe")["playQueue"]["changedBy"], "Phone")
        self.click(self.driver.find_element(By.ID, "next"))
        self.eventually(lambda: self.subsonic("getPlayQueue", "joe")["playQueue"].get("current") == ids["Beta Three"])

    def test_a_listener_is_offered_no_edit(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("lee", USERS["lee"])
        self.eventually(lambda: self.form()["name"] == "lee (listener)")
        self.open_page()
        shown = self.driver.execute_script(
            """
            const seen = (id) => getComputedStyle(document.getElementById(id)).display !== 'none';
            return {toolbar: seen('toolbar'), add: seen('add'), edit: seen('album-edit'),
                    readOnly: [...document.querySelectorAll('#details input')].every((i) => i.readOnly)};
            """)
        self.assertEqual(shown, {"toolbar": False, "add": False, "edit": False, "readOnly": True})
        # Delete, pressed anyway, is refused by the server, and the page says so.
        self.keys("\ue017")
        self.eventually(lambda: self.page_state()["status"] == "lee only listens: they may not change the library")
        self.assertEqual(self.page_state()["views"], 2)

    def open_album_signed_in(self, title):
        album = self.api_as_page(f"/api/albums?q=album:{title}")["albums"][0]["id"]
        self.open_route("#/album/" + album)
        self.eventually(lambda: not self.driver.find_element(By.ID, "album-mine").get_attribute("hidden")
                        and len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks button.favourite")) == 3)

    def favourites(self):
        """The Favourites view's lists, read at once."""
        return self.driver.execute_script(
            """
            const titles = (id) => [...document.querySelectorAll('#' + id + ' .card-title')].map((t) => t.textContent);
            return {albums: titles('favourite-albums'), recent: titles('recent-albums'), most: titles('most-albums'),
                    tracks: [...document.querySelectorAll('#favourite-tracks .track-title')].map((t) => t.firstChild.textContent),
                    nothingPlayed: !document.getElementById('recent-empty').hidden};
            """)

    def test_two_people_at_once_each_keep_their_own_favourites_ratings_plays_and_playlists(self):
        joe = self.driver
        ann = self.make_browser()
        for browser, name in ((joe, "joe"), (ann, "ann")):
            self.driver = browser
            self.driver.get(self.url)
            self.eventually(lambda: self.form()["open"])
            self.sign_in(name, USERS[name])
            self.eventually(lambda: self.form()["name"] == name)
        # Joe makes Alpha and its second track favourites.
        self.driver = joe
        self.open_album_signed_in("Alpha")
        self.click(self.driver.find_element(By.ID, "album-favourite"))
        self.eventually(lambda: self.driver.find_element(By.ID, "album-favourite").get_attribute("aria-pressed") == "true")
        self.assertEqual(self.driver.find_element(By.ID, "album-favourite").text, "★ Favourite")
        star = self.driver.find_element(By.CSS_SELECTOR, '#album-tracks button[aria-label="Favourite Alpha Two"]')
        self.click(star)
        self.eventually(lambda: star.get_attribute("aria-pressed") == "true")
        # Ann, at the same time, sees none of that, and rates Alpha 5.
        self.driver = ann
        self.open_album_signed_in("Alpha")
        self.assertEqual(self.driver.find_element(By.ID, "album-favourite").get_attribute("aria-pressed"), "false")
        self.assertEqual(
            self.driver.execute_script(
                "return [...document.querySelectorAll('#album-tracks button.favourite')].map((b) => b.getAttribute('aria-pressed'))"),
            ["false", "false", "false"])
        self.driver.execute_script(
            "const s = document.getElementById('album-rating'); s.value = '5'; s.dispatchEvent(new Event('change'));")
        self.eventually(lambda: self.page_state()["status"] == "Rated “Alpha” 5 of 5")
        # Their phones see each their own.
        joes = self.subsonic("getStarred2", "joe")["starred2"]
        self.assertEqual([album["name"] for album in joes["album"]], ["Alpha"])
        self.assertEqual([song["title"] for song in joes["song"]], ["Alpha Two"])
        anns = self.subsonic("getStarred2", "ann")["starred2"]
        self.assertEqual((anns.get("album", []), anns.get("song", [])), ([], []))
        alpha = self.subsonic("getAlbumList2", "ann", type="alphabeticalByName")["albumList2"]["album"][0]
        self.assertEqual((alpha["name"], alpha.get("userRating")), ("Alpha", 5))
        # Joe plays Beta: half of a track played counts a play, his alone.
        self.driver = joe
        self.open_album_signed_in("Beta")
        self.click(self.driver.find_element(By.ID, "album-play"))
        self.eventually(lambda: self.subsonic("getAlbumList2", "joe", type="recent")["albumList2"].get("album"))
        self.assertEqual([a["name"] for a in self.subsonic("getAlbumList2", "joe", type="recent")["albumList2"]["album"]],
                         ["Beta"])
        self.driver.execute_script("document.getElementById('audio').pause(); document.getElementById('audio-next').pause()")
        # A star from Joe's phone shows on his page.
        self.subsonic("star", "joe", id=self.song_ids()["Beta One"])
        self.open_route("#/favourites")
        self.eventually(lambda: self.favourites()["recent"] == ["Beta"])
        self.assertEqual(self.favourites(), {"albums": ["Alpha"], "recent": ["Beta"], "most": ["Beta"],
                                             "tracks": ["Beta One", "Alpha Two"], "nothingPlayed": False})
        self.driver = ann
        self.open_route("#/favourites")
        self.eventually(lambda: self.favourites()["nothingPlayed"])
        self.assertEqual(self.favourites(), {"albums": [], "recent": [], "most": [], "tracks": [], "nothingPlayed": True})
        # Playlists: each their own, with both Playlists views open at once.
        names = lambda: self.driver.execute_script(
            "return [...document.querySelectorAll('#playlists-list a')].map((a) => a.textContent)")
        self.open_route("#/playlists")
        self.eventually(lambda: self.driver.find_element(By.ID, "playlists-empty").is_displayed())
        for name, other in ((joe, ann), (ann, joe)):
            self.driver = name
            mine = "Joe's" if name is joe else "Ann's"
            self.open_route("#/playlists")
            self.driver.find_element(By.ID, "playlist-new-name").send_keys(mine)
            self.click(self.driver.find_element(By.CSS_SELECTOR, "#playlist-new button[type=submit]"))
            self.eventually(lambda: self.driver.find_element(By.ID, "playlist-title").text == mine)
            self.driver = other
            self.open_route("#/playlists")
            self.settle(0.5)
            self.assertNotIn(mine, names())
        for name, mine in ((joe, ["Joe's"]), (ann, ["Ann's"])):
            self.driver = name
            self.open_route("#/playlists")
            self.eventually(lambda: names() == mine)
        self.driver = joe

    def playlist_rows(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#playlist-tracks .track-title')].map((t) => t.firstChild.textContent)")

    def redrawn_after(self, change):
        """Makes `change` (a phone's), and waits until the open playlist is drawn again for it."""
        self.driver.execute_script("""
            window.__redrawn = 0;
            new MutationObserver(() => { window.__redrawn += 1; })
                .observe(document.querySelector('#playlist-tracks tbody'), {childList: true});
        """)
        change()
        self.eventually(lambda: self.driver.execute_script("return window.__redrawn") > 0)

    def test_a_playlist_made_on_the_page_is_the_phones_and_the_other_way_round(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        # A new, empty playlist; then Alpha added from its album page.
        self.open_route("#/playlists")
        self.eventually(lambda: not self.driver.find_element(By.ID, "playlists-empty").get_attribute("hidden"))
        self.driver.find_element(By.ID, "playlist-new-name").send_keys("Drive")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#playlist-new button[type=submit]"))
        self.eventually(lambda: self.driver.find_element(By.ID, "playlist-title").text == "Drive")
        self.open_album_signed_in("Alpha")
        self.eventually(lambda: not self.driver.find_element(By.ID, "album-add").get_attribute("hidden"))
        self.click(self.driver.find_element(By.ID, "album-add-button"))
        self.eventually(lambda: self.page_state()["status"] == "Added “Alpha” to “Drive”")
        # The phone sees it, and adds Beta One: the open playlist shows it at once (server-sent events).
        playlists = self.subsonic("getPlaylists", "joe")["playlists"]["playlist"]
        self.assertEqual([(p["name"], p["songCount"]) for p in playlists], [("Drive", 3)])
        self.open_route("#/playlist/" + playlists[0]["id"])
        self.eventually(lambda: self.playlist_rows() == ["Alpha One", "Alpha Two", "Alpha Three"])
        ids = self.song_ids()
        self.subsonic("updatePlaylist", "joe", playlistId=playlists[0]["id"], songIdToAdd=ids["Beta One"])
        self.eventually(lambda: self.playlist_rows() == ["Alpha One", "Alpha Two", "Alpha Three", "Beta One"])
        # Moved up with the keyboard's button, one removed, renamed: the phone sees each.
        self.click_found('#playlist-tracks button[aria-label="Move Beta One up"]')
        self.eventually(lambda: self.playlist_rows() == ["Alpha One", "Alpha Two", "Beta One", "Alpha Three"])
        self.assertEqual(self.driver.execute_script("return document.activeElement.getAttribute('aria-label')"),
                         "Move Beta One up", "the focus moves with the track")
        self.click_found('#playlist-tracks button[aria-label="Remove Alpha One from the playlist"]')
        self.eventually(lambda: self.playlist_rows() == ["Alpha Two", "Beta One", "Alpha Three"])
        # Dragged with the mouse: Alpha Three onto the first row takes its place, and back again.
        drag = """
            const rows = document.querySelectorAll('#playlist-tracks tr');
            const carried = new DataTransfer();
            const send = (row, type) => row.dispatchEvent(new DragEvent(type, {dataTransfer: carried, bubbles: true, cancelable: true}));
            send(rows[arguments[0]], 'dragstart');
            send(rows[arguments[1]], 'dragover');
            send(rows[arguments[1]], 'drop');
            send(rows[arguments[0]], 'dragend');
        """
        self.driver.execute_script(drag, 2, 0)
        self.eventually(lambda: self.playlist_rows() == ["Alpha Three", "Alpha Two", "Beta One"])
        self.assertEqual(self.page_state()["status"], "Moved “Alpha Three”")
        self.driver.execute_script(drag, 0, 2)
        self.eventually(lambda: self.playlist_rows() == ["Alpha Two", "Beta One", "Alpha Three"])
        # A name half typed (here: cleared, and the field left) is kept while the playlist is drawn again
        # for a phone's change.
        name = self.driver.find_element(By.ID, "playlist-rename")
        name.clear()
        self.redrawn_after(lambda: self.subsonic("star", "joe", id=ids["Alpha Two"]))
        self.assertEqual(name.get_attribute("value"), "")
        name.send_keys("  Night drive \n")
        self.eventually(lambda: self.driver.find_element(By.ID, "playlist-title").text == "Night drive")
        self.assertEqual(name.get_attribute("value"), "Night drive", "the name as saved")
        phone = self.subsonic("getPlaylist", "joe", id=playlists[0]["id"])["playlist"]
        self.assertEqual((phone["name"], [e["title"] for e in phone["entry"]]),
                         ("Night drive", ["Alpha Two", "Beta One", "Alpha Three"]))
        # Its file to download, and Play plays it.
        href = self.driver.find_element(By.ID, "playlist-download").get_attribute("href")
        text = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then((r) => r.text()).then(done);", href)
        self.assertEqual(text.splitlines()[:2], ["#EXTM3U", "#EXTINF:3,Ada - Alpha Two"])
        self.click(self.driver.find_element(By.ID, "playlist-play"))
        self.eventually(lambda: self.player()["queue"] == ["Alpha Two", "Beta One", "Alpha Three"])
        # Ann has none of it.
        self.assertEqual(self.subsonic("getPlaylists", "ann")["playlists"].get("playlist", []), [])

    def test_a_smart_playlist_follows_an_edit_and_its_owners_listening(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        # Made from the Playlists view: the jazz joe has not played.
        self.open_route("#/playlists")
        self.driver.find_element(By.ID, "smart-new-name").send_keys("Jazz to hear")
        self.driver.find_element(By.ID, "smart-new-query").send_keys("genre:jazz plays:0")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#smart-new button[type=submit]"))
        self.eventually(lambda: self.driver.find_element(By.ID, "playlist-title").text == "Jazz to hear")
        self.eventually(lambda: self.playlist_rows() == ["Beta One", "Beta Two", "Beta Three"])
        self.assertTrue(self.driver.find_element(By.ID, "playlist-facts").text.startswith("Smart: 3 tracks"))
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, "#playlist-tracks button[aria-label^='Move']"),
                         "a smart playlist's tracks are its query's, not moved by hand")
        self.assertEqual(self.driver.find_element(By.ID, "playlist-rule-query").get_attribute("value"),
                         "genre:jazz plays:0")
        # Alpha becomes jazz (an edit through the API, as any face makes it): the open playlist follows.
        alpha = self.api_as_page("/api/albums?q=album:alpha")["albums"][0]["id"]
        status = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/albums/' + arguments[0], {method: 'PATCH', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({genre: 'Jazz'})}).then((r) => done(r.status));", alpha)
        self.assertEqual(status, 200)
        self.eventually(lambda: self.playlist_rows()
                        == ["Alpha One", "Alpha Two", "Alpha Three", "Beta One", "Beta Two", "Beta Three"])
        # Joe plays Beta One on his phone: it leaves the open playlist at once, which his phone sees as an
        # ordinary one.
        ids = self.song_ids()
        self.subsonic("scrobble", "joe", id=ids["Beta One"])
        self.eventually(lambda: self.playlist_rows() == ["Alpha One", "Alpha Two", "Alpha Three", "Beta Two", "Beta Three"])
        playlist = self.subsonic("getPlaylists", "joe")["playlists"]["playlist"][0]
        self.assertEqual((playlist["name"], playlist["songCount"]), ("Jazz to hear", 5))
        self.open_route("#/playlists")
        self.eventually(lambda: "smart, 5 tracks" in self.driver.find_element(By.ID, "playlists-list").text)
        # A new rule from its page: all the jazz, the most played first.
        self.open_route("#/playlist/" + playlist["id"])
        self.eventually(lambda: self.playlist_rows() == ["Alpha One", "Alpha Two", "Alpha Three", "Beta Two", "Beta Three"])
        # What is typed in the rule stays while the playlist is drawn again for a phone's star.
        query = self.driver.find_element(By.ID, "playlist-rule-query")
        query.clear()
        self.redrawn_after(lambda: self.subsonic("star", "joe", id=ids["Beta Two"]))
        self.assertEqual(query.get_attribute("value"), "")
        query.send_keys("genre:jazz")
        Select(self.driver.find_element(By.ID, "playlist-rule-order")).select_by_value("plays")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#playlist-rule button[type=submit]"))
        self.eventually(lambda: self.playlist_rows()[:2] == ["Beta One", "Alpha One"])
        phone = self.subsonic("getPlaylist", "joe", id=playlist["id"])["playlist"]
        self.assertEqual([e["title"] for e in phone["entry"]][:2], ["Beta One", "Alpha One"])
        # An album's "Add to playlist" offers no smart playlist.
        self.open_album_signed_in("Alpha")
        self.settle()
        self.assertTrue(self.driver.find_element(By.ID, "album-add").get_attribute("hidden"))

    def test_a_track_row_and_the_queue_go_to_a_playlist_from_where_they_are(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        dialog = lambda: self.driver.execute_script(
            "const d = document.getElementById('to-playlist'); return {open: d.open,"
            " choices: [...document.querySelectorAll('#to-playlist-choice option')].map((o) => o.textContent),"
            " naming: !document.getElementById('to-playlist-name').hidden,"
            " what: document.getElementById('to-playlist-what').textContent,"
            " focus: document.activeElement.getAttribute('aria-label') || document.activeElement.id};")
        # A track row's button: with no playlist yet, the dialog makes one.
        self.open_album_signed_in("Beta")
        row_button = '#album-tracks button[aria-label="Add Beta Two to a playlist"]'
        self.click(self.driver.find_element(By.CSS_SELECTOR, row_button))
        self.eventually(lambda: dialog()["open"])
        self.assertEqual({k: dialog()[k] for k in ("choices", "naming", "what", "focus")},
                         {"choices": ["A new playlist"], "naming": True, "what": "Add “Beta Two” (1 track) to:",
                          "focus": "to-playlist-choice"})
        self.driver.find_element(By.ID, "to-playlist-new").send_keys("Picks")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#to-playlist button[type=submit]"))
        self.eventually(lambda: self.page_state()["status"] == "Made the playlist “Picks” with “Beta Two”")
        self.assertEqual(dialog()["open"], False)
        self.assertEqual(dialog()["focus"], "Add Beta Two to a playlist", "the focus goes back to the button")
        # Escape closes it and adds nothing.
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#album-tracks button[aria-label="Add Beta One to a playlist"]'))
        self.eventually(lambda: dialog()["open"] and dialog()["choices"] == ["Picks", "A new playlist"])
        self.assertFalse(dialog()["naming"], "an existing playlist is chosen first: no name asked")
        self.keys(Keys.ESCAPE)
        self.eventually(lambda: not dialog()["open"])
        # The queue, from its panel, to the playlist it has.
        self.open_album_signed_in("Alpha")
        self.click(self.driver.find_element(By.ID, "album-play"))
        self.eventually(lambda: self.player()["queue"] == ["Alpha One", "Alpha Two", "Alpha Three"])
        self.click(self.driver.find_element(By.ID, "queue-toggle"))
        self.eventually(lambda: self.driver.find_element(By.ID, "queue-keep").is_displayed())
        self.click(self.driver.find_element(By.ID, "queue-keep"))
        self.eventually(lambda: dialog()["open"] and dialog()["what"] == "Add the queue (3 tracks) to:")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#to-playlist button[type=submit]"))
        self.eventually(lambda: self.page_state()["status"] == "Added the queue to “Picks”")
        playlist = self.subsonic("getPlaylists", "joe")["playlists"]["playlist"]
        self.assertEqual([(p["name"], p["songCount"]) for p in playlist], [("Picks", 4)])
        phone = self.subsonic("getPlaylist", "joe", id=playlist[0]["id"])["playlist"]
        self.assertEqual([e["title"] for e in phone["entry"]], ["Beta Two", "Alpha One", "Alpha Two", "Alpha Three"])

    def test_an_artist_and_the_playing_track_are_starred_and_rated_where_they_are(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        # An artist's page: Favourite and a rating, the ones joe's phone sees.
        self.open_route("#/artist/Bea")
        favourite = self.driver.find_element(By.ID, "artist-favourite")
        self.eventually(lambda: favourite.is_displayed())
        self.click(favourite)
        self.eventually(lambda: favourite.text == "★ Favourite" and favourite.get_attribute("aria-pressed") == "true")
        Select(self.driver.find_element(By.ID, "artist-rating")).select_by_value("4")
        self.eventually(lambda: self.page_state()["status"] == "Rated “Bea” 4 of 5")
        starred = self.subsonic("getStarred2", "joe")["starred2"]
        self.assertEqual([a["name"] for a in starred["artist"]], ["Bea"])
        self.open_route("#/favourites")
        artists = lambda: self.driver.execute_script("return document.getElementById('favourite-artists').textContent")
        self.eventually(lambda: artists() == "Bea · 1 album", f"favourite artists: {artists()!r}")
        # The player's Favourite is the playing track's; a star given on the phone shows there at once.
        self.open_album_signed_in("Beta")
        self.click(self.driver.find_element(By.ID, "album-play"))
        player_star = self.driver.find_element(By.ID, "player-favourite")
        self.eventually(lambda: player_star.is_displayed()
                        and player_star.get_attribute("aria-label") == "Favourite Beta One")
        self.assertEqual(player_star.get_attribute("aria-pressed"), "false")
        self.click(player_star)
        self.eventually(lambda: player_star.get_attribute("aria-pressed") == "true")
        self.assertEqual([s["title"] for s in self.subsonic("getStarred2", "joe")["starred2"]["song"]], ["Beta One"])
        ids = self.song_ids()
        self.subsonic("unstar", "joe", id=ids["Beta One"])
        self.eventually(lambda: player_star.get_attribute("aria-pressed") == "false")
        # And rated from the player: the phone's rating of the song.
        Select(self.driver.find_element(By.ID, "player-rating")).select_by_value("3")
        self.eventually(lambda: self.page_state()["status"] == "Rated “Beta One” 3 of 5")
        self.assertEqual(self.subsonic("getSong", "joe", id=ids["Beta One"])["song"]["userRating"], 3)

    def test_an_album_is_starred_on_the_grid_with_the_pointer_or_the_f_key(self):
        self.driver.get(self.url)
        self.eventually(lambda: self.form()["open"])
        self.sign_in("joe", USERS["joe"])
        self.eventually(lambda: self.form()["name"] == "joe")
        stars = lambda: self.driver.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#albums-grid .cell')].filter((c) => c.album)"
            ".map((c) => [c.album.title, c.lastChild.hidden ? null : c.lastChild.getAttribute('aria-pressed')]));")
        self.open_route("#/albums?sort=artist")
        self.eventually(lambda: stars() == {"Alpha": "false", "Beta": "false"})
        # The pointer: Beta's star on its cover.
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#albums-grid button[aria-label="Favourite Beta"]'))
        self.eventually(lambda: stars() == {"Alpha": "false", "Beta": "true"})
        self.assertEqual(self.page_state()["status"], "“Beta” is a favourite")
        # The keyboard: F on Alpha's card (Tab passes the star by).
        link = self.driver.find_element(By.CSS_SELECTOR, '#albums-grid a[aria-label="Alpha by Ada"]')
        self.assertEqual(link.get_attribute("aria-keyshortcuts"), "F")
        self.driver.execute_script("arguments[0].focus()", link)
        self.keys("f")
        self.eventually(lambda: stars() == {"Alpha": "true", "Beta": "true"})
        albums = self.subsonic("getStarred2", "joe")["starred2"]["album"]
        self.assertEqual(sorted(a["name"] for a in albums), ["Alpha", "Beta"])
        # Unstarred on the phone: the grid follows at once.
        self.subsonic("unstar", "joe", albumId=next(a["id"] for a in albums if a["name"] == "Beta"))
        self.eventually(lambda: stars() == {"Alpha": "true", "Beta": "false"})

    def api_as_page(self, path):
        """A JSON request the page makes (with its cookie)."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then((r) => r.json()).then(done);", path)


if __name__ == "__main__":
    unittest.main()
