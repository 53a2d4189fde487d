// Proxy — a stand-in with the same interface as the real object, which controls access to it: it
// can create the real object only when first needed (virtual proxy), keep its answers (caching
// proxy), forward across a boundary (remote proxy) or count and check uses (smart reference).
//
// Here a caching, lazily created proxy stands in front of a slow cover-image service. Use it when
// the real object is expensive, remote or must be guarded, and clients should not change. Don't add
// one for a cheap local object: the indirection costs more than it saves, and a cache brings
// invalidation questions.
//
// Departs from the book: its proxies are thumbnail views that load the real image on first draw;
// a terminal demo has no images to draw, so the proxy here stands in front of a cover service.
//
// BlueLibrary: `CachingHTTPClient` is a caching proxy of `HTTPClient` with the same interface: cache
// first, one download per URL however many ask, at most four at once. PATTERNS.md maps it.

/// The subject interface: fetch an album's cover image (its bytes, as text for the demo).
protocol CoverSource: AnyObject {
    func cover(for album: String) -> String
}

/// The real subject: slow, and it reports every download.
final class RemoteCoverService: CoverSource {
    private let console: any Console
    private(set) var downloads = 0

    init(console: any Console) {
        self.console = console
        console.print("RemoteCoverService: connected")
    }

    func cover(for album: String) -> String {
        downloads += 1
        console.print("RemoteCoverService: download cover of \(album)")
        return "<cover of \(album)>"
    }
}

/// The proxy: creates the real service on first use and answers repeated requests from a cache.
final class CachingCoverProxy: CoverSource {
    private let makeService: () -> any CoverSource
    private var service: (any CoverSource)?
    private var cache: [String: String] = [:]
    private let console: any Console

    /// - Parameter makeService: builds the real subject; not called until a cover is first needed.
    init(console: any Console, makeService: @escaping () -> any CoverSource) {
        self.console = console
        self.makeService = makeService
    }

    /// Whether the real service has been created yet.
    var isConnected: Bool { service != nil }

    func cover(for album: String) -> String {
        if let cached = cache[album] {
            console.print("CachingCoverProxy: cache hit for \(album)")
            return cached
        }
        let real = service ?? makeService()
        service = real
        let image = real.cover(for: album)
        cache[album] = image
        return image
    }
}

/// A client that only knows `CoverSource` asks the proxy for covers, some of them twice.
func runProxyDemo(on console: any Console) {
    let proxy = CachingCoverProxy(console: console) { RemoteCoverService(console: console) }
    let covers: any CoverSource = proxy
    console.print("Proxy ready; real service created yet: \(proxy.isConnected)")
    for album in ["Abbey Road", "Kind of Blue", "Abbey Road"] {
        console.print("Client got \(covers.cover(for: album))")
    }
}
