import BlueLibraryCore
import BlueLibraryStorage

extension LibraryAPI {
    /// Adds `album` at `index` when it is within `0...count`, otherwise (or when `nil`) at the end.
    /// - Returns: the index where the album now is.
    /// - Throws: `conflict` when an album with the same id exists.
    @discardableResult
    public func add(_ album: Album, at index: Int? = nil) throws -> Int {
        let change = try record(.add) { writer in
            let count = try writer.count()
            let position = index.flatMap { (0...count).contains($0) ? $0 : nil } ?? count
            try writer.insert(album, at: position)
            return .add(album, index: position)
        }
        guard case .add(_, let position)? = change.effect else { return 0 }
        return position
    }

    /// Deletes the album an index or id refers to.
    /// - Returns: the deleted album and the index it had.
    /// - Throws: `notFound` naming the reference (deleting from an empty library is an error, not a crash).
    @discardableResult
    public func delete(_ reference: AlbumReference) throws -> (album: Album, index: Int) {
        let change = try record(.delete) { writer in
            let (album, index) = try Self.locate(reference, in: writer)
            _ = try writer.remove(at: index)
            return .delete(album, index: index)
        }
        guard case .delete(let album, let index)? = change.effect else {
            throw LibraryError(.internal, "delete recorded no effect")
        }
        return (album, index)
    }

    /// Changes fields of the album an index or id refers to.
    /// - Returns: the updated album.
    /// - Throws: `notFound`, or `invalidField` naming the bad value.
    @discardableResult
    public func update(_ reference: AlbumReference, with patch: AlbumPatch) throws -> Album {
        let change = try record(.update) { writer in
            let (before, _) = try Self.locate(reference, in: writer)
            let after = try before.updating(patch)
            _ = try writer.replace(after)
            return .update(before: before, after: after)
        }
        guard case .update(_, let after)? = change.effect else {
            throw LibraryError(.internal, "update recorded no effect")
        }
        return after
    }

    /// Appends many albums in one transaction: all of them or, on any error, none.
    ///
    /// An album whose id is already in the library with identical fields is skipped, so restoring an
    /// export into a library that shares albums with it works; the same id with different fields is a
    /// conflict. An import is not an undo step (it may hold 100,000 albums); it only appends, so the
    /// undo history stays valid, and the redo side is cleared as for any new change.
    /// - Returns: how many albums were added and how many were already there.
    @discardableResult
    public func importAlbums(_ albums: [Album]) throws -> (added: Int, alreadyPresent: Int) {
        let (change, added) = try store.write { writer in
            let added = try writer.append(albums)
            try writer.clearHistory(.redo)
            try writer.saveCurrent(try Self.resolveCurrent(in: writer))
            let change = LibraryChange(kind: .importAlbums, effect: nil, state: try Self.state(in: writer))
            return (change, added)
        }
        changes.post(change)
        return (added, albums.count - added)
    }

    /// Makes the album an index or id refers to the current one and saves that at once (the memento).
    /// - Returns: the new state.
    @discardableResult
    public func select(_ reference: AlbumReference) throws -> LibraryState {
        let change = try store.write { writer in
            let (album, index) = try Self.locate(reference, in: writer)
            try writer.saveCurrent(CurrentAlbum(id: album.id, index: index))
            return LibraryChange(kind: .select, effect: nil, state: try Self.state(in: writer))
        }
        changes.post(change)
        return change.state
    }

    /// Runs a new mutation as one transaction: applies it, records it for undo (dropping the oldest
    /// beyond the limit), clears redo, saves the current album, then announces the change.
    private func record(
        _ kind: LibraryChange.Kind, _ body: @escaping (any LibraryWriter) throws -> HistoryCommand
    ) throws -> LibraryChange {
        let limit = historyLimit
        let online = isOnline
        let change = try store.write { writer in
            let command = try body(writer)
            if online { try writer.enqueueSync(command, key: AlbumID.random().rawValue) }
            try writer.push(command, on: .undo, limit: limit)
            try writer.clearHistory(.redo)
            try writer.saveCurrent(try Self.resolveCurrent(in: writer))
            return LibraryChange(kind: kind, effect: command, state: try Self.state(in: writer))
        }
        changes.post(change)
        return change
    }
}
