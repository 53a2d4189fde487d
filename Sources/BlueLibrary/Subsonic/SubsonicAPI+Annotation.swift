import BlueLibraryCore

/// Annotation: `scrobble` (a play counted, or with `submission=false` "now playing"), `star`, `unstar`,
/// `setRating` and `reportPlayback` — each the logged-in user's own.
extension SubsonicAPI {
    static let annotationEndpoints: [String: Endpoint] = [
        "scrobble": { api, call in try await api.scrobble(call) },
        "star": { api, call in try await api.star(call, on: true) },
        "unstar": { api, call in try await api.star(call, on: false) },
        "setRating": { api, call in try await api.rate(call) },
        "reportPlayback": { api, call in try await api.reportPlayback(call) },
    ]

    /// The longest player name (`c`) kept for now playing and as a play queue's `changedBy`.
    static let maximumPlayerName = 64

    /// `scrobble?id=…&time=…&submission=`: each id's play counted at its time (now when not given), or
    /// the first id is what the user's player (`c`) plays now.
    private func scrobble(_ call: Call) async throws -> Outcome {
        let ids = call.parameters.all("id")
        guard !ids.isEmpty else { throw SubsonicError.missing("id") }
        guard ids.count <= UserLimits.playsPerCall else {
            throw SubsonicError.generic(
                "one scrobble counts at most \(UserLimits.playsPerCall) plays; \(ids.count) were sent")
        }
        let time = now()
        // A play's time is between 1970 and a day from now: anything else is a client's mistake, and an
        // extreme value would overflow where times are shown.
        let times = try call.parameters.all("time").map { text in
            guard let played = Int64(text.trimmed), (0...time + 86_400_000).contains(played) else {
                throw SubsonicError.generic(
                    "time=\(text.prefix(40)) is not a time in milliseconds since 1970, up to a day from now")
            }
            return played
        }
        let user = call.user
        let submission = call.parameters.flag("submission", default: true)
        let tracks = try await library.listening { reader in
            try ids.map { id -> String in
                guard let track = try Self.track(id: id, reader) else {
                    throw SubsonicError.notFound("no song has id \(id.prefix(80))")
                }
                return track.stored.track.id
            }
        }
        guard submission else {
            nowPlaying.playing(
                NowPlaying.Entry(
                    userID: user.id, userName: user.name,
                    player: String((call.parameters["c"] ?? "").prefix(Self.maximumPlayerName)),
                    trackID: tracks[0],
                    since: time))
            return .ok
        }
        guard playRate.admit(tracks.count, user: user.id, now: time) else {
            throw SubsonicError.generic(
                "a user's plays are counted at most \(UserLimits.playsPerMinute) a minute; try again in a minute"
            )
        }
        try await library.changeUserData(of: user.id) { writer in
            for (index, track) in tracks.enumerated() {
                try writer.recordPlay(
                    user: user.id, track: track, at: index < times.count ? times[index] : time)
            }
        }
        return .ok
    }

    /// `reportPlayback?mediaId=&mediaType=song&positionMs=&state=` (the `playbackReport` extension): now
    /// playing follows the player (`stopped` takes it away), and the play is counted once per playback,
    /// when the position reaches half the track or 4 minutes — the rule the web page follows too —
    /// unless `ignoreScrobble=true`.
    private func reportPlayback(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let id = try parameters.required("mediaId")
        let kind = try parameters.required("mediaType")
        guard kind == "song" else { throw SubsonicError.notFound("this server has no \(kind.prefix(20))") }
        guard parameters.has("positionMs") else { throw SubsonicError.missing("positionMs") }
        let position = Int64(try parameters.integer("positionMs", default: 0, in: 0...Int(Int32.max)))
        let stateText = try parameters.required("state")
        guard let state = NowPlaying.PlaybackState(rawValue: stateText) else {
            throw SubsonicError.generic(
                "state=\(stateText.prefix(20)) is not starting, playing, paused or stopped")
        }
        let user = call.user
        let time = now()
        let track = try await library.listening { reader -> CatalogTrack in
            guard let track = try Self.track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            return track
        }
        let trackID = track.stored.track.id
        // Half the track or 4 minutes; 4 minutes for a track whose length is not known.
        let duration = track.stored.track.duration
        let threshold = Int64((duration > 0 ? min(duration / 2, 240) : 240) * 1000)
        let rate = playRate
        let counts = nowPlaying.report(
            NowPlaying.Entry(
                userID: user.id, userName: user.name,
                player: String((parameters["c"] ?? "").prefix(Self.maximumPlayerName)), trackID: trackID,
                since: time),
            state, position: position, threshold: threshold,
            counting: !parameters.flag("ignoreScrobble", default: false),
            admit: { rate.admit(1, user: user.id, now: time) })
        if counts {
            try await library.changeUserData(of: user.id) {
                try $0.recordPlay(user: user.id, track: trackID, at: time)
            }
        }
        return .ok
    }

    /// `star` and `unstar`: `id` (a song, an album or an artist), `albumId` and `artistId`, each as often
    /// as wanted.
    private func star(_ call: Call, on: Bool) async throws -> Outcome {
        let parameters = call.parameters
        let ids = parameters.all("id") + parameters.all("albumId") + parameters.all("artistId")
        guard !ids.isEmpty else { throw SubsonicError.missing("id, albumId or artistId") }
        try await setStars(ids, on: on, user: call.user.id)
        return .ok
    }

