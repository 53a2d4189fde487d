import BlueLibraryCore

/// Everything a library holds, table by table and row by row: what `bluelibrary migrate` reads from one
/// store and writes into another (``LibraryStore/create(from:)``), so that a library moved from SQLite to
/// PostgreSQL and back is the library it was.
///
/// It holds what a person would miss and what the library needs to behave the same afterwards: the
/// albums in library order with their scan groups and hand edits, the deleted albums kept for undo, every
/// track (of albums in the library and of deleted ones), both history stacks and the outbox as their
/// stored JSON, the saved current album, and what a music server keeps for its users (accounts, API key
/// digests, stars, ratings, plays, playlists). How a store lays these out (SQLite's positions and buckets,
/// its row ids) is not part of it. A table added to the stores gets a property here, read by each store's
/// `contents()` and written by its `create(from:)`.
package struct LibraryContents: Sendable, Equatable {
    /// The albums in library order.
    package var albums: [StoredAlbum] = []
    /// The deleted albums kept so that undo brings them back whole, by id.
    package var deletedAlbums: [StoredAlbum] = []
    /// The deleted albums a scan removed because their files were gone (they come back with their files),
    /// by id.
    package var removedByScan: [AlbumID] = []
    /// Every track, by album id and then album order (``StoredTrack/order``).
    package var tracks: [StoredTrack] = []
    /// Both history stacks, oldest first.
    package var history: [HistoryEntry] = []
    /// The changes waiting to be mirrored to a remote server, oldest first.
    package var outbox: [OutboxEntry] = []
    /// The saved current album.
    package var current: CurrentAlbum?
    /// The users, oldest first (by creation time, then id).
    package var users: [StoredUser] = []
    /// Every API key's digest, by user and then creation time and digest.
    package var apiKeys: [StoredAPIKey] = []
    /// Every star, by user, kind and item.
    package var stars: [ItemMark] = []
    /// Every rating, by user, kind and item.
    package var ratings: [ItemMark] = []
    /// Every user's plays of each track, by user and track.
    package var plays: [PlayRecord] = []
    /// Every playlist with its tracks, oldest first (by creation time, then id).
    package var playlists: [StoredPlaylist] = []
    /// Every user's play queue, by user.
    package var playQueues: [StoredPlayQueue] = []
    /// Every user's bookmarks, by user and track.
    package var bookmarks: [StoredBookmark] = []
    /// The internet radio stations, oldest first.
    package var radioStations: [StoredRadioStation] = []
    /// The players' streaming defaults, by name.
    package var players: [StoredPlayer] = []
    /// Every share with its tracks, oldest first.
    package var shares: [StoredShare] = []
    /// The music folders the library was imported from, in byte order.
    package var musicFolders: [String] = []

    /// An empty library (no albums at all, not even the seeds).
    package init() {}

    /// Whether this is what a store holds right after creating a library: the five seed albums as they
    /// came, and nothing else. A migration may replace such a library; any other it refuses.
    package var isNewLibrary: Bool {
        albums.map { StoredAlbum(album: $0.album, source: $0.source, edited: $0.edited) }
            == Album.seeds.map { StoredAlbum(album: $0) } && deletedAlbums.isEmpty && tracks.isEmpty
            && history.isEmpty && outbox.isEmpty && current == nil && users.isEmpty && apiKeys.isEmpty
            && stars.isEmpty && ratings.isEmpty && plays.isEmpty && playlists.isEmpty && musicFolders.isEmpty
            && playQueues.isEmpty && bookmarks.isEmpty && radioStations.isEmpty && players.isEmpty
            && shares.isEmpty
    }

    /// "12 albums, 3 deleted albums, 140 tracks, 7 history steps, 0 changes waiting for a remote, 2 users,
    /// 1 playlist".
    package var summary: String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
        }
        return [
            count(albums.count, "album"), count(deletedAlbums.count, "deleted album"),
            count(tracks.count, "track"), count(history.count, "history step"),
            count(outbox.count, "change") + " waiting for a remote", count(users.count, "user"),
            count(playlists.count, "playlist"),
        ].joined(separator: ", ")
    }
}

/// An album as a store keeps it: its fields, the scan group it came from and the fields a person edited.
package struct StoredAlbum: Sendable, Hashable {
    /// The album.
    package var album: Album
    /// The scan group it came from (``ScanOrigin/source``), if any.
    package var source: String?
    /// The fields edited by hand, which rescans keep.
    package var edited: Set<EditableField>
    /// When it joined the library, in milliseconds since 1970 (0: when it is written).
    package var added: Int64

    /// An album with its origin.
    package init(album: Album, source: String? = nil, edited: Set<EditableField> = [], added: Int64 = 0) {
        self.album = album
        self.source = source
        self.edited = edited
        self.added = added
    }
}

/// One command of a history stack as stored: its place in the order of all commands, its side and its
/// JSON (copied as text, so a copy never re-encodes it).
package struct HistoryEntry: Sendable, Hashable {
    /// Its number; larger is newer.
    package var sequence: Int
    /// Undo or redo.
    package var side: HistorySide
    /// The command's JSON.
    package var command: String

    /// An entry.
    package init(sequence: Int, side: HistorySide, command: String) {
        self.sequence = sequence
        self.side = side
        self.command = command
    }
}

/// One change waiting in the outbox as stored (see ``PendingSync``, its parsed form).
package struct OutboxEntry: Sendable, Hashable {
    /// Its number; larger is newer.
    package var sequence: Int
    /// The idempotency key the remote sees.
    package var key: String
    /// The command's JSON.
    package var command: String

    /// An entry.
    package init(sequence: Int, key: String, command: String) {
        self.sequence = sequence
        self.key = key
        self.command = command
    }
}

/// A user's star or rating of one item, as stored.
package struct ItemMark: Sendable, Hashable {
    /// The user's id.
    package var user: String
    /// What kind of item it is.
    package var kind: ItemKind
    /// The item's id.
    package var item: String
    /// When it was starred (milliseconds since 1970), or the rating (1 to 5).
    package var value: Int64

    /// A mark.
    package init(user: String, kind: ItemKind, item: String, value: Int64) {
        self.user = user
        self.kind = kind
        self.item = item
        self.value = value
    }
}

/// How often a user played one track, and when last, as stored.
package struct PlayRecord: Sendable, Hashable {
    /// The user's id.
    package var user: String
    /// The track's id.
    package var track: String
    /// How many times they played it.
    package var count: Int
    /// When they last played it (milliseconds since 1970).
    package var lastPlayed: Int64

    /// A record.
    package init(user: String, track: String, count: Int, lastPlayed: Int64) {
        self.user = user
        self.track = track
        self.count = count
        self.lastPlayed = lastPlayed
    }
}
