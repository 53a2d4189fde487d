import BlueLibraryCore

/// Keeping the library order in buckets (see ``AlbumPositions``): index ↔ position, inserting,
/// closing the gap a deletion leaves, appending, and splitting, merging and spreading buckets.
extension SQLiteAlbums {
    /// Every bucket, in library order.
    func bucketMap() throws -> BucketMap {
        let rows = try connection.prepare("SELECT key, count FROM buckets ORDER BY key")
        try rows.bind([])
        defer { rows.reset() }
        var buckets: [Bucket] = []
        while try rows.step() { buckets.append(Bucket(key: Int64(rows.int(0)), count: rows.int(1))) }
        return BucketMap(buckets)
    }

    /// The position of the album at `index`, or `nil` when out of range.
    func position(ofIndex index: Int, in map: BucketMap) throws -> Int64? {
        guard let (bucket, slot) = map.locate(index) else { return nil }
        return AlbumPositions.position(key: map.buckets[bucket].key, slot: slot)
    }

    /// The library index of the album at `position`: the albums in earlier buckets plus its slot.
    func index(of position: Int64) throws -> Int {
        let before =
            try connection.integer(
                "SELECT coalesce(sum(count), 0) FROM buckets WHERE key < ?",
                [.integer(AlbumPositions.key(of: position))]) ?? 0
        return before + AlbumPositions.slot(of: position)
    }

    /// Inserts `album` so that it gets library index `index` (within `0...count`).
    func insertRow(_ album: Album, at index: Int) throws {
        try insertRow(at: index) { try writeRow(album, position: $0) }
    }

