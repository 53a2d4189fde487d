import BlueLibraryCore

/// Keeping the library order in buckets (see ``AlbumPositions``), for both stores: index ↔ position,
/// inserting, closing the gap a deletion leaves, appending, removing many, and splitting, merging and
/// spreading buckets. Inserting shifts the later slots of one bucket and deleting closes the gap — one
/// UPDATE of at most 2 × capacity rows — so an edit at the front of 100,000 albums costs what one at the
/// end does.
extension SQLLibrary {
    /// Every bucket, in library order.
    package func bucketMap() throws -> BucketMap {
        BucketMap(
            try select("SELECT key, count FROM buckets ORDER BY key", []) {
                Bucket(key: Int64(try $0.integer(0) ?? 0), count: try $0.integer(1) ?? 0)
            })
    }

    /// The position of the album at `index`, or `nil` when out of range.
    package func position(ofIndex index: Int, in map: BucketMap) -> Int64? {
        guard let (bucket, slot) = map.locate(index) else { return nil }
        return AlbumPositions.position(key: map.buckets[bucket].key, slot: slot)
    }

    /// The library index of the album at `position`: the albums in earlier buckets plus its slot.
    package func index(of position: Int64) throws -> Int {
        let before =
            try integer(
                "SELECT coalesce(sum(count), 0) FROM buckets WHERE key < ?1",
                [.integer(AlbumPositions.key(of: position))]) ?? 0
        return before + AlbumPositions.slot(of: position)
    }

    /// Makes room at library index `index` (within `0...count`) and has `write` put a row at the
    /// position found.
    package func insertRow(at index: Int, write: (Int64) throws -> Void) throws {
        let map = try bucketMap()
        guard let last = map.buckets.last else {
            try setBucket(Bucket(key: AlbumPositions.firstKey, count: 1))
            return try write(AlbumPositions.position(key: AlbumPositions.firstKey, slot: 0))
        }
        // At the end: the last bucket, or a new one after it when the last is full.
        if index >= map.total {
            if last.count >= positions.capacity {
                let key = try keyAfter(last.key, in: map)
                try write(AlbumPositions.position(key: key, slot: 0))
                return try setBucket(Bucket(key: key, count: 1))
            }
            try write(AlbumPositions.position(key: last.key, slot: last.count))
            return try setBucket(Bucket(key: last.key, count: last.count + 1))
        }
        guard let (bucketIndex, slot) = map.locate(max(index, 0)) else { return }
        let bucket = map.buckets[bucketIndex]
        try shift(bucket.key, fromSlot: slot, by: 1)
        try write(AlbumPositions.position(key: bucket.key, slot: slot))
        try setBucket(Bucket(key: bucket.key, count: bucket.count + 1))
        if bucket.count + 1 > 2 * positions.capacity { try split(bucket.key) }
    }

    /// After the album at `position` was deleted: moves the later albums of its bucket down a slot, and
    /// drops or merges the bucket when it has become empty or small.
    package func closeGap(at position: Int64, in map: BucketMap) throws {
        let key = AlbumPositions.key(of: position)
        guard let bucketIndex = map.buckets.firstIndex(where: { $0.key == key }) else { return }
        try shift(key, fromSlot: AlbumPositions.slot(of: position) + 1, by: -1)
        let count = map.buckets[bucketIndex].count - 1
        if count == 0 {
            try execute("DELETE FROM buckets WHERE key = ?1", [.integer(key)])
            return
        }
        try setBucket(Bucket(key: key, count: count))
        // A small bucket joins the next one when they fit together, so buckets stay few.
        let next = bucketIndex + 1
        if count < positions.capacity / 4, next < map.buckets.count,
            count + map.buckets[next].count <= positions.capacity
        {
            try merge(Bucket(key: key, count: count), into: map.buckets[next])
        }
    }

    /// Appends albums at the end, in order, skipping any whose id is already present with the same fields
    /// (an export restores into a library that shares albums with it) — or earlier among `albums`.
    /// - Returns: the albums added, in order (they now end the library).
    /// - Throws: `conflict` naming the first album whose id is present with other fields.
    package func append(_ albums: [Album]) throws -> [Album] {
        var present = try self.albums(withIDs: albums.map(\.id))
        var added: [Album] = []
        for album in albums {
            if let existing = present[album.id] {
                guard existing.hasSameFields(as: album) else { throw conflictingAlbum(album) }
                continue
            }
            present[album.id] = album
            added.append(album)
        }
        guard !added.isEmpty else { return [] }
        try insertRows(Array(zip(added, try positionsAtTheEnd(added.count))))
        return added
    }

