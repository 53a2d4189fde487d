import BlueLibraryCore

/// Playlists: `getPlaylists`, `getPlaylist`, `createPlaylist`, `updatePlaylist`, `deletePlaylist`. A
/// user sees their own playlists and the public ones of others; only the owner changes or deletes one.
extension SubsonicAPI {
    static let playlistEndpoints: [String: Endpoint] = [
        "getPlaylists": { api, call in try await api.playlists(call) },
        "getPlaylist": { api, call in try await api.playlist(call) },
        "createPlaylist": { api, call in try await api.createPlaylist(call) },
        "updatePlaylist": { api, call in try await api.updatePlaylist(call) },
        "deletePlaylist": { api, call in try await api.deletePlaylist(call) },
    ]

    /// The longest playlist name or comment accepted, in characters.
    static let maximumPlaylistText = 500

    /// A playlist as `Playlist`; `tracks` are the ones of its entries still in the library.
    private static func shape(
        _ playlist: StoredPlaylist, owner: String, tracks: [CatalogTrack]
    ) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.id, playlist.id)
        element.set(.name, playlist.name)
        element.set(.comment, playlist.comment.isEmpty ? nil : playlist.comment)
        element.set(.owner, owner)
        element.set(.public, playlist.isPublic)
        element.set(.songCount, tracks.count)
        element.set(.duration, SubsonicShapes.seconds(tracks.reduce(0) { $0 + $1.stored.track.duration }))
        element.set(.created, SubsonicShapes.date(milliseconds: playlist.created))
        element.set(.changed, SubsonicShapes.date(milliseconds: playlist.changed))
        element.set(.coverArt, tracks.first?.album.id.rawValue)
        return element
    }

    /// The playlist with its entries, as `getPlaylist` answers it.
    private static func withEntries(_ playlist: StoredPlaylist, _ reader: Reader, user: String, now: Int64)
        throws -> SubsonicElement
    {
        let tracks = try reader.tracks(of: playlist, now: now)
        let owner = try reader.users().first { $0.id == playlist.owner }?.name ?? ""
        var element = shape(playlist, owner: owner, tracks: tracks)
        element.add(.entry, list: try songs(tracks, reader, user: user))
        return element
    }

    /// `getPlaylists?username=`: the playlists the user sees (the administrator may ask for another
    /// user's own).
    private func playlists(_ call: Call) async throws -> Outcome {
        let asked = call.parameters["username"]
        let user = call.user
        if let asked, StoredUser.nameKey(asked) != StoredUser.nameKey(user.name), !user.isAdmin {
            throw SubsonicError.notAuthorized("only the administrator may list another user's playlists")
        }
        let time = now()
        let elements = try await library.listening { reader -> [SubsonicElement] in
            let users = Dictionary(try reader.users().map { ($0.id, $0.name) }) { first, _ in first }
            let visible: [StoredPlaylist]
            if let asked, StoredUser.nameKey(asked) != StoredUser.nameKey(user.name) {
                guard let other = try reader.user(named: asked) else {
                    throw SubsonicError.notFound("no user named \(asked.prefix(64))")
                }
                visible = try reader.playlists().filter { $0.owner == other.id }
            } else {
                visible = try reader.playlists().filter { $0.owner == user.id || $0.isPublic }
            }
            return try visible.map { playlist in
                let tracks = try reader.tracks(of: playlist, now: time)
                return Self.shape(playlist, owner: users[playlist.owner] ?? "", tracks: tracks)
            }
        }
        var element = SubsonicElement()
        element.add(.playlist, list: elements)
        return .element(.playlists, element)
    }

    private func playlist(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user
        let time = now()
        let element = try await library.listening { reader -> SubsonicElement in
            guard let playlist = try reader.playlist(id: id), playlist.owner == user.id || playlist.isPublic
            else { throw SubsonicError.notFound("no playlist has id \(id.prefix(80))") }
            return try Self.withEntries(playlist, reader, user: user.id, now: time)
        }
        return .element(.playlist, element)
    }

    /// `createPlaylist?name=&songId=…` makes a playlist; with `playlistId` instead of (or beside) `name`
    /// it replaces that playlist's songs. Answers the playlist.
    private func createPlaylist(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let name = try parameters["name"].map { try Self.checkedText($0) }
        let existing = parameters["playlistId"]
        guard name != nil || existing != nil else { throw SubsonicError.missing("name or playlistId") }
        let songs = parameters.all("songId")
        let user = call.user
        let time = now()
        let fresh = AlbumID.random().rawValue
        let element = try await library.changeUserData(of: user.id) { writer -> SubsonicElement in
            let tracks = try Self.trackIDs(songs, writer)
            var playlist: StoredPlaylist
            if let existing {
                playlist = try Self.owned(existing, by: user, writer)
                try Self.refuseSongs(of: playlist)
                playlist.trackIDs = tracks
                if let name { playlist.name = name }
                playlist.changed = time
            } else {
                playlist = StoredPlaylist(
                    id: fresh, owner: user.id, name: name ?? "", created: time, changed: time,
                    trackIDs: tracks)
            }
            try Self.checkLimits(of: playlist, isNew: existing == nil, writer)
            try writer.savePlaylist(playlist)
            return try Self.withEntries(playlist, writer, user: user.id, now: time)
        }
        return .element(.playlist, element)
    }

    /// `updatePlaylist?playlistId=&name=&comment=&public=&songIndexToRemove=…&songIdToAdd=…`: the
    /// indexes are of the songs before the update; the songs added go at the end.
    private func updatePlaylist(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let id = try parameters.required("playlistId")
        let name = try parameters["name"].map { try Self.checkedText($0) }
        let comment = try parameters["comment"].map { try Self.checkedText($0) }
        let isPublic = parameters.has("public") ? parameters.flag("public", default: false) : nil
        let removals = try parameters.all("songIndexToRemove").map { text in
            guard let index = Int(text.trimmed) else {
                throw SubsonicError.generic("songIndexToRemove=\(text.prefix(40)) is not a whole number")
            }
            return index
        }
        let additions = parameters.all("songIdToAdd")
        let user = call.user
        let time = now()
        try await library.changeUserData(of: user.id) { writer in
            var playlist = try Self.owned(id, by: user, writer)
            if !removals.isEmpty || !additions.isEmpty { try Self.refuseSongs(of: playlist) }
            let added = try Self.trackIDs(additions, writer)
            let removed = Set(removals)
            if let index = removed.first(where: { !playlist.trackIDs.indices.contains($0) }) {
                throw SubsonicError.generic(
                    "songIndexToRemove=\(index) is not a position of the playlist's \(playlist.trackIDs.count) songs"
                )
            }
            playlist.trackIDs =
                playlist.trackIDs.enumerated().filter { !removed.contains($0.offset) }.map(\.element) + added
            guard playlist.trackIDs.count <= UserLimits.playlistLength else {
                throw SubsonicError.generic("a playlist holds at most \(UserLimits.playlistLength) songs")
            }
            if let name { playlist.name = name }
            if let comment { playlist.comment = comment }
            if let isPublic { playlist.isPublic = isPublic }
            playlist.changed = time
            try Self.checkLimits(of: playlist, isNew: false, writer)
            try writer.savePlaylist(playlist)
        }
        return .ok
    }

    private func deletePlaylist(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user
        try await library.changeUserData(of: user.id) { writer in
            _ = try Self.owned(id, by: user, writer)
            try writer.deletePlaylist(id: id)
        }
        return .ok
    }

    /// Refuses a playlist that would take its owner past ``UserLimits``: too many playlists, or more
    /// songs in all of them than allowed — unless the change adds none (a user over the limit from older
    /// data may still rename a playlist or remove songs).
    private static func checkLimits(of playlist: StoredPlaylist, isNew: Bool, _ reader: Reader) throws {
        let mine = try reader.playlists().filter { $0.owner == playlist.owner }
        let others = mine.filter { $0.id != playlist.id }
        if isNew && others.count >= UserLimits.playlists {
            throw SubsonicError.generic("a user keeps at most \(UserLimits.playlists) playlists")
        }
        let before = mine.first { $0.id == playlist.id }?.trackIDs.count ?? 0
        let entries = others.reduce(playlist.trackIDs.count) { $0 + $1.trackIDs.count }
        guard entries <= UserLimits.playlistEntries || playlist.trackIDs.count <= before else {
            throw SubsonicError.generic(
                "a user's playlists hold at most \(UserLimits.playlistEntries) songs in all; this would make \(entries)"
            )
        }
    }

    /// Refuses to choose the songs of a smart playlist: they are the ones its rule picks.
    private static func refuseSongs(of playlist: StoredPlaylist) throws {
        guard let rule = playlist.rule else { return }
        throw SubsonicError.generic(
            "playlist \(playlist.name.prefix(80)) is smart: its songs are the ones its query picks (\(rule.query.prefix(200)))"
        )
    }

    /// The playlist `id` names, when `user` owns it.
    /// - Throws: 70 when the user cannot see it, 50 when they see it but another user owns it.
    private static func owned(_ id: String, by user: StoredUser, _ reader: Reader) throws -> StoredPlaylist {
        guard let playlist = try reader.playlist(id: id), playlist.owner == user.id || playlist.isPublic
        else {
            throw SubsonicError.notFound("no playlist has id \(id.prefix(80))")
        }
        guard playlist.owner == user.id else {
            throw SubsonicError.notAuthorized("only the owner of playlist \(playlist.name) may change it")
        }
        return playlist
    }

    /// The normal ids of songs given by id, for `holder` ("a playlist", "a play queue").
    /// - Throws: 70 naming the first id that is no song of the library; 0 for more than a playlist holds.
    static func trackIDs(_ ids: [String], _ reader: Reader, holder: String = "a playlist") throws -> [String]
    {
        guard ids.count <= UserLimits.playlistLength else {
            throw SubsonicError.generic("\(holder) holds at most \(UserLimits.playlistLength) songs")
        }
        // Each id is looked up once, however often it comes.
        var found: [String: String] = [:]
        return try ids.map { id in
            if let known = found[id] { return known }
            guard let track = try track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            found[id] = track.stored.track.id
            return track.stored.track.id
        }
    }

    /// A name or comment (`what`): at most 500 characters, no control characters.
    static func checkedText(_ text: String, what: String = "a playlist's name or comment") throws -> String {
        guard text.count <= maximumPlaylistText else {
            throw SubsonicError.generic("\(what) has at most \(maximumPlaylistText) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw SubsonicError.generic("\(what) may not contain control characters")
        }
        return text
    }

    // MARK: For the web page

    /// The playlists `user` owns, oldest first, each with its tracks still in the library.
    package func playlists(of user: StoredUser) async throws -> [(
        playlist: StoredPlaylist, tracks: [CatalogTrack]
    )] {
        let time = now()
        return try await library.listening { reader in
            try reader.playlists().filter { $0.owner == user.id }.map { playlist in
                (playlist, try reader.tracks(of: playlist, now: time))
            }
        }
    }

    /// Makes a playlist of `user`'s (`id` nil) or changes one they own: its name, its songs, or its rule
    /// (making it smart), each when given, within the same limits as `createPlaylist` and
    /// `updatePlaylist`. A smart playlist's songs are not chosen.
    /// - Throws: ``LibraryError`` `notFound` for a playlist or song that is not there (or not theirs to
    ///   change), `malformedInput` for a name or a length past the limits.
    @discardableResult
    package func savePlaylist(
        id: String?, name: String?, songs: [String]?, rule: PlaylistRule? = nil, for user: StoredUser
    ) async throws -> StoredPlaylist {
        try await Self.asLibraryError {
            let name = try name.map { try Self.checkedText($0) }
            let time = now()
            let fresh = AlbumID.random().rawValue
            return try await library.changeUserData(of: user.id) { writer -> StoredPlaylist in
                var playlist: StoredPlaylist
                if let id {
                    playlist = try Self.owned(id, by: user, writer)
                    playlist.changed = time
                } else {
                    guard let name, !name.isEmpty else {
                        throw SubsonicError.generic("a new playlist needs a name")
                    }
                    playlist = StoredPlaylist(
                        id: fresh, owner: user.id, name: name, created: time, changed: time)
                }
                if let name {
                    guard !name.isEmpty else {
                        throw SubsonicError.generic("a playlist's name cannot be empty")
                    }
                    playlist.name = name
                }
                if let rule {
                    guard songs?.isEmpty ?? true else {
                        throw SubsonicError.generic("a smart playlist's songs are the ones its query picks")
                    }
                    playlist.rule = rule
                    playlist.trackIDs = []
                } else if let songs {
                    try Self.refuseSongs(of: playlist)
                    playlist.trackIDs = try Self.trackIDs(songs, writer)
                }
                try Self.checkLimits(of: playlist, isNew: id == nil, writer)
                try writer.savePlaylist(playlist)
                return playlist
            }
        }
    }

    /// Deletes a playlist `user` owns.
    /// - Throws: ``LibraryError`` `notFound` when it is not there (or not theirs).
    package func deletePlaylist(id: String, for user: StoredUser) async throws {
        try await Self.asLibraryError {
            try await library.changeUserData(of: user.id) { writer in
                _ = try Self.owned(id, by: user, writer)
                try writer.deletePlaylist(id: id)
            }
        }
    }
}
