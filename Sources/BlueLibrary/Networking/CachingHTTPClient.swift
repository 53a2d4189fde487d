import BlueLibraryCore
import Synchronization

/// Where a ``CachingHTTPClient`` keeps the bodies of answers, by URL (the covers' disk cache; the client
/// knows nothing of covers).
package protocol ResponseStore: Sendable {
    /// The body kept for `url`, if any.
    func bytes(for url: String) async -> [UInt8]?
    /// Keeps `bytes` as the body for `url`.
    func store(_ bytes: [UInt8], for url: String) async throws
}

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
    /// Where answers are kept.
    package let cache: any ResponseStore
    private let shouldStore: @Sendable (HTTPResponse) -> Bool
    private let limiter: AsyncLimiter
    private let inFlight = Mutex<[String: SharedFetch]>([:])

    /// Creates the proxy.
    /// - Parameters:
    ///   - upstream: the real client; `nil` when offline.
    ///   - shouldStore: which `200` answers are worth keeping (covers: those whose bytes are an image).
    package init(
        upstream: (any HTTPClient)?, cache: any ResponseStore, maximumConcurrent: Int = 4,
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
        let shared = inFlight.withLock { fetches -> SharedFetch in
            if let running = fetches[request.url], running.join() { return running }
            let fetch = SharedFetch { try await self.fetch(request) }
            fetches[request.url] = fetch
            return fetch
        }
        // Once it has ended, the next caller asks anew (a caller that was cancelled leaves it to the
        // others while it runs).
        defer {
            inFlight.withLock { fetches in
                if fetches[request.url] === shared, shared.hasEnded { fetches[request.url] = nil }
            }
        }
        return try await shared.value()
    }

    /// How many callers wait for the download of `url` now (for tests and diagnostics).
    package func callers(waitingFor url: String) -> Int {
        inFlight.withLock { $0[url]?.waiting ?? 0 }
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

/// One download and the callers waiting for it. A caller that is cancelled stops waiting at once, and
/// the download is cancelled only when every caller has gone: one page that goes away must not fail the
/// cover every other page waits for.
private final class SharedFetch: Sendable {
    private let task: Task<HTTPResponse, any Error>
    /// How many callers still wait; once it falls to zero the download is cancelled and nobody joins.
    private let waiters = Mutex(1)
    private let ended: Flag

    /// A flag set once, readable from any thread.
    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    /// Starts `work` for its first caller.
    init(_ work: @escaping @Sendable () async throws -> HTTPResponse) {
        let ended = Flag()
        self.ended = ended
        task = Task {
            defer { ended.value.store(true, ordering: .releasing) }
            return try await work()
        }
    }

    /// How many callers wait.
    var waiting: Int { waiters.withLock { $0 } }

    /// Whether the download has ended (answered, failed or cancelled).
    var hasEnded: Bool { ended.value.load(ordering: .acquiring) }

    /// Adds a caller; `false` when every caller had gone and the download was cancelled.
    func join() -> Bool {
        waiters.withLock { count in
            guard count > 0 else { return false }
            count += 1
            return true
        }
    }

    /// The answer, or `CancellationError` as soon as this caller is cancelled.
    func value() async throws -> HTTPResponse {
        let waiter = Waiter()
        let waiting = Task { [task] in waiter.finish(await task.result) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter.suspend($0) }
        } onCancel: {
            waiting.cancel()
            // This caller goes; the last one to go cancels the download.
            guard waiter.finish(.failure(CancellationError())) else { return }
            let remaining = waiters.withLock { count in
                count -= 1
                return count
            }
            if remaining == 0 { task.cancel() }
        }
    }
}

/// One caller's wait: answered once, by the download or by the caller's cancellation, whichever comes
/// first, whether or not the caller is suspended yet.
private final class Waiter: Sendable {
    private enum State {
        case pending
        case suspended(CheckedContinuation<HTTPResponse, any Error>)
        case answered(Result<HTTPResponse, any Error>)
        case done
    }

    private let state = Mutex(State.pending)

    /// The caller suspends: resumed at once when the answer came first.
    func suspend(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let answer = state.withLock { state -> Result<HTTPResponse, any Error>? in
            guard case .answered(let result) = state else {
                state = .suspended(continuation)
                return nil
            }
            state = .done
            return result
        }
        if let answer { continuation.resume(with: answer) }
    }

    /// Answers the caller with `result`, unless it was answered already.
    /// - Returns: whether this was the answer.
    @discardableResult
    func finish(_ result: Result<HTTPResponse, any Error>) -> Bool {
        let (answered, continuation) = state.withLock {
            state -> (Bool, CheckedContinuation<HTTPResponse, any Error>?) in
            switch state {
            case .pending:
                state = .answered(result)
                return (true, nil)
            case .suspended(let continuation):
                state = .done
                return (true, continuation)
            case .answered, .done:
                return (false, nil)
            }
        }
        continuation?.resume(with: result)
        return answered
    }
}
