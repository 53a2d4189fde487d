/// One step's change to an album's fields: only the fields it changed, each before → after, and whether
/// each was marked as edited by hand before and after (a marked field keeps its value when the album's
/// folder is scanned again).
///
/// Undo applies the reverse and redo the edit itself, field by field: a field is set to its new value
/// only while it still holds the old one, so a step never writes back a value another step changed
/// since (a rescan that retagged the genre, say).
package struct AlbumEdit: Sendable, Hashable {
    /// One field's change, in the text form of ``Album/text(of:)`` (a missing year is empty).
    package struct Change: Sendable, Hashable {
        package var field: AlbumField
        package var before: String
        package var after: String

        /// Creates a change.
        package init(field: AlbumField, before: String, after: String) {
            self.field = field
            self.before = before
            self.after = after
        }
    }

    /// The album.
    package var id: AlbumID
    /// Its title after the step, for messages.
    package var title: String
    /// The fields that changed, in ``AlbumField`` order.
    package var changes: [Change]
    /// Of the changed fields, those marked as edited by hand before the step.
    package var markedBefore: Set<AlbumField>
    /// Of the changed fields, those marked as edited by hand after it.
    package var markedAfter: Set<AlbumField>

    /// Creates an edit.
    package init(
        id: AlbumID, title: String, changes: [Change], markedBefore: Set<AlbumField> = [],
        markedAfter: Set<AlbumField> = []
    ) {
        self.id = id
        self.title = title
        self.changes = changes
        self.markedBefore = markedBefore
        self.markedAfter = markedAfter
    }

    /// The edit that takes `before` to `after` (the same album): the fields whose text differs.
    /// - Parameter byHand: whether a person made it (its fields become marked), or a scan of the album's
    ///   folder (marks unchanged).
    package init(from before: Album, to after: Album, byHand: Bool, marked: Set<AlbumField> = []) {
        let changes = AlbumField.allCases.filter { $0 != .id && before.text(of: $0) != after.text(of: $0) }
            .map { Change(field: $0, before: before.text(of: $0), after: after.text(of: $0)) }
        let fields = Set(changes.map(\.field))
        self.init(
            id: after.id, title: after.title, changes: changes, markedBefore: marked.intersection(fields),
            markedAfter: byHand ? fields : marked.intersection(fields))
    }

    /// The edit that undoes this one.
    package var inverse: AlbumEdit {
        AlbumEdit(
            id: id, title: changes.first { $0.field == .title }?.before ?? title,
            changes: changes.map { Change(field: $0.field, before: $0.after, after: $0.before) },
            markedBefore: markedAfter, markedAfter: markedBefore)
    }

    /// Whether nothing changes.
    package var isEmpty: Bool { changes.isEmpty }

    /// The change of `field`, if the edit has one.
    package func change(of field: AlbumField) -> Change? {
        changes.first { $0.field == field }
    }
}

extension Album {
    /// The album with `changes` applied, each as its `after` text.
    /// - Throws: ``LibraryError`` `invalidField` when a value is not valid for its field.
    package func applying(_ changes: [AlbumEdit.Change]) throws -> Album {
        var patch = AlbumPatch()
        for change in changes {
            let value = change.after
            switch change.field {
            case .id: continue
            case .title: patch.title = value
            case .artist: patch.artist = value
            case .genre: patch.genre = value
            case .year: patch.year = .some(try Album.parseYear(value))
            case .coverURL: patch.coverURL = value
            case .mbid: patch.mbid = value
            }
        }
        return try updating(patch)
    }
}
