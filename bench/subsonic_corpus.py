"""Writes the music folder of bench/subsonic.sh: ALBUMS albums of TRACKS tracks each, every file the same
short MP3 (made once by ffmpeg) behind an ID3v2.3 tag of its own — title, artist, album, track, year,
genre — so ten thousand tagged files take seconds, not the hour ten thousand encodings would.

    python3 bench/subsonic_corpus.py SOURCE.mp3 FOLDER [ALBUMS] [TRACKS]
"""

import os
import random
import struct
import sys

WORDS = ["Blue", "Moon", "River", "Night", "Fire", "Gold", "Sun", "Rain", "Glass", "Stone", "Echo", "Dawn"]
GENRES = ["Rock", "Jazz", "Pop", "Electronic", "Folk", "Classical", "Blues", "Soul", "Metal", "Ambient"]


def frame(identifier, text):
    body = b"\x00" + text.encode("latin-1")  # ISO-8859-1, the encoding every reader takes
    return identifier.encode("ascii") + struct.pack(">I", len(body)) + b"\x00\x00" + body


def tag(fields):
    frames = b"".join(frame(identifier, text) for identifier, text in fields)
    size = len(frames)
    syncsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    return b"ID3\x03\x00\x00" + syncsafe + frames


def main():
    source, folder = sys.argv[1], sys.argv[2]
    albums = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    tracks = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    with open(source, "rb") as file:
        audio = file.read()
    rng = random.Random(7)
    for number in range(albums):
        artist = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {number % 200}"
        title = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {number}"
        year, genre = str(rng.randint(1960, 2020)), rng.choice(GENRES)
        directory = os.path.join(folder, artist, title)
        os.makedirs(directory, exist_ok=True)
        for track in range(1, tracks + 1):
            song = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {track}"
            fields = [
                ("TIT2", song), ("TPE1", artist), ("TALB", title), ("TRCK", str(track)), ("TYER", year),
                ("TCON", genre),
            ]
            with open(os.path.join(directory, f"{track:02d} {song}.mp3"), "wb") as file:
                file.write(tag(fields) + audio)


if __name__ == "__main__":
    main()
