import BlueLibraryCore
import BlueLibraryStore

extension LibraryAPI {
    /// Adds `album` at `index` when it is within `0...count`, otherwise (or when `nil`) at the end.
    /// - Returns: the change; its effect is `.add(album, index:)` with the index where the album now is.
    /// - Throws: `conflict` when an album with the same id exists.
    @discardableResult
    package func add(_ album: Album, at index: Int? = nil) async throws -> LibraryChange {
        try await record(.add) { writer in
            let count = try writer.count()
            let position = index.flatMap { (0...count).contains($0) ? $0 : nil } ?? count
            try writer.insert(album, at: position)
            return .add(album, index: position)
        }
    }

    /// Deletes the album an index or id refers to.
    /// - Returns: the change; its effect is `.delete(album, index:)` with the index the album had.
    /// - Throws: `notFound` naming the reference (deleting from an empty library is an error, not a crash).
    @discardableResult
    package func delete(_ reference: AlbumReference) async throws -> LibraryChange {
        try await record(.delete) { writer in
            let (album, index) = try writer.locate(reference)
            _ = try writer.remove(at: index)
            return .delete(album, index: index)
        }
    }

    /// Changes fields of the album an index or id refers to, marking them as edited by hand (a rescan of
    /// the album's folder keeps them).
    /// - Returns: the change; its effect is `.update(edit)` with only the fields that changed, and its
    ///   album the album as it is now.
    /// - Throws: `notFound`, or `invalidField` naming the bad value.
    ///
    /// Correcting the album's artist corrects its tracks' artist where it was the old album artist (what
    /// the person meant: "Bjork" to "Björk" leaves no track credited to "Bjork"); a guest's track keeps
    /// its guest. Both are one step, undone together.
    @discardableResult
    package func update(_ reference: AlbumReference, with patch: AlbumPatch) async throws -> LibraryChange {
        try await record(.update) { writer in
            let (before, _) = try writer.locate(reference)
            let edit = AlbumEdit(from: before, to: try before.updating(patch), byHand: true)
            guard let applied = try writer.applyEdit(edit) else {
                throw LibraryError(.notFound, "no album with id \(before.id)")
            }
            let after = try writer.locate(before.id)?.album
            guard let change = try Self.tracksFollowingArtist(from: before, to: after, writer) else {
                return .update(applied)
            }
            _ = try Self.apply(.tracks(change), to: writer)
            return .group(HistoryGroup(kind: .edit, commands: [.update(applied), .tracks(change)]))
        }
    }

    /// What correcting an album's artist changes of its tracks: those credited to the old album artist
    /// (as written) are credited to the new one; `nil` when the artist is the same or no track changes.
    static func tracksFollowingArtist(from before: Album, to after: Album?, _ reader: any LibraryReader)
        throws
        -> TrackChange?
    {
        guard let after, after.artist != before.artist else { return nil }
        let tracks = try reader.storedTracks(of: before.id)
        let renamed = tracks.map { stored in
            guard stored.track.artist == before.artist else { return stored }
            var changed = stored
            changed.track = stored.track.withArtist(after.artist)
            return changed
        }
        return renamed == tracks
            ? nil : TrackChange(album: before.id, title: after.title, before: tracks, after: renamed)
    }

