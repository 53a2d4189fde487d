/// One recorded change to the library, with what undoes it: the Command pattern behind undo and redo.
///
/// Every mutation becomes a command value stored in the database (not an in-memory stack of
/// `(album, index)` pairs), so `bluelibrary delete 2` followed by a separate `bluelibrary undo` works.
/// Commands refer to albums by id. A deleted album keeps its row, tracks and link to its files in the
/// store's deleted albums, so undoing a delete brings the very same album back at its index; an edit
/// records only the fields it changed.
package enum HistoryCommand: Sendable, Hashable {
    /// `album` was inserted at `index` (or brought back there).
    case add(Album, index: Int)
    /// `album` was deleted from `index`.
    case delete(Album, index: Int)
    /// Fields of an album changed.
    case update(AlbumEdit)
    /// An album's tracks changed (a rescan read its files again).
    case tracks(TrackChange)
    /// Files moved: what people keep of each track went to its new id.
    case moves([TrackMove])
    /// Several changes made as one step — an import, a bulk modify or remove — applied in order and
    /// undone in reverse, so one undo takes back all of them.
    indirect case group(HistoryGroup)

    /// The command that reverses this one.
    package var inverse: HistoryCommand {
        switch self {
        case .add(let album, let index): .delete(album, index: index)
        case .delete(let album, let index): .add(album, index: index)
        case .update(let edit): .update(edit.inverse)
        case .tracks(let change): .tracks(change.inverse)
        case .moves(let moves): .moves(moves.reversed().map(\.inverse))
        case .group(let group):
            .group(HistoryGroup(kind: group.kind, commands: group.commands.reversed().map(\.inverse)))
        }
    }

    /// The album this command leaves in the library (to make current), if any.
    package var resultingAlbum: AlbumID? {
        switch self {
        case .add(let album, _): album.id
        case .delete, .group, .tracks, .moves: nil
        case .update(let edit): edit.id
        }
    }

    /// Whether this is an import or a scan (or its undoing): those are never mirrored to a remote
    /// server.
    package var isImport: Bool {
        if case .group(let group) = self { return group.kind == .importAlbums || group.kind == .scan }
        return false
    }

    /// Whether the command changes nothing (an edit whose fields already had their values, an empty
    /// group): it is not recorded.
    package var changesNothing: Bool {
        switch self {
        case .add, .delete: false
        case .update(let edit): edit.isEmpty
        case .tracks(let change): change.before == change.after
        case .moves(let moves): moves.isEmpty
        case .group(let group): group.commands.allSatisfy(\.changesNothing)
        }
    }

    /// A short description for messages, e.g. `delete "Best of Bowie"` or `import of 1,000 albums`.
    package var summary: String {
        switch self {
        case .add(let album, _): "add \"\(album.title)\""
        case .delete(let album, _): "delete \"\(album.title)\""
        case .update(let edit): "edit \"\(edit.title)\""
        case .tracks(let change): "tracks of \"\(change.title)\""
        case .moves(let moves): "\(moves.count) file\(moves.count == 1 ? "" : "s") moved"
        case .group(let group): group.summary
        }
    }
}

