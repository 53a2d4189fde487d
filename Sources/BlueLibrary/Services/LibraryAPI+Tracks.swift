import BlueLibraryCore
import BlueLibraryStore

/// Edits of tracks by hand: a title, an artist, a number or a disc corrected.
extension LibraryAPI {
    /// Changes tracks named by id, each with its own patch, as one transaction and one undo step (an
    /// album's tracks re-ordered when a number or disc changed). A later rescan keeps an edit until the
    /// track's file changes; `bluelibrary write` puts it in the file.
    /// - Returns: the change, or `nil` when nothing changed.
    /// - Throws: `notFound` naming an id that is no track of the library (nothing changes), or
    ///   `invalidField` naming the bad value.
    @discardableResult
    package func updateTracks(_ edits: [(id: String, patch: TrackPatch)]) async throws -> LibraryChange? {
        let (change, _) = try await recordStep(.tracks, as: .update) { writer in
            var patches: [AlbumID: [String: TrackPatch]] = [:]
            var albums: [AlbumID] = []
            for (id, patch) in edits {
                guard let stored = try writer.track(id) else {
                    throw LibraryError(.notFound, "no track with id '\(id.prefix(80))'")
                }
                if patches[stored.albumID] == nil { albums.append(stored.albumID) }
                patches[stored.albumID, default: [:]][stored.track.id] = patch
            }
            var commands: [HistoryCommand] = []
            for album in albums {
                let before = try writer.storedTracks(of: album)
                let edited = patches[album] ?? [:]
                let after = try before.map { stored in
                    guard let patch = edited[stored.track.id] else { return stored }
                    var changed = stored
                    changed.track = try stored.track.updating(patch)
                    return changed
                }.sorted { Track.inAlbumOrder($0.track, $1.track) }
                guard after.map(\.track) != before.map(\.track) else { continue }
                let title = try writer.locate(album)?.album.title ?? ""
                let change = TrackChange(album: album, title: title, before: before, after: after)
                commands.append(try Self.apply(.tracks(change), to: writer))
            }
            return (commands, ())
        }
        return change
    }

    /// The album's tracks as stored: with the size, time and tags their files had when last read.
    package func storedTracks(of album: AlbumID) async throws -> [StoredTrack] {
        try await store.read { try $0.storedTracks(of: album) }
    }

    /// Records what files are now, after `bluelibrary write` put the library's values in their tags:
    /// each track keeps its fields, with its file's new size, time and tags, so the next scan finds
    /// them unchanged. Not a step of the history: nothing a person sees changed.
    package func noteRewrittenFiles(_ files: [StoredTrack]) async throws {
        let byAlbum = Dictionary(grouping: files, by: \.albumID)
        try await store.write { writer in
            for (album, rewritten) in byAlbum {
                let now = Dictionary(rewritten.map { ($0.track.path, $0) }) { first, _ in first }
                let tracks = try writer.storedTracks(of: album).map { stored in
                    guard let file = now[stored.track.path] else { return stored }
                    return StoredTrack(
                        track: stored.track, albumID: album, size: file.size, modified: file.modified,
                        tags: file.tags)
                }
                try writer.replaceTracks(of: album, with: tracks)
            }
        }
    }
}
