import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryServices
import Synchronization

/// Writes each edit into the files' tags as it is made — when the library's `write-tags` setting is on
/// (`bluelibrary config write-tags on`), or for one edit that asks (`edit --write-tags`): an album's or
/// a track's fields edited from any face, the albums of a `modify`, and the undo or redo of any of them,
/// which writes the values the step brought back. Installed at each face's composition as the facade's
/// follower of steps (``LibraryAPI/afterEachStep(_:)``), so the edit's caller goes on once its files are
/// written; imports, scans and removals are none of its business.
///
/// The files of each album whose written fields (title, artist, genre, year; a track's title, artist,
/// number and disc) the step changed are brought in line with the library, as `bluelibrary write` does
/// for those albums. Each file's tags are read again first (the library's record of them may be an
/// undo's, older than the file). A file is written when it holds what the library held before the step,
/// or is as the last scan or write left it; one changed by something else since is left alone and named
/// in one line (`bluelibrary write --force` overwrites it). The edit stands either way. The writes of one
/// process go one at a time (two pages' edits at once never write one file together), and each file is
/// noted in the library as soon as it is written, so a watch of the folder finds it unchanged.
package struct TagWriteOnEdit: Sendable {
    let library: LibraryAPI
    let environment: [String: String]
    let report: @Sendable (String) -> Void

    /// A writer for `library`, whose setting is looked for where `environment` says, saying each file it
    /// could not write through `report`.
    package init(
        library: LibraryAPI, environment: [String: String], report: @escaping @Sendable (String) -> Void
    ) {
        self.library = library
        self.environment = environment
        self.report = report
    }

    /// Makes the facade write every edit when the setting is on (read at each edit: a running server
    /// follows `config`). A setting that cannot be read is said once per edit, and nothing is written.
    package func install() {
        library.afterEachStep { [self] change in
            guard let effect = change.effect, !Self.editedAlbums(effect).isEmpty else { return }
            do {
                guard try settings().writeTags else { return }
            } catch let error as LibraryError {
                report(error.message)
                return
            } catch {
                return
            }
            await write(change)
        }
    }

    /// The library's settings.
    package func settings() throws -> LibrarySettings {
        try LibrarySettings.read(
            from: LibraryLocation.settingsPath(ofLibrary: library.location, environment: environment))
    }

    /// The writes of this process, one after another.
    private static let queue = Mutex<Task<Void, Never>?>(nil)

    /// Brings the files of the albums whose written fields `change` edited in line with the library.
    /// - Returns: how many files were written, and the files left alone (each also reported).
    @discardableResult
    package func write(_ change: LibraryChange) async -> (written: Int, problems: [UnreadableFile]) {
        let mine = Self.queue.withLock { last in
            let previous = last
            let task = Task { [self] in
                await previous?.value
                return await writeNow(change)
            }
            last = Task { _ = await task.value }
            return task
        }
        return await mine.value
    }

    private func writeNow(_ change: LibraryChange) async -> (written: Int, problems: [UnreadableFile]) {
        guard let effect = change.effect else { return (0, []) }
        var written = 0
        var problems: [UnreadableFile] = []
        for (id, before) in Self.editedAlbums(effect) {
            do {
                let outcome = try await write(album: id, before)
                written += outcome.written
                problems += outcome.problems
            } catch let error as LibraryError where error.code == .notFound {
                continue  // the album is gone since (a later step deleted it): nothing to write
            } catch let error as LibraryError {
                problems.append(UnreadableFile(path: id.rawValue, error: error))
            } catch {
                problems.append(UnreadableFile(path: id.rawValue, error: LibraryError(.internal, "\(error)")))
            }
        }
        for problem in problems { report(problem.error.message) }
        return (written, problems)
    }

    /// What the library held of an album before a step: its fields' old texts, and its tracks when the
    /// step changed them.
    struct Before {
        var fields: [AlbumEdit.Change] = []
        var tracks: [StoredTrack]?
    }

    /// The albums whose written fields a person changed in a step — an album's edit, a `modify`, a
    /// tracks' edit, or the undo or redo of one — each with what it held before. Never an import's, a
    /// scan's or a removal's, nor an edit of a cover or MusicBrainz id alone (no tag holds them).
    static func editedAlbums(_ effect: HistoryCommand) -> [(AlbumID, Before)] {
        var order: [AlbumID] = []
        var before: [AlbumID: Before] = [:]
        func note(_ id: AlbumID, _ change: (inout Before) -> Void) {
            if before[id] == nil { order.append(id) }
            change(&before[id, default: Before()])
        }
        func walk(_ command: HistoryCommand, inEdit: Bool) {
            switch command {
            case .update(let edit) where edit.changes.contains(where: { Self.tagged.contains($0.field) }):
                note(edit.id) { $0.fields += edit.changes }
            case .tracks(let change) where inEdit:
                note(change.album) { $0.tracks = $0.tracks ?? change.before }
            case .group(let group) where [.edit, .tracks, .modify].contains(group.kind):
                for command in group.commands { walk(command, inEdit: true) }
            case .add, .delete, .update, .tracks, .moves, .group:
                return
            }
        }
        walk(effect, inEdit: false)
        return order.map { ($0, before[$0] ?? Before()) }
    }

    /// The album's fields its files' tags hold.
    private static let tagged: Set<AlbumField> = [.title, .artist, .genre, .year]

    private func write(album id: AlbumID, _ before: Before) async throws -> (
        written: Int, problems: [UnreadableFile]
    ) {
        let album = try await library.album(.id(id)).album
        let oldAlbum = try album.applying(
            AlbumEdit(id: id, title: album.title, changes: before.fields).inverse.changes)
        let stored = try await library.storedTracks(of: id)
        let oldTracks = Dictionary((before.tracks ?? stored).map { ($0.track.path, $0.track) }) { first, _ in
            first
        }
        var written = 0
        var problems: [UnreadableFile] = []
        for track in stored {
            let path = track.track.path
            do {
                let tags = try await TagLibReader().readTags(at: path)
                let changes = TagWriteBack.changes(track.track, on: album, tagged: tags)
                if changes.isEmpty { continue }
                let asScanned =
                    TagWriteBack.fileStamp(path).map { $0 == (track.size, track.modified) } ?? false
                let asBefore = TagWriteBack.changes(
                    oldTracks[path] ?? track.track, on: oldAlbum, tagged: tags
                ).isEmpty
                guard asScanned || asBefore else {
                    throw LibraryError(
                        .conflict,
                        "not written: '\(path)': it changed on disk since the last scan (rescan it, or bluelibrary write --force)"
                    )
                }
                try await library.noteRewrittenFiles([
                    try await TagWriteBack.write(changes, to: track, of: id)
                ])
                written += 1
            } catch let error as LibraryError {
                problems.append(UnreadableFile(path: path, error: error))
            }
        }
        return (written, problems)
    }
}
