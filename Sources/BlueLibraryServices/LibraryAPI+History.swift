import BlueLibraryCore
import BlueLibraryStorage

/// Undo and redo: the Command pattern over the history the store keeps in the database.
extension LibraryAPI {
    /// Undoes the newest change: restores a deleted album (same id, same fields) at its index, removes
    /// an added one, reverts an edit; the album it brings back becomes current.
    /// - Returns: the change, or `nil` when there is nothing to undo.
    @discardableResult
    public func undo() async throws -> LibraryChange? {
        try await step(from: .undo, to: .redo, kind: .undo) { $0.inverse }
    }

    /// Re-applies the newest undone change.
    /// - Returns: the change, or `nil` when there is nothing to redo.
    @discardableResult
    public func redo() async throws -> LibraryChange? {
        try await step(from: .redo, to: .undo, kind: .redo) { $0 }
    }

    private func step(
        from source: HistorySide, to target: HistorySide, kind: LibraryChange.Kind,
        _ effectOf: @escaping @Sendable (HistoryCommand) -> HistoryCommand
    ) async throws -> LibraryChange? {
        let (limit, online) = (historyLimit, isOnline)
        let change = try await store.write { [self] writer -> LibraryChange? in
            guard let command = try writer.pop(source) else { return nil }
            let effect = try Self.apply(effectOf(command), to: writer)
            if online { try writer.enqueueSync(effect, key: AlbumID.random().rawValue) }
            try writer.push(command, on: target, limit: limit)
            try writer.saveCurrent(try writer.resolveCurrent(preferring: effect.resultingAlbum?.id))
            return LibraryChange(
                kind: kind, effect: effect, state: try writer.state(), sequence: nextSequence())
        }
        if let change { changes.post(change) }
        return change
    }

    /// Performs a recorded command on the albums; returns the command as it actually applied (an
    /// insertion index is clamped into range).
    private static func apply(_ command: HistoryCommand, to writer: any LibraryWriter) throws
        -> HistoryCommand
    {
        switch command {
        case .add(let album, let index):
            let position = min(max(index, 0), try writer.count())
            try writer.insert(album, at: position)
            return .add(album, index: position)
        case .delete(let album, _):
            guard let (_, index) = try writer.locate(album.id), try writer.remove(at: index) != nil else {
                throw LibraryError(
                    .conflict, "cannot remove \"\(album.title)\" again: it is no longer in the library")
            }
            return .delete(album, index: index)
        case .update(let before, let after):
            guard try writer.replace(after) != nil else {
                throw LibraryError(
                    .conflict, "cannot edit \"\(before.title)\": it is no longer in the library")
            }
            return command
        }
    }
}
