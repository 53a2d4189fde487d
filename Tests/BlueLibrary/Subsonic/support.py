"""What the real-client suites share: a music folder made by ffmpeg at test time, imported into a fresh
library with two users and an API key, and `bluelibrary serve` on 127.0.0.1 for the clients to drive.

The clients are Subsonic libraries from PyPI, installed by `make test` into a virtual environment of
their own: py-sonic (`libsonic`), py-opensonic (`libopensonic`) and knuckles. Each suite walks the same
path through the API — ping, artists, artist, album, song, stream (the file's bytes, and a range),
cover, search3, star, scrobble, a playlist made, changed, read and deleted, the starred lists — and
checks what comes back against the folder it made. Nothing reaches any address but 127.0.0.1.
"""

import hashlib
import json
import os
import secrets
import shutil
import subprocess
import tempfile
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ElementTree

BINARY = os.environ.get("BLUELIBRARY_BIN", os.path.join(os.getcwd(), ".build", "debug", "bluelibrary"))

USER, PASSWORD = "joe", "sésame 1+2&3"
OTHER, OTHER_PASSWORD = "ann", "other-secret"
NAMESPACE = "{http://subsonic.org/restapi}"

# How long the suites wait for the binary, the server or an answer: long, as nothing here is about
# a timeout, and a loaded machine may take many seconds where an idle one takes milliseconds.
PATIENCE = 600


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-nostdin", "-y", "-v", "error", *arguments], check=True)


class ServedLibrary:
    """A folder of two albums — "Sines" by Oscillator (two MP3 tracks, folder art) and "Début" by
    Björk (one FLAC track) — imported into a new library and served."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="bluelibrary-subsonic-")
        self.music = os.path.join(self.home, "music")
        self.env = dict(os.environ, BLUELIBRARY_HOME=os.path.join(self.home, "home"), BLUELIBRARY_OFFLINE="1")
        self.files = {}
        self.server = None
        try:
            self._make_folder()
            self._run("import", self.music)
            self._run("user", "add", USER, stdin=PASSWORD + "\n")
            self._run("user", "add", OTHER, stdin=OTHER_PASSWORD + "\n")
            self.api_key = self._run("user", "key", USER).strip()
            self._serve()
        except BaseException:
            self.close()
            raise

    def _make_folder(self):
        sines = os.path.join(self.music, "Oscillator", "Sines")
        debut = os.path.join(self.music, "Björk", "Début")
        os.makedirs(sines)
        os.makedirs(debut)
        ffmpeg("-f", "lavfi", "-i", "color=c=blue:s=64x48", "-frames:v", "1", os.path.join(sines, "cover.png"))
        for number, (title, frequency) in enumerate([("Low Tone", 220), ("High Tone", 880)], start=1):
            path = os.path.join(sines, f"0{number} {title}.mp3")
            ffmpeg(
                "-f", "lavfi", "-i", f"sine=frequency={frequency}:duration=2", "-c:a", "libmp3lame", "-b:a", "64k",
                "-metadata", f"title={title}", "-metadata", "artist=Oscillator", "-metadata", "album=Sines",
                "-metadata", f"track={number}", "-metadata", "genre=Electronic", "-metadata", "date=2001", path,
            )
            self.files[title] = path
        path = os.path.join(debut, "01 Human Behaviour.flac")
        ffmpeg(
            "-f", "lavfi", "-i", "sine=frequency=330:duration=2", "-c:a", "flac",
            "-metadata", "title=Human Behaviour", "-metadata", "artist=Björk", "-metadata", "album=Début",
            "-metadata", "track=1", "-metadata", "genre=Pop", "-metadata", "date=1993",
            "-metadata", "REPLAYGAIN_TRACK_GAIN=-3.5 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.9", path,
        )
        self.files["Human Behaviour"] = path
        # Synced lyrics in a file beside the track.
        with open(os.path.join(debut, "01 Human Behaviour.lrc"), "w", encoding="utf-8") as lyrics:
            lyrics.write("[la:eng]\n[00:00.50]If you ever get close to a human\n[00:01.25]And human behaviour\n")

    def _run(self, *arguments, stdin=None):
        result = subprocess.run(
            [BINARY, *arguments], env=self.env, input=stdin, capture_output=True, text=True, timeout=PATIENCE
        )
        if result.returncode != 0:
            raise AssertionError(f"bluelibrary {' '.join(arguments)} failed: {result.stderr}")
        return result.stdout

    def _serve(self):
        self.server = subprocess.Popen(
            [BINARY, "serve", "--port", "0"], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.server.stdout.readline()
        if "http://" not in line:
            raise AssertionError(f"serve said: {line!r}")
        self.url = line.split("at ", 1)[1].split("/ (", 1)[0]
        self.host, port = self.url[len("http://"):].split(":")
        self.port = int(port)

    def close(self):
        """Stops the server and removes the folder, whatever happens: a server that does not stop in
        time is killed (and the suite fails), and the folder goes in any case."""
        try:
            if self.server is not None:
                self.server.terminate()
                try:
                    self.server.wait(timeout=PATIENCE)
                except subprocess.TimeoutExpired:
                    self.server.kill()
                    self.server.wait()
                    raise
                finally:
                    self.server.stdout.close()
        finally:
            shutil.rmtree(self.home, ignore_errors=True)

    def bytes_of(self, title):
        with open(self.files[title], "rb") as file:
            return file.read()

    # Requests of our own, beside the clients': the same API, raw.

    def token_parameters(self, user=USER, password=PASSWORD):
        salt = secrets.token_hex(6)
        token = hashlib.md5((password + salt).encode("utf-8")).hexdigest()
        return {"u": user, "t": token, "s": salt, "v": "1.16.1", "c": "tests"}

    def get(self, endpoint, parameters, headers=None):
        """GET /rest/ENDPOINT: (status, headers, body bytes)."""
        query = urllib.parse.urlencode(parameters, doseq=True)
        request = urllib.request.Request(f"{self.url}/rest/{endpoint}?{query}", headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=PATIENCE) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, endpoint, **parameters):
        status, _, body = self.get(endpoint, {**self.token_parameters(), "f": "json", **parameters})
        assert status == 200, (endpoint, status, body)
        return json.loads(body)["subsonic-response"]

    def xml(self, endpoint, **parameters):
        """The XML answer (no `f`, as DSub asks) parsed: the root element."""
        status, headers, body = self.get(endpoint, {**self.token_parameters(), **parameters})
        assert status == 200, (endpoint, status, body)
        assert headers["Content-Type"].startswith("text/xml"), headers["Content-Type"]
        return ElementTree.fromstring(body)
