import BlueLibraryCore
import BlueLibraryServices

/// Covers that name a local file (`file:///…` or an absolute path) are the command line's and the
/// scanner's: through the web API a client could otherwise point an album at any file the server can
/// read (`/etc/shadow`) and fetch it back as the cover, or learn from the failure whether it exists.
/// So the API refuses to set one — an album keeps the local cover a scan gave it — and a cover that
/// cannot be had is reported to clients only as "unavailable".
extension WebApp {
    /// What `X-Cover-Failure` says whenever the real cover could not be had.
    static let coverFailure = "unavailable"

    /// Refuses a patch that sets a local cover, unless it is the one the album has already.
    /// - Parameter current: the album's cover now (`nil` for a new album or a change to many).
    func refuseLocalCover(_ patch: AlbumPatch, current: String? = nil) throws {
        guard let url = patch.coverURL, url != current else { return }
        try refuseLocalCover(url)
    }

    /// Refuses a local cover.
    func refuseLocalCover(_ url: String) throws {
        guard CoverService.isLocalFile(url) else { return }
        throw LibraryError(
            .invalidField,
            "invalid cover_url '\(String(url.prefix(100)).escapingControlCharacters)': a local file cannot be set "
                + "through the web (use an http or https URL)")
    }

    /// An album as the web API answers it (``AlbumCoding/json(_:index:)``, with its tracks when given,
    /// each named by the URL that plays it), except that a local cover — a file of the music folder, or a
    /// track whose embedded picture it is — is named by the route that serves it (`/covers/ID`), never by
    /// where it lies on the server's disk.
    static func albumJSON(_ album: Album, index: Int? = nil, tracks: [Track]? = nil) -> JSONValue {
        let json =
            tracks.map {
                AlbumCoding.json(album, index: index, tracks: $0, file: .audio(url: audioPath(of:)))
            }
            ?? AlbumCoding.json(album, index: index)
        guard CoverService.isLocalFile(album.coverURL), case .object(let members) = json else { return json }
        return .object(
            members.map { member in
                member.key == "cover_url" ? (member.key, .string("/covers/\(album.id.rawValue)")) : member
            })
    }
}
