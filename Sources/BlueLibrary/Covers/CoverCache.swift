import BlueLibraryConcurrency
import BlueLibraryCore
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The disk cache of downloaded covers (the tutorial's `PersistencyManager` image cache, made safe).
///
/// - Keys are the SHA-256 of the cover URL: the tutorial's last-path-component key made two
///   `cover.jpg` collide.
/// - Each file is written to a temporary name and renamed into place, so a reader never sees half a file.
/// - Each file carries its length and SHA-256; a truncated or corrupted file is a miss, removed, never a crash.
/// - The total size is capped (default 200 MB); the least recently used files are evicted first (a hit
///   touches the file's modification time).
///
/// All file work and hashing run on a ``BlockingPool``, and no lock is held across any of it: each
/// file is replaced atomically, so readers and writers of different covers never wait for each other,
/// and eviction runs at most once at a time.
package final class CoverCache: Sendable {
    /// The directory holding the cached files.
    package let directory: String
    /// The most bytes the cache keeps.
    package let capacity: Int
    private let pool: BlockingPool
    private let evicting = Atomic<Bool>(false)
    private static let magic = Array("BLCOVER1".utf8)
    private static let headerSize = 8 + 8 + 32

    /// A cache in `directory` (created on first write) holding at most `capacity` bytes, doing its file
    /// work on `pool`.
    package init(directory: String, capacity: Int = 200 * 1024 * 1024, pool: BlockingPool = .shared) {
        self.directory = directory
        self.capacity = capacity
        self.pool = pool
    }

    /// The default cache directory: `$BLUELIBRARY_HOME/covers` when set, else
    /// `$XDG_CACHE_HOME/bluelibrary/covers`, else `~/.cache/bluelibrary/covers`.
    package static func defaultDirectory(environment: [String: String]) -> String {
        XDGDirectories.cache(
            "bluelibrary", "covers", homeVariable: "BLUELIBRARY_HOME", environment: environment)
    }

    /// The file that holds `url`'s cover.
    /// - Throws: `unavailable` when SHA-256 cannot be computed (libcrypto is missing).
    package func path(for url: String) throws -> String {
        directory + "/" + (try SHA256.hex(url))
    }

    /// The cached bytes of `url`'s cover, or `nil` on a miss (also when the file is damaged).
    package func bytes(for url: String) async -> [UInt8]? {
        await pool.run { [self] in
            // A link put in the cache is not read through (nor touched: see LocalFile.touch).
            guard let file = try? path(for: url), let bytes = try? RegularFile.read(file, links: .notLast)
            else { return nil }
            guard let payload = Self.unwrap(bytes) else {
                LocalFile.remove(file)
                return nil
            }
            LocalFile.touch(file)
            return payload
        }
    }

    /// Stores `bytes` as `url`'s cover, then evicts the least recently used files beyond the capacity.
    /// - Throws: ``LibraryError`` `io` naming the file.
    package func store(_ bytes: [UInt8], for url: String) async throws {
        try await pool.run { [self] in
            let file = try path(for: url)
            let temporary = file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let wrapped = try Self.wrap(bytes)
            do throws(LocalFile.Failure) {
                try LocalFile.createDirectories(directory)
                try LocalFile.write(wrapped, to: temporary)
            } catch {
                LocalFile.remove(temporary)
                throw LibraryError(.io, "cannot store cover in \(directory): \(error.reason)")
            }
            guard rename(temporary, file) == 0 else {
                let reason = String(cString: strerror(errno))
                LocalFile.remove(temporary)
                throw LibraryError(.io, "cannot store cover \(file): \(reason)")
            }
            evictIfIdle(keeping: file)
        }
    }

    /// Removes every cached cover.
    /// - Returns: how many files and bytes were removed.
    @discardableResult
    package func clear() async -> (files: Int, bytes: Int) {
        await pool.run { [self] in
            var removed = (files: 0, bytes: 0)
            for entry in entries() where LocalFile.remove(entry.path) {
                removed.files += 1
                removed.bytes += entry.size
            }
            return removed
        }
    }

    /// The number of cached files and their total size.
    package func usage() async -> (files: Int, bytes: Int) {
        await pool.run { [self] in
            let all = entries()
            return (all.count, all.reduce(0) { $0 + $1.size })
        }
    }

    /// Evicts the oldest files beyond the capacity, unless an eviction is already running.
    private func evictIfIdle(keeping kept: String) {
        guard !evicting.exchange(true, ordering: .acquiring) else { return }
        defer { evicting.store(false, ordering: .releasing) }
        var all = entries().sorted { $0.modified < $1.modified }
        var total = all.reduce(0) { $0 + $1.size }
        while total > capacity, let oldest = all.first {
            all.removeFirst()
            if oldest.path == kept { continue }
            LocalFile.remove(oldest.path)
            total -= oldest.size
        }
    }

    private func entries() -> [(path: String, size: Int, modified: Double)] {
        LocalFile.names(in: directory).compactMap { name in
            let path = directory + "/" + name
            return LocalFile.status(path).map { (path, $0.size, $0.modified) }
        }
    }

    private static func wrap(_ payload: [UInt8]) throws -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + payload.count)
        let length = UInt64(payload.count)
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: length >> UInt64(56 - 8 * $0)) }
        bytes += try SHA256.hash(payload)
        bytes += payload
        return bytes
    }

    private static func unwrap(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return nil }
        let length = bytes[8..<16].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        guard length == UInt64(bytes.count - headerSize) else { return nil }
        let payload = Array(bytes[headerSize...])
        guard (try? SHA256.hash(payload)) == Array(bytes[16..<48]) else { return nil }
        return payload
    }
}
