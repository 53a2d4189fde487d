import BlueLibraryCore
import Synchronization

/// What a face that serves many readers reads most — windows of album lists, the rail's sections, the
/// groups, the state, a music app's artists — kept until the library changes, so a page everyone looks at is read once, not once
/// per request (on PostgreSQL each read is a transaction of several round trips).
///
/// Everything is dropped whenever the facade announces a change: its own, and another process's, which
/// the external-change watcher announces (at once on PostgreSQL, where every commit notifies; within its
/// interval on SQLite). A value read before a drop is never kept after it: each drop starts a new
/// generation, and a value is kept only in the generation its read began in.
package final class ReadCache: Sendable {
    /// What was read: the read and its arguments.
    package enum Key: Hashable, Sendable {
        case page(Query, offset: Int, limit: Int, around: AlbumID?)
        case sortedPage(Query, AlbumGroup?, AlbumOrder, offset: Int, limit: Int)
        case sections(Query, AlbumGroup?, AlbumOrder)
        case groups(AlbumGroup.Field, offset: Int, limit: Int)
        case groupSections(AlbumGroup.Field)
        case state
        /// A music app's list of artists, guests included.
        case artists
    }

    private struct Entries {
        var generation: UInt64 = 0
        var values: [Key: any Sendable] = [:]
    }

    /// The most values kept; past it, everything is dropped (the next reads fill it again).
    private let capacity: Int
    private let entries = Mutex(Entries())

    /// A cache of at most `capacity` values.
    package init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// Drops everything.
    package func drop() {
        entries.withLock { entries in
            entries = Entries(generation: entries.generation + 1)
        }
    }

    /// The value kept for `key`, or what `read` reads (kept, unless the library changed meanwhile).
    nonisolated(nonsending)
        package func value<T: Sendable>(for key: Key, _ read: () async throws -> T) async throws -> T
    {
        let (kept, generation) = entries.withLock { ($0.values[key] as? T, $0.generation) }
        if let kept { return kept }
        let value = try await read()
        entries.withLock { entries in
            guard entries.generation == generation else { return }
            if entries.values.count >= capacity { entries.values = [:] }
            entries.values[key] = value
        }
        return value
    }
}

extension LibraryReading {
    /// `read`'s value, from ``readCache`` when the facade keeps one.
    nonisolated(nonsending)
        func cached<T: Sendable>(_ key: ReadCache.Key, _ read: () async throws -> T) async throws -> T
    {
        guard let readCache else { return try await read() }
        return try await readCache.value(for: key, read)
    }
}
