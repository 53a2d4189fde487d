import BlueLibraryCore
import BlueLibraryStore

/// Undo and redo: the Command pattern over the history the store keeps in the database.
extension LibraryAPI {
    /// Undoes the newest change: brings a deleted album back whole (same id, fields, tracks and link to
    /// its files) at its index, deletes an added one, reverts an edit's fields (each only while it still
    /// holds the value the edit gave it: a field changed again since is left as it is); the album it
    /// brings back becomes current.
    /// - Returns: the change, or `nil` when there is nothing to undo.
    @discardableResult
    package func undo() async throws -> LibraryChange? {
        try await step(from: .undo, to: .redo, kind: .undo) { $0.inverse }
    }

    /// Re-applies the newest undone change.
    /// - Returns: the change, or `nil` when there is nothing to redo.
    @discardableResult
    package func redo() async throws -> LibraryChange? {
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
            // A scan's removals redone are the scan's again: their albums come back with their files.
            if kind == .redo, case .group(let group) = effect, group.kind == .scan {
                for case .delete(let album, _) in group.commands { try writer.markRemovedByScan(album.id) }
            }
            if online && !effect.isImport { try writer.enqueueSync(effect) }
            try writer.push(command, on: target, limit: limit)
            try writer.saveCurrent(try writer.resolveCurrent(preferring: effect.resultingAlbum))
            return .applied(
                LibraryChange(
                    kind: kind, effect: effect, state: try writer.state(), sequence: nextSequence(),
                    album: try Self.album(of: effect, writer)))
        }
        switch outcome {
        case .nothing: return nil
        case .applied(let change):
            await finish(change)
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
    /// insertion index clamped into range, an edit's fields that still held their old values).
    static func apply(_ command: HistoryCommand, to writer: any LibraryWriter) throws -> HistoryCommand {
        switch command {
        case .add(let album, let index):
            let position = min(max(index, 0), try writer.count())
            // A deleted album comes back whole, as it was deleted; one the store kept nothing of (an
            // entry from before it kept deleted albums) is inserted from the command.
            if let restored = try writer.restore(album.id, at: position) {
                return .add(restored, index: position)
            }
            try writer.insert(album, at: position)
            return .add(album, index: position)
        case .delete(let album, _):
            guard let (_, index) = try writer.locate(album.id), try writer.remove(at: index) != nil else {
                throw LibraryError(
                    .conflict, "cannot remove \"\(album.title)\" again: it is no longer in the library")
            }
            return .delete(album, index: index)
        case .update(let edit):
            guard let applied = try writer.applyEdit(edit) else {
                throw LibraryError(.conflict, "cannot edit \"\(edit.title)\": it is no longer in the library")
            }
            return .update(applied)
        case .tracks(let change):
            // A track whose file the step did not read (an edit by hand, a track a scan left alone) keeps
            // what is known of its file now: `write` may have rewritten it since.
            let now = Dictionary(try writer.storedTracks(of: change.album).map { ($0.track.path, $0) }) {
                first, _ in
                first
            }
            let before = Dictionary(change.before.map { ($0.track.path, $0) }) { first, _ in first }
            let tracks = change.after.map { stored -> StoredTrack in
                guard let was = before[stored.track.path], was.size == stored.size,
                    was.modified == stored.modified, was.tags == stored.tags,
                    let file = now[stored.track.path]
                else { return stored }
                return StoredTrack(
                    track: stored.track, albumID: stored.albumID, size: file.size, modified: file.modified,
                    tags: file.tags)
            }
            try writer.replaceTracks(of: change.album, with: tracks)
            try writer.setTrackTotals(
                of: change.album, count: change.after.count,
                length: change.after.reduce(0) { $0 + $1.track.duration })
            return .tracks(change)
        case .moves(let moves):
            for move in moves { try writer.moveTrackData(from: move.from, to: move.to) }
            return .moves(moves)
        case .group(let group):
            return .group(HistoryGroup(kind: group.kind, commands: try apply(group.commands, to: writer)))
        }
    }

    /// Applies a group's commands in order: a run of additions in increasing index order (each album
    /// back in its place), a run of deletions in one removal.
    private static func apply(_ commands: [HistoryCommand], to writer: any LibraryWriter) throws
        -> [HistoryCommand]
    {
        let additions = commands.compactMap { command -> (album: Album, index: Int)? in
            guard case .add(let album, let index) = command else { return nil }
            return (album, index)
        }
        if additions.count == commands.count {
            do {
                return try additions.sorted { $0.index < $1.index }.map {
                    try apply(.add($0.album, index: $0.index), to: writer)
                }
            } catch let error as LibraryError where error.code == .conflict {
                throw LibraryError(
                    .conflict, "some of its albums are already in the library (\(error.message))")
            }
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
