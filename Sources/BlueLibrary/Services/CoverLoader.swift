import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryNetworking
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the cover of an album: through the HTTP client (in practice the ``CachingHTTPClient`` proxy,
/// so the disk cache first), from a local file, and as generated artwork when the real cover cannot be
/// had. Reading files and decoding images run on a ``BlockingPool``.
package struct CoverLoader: Sendable {
    let httpClient: (any HTTPClient)?
    let pool: BlockingPool
    /// Where a cover that is the picture embedded in an audio file is kept once read.
    let cache: CoverCache?
    /// Reads the picture embedded in an audio file (TagLib), when the face has it.
    let embedded: (any EmbeddedPictureReader)?
    /// The largest local cover file or embedded picture read, like the HTTP body limit.
    let maximumFileSize = 10 * 1024 * 1024

    /// What fetching one URL produced.
    enum Fetched: Sendable {
        case image(RGBAImage, [UInt8], CoverSource)
        case failure(String)
    }

    /// The cover for `album`, never failing: generated artwork stands in for a missing cover.
    func cover(for album: Album) async -> CoverResult {
        let url = album.coverURL
        guard !url.isEmpty else {
            return CoverResult(
                albumID: album.id, url: url, image: GeneratedArtwork(album: album).image(), source: .generated
            )
        }
        switch await fetch(url) {
        case .image(let image, let bytes, let source):
            return CoverResult(albumID: album.id, url: url, image: image, source: source, encoded: bytes)
        case .failure(let reason):
            return CoverResult(
                albumID: album.id, url: url, image: GeneratedArtwork(album: album).image(),
                source: .generated,
                failure: reason)
        }
    }

    /// The cover's file for `album`, or why there is none; no artwork is generated.
    func file(for album: Album) async -> CoverFile {
        guard !album.coverURL.isEmpty else { return CoverFile(bytes: nil, failure: nil) }
        switch await fetch(album.coverURL) {
        case .image(_, let bytes, _): return CoverFile(bytes: bytes, failure: nil)
        case .failure(let reason): return CoverFile(bytes: nil, failure: reason)
        }
    }

    private func fetch(_ url: String) async -> Fetched {
        if let path = Self.localPath(url) {
            if Self.isAudio(path) { return await embeddedPicture(in: path, url: url) }
            return await BlockingPool.files.run { readLocal(path) }
        }
        guard let httpClient else { return .failure("GET \(url): offline (no HTTP client)") }
        do {
            let response = try await httpClient.send(HTTPRequest(url: url))
            guard response.status == 200 else {
                return .failure("GET \(url): HTTP status \(response.status)")
            }
            let source: CoverSource =
                response.headers[CachingHTTPClient.cacheHeader] == "hit" ? .cache : .network
            let body = response.body
            let image = try await pool.run { try ImageCodec.decode(body) }
            return .image(image, body, source)
        } catch let error as LibraryError {
            return .failure(error.message.hasPrefix("GET ") ? error.message : "GET \(url): \(error.message)")
        } catch {
            return .failure("GET \(url): \(error)")
        }
    }

    /// The cover of `album` from bytes downloaded elsewhere (the Cover Art Archive, through the lookup's
    /// spaced requests): decoded, and kept in the cache under the album's cover URL when it is an image.
    func cover(for album: Album, downloaded bytes: [UInt8]) async -> CoverResult {
        do {
            let image = try await pool.run { try ImageCodec.decode(bytes) }
            try? await cache?.store(bytes, for: album.coverURL)
            return CoverResult(
                albumID: album.id, url: album.coverURL, image: image, source: .network, encoded: bytes)
        } catch {
            let reason = (error as? LibraryError)?.message ?? "\(error)"
            return CoverResult(
                albumID: album.id, url: album.coverURL, image: GeneratedArtwork(album: album).image(),
                source: .generated, failure: "GET \(album.coverURL): \(reason)")
        }
    }

    /// A local image file: opened without waiting (a FIFO or a device is refused, not read), and read
    /// only up to the limit.
    private func readLocal(_ path: String) -> Fetched {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maximumSize: maximumFileSize)
        } catch {
            return .failure("\(path): \(error)")
        }
        do {
            return .image(try ImageCodec.decode(bytes), bytes, .file)
        } catch let error as LibraryError {
            return .failure("\(path): \(error.message)")
        } catch {
            return .failure("\(path): \(error)")
        }
    }

    /// The picture embedded in an audio file: from the cache when it is there, else read (and kept).
    private func embeddedPicture(in path: String, url: String) async -> Fetched {
        if let bytes = await cache?.bytes(for: url),
            let image = try? await pool.run({ try ImageCodec.decode(bytes) })
        {
            return .image(image, bytes, .cache)
        }
        guard let embedded else { return .failure("\(path): no reader for pictures in audio files") }
        do {
            guard let bytes = try await embedded.picture(embeddedIn: path) else {
                return .failure("\(path): no picture in the file")
            }
            guard bytes.count <= maximumFileSize else {
                return .failure("\(path): the picture in the file is larger than \(maximumFileSize) bytes")
            }
            let image = try await pool.run { try ImageCodec.decode(bytes) }
            try? await cache?.store(bytes, for: url)
            return .image(image, bytes, .file)
        } catch let error as LibraryError {
            return .failure("\(path): \(error.message)")
        } catch {
            return .failure("\(path): \(error)")
        }
    }

    /// Whether a local cover names an audio file (whose embedded picture is the cover).
    package static func isAudio(_ path: String) -> Bool {
        let name = path.lowercased()
        return ["mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav"].contains {
            name.hasSuffix("." + $0)
        }
    }

    /// The file path a `file:` URL or an absolute path names: the URL's path (after `file://` and any
    /// host), without query or fragment, percent-decoded — what Foundation's `URL.path` gave.
    package static func localPath(_ url: String) -> String? {
        if url.hasPrefix("/") { return url }
        guard url.lowercased().hasPrefix("file:") else { return nil }
        var rest = Substring(url.dropFirst(5))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            rest = rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
        }
        rest = rest.prefix { $0 != "?" && $0 != "#" }
        return PercentEncoding.decoded(rest)
    }
}
