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

    /// The command that reverses this one.
    public var inverse: HistoryCommand {
        switch self {
        case .add(let album, let index): .delete(album, index: index)
        case .delete(let album, let index): .add(album, index: index)
        case .update(let before, let after): .update(before: after, after: before)
        }
    }

    /// The album this command leaves in the library (to make current), if any.
    public var resultingAlbum: Album? {
        switch self {
        case .add(let album, _): album
        case .delete: nil
        case .update(_, let after): after
        }
    }

    /// A short description for messages, e.g. `delete "Best of Bowie"`.
    public var summary: String {
        switch self {
        case .add(let album, _): "add \"\(album.title)\""
        case .delete(let album, _): "delete \"\(album.title)\""
        case .update(_, let after): "edit \"\(after.title)\""
        }
    }
}

/// Which stack of the history a command sits on.
public enum HistorySide: Int, Sendable {
    /// Commands that can be undone, newest last.
    case undo = 0
    /// Undone commands that can be redone, newest last.
    case redo = 1
}
