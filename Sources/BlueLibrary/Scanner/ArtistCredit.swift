/// A track's artist credit read as music libraries read it: "X feat. Y", "X ft. Y", "X featuring Y"
/// and "X (feat. Y)" are X's tracks with a guest.
enum ArtistCredit {
    /// The words that introduce a guest, lowercase, each with the space before it.
    private static let guestMarkers = [
        " feat. ", " feat ", " ft. ", " ft ", " featuring ", " (feat. ", " (ft. ",
        " (featuring ", " [feat. ",
    ]

    /// The main artist of a credit: the text before the first guest marker, or the whole credit.
    static func primary(_ credit: String) -> String {
        let lowered = credit.lowercased()
        guard lowered.count == credit.count else { return credit }
        var cut: String.Index?
        for marker in guestMarkers {
            if let range = lowered.firstRange(of: marker), cut.map({ range.lowerBound < $0 }) ?? true {
                cut = range.lowerBound
            }
        }
        guard let cut, cut > credit.startIndex else { return credit }
        // Both strings have the same characters, so an index into one is an index into the other.
        let offset = lowered.distance(from: lowered.startIndex, to: cut)
        return String(credit.prefix(offset))
    }
}
