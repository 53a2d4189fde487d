import BlueLibraryCore

/// Everything a library holds, table by table and row by row: what `bluelibrary migrate` reads from one
/// store and writes into another (``LibraryStore/create(from:)``), so that a library moved from SQLite to
/// PostgreSQL and back is the library it was.
///
/// It holds what a person would miss and what the library needs to behave the same afterwards: the
/// albums in library order with their scan groups and hand edits, the deleted albums kept for undo, every
/// track (of albums in the library and of deleted ones), both history stacks and the outbox as their
/// stored JSON, and the saved current album. How a store lays these out (SQLite's positions and buckets,
/// its row ids) is not part of it. A table added to the stores gets a property here, read by each store's
/// `contents()` and written by its `create(from:)`.
package struct LibraryContents: Sendable, Equatable {
    /// The albums in library order.
    package var albums: [StoredAlbum] = []
    /// The deleted albums kept so that undo brings them back whole, by id.
    package var deletedAlbums: [StoredAlbum] = []
    /// Every track, by album id and then album order (``StoredTrack/order``).
    package var tracks: [StoredTrack] = []
    /// Both history stacks, oldest first.
    package var history: [HistoryEntry] = []
    /// The changes waiting to be mirrored to a remote server, oldest first.
    package var outbox: [OutboxEntry] = []
    /// The saved current album.
    package var current: CurrentAlbum?

    /// An empty library (no albums at all, not even the seeds).
    package init() {}

    /// Whether this is what a store holds right after creating a library: the five seed albums as they
    /// came, and nothing else. A migration may replace such a library; any other it refuses.
    package var isNewLibrary: Bool {
        albums == Album.seeds.map { StoredAlbum(album: $0) } && deletedAlbums.isEmpty && tracks.isEmpty
            && history.isEmpty && outbox.isEmpty && current == nil
    }

    /// "12 albums, 3 deleted albums, 140 tracks, 7 history steps, 0 changes waiting for a remote".
    package var summary: String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
        }
        return [
            count(albums.count, "album"), count(deletedAlbums.count, "deleted album"),
            count(tracks.count, "track"), count(history.count, "history step"),
            count(outbox.count, "change") + " waiting for a remote",
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

    /// An album with its origin.
    package init(album: Album, source: String? = nil, edited: Set<EditableField> = []) {
        self.album = album
        self.source = source
        self.edited = edited
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
