/// Tags as the library stores them beside each track, so that a rescan need not open the file again.
///
/// A rescan reads back the stored tags of every track it knows, so the form is made to be read fast: the
/// fields in a fixed order after a version mark, separated by U+001F. Tag text never holds that
/// character (``TrackTags`` turns control characters into spaces), and an empty field is an absent one.
/// (JSON through Foundation's decoder, or the project's own parser, took a third of an unchanged rescan
/// of 10,000 tracks; this takes a few milliseconds.)
extension TrackTags {
    /// The first field: which layout follows.
    private static let version = "tags2"
    private static let separator = "\u{1F}"
    /// Between the values of a list (the credits, the genres).
    private static let listSeparator = "\u{1E}"
    /// Fields of the layout; tags stored before MusicBrainz artist ids were read have one fewer (the last
    /// is missing, and read as none).
    private static let fieldCount = 22

    /// The tags in their stored form.
    package var stored: String {
        let fields: [String] = [
            Self.version, title ?? "", artist ?? "", albumArtist ?? "", album ?? "", date ?? "", genre ?? "",
            disc.map(String.init) ?? "", number.map(String.init) ?? "", musicBrainzAlbumID ?? "",
            musicBrainzReleaseGroupID ?? "", isCompilation ? "1" : "", String(duration),
            hasPicture ? "1" : "", artists.joined(separator: Self.listSeparator),
            genres.joined(separator: Self.listSeparator), discSubtitle ?? "",
            Self.number(replayGain.trackGain), Self.number(replayGain.trackPeak),
            Self.number(replayGain.albumGain), Self.number(replayGain.albumPeak),
            musicBrainzArtistIDs.joined(separator: Self.listSeparator),
        ]
        return fields.joined(separator: Self.separator)
    }

    /// Tags from their ``stored`` form.
    /// - Returns: `nil` when the text is not in that form (written by another version): the caller reads
    ///   the file again.
    package init?(stored: String) {
        let fields = stored.utf8.split(
            separator: UInt8(ascii: "\u{1F}"), maxSplits: Self.fieldCount, omittingEmptySubsequences: false)
        guard fields.count == Self.fieldCount || fields.count == Self.fieldCount - 1,
            fields[0].elementsEqual(Self.version.utf8)
        else { return nil }
        func text(_ index: Int) -> String? {
            fields[index].isEmpty ? nil : String(decoding: fields[index], as: UTF8.self)
        }
        func list(_ index: Int) -> [String] {
            fields[index].split(separator: UInt8(ascii: "\u{1E}")).map { String(decoding: $0, as: UTF8.self) }
        }
        self.init(
            title: text(1), artist: text(2), albumArtist: text(3), album: text(4), date: text(5),
            genre: text(6), disc: text(7).flatMap { Int($0) }, number: text(8).flatMap { Int($0) },
            musicBrainzAlbumID: text(9), musicBrainzReleaseGroupID: text(10),
            isCompilation: !fields[11].isEmpty,
            duration: text(12).flatMap { Double($0) } ?? 0, hasPicture: !fields[13].isEmpty,
            artists: list(14), genres: list(15), discSubtitle: text(16),
            replayGain: ReplayGain(
                trackGain: text(17).flatMap { Double($0) }, trackPeak: text(18).flatMap { Double($0) },
                albumGain: text(19).flatMap { Double($0) }, albumPeak: text(20).flatMap { Double($0) }),
            musicBrainzArtistIDs: fields.count > 21 ? list(21) : [])
    }

    private static func number(_ value: Double?) -> String { value.map { String($0) } ?? "" }
}

extension TrackDetails {
    /// The genres set by hand in their stored form, for the track's `genres` column: `nil` when they
    /// are the tags', empty when set to none, else the names separated by U+001E (names hold no control
    /// characters: the edit refuses them).
    package var storedGenres: String? { editedGenres?.joined(separator: "\u{1E}") }

    /// Sets the genres set by hand from the `genres` column (``storedGenres``); `nil` leaves the tags'.
    package mutating func setGenres(stored: String?) {
        guard let stored else { return }
        editedGenres = stored.split(separator: "\u{1E}").map(String.init)
    }
}
