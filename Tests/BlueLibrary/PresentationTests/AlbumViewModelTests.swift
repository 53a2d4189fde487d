import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStore
import Synchronization
import TestSupport
import Testing

@MainActor
struct AlbumViewModelTests {
    let center = CoverCenter()
    let album = Fixtures.album("Heroes", by: "David Bowie", cover: "http://127.0.0.1:9/heroes.png")
    let picture = GeneratedArtwork(artist: "x", title: "y").image(size: 8)

    /// Lets the main-actor work already queued run: the results the view hops over, and the
    /// observation of its image (the main actor runs its jobs in order).
    private func drainMainActor() async {
        for _ in 0..<8 { await Task.yield() }
    }

    @Test func itAnnouncesThatItNeedsItsCoverWithoutAnyViewObject() async {
        let requests = Mutex<[CoverRequest]>([])
        let subscription = center.requests.observe { request in requests.withLock { $0.append(request) } }
        let view = AlbumViewModel(album: album, coverCenter: center)
        #expect(requests.withLock { $0 } == [CoverRequest(album: album)])
        #expect(view.isLoadingIndicatorVisible)
        #expect(view.coverState == .loading)
        subscription.cancel()
    }

    @Test func theIndicatorStopsWhenTheCoverArrives() async throws {
        let view = AlbumViewModel(album: album, coverCenter: center)
        center.results.post(
            CoverResult(albumID: album.id, url: album.coverURL, image: picture, source: .network))
        await view.waitUntilLoaded()
        #expect(!view.isLoadingIndicatorVisible)
        #expect(view.image == picture)
        #expect(view.coverState == .loaded(.network))
    }

    @Test func theIndicatorAlsoStopsOnFailureWithGeneratedArtwork() async throws {
        let view = AlbumViewModel(album: album, coverCenter: center)
        let art = GeneratedArtwork(album: album).image()
        center.results.post(
            CoverResult(
                albumID: album.id, url: album.coverURL, image: art, source: .generated,
                failure: "GET x: HTTP status 404"))
        await view.waitUntilLoaded()
        #expect(view.coverState == .generated(reason: "GET x: HTTP status 404"))
        #expect(view.image == art)
    }

    @Test func nothingButAnImageStopsTheIndicator() async throws {
        // The tutorial's early stop: the indicator must keep spinning through unrelated changes.
        let view = AlbumViewModel(album: album, coverCenter: center)
        let other = Fixtures.album("Other")
        center.results.post(CoverResult(albumID: other.id, url: "", image: picture, source: .network))
        view.isHighlighted = true
        view.image = nil
        await drainMainActor()
        #expect(view.isLoadingIndicatorVisible)
        #expect(view.image == nil)
        #expect(view.coverState == .loading)
    }

    @Test func aResultForAViewThatIsGoneIsDropped() async throws {
        do {
            let view = AlbumViewModel(album: album, coverCenter: center)
            #expect(center.results.observerCount == 1)
            _ = view
        }
        #expect(center.results.observerCount == 0)
    }

    @Test func withTheCoverServiceAnAlbumWithoutACoverGetsGeneratedArtwork() async throws {
        let covers = CoverService(httpClient: nil, cache: nil, center: center)
        let running = Task { await covers.run() }
        let plain = Fixtures.album("Plain", by: "Nobody")
        let view = AlbumViewModel(album: plain, isHighlighted: true, coverCenter: center)
        await view.waitUntilLoaded()
        #expect(view.coverState == .generated(reason: nil))
        #expect(view.image == GeneratedArtwork(album: plain).image())
        #expect(view.isHighlighted)
        running.cancel()
    }
}
