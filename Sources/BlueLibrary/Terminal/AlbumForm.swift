import BlueLibraryCore
import TerminalKit

/// The add and edit form's input: an album's four fields (Title, Artist, Genre, Year) or a track's five
/// (Title, Artist, Number, Disc, Genres — its own, separated by `;`; empty: its album's), the one with
/// the focus, and the mistake the last save ran into, shown in the form until the next attempt.
struct AlbumForm: Equatable {
    /// What saving the form does.
    enum Purpose: Equatable {
        /// Adds a new album.
        case add
        /// Changes the fields of this album (as it was when the form opened).
        case edit(Album)
        /// Changes the fields of this track (as it was when the form opened).
        case editTrack(Track)
    }

    /// The fields' names, in order, for an album.
    static let labels = ["Title", "Artist", "Genre", "Year"]
    /// The fields' names, in order, for a track.
    static let trackLabels = ["Title", "Artist", "Number", "Disc", "Genres"]
    /// The field holding the year.
    static let yearField = 3

    /// What saving does.
    let purpose: Purpose
    /// The fields' text.
    var values: [String]
    /// The field keys go to.
    var focus = 0
    /// Why the last save failed.
    var error: String?

    /// An empty form for a new album.
    init() {
        purpose = .add
        values = ["", "", "", ""]
    }

    /// A form holding `album`'s fields, to edit them.
    init(editing album: Album) {
        purpose = .edit(album)
        values = [album.title, album.artist, album.genre, album.year.map(String.init) ?? ""]
    }

    /// A form holding `track`'s fields, to edit them.
    init(editing track: Track) {
        purpose = .editTrack(track)
        values = [
            track.title, track.artist, track.number.map(String.init) ?? "", String(track.disc),
            track.details.genres.joined(separator: "; "),
        ]
    }

    /// The fields' names, in order.
    var labels: [String] {
        if case .editTrack = purpose { return Self.trackLabels }
        return Self.labels
    }

    /// The line above the fields: what the form does and its keys, shorter when `columns` are few.
    func heading(columns: Int) -> String {
        let (verb, save) = purpose == .add ? ("Add", "adds") : ("Edit", "saves")
        var what = purpose == .add ? "an album" : "the album"
        if case .editTrack = purpose { what = "the track" }
        let headings = [
            "\(verb) \(what) — Tab moves, Enter \(save), Esc cancels",
            "\(verb) \(what) — Enter \(save), Esc cancels",
            "\(verb) — Enter \(save), Esc cancels",
        ]
        return headings.first { $0.terminalColumns <= columns } ?? headings[headings.count - 1]
    }

    /// Applies an editing key: Tab, ↓, Shift+Tab and ↑ move between fields; characters, Backspace and
    /// Ctrl+U (clears) edit the focused one.
    /// - Returns: whether the key was one of these.
    mutating func edit(_ key: Key) -> Bool {
        let count = labels.count
        switch key {
        case .tab, .down: focus = (focus + 1) % count
        case .backTab, .up: focus = (focus + count - 1) % count
        case .backspace: values[focus] = String(values[focus].dropLast())
        case .control("u"): values[focus] = ""
        case .character(let character): values[focus].append(character)
        default: return false
        }
        return true
    }

    /// The new album the form describes, validated.
    /// - Throws: `invalidField` naming the field (the year's mistake moves the focus there).
    mutating func album() throws -> Album {
        try Album(title: values[0], artist: values[1], genre: values[2], year: try year())
    }

    /// The fields that differ from `album`'s, as a patch (empty when nothing changed). Text is compared
    /// as the library keeps it, trimmed, so an added space is no change.
    /// - Throws: `invalidField` for a year that is not one.
    mutating func patch(for album: Album) throws -> AlbumPatch {
        let year = try year()
        let text = values.map(\.trimmed)
        return AlbumPatch(
            title: text[0] == album.title ? nil : values[0],
            artist: text[1] == album.artist ? nil : values[1],
            genre: text[2] == album.genre ? nil : values[2],
            year: year == album.year ? nil : .some(year))
    }

    /// The fields that differ from `track`'s, as a patch (empty when nothing changed): a number may be
    /// cleared, a disc may not.
    /// - Throws: `invalidField` for a number or disc that is not a whole number from 1 to 9999 (the
    ///   focus moves to it).
    mutating func trackPatch(for track: Track) throws -> TrackPatch {
        let text = values.map(\.trimmed)
        let number = try whole(2, "number", clearable: true)
        let disc = try whole(3, "disc", clearable: false) ?? track.disc
        let genres = TrackPatch.genreNames(values[4])
        return TrackPatch(
            title: text[0] == track.title ? nil : values[0],
            artist: text[1] == track.artist ? nil : values[1],
            number: number == track.number ? nil : .some(number),
            disc: disc == track.disc ? nil : disc,
            genres: genres == track.details.genres ? nil : genres)
    }

    /// The field at `index` as a number a track or disc can have (`nil` when empty and `clearable`); on
    /// a mistake the focus moves to it.
    private mutating func whole(_ index: Int, _ name: String, clearable: Bool) throws -> Int? {
        let text = values[index].trimmed
        if text.isEmpty && clearable { return nil }
        guard let value = Int(text), TrackPatch.numberRange.contains(value) else {
            focus = index
            throw LibraryError(
                .invalidField, "invalid \(name) '\(text.prefix(20))': must be a whole number from 1 to 9999")
        }
        return value
    }

    /// The year field, parsed; on a mistake the focus moves to it.
    private mutating func year() throws -> Int? {
        do {
            return try Album.parseYear(values[Self.yearField])
        } catch {
            focus = Self.yearField
            throw error
        }
    }
}
