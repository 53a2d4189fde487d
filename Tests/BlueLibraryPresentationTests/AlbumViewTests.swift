import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTestSupport
import Synchronization
import Testing

@MainActor
struct AlbumViewTests {
    let center = CoverCenter()
    let album = Fixtures.album("Heroes", by: "David Bowie", cover: "http://127.0.0.1:9/heroes.png")
    let picture = GeneratedArtwork(artist: "x", title: "y").image(size: 8)

    /// Lets queued main-actor work run until `condition` holds or `seconds` pass (generous: a loaded
    /// machine runs the main actor late).
    private func eventually(seconds: Double = 10, _ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<Int(seconds * 100) {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func itAnnouncesThatItNeedsItsCoverWithoutAnyViewObject() {
        let requests = Mutex<[CoverRequest]>([])
        let subscription = center.requests.observe { request in requests.withLock { $0.append(request) } }
        let view = AlbumView(album: album, coverCenter: center)
        #expect(requests.withLock { $0 } == [CoverRequest(album: album)])
        #expect(view.isLoadingIndicatorVisible)
        #expect(view.coverState == .loading)
        subscription.cancel()
    }

    @Test func theIndicatorStopsWhenTheCoverArrives() async throws {
        let view = AlbumView(album: album, coverCenter: center)
        center.results.post(
            CoverResult(albumID: album.id, url: album.coverURL, image: picture, source: .network))
        #expect(try await eventually { !view.isLoadingIndicatorVisible })
        #expect(view.image == picture)
        #expect(view.coverState == .loaded(.network))
    }

    @Test func theIndicatorAlsoStopsOnFailureWithGeneratedArtwork() async throws {
        let view = AlbumView(album: album, coverCenter: center)
        let art = GeneratedArtwork(album: album).image()
        center.results.post(
            CoverResult(
                albumID: album.id, url: album.coverURL, image: art, source: .generated,
                failure: "GET x: HTTP status 404"))
        #expect(try await eventually { !view.isLoadingIndicatorVisible })
        #expect(view.coverState == .generated(reason: "GET x: HTTP status 404"))
        #expect(view.image == art)
    }

    @Test func nothingButAnImageStopsTheIndicator() async throws {
        // The tutorial's early stop: the indicator must keep spinning through unrelated changes.
        let view = AlbumView(album: album, coverCenter: center)
        let other = Fixtures.album("Other")
        center.results.post(CoverResult(albumID: other.id, url: "", image: picture, source: .network))
        view.isHighlighted = true
        view.image = nil
        #expect(try await eventually(seconds: 1) { false } == false)
        #expect(view.isLoadingIndicatorVisible)
        #expect(view.image == nil)
        #expect(view.coverState == .loading)
    }

    @Test func aResultForAViewThatIsGoneIsDropped() async throws {
        do {
            let view = AlbumView(album: album, coverCenter: center)
            #expect(center.results.observerCount == 1)
            _ = view
        }
        #expect(center.results.observerCount == 0)
        center.results.post(
            CoverResult(albumID: album.id, url: album.coverURL, image: picture, source: .network))
        try await Task.sleep(for: .milliseconds(50))
    }

    @Test func withTheFacadeAnAlbumWithoutACoverGetsGeneratedArtwork() async throws {
        let library = LibraryAPI(store: InMemoryLibraryStore(), coverCenter: center)
        let plain = Fixtures.album("Plain", by: "Nobody")
        let view = AlbumView(album: plain, isHighlighted: true, coverCenter: center)
        #expect(try await eventually { !view.isLoadingIndicatorVisible })
        #expect(view.coverState == .generated(reason: nil))
        #expect(view.image == GeneratedArtwork(album: plain).image())
        #expect(view.isHighlighted)
        withExtendedLifetime(library) {}
    }
}