    /// Makes room at library index `index` (within `0...count`) and has `write` put a row at the
    /// position found.
    func insertRow(at index: Int, write: (Int64) throws -> Void) throws {
        let map = try bucketMap()
        guard !map.buckets.isEmpty else {
            try setBucket(Bucket(key: AlbumPositions.firstKey, count: 1))
            return try write(AlbumPositions.position(key: AlbumPositions.firstKey, slot: 0))
        }
        // At the end: the last bucket, or a new one after it when the last is full.
        if index >= map.total, let last = map.buckets.last {
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
    func closeGap(at position: Int64, in map: BucketMap) throws {
        let key = AlbumPositions.key(of: position)
        guard let bucketIndex = map.buckets.firstIndex(where: { $0.key == key }) else { return }
        try shift(key, fromSlot: AlbumPositions.slot(of: position) + 1, by: -1)
        let count = map.buckets[bucketIndex].count - 1
        if count == 0 {
            try connection.run("DELETE FROM buckets WHERE key = ?", [.integer(key)])
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

    func append(_ albums: [Album]) throws -> [Album] {
        try withBrowseIndexesRebuilt(if: albums.count >= Self.bulkAppend) { try appendRows(albums) }
    }

    private func appendRows(_ albums: [Album]) throws -> [Album] {
        var map = try bucketMap()
        var last = map.buckets.last ?? Bucket(key: AlbumPositions.firstKey, count: 0)
        var added: [Album] = []
        let rows = try RowWriter(connection)
        for album in albums {
            if last.count >= positions.capacity {
                try setBucket(last)
                map = try bucketMap()
                last = Bucket(key: try keyAfter(last.key, in: map), count: 0)
            }
            do {
                try rows.write(album, position: AlbumPositions.position(key: last.key, slot: last.count))
                last.count += 1
                added.append(album)
            } catch let error as LibraryError where error.code == .conflict {
                guard try locate(album.id)?.album.hasSameFields(as: album) == true else {
                    throw conflictingAlbum(album)
                }
            }
        }
        if last.count > 0 { try setBucket(last) }
        return added
    }

    /// Adds `delta` to the slot of every album of bucket `key` at or after `slot`.
    private func shift(_ key: Int64, fromSlot slot: Int, by delta: Int) throws {
        try connection.run(
            "UPDATE albums SET position = position + ? WHERE position >= ? AND position < ?",
            [
                .integer(Int64(delta)), .integer(AlbumPositions.position(key: key, slot: slot)),
                .integer(AlbumPositions.end(of: key)),
            ])
    }

    private func setBucket(_ bucket: Bucket) throws {
        try connection.run(
            "INSERT OR REPLACE INTO buckets (key, count) VALUES (?, ?)",
            [.integer(bucket.key), .integer(Int64(bucket.count))])
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
        try connection.run("DELETE FROM buckets WHERE key = ?", [.integer(small.key)])
        try setBucket(Bucket(key: next.key, count: next.count + small.count))
    }

    /// Moves the albums of bucket `key` from slot `first` on into bucket `target`, adding `slotOffset`
    /// to their slots.
    private func move(from key: Int64, slotsFrom first: Int, to target: Int64, slotOffset: Int) throws {
        let delta = AlbumPositions.start(of: target) - AlbumPositions.start(of: key) + Int64(slotOffset)
        try connection.run(
            "UPDATE albums SET position = position + ? WHERE position >= ? AND position < ?",
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
        guard let moved = spread[key] else { throw LibraryError(.internal, "bucket \(key) vanished") }
        return moved + AlbumPositions.keySpacing / 2
    }

    /// Lays every bucket key out afresh, `keySpacing` apart, moving the albums with them (rare: only
    /// when splits have used up the room between two keys).
    /// - Returns: each old key's new key.
    private func spreadKeys() throws -> [Int64: Int64] {
        let buckets = try bucketMap().buckets
        var moved: [Int64: Int64] = [:]
        // Through negative keys first, so a new range never overlaps an old one not yet moved.
        for (offset, bucket) in buckets.enumerated() {
            try move(from: bucket.key, slotsFrom: 0, to: -Int64(offset + 1), slotOffset: 0)
        }
        try connection.run("DELETE FROM buckets")
        for (offset, bucket) in buckets.enumerated() {
            let key = AlbumPositions.firstKey + Int64(offset) * AlbumPositions.keySpacing
            try move(from: -Int64(offset + 1), slotsFrom: 0, to: key, slotOffset: 0)
            try setBucket(Bucket(key: key, count: bucket.count))
            moved[bucket.key] = key
        }
        return moved
    }
}

/// Many albums at once: an import's run at the end, and the removal of many (an undone import, a bulk
/// remove), which compacts only the buckets it touched.
extension SQLiteAlbums {
    func removeAll(_ ids: [AlbumID]) throws -> [(album: Album, index: Int)] {
        let map = try bucketMap()
        let found = try ids.map { id in
            guard let (album, position) = try locateRow(id) else { throw missingAlbum(id) }
            return (album: album, position: position, index: map.index(of: position))
        }
        let ordered = found.sorted { $0.index > $1.index }
        guard let lowest = ordered.last else { return [] }
        if lowest.index == map.total - found.count {
            // The whole tail (an import being undone): cut it off by position.
            try keepDeleted("position >= ?", [.integer(lowest.position)])
            try connection.run("DELETE FROM albums WHERE position >= ?", [.integer(lowest.position)])
            let key = AlbumPositions.key(of: lowest.position)
            try connection.run("DELETE FROM buckets WHERE key > ?", [.integer(key)])
            try compact(keys: [key])
        } else {
            for album in ordered {
                try keepDeleted("id = ?", [.text(album.album.id.rawValue)])
                try connection.run("DELETE FROM albums WHERE id = ?", [.text(album.album.id.rawValue)])
            }
            try compact(keys: Set(ordered.map { AlbumPositions.key(of: $0.position) }))
        }
        return ordered.map { ($0.album, $0.index) }
    }

    /// Renumbers the slots of these buckets 0, 1, 2… in order and corrects their counts (dropping the
    /// empty ones), after albums were removed from them.
    private func compact(keys: Set<Int64>) throws {
        for key in keys {
            let (start, end) = (AlbumPositions.start(of: key), AlbumPositions.end(of: key))
            try connection.run(
                """
                UPDATE albums SET position = renumbered.position FROM (
                    SELECT id, ?1 + row_number() OVER (ORDER BY position) - 1 AS position
                    FROM albums WHERE position >= ?1 AND position < ?2
                ) AS renumbered
                WHERE albums.id = renumbered.id
                """, [.integer(start), .integer(end)])
            let count =
                try connection.integer(
                    "SELECT count(*) FROM albums WHERE position >= ? AND position < ?",
                    [.integer(start), .integer(end)])
                ?? 0
            if count == 0 {
                try connection.run("DELETE FROM buckets WHERE key = ?", [.integer(key)])
            } else {
                try connection.run(
                    "INSERT OR REPLACE INTO buckets (key, count) VALUES (?, ?)",
                    [.integer(key), .integer(Int64(count))])
            }
        }
    }
}