    /// Stars (`on`) or unstars every item `ids` name, for the user with id `user`, in one transaction.
    private func setStars(_ ids: [String], on: Bool, user: String) async throws {
        let time = on ? now() : nil
        try await library.changeUserData(of: user) { writer in
            for id in ids {
                let (kind, id) = try self.annotated(id, writer)
                try writer.setStar(time, user: user, kind: kind, id: id)
            }
        }
    }

    /// Rates the item `id` names 1 to 5 for the user with id `user`, or (0) takes the rating away.
    private func setRating(_ rating: Int, of id: String, user: String) async throws {
        guard (0...5).contains(rating) else { throw SubsonicError.generic("rating=\(rating) must be 0 to 5") }
        try await library.changeUserData(of: user) { writer in
            let (kind, id) = try self.annotated(id, writer)
            try writer.setRating(rating == 0 ? nil : rating, user: user, kind: kind, id: id)
        }
    }

    // MARK: For the web page

    /// The web page's Favourite: stars (`on`) or unstars the song, album, artist or folder `id` names
    /// for `user`, as `star` does.
    /// - Throws: ``LibraryError`` `notFound` when `id` names nothing.
    package func star(_ id: String, on: Bool, for user: StoredUser) async throws {
        try await Self.asLibraryError { try await self.setStars([id], on: on, user: user.id) }
    }

    /// The web page's rating: 1 to 5, or 0 to take it away, as `setRating` does.
    /// - Throws: ``LibraryError`` `notFound` when `id` names nothing, `malformedInput` for a rating
    ///   outside 0 to 5.
    package func rate(_ id: String, _ rating: Int, for user: StoredUser) async throws {
        try await Self.asLibraryError { try await self.setRating(rating, of: id, user: user.id) }
    }

    /// A play the web page counts (it plays half the track, or 4 minutes: the rule `reportPlayback`
    /// follows), as `scrobble` counts one, within the same limit of plays a minute.
    /// - Throws: ``LibraryError`` `notFound` when `id` names no song, `conflict` past the limit.
    package func countPlay(of id: String, for user: StoredUser) async throws {
        try await Self.asLibraryError {
            let time = self.now()
            let track = try await self.library.listening { reader -> String in
                guard let track = try Self.track(id: id, reader) else {
                    throw SubsonicError.notFound("no song has id \(id.prefix(80))")
                }
                return track.stored.track.id
            }
            guard self.playRate.admit(1, user: user.id, now: time) else {
                throw LibraryError(
                    .conflict, "a user's plays are counted at most \(UserLimits.playsPerMinute) a minute")
            }
            try await self.library.changeUserData(of: user.id) {
                try $0.recordPlay(user: user.id, track: track, at: time)
            }
        }
    }

    /// The artist called `name` (any case, any accents) as the page names them: their id — the one their
    /// music apps star and rate — and what `user` recorded about them.
    /// - Throws: ``LibraryError`` `notFound` when no album of the library is theirs.
    package func artist(named name: String, for user: StoredUser) async throws -> (
        id: String, name: String, annotation: ItemAnnotation?
    ) {
        let key = SearchKey.fold(name)
        return try await library.listening { reader in
            guard
                let artist = try reader.catalogArtists(matching: [], offset: 0, limit: .max).first(where: {
                    $0.key == key
                })
            else { throw LibraryError(.notFound, "no artist named \(name.prefix(80))") }
            let id = SubsonicShapes.artistID(key: artist.key)
            return (id, artist.name, try reader.annotations(of: user.id, kind: .artist, ids: [id])[id])
        }
    }

    /// The artists `user` starred, the latest first: each one's id, name and number of albums.
    package func starredArtists(of user: StoredUser) async throws -> [(id: String, name: String, albums: Int)]
    {
        try await library.listening { reader in
            let byID = try Self.artistsByID(reader)
            return try reader.starred(by: user.id, kind: .artist).compactMap { id in
                byID[id].map { (id, $0.name, $0.albumCount) }
            }
        }
    }

    /// Runs `body`, its protocol errors turned into the library's (not found, or a bad value), for a
    /// face that is not the protocol's (the web page).
    static func asLibraryError<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SubsonicError {
            // Not there, or not theirs to change: not found; anything else, a bad value.
            let missing = [SubsonicError.notFound("").code, SubsonicError.notAuthorized("").code]
            throw LibraryError(missing.contains(error.code) ? .notFound : .malformedInput, error.message)
        }
    }

    /// What `id` names for a star or a rating: a song, an album, an artist or a music folder's folder.
    private func annotated(_ id: String, _ reader: Reader) throws -> (ItemKind, String) {
        if id.hasPrefix(MusicFolderTree.folderPrefix) {
            guard try folderTree(reader).folder(id: id) != nil else {
                throw SubsonicError.notFound("no folder has id \(id.prefix(80))")
            }
            return (.folder, id)
        }
        let item = try Self.item(id, reader)
        return (item.kind, item.id)
    }

    /// `setRating?id=&rating=`: 1 to 5, or 0 to take the rating away.
    private func rate(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        guard let rating = try call.parameters.optionalInteger("rating") else {
            throw SubsonicError.missing("rating")
        }
        try await setRating(rating, of: id, user: call.user.id)
        return .ok
    }
}
