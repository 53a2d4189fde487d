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

    /// Lets the main-actor work already queued run: the results the view hops over, and the
    /// observation of its image (the main actor runs its jobs in order).
    private func drainMainActor() async {
        for _ in 0..<8 { await Task.yield() }
    }

    @Test func itAnnouncesThatItNeedsItsCoverWithoutAnyViewObject() async {
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
        await view.waitUntilLoaded()
        #expect(!view.isLoadingIndicatorVisible)
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
        await view.waitUntilLoaded()
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
        await drainMainActor()
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
    }

    @Test func withTheCoverServiceAnAlbumWithoutACoverGetsGeneratedArtwork() async throws {
        let covers = CoverService(httpClient: nil, cache: nil, center: center)
        let running = Task { await covers.run() }
        let plain = Fixtures.album("Plain", by: "Nobody")
        let view = AlbumView(album: plain, isHighlighted: true, coverCenter: center)
        await view.waitUntilLoaded()
        #expect(view.coverState == .generated(reason: nil))
        #expect(view.image == GeneratedArtwork(album: plain).image())
        #expect(view.isHighlighted)
        running.cancel()
    }
}

struct TerminalArtTests {
    let redOverBlue: RGBAImage = {
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for _ in 0..<4 { pixels += y < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return RGBAImage(width: 4, height: 4, pixels: pixels)
            ?? GeneratedArtwork(artist: "", title: "").image()
    }()

    @Test(
        arguments: [
            ([:], TerminalArt.ColorMode.palette256),
            (["COLORTERM": "truecolor"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
            (["NO_COLOR": ""], .palette256),
        ] as [([String: String], TerminalArt.ColorMode)])
    func theColourModeFollowsTheTerminal(environment: [String: String], mode: TerminalArt.ColorMode) async {
        #expect(TerminalArt.colorMode(environment: environment) == mode)
    }

    @Test func halfBlocksPutTwoPixelsInEachCell() async {
        let lines = TerminalArt.render(redOverBlue, width: 2, mode: .trueColor)
        #expect(lines.count == 1)
        #expect(
            lines[0] == String(repeating: "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀", count: 2) + "\u{1B}[0m"
        )
    }

    @Test func thePaletteFormUsesTheColourCube() async {
        let lines = TerminalArt.render(redOverBlue, width: 2, mode: .palette256)
        #expect(lines[0].hasPrefix("\u{1B}[38;5;196m\u{1B}[48;5;21m▀"))
    }

    @Test func withoutColourBrightnessBecomesCharacters() async {
        let lines = TerminalArt.render(redOverBlue, width: 4, mode: .none)
        #expect(lines.count == 2)
        #expect(!lines.joined().contains("\u{1B}"))
    }
}
