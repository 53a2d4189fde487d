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
        let outcome = try await store.write { [self] writer -> StepOutcome in
            guard let command = try writer.pop(source) else { return .nothing }
            let effect: HistoryCommand
            do {
                effect = try Self.apply(effectOf(command), to: writer)
            } catch let error as LibraryError where error.code == .conflict {
                // The step can no longer apply (the album came back by other means, or went away):
                // drop it, so the history is never stuck on it, and say so.
                return .dropped(effectOf(command), error.message)
            }
            if online && !effect.isImport { try writer.enqueueSync(effect) }
            try writer.push(command, on: target, limit: limit)
            try writer.saveCurrent(try writer.resolveCurrent(preferring: effect.resultingAlbum?.id))
            return .applied(
                LibraryChange(kind: kind, effect: effect, state: try writer.state(), sequence: nextSequence())
            )
        }
        switch outcome {
        case .nothing: return nil
        case .applied(let change):
            changes.post(change)
            return change
        case .dropped(let effect, let reason):
            throw LibraryError(
                .conflict,
                "cannot \(kind.rawValue) \(effect.summary): \(reason); the step was dropped from the history")
        }
    }

    /// What one undo or redo did.
    private enum StepOutcome: Sendable {
        case nothing
        case applied(LibraryChange)
        /// The step could not apply (the effect it would have had, and why) and left the history.
        case dropped(HistoryCommand, String)
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
        case .group(let group):
            return .group(HistoryGroup(kind: group.kind, commands: try apply(group.commands, to: writer)))
        }
    }

    /// Applies a group's commands in order, all at once where the store can: a run of additions in one
    /// insertion, a run of deletions in one removal.
    private static func apply(_ commands: [HistoryCommand], to writer: any LibraryWriter) throws
        -> [HistoryCommand]
    {
        let additions = commands.compactMap { command -> (album: Album, index: Int)? in
            guard case .add(let album, let index) = command else { return nil }
            return (album, index)
        }
        if additions.count == commands.count {
            let ordered = additions.sorted { $0.index < $1.index }
            do {
                try writer.insertAll(ordered)
            } catch let error as LibraryError where error.code == .conflict {
                throw LibraryError(
                    .conflict, "some of its albums are already in the library (\(error.message))")
            }
            return ordered.map { .add($0.album, index: $0.index) }
        }
        let deletions = commands.compactMap { command -> AlbumID? in
            guard case .delete(let album, _) = command else { return nil }
            return album.id
        }
        if deletions.count == commands.count {
            return try writer.removeAll(deletions).map { .delete($0.album, index: $0.index) }
        }
        return try commands.map { try apply($0, to: writer) }
    }
}
