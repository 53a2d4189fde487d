/// Where albums sit in the library, so that inserting or deleting at any index rewrites a handful of
/// rows instead of every later one (today's library of 100,000 albums paid ~290 ms to insert at index 0).
///
/// The library order is kept in *buckets* of a few hundred albums: a small two-level order-statistic
/// index. Each album's `position` packs its bucket's key (high 32 bits) and its exact slot within the
/// bucket (low 32 bits), so `ORDER BY position` is the library order, and an album's index is the number
/// of albums in the buckets before its own plus its slot. The `buckets` table holds each bucket's key
/// and count.
///
/// - Inserting or deleting shifts the slots of one bucket (at most 2 × `capacity` rows) and changes one
///   count; a bucket that grows past 2 × `capacity` is split in two; one that shrinks below a quarter is
///   merged into its neighbour. Bucket keys are spaced out, so a split finds a free key between two
///   buckets; when there is none, all keys are spread out again (rare: a full renumbering).
/// - Finding index *i* reads the bucket counts (one row per bucket, a few hundred for 100,000 albums)
///   and then one album by its position. SQLite has no rank index, so this is O(n / capacity) rather
///   than O(log n): at 100,000 albums it reads ~200 short rows, no slower than a dense column of positions would be.
///
/// The PostgreSQL store keeps its order the same way, in the same columns (`PostgresAlbums+Positions.swift`).
package struct AlbumPositions {
    /// The bits of `position` that hold the slot.
    package static let slotBits: Int64 = 32
    /// The gap between consecutive bucket keys when they are laid out afresh.
    package static let keySpacing: Int64 = 1 << 16
    /// The first bucket's key.
    package static let firstKey: Int64 = 1 << 16
    /// The largest bucket key (positions stay well inside 64 bits).
    package static let maximumKey: Int64 = (1 << 31) - 1

    /// The target size of a bucket: appends fill buckets to this; inserts may grow them to twice as much.
    package let capacity: Int

    /// Positions whose buckets hold about `capacity` albums.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The position of slot `slot` in the bucket with `key`.
    package static func position(key: Int64, slot: Int) -> Int64 { key << slotBits | Int64(slot) }

    /// The bucket key of a position.
    package static func key(of position: Int64) -> Int64 { position >> slotBits }

    /// The slot of a position within its bucket.
    package static func slot(of position: Int64) -> Int { Int(position & ((1 << slotBits) - 1)) }

    /// The first position of the bucket with `key`.
    package static func start(of key: Int64) -> Int64 { key << slotBits }

    /// The first position after the bucket with `key`.
    package static func end(of key: Int64) -> Int64 { (key + 1) << slotBits }
}

/// One bucket: its key and how many albums it holds.
package struct Bucket: Equatable {
    package var key: Int64
    package var count: Int

    /// A bucket with `key` holding `count` albums.
    package init(key: Int64, count: Int) {
        self.key = key
        self.count = count
    }
}

/// The buckets in library order, with the index of each one's first album: enough to turn a position
/// into an index and an index into a position, inside one transaction.
package struct BucketMap {
    /// The buckets, in key order.
    package let buckets: [Bucket]
    /// For each bucket, how many albums come before it.
    package let before: [Int]
    /// The index of a bucket in `buckets`, by key.
    private let positionOfKey: [Int64: Int]

    package init(_ buckets: [Bucket]) {
        self.buckets = buckets
        var before: [Int] = []
        before.reserveCapacity(buckets.count)
        var total = 0
        for bucket in buckets {
            before.append(total)
            total += bucket.count
        }
        self.before = before
        positionOfKey = Dictionary(uniqueKeysWithValues: buckets.enumerated().map { ($1.key, $0) })
    }

    /// How many albums there are.
    package var total: Int { (before.last ?? 0) + (buckets.last?.count ?? 0) }

    /// The library index of the album at `position`.
    package func index(of position: Int64) -> Int {
        albumsBefore(key: AlbumPositions.key(of: position)) + AlbumPositions.slot(of: position)
    }

    /// How many albums come before the bucket with `key`.
    private func albumsBefore(key: Int64) -> Int { positionOfKey[key].map { before[$0] } ?? 0 }

    /// Library indexes for positions read in order, as a listing reads them: the rows of one bucket
    /// cost one lookup of the bucket, not one each.
    package struct Cursor {
        package let map: BucketMap
        private var key: Int64 = -1
        private var base = 0

        package init(_ map: BucketMap) { self.map = map }

        package mutating func index(of position: Int64) -> Int {
            let key = AlbumPositions.key(of: position)
            if key != self.key {
                self.key = key
                base = map.albumsBefore(key: key)
            }
            return base + AlbumPositions.slot(of: position)
        }
    }

    /// The bucket holding library index `index` (which must be in `0..<total`) and the slot within it.
    package func locate(_ index: Int) -> (bucket: Int, slot: Int)? {
        guard index >= 0, index < total else { return nil }
        // The last bucket whose first album is at or before `index`.
        var low = 0
        var high = buckets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if before[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low, index - before[low])
    }
}
