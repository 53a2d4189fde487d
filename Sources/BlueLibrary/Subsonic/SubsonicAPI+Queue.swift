import BlueLibraryCore

/// Play queues and bookmarks: `savePlayQueue`, `getPlayQueue`, their by-index forms (the OpenSubsonic
/// `indexBasedQueue` extension), `createBookmark`, `getBookmarks`, `deleteBookmark`. Each user has one
/// queue — the last one saved, by whichever player — so a phone takes over where the desktop stopped;
/// and one bookmark per track. Songs no longer in the library are left out of what is answered.
extension SubsonicAPI {
    static let queueEndpoints: [String: Endpoint] = [
        "savePlayQueue": { api, call in try await api.savePlayQueue(call, byIndex: false) },
        "savePlayQueueByIndex": { api, call in try await api.savePlayQueue(call, byIndex: true) },
        "getPlayQueue": { api, call in try await api.playQueue(call, byIndex: false) },
        "getPlayQueueByIndex": { api, call in try await api.playQueue(call, byIndex: true) },
        "createBookmark": { api, call in try await api.createBookmark(call) },
        "getBookmarks": { api, call in try await api.bookmarks(call) },
        "deleteBookmark": { api, call in try await api.deleteBookmark(call) },
    ]

    /// The furthest position accepted in a queue or a bookmark, in milliseconds (a week).
    static let maximumPosition = 7 * 24 * 3_600_000

    /// `savePlayQueue?id=…&current=&position=` or `savePlayQueueByIndex?id=…&currentIndex=&position=`:
    /// keeps the user's queue; without any `id` it forgets it.
    private func savePlayQueue(_ call: Call, byIndex: Bool) async throws -> Outcome {
        let parameters = call.parameters
        let ids = parameters.all("id")
        let position = Int64(try parameters.integer("position", default: 0, in: 0...Self.maximumPosition))
        let current = parameters["current"]
        let currentIndex = try parameters.optionalInteger("currentIndex")
        let player = String((parameters["c"] ?? "").prefix(Self.maximumPlayerName))
        let (user, time) = (call.user.id, now())
        try await library.changeUserData(of: user) { writer in
            guard !ids.isEmpty else { return try writer.deletePlayQueue(of: user) }
            let tracks = try Self.trackIDs(ids, writer, holder: "a play queue")
            let index: Int?
            if byIndex {
                if let currentIndex, !tracks.indices.contains(currentIndex) {
                    throw SubsonicError.generic("currentIndex=\(currentIndex) is not a place in the queue")
                }
                index = currentIndex
            } else if let current {
                let wanted = TrackID(current)?.rawValue ?? current
                guard let given = tracks.firstIndex(of: wanted) else {
                    throw SubsonicError.generic(
                        "current=\(current.prefix(80)) is not one of the queue's songs")
                }
                index = given
            } else {
                index = nil
            }
            try writer.savePlayQueue(
                StoredPlayQueue(
                    user: user, trackIDs: tracks, current: index, position: position, changed: time,
                    changedBy: player))
        }
        return .ok
    }

    /// `getPlayQueue` (`playQueue`, the current song by id) or `getPlayQueueByIndex` (`playQueueByIndex`,
    /// by place); nothing at all when the user has no queue.
    private func playQueue(_ call: Call, byIndex: Bool) async throws -> Outcome {
        let user = call.user
        let element = try await library.listening { reader -> SubsonicElement? in
            guard let queue = try reader.playQueue(of: user.id) else { return nil }
            let tracks = try reader.catalogTracks(TrackSelection(ids: queue.trackIDs), offset: 0, limit: .max)
            var element = SubsonicElement()
            // The current song's place among the songs answered (those still in the library).
            let present = Set(tracks.map(\.stored.track.id))
            var position = 0
            if let current = queue.current, queue.trackIDs.indices.contains(current),
                present.contains(queue.trackIDs[current])
            {
                if byIndex {
                    element.set(.currentIndex, queue.trackIDs[..<current].filter(present.contains).count)
                } else {
                    element.set(.current, queue.trackIDs[current])
                }
                position = Int(queue.position)
            }
            // A place in a song no longer there is no place in the first one.
            element.set(.position, position)
            element.set(.username, user.name)
            element.set(.changed, SubsonicShapes.date(milliseconds: queue.changed))
            element.set(.changedBy, queue.changedBy)
            element.add(.entry, list: try Self.songs(tracks, reader, user: user.id))
            return element
        }
        guard let element else { return .ok }
        return .element(byIndex ? .playQueueByIndex : .playQueue, element)
    }

    /// `createBookmark?id=&position=&comment=`: keeps (or moves) the user's place in a song.
    private func createBookmark(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let id = try parameters.required("id")
        guard parameters.has("position") else { throw SubsonicError.missing("position") }
        let position = Int64(try parameters.integer("position", default: 0, in: 0...Self.maximumPosition))
        let comment = try Self.checkedText(parameters["comment"] ?? "", what: "a bookmark's comment")
        let (user, time) = (call.user.id, now())
        try await library.changeUserData { writer in
            guard let track = try Self.track(id: id, writer) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            let trackID = track.stored.track.id
            let created = try writer.bookmarks(of: user).first { $0.track == trackID }?.created ?? time
            try writer.saveBookmark(
                StoredBookmark(
                    user: user, track: trackID, position: position, comment: comment, created: created,
                    changed: time))
        }
        return .ok
    }

    /// `getBookmarks`: the user's bookmarks, the latest changed first, each with its song.
    private func bookmarks(_ call: Call) async throws -> Outcome {
        let user = call.user
        let elements = try await library.listening { reader -> [SubsonicElement] in
            let bookmarks = try reader.bookmarks(of: user.id)
            let tracks = try reader.catalogTracks(
                TrackSelection(ids: bookmarks.map(\.track)), offset: 0, limit: .max)
            let songs = Dictionary(
                zip(tracks.map(\.stored.track.id), try Self.songs(tracks, reader, user: user.id))
            ) { first, _ in first }
            return bookmarks.compactMap { bookmark in
                guard let song = songs[bookmark.track] else { return nil }
                var element = SubsonicElement()
                element.set(.position, Int(bookmark.position))
                element.set(.username, user.name)
                element.set(.comment, bookmark.comment.isEmpty ? nil : bookmark.comment)
                element.set(.created, SubsonicShapes.date(milliseconds: bookmark.created))
                element.set(.changed, SubsonicShapes.date(milliseconds: bookmark.changed))
                element.add(.entry, song)
                return element
            }
        }
        var element = SubsonicElement()
        element.add(.bookmark, list: elements)
        return .element(.bookmarks, element)
    }

    /// `deleteBookmark?id=`: removes the user's bookmark in a song (none is no error).
    private func deleteBookmark(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user.id
        try await library.changeUserData { writer in
            let trackID = try Self.track(id: id, writer)?.stored.track.id ?? id
            try writer.deleteBookmark(user: user, track: trackID)
        }
        return .ok
    }
}
