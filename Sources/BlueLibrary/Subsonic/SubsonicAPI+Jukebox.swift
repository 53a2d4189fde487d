import BlueLibraryCore

/// `jukeboxControl?action=…`: the server's own player (``Jukebox``), for the administrator, when `serve`
/// was started with `--jukebox-device NAME` (off by default; without it every action is error 0 that
/// says so). `get` answers `jukeboxPlaylist` (with the tracks), every other action `jukeboxStatus`.
extension SubsonicAPI {
    static let jukeboxEndpoints: [String: Endpoint] = [
        "jukeboxControl": { api, call in try await api.jukeboxControl(call) }
    ]

    private func jukeboxControl(_ call: Call) async throws -> Outcome {
        guard let jukebox else {
            throw SubsonicError.generic(
                "this server has no jukebox; 'bluelibrary serve --jukebox-device NAME' has one")
        }
        guard call.user.isAdmin else {
            throw SubsonicError.notAuthorized("only the administrator may use the jukebox")
        }
        let parameters = call.parameters
        let action = try parameters.required("action")
        switch action {
        case "get":
            let (tracks, status) = await jukebox.snapshot()
            let songs = try await library.listening { reader in
                let found = try reader.catalogTracks(
                    TrackSelection(ids: tracks.map(\.id)), offset: 0, limit: .max)
                return Dictionary(
                    zip(found.map(\.stored.track.id), try Self.songs(found, reader, user: call.user.id))
                ) { first, _ in first }
            }
            // In the playlist's order, a song there twice listed twice; a song the library no longer has
            // is left out, and the current index counts only what is listed.
            var entries: [SubsonicElement] = []
            var current = status
            for (place, track) in tracks.enumerated() {
                guard let song = songs[track.id] else {
                    if place < status.currentIndex { current.currentIndex -= 1 }
                    continue
                }
                entries.append(song)
            }
            if current.currentIndex >= entries.count {
                current.currentIndex = entries.isEmpty ? -1 : entries.count - 1
            }
            var element = Self.jukeboxStatus(current)
            element.add(.entry, list: entries)
            return .element(.jukeboxPlaylist, element)
        case "status": break
        case "set": await jukebox.set(try await jukeboxTracks(parameters.all("id")))
        case "add": await jukebox.add(try await jukeboxTracks(parameters.all("id")))
        case "start": await jukebox.start()
        case "stop": await jukebox.stop()
        case "clear": await jukebox.clear()
        case "shuffle": await jukebox.shuffle()
        case "skip":
            guard let index = try parameters.optionalInteger("index") else {
                throw SubsonicError.missing("index")
            }
            let offset = try parameters.integer("offset", default: 0, in: 0...86_400)
            guard await jukebox.skip(to: index, offset: Double(offset)) else {
                throw SubsonicError.generic("index=\(index) is not a place in the jukebox's playlist")
            }
        case "remove":
            guard let index = try parameters.optionalInteger("index") else {
                throw SubsonicError.missing("index")
            }
            guard await jukebox.remove(at: index) else {
                throw SubsonicError.generic("index=\(index) is not a place in the jukebox's playlist")
            }
        case "setGain":
            let text = try parameters.required("gain")
            guard let gain = Double(text.trimmed), gain.isFinite, (0...1).contains(gain) else {
                throw SubsonicError.generic("gain=\(text.prefix(20)) is not a number from 0 to 1")
            }
            await jukebox.setGain(gain)
        default:
            throw SubsonicError.generic(
                "action=\(action.prefix(20)) is not get, status, set, start, stop, skip, add, clear, remove, shuffle or setGain"
            )
        }
        return .element(.jukeboxStatus, Self.jukeboxStatus(await jukebox.status()))
    }

    /// The songs `ids` name, in order, for the jukebox.
    /// - Throws: 70 naming the first id that is no song of the library.
    private func jukeboxTracks(_ ids: [String]) async throws -> [Jukebox.Track] {
        guard ids.count <= Jukebox.maximumLength else {
            throw SubsonicError.generic("the jukebox's playlist holds at most \(Jukebox.maximumLength) songs")
        }
        return try await library.listening { reader in
            try ids.map { id in
                guard let track = try Self.track(id: id, reader) else {
                    throw SubsonicError.notFound("no song has id \(id.prefix(80))")
                }
                let stored = track.stored.track
                return Jukebox.Track(id: stored.id, path: stored.path, duration: stored.duration)
            }
        }
    }

    private static func jukeboxStatus(_ status: Jukebox.Status) -> SubsonicElement {
        var element = SubsonicElement()
        element.set(.currentIndex, status.currentIndex)
        element.set(.playing, status.playing)
        element.set(.gain, status.gain)
        element.set(.position, status.position)
        return element
    }
}