    /// Appends many albums in one transaction: all of them or, on any error, none — and as one undo
    /// step, so undo removes exactly the albums it added. An album that comes with its tracks (an
    /// export's JSON) gets them; a later scan of their folder adopts them.
    ///
    /// An album whose id is already in the library with the same fields (``Album/hasSameFields(as:)``:
    /// derived values such as the track count never make two copies differ) is counted as already
    /// there, so importing an export into the library it came from changes nothing; the same id with
    /// other fields is a conflict. An album with the artist and title of one already there (or earlier
    /// in the import) is a duplicate: skipped unless `duplicates` is `.keep`. Imports are not mirrored
    /// to a remote server (they may hold 100,000 albums).
    /// - Throws: `conflict` naming the album (an id with other fields, a track file another album has).
    @discardableResult
    package func importAlbums(_ imported: [ImportedAlbum], duplicates: DuplicatePolicy = .skip) async throws
        -> ImportResult
    {
        let limit = historyLimit
        let (change, result) = try await store.write { [self] writer in
            let start = try writer.count()
            let onlySeeds = try writer.holdsOnlyTheSeeds()
            var result = ImportResult()
            var library = try LibraryIdentities(writer, seeds: !onlySeeds, room: imported.count)
            var candidates = imported
            if duplicates == .skip {
                candidates = imported.filter { !library.isDuplicate($0.album) }
                result.duplicates = imported.count - candidates.count
            }
            var new: [ImportedAlbum] = []
            for item in candidates {
                // Only an id already in the library is looked up (an export brought back, say).
                if library.ids.contains(item.album.id), let existing = try writer.locate(item.album.id) {
                    guard existing.album.hasSameFields(as: item.album) else {
                        throw conflictingAlbum(item.album)
                    }
                    result.alreadyPresent += 1
                } else {
                    new.append(item)
                }
            }
            for item in new {
                for track in item.tracks ?? [] {
                    if let owner = try writer.albumOfTrack(at: track.path), owner != item.album.id {
                        throw LibraryError(
                            .conflict,
                            "the file of track \"\(track.title)\" of \"\(item.album.title)\", \(track.path), belongs to album \(owner)"
                        )
                    }
                }
            }
            let added = try writer.append(new.map(\.album))
            for item in new {
                guard let tracks = item.tracks else { continue }
                // A track keeps the id the export gives it (a moved file's) unless another file of this
                // library has that id: then it takes its path's, and the other keeps its own.
                let kept = try tracks.map { track -> Track in
                    guard let id = track.storedID, let holder = try writer.track(id),
                        holder.track.path != track.path
                    else { return track }
                    return track.known(as: nil)
                }
                try writer.replaceTracks(
                    of: item.album.id,
                    with: kept.map {
                        StoredTrack(track: $0, albumID: item.album.id, size: 0, modified: 0, tags: "")
                    })
            }
            result.added = added.count
            var commands = added.enumerated().map { HistoryCommand.add($1, index: start + $0) }
            // A library being restored (or filled for the first time) takes the albums in place of the
            // tutorial's five, as a first folder import does — but for those the import itself holds (an
            // export of such a library). One undo brings them back, each in its place (deleted in
            // decreasing index order, put back in reverse).
            let importedIDs = Set(imported.map(\.album.id))
            let seeds = Album.seeds.map(\.id).filter { !importedIDs.contains($0) }
            if onlySeeds && !added.isEmpty && !seeds.isEmpty {
                let removed = try writer.removeAll(seeds)
                commands += removed.map { HistoryCommand.delete($0.album, index: $0.index) }
                result.replacedSeeds = true
            }
            let effect: HistoryCommand? =
                commands.isEmpty ? nil : .group(HistoryGroup(kind: .importAlbums, commands: commands))
            if let effect {
                try writer.push(effect, on: .undo, limit: limit)
                try writer.clearHistory(.redo)
            }
            try writer.saveCurrent(try writer.resolveCurrent())
            let change = LibraryChange(
                kind: .importAlbums, effect: effect, state: try writer.state(), sequence: nextSequence())
            return (change, result)
        }
        await finish(change)
        return result
    }

    /// Makes the album an index or id refers to the current one and saves that at once (the memento).
    /// - Returns: the change, with the new state.
    @discardableResult
    package func select(_ reference: AlbumReference) async throws -> LibraryChange {
        let change = try await store.write { [self] writer in
            let (album, index) = try writer.locate(reference)
            try writer.saveCurrent(CurrentAlbum(id: album.id, index: index))
            return LibraryChange(
                kind: .select, effect: nil, state: try writer.state(), sequence: nextSequence())
        }
        announce(change)
        return change
    }

    /// Runs a new mutation as one transaction: applies it, records it for undo (dropping the oldest
    /// beyond the limit) unless it changed nothing, clears redo, saves the current album, puts it in the
    /// outbox when online, then announces the change.
    private func record(
        _ kind: LibraryChange.Kind, _ body: @escaping @Sendable (any LibraryWriter) throws -> HistoryCommand
    ) async throws -> LibraryChange {
        let (limit, online) = (historyLimit, isOnline)
        let change = try await store.write { [self] writer in
            let command = try body(writer)
            if !command.changesNothing {
                if online { try writer.enqueueSync(command) }
                try writer.push(command, on: .undo, limit: limit)
                try writer.clearHistory(.redo)
            }
            try writer.saveCurrent(try writer.resolveCurrent())
            return LibraryChange(
                kind: kind, effect: command, state: try writer.state(), sequence: nextSequence(),
                album: try Self.album(of: command, writer))
        }
        await finish(change)
        return change
    }

    /// The album a change is about, as the change left it: the one added or edited, as it is now, or
    /// the one deleted, as it was.
    static func album(of command: HistoryCommand, _ reader: any LibraryReader) throws -> Album? {
        switch command {
        case .add(let album, _): try reader.locate(album.id)?.album ?? album
        case .delete(let album, _): album
        case .update(let edit): try reader.locate(edit.id)?.album
        case .tracks(let change): try reader.locate(change.album)?.album
        case .group(let group) where group.kind == .edit:
            try group.commands.first.flatMap { try album(of: $0, reader) }
        case .moves, .group: nil
        }
    }
}
