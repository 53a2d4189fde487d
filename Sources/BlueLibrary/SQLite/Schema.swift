import BlueLibraryCore
import BlueLibraryStore

#if canImport(Glibc)
    import Glibc
#endif

/// The versioned SQLite schema. `PRAGMA user_version` holds the version; `PRAGMA application_id`
/// marks the file as a BlueLibrary database so a foreign SQLite file is never taken for one.
enum Schema {
    /// "BLUE" in ASCII: the application id of every BlueLibrary database.
    static let applicationID = 0x424C_5545

    /// The migrations in order; migration *n* takes the schema from version *n − 1* to *n*.
    /// Append new ones; never edit a released one.
    static let migrations: [Migration] = [
        Migration(
            """
            CREATE TABLE albums (
                id TEXT NOT NULL UNIQUE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                genre TEXT NOT NULL DEFAULT '',
                year INTEGER CHECK (year IS NULL OR year BETWEEN 1000 AND 9999),
                cover_url TEXT NOT NULL DEFAULT '',
                title_key TEXT NOT NULL,
                artist_key TEXT NOT NULL,
                genre_key TEXT NOT NULL
            );
            CREATE INDEX albums_position ON albums (position);
            CREATE TABLE history (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                side INTEGER NOT NULL CHECK (side IN (0, 1)),
                command TEXT NOT NULL
            );
            CREATE INDEX history_side ON history (side, seq);
            CREATE TABLE saved_state (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                current_id TEXT,
                current_index INTEGER
            );
            """),
        // 2: the outbox of changes waiting to be mirrored to a remote server (online mode).
        Migration(
            """
            CREATE TABLE outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                key TEXT NOT NULL UNIQUE,
                command TEXT NOT NULL
            );
            """),
        // 3: positions in buckets (AlbumPositions), so an insert or delete anywhere rewrites a few rows.
        // Version 2 kept exact indexes 0..<count; album i goes to bucket i / 512, slot i % 512.
        Migration(
            """
            CREATE TABLE buckets (
                key INTEGER PRIMARY KEY,
                count INTEGER NOT NULL CHECK (count > 0)
            );
            UPDATE albums SET position = ((position / 512 + 1) * 65536) * 4294967296 + position % 512;
            INSERT INTO buckets (key, count) SELECT position >> 32, count(*) FROM albums GROUP BY position >> 32;
            """),
        // 4: music folders. Albums gain a MusicBrainz id, their tracks' count and length, the scan group
        // they came from (`source`) and the fields edited by hand (kept on rescans); tracks keep their
        // file's size, time and tags, so a rescan reads only what changed.
        Migration(
            """
            ALTER TABLE albums ADD COLUMN mbid TEXT NOT NULL DEFAULT '';
            ALTER TABLE albums ADD COLUMN track_count INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE albums ADD COLUMN length REAL NOT NULL DEFAULT 0;
            ALTER TABLE albums ADD COLUMN source TEXT;
            ALTER TABLE albums ADD COLUMN edited TEXT NOT NULL DEFAULT '';
            CREATE INDEX albums_source ON albums (source) WHERE source IS NOT NULL;
            CREATE TABLE tracks (
                id TEXT PRIMARY KEY,
                album_id TEXT NOT NULL,
                ordinal INTEGER NOT NULL,
                disc INTEGER NOT NULL,
                number INTEGER,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                duration REAL NOT NULL,
                path TEXT NOT NULL UNIQUE,
                size INTEGER NOT NULL,
                modified INTEGER NOT NULL,
                tags TEXT NOT NULL
            );
            CREATE INDEX tracks_album ON tracks (album_id, ordinal);
            """),
        // 5: deleted albums keep their row (tracks and link to their files stay in `tracks`), so undo brings
        // an album back whole and a rescan leaves out what a person deleted; tracks get folded search
        // keys; every album's keys are folded anew (accents now fold away: "bjork" finds Björk).
        Migration(
            """
            CREATE TABLE deleted_albums (
                id TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                artist TEXT NOT NULL,
                genre TEXT NOT NULL,
                year INTEGER,
                cover_url TEXT NOT NULL,
                title_key TEXT NOT NULL,
                artist_key TEXT NOT NULL,
                genre_key TEXT NOT NULL,
                mbid TEXT NOT NULL,
                track_count INTEGER NOT NULL,
                length REAL NOT NULL,
                source TEXT,
                edited TEXT NOT NULL
            );
            CREATE INDEX deleted_albums_source ON deleted_albums (source) WHERE source IS NOT NULL;
            ALTER TABLE tracks ADD COLUMN title_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE tracks ADD COLUMN artist_key TEXT NOT NULL DEFAULT '';
            """,
            afterwards: refoldKeys),
        // 6: the people a music server (the Subsonic API) serves: users with their password sealed and
        // their API keys' digests; per user, stars, ratings, plays and playlists. Items are named by id
        // (a track's, an album's or an artist's derived id), times are milliseconds since 1970. Albums are
        // listed by folded title and artist, and artists found by folded name, through indexes.
        Migration(
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                password TEXT NOT NULL,
                is_admin INTEGER NOT NULL DEFAULT 0,
                created INTEGER NOT NULL
            );
            CREATE TABLE api_keys (
                digest TEXT PRIMARY KEY,
                prefix TEXT NOT NULL,
                user_id TEXT NOT NULL,
                created INTEGER NOT NULL
            );
            CREATE INDEX api_keys_user ON api_keys (user_id);
            CREATE TABLE stars (
                user_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                starred INTEGER NOT NULL,
                PRIMARY KEY (user_id, kind, item_id)
            );
            CREATE TABLE ratings (
                user_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
                PRIMARY KEY (user_id, kind, item_id)
            );
            CREATE TABLE plays (
                user_id TEXT NOT NULL,
                track_id TEXT NOT NULL,
                count INTEGER NOT NULL,
                last_played INTEGER NOT NULL,
                PRIMARY KEY (user_id, track_id)
            );
            CREATE TABLE playlists (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                name TEXT NOT NULL,
                comment TEXT NOT NULL,
                public INTEGER NOT NULL,
                created INTEGER NOT NULL,
                changed INTEGER NOT NULL
            );
            CREATE TABLE playlist_tracks (
                playlist_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                track_id TEXT NOT NULL,
                PRIMARY KEY (playlist_id, position)
            );
            CREATE INDEX albums_title_key ON albums (title_key);
            CREATE INDEX albums_artist_key ON albums (artist_key, title_key);
            """),
        // 7: the orders the web page browses in (SQLiteAlbums+Browse.swift), each an index whose columns
        // are its ORDER BY, so a page deep in a sorted list of 100,000 albums is read without sorting
        // them all; the first columns also serve an artist's or a genre's albums and their groupings. The
        // title order replaces schema 6's index on the title alone.
        Migration(
            """
            CREATE INDEX albums_by_artist ON albums (artist_key, year, title_key, position);
            CREATE INDEX albums_by_title ON albums (title_key, position);
            CREATE INDEX albums_by_year ON albums (year DESC, artist_key, title_key, position);
            CREATE INDEX albums_by_genre ON albums (genre_key, artist_key, year, title_key, position);
            DROP INDEX albums_title_key;
            """),
        // 8: ties in the browsing orders are broken by the album's id rather than its position. A position
        // changes whenever an album is added or deleted before it in its bucket, and each of the four
        // indexes held it: an insert at the front rewrote a bucket's worth of entries in all of them (an
        // edit at index 0 cost seven times one at the end). An id never changes.
        Migration(
            """
            DROP INDEX albums_by_artist;
            DROP INDEX albums_by_title;
            DROP INDEX albums_by_year;
            DROP INDEX albums_by_genre;
            CREATE INDEX albums_by_artist ON albums (artist_key, year, title_key, id);
            CREATE INDEX albums_by_title ON albums (title_key, id);
            CREATE INDEX albums_by_year ON albums (year DESC, artist_key, title_key, id);
            CREATE INDEX albums_by_genre ON albums (genre_key, artist_key, year, title_key, id);
            """),
        // 9: the music folders the library was imported from (`import DIR`), which a running server
        // watches and rescans.
        Migration("CREATE TABLE music_folders (path TEXT PRIMARY KEY);"),
        // 10: whether a deleted album left because a scan found its files gone (it comes back with them)
        // rather than because a person deleted it (it stays out).
        Migration("ALTER TABLE deleted_albums ADD COLUMN removed_by_scan INTEGER NOT NULL DEFAULT 0;"),
        // 11: each user's play queue (one, the last saved, by any player) and bookmarks in tracks, and the
        // internet radio stations and shares, as the Subsonic API keeps them.
        Migration(
            """
            CREATE TABLE play_queues (
                user_id TEXT PRIMARY KEY,
                current_index INTEGER,
                position INTEGER NOT NULL,
                changed INTEGER NOT NULL,
                changed_by TEXT NOT NULL
            );
            CREATE TABLE play_queue_tracks (
                user_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                track_id TEXT NOT NULL,
                PRIMARY KEY (user_id, position)
            );
            CREATE TABLE bookmarks (
                user_id TEXT NOT NULL,
                track_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                comment TEXT NOT NULL,
                created INTEGER NOT NULL,
                changed INTEGER NOT NULL,
                PRIMARY KEY (user_id, track_id)
            );
            CREATE TABLE radio_stations (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                stream_url TEXT NOT NULL,
                homepage_url TEXT NOT NULL,
                created INTEGER NOT NULL
            );
            CREATE TABLE shares (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                description TEXT NOT NULL,
                created INTEGER NOT NULL,
                expires INTEGER,
                last_visited INTEGER,
                visit_count INTEGER NOT NULL
            );
            CREATE TABLE share_tracks (
                share_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                track_id TEXT NOT NULL,
                PRIMARY KEY (share_id, position)
            );
            """),
        // 12: each user's highest streaming bit rate (kbit/s, 0: none), and players' streaming defaults (a
        // player is a Subsonic client name, `c=`): the format and highest bit rate its streams get.
        Migration(
            """
            ALTER TABLE users ADD COLUMN max_bit_rate INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE players (
                name_key TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                format TEXT NOT NULL,
                max_bit_rate INTEGER NOT NULL
            );
            """),
        // 13: the web page's sign-ins (the cookie's SHA-256, whose it is, when and from what browser), and
        // the users who only listen.
        Migration(
            """
            ALTER TABLE users ADD COLUMN listener INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE sessions (
                digest TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                created INTEGER NOT NULL,
                client TEXT NOT NULL
            );
            CREATE INDEX sessions_user ON sessions (user_id);
            """),
        // 14: when each album joined the library (milliseconds since 1970: a query's `added:`, a smart
        // playlist's "added last" order) — one from before gets its newest track file's time, or the time
        // of this migration — and the rule of a smart playlist (its query, order and length; NULL query for
        // a playlist of chosen tracks).
        Migration(
            """
            ALTER TABLE albums ADD COLUMN added INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_albums ADD COLUMN added INTEGER NOT NULL DEFAULT 0;
            UPDATE albums SET added = coalesce(
                (SELECT max(modified) / 1000000 FROM tracks WHERE album_id = albums.id),
                CAST(strftime('%s', 'now') AS INTEGER) * 1000);
            UPDATE deleted_albums SET added = coalesce(
                (SELECT max(modified) / 1000000 FROM tracks WHERE album_id = deleted_albums.id),
                CAST(strftime('%s', 'now') AS INTEGER) * 1000);
            ALTER TABLE playlists ADD COLUMN rule_query TEXT;
            ALTER TABLE playlists ADD COLUMN rule_order TEXT NOT NULL DEFAULT 'album';
            ALTER TABLE playlists ADD COLUMN rule_limit INTEGER NOT NULL DEFAULT 0;
            """),
        // 15: a track's genres set by hand (NULL: its tags'; empty: none of its own; else the names
        // separated by U+001E), which a rescan of the unchanged file keeps.
        Migration("ALTER TABLE tracks ADD COLUMN genres TEXT;"),
    ]

    /// The schema version this build writes.
    static var latestVersion: Int { migrations.count }

    /// Checks that the connection holds a BlueLibrary database (or an empty file) this build can read,
    /// then brings it to the latest version; a brand-new library gets the five seed albums.
    ///
    /// Every check reads the header and the schema in one transaction, and a migration re-checks under
    /// the write lock, so processes creating the same library at once never see each other's half-made
    /// file (which would look like "some other SQLite database") and never seed it twice.
    static func prepare(_ connection: SQLiteConnection) throws {
        if try connection.readTransaction({ try check(connection) }) < latestVersion {
            try connection.transaction {
                let version = try check(connection)
                guard version < latestVersion else { return }
                for migration in migrations[version...] {
                    try connection.execute(migration.sql)
                    try migration.afterwards?(connection)
                }
                try connection.execute(
                    "PRAGMA user_version = \(latestVersion); PRAGMA application_id = \(applicationID)")
                if version == 0 { _ = try SQLiteAlbums(connection).append(Album.seeds) }
            }
        }
        try configure(connection)
    }

    /// Checks that a file the writer prepared is a current BlueLibrary database, and makes the
    /// connection read-only.
    static func checkReadable(_ connection: SQLiteConnection) throws {
        guard try readIfCurrent(connection) else {
            throw LibraryError(.internal, "library \(connection.path) was read before it was prepared")
        }
    }

    /// Whether the file is a BlueLibrary database of the current version, ready to be read without the
    /// writer; when it is, the connection is made read-only. A new or older file answers `false` (the
    /// writer must create or migrate it); a foreign, damaged or newer one throws.
    static func readIfCurrent(_ connection: SQLiteConnection) throws -> Bool {
        guard try connection.readTransaction({ try check(connection) }) == latestVersion else { return false }
        try connection.execute("PRAGMA query_only = 1")
        return true
    }

    /// The schema version of the file, after checking that it is ours and not newer than this build.
    private static func check(_ connection: SQLiteConnection) throws -> Int {
        let path = connection.path
        let applicationID = try connection.integer("PRAGMA application_id") ?? 0
        let version = try connection.integer("PRAGMA user_version") ?? 0
        let objects = try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0
        if applicationID != Schema.applicationID && (applicationID != 0 || version != 0 || objects != 0) {
            throw LibraryError(
                .notALibrary,
                "\(path) is not a BlueLibrary database (it is some other SQLite database); it was left untouched"
            )
        }
        if version > latestVersion {
            throw LibraryError(
                .newerSchema,
                "library \(path) has schema version \(version), newer than this bluelibrary understands (\(latestVersion)); upgrade bluelibrary"
            )
        }
        return version
    }

    private static func configure(_ connection: SQLiteConnection) throws {
        // WAL lets readers run beside a writer; FULL makes each commit durable when it returns.
        try switchToWAL(connection)
        try connection.execute("PRAGMA synchronous = FULL")
    }

    /// Puts a new library in WAL mode. SQLite answers the switch with `SQLITE_BUSY` at once, without
    /// calling its busy handler, while another connection has the file open in the old mode — which is
    /// what processes racing to create one library meet (one in thirty rounds of eight, on a loaded
    /// machine) — so this waits as the busy handler would, up to the connection's busy timeout, until
    /// the switch is made here or another process has made it.
    private static func switchToWAL(_ connection: SQLiteConnection) throws {
        var waited: Int32 = 0
        while true {
            let mode = try connection.prepare("PRAGMA journal_mode")
            try mode.bind([])
            let isWAL = try mode.step() && mode.text(0) == "wal"
            mode.reset()
            if isWAL { return }
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as LibraryError where error.code == .locked && waited < connection.busyTimeout {
                usleep(5_000)
                waited += 5
            }
        }
    }

    /// Writes every album's and track's folded search keys anew (``SearchKey/fold(_:)``), after the
    /// folding changed.
    static func refoldKeys(_ connection: SQLiteConnection) throws {
        for (table, columns) in [("albums", ["title", "artist", "genre"]), ("tracks", ["title", "artist"])] {
            let rows = try connection.prepare(
                "SELECT rowid, \(columns.joined(separator: ", ")) FROM \(table)")
            try rows.bind([])
            var keys: [(Int64, [String])] = []
            while try rows.step() {
                keys.append(
                    (Int64(rows.int(0)), columns.indices.map { SearchKey.fold(rows.text(Int32($0 + 1))) }))
            }
            rows.reset()
            let update = columns.map { "\($0)_key = ?" }.joined(separator: ", ")
            for (rowid, values) in keys {
                try connection.run(
                    "UPDATE \(table) SET \(update) WHERE rowid = ?",
                    values.map { .text($0) } + [.integer(rowid)])
            }
        }
    }
}

/// One step of the schema: SQL, and Swift work after it where SQL cannot do it (keys only Swift folds).
struct Migration: Sendable {
    let sql: String
    let afterwards: (@Sendable (SQLiteConnection) throws -> Void)?

    init(_ sql: String, afterwards: (@Sendable (SQLiteConnection) throws -> Void)? = nil) {
        self.sql = sql
        self.afterwards = afterwards
    }
}
