import BlueLibraryCore
import BlueLibraryCovers
import Synchronization

/// A caching Proxy for an ``HTTPClient``: it has the same interface and stands in for the real client,
/// but answers a `GET` from the disk cache when it can, sends one request per URL however many callers
/// ask at once, lets at most `maximumConcurrent` requests run, and stores the answers `shouldStore`
/// accepts. Without a real client it serves the cache alone (offline).
///
/// A cached answer carries the header `x-bluelibrary-cache: hit`, so a caller can tell where it came
/// from; other methods than `GET` go straight through.
package final class CachingHTTPClient: HTTPClient {
    /// The header that marks an answer from the cache.
    package static let cacheHeader = "x-bluelibrary-cache"

    private let upstream: (any HTTPClient)?
    /// The cache answers are kept in.
    package let cache: CoverCache
    private let shouldStore: @Sendable (HTTPResponse) -> Bool
    private let limiter: AsyncLimiter
    private let inFlight = Mutex<[String: Task<HTTPResponse, any Error>]>([:])

    /// Creates the proxy.
    /// - Parameters:
    ///   - upstream: the real client; `nil` when offline.
    ///   - shouldStore: which `200` answers are worth keeping (covers: those whose bytes are an image).
    package init(
        upstream: (any HTTPClient)?, cache: CoverCache, maximumConcurrent: Int = 4,
        shouldStore: @escaping @Sendable (HTTPResponse) -> Bool
    ) {
        self.upstream = upstream
        self.cache = cache
        self.shouldStore = shouldStore
        limiter = AsyncLimiter(limit: maximumConcurrent)
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == "GET" else {
            guard let upstream else { throw Self.offline(request) }
            return try await upstream.send(request)
        }
        let task = inFlight.withLock { tasks -> Task<HTTPResponse, any Error> in
            if let running = tasks[request.url] { return running }
            let task = Task { try await self.fetch(request) }
            tasks[request.url] = task
            return task
        }
        defer {
            inFlight.withLock { tasks in
                if tasks[request.url] == task { tasks[request.url] = nil }
            }
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func fetch(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let bytes = await cache.bytes(for: request.url) {
            return HTTPResponse(status: 200, headers: [Self.cacheHeader: "hit"], body: bytes)
        }
        guard let upstream else { throw Self.offline(request) }
        let response = try await limiter.run { try await upstream.send(request) }
        if response.status == 200, shouldStore(response) {
            try? await cache.store(response.body, for: request.url)
        }
        return response
    }

    private static func offline(_ request: HTTPRequest) -> LibraryError {
        LibraryError(.unavailable, "\(request.method) \(request.url): offline (no HTTP client)")
    }
}
