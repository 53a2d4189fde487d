import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryTranscoding

/// The OpenSubsonic `transcoding` extension: `getTranscodeDecision` (POST, the client's capabilities as
/// JSON → direct play, or a transcode this server makes, with both streams' details) and
/// `getTranscodeStream` (the stream a decision's `transcodeParams` names). The params are signed with a
/// key of the server's own, so a client cannot forge or alter them (a changed one is refused with 400).
extension SubsonicAPI {
    static let transcodingEndpoints: [String: Endpoint] = [
        "getTranscodeDecision": { api, call in try await api.transcodeDecision(call) },
        "getTranscodeStream": { api, call in try await api.transcodeStream(call) },
    ]

    /// A song's container and codec as the extension names them, by its file's suffix.
    static func sourceStream(of path: String) -> (container: String, codec: String, lossless: Bool) {
        let name = path.split(separator: "/").last ?? ""
        let suffix = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        switch suffix {
        case "mp3": return ("mp3", "mp3", false)
        case "flac": return ("flac", "flac", true)
        case "ogg", "oga": return ("ogg", "vorbis", false)
        case "opus": return ("ogg", "opus", false)
        case "m4a", "mp4": return ("mp4", "aac", false)
        case "aac": return ("aac", "aac", false)
        case "wav": return ("wav", "pcm_s16le", true)
        default: return (suffix, suffix, false)
        }
    }

    /// The format a transcoding profile's container and codec name, when this server makes it.
    static func format(container: String, codec: String) -> TranscodeFormat? {
        switch (container.lowercased(), codec.lowercased()) {
        case ("mp3", "mp3"): .mp3
        case ("ogg", "opus"), ("opus", "opus"): .opus
        case ("aac", "aac"), ("adts", "aac"): .aac
        case ("mp4", "aac"), ("m4a", "aac"): .m4a
        case ("ogg", "vorbis"): .ogg
        case ("flac", "flac"): .flac
        default: nil
        }
    }

    /// `POST getTranscodeDecision?mediaId=&mediaType=song` with a ClientInfo body.
    private func transcodeDecision(_ call: Call) async throws -> Outcome {
        guard call.request.method == "POST" else {
            throw SubsonicError.generic(
                "getTranscodeDecision is a POST with the client's capabilities as JSON")
        }
        let id = try call.parameters.required("mediaId")
        let type = try call.parameters.required("mediaType")
        guard type == "song" else { throw SubsonicError.generic("mediaType \(type.prefix(20)) is not song") }
        let client: JSONValue
        do {
            client = try JSONParser.parse(call.request.body, maximumDepth: 8)
        } catch {
            throw SubsonicError.generic("the body is not the client's capabilities as JSON: \(error)")
        }
        guard case .object = client, client["name"]?.textValue != nil, client["platform"]?.textValue != nil
        else {
            throw SubsonicError.generic("the client's capabilities need a name and a platform")
        }
        let track = try await library.listening { reader -> CatalogTrack in
            guard let track = try Self.track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            return track
        }
        let source = Self.sourceStream(of: track.stored.track.path)
        let bits = Self.kilobits(of: track) * 1000
        var decision = SubsonicElement()
        // The client's own limit, and the one its user has (the administrator's).
        let limit = [
            client["maxAudioBitrate"]?.integerValue ?? 0, call.user.maxBitRate * 1000,
        ].filter { $0 > 0 }.min()
        // Direct play: the first profile the file meets, each other one saying why not.
        var reasons: [SubsonicElement.Scalar] = []
        var direct = false
        for profile in client["directPlayProfiles"]?.arrayValue ?? [] {
            let containers = (profile["containers"]?.arrayValue ?? []).compactMap {
                $0.textValue?.lowercased()
            }
            let codecs = (profile["audioCodecs"]?.arrayValue ?? []).compactMap { $0.textValue?.lowercased() }
            let protocols = (profile["protocols"]?.arrayValue ?? []).compactMap { $0.textValue?.lowercased() }
            let aliases = source.container == "mp4" ? ["mp4", "m4a"] : [source.container]
            if !containers.isEmpty && !containers.contains(where: aliases.contains) {
                reasons.append(.string("ContainerNotSupported"))
            } else if !codecs.isEmpty && !codecs.contains(source.codec) {
                reasons.append(.string("AudioCodecNotSupported"))
            } else if !protocols.isEmpty && !protocols.contains("http") {
                reasons.append(.string("ProtocolNotSupported"))
            } else if let limit, bits > limit {
                reasons.append(.string("AudioBitrateNotSupported"))
            } else if let most = Self.bitRateLimit(client, codec: source.codec), bits > most {
                reasons.append(.string("AudioBitrateNotSupported"))
            } else {
                direct = true
                break
            }
        }
        var sourceStream = SubsonicElement()
        sourceStream.set(.protocol, "http")
        sourceStream.set(.container, source.container)
        sourceStream.set(.codec, source.codec)
        if bits > 0 { sourceStream.set(.audioBitrate, bits) }
        decision.set(.canDirectPlay, direct)
        if direct {
            decision.set(.canTranscode, false)
            decision.set(.transcodeParams, signedParams(track: track.stored.track.id, plan: "raw"))
            decision.add(.sourceStream, sourceStream)
            return .element(.transcodeDecision, decision)
        }
        // A transcode: the first profile this server makes (never lossy made into lossless).
        let transcodeLimit = [
            limit, client["maxTranscodingAudioBitrate"]?.integerValue.flatMap { $0 > 0 ? $0 : nil },
        ]
        .compactMap { $0 }.min()
        var chosen: (TranscodeFormat, Int, String)?
        for profile in client["transcodingProfiles"]?.arrayValue ?? [] {
            let container = profile["container"]?.textValue ?? ""
            let codec = profile["audioCodec"]?.textValue ?? ""
            let protocolName = profile["protocol"]?.textValue?.lowercased() ?? "http"
            guard protocolName == "http", let format = Self.format(container: container, codec: codec),
                !(format.isLossless && !source.lossless), transcoder.unavailability(of: format) == nil
            else { continue }
            let most = [transcodeLimit, Self.bitRateLimit(client, codec: format.codec)].compactMap { $0 }
                .min()
            let kilobits =
                format.isLossless
                ? 0
                : min(
                    max((most ?? format.defaultKilobits * 1000) / 1000, format.kilobits.lowerBound),
                    min(format.defaultKilobits, format.kilobits.upperBound))
            chosen = (format, kilobits, container.lowercased())
            break
        }
        if reasons.isEmpty {
            reasons.append(
                .string(limit.map { bits > $0 } == true ? "AudioBitrateNotSupported" : "NoDirectPlayProfile"))
        }
        decision.add(.transcodeReason, values: reasons)
        guard let (format, kilobits, container) = chosen else {
            decision.set(.canTranscode, false)
            decision.set(.errorReason, "no transcoding profile names a format this server makes")
            decision.add(.sourceStream, sourceStream)
            return .element(.transcodeDecision, decision)
        }
        decision.set(.canTranscode, true)
        decision.set(
            .transcodeParams,
            signedParams(track: track.stored.track.id, plan: "\(format.rawValue).\(kilobits)"))
        decision.add(.sourceStream, sourceStream)
        var target = SubsonicElement()
        target.set(.protocol, "http")
        target.set(.container, container)
        target.set(.codec, format.codec)
        if kilobits > 0 { target.set(.audioBitrate, kilobits * 1000) }
        decision.add(.transcodeStream, target)
        return .element(.transcodeDecision, decision)
    }

