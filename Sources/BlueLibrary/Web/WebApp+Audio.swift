import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

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
}
