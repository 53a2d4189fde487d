import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryTranscoding
import SystemFiles

/// `GET /api/tracks/{id}/lyrics`: a track's lyrics, each source it has (a file beside it, its tags),
/// `{"lyrics": [{"origin", "synced", "language", "lines": [{"start": ms or null, "text"}]}]}`.
///
/// `GET /api/tracks/{id}/audio`: a track's file, for the page's `<audio>` element. The file is found
/// only by the track's id in the library — nothing in the request names a path — and is sent from
/// its descriptor, never read into memory; one range of it when asked (players seek that way). With
/// `format` (`opus`, `mp3`, … or `raw`) and `maxBitRate` (kbit/s), as the page's quality setting asks,
/// a file that is not already that is transcoded (``Transcoder``), from `timeOffset` seconds: the page
/// seeks in a transcode by asking again from there.
extension WebApp {
    /// Where the page plays `track` from.
    static func audioPath(of track: Track) -> String { "/api/tracks/\(track.id)/audio" }

    /// The track's file: 200 with all of it, 206 with the one range asked for, 416 when that range is
    /// past the end; 404 for an unknown id or a file that is gone. HEAD answers the same headers.
    func audio(_ id: String, _ request: WebRequest) async -> WebResponse {
        do {
            let track = try await library.track(id: id)
            let asked: StreamRequest
            do {
                asked = try StreamRequest(
                    format: request.query["format"], maximumKilobits: request.query["maxBitRate"],
                    offset: request.query["timeOffset"], offsetName: "timeOffset")
            } catch {
                return .error(400, code: "invalid_field", message: error.message)
            }
            if let transcoder, asked != StreamRequest() {
                let path = track.path
                let size = await BlockingPool.files.run { LocalFile.status(path)?.size } ?? 0
                let kilobits = track.duration > 0 ? Int(Double(size) * 8 / track.duration / 1000) : 0
                if case .transcode(let format, let rate, let offset) = asked.plan(
                    path: path, sourceKilobits: kilobits)
                {
                    switch await transcoder.answer(
                        path: path, duration: track.duration, format: format, kilobits: rate,
                        offsetMilliseconds: offset, request: request, estimateLength: false)
                    {
                    case .response(let response): return response
                    case .missing:
                        return failure(LibraryError(.notFound, "the file of track \(track.id) is gone"))
                    case .failed(let reason):
                        return .error(500, code: "transcode_failed", message: "track \(track.id): \(reason)")
                    case .busy:
                        var busy = WebResponse.error(
                            503, code: "busy", message: "every encoder is busy; try again in a few seconds")
                        busy.headers["Retry-After"] = "5"
                        return busy
                    }
                }
            }
            return await AudioFile.response(of: track, request, failure: failure)
        } catch let error as LibraryError {
            return failure(error)
        } catch {
            return .internalError
        }
    }

    /// The track's lyrics as JSON; 404 for an unknown id.
    func trackLyrics(_ id: String) async -> WebResponse {
        do {
            let track = try await library.track(id: id)
            let found = try await lyrics?.lyrics(of: track.path) ?? []
            let list: [JSONValue] = found.map { lyrics in
                .object([
                    ("origin", .string(lyrics.origin)), ("synced", .bool(lyrics.isSynced)),
                    ("language", .string(lyrics.language)),
                    (
                        "lines",
                        .array(
                            lyrics.lines.map { line in
                                .object([
                                    ("start", line.start.map { .number(String($0)) } ?? .null),
                                    ("text", .string(line.text)),
                                ])
                            })
                    ),
                ])
            }
            return .json(.object([("lyrics", .array(list))]))
        } catch let error as LibraryError {
            return failure(error)
        } catch {
            return .internalError
        }
    }
}
