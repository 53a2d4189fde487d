import BlueLibraryCore

/// Albums for tests, built with validation (a fixture that is invalid fails loudly).
package enum Fixtures {
    /// An album with the given title and artist and optional fields.
    package static func album(
        _ title: String, by artist: String = "Artist", genre: String = "", year: Int? = nil,
        cover: String = ""
    ) -> Album {
        do {
            return try Album(title: title, artist: artist, genre: genre, year: year, coverURL: cover)
        } catch {
            preconditionFailure("invalid fixture album \(title): \(error)")
        }
    }

    /// The titles of the five seed albums, in order.
    package static let seedTitles = Album.seeds.map(\.title)
}
