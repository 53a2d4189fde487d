import BlueLibraryCore
import BlueLibraryCovers
import Foundation
import Synchronization

/// Finds the cover of an album: the disk cache first, then the network (or a local file), and
/// generated artwork when the real cover cannot be had. At most `maximumConcurrent` downloads run at
/// once, and however many views ask for one URL at the same time, it is fetched once.
final class CoverLoader: Sendable {
    let cache: CoverCache?
    let httpClient: (any HTTPClient)?
    private let limiter: AsyncLimiter
    private let inFlight = Mutex<[String: Task<Fetched, Never>]>([:])
    /// The largest local cover file read, like the HTTP body limit.
    private let maximumFileSize = 10 * 1024 * 1024

    /// What fetching one URL produced.
    enum Fetched: Sendable {
        case image(RGBAImage, [UInt8], CoverSource)
        case failure(String)
    }

    init(cache: CoverCache?, httpClient: (any HTTPClient)?, maximumConcurrent: Int) {
        self.cache = cache
        self.httpClient = httpClient
        limiter = AsyncLimiter(limit: maximumConcurrent)
    }

    /// The cover for `album`, never failing: generated artwork stands in for a missing cover.
    func cover(for album: Album) async -> CoverResult {
        let url = album.coverURL
        guard !url.isEmpty else {
            return CoverResult(
                albumID: album.id, url: url, image: GeneratedArtwork(album: album).image(), source: .generated
            )
        }
        switch await fetchOnce(url) {
        case .image(let image, let bytes, let source):
            return CoverResult(albumID: album.id, url: url, image: image, source: source, encoded: bytes)
        case .failure(let reason):
            return CoverResult(
                albumID: album.id, url: url, image: GeneratedArtwork(album: album).image(),
                source: .generated,
                failure: reason)
        }
    }

    /// One fetch per URL at a time: later callers wait for the first one's result.
    private func fetchOnce(_ url: String) async -> Fetched {
        let task = inFlight.withLock { tasks -> Task<Fetched, Never> in
            if let running = tasks[url] { return running }
            let task = Task { await self.fetch(url) }
            tasks[url] = task
            return task
        }
        let result = await task.value
        inFlight.withLock { tasks in
            if tasks[url] == task { tasks[url] = nil }
        }
        return result
    }

    private func fetch(_ url: String) async -> Fetched {
        if let bytes = cache?.bytes(for: url), let image = try? ImageCodec.decode(bytes) {
            return .image(image, bytes, .cache)
        }
        if let path = Self.localPath(url) { return readLocal(path) }
        guard let httpClient else { return .failure("GET \(url): offline (no HTTP client)") }
        return await limiter.run {
            do {
                let response = try await httpClient.send(HTTPRequest(url: url))
                guard response.status == 200 else {
                    return .failure("GET \(url): HTTP status \(response.status)")
                }
                let image = try ImageCodec.decode(response.body)
                try? self.cache?.store(response.body, for: url)
                return .image(image, response.body, .network)
            } catch let error as LibraryError {
                return .failure(
                    error.message.hasPrefix("GET ") ? error.message : "GET \(url): \(error.message)")
            } catch {
                return .failure("GET \(url): \(error)")
            }
        }
    }

    private func readLocal(_ path: String) -> Fetched {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int
        else { return .failure("\(path): no such file") }
        guard size <= maximumFileSize else {
            return .failure("\(path): larger than \(maximumFileSize) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure("\(path): cannot read")
        }
        do {
            let bytes = Array(data)
            return .image(try ImageCodec.decode(bytes), bytes, .file)
        } catch let error as LibraryError {
            return .failure("\(path): \(error.message)")
        } catch {
            return .failure("\(path): \(error)")
        }
    }

    /// The file path a `file://` URL or an absolute path names.
    static func localPath(_ url: String) -> String? {
        if url.hasPrefix("/") { return url }
        guard url.lowercased().hasPrefix("file:"), let parsed = URL(string: url), parsed.isFileURL else {
            return nil
        }
        return parsed.path
    }
}