    /// The lowest `audioBitrate` limit (bits/s) of the client's profile for `codec`.
    private static func bitRateLimit(_ client: JSONValue, codec: String) -> Int? {
        let profiles = (client["codecProfiles"]?.arrayValue ?? []).filter {
            $0["name"]?.textValue?.lowercased() == codec
        }
        let limits = profiles.flatMap { $0["limitations"]?.arrayValue ?? [] }.compactMap {
            limitation -> Int? in
            guard limitation["name"]?.textValue == "audioBitrate",
                ["LessThanEqual", "Equals"].contains(limitation["comparison"]?.textValue ?? "")
            else { return nil }
            return (limitation["values"]?.arrayValue?.first?.textValue).flatMap { Int($0) }
        }
        return limits.min()
    }

    /// `t1.TRACK.PLAN.SIGNATURE`: what `getTranscodeStream` is given back.
    func signedParams(track: String, plan: String) -> String {
        let payload = "t1.\(track).\(plan)"
        let code = (try? SHA256.authenticationCode(Array(payload.utf8), key: transcodeKey)) ?? []
        return payload + "." + Hex.string(Array(code.prefix(16)))
    }

    /// `getTranscodeStream?mediaId=&mediaType=song&transcodeParams=&offset=`: the stream a decision
    /// named. Failures are HTTP statuses with a JSON error, as the extension asks: 400 for params that
    /// are not this server's (forged, altered, another song's), 404 for a song that is not there.
    private func transcodeStream(_ call: Call) async throws -> Outcome {
        func refused(_ status: Int, _ code: String, _ message: String) -> Outcome {
            .response(WebResponse.error(status, code: code, message: message))
        }
        guard let id = call.parameters["mediaId"], let params = call.parameters["transcodeParams"] else {
            return refused(400, "missing_parameter", "getTranscodeStream needs mediaId and transcodeParams")
        }
        var parts = params.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, let signature = parts.popLast(),
            signedParams(track: parts[1], plan: parts[2...].joined(separator: ".")) == params,
            !signature.isEmpty
        else {
            return refused(400, "invalid_transcode_params", "transcodeParams were not made by this server")
        }
        guard TrackID(id)?.rawValue == parts[1] else {
            return refused(400, "invalid_transcode_params", "transcodeParams name another song than mediaId")
        }
        let offset = call.parameters["offset"].flatMap { Int($0) } ?? 0
        guard offset >= 0 else { return refused(400, "invalid_offset", "offset must be 0 or more seconds") }
        let found = try await library.listening { try Self.track(id: id, $0) }
        guard let track = found else { return refused(404, "not_found", "no song has id \(id.prefix(80))") }
        guard parts[2] != "raw", let format = TranscodeFormat(named: parts[2]), parts.count == 4,
            let kilobits = Int(parts[3])
        else {
            let response = await AudioFile.response(of: track.stored.track, call.request) { error in
                WebResponse.error(error.code == .notFound ? 404 : 500, code: "file", message: error.message)
            }
            return .response(response)
        }
        let answer = await transcoder.answer(
            path: track.stored.track.path, duration: track.stored.track.duration, format: format,
            kilobits: kilobits, offsetMilliseconds: offset * 1000, request: call.request,
            estimateLength: false)
        switch answer {
        case .response(let response): return .response(response)
        case .missing: return refused(404, "not_found", "the file of song \(id.prefix(80)) is gone")
        case .failed(let reason): return refused(500, "transcode_failed", reason)
        case .busy:
            var busy = WebResponse.error(
                503, code: "busy", message: "every encoder is busy; try again in a few seconds")
            busy.headers["Retry-After"] = "5"
            return .response(busy)
        }
    }
}

extension JSONValue {
    /// A string's text.
    fileprivate var textValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An array's elements.
    fileprivate var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// A whole number.
    fileprivate var integerValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}