    /// The positions of `count` albums added at the end, in order: the last bucket filled up to capacity,
    /// then new buckets after it; the buckets' counts are written.
    package func positionsAtTheEnd(_ count: Int) throws -> [Int64] {
        var map = try bucketMap()
        var last = map.buckets.last ?? Bucket(key: AlbumPositions.firstKey, count: 0)
        var found: [Int64] = []
        found.reserveCapacity(count)
        for _ in 0..<count {
            if last.count >= positions.capacity {
                try setBucket(last)
                map = try bucketMap()
                last = Bucket(key: try keyAfter(last.key, in: map), count: 0)
            }
            found.append(AlbumPositions.position(key: last.key, slot: last.count))
            last.count += 1
        }
        if last.count > 0 { try setBucket(last) }
        return found
    }

    /// Deletes the albums with these ids, as ``LibraryWriter/remove(at:)`` does, compacting only the
    /// buckets it touched.
    /// - Returns: each with the index it had, in decreasing index order (so restoring them in reverse
    ///   order puts every one back in its place).
    /// - Throws: `conflict` naming the first album that is not in the library (nothing is removed).
    package func removeAll(_ ids: [AlbumID]) throws -> [(album: Album, index: Int)] {
        let map = try bucketMap()
        let found = try ids.map { id in
            guard let (album, position) = try locateRow(id) else { throw missingAlbum(id) }
            return (album: album, position: position, index: map.index(of: position))
        }
        let ordered = found.sorted { $0.index > $1.index }
        guard let lowest = ordered.last else { return [] }
        if lowest.index == map.total - found.count {
            // The whole tail (an import being undone): cut it off by position.
            let start = SQLValue.integer(lowest.position)
            try keepDeleted("position >= ?1", [start])
            try execute("DELETE FROM albums WHERE position >= ?1", [start])
            let key = AlbumPositions.key(of: lowest.position)
            try execute("DELETE FROM buckets WHERE key > ?1", [.integer(key)])
            try compact(keys: [key])
        } else {
            try deleteRows(ids: ordered.map(\.album.id))
            try compact(keys: Set(ordered.map { AlbumPositions.key(of: $0.position) }))
        }
        return ordered.map { ($0.album, $0.index) }
    }

    /// Writes a bucket's count (adding the bucket when new).
    package func setBucket(_ bucket: Bucket) throws {
        try execute(
            "INSERT INTO buckets (key, count) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET count = excluded.count",
            [.integer(bucket.key), .integer(Int64(bucket.count))])
    }

    /// Adds `delta` to the slot of every album of bucket `key` at or after `slot`.
    private func shift(_ key: Int64, fromSlot slot: Int, by delta: Int) throws {
        try execute(
            "UPDATE albums SET position = position + ?1 WHERE position >= ?2 AND position < ?3",
            [
                .integer(Int64(delta)), .integer(AlbumPositions.position(key: key, slot: slot)),
                .integer(AlbumPositions.end(of: key)),
            ])
    }

    /// Moves the upper half of bucket `key` into a new bucket right after it.
    private func split(_ key: Int64) throws {
        let map = try bucketMap()
        guard let bucket = map.buckets.first(where: { $0.key == key }) else { return }
        let newKey = try keyAfter(key, in: map)
        let half = bucket.count / 2
        try move(from: key, slotsFrom: half, to: newKey, slotOffset: -half)
        try setBucket(Bucket(key: key, count: half))
        try setBucket(Bucket(key: newKey, count: bucket.count - half))
    }

    /// Moves every album of `small` in front of those of `next` (which comes right after it).
    private func merge(_ small: Bucket, into next: Bucket) throws {
        try shift(next.key, fromSlot: 0, by: small.count)
        try move(from: small.key, slotsFrom: 0, to: next.key, slotOffset: 0)
        try execute("DELETE FROM buckets WHERE key = ?1", [.integer(small.key)])
        try setBucket(Bucket(key: next.key, count: next.count + small.count))
    }

