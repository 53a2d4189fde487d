import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStore
import TestSupport
import Testing

/// An export keeps each track's id — a moved file's is not its path's — and an import gives it back,
/// unless another file of the library already has that id: that one keeps it, and the imported track
/// takes its path's. No track is lost to another's id, on any store.
struct ImportedTrackIDTests {
    @Test(arguments: StoreKind.allCases)
    func anImportedTracksIDGivesWayToAFileThatHasIt(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let library = LibraryAPI(store: store)
        let here = Track(disc: 1, number: 1, title: "Here", artist: "A", duration: 60, path: "/m/x.flac")
        try await library.importAlbums([
            ImportedAlbum(
                album: Fixtures.album("One", by: "A").withTracks(count: 1, length: 60), tracks: [here])
        ])
        let movedID = TrackID(path: "/m/old.flac").rawValue
        let clashing = Track(
            disc: 1, number: 1, title: "There", artist: "B", duration: 60, path: "/m/y.flac", id: here.id)
        let moved = Track(
            disc: 1, number: 2, title: "Moved", artist: "B", duration: 60, path: "/m/z.flac", id: movedID)
        try await library.importAlbums([
            ImportedAlbum(
                album: Fixtures.album("Two", by: "B").withTracks(count: 2, length: 120),
                tracks: [clashing, moved])
        ])
        #expect(
            try await store.read { try $0.track(here.id) }?.track.path == "/m/x.flac", "the file that had it")
        #expect(
            try await store.read { try $0.track(TrackID(path: "/m/y.flac").rawValue) }?.track.title
                == "There",
            "the imported track takes its path's id")
        #expect(
            try await store.read { try $0.track(movedID) }?.track.path == "/m/z.flac",
            "a moved file's id kept")
    }
}
