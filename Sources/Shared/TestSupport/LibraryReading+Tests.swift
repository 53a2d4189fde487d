import BlueLibraryCore
import BlueLibraryServices

/// Short reads for tests' expectations, composed from the facade's own reads.
extension LibraryReading {
    /// Every album matching `query`, in its order.
    package func albums(matching query: Query = .all) async throws -> [Album] {
        try await page(matching: query).albums.map(\.album)
    }

    /// How many albums the library holds.
    package func count() async throws -> Int {
        try await state().count
    }

    /// The album at `index`.
    package func album(at index: Int) async throws -> Album {
        try await album(.index(index)).album
    }

    /// The album a reference names, with its index.
    package func locate(_ reference: AlbumReference) async throws -> (album: Album, index: Int) {
        let details = try await album(reference)
        return (details.album, details.index)
    }

    /// The album's tracks in album order.
    package func tracks(of id: AlbumID) async throws -> [Track] {
        try await album(.id(id)).tracks
    }
}

extension LibraryAPI {
    /// Imports albums without tracks, as a CSV file brings them.
    @discardableResult
    package func importAlbums(_ albums: [Album], duplicates: DuplicatePolicy = .skip) async throws
        -> ImportResult
    {
        try await importAlbums(albums.map { ImportedAlbum(album: $0, tracks: nil) }, duplicates: duplicates)
    }
}
