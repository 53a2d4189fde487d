import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// `GET /api/tracks/{id}/lyrics`: a track's lyrics, each source it has (a file beside it, its tags),
/// `{"lyrics": [{"origin", "synced", "language", "lines": [{"start": ms or null, "text"}]}]}`.
///
/// `GET /api/tracks/{id}/audio`: a track's file, for the page's `<audio>` element. The file is found
/// only by the track's id in the library — nothing in the request names a path — and is sent from
/// its descriptor, never read into memory; one range of it when asked (players seek that way).
extension WebApp {
    /// Where the page plays `track` from.
    static func audioPath(of track: Track) -> String { "/api/tracks/\(track.id)/audio" }

    /// The track's file: 200 with all of it, 206 with the one range asked for, 416 when that range is
    /// past the end; 404 for an unknown id or a file that is gone. HEAD answers the same headers.
    func audio(_ id: String, _ request: WebRequest) async -> WebResponse {
        do {
            return await AudioFile.response(of: try await library.track(id: id), request, failure: failure)
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
