import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import Synchronization

/// Covers at the sizes clients ask for (`getCoverArt?size=`, at most 1,024, each from one of a few steps
/// made once): decoded, scaled to fit the size (never enlarged) and encoded as PNG on the blocking pool, then kept in memory — at most 32 MB, the least
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

    /// The steps a cover is first scaled to: a client's size is served from the step at or above it
    /// (the largest: 1,024), so forty clients asking forty sizes decode and scale the full cover a few
    /// times at most, and each exact size is a cheap scale of a small picture. No size is larger than
    /// 1,024 pixels.
    static let steps = [16, 32, 48, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024]

    /// The largest size served.
    static var largest: Int { steps[steps.count - 1] }

    /// The step a picture of `size` is scaled from.
    static func step(_ size: Int) -> Int {
        steps.first { $0 >= size } ?? largest
    }

    /// How many times a full cover was decoded to make a step (for tests).
    let stepsMade = Atomic<Int>(0)

    /// `image` (PNG or JPEG bytes) as it is (no `size`), or scaled to fit `size` (at most 1,024) as PNG:
    /// from its step, which is made from the full cover once; the image itself when it fits already or
    /// cannot be decoded.
    func scaled(_ image: [UInt8], to size: Int?) async -> Picture {
        let digest = (try? SHA256.hash(image)).map { Hex.string($0.prefix(12)) } ?? "\(image.hashValue)"
        guard let size else { return Picture(bytes: image, tag: digest) }
        let (exact, step) = (min(size, Self.largest), Self.step(size))
        let stepped = await kept("scaled:\(step):" + digest) { [self] in
            self.stepsMade.add(1, ordering: .relaxed)
            return Self.fit(image, in: step)
        }
        guard exact != step else { return Picture(bytes: stepped, tag: "\(digest)-\(step)") }
        let bytes = await kept("scaled:\(exact):" + digest) { Self.fit(stepped, in: exact) }
        return Picture(bytes: bytes, tag: "\(digest)-\(exact)")
    }

    /// `image` scaled to fit `size`, as PNG; the image itself when it fits already or cannot be decoded.
    private static func fit(_ image: [UInt8], in size: Int) -> [UInt8] {
        guard let decoded = try? ImageCodec.decode(image), max(decoded.width, decoded.height) > size else {
            return image
        }
        let scale = Double(size) / Double(max(decoded.width, decoded.height))
        let width = max(1, Int((Double(decoded.width) * scale).rounded()))
        let height = max(1, Int((Double(decoded.height) * scale).rounded()))
        return (try? ImageCodec.encodePNG(decoded.scaled(width: width, height: height))) ?? image
    }

    /// The generated artwork of `album` as a PNG of `size` pixels (at most 1,024): drawn at that size,
    /// which costs little.
    func generated(for album: Album, size: Int) async -> Picture {
        let exact = min(size, Self.largest)
        let name = Hex.string(StableHash.bytes128("\(album.artist)\n\(album.title)"))
        let bytes = await kept("generated:\(exact):" + name) {
            (try? ImageCodec.encodePNG(GeneratedArtwork(album: album).image(size: exact))) ?? []
        }
        return Picture(bytes: bytes, tag: "g\(GeneratedArtwork.version)-\(name)-\(exact)")
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