    /// Moves the albums of bucket `key` from slot `first` on into bucket `target`, adding `slotOffset`
    /// to their slots.
    private func move(from key: Int64, slotsFrom first: Int, to target: Int64, slotOffset: Int) throws {
        let delta = AlbumPositions.start(of: target) - AlbumPositions.start(of: key) + Int64(slotOffset)
        try execute(
            "UPDATE albums SET position = position + ?1 WHERE position >= ?2 AND position < ?3",
            [
                .integer(delta), .integer(AlbumPositions.position(key: key, slot: first)),
                .integer(AlbumPositions.end(of: key)),
            ])
    }

    /// A free key between `key` and the next bucket's (or after the last), spreading every key out
    /// first when there is no room.
    private func keyAfter(_ key: Int64, in map: BucketMap) throws -> Int64 {
        let next = map.buckets.first { $0.key > key }?.key
        let candidate = next.map { key + ($0 - key) / 2 } ?? key + AlbumPositions.keySpacing
        if candidate > key && candidate <= AlbumPositions.maximumKey { return candidate }
        let spread = try spreadKeys()
        guard let moved = spread[key] else {
            throw LibraryError(.internal, "library \(location): bucket \(key) vanished")
        }
        return moved + AlbumPositions.keySpacing / 2
    }

    /// Lays every bucket key out afresh, `keySpacing` apart, moving the albums with them (rare: only
    /// when splits have used up the room between two keys), in one statement for the albums.
    /// - Returns: each old key's new key.
    private func spreadKeys() throws -> [Int64: Int64] {
        let buckets = try bucketMap().buckets
        var moved: [Int64: Int64] = [:]
        for (offset, bucket) in buckets.enumerated() {
            moved[bucket.key] = AlbumPositions.firstKey + Int64(offset) * AlbumPositions.keySpacing
        }
        let layout: [SQLValue] = [.integer(AlbumPositions.keySpacing), .integer(AlbumPositions.firstKey)]
        // Every album moves with its bucket's rank: the new key from the rank, the slot kept.
        try execute(
            """
            UPDATE albums SET position = ((ranked.rank - 1) * ?1 + ?2) << 32 | (albums.position & 4294967295)
            FROM (SELECT key, row_number() OVER (ORDER BY key) AS rank FROM buckets) AS ranked
            WHERE albums.position >> 32 = ranked.key
            """, layout)
        // Through negative keys (the ranks) first, so a new key never meets an old one not yet moved.
        try execute(
            """
            UPDATE buckets SET key = -ranked.rank
            FROM (SELECT key, row_number() OVER (ORDER BY key) AS rank FROM buckets) AS ranked
            WHERE buckets.key = ranked.key
            """, [])
        try execute("UPDATE buckets SET key = (-key - 1) * ?1 + ?2", layout)
        return moved
    }

    /// Renumbers the slots of these buckets 0, 1, 2… in order and corrects their counts (dropping the
    /// empty ones), after albums were removed from them.
    private func compact(keys: Set<Int64>) throws {
        for key in keys {
            let count = try execute(
                """
                UPDATE albums SET position = renumbered.position FROM (
                    SELECT id, ?1 + row_number() OVER (ORDER BY position) - 1 AS position
                    FROM albums WHERE position >= ?1 AND position < ?2
                ) AS renumbered
                WHERE albums.id = renumbered.id
                """, [.integer(AlbumPositions.start(of: key)), .integer(AlbumPositions.end(of: key))])
            if count == 0 {
                try execute("DELETE FROM buckets WHERE key = ?1", [.integer(key)])
            } else {
                try setBucket(Bucket(key: key, count: count))
            }
        }
    }

    /// Copies the rows of the albums matching `condition` to the deleted albums, before they leave the
    /// library: their tracks stay, so bringing one back restores it whole.
    package func keepDeleted(_ condition: String, _ values: [SQLValue]) throws {
        let assignments = Self.rowColumns.split(separator: ",").dropFirst().map {
            let column = $0.trimmingPrefix(" ")
            return "\(column) = excluded.\(column)"
        }
        try execute(
            """
            INSERT INTO deleted_albums (\(Self.rowColumns)) SELECT \(Self.rowColumns) FROM albums WHERE \(condition)
            ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
            """, values)
    }
}
