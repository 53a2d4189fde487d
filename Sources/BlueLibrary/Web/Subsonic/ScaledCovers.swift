import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import Synchronization

/// Covers at the sizes clients ask for (`getCoverArt?size=`): decoded, scaled to fit the size (never
/// enlarged) and encoded as PNG on the blocking pool, then kept in memory — at most 32 MB, the least
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

    /// `image` (PNG or JPEG bytes) scaled to fit `size`, as PNG; the image itself when it fits already or
    /// cannot be decoded.
    func scaled(_ image: [UInt8], to size: Int) async -> [UInt8] {
        let key = "scaled:\(size):" + ((try? SHA256.hash(image)).map(Hex.string) ?? "\(image.hashValue)")
        return await kept(key) {
            guard let decoded = try? ImageCodec.decode(image),
                max(decoded.width, decoded.height) > size
            else { return image }
            let scale = Double(size) / Double(max(decoded.width, decoded.height))
            let width = max(1, Int((Double(decoded.width) * scale).rounded()))
            let height = max(1, Int((Double(decoded.height) * scale).rounded()))
            return (try? ImageCodec.encodePNG(decoded.scaled(width: width, height: height))) ?? image
        }
    }

    /// The generated artwork of `album` as a PNG of `size` pixels.
    func generated(for album: Album, size: Int) async -> [UInt8] {
        let key = "generated:\(size):" + Hex.string(StableHash.bytes128("\(album.artist)\n\(album.title)"))
        return await kept(key) {
            (try? ImageCodec.encodePNG(GeneratedArtwork(album: album).image(size: size))) ?? []
        }
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
