/// One recorded change to the library, with what undoes it: the Command pattern behind undo and redo.
///
/// The tutorial kept `(album, index)` pairs on an in-memory stack; here every mutation becomes a
/// command value that is stored in the database, so `bluelibrary delete 2` followed by a separate
/// `bluelibrary undo` works. Commands refer to albums by id, and carry the whole album so that undoing
/// a delete restores the very same album at the same index.
public enum HistoryCommand: Sendable, Hashable {
    /// `album` was inserted at `index`.
    case add(Album, index: Int)
    /// `album` was removed from `index`.
    case delete(Album, index: Int)
    /// An album changed from `before` to `after` (same id).
    case update(before: Album, after: Album)
    /// Several changes made as one step — an import, a bulk modify or remove — applied in order and
    /// undone in reverse, so one undo takes back all of them.
    indirect case group(HistoryGroup)

    /// The command that reverses this one.
    public var inverse: HistoryCommand {
        switch self {
        case .add(let album, let index): .delete(album, index: index)
        case .delete(let album, let index): .add(album, index: index)
        case .update(let before, let after): .update(before: after, after: before)
        case .group(let group):
            .group(HistoryGroup(kind: group.kind, commands: group.commands.reversed().map(\.inverse)))
        }
    }

    /// The album this command leaves in the library (to make current), if any.
    public var resultingAlbum: Album? {
        switch self {
        case .add(let album, _): album
        case .delete, .group: nil
        case .update(_, let after): after
        }
    }

    /// Whether this is an import (or its undoing): imports are never mirrored to a remote server.
    public var isImport: Bool {
        if case .group(let group) = self { return group.kind == .importAlbums }
        return false
    }

    /// A short description for messages, e.g. `delete "Best of Bowie"` or `import of 1,000 albums`.
    public var summary: String {
        switch self {
        case .add(let album, _): "add \"\(album.title)\""
        case .delete(let album, _): "delete \"\(album.title)\""
        case .update(_, let after): "edit \"\(after.title)\""
        case .group(let group):
            "\(group.kind.noun) of \(group.commands.count) album\(group.commands.count == 1 ? "" : "s")"
        }
    }
}

/// The changes of one grouped step.
public struct HistoryGroup: Sendable, Hashable {
    /// What made the group.
    public enum Kind: String, Sendable, CaseIterable {
        /// `import`: albums appended.
        case importAlbums = "import"
        /// `modify`: fields of the albums a query matched.
        case modify
        /// `remove`: the albums a query matched.
        case remove

        /// The word messages use.
        var noun: String {
            switch self {
            case .importAlbums: "import"
            case .modify: "change"
            case .remove: "removal"
            }
        }
    }

    /// What made the group.
    public var kind: Kind
    /// The changes, in the order they were made.
    public var commands: [HistoryCommand]

    /// Creates a group.
    public init(kind: Kind, commands: [HistoryCommand]) {
        self.kind = kind
        self.commands = commands
    }
}

/// Which stack of the history a command sits on.
public enum HistorySide: Int, Sendable {
    /// Commands that can be undone, newest last.
    case undo = 0
    /// Undone commands that can be redone, newest last.
    case redo = 1
}