/// The changes of one grouped step.
package struct HistoryGroup: Sendable, Hashable {
    /// What made the group.
    package enum Kind: String, Sendable, CaseIterable {
        /// `import`: albums appended.
        case importAlbums = "import"
        /// `modify`: fields of the albums a query matched.
        case modify
        /// `remove`: the albums a query matched.
        case remove
        /// `import DIR`: what a scan of a music folder added, changed and removed.
        case scan
        /// An album's edit with what it changed of its tracks (its artist, on the tracks that had it).
        case edit
        /// Tracks edited by hand (`edit track:ID`, `modify --tracks`).
        case tracks

        /// The word messages use.
        var noun: String {
            switch self {
            case .importAlbums: "import"
            case .modify: "change"
            case .remove: "removal"
            case .scan: "import"
            case .edit, .tracks: "edit"
            }
        }
    }

    /// What made the group.
    package var kind: Kind
    /// The changes, in the order they were made.
    package var commands: [HistoryCommand]

    /// A short description for messages: `import of 12 albums`, `removal of 3 albums`, or for a scan
    /// that did more than add albums, `import of a music folder (2 added, 1 changed; 3 tracks changed)`:
    /// albums added, changed and removed, then its albums' tracks added, changed and removed.
    package var summary: String {
        if kind == .edit, case .update(let edit)? = commands.first { return "edit \"\(edit.title)\"" }
        if kind == .tracks { return Self.trackEditSummary(commands) }
        func albums(_ count: Int) -> String { "\(count) album\(count == 1 ? "" : "s")" }
        var (added, changed, removed) = (0, 0, 0)
        var tracks = (added: 0, changed: 0, removed: 0)
        var moved = 0
        for command in commands {
            switch command {
            case .add: added += 1
            case .update: changed += 1
            case .delete: removed += 1
            case .tracks(let change):
                let counts = change.counts
                tracks = (
                    tracks.added + counts.added, tracks.changed + counts.changed,
                    tracks.removed + counts.removed
                )
            case .moves(let list): moved += list.count
            case .group: continue
            }
        }
        guard kind == .scan, added != commands.count else {
            // An import that replaced the tutorial's albums (or its undoing, which brings them back) says so.
            let seeds = Set(Album.seeds.map(\.id))
            let seedSteps = commands.count { command in
                switch command {
                case .add(let album, _), .delete(let album, _): seeds.contains(album.id)
                default: false
                }
            }
            let albumSteps = albumCommandCount
            guard kind == .importAlbums, seedSteps > 0, seedSteps < commands.count else {
                return "\(kind.noun) of \(albums(albumSteps))"
            }
            return "\(kind.noun) of \(albums(commands.count - seedSteps)), in place of the tutorial's five"
        }
        func said(_ counts: [(Int, String)], _ noun: (Int) -> String) -> String {
            counts.filter { $0.0 > 0 }.map { "\(noun($0.0))\($0.1)" }.joined(separator: ", ")
        }
        let albumPart = said([(added, "added"), (changed, "changed"), (removed, "removed")]) { "\($0) " }
        let trackPart = said([
            (tracks.added, "added"), (tracks.changed, "changed"), (tracks.removed, "removed"),
            (moved, "moved"),
        ]) {
            "\($0) track\($0 == 1 ? "" : "s") "
        }
        return
            "import of a music folder (\([albumPart, trackPart].filter { !$0.isEmpty }.joined(separator: "; ")))"
    }

    /// How many of the commands change albums: a change's tracks that followed its albums (an artist
    /// corrected) and moved files are not albums of their own.
    package var albumCommandCount: Int {
        commands.count { command in
            switch command {
            case .tracks, .moves: false
            default: true
            }
        }
    }

    /// `edit "Song"` for one track edited by hand, `edit of 3 tracks` for more.
    private static func trackEditSummary(_ commands: [HistoryCommand]) -> String {
        var changed: [Track] = []
        for case .tracks(let change) in commands {
            let before = Dictionary(change.before.map { ($0.track.path, $0.track) }) { first, _ in first }
            changed += change.after.map(\.track).filter { before[$0.path] != $0 }
        }
        if changed.count == 1 { return "edit \"\(changed[0].title)\"" }
        return "edit of \(changed.count) tracks"
    }

    /// Creates a group.
    package init(kind: Kind, commands: [HistoryCommand]) {
        self.kind = kind
        self.commands = commands
    }
}

/// Which stack of the history a command sits on.
package enum HistorySide: Int, Sendable {
    /// Commands that can be undone, newest last.
    case undo = 0
    /// Undone commands that can be redone, newest last.
    case redo = 1
}
