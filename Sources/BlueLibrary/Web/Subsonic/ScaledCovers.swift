import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import Synchronization

/// Covers at the sizes clients ask for (`getCoverArt?size=`, rounded up to one of a few steps): decoded,
/// scaled to fit the size (never enlarged) and encoded as PNG on the blocking pool, then kept in memory — at most 32 MB, the least
/// recently used dropped first — so a phone scrolling a grid of 300-pixel covers has each scaled once.
final class ScaledCovers: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var used: UInt64
    }

    private struct Store {
        var entries: [String: Entry] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    /// The most bytes kept.
    let capacity: Int
    private let store = Mutex(Store())
    /// How many pictures were made (scaled or drawn) rather than found kept (for tests).
    let made = Atomic<Int>(0)

    init(capacity: Int = 32 << 20) {
        self.capacity = capacity
    }

    /// A picture to send, with the tag that names its content (the ETag): found from the key the picture is
    /// kept under, so the bytes are hashed once per request, not once for the key and again for the tag.
    struct Picture: Sendable, Equatable {
        var bytes: [UInt8]
        var tag: String
    }

    /// The sizes pictures are made at: a size asked for is rounded up to the next of these (the largest
    /// above it: 1,024), so forty clients asking forty sizes make at most these few pictures, none
    /// larger than 1,024 pixels.
    static let sizes = [16, 32, 48, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024]

    /// The size a picture is made at for a client that asks for `size`.
    static func step(_ size: Int) -> Int {
        sizes.first { $0 >= size } ?? sizes[sizes.count - 1]
    }

    /// `image` (PNG or JPEG bytes) as it is (no `size`), or scaled to fit `size` (rounded up to a step) as
    /// PNG; the image itself when it fits already or cannot be decoded.
    func scaled(_ image: [UInt8], to size: Int?) async -> Picture {
        let digest = (try? SHA256.hash(image)).map { Hex.string($0.prefix(12)) } ?? "\(image.hashValue)"
        guard let size else { return Picture(bytes: image, tag: digest) }
        let step = Self.step(size)
        let bytes = await kept("scaled:\(step):" + digest) {
            guard let decoded = try? ImageCodec.decode(image),
                max(decoded.width, decoded.height) > step
            else { return image }
            let scale = Double(step) / Double(max(decoded.width, decoded.height))
            let width = max(1, Int((Double(decoded.width) * scale).rounded()))
            let height = max(1, Int((Double(decoded.height) * scale).rounded()))
            return (try? ImageCodec.encodePNG(decoded.scaled(width: width, height: height))) ?? image
        }
        return Picture(bytes: bytes, tag: "\(digest)-\(step)")
    }

    /// The generated artwork of `album` as a PNG of `size` pixels (rounded up to a step).
    func generated(for album: Album, size: Int) async -> Picture {
        let step = Self.step(size)
        let name = Hex.string(StableHash.bytes128("\(album.artist)\n\(album.title)"))
        let bytes = await kept("generated:\(step):" + name) {
            (try? ImageCodec.encodePNG(GeneratedArtwork(album: album).image(size: step))) ?? []
        }
        return Picture(bytes: bytes, tag: "g\(GeneratedArtwork.version)-\(name)-\(step)")
    }

    /// The picture kept under `key`, or the one `make` makes on the blocking pool (then kept).
    private func kept(_ key: String, make: @escaping @Sendable () -> [UInt8]) async -> [UInt8] {
        let found = store.withLock { store -> [UInt8]? in
            guard var entry = store.entries[key] else { return nil }
            store.clock += 1
            entry.used = store.clock
            store.entries[key] = entry
            return entry.bytes
        }
        if let found { return found }
        let bytes = await BlockingPool.shared.run(make)
        made.add(1, ordering: .relaxed)
        guard bytes.count <= capacity / 4 else { return bytes }
        store.withLock { store in
            store.clock += 1
            if let previous = store.entries[key] { store.total -= previous.bytes.count }
            store.entries[key] = Entry(bytes: bytes, used: store.clock)
            store.total += bytes.count
            while store.total > capacity,
                let oldest = store.entries.min(by: { $0.value.used < $1.value.used })
            {
                store.total -= oldest.value.bytes.count
                store.entries[oldest.key] = nil
            }
        }
        return bytes
    }
}
