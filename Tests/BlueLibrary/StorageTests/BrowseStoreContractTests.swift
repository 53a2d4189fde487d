import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// What the web page browses (``LibraryReader``'s sorted windows, groups, initials, decades and track
/// search), against every store: each answer is the SQLite store's, on a library whose albums differ
/// only in case and accents, lack a year or a genre, and have tracks; and the orders are the ones the
/// page promises (albums without a year first by artist, last by year).
struct BrowseStoreContractTests {
    /// Albums by artists spelled several ways, some without a year or genre, several with tracks.
    static let albums: [Album] = [
        ("Début", "Björk", "Pop", 1993), ("Post", "bjork", "pop", 1995),
        ("Homogenic", "Björk", "Electronic", nil),
        ("Sines", "Oscillator", "Electronic", 2001), ("Undated", "The Nameless", "", nil),
        ("Älska", "Åsa", "Folk", 1987), ("abc", "zed", "Jazz", 1999), ("ABC", "Zed", "jazz", 2010),
    ].map { try! Album(title: $0.0, artist: $0.1, genre: $0.2, year: $0.3) }

    /// The queries each read is asked with: everything, a word, a field, a year range, a sort.
    static let queries = ["", "b", "artist:zed", "year:1990..2005", "year-", "^genre:pop", "track:tone"]

    /// A store of `kind` holding the seeds, ``albums`` and tracks for three of them.
    private func filled(_ kind: StoreKind) async throws -> (any LibraryStore, TemporaryDirectory) {
        let (store, directory) = try await kind.make(bucketCapacity: 3)
        try await store.write { writer in
            _ = try writer.append(Self.albums)
            for (index, album) in Self.albums.enumerated() where index % 3 == 0 {
                let tracks = ["Low Tone", "High tone", "Échő"].enumerated().map { number, title in
                    StoredTrack(
                        track: Track(
                            disc: 1, number: number + 1, title: title,
                            artist: number == 2 ? "Guest" : album.artist,
                            duration: 60, path: "/music/\(album.id)/\(number).mp3"),
                        albumID: album.id, size: 1, modified: 1, tags: "")
                }
                try writer.replaceTracks(of: album.id, with: tracks)
            }
        }
        return (store, directory)
    }

    /// Everything the browsing reads answer for this library, as text to compare.
    private func answers(_ store: any LibraryStore) async throws -> [String] {
        try await store.read { reader in
            var lines: [String] = []
            let groups: [AlbumGroup?] = [nil, AlbumGroup(.artist, "bjork"), AlbumGroup(.genre, "Jazz")]
            for text in Self.queries {
                let query = try Query(terms: text.isEmpty ? [] : [text])
                for group in groups {
                    let name = "\(text) in \(group.map { "\($0.field):\($0.key)" } ?? "all")"
                    for order in AlbumOrder.allCases {
                        for (offset, limit) in [(0, 100), (2, 3)] {
                            var window: [String] = []
                            try reader.forEachAlbum(
                                matching: query, in: group, order: order, offset: offset, limit: limit
                            ) { album, index in window.append("\(album.title)@\(index)") }
                            lines.append("\(name) by \(order) [\(offset), \(limit)]: \(window)")
                        }
                    }
                    lines.append("\(name) count: \(try reader.count(matching: query, in: group))")
                    for field in [AlbumField.title, .artist, .genre] {
                        let initials = try reader.initialCounts(of: field, matching: query, in: group)
                        lines.append(
                            "\(name) initials of \(field): \(initials.map { "\($0.initial)=\($0.count)" })")
                    }
                    let decades = try reader.decadeCounts(matching: query, in: group)
                    lines.append(
                        "\(name) decades: \(decades.map { "\($0.decade.map(String.init) ?? "none")=\($0.count)" })"
                    )
                }
                var tracks: [String] = []
                try reader.forEachTrack(matching: query, offset: 1, limit: 5) { track, album in
                    tracks.append("\(track.title)/\(album.title)")
                }
                lines.append("\(text) tracks: \(tracks)")
            }
            for field in AlbumGroup.Field.allCases {
                lines.append(
                    "groups by \(field): \(try reader.groups(by: field, offset: 0, limit: 100).map { "\($0.name)=\($0.count)" })"
                )
                lines.append(
                    "window of groups by \(field): \(try reader.groups(by: field, offset: 1, limit: 2).map(\.name))"
                )
                lines.append("group count by \(field): \(try reader.groupCount(by: field))")
                lines.append(
                    "group initials by \(field): \(try reader.groupInitialCounts(by: field).map { "\($0.initial)=\($0.count)" })"
                )
            }
            return lines
        }
    }

    @Test(arguments: StoreKind.allCases.filter { $0 != .sqlite })
    func everyBrowsingReadAnswersAsSQLitesDoes(kind: StoreKind) async throws {
        let (reference, referenceDirectory) = try await filled(.sqlite)
        defer { withExtendedLifetime(referenceDirectory) {} }
        let (store, directory) = try await filled(kind)
        defer { withExtendedLifetime(directory) {} }
        let (expected, answered) = (try await answers(reference), try await answers(store))
        #expect(answered.count == expected.count)
        for (line, wanted) in zip(answered, expected) { #expect(line == wanted) }
    }

    @Test(arguments: StoreKind.allCases)
    func albumsWithoutAYearComeFirstByArtistAndLastByYear(kind: StoreKind) async throws {
        let (store, directory) = try await filled(kind)
        defer { withExtendedLifetime(directory) {} }
        let bjork = AlbumGroup(.artist, "Bjork")
        func titles(_ order: AlbumOrder) async throws -> [String] {
            try await store.read { reader in
                var titles: [String] = []
                try reader.forEachAlbum(matching: .all, in: bjork, order: order, offset: 0, limit: 10) {
                    album, _ in
                    titles.append(album.title)
                }
                return titles
            }
        }
        #expect(try await titles(.artist) == ["Homogenic", "Début", "Post"])
        #expect(try await titles(.year) == ["Post", "Début", "Homogenic"])
        let decades = try await store.read { try $0.decadeCounts(matching: .all, in: bjork) }
        #expect(decades.map(\.decade) == [1990, nil])
        let groups = try await store.read { try $0.groups(by: .artist, offset: 0, limit: 100) }
        #expect(groups.first { $0.name.hasPrefix("B") || $0.name.hasPrefix("b") }?.name == "Björk")
    }
}
