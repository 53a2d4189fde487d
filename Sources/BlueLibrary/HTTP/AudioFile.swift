import BlueLibraryConcurrency
import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#endif

/// A track's file as an answer: the whole file or the one range asked for, sent from its descriptor and
/// never read into memory — what the page's audio route and the Subsonic API's `stream` both send.
package enum AudioFile {
    /// The file of `track`, as the page's `/api/tracks/{id}/audio` and the Subsonic API's `stream` answer
    /// it: 200 with all of it, 206 with the one range asked for, 416 when that range is past the end;
    /// `failure` makes the answer for a file that cannot be sent.
    package static func response(
        of track: Track, _ request: WebRequest, failure: (LibraryError) -> WebResponse
    ) async -> WebResponse {
        do {
            let file: WebFile
            do {
                file = try await BlockingPool.files.run { try WebFile.open(track.path) }
            } catch let failure as WebFile.OpenFailure {
                throw Self.problem(failure, track: track)
            }
            return response(of: file, contentType: Self.contentType(of: track.path), request)
        } catch let error as LibraryError {
            return failure(error)
        } catch {
            return .internalError
        }
    }

    /// An open file as an answer to `request`: 200 with all of it, 206 with the one range asked for (if the
    /// file is still the one the client has part of), 416 when that range is past the end.
    package static func response(of file: WebFile, contentType: String, _ request: WebRequest) -> WebResponse
    {
        var headers = ["Content-Type": contentType, "Accept-Ranges": "bytes", "ETag": file.tag]
        // If-Range: a range of the file the client already has part of, else (it changed) all of it.
        let stillTheSame = request.headers["if-range"].map { $0 == file.tag } ?? true
        let range = stillTheSame ? request.headers["range"] : nil
        switch ByteRange(header: range, size: file.size) {
        case .whole:
            return WebResponse(status: 200, headers: headers, body: .file(file, offset: 0, length: file.size))
        case .part(let offset, let length):
            headers["Content-Range"] = "bytes \(offset)-\(offset + length - 1)/\(file.size)"
            return WebResponse(
                status: 206, headers: headers, body: .file(file, offset: offset, length: length))
        case .unsatisfiable:
            var refused = WebResponse.error(
                416, code: "range_not_satisfiable",
                message: "Range: \(range?.prefix(60) ?? "") asks for none of the file's \(file.size) bytes")
            refused.headers["Content-Range"] = "bytes */\(file.size)"
            refused.headers["Accept-Ranges"] = "bytes"
            return refused
        }
    }

    /// A file that cannot be served, as the client sees it (never its path) and the log sees it.
    private static func problem(_ failure: WebFile.OpenFailure, track: Track) -> LibraryError {
        switch failure {
        case .missing:
            return LibraryError(.notFound, "the file of track \(track.id) is gone")
        case .notAFile:
            return LibraryError(.notFound, "the file of track \(track.id) is no longer a regular file")
        case .unreadable(let code):
            // A 5xx: the client gets a generic message, the server's log this one.
            return LibraryError(
                .io,
                "cannot open the file of track \(track.id), \(track.path): \(String(cString: strerror(code)))"
            )
        }
    }

    /// The audio content type by the file's extension (any case).
    package static func contentType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let suffix = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch suffix {
        case "mp3": return "audio/mpeg"
        case "flac": return "audio/flac"
        case "ogg", "oga", "opus": return "audio/ogg"
        case "m4a", "mp4": return "audio/mp4"
        case "aac": return "audio/aac"
        case "wav": return "audio/wav"
        default: return "application/octet-stream"
        }
    }
}
