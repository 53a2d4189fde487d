import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryTranscoding

/// Media: `stream` (the file as it is, with ranges; or transcoded when `format` asks for another format or
/// `maxBitRate` for fewer bits, from `timeOffset` seconds — the `transcodeOffset` extension), `download`
/// (the file as it is, always), `getCoverArt` (the album's cover or its generated artwork; `size` scales
/// it) and `getAvatar` (artwork generated from the user's name, as for an album without a cover).
extension SubsonicAPI {
    static let mediaEndpoints: [String: Endpoint] = [
        "stream": { api, call in try await api.file(call, download: false) },
        "download": { api, call in try await api.file(call, download: true) },
        "getCoverArt": { api, call in try await api.coverArt(call) },
        "getAvatar": { api, call in try await api.avatar(call) },
    ]

    /// The track's file as `/api/tracks/{id}/audio` sends it: the whole file or the range asked for; or,
    /// for `stream` with a `format` or `maxBitRate` the file does not meet, a transcode.
    /// Streaming is not a play: only `scrobble` counts one.
    private func file(_ call: Call, download: Bool) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let track = try await library.listening { reader -> CatalogTrack in
            guard let track = try Self.track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            return track
        }
        if !download {
            let asked = try await withDefaults(
                try Self.streamRequest(call.parameters, offset: "timeOffset"), call)
            let plan = asked.plan(path: track.stored.track.path, sourceKilobits: Self.kilobits(of: track))
            if case .transcode(let format, let kilobits, let offset) = plan {
                return try await transcode(
                    track, format: format, kilobits: kilobits, offsetMilliseconds: offset, call,
                    estimateLength: call.parameters.flag("estimateContentLength", default: false))
            }
        }
        var response = await AudioFile.response(of: track.stored.track, call.request) { error in
            if error.code != .notFound { StandardError.line("serve: /rest: \(error.message)") }
            return WebResponse(status: error.code == .notFound ? 404 : 500)
        }
        switch response.status {
        case 404: throw SubsonicError.notFound("the file of song \(track.stored.track.id) is gone")
        case 500...: throw SubsonicError.generic("the file of song \(track.stored.track.id) cannot be read")
        default: break
        }
        if download {
            let name = String(track.stored.track.path.split(separator: "/").last ?? "track")
            // The name as an RFC 5987 UTF-8 value, and a plain ASCII one for older clients.
            let ascii = String(
                name.unicodeScalars.map {
                    $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_"
                })
            let encoded = PercentEncoding.encoded(name, keeping: PercentEncoding.isUnreserved)
            response.headers["Content-Disposition"] =
                "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
        }
        // Too many tracks being sent to send this one: a Subsonic error, in the format asked for.
        let busy = Self.render(
            .failure(.generic("too many tracks are being sent; try again in a few seconds")),
            Format(call.parameters))
        response.busyAnswer = (busy.headers["Content-Type"] ?? "text/xml; charset=utf-8", busy.bytes)
        return .response(response)
    }

    /// What a `stream` call asks for: `format`, `maxBitRate` and the offset in seconds in the parameter
    /// `offset` names.
    static func streamRequest(_ parameters: SubsonicParameters, offset: String) throws -> StreamRequest {
        do {
            return try StreamRequest(
                format: parameters["format"], maximumKilobits: parameters["maxBitRate"],
                offset: parameters[offset],
                offsetName: offset)
        } catch {
            throw SubsonicError.generic(error.message)
        }
    }

    /// What a call asks for, with the defaults its player (`c=`) has for what it leaves out and the
    /// lowest of the limits its own, its user's and its player's: a user's limit is the administrator's,
    /// so it holds even against `format=raw`.
    func withDefaults(_ asked: StreamRequest, _ call: Call) async throws -> StreamRequest {
        var request = asked
        let player = try await call.parameters["c"].asyncFlatMap { try await accounts.player(named: $0) }
        if request.format == nil && !request.asItIs, let player, !player.format.isEmpty {
            if player.format == "raw" {
                request.asItIs = true
            } else {
                request.format = TranscodeFormat(named: player.format)
            }
        }
        let limits = [request.maximumKilobits ?? 0, call.user.maxBitRate, player?.maxBitRate ?? 0].filter {
            $0 > 0
        }
        request.maximumKilobits = limits.min()
        if call.user.maxBitRate > 0 { request.asItIs = false }
        return request
    }

    /// A song's bit rate in kbit/s, from its file's size and length.
    static func kilobits(of track: CatalogTrack) -> Int {
        guard track.stored.track.duration > 0 else { return 0 }
        return Int((Double(track.stored.size) * 8 / track.stored.track.duration / 1000).rounded())
    }

    /// `track` transcoded: the stream, or the kept transcode; a Subsonic error when it cannot be made, and
    /// a 503 with `Retry-After` (and the error in the format asked for) when every encoder stays busy.
    func transcode(
        _ track: CatalogTrack, format: TranscodeFormat, kilobits: Int, offsetMilliseconds: Int, _ call: Call,
        estimateLength: Bool
    ) async throws -> Outcome {
        let answer = await transcoder.answer(
            path: track.stored.track.path, duration: track.stored.track.duration, format: format,
            kilobits: kilobits, offsetMilliseconds: offsetMilliseconds, request: call.request,
            estimateLength: estimateLength)
        switch answer {
        case .response(let response): return .response(response)
        case .missing: throw SubsonicError.notFound("the file of song \(track.stored.track.id) is gone")
        case .failed(let reason):
            throw SubsonicError.generic(
                "song \(track.stored.track.id) cannot be sent as \(format.rawValue): \(reason)")
        case .busy:
            var busy = Self.render(
                .failure(.generic("every encoder is busy; try again in a few seconds")),
                Format(call.parameters))
            busy.status = 503
            busy.headers["Retry-After"] = "5"
            return .response(busy)
        }
    }

    /// `getCoverArt?id=&size=`: the cover of the album an album, song or artist id names.
    private func coverArt(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let size = try call.parameters.optionalInteger("size").map { min(max($0, 16), 2048) }
        let album = try await library.listening { reader -> Album in
            switch try Self.item(id, reader) {
            case .album(let album): return album.album
            case .song(let track): return track.album
            case .artist(let artist):
                guard let album = try Self.album(id: artist.coverAlbum.rawValue, reader) else {
                    throw SubsonicError.notFound("artist \(id.prefix(80)) has no albums")
                }
                return album.album
            }
        }
        let picture: ScaledCovers.Picture
        if let file = await covers?.file(for: album).bytes, ImageCodec.format(of: file) != nil {
            picture = await scaledCovers.scaled(file, to: size)
        } else {
            picture = await scaledCovers.generated(for: album, size: size ?? 600)
        }
        let bytes = picture.bytes
        let type = ImageCodec.format(of: bytes) == .jpeg ? "image/jpeg" : "image/png"
        let tag = "\"" + picture.tag + "\""
        let headers = ["Content-Type": type, "Cache-Control": "no-cache", "ETag": tag]
        if call.request.headers["if-none-match"] == tag {
            return .response(WebResponse(status: 304, headers: headers))
        }
        return .response(WebResponse(status: 200, headers: headers, body: .bytes(bytes)))
    }

    /// `getAvatar?username=`: a picture made from the user's name (their initials on a gradient of
    /// their own), 150 pixels square; the same name always gets the same one.
    private func avatar(_ call: Call) async throws -> Outcome {
        let name = try call.parameters.required("username")
        guard let user = try await library.listening({ try $0.user(named: name) }) else {
            throw SubsonicError.notFound("no user named \(name.prefix(64))")
        }
        let tag = "\"avatar-\(GeneratedArtwork.version)-\(Hex.string(StableHash.bytes128(user.name)))\""
        let headers = ["Content-Type": "image/png", "Cache-Control": "no-cache", "ETag": tag]
        if call.request.headers["if-none-match"] == tag {
            return .response(WebResponse(status: 304, headers: headers))
        }
        let bytes = try await BlockingPool.shared.run {
            try ImageCodec.encodePNG(GeneratedArtwork(artist: user.name, title: user.name).image(size: 150))
        }
        return .response(WebResponse(status: 200, headers: headers, body: .bytes(bytes)))
    }
}

extension Optional {
    /// The value `transform` makes of the wrapped one, awaited; `nil` for `nil`.
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
